package dev.kernelkit.eval;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.ParamValues;
import java.util.Objects;

/**
 * The harness run of one catalog {@link Learner} as {@code kernelkit compare} configures it, in one
 * place for every caller that must give the same evaluation (the command, the Spark engine's
 * executors): the learner's catalog defaults on every (scaled) training part, or with {@code tune}
 * its catalog grid ({@link Learner#grid}) searched by inner stratified {@code innerFolds}-fold CV
 * seeded {@code seed + 1000 (s + 1)} on outer split s; the learners' randomness seeded {@code seed}.
 */
public final class CatalogSelection {
    private CatalogSelection() {
    }

    /**
     * The harness.
     *
     * @param scale the feature scaling fitted on every outer training part ({@link FeatureScaling#NONE}: none)
     * @throws IllegalArgumentException when innerFolds &lt; 2
     */
    public static <X> ModelSelection<X> of(Learner<X> learner, Resampling outer, long seed, boolean tune, int innerFolds,
                                           FeatureScaling scale) {
        return of(learner, ParamValues.NONE, Metric.ACCURACY, outer, seed, tune, innerFolds, scale);
    }

    /**
     * The harness with the learner's parameters set by name (their defaults for the others; with
     * {@code tune}, only those its grid can hold fixed, {@link Learner#gridCanHold}) and a metric by name ({@link Metric#named}) for the inner search and
     * the test parts.
     *
     * @param values parameter values checked against the learner's ({@link ParamValues#parse})
     * @param metric accuracy, balanced-accuracy, f1 or auc
     * @throws IllegalArgumentException when innerFolds &lt; 2, values are given with tune that the grid cannot hold, or the metric is unknown
     */
    public static <X> ModelSelection<X> of(Learner<X> learner, ParamValues values, String metric, Resampling outer,
                                           long seed, boolean tune, int innerFolds, FeatureScaling scale) {
        Objects.requireNonNull(learner, "learner");
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(scale, "scale");
        if (tune) {
            learner.checkGridCanHold(values);  // before any work
        }
        Metric<X> m = Metric.named(metric);
        InnerSplits inner = InnerSplits.stratifiedKFold(innerFolds, SeedRule.affine(seed + 1000, 1000));
        ModelSelection.GridFactory<X> grids = tune
                ? (part, s) -> Grid.ofTrainers(learner.grid(part, seed, values))
                : (part, s) -> Grid.single(learner.trainer(part, seed, values));
        ModelSelection<X> ms = ModelSelection.of(outer, grids, inner).withMetric(m);
        return scale == FeatureScaling.NONE ? ms : ms.withPreprocessing(Preprocessing.scaling(scale));
    }
}
