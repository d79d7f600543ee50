package dev.kernelkit.learn;

/**
 * A fitted regressor: the same shape as {@link Model} (report, input kind, dimension, model file)
 * with a real-valued prediction instead of a class.
 *
 * @param <X> the example type
 */
public interface RegressionModel<X> extends FittedModel<X> {

    /** The predicted target value. */
    double predict(X x);
}
