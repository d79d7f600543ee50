package dev.kernelkit.eval;

import java.io.Serializable;

/**
 * A model-selection run in plain values, from which any JVM with the same class path builds the same
 * harness: what a fit engine's workers (e.g. Spark executors) rebuild to perform the fits of a run
 * ({@link CatalogEngine#run(SelectionRecipe, ModelSelection, dev.kernelkit.data.Dataset)}). A catalog
 * learner's run is a {@link CatalogRecipe}; a command with a protocol of its own (the module commands'
 * {@code cv}) defines its recipe next to it. Trainers, grids and kernels are built by
 * {@link #selection()} and never cross the wire; it must be a pure function of the recipe's fields and
 * the class path.
 */
public interface SelectionRecipe extends Serializable {

    /** The learner or method the run evaluates, named in every failure message. */
    String name();

    /**
     * The harness, equal on the caller's side and on every worker (without listener or journal, which the
     * caller adds and which change no result).
     */
    <X> ModelSelection<X> selection();
}
