package dev.kernelkit.cli.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.MklProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --kernel --c --theta --p}, the CV grids, {@code --inner-folds} and {@code --tune-max} of the mkl commands (a
 * picocli mixin): the hyper-parameters given and what the CV on a training part searches for the rest.
 */
final class MklParameters implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--kernel", paramLabel = "SPEC",
            description = {"A base kernel of your own, e.g. --kernel gaussian:gamma=0.5 --kernel polynomial:degree=2,"
                    + "gamma=1,offset=1 (repeat the option, one kernel each; syntax as svm's --kernel). Each is "
                    + "normalised to unit trace on the standardised training part, like the default list.",
                    "Default: the paper's list, Gaussian sigma 2^-3..2^6 and polynomial degree 1..3 on all "
                            + "variables and on each single one, 13 (d + 1) kernels."})
    List<String> kernelSpecs = new ArrayList<>();

    /** The protocol list, or the parsed --kernel specifications. */
    MklProtocol.KernelChoice kernels() {
        if (kernelSpecs.isEmpty()) {
            return MklProtocol.KernelChoice.protocol();
        }
        List<Kernel<Vec>> list = new ArrayList<>();
        for (String spec : kernelSpecs) {
            try {
                list.add(Kernels.parse(spec));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--kernel '" + spec + "': " + e.getMessage(), e);
            }
        }
        return MklProtocol.KernelChoice.of(list);
    }

    @Option(names = "--c", paramLabel = "C", description = "SVM cost C (default: 5-fold CV on the training part over --c-grid).")
    Double c;

    @Option(names = "--theta", paramLabel = "T", description = "SM1: cap theta >= 1/M; SM2: penalty theta > 0 (default: CV).")
    Double theta;

    @Option(names = "--p", paramLabel = "P", description = "Lp-MKL norm p >= 1 or inf (default: CV over --p-grid).")
    String p;

    @Option(names = "--c-grid", paramLabel = "LIST", defaultValue = "0.01,0.1,1,10,100",
            description = "C values searched (default: the paper's ${DEFAULT-VALUE}).")
    String cGrid;

    @Option(names = "--nu-grid", paramLabel = "LIST", defaultValue = "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1",
            description = "SM1 ratios nu, theta = 1/(nu M), 0 meaning nu = 1/M (default: the paper's ${DEFAULT-VALUE}).")
    String nuGrid;

    @Option(names = "--sm2-theta-grid", paramLabel = "LIST", defaultValue = "1e-5,1e-4,1e-3,1e-2,1e-1,1,10,100,1e3,1e4,1e5",
            description = "SM2 theta values (default: the paper's ${DEFAULT-VALUE}).")
    String sm2Grid;

    @Option(names = "--p-grid", paramLabel = "LIST", defaultValue = "1,32/31,16/15,8/7,4/3,2,3,inf",
            description = "Lp p values (default: the paper's ${DEFAULT-VALUE}).")
    String pGrid;

    @Option(names = "--inner-folds", paramLabel = "K", defaultValue = "5",
            description = "Folds of the CV on the training part (default: ${DEFAULT-VALUE}).")
    int innerFolds = 5;

    @Option(names = "--tune-max", paramLabel = "N", defaultValue = "0",
            description = {"Tune on a stratified random subset of at most N points of the training part (seeded by the CV seed) "
                    + "to bound the cost of the CV on large sets; the final fit still uses the whole training part "
                    + "(default: ${DEFAULT-VALUE} = the whole training part)."})
    int tuneMax = 0;

    MklProtocol.Grid grid() {
        return new MklProtocol.Grid(parseList("--c-grid", cGrid), parseList("--nu-grid", nuGrid),
                parseList("--sm2-theta-grid", sm2Grid), parseList("--p-grid", pGrid));
    }

    Double pValue() {
        return p == null ? null : parseList("--p", p).get(0);
    }

    /** The base options of a method with the given values filled in (others at placeholders to tune). */
    MklOptions base(MklMethod m) {
        double cc = c == null ? 1.0 : c;
        return switch (m) {
            case SM1 -> MklOptions.sm1(cc, theta == null ? 1.0 : theta);
            case SM2 -> MklOptions.sm2(cc, theta == null ? 1.0 : theta);
            case LP -> MklOptions.lp(cc, pValue() == null ? 2.0 : pValue());
            case SIMPLE -> MklOptions.simple(cc);
            case AVERAGE -> MklOptions.average(cc);
        };
    }

    boolean tuneSecond(MklMethod m) {
        return switch (m) {
            case SM1, SM2 -> theta == null;
            case LP -> p == null;
            default -> false;
        };
    }

    /** What the CV on a training part searches for method m: the values not given, over the grids. */
    MklProtocol.Tuning tuning(MklMethod m) {
        if (innerFolds < 2) {
            throw new IllegalArgumentException("--inner-folds must be >= 2, got " + innerFolds);
        }
        if (tuneMax < 0) {
            throw new IllegalArgumentException("--tune-max must be >= 0, got " + tuneMax);
        }
        return new MklProtocol.Tuning(base(m), grid(), c == null, tuneSecond(m), kernels(), innerFolds, tuneMax);
    }

    /**
     * The numbers of a comma-separated list: decimals, fractions {@code a/b} and {@code inf}.
     *
     * @throws IllegalArgumentException naming the option and the entry that is not a number
     */
    static List<Double> parseList(String option, String value) {
        List<Double> out = new ArrayList<>();
        for (String s : value.split(",")) {
            String t = s.trim().toLowerCase(Locale.ROOT);
            try {
                out.add(t.equals("inf") || t.equals("infinity") ? Double.POSITIVE_INFINITY
                        : t.contains("/") ? Double.parseDouble(t.substring(0, t.indexOf('/'))) / Double.parseDouble(t.substring(t.indexOf('/') + 1))
                        : Double.parseDouble(t));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + s + "' is not a number");
            }
        }
        return out;
    }
}
