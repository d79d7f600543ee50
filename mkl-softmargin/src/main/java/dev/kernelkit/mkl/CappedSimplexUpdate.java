package dev.kernelkit.mkl;

import java.util.Arrays;

/**
 * The closed-form kernel-weight step of SM1MKL (Xu, Tsang and Xu, TNNLS 2013, Lemmas 7 and 8):
 *
 * <pre>
 *   min_mu  sum_m a_m / mu_m   s.t.  sum_m mu_m = 1,  0 &le; mu_m &le; theta,   a_m &ge; 0, theta &ge; 1/M
 * </pre>
 *
 * Sort r_m = sqrt(a_m) descending; omega is the smallest p in {0..M-1} with
 * r_(p+1) (1 - p theta) / sum_{m &gt; p} r_(m) &lt; theta; then the omega largest get theta and the
 * rest mu_m = (1 - omega theta) r_m / sum_{q &gt; omega} r_(q). theta = 1/M gives 1/M everywhere,
 * theta &ge; 1 the L1-MKL step mu_m = r_m / sum r. Kernels with a_m = 0 get 0 unless the positive
 * a_m cannot take all the mass (then the rest is spread evenly over them, any split being optimal).
 * O(M log M).
 */
public final class CappedSimplexUpdate {
    private CappedSimplexUpdate() {
    }

    /**
     * @throws IllegalArgumentException when a is empty, has a negative or non-finite entry, or
     *         theta &lt; 1/M (no feasible point)
     */
    public static double[] solve(double[] a, double theta) {
        int m = a.length;
        if (m == 0) {
            throw new IllegalArgumentException("the kernel list must not be empty");
        }
        checkTheta(theta, m);
        Integer[] order = new Integer[m];
        double[] r = new double[m];
        for (int k = 0; k < m; k++) {
            if (!(a[k] >= 0) || !Double.isFinite(a[k])) {
                throw new IllegalArgumentException("a_" + k + " must be >= 0 and finite, got " + a[k]);
            }
            r[k] = Math.sqrt(a[k]);
            order[k] = k;
        }
        Arrays.sort(order, (p, q) -> Double.compare(r[q], r[p]));
        double[] tail = new double[m + 1];
        for (int k = m - 1; k >= 0; k--) {
            tail[k] = tail[k + 1] + r[order[k]];
        }
        double[] mu = new double[m];
        for (int p = 0; p < m; p++) {
            double rest = 1.0 - p * theta;
            if (tail[p] == 0) {
                // all remaining a are 0: any split of the rest among them is optimal; spread evenly
                double each = rest / (m - p);
                for (int k = 0; k < m; k++) {
                    mu[order[k]] = k < p ? theta : each;
                }
                return mu;
            }
            if (r[order[p]] * rest / tail[p] < theta) {
                for (int k = 0; k < m; k++) {
                    mu[order[k]] = k < p ? theta : rest * r[order[k]] / tail[p];
                }
                return mu;
            }
        }
        // no p qualifies only when M theta = 1 (up to rounding): every weight sits at the cap
        Arrays.fill(mu, 1.0 / m);
        return mu;
    }

    /** @throws IllegalArgumentException when theta &lt; 1/M or is not finite */
    static void checkTheta(double theta, int m) {
        if (!(theta * m >= 1.0 - 1e-12) || !Double.isFinite(theta)) {
            throw new IllegalArgumentException("theta must be >= 1/M = 1/" + m + " = " + (1.0 / m) + ", got " + theta);
        }
    }
}
