package dev.kernelkit.optim;

import java.util.Arrays;

/**
 * Euclidean projections onto the simplex and the capped simplex.
 *
 * <ul>
 *   <li>{@link #ontoSimplex}: argmin_x ||x - v||^2 s.t. x &ge; 0, sum x = z. The solution is
 *       x_i = max(v_i - &tau;, 0) with &tau; found from the sorted entries (Duchi, Shalev-Shwartz,
 *       Singer, Chandra, "Efficient projections onto the l1-ball for learning in high dimensions",
 *       ICML 2008, Figure 1). O(n log n).</li>
 *   <li>{@link #ontoCappedSimplex}: argmin_x ||x - v||^2 s.t. 0 &le; x &le; &theta;, sum x = z.
 *       The KKT conditions give x_i = clip(v_i - &tau;, 0, &theta;) for a scalar &tau;; the sum
 *       S(&tau;) = &Sigma; clip(v_i - &tau;, 0, &theta;) is continuous, piecewise linear and
 *       non-increasing with breakpoints v_i and v_i - &theta;. Sorting the 2n breakpoints and
 *       sweeping them from the largest locates the linear piece on which S(&tau;) = z, where &tau;
 *       is solved exactly (the breakpoint search of W. Wang and C. Lu, "Projection onto the capped
 *       simplex", arXiv:1503.01002, 2015). O(n log n).</li>
 * </ul>
 */
public final class SimplexProjection {

    private SimplexProjection() {
    }

    /** Projection onto the probability simplex {x &ge; 0, sum x = 1}. */
    public static double[] ontoSimplex(double[] v) {
        return ontoSimplex(v, 1.0);
    }

    /**
     * Projection onto the scaled simplex {x &ge; 0, sum x = z} (Duchi et al. 2008).
     *
     * @return a new array
     * @throws IllegalArgumentException when v is empty or has a non-finite entry, or z is not
     *         positive and finite
     */
    public static double[] ontoSimplex(double[] v, double z) {
        checkInput(v);
        if (!(z > 0) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("z must be > 0 and finite, got " + z);
        }
        int n = v.length;
        double[] u = v.clone();
        Arrays.sort(u);
        // u ascending; walk it descending: rho = max{j : u_(j) - (sum_{r<=j} u_(r) - z)/j > 0}.
        double cumulative = 0;
        double tau = 0;
        for (int j = 1; j <= n; j++) {
            double uj = u[n - j];
            cumulative += uj;
            double t = (cumulative - z) / j;
            if (uj - t > 0) {
                tau = t;
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.max(v[i] - tau, 0.0);
        }
        return x;
    }

    /** Projection onto the capped simplex {0 &le; x &le; &theta;, sum x = 1}; needs &theta; &ge; 1/n. */
    public static double[] ontoCappedSimplex(double[] v, double theta) {
        return ontoCappedSimplex(v, 1.0, theta);
    }

    /**
     * Projection onto {0 &le; x &le; &theta;, sum x = z}, non-empty when n &theta; &ge; z
     * (checked up to a relative 1e-12, so &theta; = z / n computed in floating point is accepted).
     *
     * @return a new array
     * @throws IllegalArgumentException when v is empty or not finite, z or &theta; is not positive
     *         and finite, or n &theta; &lt; z
     */
    public static double[] ontoCappedSimplex(double[] v, double z, double theta) {
        checkInput(v);
        int n = v.length;
        if (!(z > 0) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("z must be > 0 and finite, got " + z);
        }
        if (!(theta > 0) || !Double.isFinite(theta)) {
            throw new IllegalArgumentException("theta must be > 0 and finite, got " + theta);
        }
        if (n * theta < z * (1 - 1e-12)) {
            throw new IllegalArgumentException("theta must be >= z/n = " + (z / n) + " for the capped simplex to be "
                    + "non-empty (n = " + n + ", z = " + z + "), got " + theta);
        }
        if (theta >= z) {
            // The cap can never bind: x >= 0 and sum x = z already imply x <= z <= theta.
            return ontoSimplex(v, z);
        }
        // Breakpoints: v_i (x_i leaves 0 as tau decreases) and v_i - theta (x_i reaches theta).
        // Encode each as (value, kind): sort 2n values descending.
        double[] points = new double[2 * n];
        int[] order = new int[2 * n];
        for (int i = 0; i < n; i++) {
            points[2 * i] = v[i];
            points[2 * i + 1] = v[i] - theta;
        }
        Integer[] idx = new Integer[2 * n];
        for (int k = 0; k < 2 * n; k++) {
            idx[k] = k;
        }
        // Descending; on a tie an element's entry event (even code) precedes its cap event (odd).
        Arrays.sort(idx, (a, b) -> {
            int c = Double.compare(points[b], points[a]);
            return c != 0 ? c : Integer.compare(a & 1, b & 1);
        });
        for (int k = 0; k < 2 * n; k++) {
            order[k] = idx[k];
        }
        // On the piece just above the current breakpoint: S(tau) = activeSum - active*tau + capped*theta.
        int active = 0;
        int capped = 0;
        double activeSum = 0;
        byte[] state = new byte[n]; // 0 = zero, 1 = between the bounds, 2 = capped at theta
        double tau = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 2 * n; k++) {
            int e = order[k];
            double b = points[e];
            double sAtB = activeSum - active * b + capped * theta;
            if (active > 0 && sAtB >= z) {
                // Recompute the sum over the located piece afresh (the running sum adds and subtracts).
                double fresh = 0;
                for (int i = 0; i < n; i++) {
                    if (state[i] == 1) {
                        fresh += v[i];
                    }
                }
                tau = (fresh + capped * theta - z) / active;
                break;
            }
            int i = e >> 1;
            if ((e & 1) == 0) {
                active++;
                activeSum += v[i];
                state[i] = 1;
            } else {
                active--;
                activeSum -= v[i];
                capped++;
                state[i] = 2;
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            // tau = -infinity (n theta = z up to rounding): every entry is capped.
            x[i] = Math.min(Math.max(v[i] - tau, 0.0), theta);
        }
        return x;
    }

    private static void checkInput(double[] v) {
        if (v.length == 0) {
            throw new IllegalArgumentException("v must not be empty");
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException("v[" + i + "] must be finite, got " + v[i]);
            }
        }
    }
}
