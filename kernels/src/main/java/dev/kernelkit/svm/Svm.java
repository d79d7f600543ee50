package dev.kernelkit.svm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CachedKernelMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Trains an {@link SvmModel}: C-SVC or L2-SVM solved by {@link SmoSolver} over an on-the-fly
 * {@link CachedKernelMatrix}. Two classes give one binary machine (the larger label positive);
 * k &ge; 3 classes give k one-vs-rest machines over the sorted class labels.
 */
public final class Svm {
    private Svm() {
    }

    /**
     * @throws IllegalArgumentException when the data are empty or hold fewer than two classes
     */
    public static SvmModel fit(LabeledDataset data, SvmOptions options) {
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
        for (int m = 0; m < machines; m++) {
            double positive = classes.length == 2 ? classes[1] : classes[m];
            double[] y = new double[labels.length];
            for (int i = 0; i < y.length; i++) {
                y[i] = labels[i] == positive ? 1.0 : -1.0;
            }
            SvmSolution s = solver.solve(SvmProblem.of(k, y, options.c(), options.loss()));
            models.add(KernelExpansionModel.fromSolution(options.kernel(), x, y, s));
        }
        return SvmModel.of(classes, models);
    }
}
