package dev.kernelkit.cvm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One-class core vector machine (SVDD / novelty detection; spec §2.4, LibCVM "CVDD" -s 5): the
 * MEB of the points under k~(x_i, x_j) = k(x_i, x_j) + delta_ij / C, i.e. the dual
 * max a'diag(K~) - a'K~a over the simplex, solved by the core-set iteration. This is the one-class
 * L2-SVM min ||w||^2 - 2 rho + C sum xi_i^2 s.t. w'phi(x_i) &ge; rho - xi_i when k(x, x) is constant,
 * and the true SVDD dual otherwise. The model's decision value is LibCVM's
 * R^2 - (||c||^2 - 2 sum a_i k(x_i, x) + k(x, x)): positive inside the ball (an inlier), negative
 * outside (an outlier).
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}, task
 * {@link Task#ONE_CLASS}): the labels of the training data are ignored; the fit report counts the
 * outer core-set iterations and traces R^2 after each; the listener hears the same.
 */
public final class OneClassCvm {
    /** The learner's catalog name. */
    public static final String NAME = "one-class-cvm";

    private OneClassCvm() {
    }

    /** The trainer of the learner contract: {@link #fit(List, OneClassCvmOptions, FitListener)} on the data's points. */
    public static Trainer<Vec, OneClassCvmModel> trainer(OneClassCvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.ONE_CLASS, options,
                (data, listener) -> fit(LabeledDataset.of(data).points(), options, listener));
    }

    /**
     * Fits the ball.
     *
     * @throws IllegalArgumentException for no points, points of different dimensions or a non-finite k(x, x)
     */
    public static OneClassCvmModel fit(List<? extends Vec> points, OneClassCvmOptions options) {
        return fit(points, options, FitListener.SILENT);
    }

    /** As {@link #fit(List, OneClassCvmOptions)}, reporting R^2 after every outer iteration. */
    public static OneClassCvmModel fit(List<? extends Vec> points, OneClassCvmOptions options, FitListener listener) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("one-class training needs at least one point, got 0");
        }
        Stopwatch clock = Stopwatch.start();
        Kernel<Vec> kernel = options.kernel();
        List<Vec> x = List.copyOf(points);
        int dim = x.get(0).dim();
        double[] diag = new double[x.size()];
        for (int i = 0; i < diag.length; i++) {
            if (x.get(i).dim() != dim) {
                throw new IllegalArgumentException("point " + i + " has dimension " + x.get(i).dim() + ", expected " + dim);
            }
            diag[i] = kernel.apply(x.get(i), x.get(i));
            if (!Double.isFinite(diag[i])) {
                throw new IllegalArgumentException("k(x, x) of point " + i + " must be finite, got " + diag[i]);
            }
        }
        double invC = 1 / options.c();
        MebProblem problem = new MebProblem() {
            @Override
            public int size() {
                return diag.length;
            }

            @Override
            public double entry(int i, int j) {
                return i == j ? diag[i] + invC : kernel.apply(x.get(i), x.get(j));
            }

            @Override
            public double offset(int i) {
                return diag[i] + invC;
            }
        };
        CoreSetSolver.Progress progress = listener == FitListener.SILENT ? CoreSetSolver.Progress.NONE
                : (iteration, radius2) -> listener.onProgress(new FitProgress(NAME, 0, 1, iteration, radius2,
                        clock.elapsedSeconds()));
        CoreSetResult r = CoreSetSolver.solve(problem, options.coreSet(), progress);
        int[] core = r.coreIndices();
        double[] alpha = r.alpha();
        List<Vec> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        for (int k = 0; k < core.length; k++) {
            if (alpha[k] > 0) {
                sv.add(x.get(core[k]));
                coef.add(alpha[k]);
            }
        }
        FitReport report = new FitReport(NAME, options.toString(), options.coreSet().seed(), r.iterations(),
                r.converged(), r.radius2Trace(), clock.elapsedSeconds());
        return new OneClassCvmModel(kernel, options.c(), sv, coef.stream().mapToDouble(Double::doubleValue).toArray(),
                r.centreNorm2(), r.radius2(), dim, report, r);
    }
}
