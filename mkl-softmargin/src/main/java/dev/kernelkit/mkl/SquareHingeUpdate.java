package dev.kernelkit.mkl;

/**
 * The kernel-weight step of SM2MKL's primal (Xu, Tsang and Xu, TNNLS 2013, Proposition 4, eq. 14) with the
 * functions f_m held fixed:
 *
 * <pre>
 *   min_mu  sum_m a_m / mu_m + ||mu||^2 / (2 theta)   s.t.  sum_m mu_m = 1,  mu &ge; 0,   a_m = ||f_m||^2 / 2 &ge; 0
 * </pre>
 *
 * the analogue of SM1MKL's closed form ({@link CappedSimplexUpdate}, Lemmas 7-8), whose a_m it shares: with
 * f_m = mu_m K_m beta from the SVM at the current weights, a_m = 1/2 mu_m^2 q_m. The objective is strictly
 * convex; its KKT conditions with the multiplier lambda of the sum read a_m / mu_m^2 = mu_m / theta + lambda
 * for a_m &gt; 0 (one positive root mu_m(lambda) of mu^3 / theta + lambda mu^2 = a_m, decreasing in lambda) and
 * mu_m = max(0, -lambda theta) for a_m = 0. lambda is the root of sum_m mu_m(lambda) = 1, found by safeguarded
 * Newton steps inside the bracket [-1 / (M theta), M^2 max_m a_m] (sum &ge; 1 at the left end, &le; 1 at the
 * right), each mu_m(lambda) by safeguarded Newton steps inside [u, u + (a_m theta)^(1/3)], u = max(0, -lambda
 * theta). theta &rarr; infinity gives mu_m proportional to sqrt(a_m), SM1's step at theta &ge; 1 (L1-MKL);
 * theta &rarr; 0 gives the uniform weights.
 */
public final class SquareHingeUpdate {
    /** Newton / bisection steps of each scalar root; the bracket halves at least every other step. */
    private static final int MAX_STEPS = 200;

    private SquareHingeUpdate() {
    }

    /**
     * The minimiser, on the simplex (summing to 1 up to rounding).
     *
     * @throws IllegalArgumentException when a is empty, has a negative or non-finite entry, or theta is not
     *         positive and finite
     */
    public static double[] solve(double[] a, double theta) {
        int m = a.length;
        if (m == 0) {
            throw new IllegalArgumentException("the kernel list must not be empty");
        }
        if (!(theta > 0) || !Double.isFinite(theta)) {
            throw new IllegalArgumentException("theta must be > 0 and finite, got " + theta);
        }
        double amax = 0;
        for (int k = 0; k < m; k++) {
            if (!(a[k] >= 0) || !Double.isFinite(a[k])) {
                throw new IllegalArgumentException("a_" + k + " must be >= 0 and finite, got " + a[k]);
            }
            amax = Math.max(amax, a[k]);
        }
        double[] mu = new double[m];
        if (amax == 0) {
            java.util.Arrays.fill(mu, 1.0 / m);
            return mu;
        }
        double lo = -1.0 / (m * theta), hi = (double) m * m * amax;
        double lambda = Math.max(lo, Math.min(hi, 0.0));
        double[] slope = new double[1];
        for (int step = 0; step < MAX_STEPS; step++) {
            double s = sum(a, theta, lambda, mu, slope) - 1.0;
            if (s == 0) {
                break;
            }
            if (s > 0) {
                lo = lambda;
            } else {
                hi = lambda;
            }
            double next = slope[0] < 0 ? lambda - s / slope[0] : Double.NaN;
            if (!(next > lo && next < hi)) {
                next = 0.5 * (lo + hi);
            }
            if (next == lambda || hi - lo <= 1e-15 * Math.max(Math.abs(lo), Math.abs(hi))) {
                break;
            }
            lambda = next;
        }
        sum(a, theta, lambda, mu, slope);
        double total = 0;
        for (double v : mu) {
            total += v;
        }
        for (int k = 0; k < m; k++) {
            mu[k] /= total;
        }
        return mu;
    }

    /** sum_m mu_m(lambda), filling mu and slope[0] = d sum / d lambda. */
    private static double sum(double[] a, double theta, double lambda, double[] mu, double[] slope) {
        double s = 0, ds = 0;
        double u = Math.max(0.0, -lambda * theta);
        for (int k = 0; k < a.length; k++) {
            if (a[k] == 0) {
                mu[k] = u;
                ds += lambda < 0 ? -theta : 0;
            } else {
                double x = root(a[k], theta, lambda, u);
                mu[k] = x;
                // h(x, lambda) = x / theta + lambda - a / x^2 = 0: dx/dlambda = -1 / (1 / theta + 2 a / x^3)
                ds -= 1.0 / (1.0 / theta + 2.0 * a[k] / (x * x * x));
            }
            s += mu[k];
        }
        slope[0] = ds;
        return s;
    }

    /** The root x &gt; 0 of h(x) = x / theta + lambda - a / x^2 (increasing in x), a &gt; 0. */
    static double root(double a, double theta, double lambda, double u) {
        double lo = u, hi = u + Math.cbrt(a * theta);
        // start from the larger of the two one-term approximations, inside the bracket
        double x = lambda > 0 ? Math.min(Math.sqrt(a / lambda), hi) : hi;
        for (int step = 0; step < MAX_STEPS; step++) {
            double h = x / theta + lambda - a / (x * x);
            if (h == 0) {
                return x;
            }
            if (h > 0) {
                hi = x;
            } else {
                lo = x;
            }
            double next = x - h / (1.0 / theta + 2.0 * a / (x * x * x));
            if (!(next > lo && next < hi)) {
                next = 0.5 * (lo + hi);
            }
            if (next == x || hi - lo <= 1e-15 * hi) {
                return next;
            }
            x = next;
        }
        return x;
    }

    /**
     * The step from mu to next = {@link #solve} lengthened by the factor omega &ge; 1 in log space:
     * mu_m (next_m / mu_m)^omega, rescaled to sum 1 (next_m where mu_m = 0). The plain step multiplies each weight by
     * next_m / mu_m; near the L1 end (large theta) that ratio changes slowly from step to step, the weights of
     * unneeded kernels shrink geometrically and many steps are spent on that, which omega &gt; 1 shortens. Whether
     * a lengthened step lowers the objective is for the caller to check.
     *
     * @throws IllegalArgumentException for omega &lt; 1 or arrays of different lengths
     */
    public static double[] overRelaxed(double[] mu, double[] next, double omega) {
        if (!(omega >= 1) || !Double.isFinite(omega)) {
            throw new IllegalArgumentException("omega must be >= 1 and finite, got " + omega);
        }
        if (mu.length != next.length) {
            throw new IllegalArgumentException("mu has " + mu.length + " weights, next " + next.length);
        }
        double[] out = new double[mu.length];
        double sum = 0;
        for (int k = 0; k < mu.length; k++) {
            out[k] = mu[k] > 0 && next[k] > 0 ? mu[k] * Math.pow(next[k] / mu[k], omega) : next[k];
            sum += out[k];
        }
        if (!(sum > 0) || !Double.isFinite(sum)) {
            return next.clone();
        }
        for (int k = 0; k < out.length; k++) {
            out[k] /= sum;
        }
        return out;
    }
}
