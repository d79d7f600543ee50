package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;
import java.util.Arrays;

/**
 * A Gaussian on a group G of features with its width written as a divisor (the base kernels of
 * IMKPL, Hosseini and Hammer, CIKM 2019, spec {@code prototypes.md} §2):
 *
 * <pre>
 *   k(x, z) = exp(−‖x_G − z_G‖² / σ),   ‖x_G − z_G‖² = Σ_{f ∈ G} (x_f − z_f)²  (summed in the group's order)
 * </pre>
 *
 * σ = 0 (a constant group in the training data) gives the all-ones kernel. k(x, x) = 1 and k is
 * PSD for every σ &ge; 0. Unlike {@link FeatureSubsetKernel} over a {@link GaussianKernel}, the
 * features keep the given order and the width divides (so a model fitted with these kernels
 * evaluates them exactly as it was trained). O(|G|) per evaluation. Immutable.
 */
public final class GroupGaussianKernel implements Kernel<Vec> {
    private final int[] features;
    private final double width;

    /**
     * @param features the group G: non-empty, every index &ge; 0, in the order the distance is summed
     * @param width σ &ge; 0 and finite
     * @throws IllegalArgumentException for an empty group, a negative index or a bad width
     */
    public GroupGaussianKernel(int[] features, double width) {
        Checks.notNull("features", features);
        if (features.length == 0) {
            throw new IllegalArgumentException("features must not be empty");
        }
        for (int f : features) {
            if (f < 0) {
                throw new IllegalArgumentException("feature indices must be >= 0, got " + f);
            }
        }
        Checks.nonNegativeFinite("width", width);
        this.features = features.clone();
        this.width = width;
    }

    /** A copy of the features of the group, in their order. */
    public int[] features() {
        return features.clone();
    }

    /** The number of features in the group. */
    public int size() {
        return features.length;
    }

    /** Feature a of the group. */
    public int feature(int a) {
        return features[a];
    }

    /** The largest feature index of the group. */
    public int maxFeature() {
        int m = 0;
        for (int f : features) {
            m = Math.max(m, f);
        }
        return m;
    }

    /** σ (0: the all-ones kernel). */
    public double width() {
        return width;
    }

    /** @throws IllegalArgumentException when the points differ in dimension or lack a feature of the group */
    @Override
    public double apply(Vec x, Vec z) {
        x.checkSameDim(z);
        if (maxFeature() >= x.dim()) {
            throw new IllegalArgumentException("feature " + maxFeature() + " out of range for dimension " + x.dim());
        }
        if (width == 0) {
            return 1.0;
        }
        double s = 0;
        for (int f : features) {
            double v = x.get(f) - z.get(f);
            s += v * v;
        }
        return Math.exp(-s / width);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GroupGaussianKernel g && Arrays.equals(features, g.features)
                && Double.compare(width, g.width) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(features) + Double.hashCode(width);
    }

    @Override
    public String toString() {
        return "GroupGaussianKernel[features=" + Arrays.toString(features) + ", width=" + width + "]";
    }
}
