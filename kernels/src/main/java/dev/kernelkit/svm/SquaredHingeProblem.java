package dev.kernelkit.svm;

import dev.kernelkit.optim.Cholesky;
import dev.kernelkit.optim.DifferentiableFunction;
import dev.kernelkit.optim.Lbfgs;
import dev.kernelkit.optim.LbfgsOptions;
import dev.kernelkit.optim.LbfgsResult;

/**
 * A primal L2-SVM (squared hinge loss) over a fixed feature matrix, with a general positive-definite
 * regulariser:
 *
 * <pre>
 *   min over w = (beta, rho):  Q(w) = 1/2 beta' R beta + C sum_i max(0, 1 - y_i f_i)^2,
 *   f_i = A_i beta + rho,
 * </pre>
 *
 * or with a cost per row, C_i in place of C (class weights: C_i = C w_{c(i)}, {@link ClassWeights}); costs
 * that are all equal are the plain problem at that C, computed the same way to the bit.
 *
 * with R (n x n) symmetric positive definite, A (m x n) the feature rows and y_i in {-1, +1}; the
 * bias rho is not regularised. Q is strictly convex and piecewise quadratic. SparseMI's inner
 * problem for fixed expansion vectors (Fu, Lu, Ting &amp; Zhang, IEEE TNNLS 2013, eq. 12 and
 * 14-16: A the bag-to-XV mean kernel rows, R = K_Z + ridge I) and its SVM initialisation (R = I)
 * are instances. Two independent solvers: {@link #solveNewton} (a finite Newton method on the
 * active set of margin violators with an exact line search over the breakpoints of the
 * piecewise-quadratic line function, Keerthi &amp; DeCoste, JMLR 6, 2005) and {@link #solveLbfgs}
 * (L-BFGS, as in the SparseMI paper), each the other's test oracle. Cost of one Newton iteration:
 * O(|S| n^2 + n^3/3) for |S| margin violators. Holds references to A, y and R, not copies: they
 * must not change while it solves.
 */
public final class SquaredHingeProblem implements DifferentiableFunction {
    private static final int MAX_NEWTON_ITERATIONS = 200;

    private final double[][] a;
    private final double[] y;
    private final double c;
    /** The cost of every row, or null when all rows cost {@link #c}. */
    private final double[] costs;
    private final double[][] r;
    private final int m;
    private final int n;

    /**
     * @param a the feature rows A, m x n
     * @param y the labels, +1 or -1, length m
     * @param c the loss weight C &gt; 0
     * @param r the regulariser R, n x n symmetric positive definite
     * @throws IllegalArgumentException when the shapes do not fit, a label is not +1 or -1, or C is
     *         not positive and finite
     */
    public SquaredHingeProblem(double[][] a, double[] y, double c, double[][] r) {
        this(a, y, c, null, r);
    }

    /**
     * The problem with the cost C_i of every row (e.g. C times the weight of the row's class).
     *
     * @param costs C_i for every row, each &gt; 0 and finite (copied)
     * @throws IllegalArgumentException as the other constructor, and for a cost per row of another length or
     *         one that is not positive and finite
     */
    public SquaredHingeProblem(double[][] a, double[] y, double[] costs, double[][] r) {
        this(a, y, checkedCosts(costs, y.length)[0], uniform(costs) ? null : costs.clone(), r);
    }

    private static double[] checkedCosts(double[] costs, int m) {
        if (costs.length != m) {
            throw new IllegalArgumentException("expected one cost per row, found " + costs.length + " costs for " + m
                    + " rows");
        }
        if (m == 0) {
            return new double[] {1.0};
        }
        for (int i = 0; i < m; i++) {
            if (!(costs[i] > 0) || !Double.isFinite(costs[i])) {
                throw new IllegalArgumentException("cost of row " + i + " must be > 0 and finite, got " + costs[i]);
            }
        }
        return costs;
    }

    private static boolean uniform(double[] costs) {
        for (double v : costs) {
            if (v != costs[0]) {
                return false;
            }
        }
        return true;
    }

