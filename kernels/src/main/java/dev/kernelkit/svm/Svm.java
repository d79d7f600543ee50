package dev.kernelkit.svm;

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
        CachedKernelMatrix k = CachedKernelMatrix.of(x, options.kernel(), options.kernelCacheMb());
        String name = options.loss() == SvmLoss.HINGE ? NAME : NAME_L2;
        int[] classIndex = data.classIndices();
        double[] costs = options.classWeights().costs(options.c(), data.classNames(), classIndex);
        Machines<Vec> fitted = machines(k, x, options.kernel(), classIndex, classes.length, costs,
                options.loss(), options.solver(), name, clock, listener);
        return SvmModel.of(classes, fitted.models(), data.dim(), fitted.report(name, options, clock));
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
