package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;
import java.util.Arrays;

/**
 * A Gaussian with one weight per feature (an automatic-relevance-determination Gaussian):
 *
 * <pre>
 *   k(x, z) = exp(-gamma sum_d w_d (x_d - z_d)^2),   dk(x, z)/dz_d = 2 gamma w_d (x_d - z_d) k(x, z)
 * </pre>
 *
 * the Gaussian of the weighted squared distance, e.g. with the per-feature weights an MKL model learned
 * ({@code dev.kernelkit.learn.LearnedKernel#featureWeights}); w_d = 1 for every d is the plain
 * {@link GaussianKernel}, w_d = 0 ignores feature d. PSD for every w &ge; 0 (a Gaussian of the rescaled points
 * sqrt(w_d) x_d). O(d) per evaluation (reading a feature of a sparse point costs O(log nnz)); immutable.
 * Specification {@code weighted-gaussian:gamma=G,weights=w_0;w_1;...} ({@link Kernels}).
 */
public final class WeightedGaussianKernel implements DifferentiableKernel {
    private final double gamma;
    private final double[] weights;

    /**
     * @param gamma the width, &gt; 0 and finite
     * @param weights w_d &ge; 0 and finite, one per feature, at least one (copied)
     * @throws IllegalArgumentException for a bad gamma, no weights or a weight out of range
     */
    public WeightedGaussianKernel(double gamma, double[] weights) {
        Checks.positiveFinite("gamma", gamma);
        Checks.notNull("weights", weights);
        if (weights.length == 0) {
            throw new IllegalArgumentException("weights must not be empty");
        }
        for (int d = 0; d < weights.length; d++) {
            Checks.nonNegativeFinite("weight " + d, weights[d]);
        }
        this.gamma = gamma;
        this.weights = weights.clone();
    }

    /** gamma. */
    public double gamma() {
        return gamma;
    }

    /** A copy of the per-feature weights w. */
    public double[] weights() {
        return weights.clone();
    }

    /** The number of features d the kernel reads. */
    public int dim() {
        return weights.length;
    }

    /** @throws IllegalArgumentException when the points differ in dimension or their dimension is not d */
    @Override
    public double apply(Vec x, Vec z) {
        check(x, z);
        return Math.exp(-gamma * weightedDistance(x, z));
    }

    /** sum_d w_d (x_d - z_d)^2, summed in increasing d. */
    private double weightedDistance(Vec x, Vec z) {
        double s = 0;
        for (int d = 0; d < weights.length; d++) {
            double w = weights[d];
            if (w != 0) {
                double v = x.get(d) - z.get(d);
                s += w * (v * v);
            }
        }
        return s;
    }

    /** @throws IllegalArgumentException as {@link #apply} */
    @Override
    public void addGradient(Vec x, Vec z, double scale, double[] acc) {
        check(x, z);
        double c = scale * 2.0 * gamma * Math.exp(-gamma * weightedDistance(x, z));
        for (int d = 0; d < weights.length; d++) {
            double w = weights[d];
            if (w != 0) {
                acc[d] += c * w * (x.get(d) - z.get(d));
            }
        }
    }

    private void check(Vec x, Vec z) {
        x.checkSameDim(z);
        if (x.dim() != weights.length) {
            throw new IllegalArgumentException("the weighted Gaussian has " + weights.length
                    + " feature weights but the points have dimension " + x.dim());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WeightedGaussianKernel k && Double.compare(gamma, k.gamma) == 0
                && Arrays.equals(weights, k.weights);
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(gamma) + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return "WeightedGaussianKernel[gamma=" + gamma + ", dim=" + weights.length + "]";
    }
}
