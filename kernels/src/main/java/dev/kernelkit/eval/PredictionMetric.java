package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Model;
import java.util.function.ToDoubleFunction;

/**
 * A classification metric computed from a classifier's {@link Predictions}, so that the harness
 * scores the test part from the same pass of predictions it keeps the fold's confusion matrix from.
 *
 * @param <X> the example type
 */
final class PredictionMetric<X> implements Metric<X> {
    private final String name;
    private final boolean decisions;
    private final ToDoubleFunction<Predictions> function;

    /**
     * @param decisions whether the metric reads the decision values of a two-class model
     */
    PredictionMetric(String name, boolean decisions, ToDoubleFunction<Predictions> function) {
        this.name = name;
        this.decisions = decisions;
        this.function = function;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }

    @Override
    public double score(FittedModel<X> model, Dataset<X> data) {
        if (!(model instanceof Model<X> classifier)) {
            throw new IllegalArgumentException("a classification metric needs a classifier, got "
                    + model.getClass().getSimpleName());
        }
        return score(Predictions.of(classifier, data, decisions));
    }

    /** The score from predictions that hold the decision values whenever this metric reads them. */
    double score(Predictions predictions) {
        return function.applyAsDouble(predictions);
    }

    @Override
    public String toString() {
        return name;
    }
}
