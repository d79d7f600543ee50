package dev.kernelkit.learn;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;

/**
 * A configured learning algorithm: its immutable options (the paper's defaults where the caller
 * set none) and {@link #fit}, which returns an immutable model. The same trainer may fit many data
 * sets, concurrently; it holds no state of a fit. Every learner of every module has one (the
 * catalog in {@link Learners} lists them), so a harness, a comparison or a command can train any of
 * them the same way.
 *
 * @param <X> the example type ({@link dev.kernelkit.data.Vec} or {@link dev.kernelkit.data.Bag})
 * @param <M> the model type
 */
public interface Trainer<X, M extends FittedModel<X>> {

    /** The learner's name, e.g. {@code svm}, {@code sparse-mi}, {@code sm1mkl}. */
    String name();

    /** Whether it learns from vectors or bags. */
    InputKind input();

    /** Classification, one-class or regression. */
    Task task();

    /** The options record it fits with. */
    Object options();

    /**
     * Fits a model.
     *
     * @throws IllegalArgumentException when the data do not suit the learner (empty, one class only
     *         for a classifier, bags given to a vector learner, non-finite values); the message
     *         names the problem
     */
    M fit(Dataset<X> data, FitListener listener);

    /** Fits a model without progress reports. */
    default M fit(Dataset<X> data) {
        return fit(data, FitListener.SILENT);
    }
}
