package dev.kernelkit.bench;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.LibsvmSolver;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmDuplicates;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * The SVM benchmark behind {@code kernelkit bench svm}: our {@link SmoSolver} over an on-the-fly
 * Gaussian {@link CachedKernelMatrix} against LIBSVM's {@code svm_train} with its own RBF kernel on
 * sparse {@code svm_node} input, in the same JVM, with the same C, gamma, tolerance and kernel-row
 * cache size and shrinking on for both. The kernel matrix keeps no row cache of its own (0 MB):
 * the solver's Q-row cache, of the same size as LIBSVM's, is the only one. Timings are wall clock
 * of training alone (LIBSVM's input conversion and both predictions excluded), and the CPU time of
 * the whole process over the same span (every thread: our long kernel rows are split over the
 * cores; JIT compilation and garbage collection included), the steadier measure on a shared machine.
 */
public final class SvmBenchmark {
    private SvmBenchmark() {
    }

    /**
     * What to run.
     *
     * @param train binary training data, labels +1/-1
     * @param test binary test data for accuracies, or null
     * @param gamma RBF width &gt; 0
     * @param c cost &gt; 0
     * @param cacheMb kernel-row cache of each solver in MB, &gt; 0
     * @param eps stopping tolerance &gt; 0 (LIBSVM's -e)
     * @param kernelPath which exact fast paths our kernel rows may take
     * @param duplicates whether our SMO merges equal points of one class ({@link SvmDuplicates#MERGE}, as
     *        {@link Svm#fit}) or solves LIBSVM's problem of one variable per point
     */
    public record Options(LabeledDataset train, LabeledDataset test, double gamma, double c, double cacheMb,
                          double eps, CachedKernelMatrix.FastPath kernelPath, SvmDuplicates duplicates) {
        /** @throws IllegalArgumentException naming the option and the value out of range */
        public Options {
            Objects.requireNonNull(train, "train");
            if (!train.isBinarySigned()) {
                throw new IllegalArgumentException("train labels must be +1/-1, got classes "
                        + java.util.Arrays.toString(train.classes()));
            }
            if (test != null && !test.isBinarySigned()) {
                throw new IllegalArgumentException("test labels must be +1/-1, got classes "
                        + java.util.Arrays.toString(test.classes()));
            }
            if (test != null && test.size() > 0 && test.dim() != train.dim()) {
                throw new IllegalArgumentException("test dimension must equal train dimension " + train.dim()
                        + ", got " + test.dim());
            }
            checkPositive("gamma", gamma);
            checkPositive("c", c);
            checkPositive("cacheMb", cacheMb);
            checkPositive("eps", eps);
            Objects.requireNonNull(kernelPath, "kernelPath");
            Objects.requireNonNull(duplicates, "duplicates");
        }

        /** Equal points merged, as {@link Svm#fit} does by default. */
        public Options(LabeledDataset train, LabeledDataset test, double gamma, double c, double cacheMb, double eps,
                       CachedKernelMatrix.FastPath kernelPath) {
            this(train, test, gamma, c, cacheMb, eps, kernelPath, SvmDuplicates.MERGE);
        }

        /** Every exact fast path allowed ({@link CachedKernelMatrix.FastPath#AUTO}), equal points merged. */
        public Options(LabeledDataset train, LabeledDataset test, double gamma, double c, double cacheMb, double eps) {
            this(train, test, gamma, c, cacheMb, eps, CachedKernelMatrix.FastPath.AUTO);
        }

        private static void checkPositive(String name, double v) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException(name + " must be > 0 and finite, got " + v);
            }
        }

        /** LIBSVM's defaults for the rest: C = 1, 200 MB cache (ours; LIBSVM's -m default is 100), eps = 1e-3. */
        public static Options of(LabeledDataset train, LabeledDataset test, double gamma) {
            return new Options(train, test, gamma, 1.0, 200, 1e-3);
        }
    }

    /**
     * The measurements. Accuracies are NaN without test data.
     *
     * @param oursSeconds SMO training time (kernel matrix set-up included)
     * @param libsvmSeconds LIBSVM {@code svm_train} time
     * @param oursCpuSeconds process CPU seconds over our training, NaN where the JVM does not report it
     * @param libsvmCpuSeconds process CPU seconds over LIBSVM's training, NaN likewise
     * @param objectiveOurs our dual objective 1/2 a'Qa - e'a
     * @param objectiveLibsvm LIBSVM's reported dual objective
     * @param oursKernelPath how our kernel rows were computed, {@link CachedKernelMatrix#kernelPath()}:
     *        "binary-popcount" (all features 0/1), "dense", "lane-sparse", "dense-vectors" or "general"
     * @param variablesOurs our SMO's dual variables: the training points, fewer when equal points were merged
     */
    public record Result(double oursSeconds, double libsvmSeconds, double oursCpuSeconds, double libsvmCpuSeconds,
                         double accuracyOurs, double accuracyLibsvm,
                         double objectiveOurs, double objectiveLibsvm, int supportVectorsOurs,
                         int supportVectorsLibsvm, long iterationsOurs, long iterationsLibsvm,
                         String oursKernelPath, int variablesOurs) {

        /** |objectiveOurs - objectiveLibsvm| / |objectiveLibsvm|. */
        public double objectiveRelativeDifference() {
            return Math.abs(objectiveOurs - objectiveLibsvm) / Math.max(Math.abs(objectiveLibsvm), Double.MIN_NORMAL);
        }

        /** libsvmSeconds / oursSeconds: how many times faster we are. */
        public double speedup() {
            return libsvmSeconds / oursSeconds;
        }

        /** The figures under the JSON keys the CLI writes. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ours_seconds", oursSeconds);
            m.put("libsvm_seconds", libsvmSeconds);
            m.put("ours_cpu_seconds", oursCpuSeconds);
            m.put("libsvm_cpu_seconds", libsvmCpuSeconds);
            m.put("speedup", speedup());
            m.put("accuracy_ours", accuracyOurs);
            m.put("accuracy_libsvm", accuracyLibsvm);
            m.put("objective_ours", objectiveOurs);
            m.put("objective_libsvm", objectiveLibsvm);
            m.put("objective_relative_difference", objectiveRelativeDifference());
            m.put("sv_ours", supportVectorsOurs);
            m.put("sv_libsvm", supportVectorsLibsvm);
            m.put("iterations_ours", iterationsOurs);
            m.put("iterations_libsvm", iterationsLibsvm);
            m.put("ours_kernel_path", oursKernelPath);
            m.put("ours_variables", variablesOurs);
            return m;
        }
    }

    /** Trains both (ours first), then measures test accuracy when there is test data. */
    public static Result run(Options o) {
        LabeledDataset train = o.train();
        double[] y = train.labels();

        OursFit fit = fitOurs(o);
        SvmSolution s = fit.solution();
        KernelExpansionModel<Vec> ours = fit.model();
        System.gc();

        long c1 = processCpuNanos();
        LibsvmSolver.RbfRun lib = LibsvmSolver.trainRbf(train.points(), y, o.gamma(), o.c(), o.cacheMb(), o.eps(), true);
        double libCpu = cpuSecondsSince(c1);

        double accOurs = Double.NaN;
        double accLib = Double.NaN;
        if (o.test() != null && o.test().size() > 0) {
            accOurs = accuracy(o.test(), ours::predict);
            accLib = accuracy(o.test(), lib.model()::predict);
        }
        return new Result(fit.seconds(), lib.seconds(), fit.cpuSeconds(), libCpu, accOurs, accLib, s.objective(), lib.objective(),
                ours.supportVectorCount(), lib.model().supportVectorCount(), s.iterations(), lib.iterations(),
                fit.kernelPath(), fit.variables());
    }

    /**
     * One fit of our SMO as {@link #run} times it: the kernel matrix set-up and the solve.
     *
     * @param model the trained expansion
     * @param solution the dual solution
     * @param seconds wall seconds of set-up and solve
     * @param cpuSeconds process CPU seconds over them, NaN where the JVM does not report it
     * @param kernelPath {@link CachedKernelMatrix#kernelPath()}: "binary-popcount" (all features 0/1), "dense"
     *        (sparse-stored points at least half stored), "lane-sparse" (dense points at most a quarter non-zero),
     *        "dense-vectors" (other dense points) or "general"
     * @param variables the SMO's dual variables: the training points, fewer when equal points were merged
     */
    public record OursFit(KernelExpansionModel<Vec> model, SvmSolution solution, double seconds, double cpuSeconds,
                          String kernelPath, int variables) {
    }

    /**
     * Trains our SMO alone on {@code o.train()} (the part of {@link #run} that is ours), merging equal points of one
     * class first unless {@code o.duplicates()} keeps them ({@link Svm#mergeEqual}; the search and merge are timed).
     */
    public static OursFit fitOurs(Options o) {
        LabeledDataset train = o.train();
        double[] y = train.labels();
        GaussianKernel kernel = new GaussianKernel(o.gamma());
        long c0 = processCpuNanos();
        long t0 = System.nanoTime();
        List<Vec> points = train.points();
        double[] costs = new double[y.length];
        Arrays.fill(costs, o.c());
        Svm.MergedSamples merged = o.duplicates() == SvmDuplicates.MERGE
                ? Svm.mergeEqual(points, train.classIndices(), costs) : null;
        if (merged != null) {
            points = merged.points();
            costs = merged.costs();
            double[] labels = train.classes();
            int[] classes = merged.classIndex();
            y = new double[classes.length];
            for (int i = 0; i < y.length; i++) {
                y[i] = labels[classes[i]];
            }
        }
        CachedKernelMatrix k = CachedKernelMatrix.of(points, kernel, 0,
                Runtime.getRuntime().availableProcessors(), o.kernelPath());
        SmoSolver solver = new SmoSolver(SmoSolver.Options.defaults().withEps(o.eps()).withCacheMb(o.cacheMb()));
        SvmSolution s = solver.solve(new SvmProblem(k, y, costs, SvmLoss.HINGE));
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = cpuSecondsSince(c0);
        return new OursFit(KernelExpansionModel.fromSolution(kernel, points, y, s), s, seconds, cpu,
                k.kernelPath(), points.size());
    }

    /** CPU time of this JVM process (all threads) in nanoseconds, or -1 where the platform does not report it. */
    public static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Process CPU seconds since a {@link #processCpuNanos()} reading, NaN when either is unknown. */
    public static double cpuSecondsSince(long startNanos) {
        long now = processCpuNanos();
        return startNanos < 0 || now < 0 ? Double.NaN : (now - startNanos) * 1e-9;
    }

    /** "N dual variables (equal points merged)" or "one dual variable per point". */
    public static String variablesNote(int points, int variables) {
        return variables == points ? "our SMO: one dual variable per point"
                : String.format(java.util.Locale.ROOT, "our SMO: %d dual variables (equal points of one class "
                        + "merged)", variables);
    }

    private static double accuracy(LabeledDataset test, ToDoubleFunction<Vec> predict) {
        long correct = IntStream.range(0, test.size()).parallel()
                .filter(i -> predict.applyAsDouble(test.x(i)) == test.y(i)).count();
        return (double) correct / test.size();
    }
}
