package dev.kernelkit.kernel;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import java.util.Arrays;
import java.util.Objects;

/**
 * The normalised global alignment kernel on one channel of a multivariate time series stored as a
 * flat vector (the per-channel base kernels of IMKPL, Hosseini and Hammer, CIKM 2019, spec
 * {@code prototypes.md} §2): the channel of x is the univariate series (x_{f_1}, ..., x_{f_L}) of
 * the group's features in their order, and
 *
 * <pre>
 *   k(x, z) = {@link GlobalAlignmentKernel}(channel(x), channel(z))
 *           = exp(log G(x_c, z_c) − ½ log G(x_c, x_c) − ½ log G(z_c, z_c))
 * </pre>
 *
 * Unit diagonal and PSD by construction (Cuturi, ICML 2011). O(L²) per evaluation (O(L·T) with a
 * band). Immutable.
 */
public final class ChannelAlignmentKernel implements AlignmentChannel {
    private final int[] features;
    private final GlobalAlignmentKernel alignment;

    /**
     * @param features the channel's features in series order: non-empty, every index &ge; 0
     * @param alignment the alignment kernel on the univariate series (its {@code dim} must be 1)
     * @throws IllegalArgumentException for an empty channel, a negative index or an alignment
     *         kernel whose frames are not one value
     */
    public ChannelAlignmentKernel(int[] features, GlobalAlignmentKernel alignment) {
        Checks.notNull("features", features);
        this.alignment = Checks.notNull("alignment", alignment);
        if (features.length == 0) {
            throw new IllegalArgumentException("features must not be empty");
        }
        for (int f : features) {
            if (f < 0) {
                throw new IllegalArgumentException("feature indices must be >= 0, got " + f);
            }
        }
        if (alignment.dim() != 1) {
            throw new IllegalArgumentException("the alignment kernel of a channel reads one value per frame, got dim "
                    + alignment.dim());
        }
        this.features = features.clone();
    }

    /** A copy of the channel's features, in series order. */
    public int[] features() {
        return features.clone();
    }

    /** The alignment kernel on the channel series. */
    @Override
    public GlobalAlignmentKernel alignment() {
        return alignment;
    }

    /**
     * The channel of x as a series.
     *
     * @throws IllegalArgumentException when x lacks a feature of the channel
     */
    @Override
    public Vec channel(Vec x) {
        double[] v = new double[features.length];
        for (int a = 0; a < features.length; a++) {
            if (features[a] >= x.dim()) {
                throw new IllegalArgumentException("feature " + features[a] + " out of range for dimension " + x.dim());
            }
            v[a] = x.get(features[a]);
        }
        return DenseVec.wrap(v);
    }

    @Override
    public double apply(Vec x, Vec z) {
        x.checkSameDim(z);
        return alignment.apply(channel(x), channel(z));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChannelAlignmentKernel c && Arrays.equals(features, c.features)
                && alignment.equals(c.alignment);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(features) + Objects.hashCode(alignment);
    }

    @Override
    public String toString() {
        return "ChannelAlignmentKernel[features=" + Arrays.toString(features) + ", alignment=" + alignment + "]";
    }
}
