package dev.kernelkit.learn;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import java.util.List;
import java.util.Map;

/**
 * A named entry of the learner catalog ({@link Learners}): what the learner is and how to make a
 * trainer for a training set with the paper's defaults (data-dependent ones, such as a Gaussian
 * width from the dimension, are computed from the training set only). Modules publish theirs
 * through a {@link LearnerCatalog}.
 *
 * @param <X> the example type
 */
public interface Learner<X> {

    /** The catalog name, e.g. {@code svm}, {@code mi-svm}, {@code sm1}. */
    String name();

    /** One line: the method and its paper. */
    String description();

    /** Vectors or bags. */
    InputKind input();

    /**
     * Other names this learner answers to among the learners of its input kind (e.g. the core vector
     * machine over bags, {@code bag-cvm}, is {@code cvm} on bag data): {@link Learners#find(String,
     * InputKind)} resolves them. Unique per input kind, like the names; none by default.
     */
    default List<String> aliases() {
        return List.of();
    }

    /** Classification, one-class or regression. */
    Task task();

    /**
     * The learner's named hyper-parameters (name, type, default, range, description), in the order a user
     * should read them; {@link #trainer(Dataset, long, ParamValues)} takes values for them.
     */
    List<Param> params();

    /** A trainer with the default options for this training set (the seed for its randomness). */
    default Trainer<X, ? extends FittedModel<X>> trainer(Dataset<X> training, long seed) {
        return trainer(training, seed, ParamValues.NONE);
    }

    /**
     * A trainer with the given parameter values and the defaults for the others, computed on this training
     * set (the seed for its randomness).
     *
     * @param values values checked against {@link #params()} ({@link ParamValues#parse})
     */
    Trainer<X, ? extends FittedModel<X>> trainer(Dataset<X> training, long seed, ParamValues values);

    /**
     * A trainer with parameter values given by name as text (e.g. {@code c=10}, from a command line or a
     * Spark ML param map).
     *
     * @throws IllegalArgumentException naming the learner, the parameter and the value: an unknown name, a
     *         value of the wrong type or out of range
     */
    default Trainer<X, ? extends FittedModel<X>> trainer(Dataset<X> training, long seed, Map<String, String> values) {
        return trainer(training, seed, ParamValues.parse(name(), params(), values));
    }

    /**
     * The default tuning grid for this training set, in preference order (ties in a grid search go
     * to the earlier point): one trainer per candidate setting. The default is the single
     * {@link #trainer}.
     */
    default List<Trainer<X, ? extends FittedModel<X>>> grid(Dataset<X> training, long seed) {
        return List.of(trainer(training, seed));
    }

    /**
     * The names of the parameters {@link #grid(Dataset, long, ParamValues)} can hold at a given value while
     * it searches the others; none by default.
     */
    default List<String> gridCanHold() {
        return List.of();
    }

    /**
     * Refuses values a tuning grid cannot hold ({@link #gridCanHold}), before any work.
     *
     * @throws IllegalArgumentException naming the learner, the values and what the grid can hold
     */
    default void checkGridCanHold(ParamValues fixed) {
        List<String> refused = fixed.asText().keySet().stream().filter(n -> !gridCanHold().contains(n)).toList();
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException("learner '" + name() + "': --param " + String.join(", ", refused)
                    + " cannot be combined with --tune (its tuning grid sets " + (refused.size() == 1 ? "it" : "them")
                    + (gridCanHold().isEmpty() ? "; it holds no parameter fixed)"
                    : "; it can hold " + String.join(", ", gridCanHold()) + " fixed)"));
        }
    }

    /**
     * The tuning grid with some parameters held at given values (e.g. {@code class-weight=balanced}
     * while C and gamma are searched, or gamma given while C is searched), in the same preference order.
     * The default is {@link #grid(Dataset, long)} when nothing is held; a learner whose grid can hold a
     * parameter overrides this and {@link #gridCanHold}.
     *
     * @throws IllegalArgumentException naming the learner and the values its grid cannot hold
     */
    default List<Trainer<X, ? extends FittedModel<X>>> grid(Dataset<X> training, long seed, ParamValues fixed) {
        checkGridCanHold(fixed);
        return grid(training, seed);
    }
}
