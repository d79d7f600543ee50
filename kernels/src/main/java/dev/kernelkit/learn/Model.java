package dev.kernelkit.learn;

import java.util.List;

/**
 * A fitted classifier, the one convention for vectors and bags alike: {@link #predict} gives a
 * class index into {@link #classNames()}, and {@link #decisions} the real-valued decision values
 * it was chosen from, as scikit-learn's {@code decision_function}: for two classes one value f
 * (class 1 when f &gt; 0, else class 0), for k &ge; 3 classes one value per class (the class with
 * the largest value, the first on ties, see {@link #classOf}).
 *
 * @param <X> the example type ({@link dev.kernelkit.data.Vec} or {@link dev.kernelkit.data.Bag})
 */
public interface Model<X> extends FittedModel<X> {

    /** The predicted class index, in [0, {@code classNames().size()}). */
    int predict(X x);

    /** The decision values: {f} for two classes, one per class for three or more. */
    double[] decisions(X x);

    /** The class names, in class-index order (those of the training data). */
    List<String> classNames();

    /**
     * The class probabilities, in {@link #classNames()} order, each in [0, 1], summing to 1. Only a
     * model trained with probability outputs ({@link Calibrated#trainer}) has them.
     *
     * @throws UnsupportedOperationException for a model trained without probability outputs (this
     *         default), naming the learner
     */
    default double[] probabilities(X x) {
        throw new UnsupportedOperationException("the " + report().learner() + " model gives no probabilities:"
                + " train it with probability outputs (Calibrated.trainer) to get them");
    }

    /** The predicted class name. */
    default String predictName(X x) {
        return classNames().get(predict(x));
    }

    /**
     * The class index chosen by decision values in this interface's convention: with one value,
     * 1 when it is &gt; 0, else 0; with one value per class, the first index of the largest.
     *
     * @throws IllegalArgumentException for an empty array
     */
    static int classOf(double[] f) {
        if (f.length == 0) {
            throw new IllegalArgumentException("need at least one decision value");
        }
        if (f.length == 1) {
            return f[0] > 0 ? 1 : 0;
        }
        int best = 0;
        for (int c = 1; c < f.length; c++) {
            if (f[c] > f[best]) {
                best = c;
            }
        }
        return best;
    }
}
