package dev.kernelkit.svm;

import dev.kernelkit.data.EqualPoints;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Trains an {@link SvmModel}: C-SVC or L2-SVM solved by {@link SmoSolver} over an on-the-fly
 * {@link CachedKernelMatrix}. Two classes give one binary machine (the larger label positive);
 * k &ge; 3 classes give k one-vs-rest machines over the sorted class labels.
 *
 * <p>Class weights ({@link SvmOptions#classWeights()}, {@link ClassWeights}) make the cost of sample i
 * C_i = C w_{c(i)}, its own class's weight, in every machine: in the binary machine this is LIBSVM's
 * {@code -wi} (positive class C w_+, negative class C w_-); in the one-vs-rest machine of class m the
 * positive samples cost C w_m and each sample of the rest costs C times the weight of its own class
 * (as LIBSVM's one-vs-one machines weight each side by its class; LIBLINEAR's one-vs-rest instead gives
 * the rest plain C).
 *
 * <p>Equal points of one class are merged into one dual variable costing their summed C_i by default
 * ({@link SvmDuplicates#MERGE}, {@link #mergeEqual}): the same optimum on a smaller problem, each support vector
 * listed once; {@link SvmDuplicates#KEEP} solves LIBSVM's problem of one variable per point.
 */
public final class Svm {
    /** The learner name of the hinge-loss SVM (C-SVC). */
    public static final String NAME = "svm";
    /** The learner name of the squared-hinge SVM (L2-SVM). */
    public static final String NAME_L2 = "l2-svm";

    private Svm() {
    }

    /** The trainer of the learner contract: {@code svm} for the hinge loss, {@code l2-svm} for the squared hinge. */
    public static Trainer<Vec, SvmModel> trainer(SvmOptions options) {
        String name = options.loss() == SvmLoss.HINGE ? NAME : NAME_L2;
        return Trainers.of(name, InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /**
     * @throws IllegalArgumentException when the data are empty or hold fewer than two classes
     */
    public static SvmModel fit(LabeledDataset data, SvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits, reporting each machine's dual objective to the listener (iteration = the machine's SMO
     * iterations).
     *
     * @throws IllegalArgumentException when the data are empty or hold fewer than two classes
     */
    public static SvmModel fit(LabeledDataset data, SvmOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        double[] classes = data.classes();
        if (classes.length < 2) {
            throw new IllegalArgumentException("an SVM needs at least 2 classes, got " + Arrays.toString(classes));
        }
        List<Vec> x = data.points();
        String name = options.loss() == SvmLoss.HINGE ? NAME : NAME_L2;
        int[] classIndex = data.classIndices();
        double[] costs = options.classWeights().costs(options.c(), data.classNames(), classIndex);
        MergedSamples merged = options.duplicates() == SvmDuplicates.MERGE ? mergeEqual(x, classIndex, costs) : null;
        if (merged != null) {
            x = merged.points();
            classIndex = merged.classIndex();
            costs = merged.costs();
        }
        CachedKernelMatrix k = CachedKernelMatrix.of(x, options.kernel(), options.kernelCacheMb());
        Machines<Vec> fitted = machines(k, x, options.kernel(), classIndex, classes.length, costs,
                options.loss(), options.solver(), name, clock, listener);
        return SvmModel.of(classes, fitted.models(), data.dim(), fitted.report(name, options, clock));
    }

    /**
     * Training samples with the equal points of each class merged ({@link SvmDuplicates#MERGE}): one sample per
     * group, at its first point, costing the sum of the group's costs.
     *
     * @param points the distinct points of each class, in the order of their first occurrence
     * @param classIndex their classes
     * @param costs their summed costs C_i
     * @param sourceCount how many samples were merged into these
     */
    public record MergedSamples(List<Vec> points, int[] classIndex, double[] costs, int sourceCount) {
        /** Copies the arrays. */
        public MergedSamples {
            points = List.copyOf(points);
            classIndex = classIndex.clone();
            costs = costs.clone();
        }

        @Override
        public int[] classIndex() {
            return classIndex.clone();
        }

        @Override
        public double[] costs() {
            return costs.clone();
        }
    }

    /**
     * The samples with equal points of one class merged (see {@link SvmDuplicates#MERGE}), or null when no two
     * points of one class are equal; costs of a group are summed in the order of its points.
     *
     * @param x the points
     * @param classIndex the class of every point
     * @param costs the cost C_i of every point
     */
    public static MergedSamples mergeEqual(List<Vec> x, int[] classIndex, double[] costs) {
        if (classIndex.length != x.size() || costs.length != x.size()) {
            throw new IllegalArgumentException("expected " + x.size() + " classes and costs, found "
                    + classIndex.length + " and " + costs.length);
        }
        EqualPoints groups = EqualPoints.of(x, classIndex, x.size());
        if (!groups.hasDuplicates()) {
            return null;
        }
        int[] first = groups.first();
        int[] groupOf = groups.groupOf();
        double[] summed = new double[first.length];
        for (int i = 0; i < groupOf.length; i++) {
            summed[groupOf[i]] += costs[i];
        }
        List<Vec> points = new ArrayList<>(first.length);
        int[] classes = new int[first.length];
        for (int g = 0; g < first.length; g++) {
            points.add(x.get(first[g]));
            classes[g] = classIndex[first[g]];
        }
        return new MergedSamples(points, classes, summed, x.size());
    }

    /** The machines of a fit and what the fit report says about them. */
    record Machines<X>(List<KernelExpansionModel<X>> models, long iterations, boolean converged, double[] objectives) {
        FitReport report(String name, Object options, Stopwatch clock) {
            return new FitReport(name, options.toString(), 0, iterations, converged, objectives, clock.elapsedSeconds());
        }
    }

    /**
     * The binary machine (class index 1 positive) or the one-vs-rest machines (class c positive) of
     * examples x over their kernel matrix k, each one SMO solve with the per-sample costs C_i; the one SVM
     * loop of vectors and bags.
     */
    static <X> Machines<X> machines(KernelMatrix k, List<X> x, Kernel<X> kernel, int[] classIndex, int classCount,
                                    double[] costs, SvmLoss loss, SmoSolver.Options solverOptions, String name,
                                    Stopwatch clock, FitListener listener) {
        SmoSolver solver = new SmoSolver(solverOptions);
        List<KernelExpansionModel<X>> models = new ArrayList<>();
        int machines = classCount == 2 ? 1 : classCount;
        long iterations = 0;
        boolean converged = true;
        double[] objectives = new double[machines];
        for (int m = 0; m < machines; m++) {
            int positive = classCount == 2 ? 1 : m;
            double[] y = new double[classIndex.length];
            for (int i = 0; i < y.length; i++) {
                y[i] = classIndex[i] == positive ? 1.0 : -1.0;
            }
            SvmSolution s = solver.solve(new SvmProblem(k, y, costs, loss));
            models.add(KernelExpansionModel.fromSolution(kernel, x, y, s));
            iterations += s.iterations();
            converged &= s.converged();
            objectives[m] = s.objective();
            listener.onProgress(new FitProgress(name, m, machines, (int) Math.min(Integer.MAX_VALUE, s.iterations()),
                    s.objective(), clock.elapsedSeconds()));
        }
        return new Machines<>(List.copyOf(models), iterations, converged, objectives);
    }
}
