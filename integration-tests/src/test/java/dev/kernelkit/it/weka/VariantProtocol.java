package dev.kernelkit.it.weka;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiCrossValidation;
import java.util.List;

/**
 * The protocol of {@link MiCrossValidation#run} with one more tuned dimension: a list of named
 * learner variants (e.g. the averaged and the normalised set kernel), the triple (variant, gamma,
 * C) chosen by the same inner stratified 3-fold CV on the standardised training part (seed
 * {@code seed + 7919 (s + 1)} for outer split s, the highest summed inner accuracy, the first in
 * (variant, gamma, C) order on ties, so the first variant wins ties). Outer folds are
 * {@code Splits.repeatedStratifiedKFold(labels, folds, repeats, seed)}, the folds of
 * {@code sparse-mi compare}; test folds are only used for the final accuracy. With one variant it
 * is {@link MiCrossValidation#run} (a test checks fold by fold).
 */
final class VariantProtocol {

    /** A named learner variant. */
    record Variant(String name, MiCrossValidation.Learner learner) {
    }

    /** What a run measured, per outer fold in split order. */
    record Result(double[] accuracies, String[] variants, double[] gammas, double[] cs, double[] vectors,
                  double trainSeconds, double predictSeconds) {

        Summary accuracy() {
            return Summary.of(accuracies);
        }

        double meanVectors() {
            return Summary.of(vectors).mean();
        }
    }

    private VariantProtocol() {
    }

    static Result run(BagDataset data, List<Variant> variants, int folds, int repeats, long seed, double[] gammas,
                      double[] cs) {
        if (variants.isEmpty() || gammas.length == 0 || cs.length == 0) {
            throw new IllegalArgumentException("variants, gammas and Cs must not be empty, got " + variants.size()
                    + ", " + gammas.length + " and " + cs.length);
        }
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(data.labels(), folds, repeats, seed);
        int n = splits.size();
        double[] acc = new double[n];
        String[] chosen = new String[n];
        double[] g = new double[n];
        double[] c = new double[n];
        double[] vectors = new double[n];
        double train = 0;
        double predict = 0;
        boolean fixed = variants.size() * gammas.length * cs.length == 1;
        for (int s = 0; s < n; s++) {
            Splits.Split split = splits.get(s);
            BagDataset tr = data.subset(split.train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(tr);
            BagDataset trScaled = scaler.apply(tr);
            BagDataset teScaled = scaler.apply(data.subset(split.test()));
            int bestV = 0;
            double bestG = gammas[0];
            double bestC = cs[0];
            if (!fixed) {
                List<Splits.Split> inner = Splits.stratifiedKFold(trScaled.labels(), 3, seed + 7919L * (s + 1));
                double bestSum = -1;
                for (int v = 0; v < variants.size(); v++) {
                    for (double gamma : gammas) {
                        for (double cost : cs) {
                            double sum = 0;
                            for (Splits.Split sp : inner) {
                                BagClassifier m = variants.get(v).learner().fit(trScaled.subset(sp.train()), gamma, cost);
                                sum += MiCrossValidation.accuracy(m, trScaled.subset(sp.test()));
                            }
                            if (sum > bestSum) {
                                bestSum = sum;
                                bestV = v;
                                bestG = gamma;
                                bestC = cost;
                            }
                        }
                    }
                }
            }
            chosen[s] = variants.get(bestV).name();
            g[s] = bestG;
            c[s] = bestC;
            Stopwatch clock = Stopwatch.start();
            BagClassifier model = variants.get(bestV).learner().fit(trScaled, bestG, bestC);
            train += clock.elapsedSeconds();
            clock = Stopwatch.start();
            acc[s] = MiCrossValidation.accuracy(model, teScaled);
            predict += clock.elapsedSeconds();
            vectors[s] = model.kernelEvaluationsPerInstance();
        }
        return new Result(acc, chosen, g, c, vectors, train / n, predict / n);
    }
}
