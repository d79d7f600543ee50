package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.Options;
import dev.kernelkit.prototypes.ImkplOptions;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The IMKPL hyper-parameters of {@code prototypes train} and {@code prototypes cv} and the seed (a picocli mixin). */
final class ImkplHyperOptions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Option(names = "--t", defaultValue = "auto", converter = TConverter.class,
            description = "Cardinality T of codes and prototypes; every class seeds T prototypes. 'auto' (default): "
                    + "min(" + ImkplOptions.DEFAULT_T + ", the smallest class of each training part), "
                    + ImkplOptions.DEFAULT_T + " being the median T of the paper's Table 1.")
    int t;
    @Option(names = "--lambda", defaultValue = "" + ImkplOptions.DEFAULT_WEIGHT,
            description = "Weight of J_dis (default ${DEFAULT-VALUE}: the median of Table 1's lambda, mu and tau).")
    double lambda;
    @Option(names = "--mu", defaultValue = "" + ImkplOptions.DEFAULT_WEIGHT, description = "Weight of J_ip (default ${DEFAULT-VALUE}).")
    double mu;
    @Option(names = "--tau", defaultValue = "" + ImkplOptions.DEFAULT_WEIGHT, description = "Weight of J_ls (default ${DEFAULT-VALUE}).")
    double tau;
    @Option(names = "--beta-step", defaultValue = "CAPPED_SIMPLEX_LP",
            description = "Kernel-weight step: ${COMPLETION-CANDIDATES}. Default ${DEFAULT-VALUE}: the variant the "
                    + "measured evidence on training data chose (uniform weight on the r kernels with the smallest "
                    + "beta-coefficients, r by inner CV; on TOX-171, 5 splits: 89.8%% at Table 1's parameters, 89.1%% "
                    + "with every option at its default). NORMALISED_LP is the spec's beta-step (the paper's LP with "
                    + "the prototype normalisation rows; 71.5%% at Table 1's parameters, 69.8%% at the defaults); "
                    + "SIMPLEX_LP keeps one kernel; FIXED = ISKPL (the average kernel).")
    ImkplOptions.BetaStep betaStep;
    @Option(names = "--ls-form", defaultValue = "DISTANCE_DIFFERENCE",
            description = "Form of J_ls: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}, measured with the capped "
                    + "beta-step; SIMILARITY is the spec's).")
    ImkplOptions.LsForm lsForm;
    @Option(names = "--dis-form", defaultValue = "DISTANCE",
            description = "Form of J_dis: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    ImkplOptions.DisForm disForm;
    @Option(names = "--self-coding", defaultValue = "HIDE_SELF_PROTOTYPE",
            description = "Training self-representation: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    ImkplOptions.SelfCoding selfCoding;
    @Option(names = "--kernel-cap", defaultValue = "auto", converter = KernelCapConverter.class,
            description = "r of CAPPED_SIMPLEX_LP: kernels kept with weight 1/r each; 'auto' (default): chosen by "
                    + "inner CV on the training data among c*T, M/20 and M/5 (M base kernels); 0: r = c*T.")
    int kernelCap;
    @Option(names = "--prediction-rule", defaultValue = "BY_INNER_CV",
            description = "How a point's class is read from the prototypes: ${COMPLETION-CANDIDATES}. PROTOTYPE_VOTE "
                    + "is the paper's (class with most reconstruction weight); CLASS_RECONSTRUCTION codes the point "
                    + "with each class's prototypes alone and takes the smallest residual; NEAREST_PROTOTYPE the "
                    + "class of the nearest prototype; BY_INNER_CV (default) chooses among the three by inner CV on "
                    + "the training data.")
    ImkplOptions.PredictionRule predictionRule;
    @Option(names = "--max-iterations", defaultValue = "50", description = "Outer iteration cap (default ${DEFAULT-VALUE}).")
    int maxIterations;
    @Option(names = "--inner-iterations", defaultValue = "10",
            description = "Outer iteration cap of each fit of the inner CV that chooses r and the prediction rule "
                    + "(default ${DEFAULT-VALUE}; 0: as --max-iterations, the inner CV before issue #39, which RESULTS.md's "
                    + "IMKPL tables up to 2026-12-01 used). The final fit runs to --max-iterations.")
    int innerIterations;
    @Mixin
    Options.Seed seed;

    ImkplOptions options() {
        if (innerIterations < 0) {
            throw new IllegalArgumentException("--inner-iterations must be >= 0 (0: as --max-iterations), got "
                    + innerIterations);
        }
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, 1e-4, true, selfCoding, kernelCap, seed.seed(),
                disForm, predictionRule, ImkplOptions.DEFAULT_INNER_FOLDS, innerIterations);
    }

    /** Accepts 'auto' (T by class size, {@link ImkplOptions#T_BY_CLASS_SIZE}) or a count >= 1 for --t. */
    static final class TConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String v) {
            return autoOrAtLeast("--t", v, ImkplOptions.T_BY_CLASS_SIZE, 1);
        }
    }

    /** Accepts 'auto' (r by inner CV) or a count >= 0 for --kernel-cap. */
    static final class KernelCapConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String v) {
            return autoOrAtLeast("--kernel-cap", v, ImkplOptions.KERNEL_CAP_BY_INNER_CV, 0);
        }
    }

    /** {@code auto} for 'auto' (any case), else the integer v when it is at least min; one error line otherwise. */
    static int autoOrAtLeast(String option, String v, int auto, int min) {
        String s = v.trim();
        if (s.equalsIgnoreCase("auto")) {
            return auto;
        }
        try {
            int n = Integer.parseInt(s);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new CommandLine.TypeConversionException(
                option + " must be 'auto' or an integer >= " + min + ", got '" + v + "'");
    }
}