    private SquaredHingeProblem(double[][] a, double[] y, double c, double[] costs, double[][] r) {
        if (a.length != y.length) {
            throw new IllegalArgumentException("expected one label per feature row, found " + a.length + " rows and "
                    + y.length + " labels");
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        for (int j = 0; j < r.length; j++) {
            if (r[j].length != r.length) {
                throw new IllegalArgumentException("R must be square: row " + j + " has " + r[j].length
                        + " entries, expected " + r.length);
            }
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i].length != r.length) {
                throw new IllegalArgumentException("feature row " + i + " has " + a[i].length + " entries, expected "
                        + r.length + " (the size of R)");
            }
            if (y[i] != 1.0 && y[i] != -1.0) {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
        }
        this.a = a;
        this.y = y;
        this.c = c;
        this.costs = costs;
        this.r = r;
        this.m = y.length;
        this.n = r.length;
    }

    /** Number of variables n + 1 (beta and rho). */
    public int variables() {
        return n + 1;
    }

    /** f_i = A_i beta + rho for every row i. */
    public double[] decisions(double[] w) {
        double[] f = new double[m];
        for (int i = 0; i < m; i++) {
            double[] ai = a[i];
            double s = w[n];
            for (int j = 0; j < n; j++) {
                s += ai[j] * w[j];
            }
            f[i] = s;
        }
        return f;
    }

    /** Q(w). */
    public double value(double[] w) {
        return valueAndGradient(w, null);
    }

    @Override
    public double valueAndGradient(double[] w, double[] grad) {
        double[] f = decisions(w);
        double reg = 0;
        for (int j = 0; j < n; j++) {
            double rb = 0;
            double[] rj = r[j];
            for (int k = 0; k < n; k++) {
                rb += rj[k] * w[k];
            }
            reg += w[j] * rb;
            if (grad != null) {
                grad[j] = rb;
            }
        }
        if (grad != null) {
            grad[n] = 0;
        }
        double loss = 0;
        for (int i = 0; i < m; i++) {
            double slack = 1 - y[i] * f[i];
            if (slack > 0) {
                loss += costs == null ? slack * slack : costs[i] * slack * slack;
                if (grad != null) {
                    double coef = 2 * cost(i) * (f[i] - y[i]);
                    double[] ai = a[i];
                    for (int j = 0; j < n; j++) {
                        grad[j] += coef * ai[j];
                    }
                    grad[n] += coef;
                }
            }
        }
        return 0.5 * reg + (costs == null ? c * loss : loss);
    }

    /** C_i. */
    private double cost(int i) {
        return costs == null ? c : costs[i];
    }

    /**
     * Finite Newton method from {@code warm} (or zero): Newton direction on the current active set
     * {i : y_i f_i &lt; 1}, exact minimisation along it, until a full step leaves the active set
     * unchanged (then w is the exact minimiser up to rounding).
     *
     * @return the minimiser (beta, rho), length n + 1
     * @throws IllegalStateException when a Newton system is not numerically positive definite
     *         (R too close to singular; {@link Cholesky#solveInPlace})
     */
    public double[] solveNewton(double[] warm) {
        int dim = n + 1;
        double[] w = warm != null ? warm.clone() : new double[dim];
        double[] g = new double[dim];
        double[][] h = new double[dim][dim];
        double[] d = new double[dim];
        boolean[] active = new boolean[m];
        boolean[] previous = new boolean[m];
        boolean fullStep = false;
        for (int iter = 0; iter < MAX_NEWTON_ITERATIONS; iter++) {
            double[] f = decisions(w);
            boolean same = true;
            int count = 0;
            for (int i = 0; i < m; i++) {
                active[i] = y[i] * f[i] < 1;
                if (active[i] != previous[i]) {
                    same = false;
                }
                if (active[i]) {
                    count++;
                }
            }
            if (iter > 0 && same && fullStep) {
                break;
            }
            valueAndGradient(w, g);
            double gMax = 0;
            for (double v : g) {
                gMax = Math.max(gMax, Math.abs(v));
            }
            if (gMax == 0) {
                break;
            }
            for (int j = 0; j < n; j++) {
                System.arraycopy(r[j], 0, h[j], 0, n);
                h[j][n] = 0;
            }
            java.util.Arrays.fill(h[n], 0);
            for (int i = 0; i < m; i++) {
                if (!active[i]) {
                    continue;
                }
                double[] ai = a[i];
                for (int j = 0; j < n; j++) {
                    double s = 2 * cost(i) * ai[j];
                    if (s == 0) {
                        continue;
                    }
                    double[] hj = h[j];
                    for (int k = 0; k <= j; k++) {
                        hj[k] += s * ai[k];
                    }
                    h[n][j] += s;
                }
                h[n][n] += 2 * cost(i);
            }
            if (count == 0) {
                h[n][n] = 1; // the gradient in rho is 0, so the Newton step in rho is 0
            }
            for (int j = 0; j < dim; j++) {
                for (int k = j + 1; k < dim; k++) {
                    h[j][k] = h[k][j];
                }
            }
            for (int j = 0; j < dim; j++) {
                d[j] = -g[j];
            }
            Cholesky.solveInPlace(h, d);
            double t = exactStep(w, f, d);
            double moved = 0;
            double size = 0;
            for (int j = 0; j < dim; j++) {
                w[j] += t * d[j];
                moved = Math.max(moved, Math.abs(t * d[j]));
                size = Math.max(size, Math.abs(w[j]));
            }
            fullStep = Math.abs(t - 1) <= 1e-9;
            System.arraycopy(active, 0, previous, 0, m);
            if (moved <= 1e-15 * (1 + size)) {
                break;
            }
        }
        return w;
    }

