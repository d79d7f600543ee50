package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import java.util.Objects;

/**
 * A named number recorded for the final model of every outer split besides its test score, e.g.
 * SparseMI's kernel evaluations per instance, an MKL model's average precision or selected kernels,
 * IMKPL's interpretability and discrimination (TNNLS 2013 Tables I-II; the prototype paper's IP/DR).
 * Not timed.
 *
 * @param name the name, unique within a run
 * @param function the number from the final model and the (preprocessed) test part
 * @param <X> the example type
 */
public record Measure<X>(String name, Function<X> function) {

    /**
     * The function of a measure.
     *
     * @param <X> the example type
     */
    @FunctionalInterface
    public interface Function<X> {
        /** The measured value. */
        double measure(FittedModel<X> model, Dataset<X> test);
    }

    /** @throws IllegalArgumentException for a blank name */
    public Measure {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a measure needs a name, got '" + name + "'");
        }
    }
}
