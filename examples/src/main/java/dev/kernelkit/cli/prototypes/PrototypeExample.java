package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.PrototypeMeasures;
import dev.kernelkit.prototypes.SyntheticChannels;
import java.util.Arrays;

/**
 * A one-minute read: fit IMKPL on the synthetic 9-channel data, then print which prototypes and
 * which training samples explain one prediction.
 */
public final class PrototypeExample {
    private PrototypeExample() {
    }

    /** Runs the example (no arguments). */
    public static void main(String[] args) {
        // 1. Data: 4 classes x 25 nine-channel series; 70 % for training.
        LabeledDataset all = SyntheticChannels.generate(25, 11);
        Splits.Split split = Splits.repeatedStratifiedHoldOut(all.labels(), 0.7, 1, 12).get(0);
        LabeledDataset train = all.subset(split.train());
        LabeledDataset test = all.subset(split.test());

        // 2. One Gaussian base kernel per channel; IMKPL with T = 3 (3 prototypes per class, <= 3 samples each).
        MultipleKernel kernels = MultipleKernel.gaussianPerGroup(train.points(), SyntheticChannels.channelGroups());
        ImkplOptions options = ImkplOptions.of(3, 0.2, 0.1, 0.2).withBetaStep(ImkplOptions.BetaStep.SIMPLEX_LP);
        ImkplModel model = Imkpl.fit(train, kernels, options, FitListener.SILENT);

        // 3. How good, how interpretable, which channels.
        double accuracy = Metrics.accuracy(test.labels(), model.predictLabels(test.points()));
        System.out.printf("accuracy %.3f, IP %.1f%%, DR %.1f%%%n", accuracy,
                100 * PrototypeMeasures.interpretability(model), 100 * PrototypeMeasures.discrimination(model, test));
        System.out.println("channel weights: " + Arrays.toString(model.kernelWeights()));

        // 4. Explain the first test prediction.
        ImkplModel.Explanation why = model.explain(test.x(0));
        System.out.printf("test point 0 (true class %.0f) is predicted %.0f because it is rebuilt from:%n",
                test.y(0), why.predicted());
        for (ImkplModel.PrototypeUse p : why.prototypes()) {
            System.out.printf("  prototype %d (class %.0f) with weight %.3f, made of%n", p.prototype(),
                    p.prototypeLabel(), p.codeWeight());
            for (ImkplModel.Constituent c : p.constituents()) {
                System.out.printf("    training sample %d (class %.0f), weight %.3f%n", c.trainingIndex(), c.label(),
                        c.weight());
            }
        }
    }
}
