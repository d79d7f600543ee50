package dev.kernelkit.learn;

import dev.kernelkit.data.FittedScaler;

/**
 * A model behind a feature scaler fitted on its training data: raw examples are scaled, then
 * passed to the inner model. The model file stores the scaler the same way for every model type
 * (keys {@code scaling.*}), so {@code predict} scales new data exactly as training did.
 *
 * @param <X> the example type
 */
public interface Scaled<X> extends FittedModel<X> {

    /** The scaler fitted on the training data. */
    FittedScaler scaler();

    /** The model over scaled examples. */
    FittedModel<X> inner();

    /** The inner model unwrapped from any number of scalers and calibrations ({@link CalibratedModel}). */
    static FittedModel<?> innermost(FittedModel<?> model) {
        FittedModel<?> m = model;
        while (true) {
            if (m instanceof Scaled<?> s) {
                m = s.inner();
            } else if (m instanceof CalibratedModel<?> c) {
                m = c.inner();
            } else {
                return m;
            }
        }
    }
}
