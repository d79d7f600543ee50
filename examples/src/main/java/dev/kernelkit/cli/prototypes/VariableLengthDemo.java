package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.SyntheticChannels;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * IMKPL on the synthetic 9-channel series of unequal lengths ({@link SyntheticChannels#generateSeries}): one GAK
 * per channel on the variable-length encoding (the series as recorded, or resampled inside the kernel to the
 * median training length, the default of {@link MultipleKernel#alignmentPerChannel(java.util.List, long)}), against
 * uniform resampling of every series to the mean length beforehand followed by one GAK or one Gaussian per
 * channel at fixed positions. Same data, same stratified 70/30 split (seed + 1) and the same fixed IMKPL options
 * for all four ({@link #OPTIONS}: fixed rather than by inner CV so that one fit per representation compares the
 * representations, not four tunings).
 */
public final class VariableLengthDemo {
    /** The three representations, in print order. */
    public enum Representation {
        /** One GAK per channel on the series as recorded (variable-length encoding, no resampling). */
        AS_RECORDED_GAK,
        /** One GAK per channel, each channel resampled inside the kernel to its median training length (default). */
        VARIABLE_LENGTH_GAK,
        /** Every series resampled to the mean length, one GAK per channel. */
        RESAMPLED_GAK,
        /** Every series resampled to the mean length, one Gaussian per channel. */
        RESAMPLED_GAUSSIAN
    }

    /**
     * One repetition's test accuracy and number of channels kept per representation (in {@link Representation}
     * order).
     */
    public record Outcome(long seed, double[] accuracy, int[] kept) {
    }

    /** The IMKPL options of every representation: T = 3, λ = 0.2, μ = 0.1, τ = 0.2, capped β-step with r = 3, the vote. */
    public static final ImkplOptions OPTIONS = ImkplOptions.of(3, 0.2, 0.1, 0.2)
            .withBetaStep(ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP).withLsForm(ImkplOptions.LsForm.DISTANCE_DIFFERENCE)
            .withKernelCap(3);

    private VariableLengthDemo() {
    }

    /** One repetition on seed {@code seed}: 25 series per class with lengths in [minLength, maxLength]. */
    public static Outcome run(long seed, int minLength, int maxLength) {
        CsvSeriesFormat.SeriesSet all = SyntheticChannels.generateSeries(25, seed, minLength, maxLength);
        Splits.Split s = Splits.repeatedStratifiedHoldOut(all.labels(), 0.7, 1, seed + 1).get(0);
        ImkplOptions o = OPTIONS.withSeed(seed);
        Representation[] reps = Representation.values();
        double[] acc = new double[reps.length];
        int[] kept = new int[reps.length];
        int len = all.meanLength();
        for (int r = 0; r < reps.length; r++) {
            boolean encoded = reps[r] == Representation.VARIABLE_LENGTH_GAK || reps[r] == Representation.AS_RECORDED_GAK;
            LabeledDataset data = encoded ? all.encoded() : all.resampled(len).data();
            LabeledDataset train = data.subset(s.train());
            LabeledDataset test = data.subset(s.test());
            MultipleKernel ks = switch (reps[r]) {
                case AS_RECORDED_GAK -> MultipleKernel.alignmentPerChannel(train.points(), seed, 0);
                case VARIABLE_LENGTH_GAK -> MultipleKernel.alignmentPerChannel(train.points(), seed);
                case RESAMPLED_GAK -> MultipleKernel.alignmentPerGroup(train.points(),
                        CsvSeriesFormat.channelGroups(SyntheticChannels.CHANNELS, len), seed);
                case RESAMPLED_GAUSSIAN -> MultipleKernel.gaussianPerGroup(train.points(),
                        CsvSeriesFormat.channelGroups(SyntheticChannels.CHANNELS, len));
            };
            ImkplModel m = Imkpl.fit(train, ks, o, FitListener.SILENT);
            acc[r] = Metrics.accuracy(test.labels(), m.predictLabels(test.points()));
            kept[r] = m.selectedKernels(1e-6);
        }
        return new Outcome(seed, acc, kept);
    }

    /** {@code repeats} repetitions on seeds seed, seed + 1, …; prints one line each and the means. */
    public static List<Outcome> runAndPrint(long seed, int repeats, int minLength, int maxLength, PrintWriter out) {
        Representation[] reps = Representation.values();
        double[][] acc = new double[reps.length][repeats];
        List<Outcome> all = new java.util.ArrayList<>();
        out.printf(Locale.ROOT, "synthetic 9-channel series of lengths %d-%d (4 classes x 25, 70/30 split), IMKPL T = 3, "
                + "capped r = 3: test accuracy (channels kept)%n", minLength, maxLength);
        for (int i = 0; i < repeats; i++) {
            Outcome o = run(seed + i, minLength, maxLength);
            all.add(o);
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "seed %d:", seed + i));
            for (int r = 0; r < reps.length; r++) {
                acc[r][i] = o.accuracy()[r];
                sb.append(String.format(Locale.ROOT, "  %s %.4f (%d)", reps[r], o.accuracy()[r], o.kept()[r]));
            }
            out.println(sb);
            out.flush();
        }
        for (int r = 0; r < reps.length; r++) {
            Summary s = Summary.of(acc[r]);
            out.printf(Locale.ROOT, "mean %s: accuracy %.4f ± %.4f%n", reps[r], s.mean(), s.sd());
        }
        out.flush();
        return all;
    }
}
