package dev.kernelkit.spark;

import dev.kernelkit.eval.ModelSelection;
import java.io.Serializable;

/**
 * A model-selection protocol as a serializable recipe: Spark sends it to every executor, which
 * builds the {@link ModelSelection} again and performs its fits there ({@link ModelSelection#perform}).
 * Trainers, grids and kernels are built by code (lambdas, options records) and never cross the
 * wire; only the recipe's fields do. {@link #selection()} must therefore be a pure function of
 * those fields and of the class path (the learner catalog), giving equal harnesses on the driver
 * and on every executor, with no static state of its own.
 *
 * @param <X> the example type
 */
public interface Protocol<X> extends Serializable {

    /** The learner (or method) the protocol runs, named in every failure message. */
    String name();

    /** The harness; called on the driver and on every executor. */
    ModelSelection<X> selection();
}
