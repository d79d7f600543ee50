package dev.kernelkit.svm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Trains epsilon-SVR (Vapnik 1998; LIBSVM's {@code -s 3}, Chang and Lin 2011, section 2.3) into an
 * {@link SvrModel}, with LIBSVM's formulation: over a = (alpha ; alpha*) of 2n variables,
 *
 * <pre>
 *   min_a 1/2 a'Qa + p'a   s.t.  y'a = 0,  0 &le; a_t &le; C,
 *   y = (+1 .. +1, -1 .. -1),  p = (epsilon - z ; epsilon + z),  Q_st = y_s y_t K_{s mod n, t mod n}
 * </pre>
 *
 * (z the targets), the general dual of {@link SmoSolver} ({@link SvmProblem#dual}) over the doubled kernel
 * matrix ({@link SvrKernelMatrix}), solved by the same loop with shrinking, which keeps the kernel rows as LIBSVM's
 * {@code SVR_Q} does (n float rows by point, shared by alpha_i and alpha_i*, signed when read); f(x) =
 * sum_i (alpha_i - alpha_i*) k(x_i, x) + b with b = -rho of that solve.
 */
public final class EpsilonSvr {
    /** The learner name. */
    public static final String NAME = "svr";

    private EpsilonSvr() {
    }

    /** The trainer of the learner contract (task regression: the labels are the targets). */
    public static Trainer<Vec, SvrModel> trainer(EpsilonSvrOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.REGRESSION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /** @throws IllegalArgumentException for a non-finite target */
    public static SvrModel fit(LabeledDataset data, EpsilonSvrOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits, reporting the dual objective to the listener.
     *
     * @throws IllegalArgumentException for a non-finite target
     */
    public static SvrModel fit(LabeledDataset data, EpsilonSvrOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        List<Vec> x = data.points();
        double[] z = data.labels();
        CachedKernelMatrix k = CachedKernelMatrix.of(x, options.kernel(), options.kernelCacheMb());
        SvmSolution s = solve(k, z, options.c(), options.epsilon(), options.solver());
        int n = z.length;
        List<Vec> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double beta = s.alpha(i) - s.alpha(i + n);
            if (beta != 0) {
                sv.add(x.get(i));
                coef.add(beta);
            }
        }
        double[] beta = coef.stream().mapToDouble(Double::doubleValue).toArray();
        listener.onProgress(new FitProgress(NAME, 0, 1, (int) Math.min(Integer.MAX_VALUE, s.iterations()), s.objective(),
                clock.elapsedSeconds()));
        FitReport report = new FitReport(NAME, options.toString(), 0, s.iterations(), s.converged(),
                new double[] {s.objective()}, clock.elapsedSeconds());
        return new SvrModel(KernelExpansionModel.of(options.kernel(), sv, beta, s.bias()), data.dim(), report);
    }

    /**
     * The epsilon-SVR dual over a kernel matrix: a solution of 2n variables (alpha_0 .. alpha_{n-1}, then
     * alpha*_0 .. alpha*_{n-1}), its bias -rho and its objective 1/2 a'Qa + p'a (LIBSVM's "obj").
     *
     * @throws IllegalArgumentException for a target count other than n, a non-finite target, C or epsilon
     */
    public static SvmSolution solve(KernelMatrix k, double[] z, double c, double epsilon, SmoSolver.Options solver) {
        int n = k.size();
        if (z.length != n) {
            throw new IllegalArgumentException("expected " + n + " targets, found " + z.length);
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(epsilon >= 0) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be >= 0 and finite, got " + epsilon);
        }
        double[] y = new double[2 * n];
        double[] p = new double[2 * n];
        double[] upper = new double[2 * n];
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(z[i])) {
                throw new IllegalArgumentException("target " + i + " must be finite, got " + z[i]);
            }
            y[i] = 1;
            y[i + n] = -1;
            p[i] = epsilon - z[i];
            p[i + n] = epsilon + z[i];
            upper[i] = c;
            upper[i + n] = c;
        }
        return new SmoSolver(solver).solve(SvmProblem.dual(new SvrKernelMatrix(k), y, p, upper, 0.0));
    }
}
