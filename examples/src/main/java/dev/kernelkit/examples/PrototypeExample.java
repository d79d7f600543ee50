package dev.kernelkit.examples;

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
 * Interpretable multiple-kernel prototype learning (IMKPL; Hosseini and Hammer, CIKM 2019) in one minute: fit it
 * on the synthetic 9-channel time series (one Gaussian base kernel per channel; channels 8 and 9 are the same
 * sine for every class), print the accuracy, the interpretability (IP) and discrimination (DR) measures and the
 * channel weights, then which prototypes and which training samples explain one prediction. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.PrototypeExample}.
 */
public final class PrototypeExample {
    private PrototypeExample() {
    }

    /** Test accuracy, IP, DR, the channel weights and the explanation of test point 0. */
    public record Result(double accuracy, double interpretability, double discrimination, double[] channelWeights,
                         double trueLabel, ImkplModel.Explanation explanation, int trainingSize) {
    }

    public static void main(String[] args) {
        Result r = run(25, 11);
        System.out.printf("accuracy %.3f, IP %.1f%%, DR %.1f%%%n", r.accuracy(), 100 * r.interpretability(),
                100 * r.discrimination());
        System.out.println("channel weights: " + Arrays.toString(r.channelWeights()));
        ImkplModel.Explanation why = r.explanation();
        System.out.printf("test point 0 (true class %.0f) is predicted %.0f because it is rebuilt from:%n",
                r.trueLabel(), why.predicted());
        for (ImkplModel.PrototypeUse p : why.prototypes()) {
            System.out.printf("  prototype %d (class %.0f) with weight %.3f, made of%n", p.prototype(),
                    p.prototypeLabel(), p.codeWeight());
            for (ImkplModel.Constituent c : p.constituents()) {
                System.out.printf("    training sample %d (class %.0f), weight %.3f%n", c.trainingIndex(), c.label(),
                        c.weight());
            }
        }
    }

    /** Fits IMKPL on 70 % of {@code perClass} series of each of the 4 classes and scores the other 30 %. */
    public static Result run(int perClass, long seed) {
        // 1. Data: 4 classes x perClass nine-channel series (flattened, 60 samples per channel); 70 % for training.
        LabeledDataset all = SyntheticChannels.generate(perClass, seed);
        Splits.Split split = Splits.repeatedStratifiedHoldOut(all.labels(), 0.7, 1, seed + 1).get(0);
        LabeledDataset train = all.subset(split.train());
        LabeledDataset test = all.subset(split.test());

        // 2. One Gaussian base kernel per channel; IMKPL with T = 3 (3 prototypes per class, <= 3 samples each),
        //    lambda 0.2, mu 0.1, tau 0.2, kernel weights on the simplex.
        MultipleKernel kernels = MultipleKernel.gaussianPerGroup(train.points(), SyntheticChannels.channelGroups());
        ImkplOptions options = ImkplOptions.of(3, 0.2, 0.1, 0.2).withBetaStep(ImkplOptions.BetaStep.SIMPLEX_LP);
        ImkplModel model = Imkpl.fit(train, kernels, options, FitListener.SILENT);

        // 3. How good, how interpretable, which channels.
        double accuracy = Metrics.accuracy(model, test);
        double ip = PrototypeMeasures.interpretability(model);
        double dr = PrototypeMeasures.discrimination(model, test);

        // 4. Explain the first test prediction: its prototypes and the training samples they are made of.
        ImkplModel.Explanation why = model.explain(test.x(0));
        return new Result(accuracy, ip, dr, model.kernelWeights(), test.y(0), why, train.size());
    }
}