    /**
     * The exact minimiser t &ge; 0 of phi(t) = Q(w + t d): phi' is piecewise linear and
     * increasing, with breakpoints where a row's margin crosses 1; walk them in order.
     */
    private double exactStep(double[] w, double[] f, double[] d) {
        double[] delta = decisions(d);
        double dRd = 0;
        double wRd = 0;
        for (int j = 0; j < n; j++) {
            double rd = 0;
            double[] rj = r[j];
            for (int k = 0; k < n; k++) {
                rd += rj[k] * d[k];
            }
            dRd += d[j] * rd;
            wRd += w[j] * rd;
        }
        double slope0 = wRd;
        double curvature = dRd;
        double[] breaks = new double[m];
        int[] order = new int[m];
        int nb = 0;
        for (int i = 0; i < m; i++) {
            double margin = y[i] * f[i];
            double rate = y[i] * delta[i];
            boolean activeNow = margin < 1 || (margin == 1 && rate < 0);
            if (activeNow) {
                slope0 += 2 * cost(i) * (f[i] - y[i]) * delta[i];
                curvature += 2 * cost(i) * delta[i] * delta[i];
            }
            if (rate != 0) {
                double tb = (1 - margin) / rate;
                if (tb > 0) {
                    breaks[nb] = tb;
                    order[nb] = i;
                    nb++;
                }
            }
        }
        Integer[] idx = new Integer[nb];
        for (int k = 0; k < nb; k++) {
            idx[k] = k;
        }
        final double[] bk = breaks;
        java.util.Arrays.sort(idx, (p, q) -> Double.compare(bk[p], bk[q]));
        for (int k = 0; k < nb; k++) {
            double tb = breaks[idx[k]];
            if (curvature > 0) {
                double root = -slope0 / curvature;
                if (root <= tb) {
                    return Math.max(root, 0);
                }
            }
            int i = order[idx[k]];
            double rate = y[i] * delta[i];
            double s = 2 * cost(i) * (f[i] - y[i]) * delta[i];
            double q = 2 * cost(i) * delta[i] * delta[i];
            if (rate < 0) { // enters the active set
                slope0 += s;
                curvature += q;
            } else { // leaves it
                slope0 -= s;
                curvature -= q;
            }
        }
        return curvature > 0 ? Math.max(-slope0 / curvature, 0) : 1.0;
    }

    /** L-BFGS from {@code warm} (or zero) to the given gradient tolerance: the paper's solver, our oracle. */
    public double[] solveLbfgs(double[] warm, double gradientTolerance) {
        double[] x0 = warm != null ? warm.clone() : new double[n + 1];
        LbfgsResult res = Lbfgs.minimize(this, x0,
                LbfgsOptions.defaults().withGradientTolerance(gradientTolerance).withMaxIterations(20000));
        return res.x();
    }
}
