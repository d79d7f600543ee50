package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.plot.BarChart;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.SyntheticChannels;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The synthetic feature-selection experiment of spec §7.5 (our seeded recreation), shared by {@code prototypes demo}
 * and the prototypes section of {@code kernelkit demo}: which of nine channels IMKPL keeps.
 */
public final class PrototypesDemo {
    /** The data seed of {@code prototypes demo} and of {@code kernelkit demo}'s prototypes section. */
    public static final long DEMO_SEED = 11;

    private PrototypesDemo() {
    }

    /**
     * The outcome of the synthetic feature-selection experiment.
     *
     * @param accuracy test accuracy
     * @param kernelWeights the 9 channel weights beta, in channel order
     * @param trainSize training samples
     * @param testSize test samples
     * @param seconds training time
     * @param model the fitted model (for the prototype-composition chart)
     */
    public record Result(double accuracy, double[] kernelWeights, int trainSize, int testSize, double seconds,
                         ImkplModel model) {
        /** A copy of the weights. */
        @Override
        public double[] kernelWeights() {
            return kernelWeights.clone();
        }
    }

    /**
     * The synthetic feature-selection experiment of spec §7.5 (our seeded recreation): 4 classes x
     * 25 samples of {@link SyntheticChannels}, one stratified 70/30 split (seed + 1), one Gaussian
     * base kernel per channel, IMKPL with T = 3, lambda = 0.2, mu = 0.1, tau = 0.2 and simplex-LP
     * kernel weights.
     */
    public static Result run(long seed) {
        return run(seed, false);
    }

    /**
     * As {@link #run(long)}; with {@code alignment} one normalised GAK per channel
     * (the paper's choice, spec §7.5) instead of a Gaussian per channel (slower: seconds, not a
     * fraction of one).
     */
    public static Result run(long seed, boolean alignment) {
        LabeledDataset all = SyntheticChannels.generate(25, seed);
        Splits.Split s = Splits.repeatedStratifiedHoldOut(all.labels(), 0.7, 1, seed + 1).get(0);
        LabeledDataset train = all.subset(s.train());
        LabeledDataset test = all.subset(s.test());
        MultipleKernel kernels = alignment
                ? MultipleKernel.alignmentPerGroup(train.points(), SyntheticChannels.channelGroups(), seed)
                : MultipleKernel.gaussianPerGroup(train.points(), SyntheticChannels.channelGroups());
        ImkplOptions o = ImkplOptions.of(3, 0.2, 0.1, 0.2).withBetaStep(ImkplOptions.BetaStep.SIMPLEX_LP);
        long t0 = System.nanoTime();
        ImkplModel m = Imkpl.fit(train, kernels, o, FitListener.SILENT);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double acc = Metrics.accuracy(test.labels(), m.predictLabels(test.points()));
        return new Result(acc, m.kernelWeights(), train.size(), test.size(), seconds, m);
    }

    /**
     * Writes the demo's two pictures into {@code dir}: {@code demo-prototypes-kernel-weights.png}
     * (beta per channel) and {@code demo-prototype-composition.png} (each prototype's constituent
     * training samples coloured by class); prints "wrote FILE" for each.
     */
    public static void writePlots(Path dir, Result r, PrintWriter out) throws IOException {
        Path bars = dir.resolve("demo-prototypes-kernel-weights.png");
        BarChart.builder().values(r.kernelWeights())
                .title(String.format(Locale.ROOT, "IMKPL kernel weight per channel, synthetic 9-channel data, test accuracy %.1f%%",
                        100 * r.accuracy()))
                .axisLabels("channel (6 copies 1, 7 copies 3, 8 and 9 constant)", "kernel weight beta")
                .build().writePng(bars);
        out.println("wrote " + bars);
        PrototypePlots.writeModelPlots(dir, "demo", r.model(), false, out);
    }

    /** Prints the accuracy line and one line per channel weight. */
    public static void print(PrintWriter out, Result r) {
        double[] beta = r.kernelWeights();
        out.printf(Locale.ROOT, "synthetic 9-channel data (4 classes x 25, train %d / test %d): accuracy %.4f%n",
                r.trainSize(), r.testSize(), r.accuracy());
        for (int ch = 0; ch < beta.length; ch++) {
            out.printf(Locale.ROOT, "  channel %d  beta %.4f%s%n", ch + 1, beta[ch],
                    ch == 5 ? "  (replica of 1)" : ch == 6 ? "  (replica of 3)" : ch >= 7 ? "  (constant)" : "");
        }
        out.flush();
    }
}
