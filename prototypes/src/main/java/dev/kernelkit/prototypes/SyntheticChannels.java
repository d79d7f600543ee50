package dev.kernelkit.prototypes;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Our recreation of the IMKPL synthetic feature-selection data (spec {@code prototypes.md} §7.5;
 * the paper's own data are not available): 4 classes of 9-channel time series of length 60 on
 * t ∈ [0, 1], flattened channel after channel into one vector of 9·60 features.
 *
 * <ul>
 *   <li>Channels 1–5 (class q = 1..4): f1 sin(2π(q+1)t); f2 Gaussian bump at 0.2q (width 0.08);
 *       f3 ramp with slope (−1)^q and level 0.25q; f4 step at 0.2q; f5 cos(2πt + qπ/4). Each with
 *       amplitude ×(1 ± 10 %), a time shift of up to ±2 samples and noise N(0, 0.1²).</li>
 *   <li>Channel 6 = channel 1 and channel 7 = channel 3 of the same sample, amplitude ×(1 ± 5 %),
 *       plus N(0, 0.05²).</li>
 *   <li>Channels 8 and 9: sin 2πt, identical for all samples, no noise.</li>
 * </ul>
 * Labels are 1..4. Seeded; same seed, same data.
 *
 * <p>{@link #generateSeries} makes the same classes as recordings of unequal lengths [our design]: each series
 * has its own length L, uniform in [minLength, maxLength], and its own pace: a random monotone piecewise-linear
 * time warp (the middle knot (a, b) with a uniform in [0.3, 0.7] and b = a ± 0.15) and a lead-in and lead-out
 * of 0–10 % of L each that hold the first and last values (the recording starts before and ends after the
 * movement). Channels 6–7 replicate 1 and 3 as above; channels 8 and 9 are sin 2πt over the series' own
 * length. Uniform resampling to one length undoes the length but not the pace or the lead-in; an alignment
 * kernel undoes both.
 */
public final class SyntheticChannels {
    /** Number of channels. */
    public static final int CHANNELS = 9;
    /** Series length. */
    public static final int LENGTH = 60;
    /** Number of classes. */
    public static final int CLASSES = 4;

    private SyntheticChannels() {
    }

    /** One feature group per channel (for {@link dev.kernelkit.gram.MultipleKernel#gaussianPerGroup}). */
    public static int[][] channelGroups() {
        int[][] g = new int[CHANNELS][LENGTH];
        for (int ch = 0; ch < CHANNELS; ch++) {
            for (int p = 0; p < LENGTH; p++) {
                g[ch][p] = ch * LENGTH + p;
            }
        }
        return g;
    }

    /** {@code perClass} series of each class (the spec uses 25). */
    public static LabeledDataset generate(int perClass, long seed) {
        if (perClass < 1) {
            throw new IllegalArgumentException("perClass must be >= 1, got " + perClass);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> xs = new ArrayList<>();
        double[] ys = new double[perClass * CLASSES];
        int idx = 0;
        for (int q = 1; q <= CLASSES; q++) {
            for (int r = 0; r < perClass; r++) {
                double[] x = new double[CHANNELS * LENGTH];
                double[][] base = new double[5][];
                for (int f = 1; f <= 5; f++) {
                    double amp = 1 + 0.1 * (2 * rnd.nextDouble() - 1);
                    int shift = rnd.nextInt(5) - 2;
                    base[f - 1] = new double[LENGTH];
                    for (int p = 0; p < LENGTH; p++) {
                        double t = (double) Math.min(LENGTH - 1, Math.max(0, p + shift)) / (LENGTH - 1);
                        base[f - 1][p] = amp * curve(f, q, t);
                        x[(f - 1) * LENGTH + p] = base[f - 1][p] + 0.1 * rnd.nextGaussian();
                    }
                }
                int[][] replica = {{5, 0}, {6, 2}};
                for (int[] rp : replica) {
                    double amp = 1 + 0.05 * (2 * rnd.nextDouble() - 1);
                    for (int p = 0; p < LENGTH; p++) {
                        x[rp[0] * LENGTH + p] = amp * x[rp[1] * LENGTH + p] + 0.05 * rnd.nextGaussian();
                    }
                }
                for (int ch = 7; ch < 9; ch++) {
                    for (int p = 0; p < LENGTH; p++) {
                        x[ch * LENGTH + p] = Math.sin(2 * Math.PI * p / (LENGTH - 1));
                    }
                }
                xs.add(DenseVec.wrap(x));
                ys[idx++] = q;
            }
        }
        return new LabeledDataset(xs, ys);
    }

    /**
     * {@code perClass} series of each class with lengths in [minLength, maxLength] and random pace (see the class
     * comment).
     *
     * @throws IllegalArgumentException for perClass &lt; 1 or lengths outside 4 &le; minLength &le; maxLength
     */
    public static dev.kernelkit.data.CsvSeriesFormat.SeriesSet generateSeries(int perClass, long seed, int minLength,
                                                                             int maxLength) {
        if (perClass < 1) {
            throw new IllegalArgumentException("perClass must be >= 1, got " + perClass);
        }
        if (minLength < 4 || maxLength < minLength) {
            throw new IllegalArgumentException("lengths must satisfy 4 <= minLength <= maxLength, got " + minLength + " and "
                    + maxLength);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[][]> out = new ArrayList<>();
        double[] ys = new double[perClass * CLASSES];
        int idx = 0;
        for (int q = 1; q <= CLASSES; q++) {
            for (int r = 0; r < perClass; r++) {
                int len = minLength + rnd.nextInt(maxLength - minLength + 1);
                double a = 0.3 + 0.4 * rnd.nextDouble();
                double b = a + 0.15 * (2 * rnd.nextDouble() - 1);
                double lead = 0.1 * rnd.nextDouble();
                double tail = 0.1 * rnd.nextDouble();
                double[] time = new double[len];
                for (int p = 0; p < len; p++) {
                    double s = (double) p / (len - 1);
                    double u = Math.min(1, Math.max(0, (s - lead) / (1 - lead - tail)));
                    time[p] = u <= a ? b * u / a : b + (1 - b) * (u - a) / (1 - a);
                }
                double[][] x = new double[CHANNELS][len];
                for (int f = 1; f <= 5; f++) {
                    double amp = 1 + 0.1 * (2 * rnd.nextDouble() - 1);
                    for (int p = 0; p < len; p++) {
                        x[f - 1][p] = amp * curve(f, q, time[p]) + 0.1 * rnd.nextGaussian();
                    }
                }
                int[][] replica = {{5, 0}, {6, 2}};
                for (int[] rp : replica) {
                    double amp = 1 + 0.05 * (2 * rnd.nextDouble() - 1);
                    for (int p = 0; p < len; p++) {
                        x[rp[0]][p] = amp * x[rp[1]][p] + 0.05 * rnd.nextGaussian();
                    }
                }
                for (int ch = 7; ch < 9; ch++) {
                    for (int p = 0; p < len; p++) {
                        x[ch][p] = Math.sin(2 * Math.PI * p / (len - 1));
                    }
                }
                out.add(x);
                ys[idx++] = q;
            }
        }
        return new dev.kernelkit.data.CsvSeriesFormat.SeriesSet(out, ys, CHANNELS);
    }

    private static double curve(int f, int q, double t) {
        switch (f) {
            case 1:
                return Math.sin(2 * Math.PI * (q + 1) * t);
            case 2: {
                double d = (t - 0.2 * q) / 0.08;
                return Math.exp(-0.5 * d * d);
            }
            case 3:
                return (q % 2 == 0 ? 1 : -1) * t + 0.25 * q;
            case 4:
                return t >= 0.2 * q ? 1.0 : 0.0;
            default:
                return Math.cos(2 * Math.PI * t + q * Math.PI / 4);
        }
    }
}
