package dev.kernelkit.learn;

import dev.kernelkit.data.InputKind;

/**
 * What every fitted model of kernelkit has, classifier or regressor: the fit report, the input
 * kind it predicts on and the feature dimension it was trained on. Models are immutable; a model
 * file round-trips every one of them through {@link dev.kernelkit.io.Models}.
 *
 * @param <X> the example type ({@link dev.kernelkit.data.Vec} or {@link dev.kernelkit.data.Bag})
 */
public interface FittedModel<X> {

    /** What the fit did (options, seed, iterations, convergence, objective trace, seconds). */
    FitReport report();

    /** Whether the model reads vectors or bags. */
    InputKind input();

    /** The feature dimension of the vectors (or bag instances) it was trained on. */
    int dim();
}
