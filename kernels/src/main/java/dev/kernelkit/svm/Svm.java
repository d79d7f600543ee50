package dev.kernelkit.svm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
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
        SmoSolver solver = new SmoSolver(options.solver());
        double[] labels = data.labels();
        List<KernelExpansionModel<Vec>> models = new ArrayList<>();
        int machines = classes.length == 2 ? 1 : classes.length;
        long iterations = 0;
        boolean converged = true;
        double[] objectives = new double[machines];
        String name = options.loss() == SvmLoss.HINGE ? NAME : NAME_L2;
        for (int m = 0; m < machines; m++) {
            double positive = classes.length == 2 ? classes[1] : classes[m];
            double[] y = new double[labels.length];
            for (int i = 0; i < y.length; i++) {
                y[i] = labels[i] == positive ? 1.0 : -1.0;
            }
            SvmSolution s = solver.solve(SvmProblem.of(k, y, options.c(), options.loss()));
            models.add(KernelExpansionModel.fromSolution(options.kernel(), x, y, s));
            iterations += s.iterations();
            converged &= s.converged();
            objectives[m] = s.objective();
            listener.onProgress(new FitProgress(name, m, machines, (int) Math.min(Integer.MAX_VALUE, s.iterations()),
                    s.objective(), clock.elapsedSeconds()));
        }
        FitReport report = new FitReport(name, options.toString(), 0, iterations, converged, objectives,
                clock.elapsedSeconds());
        return SvmModel.of(classes, models, data.dim(), report);
    }
}
