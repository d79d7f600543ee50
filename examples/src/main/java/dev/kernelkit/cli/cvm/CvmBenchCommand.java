package dev.kernelkit.cli.cvm;

import dev.kernelkit.bench.SvmBenchmark;
import dev.kernelkit.cli.CliEnums;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit bench cvm}: CVM against our SMO and LIBSVM Java (both C-SVC through
 * {@link SvmBenchmark}) in the same JVM and run.
 *
 * <ul>
 *   <li>{@code --problem checkerboard} (default): the 4x4 checkerboard on [0,4]^2 (label = parity of
 *       floor(x1) + floor(x2)), one training set per {@code --n}, 10,000 test points; SMO and LIBSVM
 *       skipped above {@code --svm-max-n} with the reason printed. Spec §6.3 parameters by default:
 *       gamma 0.378, CVM C 1e4 and eps 1e-7, SVM C 100.</li>
 *   <li>{@code --data FILE --test FILE [--scale S]}: a real binary data set (labels +1/-1) instead,
 *       one run; the scaler is fitted on the training file only.</li>
 * </ul>
 *
 * {@code --eps auto} and {@code --gamma auto} select LibCVM's rules (spec §3.3 items 3 and 13).
 * Times are training only (wall clock); CVM's includes the k(x, x) pass; the automatic gamma is computed
 * once before, printed with its own time, and given to all three solvers. {@code --plots DIR}
 * writes training time against n (log-log) and, for the smallest checkerboard, the core vectors
 * over the data.
 */
@Command(name = "cvm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"CVM vs our SMO vs LIBSVM Java: on the 4x4 checkerboard on [0,4]^2 (one run per --n),",
                "or on a real binary data set (--data, --test, --scale)."})
