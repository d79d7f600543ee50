package dev.kernelkit.spark;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.eval.CatalogSelection;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.ParamValues;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The harness run of one catalog learner as {@code kernelkit compare} configures it
 * ({@link CatalogSelection}), as a recipe: outer {@code repeats} x stratified {@code folds}-fold CV
 * seeded {@code seed}; the learner's catalog defaults on every (scaled) training part, or with
 * {@code tune} its catalog grid searched by inner stratified {@code innerFolds}-fold CV seeded
 * {@code seed + 1000 (s + 1)} on outer split s. The
 * learner is found by name in the catalog ({@link Learners#find(String, InputKind)}) wherever the
 * recipe is built, so any module on the executors' class path serves.
 *
 * @param learner the catalog name or alias
 * @param input vectors or bags
 * @param folds outer folds, &ge; 2
 * @param repeats outer repeats, &ge; 1
 * @param seed the seed of the splits and of the learners' randomness
 * @param tune whether to search the catalog grid (else the catalog defaults, no inner fits)
 * @param innerFolds inner folds, &ge; 2
 * @param scale the feature scaling fitted on every outer training part
 * @param params the learner's parameters by name, as text ({@link Learner#params()}; empty: its defaults)
 * @param metric what the inner search maximises and the test parts are scored by ({@link
 *        dev.kernelkit.eval.Metric#named})
 * @param <X> the example type
 */
public record CatalogProtocol<X>(String learner, InputKind input, int folds, int repeats, long seed, boolean tune,
                                 int innerFolds, FeatureScaling scale, Map<String, String> params, String metric)
        implements Protocol<X> {

    private static final long serialVersionUID = 1L;

    /**
     * @throws IllegalArgumentException for folds or inner folds &lt; 2, or repeats &lt; 1
     */
    public CatalogProtocol {
        Objects.requireNonNull(learner, "learner");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(scale, "scale");
        Objects.requireNonNull(metric, "metric");
        params = new LinkedHashMap<>(params);
        if (folds < 2) {
            throw new IllegalArgumentException("folds must be >= 2, got " + folds);
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        if (innerFolds < 2) {
            throw new IllegalArgumentException("innerFolds must be >= 2, got " + innerFolds);
        }
    }

    /** The recipe with the learner's default parameters, scored by accuracy. */
    public CatalogProtocol(String learner, InputKind input, int folds, int repeats, long seed, boolean tune, int innerFolds,
                           FeatureScaling scale) {
        this(learner, input, folds, repeats, seed, tune, innerFolds, scale, Map.of(), "accuracy");
    }

    @Override
    public String name() {
        return learner;
    }

    /**
     * The harness ({@link CatalogSelection}, as the compare command builds it).
     *
     * @throws IllegalArgumentException when the catalog has no such learner for the input kind
     */
    @Override
    @SuppressWarnings("unchecked")
    public ModelSelection<X> selection() {
        Learner<X> l = (Learner<X>) Learners.find(learner, input);
        return CatalogSelection.of(l, ParamValues.parse(l.name(), l.params(), params), metric,
                Resampling.stratifiedKFold(folds, repeats, seed), seed, tune, innerFolds, scale);
    }
}
