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
 *   k(x, z) = {@link GlobalAlignmentKernel}(r(x_c), r(z_c)) = exp(log G(r(x_c), r(z_c)) − ½ log G(r(x_c), r(x_c)) − ½ log G(r(z_c), r(z_c)))
 * </pre>
 *
 * where x_c is channel c of x with its own length and r is either the identity ({@code resampleTo} = 0: the
 * series as recorded) or linear resampling to {@code resampleTo} steps ({@link VariableLengthSeries#resample}).
 * Why resample: G sums over all alignment paths, whose number grows exponentially with the lengths, so the
 * normalised value of two series falls with their length difference even when one is a uniformly stretched
 * copy of the other (measured in RESULTS.md); resampling to one length inside the kernel removes the length
 * and leaves the alignment to absorb differences of pace. Two points may have different dimensions (their
 * encodings are padded to their own data sets). Unit diagonal and PSD (Cuturi, ICML 2011; r is a fixed map).
 * O(|r(x_c)|·|r(z_c)|) per evaluation. Immutable.
 */
public final class VariableLengthChannelKernel implements AlignmentChannel {
    private final int channel;
    private final GlobalAlignmentKernel alignment;
    private final int resampleTo;

    /** The kernel on the channel as recorded (no resampling). */
    public VariableLengthChannelKernel(int channel, GlobalAlignmentKernel alignment) {
        this(channel, alignment, 0);
    }

    /**
     * @param channel the channel index c (0-based)
     * @param alignment the alignment kernel on the univariate series (its {@code dim} must be 1)
     * @param resampleTo the length every channel is resampled to before the alignment (0: none)
     * @throws IllegalArgumentException for a negative channel or length, or an alignment kernel whose frames are
     *         not one value
     */
    public VariableLengthChannelKernel(int channel, GlobalAlignmentKernel alignment, int resampleTo) {
        this.alignment = Checks.notNull("alignment", alignment);
        if (channel < 0) {
            throw new IllegalArgumentException("channel must be >= 0, got " + channel);
        }
        if (resampleTo < 0) {
            throw new IllegalArgumentException("resampleTo must be >= 0 (0: no resampling), got " + resampleTo);
        }
        this.resampleTo = resampleTo;
        if (alignment.dim() != 1) {
            throw new IllegalArgumentException("the alignment kernel of a channel reads one value per frame, got dim "
                    + alignment.dim());
        }
        this.channel = channel;
    }

    /** The length channels are resampled to before the alignment (0: none). */
    public int resampleTo() {
        return resampleTo;
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
     * Channel c of x, resampled to {@link #resampleTo} steps when that is not 0 (the series the alignment reads).
     *
     * @throws IllegalArgumentException when x is not a valid encoding or has no channel c
     */
    @Override
    public Vec channel(Vec x) {
        Vec v = VariableLengthSeries.channel(x, channel);
        return resampleTo == 0 || v.dim() == resampleTo ? v
                : dev.kernelkit.data.DenseVec.wrap(VariableLengthSeries.resample(v.toArray(), resampleTo));
    }

    @Override
    public double apply(Vec x, Vec z) {
        return alignment.apply(channel(x), channel(z));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VariableLengthChannelKernel v && channel == v.channel && resampleTo == v.resampleTo
                && alignment.equals(v.alignment);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * channel + resampleTo) + Objects.hashCode(alignment);
    }

    @Override
    public String toString() {
        return "VariableLengthChannelKernel[channel=" + channel + ", resampleTo=" + resampleTo + ", alignment=" + alignment + "]";
    }
}
