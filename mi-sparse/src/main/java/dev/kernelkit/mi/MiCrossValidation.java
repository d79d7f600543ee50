package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Summary;
import java.util.List;

/**
 * The evaluation protocol of TNNLS 2013 Sec. V-B: repeated stratified k-fold cross-validation over
 * bags; on each training part the features are standardised with that part's statistics (applied
 * to the test part), and (gamma, C) are either fixed or chosen by an inner stratified 3-fold CV on
 * the training part only (highest mean inner accuracy, first in grid order on ties). Test folds
 * are never looked at before the final prediction. Runs folds sequentially; deterministic for a
 * seed.
 */
public final class MiCrossValidation {

    /** Builds a classifier from a standardised training part and (gamma, C). */
    @FunctionalInterface
    public interface Learner {
        /** Fits with the given Gaussian gamma and C. */
        BagClassifier fit(BagDataset train, double gamma, double c);
    }

    /**
     * What a run measured. Accuracies are per outer fold in split order.
     */
    public static final class Result {
        private final double[] accuracies;
        private final double[] gammas;
        private final double[] cs;
        private final double trainSeconds;
        private final double predictSeconds;
        private final double kernelEvaluationsPerInstance;

        Result(double[] accuracies, double[] gammas, double[] cs, double trainSeconds, double predictSeconds,
               double kernelEvaluationsPerInstance) {
            this.accuracies = accuracies.clone();
            this.gammas = gammas.clone();
            this.cs = cs.clone();
            this.trainSeconds = trainSeconds;
            this.predictSeconds = predictSeconds;
            this.kernelEvaluationsPerInstance = kernelEvaluationsPerInstance;
        }

        /** Test accuracy of every outer fold. */
        public double[] accuracies() {
            return accuracies.clone();
        }

        /** Mean and sample sd of the fold accuracies. */
        public Summary accuracy() {
            return Summary.of(accuracies);
        }

        /** The gamma used in every outer fold. */
        public double[] gammas() {
            return gammas.clone();
        }

        /** The C used in every outer fold. */
        public double[] cs() {
            return cs.clone();
        }

        /** Mean seconds per fold to train the final model (tuning excluded). */
        public double trainSeconds() {
            return trainSeconds;
        }

        /** Mean seconds per fold to predict the test part. */
        public double predictSeconds() {
            return predictSeconds;
        }

        /** Mean over folds of the model's kernel evaluations per instance. */
        public double kernelEvaluationsPerInstance() {
            return kernelEvaluationsPerInstance;
        }
    }

    private MiCrossValidation() {
    }

    /**
     * Runs the protocol.
     *
     * @param gammas candidate gammas (one value: fixed)
     * @param cs candidate Cs (one value: fixed)
     * @throws IllegalArgumentException for an empty grid, folds &lt; 2 or repeats &lt; 1
     */
    public static Result run(BagDataset data, Learner learner, int folds, int repeats, long seed, double[] gammas,
                             double[] cs) {
        if (gammas.length == 0 || cs.length == 0) {
            throw new IllegalArgumentException("the gamma and C grids must not be empty, got "
                    + gammas.length + " gammas and " + cs.length + " Cs");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(data.labels(), folds, repeats, seed);
        int n = splits.size();
        double[] acc = new double[n];
        double[] g = new double[n];
        double[] c = new double[n];
        double train = 0;
        double predict = 0;
        double evals = 0;
        for (int s = 0; s < n; s++) {
            Splits.Split split = splits.get(s);
            BagDataset tr = data.subset(split.train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(tr);
            BagDataset trScaled = scaler.apply(tr);
            BagDataset teScaled = scaler.apply(data.subset(split.test()));
            double[] best = gammas.length * cs.length == 1 ? new double[] {gammas[0], cs[0]}
                    : tune(trScaled, learner, gammas, cs, seed + 7919L * (s + 1));
            g[s] = best[0];
            c[s] = best[1];
            Stopwatch clock = Stopwatch.start();
            BagClassifier model = learner.fit(trScaled, best[0], best[1]);
            train += clock.elapsedSeconds();
            clock = Stopwatch.start();
            acc[s] = accuracy(model, teScaled);
            predict += clock.elapsedSeconds();
            evals += model.kernelEvaluationsPerInstance();
        }
        return new Result(acc, g, c, train / n, predict / n, evals / n);
    }

    /**
     * (gamma, C) of the best mean accuracy of a stratified 3-fold CV on {@code train} (the first in
     * grid order on ties), as a two-element array.
     */
    public static double[] tune(BagDataset train, Learner learner, double[] gammas, double[] cs, long seed) {
        List<Splits.Split> inner = Splits.stratifiedKFold(train.labels(), 3, seed);
        double bestAcc = -1;
        double[] best = null;
        for (double gamma : gammas) {
            for (double c : cs) {
                double sum = 0;
                for (Splits.Split sp : inner) {
                    BagClassifier m = learner.fit(train.subset(sp.train()), gamma, c);
                    sum += accuracy(m, train.subset(sp.test()));
                }
                if (sum > bestAcc) {
                    bestAcc = sum;
                    best = new double[] {gamma, c};
                }
            }
        }
        return best;
    }

    /** Fraction of bags whose predicted class is their label. */
    public static double accuracy(BagClassifier model, BagDataset data) {
        int ok = 0;
        for (int i = 0; i < data.size(); i++) {
            if (model.predict(data.bag(i)) == data.label(i)) {
                ok++;
            }
        }
        return ok / (double) data.size();
    }

    /** The default gamma grid for standardised d-dimensional data: {1/8, 1/4, 1/2, 1, 2} / d. */
    public static double[] defaultGammas(int dim) {
        double[] f = {0.125, 0.25, 0.5, 1, 2};
        double[] out = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = f[i] / dim;
        }
        return out;
    }

    /** The default C grid: {1, 10, 100}. */
    public static double[] defaultCs() {
        return new double[] {1, 10, 100};
    }
}
