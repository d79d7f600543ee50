package dev.kernelkit.spark;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Preprocessing;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.TaskContext;

/**
 * The tuned {@code svm} protocol of {@link CatalogProtocol} (3-fold outer and inner CV, standard
 * scaling), except that every fit of the first grid candidate throws inside a Spark task: on the
 * task's first attempt only ({@code always = false}), or on every attempt. Outside Spark (the
 * one-machine run) nothing fails, so a retried run must equal the one-machine run of
 * {@link #reference()}.
 *
 * @param seed the seed of the splits
 * @param always whether every attempt fails
 */
record InjectedFailureProtocol(long seed, boolean always) implements Protocol<Vec> {
    private static final long serialVersionUID = 1L;

    /** The message of an injected failure. */
    static final String MESSAGE = "injected failure";

    /** The same protocol without failures. */
    CatalogProtocol<Vec> reference() {
        return new CatalogProtocol<>("svm", InputKind.VECTORS, 3, 1, seed, true, 3, FeatureScaling.STANDARD);
    }

    @Override
    public String name() {
        return "svm";
    }

    @Override
    public ModelSelection<Vec> selection() {
        Learner<Vec> svm = Learners.vectors("svm");
        boolean everyAttempt = always;
        ModelSelection.GridFactory<Vec> grids = (part, s) -> {
            List<Trainer<Vec, ? extends FittedModel<Vec>>> candidates = new ArrayList<>(svm.grid(part, seed));
            candidates.set(0, new Failing(candidates.get(0), everyAttempt));
            return Grid.ofTrainers(candidates);
        };
        return ModelSelection.of(Resampling.stratifiedKFold(3, 1, seed), grids,
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(seed + 1000, 1000)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD));
    }

    /** A trainer that fails inside a Spark task (on its first attempt, or always), and otherwise is {@code inner}. */
    private record Failing(Trainer<Vec, ? extends FittedModel<Vec>> inner, boolean always)
            implements Trainer<Vec, FittedModel<Vec>> {
        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public InputKind input() {
            return inner.input();
        }

        @Override
        public Task task() {
            return inner.task();
        }

        @Override
        public Object options() {
            return inner.options();
        }

        @Override
        public FittedModel<Vec> fit(Dataset<Vec> data, FitListener listener) {
            TaskContext task = TaskContext.get();
            if (task != null && (always || task.attemptNumber() == 0)) {
                throw new IllegalStateException(MESSAGE + " (attempt " + task.attemptNumber() + ")");
            }
            return inner.fit(data, listener);
        }

        /** As the inner trainer's, so the grid's labels are the reference's. */
        @Override
        public String toString() {
            return String.valueOf(inner);
        }
    }
}
