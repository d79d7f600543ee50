package dev.kernelkit.eval;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.ParamValues;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A catalog learner's {@code kernelkit compare} run ({@link CatalogSelection}) in plain values, so
 * that any JVM with the learner catalog on its class path builds the same harness from it (a fit
 * engine's workers, e.g. Spark executors): the learner by name and input kind, its parameter values
 * as text, the metric by name, the outer splitting, the seed, tuning, inner folds and scaling.
 *
 * <p>The outer splitting: {@code repeats} stratified {@code folds}-fold CVs seeded {@code seed + r}
 * ({@link #kFold}, {@code testFraction} NaN), or {@code repeats} stratified hold-out splits with the
 * fraction {@code testFraction} of each class held out ({@link #holdOut}, {@code folds} 1: one split
 * per repeat).
 *
 * @param learner the catalog name or alias ({@link Learners#find(String, InputKind)})
 * @param input vectors or bags
 * @param folds outer folds per repeat, &ge; 2, or 1 for hold-out splits
 * @param repeats outer repeats (hold-out: the number of splits), &ge; 1
 * @param testFraction the held-out fraction of a hold-out split, in (0, 1), or NaN for a k-fold
 * @param seed the seed of the splits and of the learners' randomness
 * @param tune whether to search the catalog grid (else the catalog defaults or the given values, no inner fits)
 * @param innerFolds inner folds of the search, &ge; 2
 * @param scale the feature scaling fitted on every outer training part
 * @param params the learner's parameter values by name, as text ({@link ParamValues#asText()}; empty: defaults)
 * @param metric what the inner search maximises and the test parts are scored by ({@link Metric#named})
 */
public record CatalogRecipe(String learner, InputKind input, int folds, int repeats, double testFraction, long seed,
                            boolean tune, int innerFolds, FeatureScaling scale, Map<String, String> params,
                            String metric) implements SelectionRecipe {

    private static final long serialVersionUID = 1L;

    /**
     * @throws IllegalArgumentException for folds &lt; 2 with a NaN test fraction, folds other than 1 with a
     *         test fraction, a test fraction outside (0, 1), repeats &lt; 1 or inner folds &lt; 2
     */
    public CatalogRecipe {
        Objects.requireNonNull(learner, "learner");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(scale, "scale");
        Objects.requireNonNull(metric, "metric");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(params, "params")));
        if (Double.isNaN(testFraction)) {
            if (folds < 2) {
                throw new IllegalArgumentException("folds must be >= 2, got " + folds);
            }
        } else {
            if (folds != 1) {
                throw new IllegalArgumentException("folds must be 1 for hold-out splits, got " + folds);
            }
            if (!(testFraction > 0 && testFraction < 1)) {
                throw new IllegalArgumentException("testFraction must be in (0, 1), got " + testFraction);
            }
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        if (innerFolds < 2) {
            throw new IllegalArgumentException("innerFolds must be >= 2, got " + innerFolds);
        }
    }

    /** Outer {@code repeats} x stratified {@code folds}-fold CV. */
    public static CatalogRecipe kFold(String learner, InputKind input, int folds, int repeats, long seed, boolean tune,
                                      int innerFolds, FeatureScaling scale, Map<String, String> params,
                                      String metric) {
        return new CatalogRecipe(learner, input, folds, repeats, Double.NaN, seed, tune, innerFolds, scale, params,
                metric);
    }

    /** {@code splits} stratified hold-out splits, the fraction {@code testFraction} of each class held out. */
    public static CatalogRecipe holdOut(String learner, InputKind input, int splits, double testFraction, long seed,
                                        boolean tune, int innerFolds, FeatureScaling scale, Map<String, String> params,
                                        String metric) {
        return new CatalogRecipe(learner, input, 1, splits, testFraction, seed, tune, innerFolds, scale, params, metric);
    }

    /** The learner's name as given. */
    @Override
    public String name() {
        return learner;
    }

    /** Whether the outer splitting is a k-fold (else hold-out splits). */
    public boolean isKFold() {
        return Double.isNaN(testFraction);
    }

    /** The outer splitting. */
    public Resampling resampling() {
        return isKFold() ? Resampling.stratifiedKFold(folds, repeats, seed)
                : Resampling.stratifiedHoldOut(1 - testFraction, repeats, seed);
    }

    /**
     * The harness ({@link CatalogSelection}), the learner found in the catalog of this JVM's class path.
     *
     * @throws IllegalArgumentException when the catalog has no such learner for the input kind, a parameter
     *         value is refused, values are given with tune, or the metric is unknown
     */
    @Override
    @SuppressWarnings("unchecked")
    public <X> ModelSelection<X> selection() {
        Learner<X> l = (Learner<X>) Learners.find(learner, input);
        return CatalogSelection.of(l, ParamValues.parse(l.name(), l.params(), params), metric, resampling(), seed, tune,
                innerFolds, scale);
    }
}
