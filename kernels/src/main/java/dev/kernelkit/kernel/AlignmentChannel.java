package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * A base kernel that reads one channel of a multivariate time series from a point and compares two
 * channels with a normalised {@link GlobalAlignmentKernel} (Cuturi, ICML 2011; the per-channel base
 * kernels of IMKPL, Hosseini and Hammer, CIKM 2019, spec {@code prototypes.md} §2):
 * k(x, z) = GAK(channel(x), channel(z)). The Gram builders use {@link #channel} and {@link #alignment}
 * to align every series with itself once. Implemented by {@link ChannelAlignmentKernel} (fixed feature
 * positions) and {@link VariableLengthChannelKernel} (series of any length).
 */
public interface AlignmentChannel extends Kernel<Vec> {

    /** The channel of x as a univariate series (one value per frame). */
    Vec channel(Vec x);

    /** The alignment kernel on the channel series (one value per frame). */
    GlobalAlignmentKernel alignment();
}
