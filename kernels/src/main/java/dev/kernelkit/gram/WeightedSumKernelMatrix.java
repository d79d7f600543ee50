package dev.kernelkit.gram;

import java.util.List;

/**
 * The combined Gram matrix K = sum_m mu_m K_m of M base matrices of equal size with weights
 * mu_m &ge; 0 (the kernel an MKL method evaluates at its current weights, eq. (4) of Xu, Tsang and
 * Xu, TNNLS 2013). Nothing is precomputed: each entry or row is summed on demand over the
 * matrices with mu_m &gt; 0, so changing the weights ({@link #withWeights}) is O(M).
 *
 * <p>Rows are summed through one buffer per thread (a {@link ThreadLocal}), so {@link #row} does not
 * allocate per call. Safe for concurrent reads when the base matrices are.
 */
public final class WeightedSumKernelMatrix implements KernelMatrix {
    private final KernelMatrix[] matrices;
    private final double[] mu;
    private final int n;
    private final ThreadLocal<double[]> buffer;

    /**
     * @param matrices the base matrices K_m, at least one, all of the same size
     * @param weights the weights mu_m, one per matrix, each &ge; 0 and finite (copied)
     * @throws IllegalArgumentException for no matrices, a size mismatch or a bad weight
     */
    public WeightedSumKernelMatrix(List<? extends KernelMatrix> matrices, double[] weights) {
        if (matrices == null || matrices.isEmpty()) {
            throw new IllegalArgumentException("matrices must not be empty");
        }
        if (weights == null || weights.length != matrices.size()) {
            throw new IllegalArgumentException("expected one weight per matrix: " + matrices.size()
                    + " matrices, found " + (weights == null ? "no" : String.valueOf(weights.length)) + " weights");
        }
        this.matrices = matrices.toArray(new KernelMatrix[0]);
        this.n = this.matrices[0].size();
        for (int m = 0; m < this.matrices.length; m++) {
            if (this.matrices[m].size() != n) {
                throw new IllegalArgumentException("matrix " + m + " has size " + this.matrices[m].size()
                        + ", expected " + n + " like matrix 0");
            }
            if (!(weights[m] >= 0) || !Double.isFinite(weights[m])) {
                throw new IllegalArgumentException("weight " + m + " must be >= 0 and finite, got " + weights[m]);
            }
        }
        this.mu = weights.clone();
        this.buffer = ThreadLocal.withInitial(() -> new double[n]);
    }

    /** The same base matrices with other weights. */
    public WeightedSumKernelMatrix withWeights(double[] weights) {
        return new WeightedSumKernelMatrix(List.of(matrices), weights);
    }

    /** The number of base matrices M. */
    public int count() {
        return matrices.length;
    }

    /** Base matrix K_m. */
    public KernelMatrix matrix(int m) {
        return matrices[m];
    }

    /** A copy of the weights mu. */
    public double[] weights() {
        return mu.clone();
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public double get(int i, int j) {
        double s = 0;
        for (int m = 0; m < matrices.length; m++) {
            if (mu[m] != 0) {
                s += mu[m] * matrices[m].get(i, j);
            }
        }
        return s;
    }

    @Override
    public double diagonal(int i) {
        double s = 0;
        for (int m = 0; m < matrices.length; m++) {
            if (mu[m] != 0) {
                s += mu[m] * matrices[m].diagonal(i);
            }
        }
        return s;
    }

    @Override
    public void row(int i, double[] out) {
        java.util.Arrays.fill(out, 0, n, 0.0);
        double[] buf = buffer.get();
        for (int m = 0; m < matrices.length; m++) {
            double w = mu[m];
            if (w != 0) {
                matrices[m].row(i, buf);
                for (int j = 0; j < n; j++) {
                    out[j] += w * buf[j];
                }
            }
        }
    }

    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        java.util.Arrays.fill(out, 0, count, 0.0);
        double[] buf = buffer.get();
        for (int m = 0; m < matrices.length; m++) {
            double w = mu[m];
            if (w != 0) {
                matrices[m].row(i, cols, count, buf);
                for (int c = 0; c < count; c++) {
                    out[c] += w * buf[c];
                }
            }
        }
    }
}
