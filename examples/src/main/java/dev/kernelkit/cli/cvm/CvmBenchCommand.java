package dev.kernelkit.cli.cvm;

import dev.kernelkit.bench.CLibsvm;
import dev.kernelkit.bench.SvmBenchmark;
import dev.kernelkit.cli.CliEnums;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.TablePrinter;
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
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.SvmDuplicates;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit bench cvm}: CVM against our SMO and LIBSVM Java (both C-SVC through
 * {@link SvmBenchmark}) in the same JVM and run, and C LIBSVM's {@code svm-train} on the same points
 * (written to a temporary LIBSVM file) when it is on the PATH ({@link CLibsvm}).
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
 * Times are training only, wall clock and CPU time of the process (every thread, JIT and GC included;
 * svm-train's: its own process's); CVM's include the k(x, x) pass; the automatic gamma is computed
 * once before, printed with its own time, and given to all solvers. {@code --plots DIR}
 * writes training time against n (log-log) and, for the smallest checkerboard, the core vectors
 * over the data.
 */
@Command(name = "cvm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"CVM vs our SMO vs LIBSVM Java: on the 4x4 checkerboard on [0,4]^2 (one run per --n),",
                "or on a real binary data set (--data, --test, --scale)."})
public final class CvmBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;

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

    @Option(names = "--svm-duplicates", paramLabel = "MODE", defaultValue = "merge",
            description = "Our SMO on equal training points of one class: merge (one dual variable with their summed "
                    + "cost, as `train --learner svm`; the same optimum) or keep (one per point, LIBSVM's problem) "
                    + "(default: ${DEFAULT-VALUE}).")
    String svmDuplicates = "merge";

    @Option(names = "--eps", defaultValue = "1e-7", paramLabel = "E|auto",
            description = "CVM epsilon in (0, 1), or auto for LibCVM's rule (default ${DEFAULT-VALUE}).")
    String eps = "1e-7";

    @Option(names = "--gamma", defaultValue = "0.378", paramLabel = "G|auto",
            description = "Gaussian width of CVM, or auto for LibCVM's rule 2 / mean squared distance (default ${DEFAULT-VALUE}).")
    String gamma = "0.378";

    @Option(names = "--svm-gamma", paramLabel = "G",
            description = "Gaussian width of SMO / LIBSVM (default: CVM's).")
    Double svmGamma;

    @Option(names = "--mode", defaultValue = "libcvm",
            description = "CVM mode: libcvm (the default of every cvm command) or jmlr (the reference algorithm) (default ${DEFAULT-VALUE}).")
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

    @Option(names = "--svm-train", paramLabel = "CMD", defaultValue = "svm-train",
            description = "C LIBSVM's svm-train (a name looked up on the PATH or a path; svm-predict beside it), run on the "
                    + "same points with SMO's C and gamma wherever SMO runs; none to skip (default: ${DEFAULT-VALUE}).")
    String svmTrain = "svm-train";

    @Option(names = "--warm-fits", paramLabel = "K", defaultValue = "0",
            description = "After the timed (first, cold) fits, fit the CVM and our SMO K more times each in this JVM on the "
                    + "same data and report the median of those warm fits beside the cold ones: the JIT-compiled steady "
                    + "state, as in a cross-validation (0 to 20; default ${DEFAULT-VALUE}).")
    int warmFits = 0;

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

    /**
     * One benchmark row; the SVM fields are NaN when skipped, the C LIBSVM fields NaN (and its SV
     * count 0) when svm-train did not run; CPU seconds NaN where not measured.
     */
    record Run(String name, int n, double cvmSeconds, double cvmAccuracy, int coreVectors, int coreVectorsLibcvmRule,
               boolean converged,
               double smoSeconds, double smoAccuracy, int smoSupportVectors, double libsvmSeconds,
               double libsvmAccuracy, int libsvmSupportVectors,
               double cvmCpuSeconds, double smoCpuSeconds, double libsvmCpuSeconds,
               double cSeconds, double cCpuSeconds, double cAccuracy, int cSupportVectors, Warm warm) {

        /** A row without CPU times, C LIBSVM and warm fits. */
        Run(String name, int n, double cvmSeconds, double cvmAccuracy, int coreVectors, int coreVectorsLibcvmRule,
            boolean converged, double smoSeconds, double smoAccuracy, int smoSupportVectors, double libsvmSeconds,
            double libsvmAccuracy, int libsvmSupportVectors) {
            this(name, n, cvmSeconds, cvmAccuracy, coreVectors, coreVectorsLibcvmRule, converged, smoSeconds, smoAccuracy,
                    smoSupportVectors, libsvmSeconds, libsvmAccuracy, libsvmSupportVectors, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, null);
        }

        boolean svmRan() {
            return !Double.isNaN(smoSeconds);
        }

        boolean cRan() {
            return !Double.isNaN(cSeconds);
        }

        JsonSummary json() {
            JsonSummary j = new JsonSummary().put("problem", name).put("n", (long) n).put("cvm_seconds", cvmSeconds)
                    .putOptional("cvm_cpu_seconds", nullIfNaN(cvmCpuSeconds))
                    .put("cvm_accuracy", cvmAccuracy).put("core_vectors", (long) coreVectors)
                    .put("core_vectors_above_libcvm_threshold", (long) coreVectorsLibcvmRule)
                    .put("cvm_converged", converged);
            if (svmRan()) {
                j.put("smo_seconds", smoSeconds).putOptional("smo_cpu_seconds", nullIfNaN(smoCpuSeconds))
                        .put("smo_accuracy", smoAccuracy)
                        .put("smo_support_vectors", (long) smoSupportVectors).put("libsvm_seconds", libsvmSeconds)
                        .putOptional("libsvm_cpu_seconds", nullIfNaN(libsvmCpuSeconds))
                        .put("libsvm_accuracy", libsvmAccuracy).put("libsvm_support_vectors", (long) libsvmSupportVectors)
                        .put("libsvm_over_cvm", libsvmSeconds / cvmSeconds).put("smo_over_cvm", smoSeconds / cvmSeconds)
                        .putOptional("smo_over_cvm_cpu", nullIfNaN(smoCpuSeconds / cvmCpuSeconds));
            } else {
                j.putNull("smo_seconds").putNull("smo_accuracy").putNull("libsvm_seconds").putNull("libsvm_accuracy");
            }
            if (cRan()) {
                j.put("c_libsvm_seconds", cSeconds).put("c_libsvm_cpu_seconds", cCpuSeconds)
                        .put("c_libsvm_accuracy", cAccuracy).put("c_libsvm_support_vectors", (long) cSupportVectors)
                        .putOptional("c_libsvm_cpu_over_cvm_cpu", nullIfNaN(cCpuSeconds / cvmCpuSeconds));
            } else {
                j.putNull("c_libsvm_seconds").putNull("c_libsvm_cpu_seconds").putNull("c_libsvm_accuracy");
            }
            if (warm != null) {
                j.put("warm_fits", (long) warm.fits()).put("cvm_warm_seconds", warm.cvmSeconds())
                        .putOptional("cvm_warm_cpu_seconds", nullIfNaN(warm.cvmCpuSeconds()));
                if (svmRan()) {
                    j.put("smo_warm_seconds", warm.smoSeconds())
                            .putOptional("smo_warm_cpu_seconds", nullIfNaN(warm.smoCpuSeconds()))
                            .put("smo_over_cvm_warm", warm.smoSeconds() / warm.cvmSeconds())
                            .putOptional("smo_over_cvm_warm_cpu", nullIfNaN(warm.smoCpuSeconds() / warm.cvmCpuSeconds()));
                }
            }
            return j;
        }

        private static Double nullIfNaN(double v) {
            return Double.isFinite(v) ? v : null;
        }
    }

    /** Runs this command alone. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new CvmBenchCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        SvmDuplicates.parse(svmDuplicates, "--svm-duplicates");  // --svm-duplicates checked before any data is read
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
        if (warmFits < 0 || warmFits > 20) {
            throw new IllegalArgumentException("--warm-fits must be between 0 and 20, got " + warmFits);
        }
        PrintWriter out = spec.commandLine().getOut();
        Optional<CLibsvm> tools = svmTrain.equals("none") ? Optional.empty() : CLibsvm.find(svmTrain, System.getenv("PATH"));
        out.println(tools.map(t -> "C LIBSVM: " + t.trainCommand() + " runs wherever SMO does")
                .orElse(svmTrain.equals("none") ? "C LIBSVM: skipped (--svm-train none)" : CLibsvm.missing(svmTrain)));
        List<Run> runs = new ArrayList<>();
        CvmModel smallest = null;
        LabeledDataset smallestTrain = null;
        if (file) {
            LabeledDataset rawTrain = CvmCli.read(data, "--data");
            LabeledDataset rawTest = CvmCli.read(testFile, "--test", rawTrain.dim());
            FittedScaler scaler = scale.fit(rawTrain);
            Fitted f = runOne(data.getFileName().toString(), scaler.apply(rawTrain), scaler.apply(rawTest),
                    rawTrain.size() <= svmMaxN || !spec.commandLine().getParseResult().hasMatchedOption("--svm-max-n"),
                    tools, out);
            runs.add(f.run());
        } else {
            LabeledDataset test = boardTest(seed);
            int smallestN = sizes.stream().mapToInt(Integer::intValue).min().orElse(0);
            for (int n : sizes) {
                if (n < 2) {
                    throw new IllegalArgumentException("--n values must be >= 2, got " + n);
                }
            }
            // the largest sizes' estimates first, so that a run that cannot fit stops before its first row
            int largest = sizes.stream().mapToInt(Integer::intValue).max().orElse(0);
            MemoryEstimates.cvm("bench cvm", board(largest, seed), cacheMb, null);
            int largestSvm = sizes.stream().mapToInt(Integer::intValue).filter(n -> n <= svmMaxN).max().orElse(0);
            if (largestSvm > 0) {
                MemoryEstimates.svm("bench cvm (the SMO and LIBSVM references)", board(largestSvm, seed), largestSvm, null, 1);
            }
            for (int n : sizes) {
                LabeledDataset train = board(n, seed);
                Fitted f = runOne("checkerboard", train, test, n <= svmMaxN, tools, out);
                runs.add(f.run());
                if (n == smallestN && smallest == null) {
                    smallest = f.model();
                    smallestTrain = train;
                }
            }
        }
        printTable(out, runs);
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

    /**
     * The median wall and CPU seconds of {@code fits} further fits of the CVM and of our SMO in the same JVM
     * (NaN for the SMO where it was skipped).
     */
    record Warm(int fits, double cvmSeconds, double cvmCpuSeconds, double smoSeconds, double smoCpuSeconds) {
    }

    /** A CVM model with the wall and process CPU seconds of its fit. */
    private record TimedCvm(CvmModel model, double seconds, double cpuSeconds) {
    }

    /** One CVM fit, timed as every row of this benchmark times it. */
    private static TimedCvm timedCvmFit(LabeledDataset train, CvmOptions o) {
        long c0 = SvmBenchmark.processCpuNanos();
        long t0 = System.nanoTime();
        CvmModel m = CoreVectorMachine.fit(train, o);
        return new TimedCvm(m, (System.nanoTime() - t0) * 1e-9, SvmBenchmark.cpuSecondsSince(c0));
    }

    /** A run and its CVM model. */
    record Fitted(Run run, CvmModel model) {
    }

    private Fitted runOne(String name, LabeledDataset train, LabeledDataset test, boolean withSvm,
                          Optional<CLibsvm> tools, PrintWriter out) throws java.io.IOException {
        // before anything is allocated for this size: the CVM's data and row cache, and the references'
        // Q-row cache (200 MiB, shrunk to fit a small heap and said so); a job that cannot fit stops here
        MemoryEstimates.cvm("bench cvm", train, cacheMb, null);
        double smoCacheMb = withSvm ? MemoryEstimates.svm("bench cvm (the SMO and LIBSVM references)", train, train.size(),
                null, 1) : MemoryEstimates.DEFAULT_SVM_CACHE_MB;
        if (smoCacheMb < MemoryEstimates.DEFAULT_SVM_CACHE_MB) {
            out.printf(Locale.ROOT, "%s n=%d: the SMO and LIBSVM references get a kernel-row cache of %.0f MiB instead of %.0f "
                    + "to fit the heap (their times are not comparable with runs at the full cache)%n", name, train.size(),
                    smoCacheMb, MemoryEstimates.DEFAULT_SVM_CACHE_MB);
        }
        long tg = System.nanoTime();
        boolean autoGamma = gamma.equalsIgnoreCase("auto");
        double g = autoGamma ? CoreVectorMachine.autoGamma(train.points()) : parsePositive("--gamma", gamma);
        double gammaSeconds = (System.nanoTime() - tg) * 1e-9;
        if (autoGamma) {
            out.printf(Locale.ROOT, "%s: gamma auto = %s computed in %.2f s (given to all solvers, not in their times)%n",
                    name, CvmPlots.num(g), gammaSeconds);
        }
        double e = eps.equalsIgnoreCase("auto") ? CvmOptions.autoEpsilon(1.0, c) : parsePositive("--eps", eps);
        double sg = svmGamma != null ? svmGamma : g;
        CoreSetOptions cs = CvmCli.coreSetOptions(mode, e, seed, cacheMb, innerStop, finalScan);
        CvmOptions o = new CvmOptions(new GaussianKernel(g), c, cs, CvmOptions.MultiClass.ONE_VS_REST);
        TimedCvm cold = timedCvmFit(train, o);
        CvmModel m = cold.model();
        double cvmSeconds = cold.seconds();
        double cvmCpu = cold.cpuSeconds();
        double cvmAcc = accuracy(m, test);
        int n = train.size();
        out.printf(Locale.ROOT, "%s n=%d CVM (%s, C=%s, eps=%s, gamma=%s): %.2f s (CPU %.2f s), %d core vectors (%d with a > 0, "
                        + "%d above LibCVM's output threshold 1e-5/|S|), test accuracy %.4f%s%n",
                name, n, mode, CvmPlots.num(c), CvmPlots.num(e), CvmPlots.num(g), cvmSeconds, cvmCpu, m.coreVectorCount(),
                m.expansionVectorCount(), m.coreVectorsAboveLibcvmThreshold(), cvmAcc,
                m.machines().get(0).converged() ? "" : " (stopped at the core-vector cap)");
        out.flush();
        double nan = Double.NaN;
        if (!withSvm) {
            out.printf(Locale.ROOT, "%s n=%d SMO, LIBSVM Java and C LIBSVM skipped: n > --svm-max-n %d%n", name, n, svmMaxN);
            out.flush();
            return new Fitted(new Run(name, n, cvmSeconds, cvmAcc, m.coreVectorCount(), m.coreVectorsAboveLibcvmThreshold(),
                    m.machines().get(0).converged(), nan, nan, 0, nan, nan, 0, cvmCpu, nan, nan, nan, nan, nan, 0,
                    warm(name, train, o, m, null, null, out)), m);
        }
        System.gc();
        SvmBenchmark.Options svmOptions = new SvmBenchmark.Options(train, test, sg, svmC, smoCacheMb, 1e-3,
                CachedKernelMatrix.FastPath.AUTO, SvmDuplicates.parse(svmDuplicates, "--svm-duplicates"));
        SvmBenchmark.Result r = SvmBenchmark.run(svmOptions);
        out.printf(Locale.ROOT, "%s n=%d SMO (C=%s, gamma=%s): %.2f s (CPU %.2f s), %d SVs, accuracy %.4f; LIBSVM Java: "
                        + "%.2f s (CPU %.2f s), %d SVs, accuracy %.4f; LIBSVM / CVM time %.1fx; our kernel rows: %s path; "
                        + "%s; dual objectives differ by %.1e (relative)%n",
                name, n, CvmPlots.num(svmC),
                CvmPlots.num(sg), r.oursSeconds(), r.oursCpuSeconds(), r.supportVectorsOurs(), r.accuracyOurs(),
                r.libsvmSeconds(), r.libsvmCpuSeconds(), r.supportVectorsLibsvm(), r.accuracyLibsvm(),
                r.libsvmSeconds() / cvmSeconds, r.oursKernelPath(), SvmBenchmark.variablesNote(n, r.variablesOurs()),
                r.objectiveRelativeDifference());
        out.flush();
        CLibsvm.Run cr = null;
        if (tools.isPresent()) {
            cr = tools.get().run(train, test, sg, svmC, smoCacheMb, 1e-3);
            out.printf(Locale.ROOT, "%s n=%d C LIBSVM svm-train (C=%s, gamma=%s): %.2f s (CPU %.2f s), %d SVs, accuracy %.4f%n",
                    name, n, CvmPlots.num(svmC), CvmPlots.num(sg), cr.wallSeconds(), cr.cpuSeconds(), cr.supportVectors(),
                    cr.accuracy());
            out.flush();
        }
        return new Fitted(new Run(name, n, cvmSeconds, cvmAcc, m.coreVectorCount(), m.coreVectorsAboveLibcvmThreshold(),
                m.machines().get(0).converged(), r.oursSeconds(), r.accuracyOurs(), r.supportVectorsOurs(),
                r.libsvmSeconds(), r.accuracyLibsvm(), r.supportVectorsLibsvm(), cvmCpu, r.oursCpuSeconds(),
                r.libsvmCpuSeconds(), cr == null ? nan : cr.wallSeconds(), cr == null ? nan : cr.cpuSeconds(),
                cr == null ? nan : cr.accuracy(), cr == null ? 0 : cr.supportVectors(),
                warm(name, train, o, m, svmOptions, r, out)), m);
    }

    /**
     * {@code --warm-fits} more fits of the CVM (and of our SMO when {@code svm} is given) on the same data in
     * this JVM, each checked to give the cold fit's core set and alphas (the SMO's objective, iteration count and
     * support vectors) again; their medians, or null with {@code --warm-fits 0}.
     */
    private Warm warm(String name, LabeledDataset train, CvmOptions o, CvmModel cold, SvmBenchmark.Options svm,
                      SvmBenchmark.Result coldSvm, PrintWriter out) {
        if (warmFits == 0) {
            return null;
        }
        double[] cvmWall = new double[warmFits];
        double[] cvmCpu = new double[warmFits];
        double[] smoWall = new double[warmFits];
        double[] smoCpu = new double[warmFits];
        for (int k = 0; k < warmFits; k++) {
            System.gc();
            TimedCvm t = timedCvmFit(train, o);
            CvmModel m = t.model();
            cvmWall[k] = t.seconds();
            cvmCpu[k] = t.cpuSeconds();
            if (!sameCoreSets(m, cold)) {
                throw new IllegalStateException("warm CVM fit " + (k + 1) + " found another core set or other alphas ("
                        + m.coreVectorCount() + " core vectors, the cold fit " + cold.coreVectorCount()
                        + "): the fits are not repeatable");
            }
            if (svm != null) {
                System.gc();
                SvmBenchmark.OursFit f = SvmBenchmark.fitOurs(svm);
                smoWall[k] = f.seconds();
                smoCpu[k] = f.cpuSeconds();
                if (f.model().supportVectorCount() != coldSvm.supportVectorsOurs()
                        || f.solution().objective() != coldSvm.objectiveOurs()
                        || f.solution().iterations() != coldSvm.iterationsOurs()) {
                    throw new IllegalStateException("warm SMO fit " + (k + 1) + " found " + f.model().supportVectorCount()
                            + " support vectors, objective " + f.solution().objective() + " after "
                            + f.solution().iterations() + " iterations; the cold fit " + coldSvm.supportVectorsOurs()
                            + ", " + coldSvm.objectiveOurs() + " after " + coldSvm.iterationsOurs()
                            + ": the fits are not repeatable");
                }
            }
        }
        Warm w = new Warm(warmFits, median(cvmWall), median(cvmCpu), svm == null ? Double.NaN : median(smoWall),
                svm == null ? Double.NaN : median(smoCpu));
        out.printf(Locale.ROOT, "%s n=%d warm (median of %d more fits in this JVM, each the cold fit again): CVM %.2f s (CPU %.2f s)%s%n",
                name, train.size(), warmFits, w.cvmSeconds(), w.cvmCpuSeconds(), svm == null ? ""
                        : String.format(Locale.ROOT, "; SMO %.2f s (CPU %.2f s); SMO / CVM %s", w.smoSeconds(),
                        w.smoCpuSeconds(), ratio(w.smoSeconds(), w.cvmSeconds(), w.smoCpuSeconds(), w.cvmCpuSeconds())));
        out.flush();
        return w;
    }

    /** Whether every machine of the two models has the same core indices and the same alphas, bit for bit. */
    private static boolean sameCoreSets(CvmModel a, CvmModel b) {
        if (a.machines().size() != b.machines().size()) {
            return false;
        }
        for (int k = 0; k < a.machines().size(); k++) {
            var x = a.machines().get(k);
            var y = b.machines().get(k);
            if (!java.util.Arrays.equals(x.coreIndices(), y.coreIndices()) || !java.util.Arrays.equals(x.alpha(), y.alpha())) {
                return false;
            }
        }
        return true;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
    }

    /**
     * One table of every run: each solver's wall and CPU seconds, vectors and test accuracy, and each
     * reference's time over CVM's (wall; CPU in brackets).
     */
    private void printTable(PrintWriter out, List<Run> runs) {
        TablePrinter t = new TablePrinter().textColumn("data").numberColumn("n").textColumn("solver").numberColumn("seconds")
                .numberColumn("cpu s").numberColumn("#CV / #SV").numberColumn("test acc.").numberColumn("time / CVM (cpu)");
        for (Run r : runs) {
            String cv = r.coreVectors() + " (" + r.coreVectorsLibcvmRule() + ")";
            t.row(r.name(), Integer.toString(r.n()), "CVM " + mode + ", C " + CvmPlots.num(c), f2(r.cvmSeconds()),
                    f2(r.cvmCpuSeconds()), cv, TablePrinter.percent(r.cvmAccuracy()), "1");
            if (r.svmRan()) {
                t.row("", "", "SMO (ours), C " + CvmPlots.num(svmC), f2(r.smoSeconds()), f2(r.smoCpuSeconds()),
                        Integer.toString(r.smoSupportVectors()), TablePrinter.percent(r.smoAccuracy()),
                        ratio(r.smoSeconds(), r.cvmSeconds(), r.smoCpuSeconds(), r.cvmCpuSeconds()));
                t.row("", "", "LIBSVM Java, C " + CvmPlots.num(svmC), f2(r.libsvmSeconds()), f2(r.libsvmCpuSeconds()),
                        Integer.toString(r.libsvmSupportVectors()), TablePrinter.percent(r.libsvmAccuracy()),
                        ratio(r.libsvmSeconds(), r.cvmSeconds(), r.libsvmCpuSeconds(), r.cvmCpuSeconds()));
            }
            if (r.cRan()) {
                t.row("", "", "C LIBSVM svm-train, C " + CvmPlots.num(svmC), f2(r.cSeconds()), f2(r.cCpuSeconds()),
                        Integer.toString(r.cSupportVectors()), TablePrinter.percent(r.cAccuracy()),
                        ratio(r.cSeconds(), r.cvmSeconds(), r.cCpuSeconds(), r.cvmCpuSeconds()));
            }
            if (r.warm() != null) {
                Warm w = r.warm();
                t.row("", "", "CVM warm (median of " + w.fits() + ")", f2(w.cvmSeconds()), f2(w.cvmCpuSeconds()), cv,
                        TablePrinter.percent(r.cvmAccuracy()), "1");
                if (r.svmRan()) {
                    t.row("", "", "SMO (ours) warm", f2(w.smoSeconds()), f2(w.smoCpuSeconds()),
                            Integer.toString(r.smoSupportVectors()), TablePrinter.percent(r.smoAccuracy()),
                            ratio(w.smoSeconds(), w.cvmSeconds(), w.smoCpuSeconds(), w.cvmCpuSeconds()));
                }
            }
        }
        t.print(out);
        out.println("#CV: core set (above LibCVM's output threshold 1e-5/|S|); cpu s: this JVM's CPU time over the fit "
                + "(every thread, JIT and GC included), svm-train's: its own process's (reading its file included)");
    }

    private static String f2(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "-";
    }

    private static String ratio(double wall, double cvmWall, double cpu, double cvmCpu) {
        String w = String.format(Locale.ROOT, "%.1fx", wall / cvmWall);
        return Double.isFinite(cpu / cvmCpu) ? w + String.format(Locale.ROOT, " (%.1fx)", cpu / cvmCpu) : w;
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
