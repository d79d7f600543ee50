package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;
import dev.kernelkit.data.VariableLengthSeries;
import java.util.Objects;

/**
 * The normalised global alignment kernel on one channel of a multivariate time series of any length,
 * stored in the {@link VariableLengthSeries} encoding (the per-channel base kernels of IMKPL, Hosseini and
 * Hammer, CIKM 2019, spec {@code prototypes.md} §2, for recordings of unequal lengths):
 *
 * <pre>
 *   k(x, z) = {@link GlobalAlignmentKernel}(x_c, z_c) = exp(log G(x_c, z_c) − ½ log G(x_c, x_c) − ½ log G(z_c, z_c))
 * </pre>
 *
 * where x_c is channel c of x with its own length. Two points may have different dimensions (their
 * encodings are padded to their own data sets). Unit diagonal and PSD (Cuturi, ICML 2011). O(|x_c|·|z_c|)
 * per evaluation. Immutable.
 */
public final class VariableLengthChannelKernel implements AlignmentChannel {
    private final int channel;
    private final GlobalAlignmentKernel alignment;

    /**
     * @param channel the channel index c (0-based)
     * @param alignment the alignment kernel on the univariate series (its {@code dim} must be 1)
     * @throws IllegalArgumentException for a negative channel or an alignment kernel whose frames are not one value
     */
    public VariableLengthChannelKernel(int channel, GlobalAlignmentKernel alignment) {
        this.alignment = Checks.notNull("alignment", alignment);
        if (channel < 0) {
            throw new IllegalArgumentException("channel must be >= 0, got " + channel);
        }
        if (alignment.dim() != 1) {
            throw new IllegalArgumentException("the alignment kernel of a channel reads one value per frame, got dim "
                    + alignment.dim());
        }
        this.channel = channel;
    }

    /** The channel index c. */
    public int channelIndex() {
        return channel;
    }

    @Override
    public GlobalAlignmentKernel alignment() {
        return alignment;
    }

    /**
     * Channel c of x.
     *
     * @throws IllegalArgumentException when x is not a valid encoding or has no channel c
     */
    @Override
    public Vec channel(Vec x) {
        return VariableLengthSeries.channel(x, channel);
    }

    @Override
    public double apply(Vec x, Vec z) {
        return alignment.apply(channel(x), channel(z));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VariableLengthChannelKernel v && channel == v.channel && alignment.equals(v.alignment);
    }

    @Override
    public int hashCode() {
        return 31 * channel + Objects.hashCode(alignment);
    }

    @Override
    public String toString() {
        return "VariableLengthChannelKernel[channel=" + channel + ", alignment=" + alignment + "]";
    }
}
