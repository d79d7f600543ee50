package dev.kernelkit.learn;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import java.util.Objects;

/**
 * Builds {@link Trainer}s from an options record and a fit function, and holds the data checks
 * every trainer makes before it fits (so every learner refuses bad data with the same message).
 */
public final class Trainers {
    private Trainers() {
    }

    /**
     * The fit step of a trainer.
     *
     * @param <X> the example type
     * @param <M> the model type
     */
    @FunctionalInterface
    public interface FitFunction<X, M> {
        /** Fits a model on checked data. */
        M fit(Dataset<X> data, FitListener listener);
    }

    /**
     * A trainer that checks the data ({@link #check}) and then calls {@code fit}.
     *
     * @param name the learner's name
     * @param input vectors or bags
     * @param task what it learns
     * @param options the options record (printed in the fit report)
     * @param fit the fit step
     */
    public static <X, M extends FittedModel<X>> Trainer<X, M> of(String name, InputKind input, Task task,
                                                                 Object options, FitFunction<X, M> fit) {
        return new FunctionTrainer<>(name, input, task, options, fit);
    }

    /**
     * The checks every trainer makes: data present and non-empty, of the trainer's input kind,
     * and for a classifier examples of at least two classes.
     *
     * @throws IllegalArgumentException naming the learner and the problem
     */
    public static void check(Trainer<?, ?> trainer, Dataset<?> data) {
        check(trainer.name(), trainer.input(), trainer.task(), data);
    }

    /** As {@link #check(Trainer, Dataset)} from the trainer's parts. */
    public static void check(String name, InputKind input, Task task, Dataset<?> data) {
        if (data == null) {
            throw new IllegalArgumentException(name + ": the training data must not be null");
        }
        if (data.kind() != input) {
            throw new IllegalArgumentException(name + " learns from " + input.label() + ", but the data hold "
                    + data.kind().label());
        }
        if (data.size() == 0) {
            throw new IllegalArgumentException(name + ": the training data are empty");
        }
        if (task == Task.CLASSIFICATION) {
            int[] counts = data.classCounts();
            int present = 0;
            int only = -1;
            for (int c = 0; c < counts.length; c++) {
                if (counts[c] > 0) {
                    present++;
                    only = c;
                }
            }
            if (present < 2) {
                throw new IllegalArgumentException(name + " needs examples of at least 2 classes, found only class '"
                        + data.classNames().get(only) + "' (" + data.size() + " examples)");
            }
        }
    }

    private record FunctionTrainer<X, M extends FittedModel<X>>(String name, InputKind input, Task task,
                                                                 Object options, FitFunction<X, M> fitFunction)
            implements Trainer<X, M> {
        FunctionTrainer {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(options, "options");
            Objects.requireNonNull(fitFunction, "fit");
        }

        @Override
        public M fit(Dataset<X> data, FitListener listener) {
            check(this, data);
            return fitFunction.fit(data, listener == null ? FitListener.SILENT : listener);
        }

        @Override
        public String toString() {
            return name + options;
        }
    }
}