public final class CvmBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--problem", defaultValue = "checkerboard",
            description = "checkerboard (default) or file (implied by --data).")
    String problem = "checkerboard";

    @Option(names = "--n", split = ",", defaultValue = "10000,100000",
            description = "Checkerboard training sizes (default ${DEFAULT-VALUE}).")
    List<Integer> sizes;

    @Option(names = "--data", paramLabel = "FILE", description = "Training file (LIBSVM format, labels +1/-1) instead of the checkerboard.")
    Path data;

    @Option(names = "--test", paramLabel = "FILE", description = "Test file for --data.")
    Path testFile;

    @Option(names = "--scale", paramLabel = "SCALING", converter = CliEnums.ScalingConverter.class, defaultValue = "none",
            description = "With --data: scaling fitted on the training file only: none, standard, minmax or log1p-minmax (default ${DEFAULT-VALUE}).")
    FeatureScaling scale = FeatureScaling.NONE;

    @Option(names = "--c", defaultValue = "1e4", description = "CVM cost C (default ${DEFAULT-VALUE}).")
    double c = 1e4;

    @Option(names = "--svm-c", defaultValue = "100", description = "SMO / LIBSVM cost C (default ${DEFAULT-VALUE}).")
    double svmC = 100;

    @Option(names = "--eps", defaultValue = "1e-7", paramLabel = "E|auto",
            description = "CVM epsilon in (0, 1), or auto for LibCVM's rule (default ${DEFAULT-VALUE}).")
    String eps = "1e-7";

    @Option(names = "--gamma", defaultValue = "0.378", paramLabel = "G|auto",
            description = "Gaussian width of CVM, or auto for LibCVM's rule 2 / mean squared distance (default ${DEFAULT-VALUE}).")
    String gamma = "0.378";

    @Option(names = "--svm-gamma", paramLabel = "G",
            description = "Gaussian width of SMO / LIBSVM (default: CVM's).")
    Double svmGamma;

    @Option(names = "--mode", defaultValue = "libcvm", description = "CVM mode jmlr or libcvm (default ${DEFAULT-VALUE}).")
    String mode = "libcvm";

    @Option(names = "--svm-max-n", defaultValue = "100000",
            description = "Skip SMO and LIBSVM above this n (default ${DEFAULT-VALUE}; with --data only when given).")
    int svmMaxN = 100000;

    @Option(names = "--cache-mb", defaultValue = "2048",
            description = "CVM kernel-row cache in MB, at most half the heap (default ${DEFAULT-VALUE}).")
    double cacheMb = 2048;

    @Option(names = "--inner-stop", paramLabel = "fw|libcvm",
            description = "Core-set SMO stopping rule: fw (Frank-Wolfe gap below eps R^2 / 2) or libcvm (LibCVM's dynamic "
                    + "pairwise tolerance from 1e-3); default fw in both modes.")
    String innerStop;

    @Option(names = "--final-scan", paramLabel = "on|off",
            description = "Check every point exactly before CVM's last epsilon stage ends (default: on in jmlr mode, off in libcvm mode).")
    String finalScan;

    @Option(names = "--seed", defaultValue = "1", description = "Data and sampling seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--plots", paramLabel = "DIR",
            description = "Write training time against n (log-log) and the core vectors over the smallest checkerboard as PNG files into DIR.")
    Path plots;

    @Mixin
    Options.Json json;

    /** The checkerboard of the spec: SyntheticData's unit-square board scaled by 4. */
    static LabeledDataset board(int n, long seed) {
        LabeledDataset unit = SyntheticData.checkerboard(n, 4, seed);
        List<Vec> x = new ArrayList<>(n);
        for (Vec v : unit.points()) {
            x.add(DenseVec.of(4 * v.get(0), 4 * v.get(1)));
        }
        return new LabeledDataset(x, unit.labels());
    }

    /** The 10,000-point checkerboard test set of data seed {@code seed}. */
    static LabeledDataset boardTest(long seed) {
        return board(10_000, seed + 1_000_003L);
    }

    /** One benchmark row; the SVM fields are NaN when skipped. */
    record Run(String name, int n, double cvmSeconds, double cvmAccuracy, int coreVectors, int coreVectorsLibcvmRule,
               boolean converged,
               double smoSeconds, double smoAccuracy, int smoSupportVectors, double libsvmSeconds,
               double libsvmAccuracy, int libsvmSupportVectors) {
        boolean svmRan() {
            return !Double.isNaN(smoSeconds);
        }

        JsonSummary json() {
            JsonSummary j = new JsonSummary().put("problem", name).put("n", (long) n).put("cvm_seconds", cvmSeconds)
                    .put("cvm_accuracy", cvmAccuracy).put("core_vectors", (long) coreVectors)
                    .put("core_vectors_above_libcvm_threshold", (long) coreVectorsLibcvmRule)
                    .put("cvm_converged", converged);
            if (svmRan()) {
                j.put("smo_seconds", smoSeconds).put("smo_accuracy", smoAccuracy)
                        .put("smo_support_vectors", (long) smoSupportVectors).put("libsvm_seconds", libsvmSeconds)
                        .put("libsvm_accuracy", libsvmAccuracy).put("libsvm_support_vectors", (long) libsvmSupportVectors)
                        .put("libsvm_over_cvm", libsvmSeconds / cvmSeconds);
            } else {
                j.putNull("smo_seconds").putNull("smo_accuracy").putNull("libsvm_seconds").putNull("libsvm_accuracy");
            }
            return j;
        }
    }

    /** Runs this command alone. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new CvmBenchCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        boolean file = data != null || problem.equals("file");
        if (!file && !problem.equals("checkerboard")) {
            throw new IllegalArgumentException("--problem must be checkerboard or file, got '" + problem + "'");
        }
        if (file && (data == null || testFile == null)) {
            throw new IllegalArgumentException("--problem file needs --data FILE and --test FILE");
        }
        if (file && spec.commandLine().getParseResult().hasMatchedOption("--n")) {
            throw new IllegalArgumentException("--n is for the checkerboard; with --data the sizes come from the files");
        }
        if (!file && (testFile != null || scale != FeatureScaling.NONE)) {
            throw new IllegalArgumentException("--test and --scale need --data");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Run> runs = new ArrayList<>();
        CvmModel smallest = null;
        LabeledDataset smallestTrain = null;
        if (file) {
            LabeledDataset rawTrain = CvmCli.read(data, "--data");
            LabeledDataset rawTest = CvmCli.read(testFile, "--test", rawTrain.dim());
            FittedScaler scaler = scale.fit(rawTrain);
            Fitted f = runOne(data.getFileName().toString(), scaler.apply(rawTrain), scaler.apply(rawTest),
                    rawTrain.size() <= svmMaxN || !spec.commandLine().getParseResult().hasMatchedOption("--svm-max-n"), out);
            runs.add(f.run());
        } else {
            LabeledDataset test = boardTest(seed);
            int smallestN = sizes.stream().mapToInt(Integer::intValue).min().orElse(0);
            for (int n : sizes) {
                if (n < 2) {
                    throw new IllegalArgumentException("--n values must be >= 2, got " + n);
                }
                LabeledDataset train = board(n, seed);
                Fitted f = runOne("checkerboard", train, test, n <= svmMaxN, out);
                runs.add(f.run());
                if (n == smallestN && smallest == null) {
                    smallest = f.model();
                    smallestTrain = train;
                }
            }
        }
        List<JsonSummary> rows = new ArrayList<>();
        for (Run r : runs) {
            rows.add(r.json());
        }
        json.write(new JsonSummary().put("mode", mode).put("c", c).put("svm_c", svmC).putList("runs", rows));
        if (plots != null) {
            Files.createDirectories(plots);
            if (runs.size() >= 2) {
                Path p = plots.resolve("bench-cvm-time-vs-n.png");
                CvmPlots.timeVsN(runs, "CVM (" + mode + ", C " + CvmPlots.num(c) + ") vs SMO and LIBSVM Java (C "
                        + CvmPlots.num(svmC) + ")").writePng(p);
                out.println("wrote " + p);
            }
            if (smallest != null) {
                Path p = plots.resolve("bench-cvm-core-vectors.png");
                CvmPlots.coreVectors(smallestTrain, smallest, 4000, String.format(Locale.ROOT,
                        "checkerboard n = %d: CVM core vectors (%d) over the data", smallestTrain.size(),
                        smallest.coreVectorCount())).writePng(p);
                out.println("wrote " + p);
            }
        }
        out.flush();
        return 0;
    }

    /** A run and its CVM model. */
    record Fitted(Run run, CvmModel model) {
    }

    private Fitted runOne(String name, LabeledDataset train, LabeledDataset test, boolean withSvm, PrintWriter out) {
        long tg = System.nanoTime();
        boolean autoGamma = gamma.equalsIgnoreCase("auto");
        double g = autoGamma ? CoreVectorMachine.autoGamma(train.points()) : parsePositive("--gamma", gamma);
        double gammaSeconds = (System.nanoTime() - tg) * 1e-9;
        if (autoGamma) {
            out.printf(Locale.ROOT, "%s: gamma auto = %s computed in %.2f s (given to all three solvers, not in their times)%n",
                    name, CvmPlots.num(g), gammaSeconds);
        }
        double e = eps.equalsIgnoreCase("auto") ? CvmOptions.autoEpsilon(1.0, c) : parsePositive("--eps", eps);
        double sg = svmGamma != null ? svmGamma : g;
        CoreSetOptions cs = CvmCli.coreSetOptions(mode, e, seed, cacheMb, innerStop, finalScan);
        CvmOptions o = new CvmOptions(new GaussianKernel(g), c, cs, CvmOptions.MultiClass.ONE_VS_REST);
        long t0 = System.nanoTime();
        CvmModel m = CoreVectorMachine.fit(train, o);
        double cvmSeconds = (System.nanoTime() - t0) * 1e-9;
        double cvmAcc = accuracy(m, test);
        int n = train.size();
        out.printf(Locale.ROOT, "%s n=%d CVM (%s, C=%s, eps=%s, gamma=%s): %.2f s, %d core vectors (%d with a > 0, %d above "
                        + "LibCVM's output threshold 1e-5/|S|), test accuracy %.4f%s%n",
                name, n, mode, CvmPlots.num(c), CvmPlots.num(e), CvmPlots.num(g), cvmSeconds, m.coreVectorCount(),
                m.expansionVectorCount(), m.coreVectorsAboveLibcvmThreshold(), cvmAcc,
                m.machines().get(0).converged() ? "" : " (stopped at the core-vector cap)");
        out.flush();
        double nan = Double.NaN;
        if (!withSvm) {
            out.printf(Locale.ROOT, "%s n=%d SMO and LIBSVM skipped: n > --svm-max-n %d%n", name, n, svmMaxN);
            out.flush();
            return new Fitted(new Run(name, n, cvmSeconds, cvmAcc, m.coreVectorCount(), m.coreVectorsAboveLibcvmThreshold(),
                    m.machines().get(0).converged(),
                    nan, nan, 0, nan, nan, 0), m);
        }
        System.gc();
        SvmBenchmark.Result r = SvmBenchmark.run(new SvmBenchmark.Options(train, test, sg, svmC, 200, 1e-3));
        out.printf(Locale.ROOT, "%s n=%d SMO (C=%s, gamma=%s): %.2f s, %d SVs, accuracy %.4f; LIBSVM Java: %.2f s, %d SVs, "
                        + "accuracy %.4f; LIBSVM / CVM time %.1fx%n", name, n, CvmPlots.num(svmC), CvmPlots.num(sg),
                r.oursSeconds(), r.supportVectorsOurs(), r.accuracyOurs(), r.libsvmSeconds(), r.supportVectorsLibsvm(),
                r.accuracyLibsvm(), r.libsvmSeconds() / cvmSeconds);
        out.flush();
        return new Fitted(new Run(name, n, cvmSeconds, cvmAcc, m.coreVectorCount(), m.coreVectorsAboveLibcvmThreshold(),
                    m.machines().get(0).converged(),
                r.oursSeconds(), r.accuracyOurs(), r.supportVectorsOurs(), r.libsvmSeconds(), r.accuracyLibsvm(),
                r.supportVectorsLibsvm()), m);
    }

    static double accuracy(CvmModel m, LabeledDataset test) {
        double[] predicted = m.predictLabels(test.points());
        int ok = 0;
        for (int i = 0; i < test.size(); i++) {
            ok += predicted[i] == test.y(i) ? 1 : 0;
        }
        return ok / (double) test.size();
    }

    private static double parsePositive(String option, String value) {
        double v;
        try {
            v = Double.parseDouble(value);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(option + " must be a number > 0 or auto, got '" + value + "'");
        }
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(option + " must be > 0 and finite, got " + value);
        }
        return v;
    }
}
