package dev.kernelkit.cvm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Core vector regression: the L2-SVR of Tsang, Kwok and Zurada ("Generalized Core Vector
 * Machines", IEEE TNN 17(5), 2006; spec §5) as a center-constrained MEB over 2m points
 * (a~ = [lambda ; lambda*]):
 *
 * <pre>
 *   max  a~'(2/C)[y ; -y] - a~'K~a~   s.t. a~ &ge; 0, 1'a~ = 1
 *   K~ = [[K + 11' + (mu m / C) I, -(K + 11')], [-(K + 11'), K + 11' + (mu m / C) I]]
 * </pre>
 *
 * in the CCMEB form v = (2/C)[y ; -y] + eta 1 with eta = max_i (K~_ii + (2/C)|y_i|), so that every
 * v_i &ge; K~_ii. Recovery (spec §5.2), with a_i = lambda_i - lambda_i*: w = C sum a_i phi(x_i),
 * b = C sum a_i, f(x) = C sum a_i (k(x_i, x) + 1); epsbar = y_i - f(x_i) - mu m lambda_i for any
 * lambda_i &gt; 0. The core-set iteration adds the furthest copy (the one matching the sign of the
 * residual). Any kernel works.
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}, task
 * {@link Task#REGRESSION}: the labels are the targets): the fit report counts the outer core-set
 * iterations and traces R^2 after each; the listener hears the same.
 */
public final class CoreVectorRegression {
    /** The learner's catalog name. */
    public static final String NAME = "cvr";

    private CoreVectorRegression() {
    }

    /** The trainer of the learner contract: {@link #fit(LabeledDataset, CvrOptions, FitListener)} with these options. */
    public static Trainer<Vec, CvrModel> trainer(CvrOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.REGRESSION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /**
     * Fits f.
     *
     * @throws IllegalArgumentException for fewer than two points, a non-finite target or k(x, x)
     */
    public static CvrModel fit(LabeledDataset data, CvrOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /** As {@link #fit(LabeledDataset, CvrOptions)}, reporting R^2 after every outer iteration. */
    public static CvrModel fit(LabeledDataset data, CvrOptions options, FitListener listener) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        Stopwatch clock = Stopwatch.start();
        int m = data.size();
        if (m < 2) {
            throw new IllegalArgumentException("regression needs at least 2 points, got " + m);
        }
        List<Vec> x = data.points();
        double[] y = data.labels();
        Kernel<Vec> kernel = options.kernel();
        double[] diag = new double[m];
        double eta = Double.NEGATIVE_INFINITY;
        double c = options.c();
        double ridge = options.mu() * m / c;
        for (int i = 0; i < m; i++) {
            if (!Double.isFinite(y[i])) {
                throw new IllegalArgumentException("target " + i + " must be finite, got " + y[i]);
            }
            diag[i] = kernel.apply(x.get(i), x.get(i));
            if (!Double.isFinite(diag[i])) {
                throw new IllegalArgumentException("k(x, x) of point " + i + " must be finite, got " + diag[i]);
            }
            eta = Math.max(eta, diag[i] + 1 + ridge + 2 / c * Math.abs(y[i]));
        }
        double etaF = eta;
        MebProblem problem = new MebProblem() {
            @Override
            public int size() {
                return 2 * m;
            }

            @Override
            public double entry(int i, int j) {
                int a = i % m;
                int b = j % m;
                double s = (i < m) == (j < m) ? 1.0 : -1.0;
                double k = a == b ? diag[a] : kernel.apply(x.get(a), x.get(b));
                return s * (k + 1) + (i == j ? ridge : 0.0);
            }

            @Override
            public double offset(int i) {
                return etaF + (i < m ? 2 / c * y[i] : -2 / c * y[i - m]);
            }

            @Override
            public int group(int i) {
                return i < m ? 0 : 1;
            }
        };
        CoreSetSolver.Progress progress = listener == FitListener.SILENT ? CoreSetSolver.Progress.NONE
                : (iteration, radius2) -> listener.onProgress(new FitProgress(NAME, 0, 1, iteration, radius2,
                        clock.elapsedSeconds()));
        CoreSetResult r = CoreSetSolver.solve(problem, options.coreSet(), progress);
        int[] core = r.coreIndices();
        double[] alpha = r.alpha();
        double[] lambda = new double[m];
        double[] lambdaStar = new double[m];
        for (int k = 0; k < core.length; k++) {
            if (core[k] < m) {
                lambda[core[k]] += alpha[k];
            } else {
                lambdaStar[core[k] - m] += alpha[k];
            }
        }
        List<Vec> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        double b = 0;
        for (int i = 0; i < m; i++) {
            double a = lambda[i] - lambdaStar[i];
            if (lambda[i] > 0 || lambdaStar[i] > 0) {
                sv.add(x.get(i));
                coef.add(c * a);
                b += c * a;
            }
        }
        KernelExpansionModel<Vec> f = KernelExpansionModel.of(kernel, sv,
                coef.stream().mapToDouble(Double::doubleValue).toArray(), b);
        // epsbar from the largest lambda (or lambda*), the most reliable KKT equality
        int best = 0;
        boolean star = false;
        double top = -1;
        for (int i = 0; i < m; i++) {
            if (lambda[i] > top) {
                top = lambda[i];
                best = i;
                star = false;
            }
            if (lambdaStar[i] > top) {
                top = lambdaStar[i];
                best = i;
                star = true;
            }
        }
        double fi = f.decision(x.get(best));
        double epsBar = star ? fi - y[best] - options.mu() * m * lambdaStar[best]
                : y[best] - fi - options.mu() * m * lambda[best];
        FitReport report = new FitReport(NAME, options.toString(), options.coreSet().seed(), r.iterations(),
                r.converged(), r.radius2Trace(), clock.elapsedSeconds());
        return new CvrModel(f, epsBar, core.length, data.dim(), report, r);
    }
}
