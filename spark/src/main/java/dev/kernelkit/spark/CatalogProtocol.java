package dev.kernelkit.spark;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.eval.CatalogRecipe;
import dev.kernelkit.eval.CatalogSelection;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learners;
import java.util.Map;
import java.util.Objects;

/**
 * The harness run of one catalog learner as {@code kernelkit compare} configures it
 * ({@link CatalogSelection}), as a recipe ({@link CatalogRecipe}): outer {@code repeats} x
 * stratified k-fold CV or stratified hold-out splits seeded {@code seed}; the learner's catalog
 * defaults (or given parameter values) on every (scaled) training part, or with {@code tune} its
 * catalog grid searched by inner stratified k-fold CV seeded {@code seed + 1000 (s + 1)} on outer
 * split s. The learner is found by name in the catalog ({@link Learners#find(String, InputKind)})
 * wherever the recipe is built, so any module on the executors' class path serves.
 *
 * @param recipe the run in plain values
 * @param <X> the example type
 */
public record CatalogProtocol<X>(CatalogRecipe recipe) implements Protocol<X> {

    private static final long serialVersionUID = 2L;

    /** Checks the recipe is there. */
    public CatalogProtocol {
        Objects.requireNonNull(recipe, "recipe");
    }

    /**
     * Outer {@code repeats} x stratified {@code folds}-fold CV, the learner's parameters by name as text,
     * scored by a metric by name.
     *
     * @throws IllegalArgumentException for folds or inner folds &lt; 2, or repeats &lt; 1
     */
    public CatalogProtocol(String learner, InputKind input, int folds, int repeats, long seed, boolean tune,
                           int innerFolds, FeatureScaling scale, Map<String, String> params, String metric) {
        this(CatalogRecipe.kFold(learner, input, folds, repeats, seed, tune, innerFolds, scale, params, metric));
    }

    /** The k-fold recipe with the learner's default parameters, scored by accuracy. */
    public CatalogProtocol(String learner, InputKind input, int folds, int repeats, long seed, boolean tune, int innerFolds,
                           FeatureScaling scale) {
        this(learner, input, folds, repeats, seed, tune, innerFolds, scale, Map.of(), "accuracy");
    }

    @Override
    public String name() {
        return recipe.learner();
    }

    /**
     * The harness ({@link CatalogRecipe#selection()}, as the compare command builds it).
     *
     * @throws IllegalArgumentException when the catalog has no such learner for the input kind
     */
    @Override
    public ModelSelection<X> selection() {
        return recipe.selection();
    }
}
