package dev.kernelkit.optim;

import java.util.Arrays;

/**
 * Limited-memory BFGS for small smooth unconstrained problems min_x f(x) (Nocedal &amp; Wright,
 * <i>Numerical Optimization</i>, 2nd ed., Algorithm 7.5 with the two-loop recursion of Algorithm
 * 7.4). The initial inverse Hessian is H0 = (s'y / y'y) I (eq. 7.20); steps come from the
 * strong-Wolfe {@link LineSearch#strongWolfe line search}, so every accepted step decreases f and
 * the recorded objective values are non-increasing. A pair (s, y) is stored only when
 * s'y &gt; 1e-10 ||s|| ||y||, which keeps the implicit inverse Hessian positive definite.
 *
 * <p>Cost per iteration: one or a few evaluations of f plus O(m n) arithmetic; memory O(m n).
 */
public final class Lbfgs {
    private static final double CURVATURE_EPS = 1e-10;

    private Lbfgs() {
    }

    /**
     * Minimises f from x0.
     *
     * @param f the function and its gradient
     * @param x0 the start point (not modified)
     * @param options the settings
     * @return the final point, value and why it stopped; non-convergence is reported, not thrown
     * @throws IllegalArgumentException when x0 is empty or has a non-finite entry, or f(x0) or its
     *         gradient is not finite
     */
    public static LbfgsResult minimize(DifferentiableFunction f, double[] x0, LbfgsOptions options) {
        int n = x0.length;
        if (n == 0) {
            throw new IllegalArgumentException("x0 must not be empty");
        }
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(x0[i])) {
                throw new IllegalArgumentException("x0[" + i + "] must be finite, got " + x0[i]);
            }
        }
        int m = options.memory();
        double[] x = x0.clone();
        double[] g = new double[n];
        double fx = f.valueAndGradient(x, g);
        if (!Double.isFinite(fx)) {
            throw new IllegalArgumentException("f(x0) must be finite, got " + fx);
        }
        double gNorm = norm(g);
        if (!Double.isFinite(gNorm)) {
            throw new IllegalArgumentException("the gradient at x0 must be finite, got " + Arrays.toString(g));
        }
        double[][] s = new double[m][n];
        double[][] y = new double[m][n];
        double[] rho = new double[m];
        double[] alpha = new double[m];
        int stored = 0;
        int newest = -1;
        double[] d = new double[n];
        double[] xNew = new double[n];
        double[] gNew = new double[n];
        double[] history = new double[Math.min(options.maxIterations(), 1 << 16) + 1];
        history[0] = fx;
        int evaluations = 1;
        int iter = 0;
        LbfgsResult.StopReason reason;
        while (true) {
            if (gNorm <= options.gradientTolerance()) {
                reason = LbfgsResult.StopReason.GRADIENT_TOLERANCE;
                break;
            }
            if (iter >= options.maxIterations()) {
                reason = LbfgsResult.StopReason.MAX_ITERATIONS;
                break;
            }
            // Two-loop recursion: d = -H g.
            for (int i = 0; i < n; i++) {
                d[i] = -g[i];
            }
            for (int k = 0; k < stored; k++) {
                int j = Math.floorMod(newest - k, m);
                alpha[j] = rho[j] * LineSearch.dot(s[j], d);
                axpy(-alpha[j], y[j], d);
            }
            if (stored > 0) {
                double gamma = LineSearch.dot(s[newest], y[newest]) / LineSearch.dot(y[newest], y[newest]);
                for (int i = 0; i < n; i++) {
                    d[i] *= gamma;
                }
            }
            for (int k = stored - 1; k >= 0; k--) {
                int j = Math.floorMod(newest - k, m);
                double beta = rho[j] * LineSearch.dot(y[j], d);
                axpy(alpha[j] - beta, s[j], d);
            }
            if (!(LineSearch.dot(g, d) < 0)) {
                // Rounding destroyed descent: restart from steepest descent.
                stored = 0;
                for (int i = 0; i < n; i++) {
                    d[i] = -g[i];
                }
            }
            double alpha0 = stored == 0 ? Math.min(1.0, 1.0 / norm(d)) : 1.0;
            LineSearch.Step step = LineSearch.strongWolfe(f, x, fx, g, d, alpha0, options.wolfeC1(),
                    options.wolfeC2(), options.maxLineSearchEvaluations(), xNew, gNew);
            evaluations += step.evaluations();
            if (!step.decreased() || !(step.value() <= fx)) {
                reason = LbfgsResult.StopReason.LINE_SEARCH_FAILED;
                break;
            }
            double sy = 0;
            double ss = 0;
            double yy = 0;
            for (int i = 0; i < n; i++) {
                double si = xNew[i] - x[i];
                double yi = gNew[i] - g[i];
                sy += si * yi;
                ss += si * si;
                yy += yi * yi;
            }
            if (sy > CURVATURE_EPS * Math.sqrt(ss * yy)) {
                int slot = (newest + 1) % m;
                for (int i = 0; i < n; i++) {
                    s[slot][i] = xNew[i] - x[i];
                    y[slot][i] = gNew[i] - g[i];
                }
                rho[slot] = 1.0 / sy;
                newest = slot;
                stored = Math.min(stored + 1, m);
            }
            double[] t = x;
            x = xNew;
            xNew = t;
            t = g;
            g = gNew;
            gNew = t;
            fx = step.value();
            gNorm = norm(g);
            iter++;
            if (iter >= history.length) {
                history = Arrays.copyOf(history, 2 * history.length);
            }
            history[iter] = fx;
        }
        return new LbfgsResult(x, fx, gNorm, iter, evaluations, reason, Arrays.copyOf(history, iter + 1));
    }

    private static void axpy(double a, double[] x, double[] y) {
        for (int i = 0; i < x.length; i++) {
            y[i] += a * x[i];
        }
    }

    private static double norm(double[] v) {
        return Math.sqrt(LineSearch.dot(v, v));
    }
}
