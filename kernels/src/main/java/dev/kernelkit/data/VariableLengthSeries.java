package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A multivariate time series of any length as one {@link Vec}, so that series of unequal lengths live in a
 * {@link LabeledDataset} and go through every {@code Vec}-based learner, Gram builder and model file:
 *
 * <pre>
 *   x = ( d, L_1, …, L_d,  channel 1 (L_1 values), …, channel d (L_d values),  0 … 0 )
 * </pre>
 *
 * A header with the channel count d and each channel's length, the channels one after another, then zero
 * padding up to the dimension of the data set (the longest series of the set; a {@link LabeledDataset} needs
 * one dimension). Why this encoding: it is self-describing, so a kernel reads channel c of any point without
 * side information and two points of different data sets (different padding) can be compared; a model file
 * stores its points as plain vectors; per-channel lengths also admit channels sampled at different rates.
 * The flat layout of {@link CsvSeriesFormat.SeriesData} (channel c at fixed positions c·L … c·L + L − 1)
 * cannot hold unequal lengths. Kernels on this encoding: {@link dev.kernelkit.kernel.VariableLengthChannelKernel}.
 */
public final class VariableLengthSeries {
    private VariableLengthSeries() {
    }

    /**
     * The encoding of one series without padding.
     *
     * @param channels channels[c] = the values of channel c in time order (each non-empty, finite)
     * @throws IllegalArgumentException for no channel, an empty channel or a non-finite value
     */
    public static double[] encode(double[][] channels) {
        Objects.requireNonNull(channels, "channels");
        int d = channels.length;
        if (d < 1) {
            throw new IllegalArgumentException("a series needs at least one channel");
        }
        int total = 1 + d;
        for (int c = 0; c < d; c++) {
            if (channels[c] == null || channels[c].length == 0) {
                throw new IllegalArgumentException("channel " + c + " is empty");
            }
            total += channels[c].length;
        }
        double[] x = new double[total];
        x[0] = d;
        int at = 1 + d;
        for (int c = 0; c < d; c++) {
            x[1 + c] = channels[c].length;
            for (double v : channels[c]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("channel " + c + " has a non-finite value " + v);
                }
                x[at++] = v;
            }
        }
        return x;
    }

    /**
     * Every series encoded and zero-padded to the longest encoding.
     *
     * @throws IllegalArgumentException as {@link #encode}, or when the series do not all have the same channel count
     */
    public static List<Vec> encodeAll(List<double[][]> series) {
        List<double[]> enc = new ArrayList<>(series.size());
        int max = 0;
        for (int s = 0; s < series.size(); s++) {
            double[] e = encode(series.get(s));
            if (s > 0 && series.get(s).length != series.get(0).length) {
                throw new IllegalArgumentException("series " + s + " has " + series.get(s).length
                        + " channels, series 0 has " + series.get(0).length);
            }
            enc.add(e);
            max = Math.max(max, e.length);
        }
        List<Vec> out = new ArrayList<>(enc.size());
        for (double[] e : enc) {
            out.add(DenseVec.wrap(e.length == max ? e : java.util.Arrays.copyOf(e, max)));
        }
        return out;
    }

    /**
     * The channel count d of an encoded series.
     *
     * @throws IllegalArgumentException when x is not a valid encoding
     */
    public static int channels(Vec x) {
        int d = count(x.dim() == 0 ? Double.NaN : x.get(0), "channel count", 1);
        if (1 + d > x.dim()) {
            throw new IllegalArgumentException("not a variable-length series: header of " + d + " channels does not fit "
                    + "in dimension " + x.dim());
        }
        return d;
    }

    /** The length of channel c. */
    public static int length(Vec x, int c) {
        int d = channels(x);
        Objects.checkIndex(c, d);
        return count(x.get(1 + c), "length of channel " + c, 1);
    }

    /**
     * Channel c of an encoded series (values in time order).
     *
     * @throws IllegalArgumentException when x is not a valid encoding or has fewer than c + 1 channels
     */
    public static Vec channel(Vec x, int c) {
        int d = channels(x);
        if (c < 0 || c >= d) {
            throw new IllegalArgumentException("channel " + c + " requested from a series of " + d + " channels");
        }
        int at = 1 + d;
        for (int a = 0; a < c; a++) {
            at += count(x.get(1 + a), "length of channel " + a, 1);
        }
        int len = count(x.get(1 + c), "length of channel " + c, 1);
        if ((long) at + len > x.dim()) {
            throw new IllegalArgumentException("not a variable-length series: channel " + c + " of length " + len
                    + " at offset " + at + " does not fit in dimension " + x.dim());
        }
        double[] v = new double[len];
        for (int t = 0; t < len; t++) {
            v[t] = x.get(at + t);
        }
        return DenseVec.wrap(v);
    }

    /** Every channel of an encoded series. */
    public static double[][] decode(Vec x) {
        int d = channels(x);
        double[][] out = new double[d][];
        for (int c = 0; c < d; c++) {
            out[c] = channel(x, c).toArray();
        }
        return out;
    }

    /**
     * Linear interpolation of a series sampled on a uniform grid over [0, 1] onto {@code length} uniform points
     * (first and last values kept; a series of one value is repeated).
     *
     * @throws IllegalArgumentException for an empty series or a length below 1
     */
    public static double[] resample(double[] v, int length) {
        if (v.length == 0) {
            throw new IllegalArgumentException("cannot resample an empty series");
        }
        if (length < 1) {
            throw new IllegalArgumentException("length must be >= 1, got " + length);
        }
        if (v.length == length) {
            return v.clone();
        }
        double[] out = new double[length];
        if (v.length == 1 || length == 1) {
            java.util.Arrays.fill(out, v[0]);
            return out;
        }
        for (int p = 0; p < length; p++) {
            double pos = (double) p * (v.length - 1) / (length - 1);
            int i = Math.min(v.length - 2, (int) Math.floor(pos));
            double f = pos - i;
            out[p] = (1 - f) * v[i] + f * v[i + 1];
        }
        return out;
    }

    private static int count(double v, String what, int min) {
        if (!(v >= min) || v != Math.rint(v) || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("not a variable-length series: " + what + " must be an integer >= " + min
                    + ", got " + v);
        }
        return (int) v;
    }
}
