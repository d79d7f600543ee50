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
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Trains nu-SVC (Schoelkopf et al. 2000; LIBSVM's {@code -s 1}, Chang and Lin 2011, section 4.2) into an
 * {@link SvmModel}, with LIBSVM's formulation: the dual
 *
 * <pre>
 *   min_a 1/2 a'Qa   s.t.  sum_{y_i = +1} a_i = sum_{y_i = -1} a_i = nu n / 2,   0 &le; a_i &le; 1,   Q_ij = y_i y_j K_ij
 * </pre>
 *
 * is the grouped problem of {@link SmoSolver} with one group per sign ({@link SvmProblem#grouped}: group 0
 * the positive samples with right-hand side nu n / 2, group 1 the negative ones with -nu n / 2), started
 * from LIBSVM's feasible point (each class's samples filled to 1 in order until nu n / 2 is spent), which the solver
 * runs as LIBSVM's Solver_NU (selection within each sign, its shrinking, float rows; see {@link SmoSolver}). With
 * r_1 = rho_0 and r_2 = -rho_1 the multipliers of the two equalities ({@link SvmSolution#groupRho}), r =
 * (r_1 + r_2) / 2 and rho = (r_1 - r_2) / 2, and as LIBSVM does the machine is scaled by 1 / r: f(x) =
 * sum a_i y_i / r k(x_i, x) - rho / r, objective / r^2; so decision values are those of the C-SVC with C =
 * 1 / r. nu is feasible only when nu &le; 2 min(n_+, n_-) / n (else one error, LIBSVM's "specified nu is
 * infeasible"). Two classes give one machine (the larger label positive), k &ge; 3 classes one-vs-rest
 * machines, as {@link Svm}. Class weights do not apply: nu-SVC has no C to weight (LIBSVM's {@code -wi}
 * leaves it unchanged too).
 */
public final class NuSvm {
    /** The learner name. */
    public static final String NAME = "nu-svm";

    private NuSvm() {
    }

    /** The trainer of the learner contract. */
    public static Trainer<Vec, SvmModel> trainer(NuSvmOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /** @throws IllegalArgumentException for fewer than two classes or an infeasible nu */
    public static SvmModel fit(LabeledDataset data, NuSvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits, reporting each machine's dual objective (scaled by 1 / r^2) to the listener.
     *
     * @throws IllegalArgumentException for fewer than two classes or an infeasible nu
     */
    public static SvmModel fit(LabeledDataset data, NuSvmOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        double[] classes = data.classes();
        if (classes.length < 2) {
            throw new IllegalArgumentException("a nu-SVM needs at least 2 classes, got " + Arrays.toString(classes));
        }
        List<Vec> x = data.points();
        int[] classIndex = data.classIndices();
        int machines = classes.length == 2 ? 1 : classes.length;
        for (int m = 0; m < machines; m++) {
            checkFeasible(signs(classIndex, classes.length == 2 ? 1 : m), options.nu(),
                    machines == 1 ? "" : " (class " + data.classNames().get(m) + " against the rest)");
        }
        CachedKernelMatrix k = CachedKernelMatrix.of(x, options.kernel(), options.kernelCacheMb());
        List<KernelExpansionModel<Vec>> models = new ArrayList<>();
        long iterations = 0;
        boolean converged = true;
        double[] objectives = new double[machines];
        for (int m = 0; m < machines; m++) {
            double[] y = signs(classIndex, classes.length == 2 ? 1 : m);
            SvmSolution s = solve(k, y, options.nu(), options.solver());
            models.add(KernelExpansionModel.fromSolution(options.kernel(), x, y, s));
            iterations += s.iterations();
            converged &= s.converged();
            objectives[m] = s.objective();
            listener.onProgress(new FitProgress(NAME, m, machines, (int) Math.min(Integer.MAX_VALUE, s.iterations()),
                    s.objective(), clock.elapsedSeconds()));
        }
        FitReport report = new FitReport(NAME, options.toString(), 0, iterations, converged, objectives,
                clock.elapsedSeconds());
        return SvmModel.of(classes, models, data.dim(), report);
    }

    private static double[] signs(int[] classIndex, int positive) {
        double[] y = new double[classIndex.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = classIndex[i] == positive ? 1.0 : -1.0;
        }
        return y;
    }

    /**
     * @throws IllegalArgumentException when nu n / 2 exceeds the smaller class's size (the box a_i &le; 1 cannot
     *         hold it)
     */
    private static void checkFeasible(double[] y, double nu, String machine) {
        int pos = 0;
        for (double v : y) {
            pos += v > 0 ? 1 : 0;
        }
        int neg = y.length - pos;
        if (nu * y.length / 2 > Math.min(pos, neg)) {
            throw new IllegalArgumentException("nu = " + nu + " is infeasible" + machine + ": with " + pos + " positive and "
                    + neg + " negative samples nu must be <= 2 min(n+, n-) / n = " + 2.0 * Math.min(pos, neg) / y.length
                    + " (LIBSVM: specified nu is infeasible)");
        }
    }

    /**
     * One nu-SVC machine over a kernel matrix, scaled as LIBSVM does: alpha_i / r (the coefficients are
     * y_i alpha_i / r), bias -rho / r, objective / r^2 (the solution's iterations, KKT gap and convergence
     * are the solver's, unscaled).
     *
     * @param y signs +1 / -1, both present
     * @throws IllegalArgumentException for an infeasible nu, or when the solution has no margin (r &le; 0: the
     *         classes cannot be told apart, e.g. the same points in both)
     */
    public static SvmSolution solve(KernelMatrix k, double[] y, double nu, SmoSolver.Options solver) {
        int n = k.size();
        if (y.length != n) {
            throw new IllegalArgumentException("expected " + n + " labels, found " + y.length);
        }
        if (!(nu > 0 && nu <= 1)) {
            throw new IllegalArgumentException("nu must be in (0, 1], got " + nu);
        }
        checkFeasible(y, nu, "");
        int[] group = new int[n];
        double[] upper = new double[n];
        double[] start = new double[n];
        double half = nu * n / 2;
        double sumPos = half;
        double sumNeg = half;
        for (int i = 0; i < n; i++) {
            upper[i] = 1.0;
            if (y[i] > 0) {
                start[i] = Math.min(1.0, sumPos);
                sumPos -= start[i];
            } else {
                group[i] = 1;
                start[i] = Math.min(1.0, sumNeg);
                sumNeg -= start[i];
            }
        }
        // the start's class sums are exactly the right-hand sides the solver checks it against
        double[] delta = new double[2];
        for (int i = 0; i < n; i++) {
            delta[group[i]] += y[i] * start[i];
        }
        SvmSolution s = new SmoSolver(solver).solve(SvmProblem.grouped(k, y, group, new double[n], upper, delta), start);
        double r1 = s.groupRho(0);
        double r2 = -s.groupRho(1);
        double r = (r1 + r2) / 2;
        double rho = (r1 - r2) / 2;
        if (!(r > 0)) {
            throw new IllegalArgumentException("nu-SVC found no margin (r = " + r + " <= 0): the classes cannot be "
                    + "separated at nu = " + nu);
        }
        double[] a = s.alpha();
        for (int i = 0; i < n; i++) {
            a[i] /= r;
        }
        return new SvmSolution(a, -rho / r, s.objective() / (r * r), s.iterations(), s.kktGap(), s.converged());
    }
}
