package dev.kernelkit.gram;

import dev.kernelkit.gram.KernelMatrix;

/**
 * The M base kernel matrices K_1..K_M of an MKL problem on n training points, as the MKL solvers
 * read them: the combined matrix K(mu) = sum_m mu_m K_m for the SVM step, and the quadratic forms
 * q_m = beta' K_m beta (beta = alpha o y) that give the gradient dJ/dmu_m = -q_m / 2 and the
 * norms ||f_m||^2 = mu_m^2 q_m of Xu, Tsang and Xu (TNNLS 2013), Section IV.
 *
 * <p>Implementations: {@link SharedKernelMatrices} (base kernels on vectors, sharing inner
 * products and squared distances per feature subset, nothing n x n stored per kernel) and
 * {@link PrecomputedKernelMatrices} (the user's own Gram matrices).
 */
public interface BaseKernelMatrices {

    /** The number of base kernels M. */
    int count();

    /** The number of training points n. */
    int size();

    /**
     * The combined matrix sum_m mu_m K_m.
     *
     * @param mu M non-negative finite weights (copied)
     * @throws IllegalArgumentException for a wrong length or a negative or non-finite weight
     */
    KernelMatrix combined(double[] mu);

    /**
     * q_m = beta' K_m beta for every m; entries with beta_i = 0 cost nothing, so the work is
     * O(|S|^2 M) over the support S of beta.
     *
     * @throws IllegalArgumentException when beta does not have length n
     */
    double[] quadraticForms(double[] beta);

    /**
     * The per-kernel products P[v][m][i] = (K_m c_v)_i of each coefficient vector c_v (K_m as
     * {@link #combined} and {@link #quadraticForms} see it), so that K(mu) c_v = sum_m mu_m P[v][m] costs O(n M)
     * for any mu: the starting gradient of an SVM solve warm-started at c_v = y o alpha
     * ({@link dev.kernelkit.svm.KernelProducts}). O(n |S| M) over the union S of the supports. The default
     * returns null (not provided); callers then read rows of {@link #combined}.
     *
     * @throws IllegalArgumentException when a vector does not have length n
     */
    default double[][][] products(double[]... coefficients) {
        return null;
    }

    /** Checks a weight vector against M; shared by implementations. */
    static double[] checkWeights(double[] mu, int count) {
        if (mu == null || mu.length != count) {
            throw new IllegalArgumentException("expected " + count + " kernel weights, found "
                    + (mu == null ? "none" : String.valueOf(mu.length)));
        }
        for (int m = 0; m < count; m++) {
            if (!(mu[m] >= 0) || !Double.isFinite(mu[m])) {
                throw new IllegalArgumentException("kernel weight " + m + " must be >= 0 and finite, got " + mu[m]);
            }
        }
        return mu.clone();
    }
}
