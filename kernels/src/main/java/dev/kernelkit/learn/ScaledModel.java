package dev.kernelkit.learn;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.InputKind;
import java.util.List;
import java.util.Objects;

/**
 * A classifier behind its training scaler (see {@link Scaled}); {@link #trainer} makes the trainer
 * that fits the scaler on the training data only and then the inner learner on the scaled data.
 * Immutable.
 *
 * @param <X> the example type
 */
public final class ScaledModel<X> implements Model<X>, Scaled<X> {
    private final FittedScaler scaler;
    private final Model<X> inner;

    /**
     * @throws IllegalArgumentException when the scaler's dimension differs from the model's
     */
    public ScaledModel(FittedScaler scaler, Model<X> inner) {
        this.scaler = Objects.requireNonNull(scaler, "scaler");
        this.inner = Objects.requireNonNull(inner, "inner");
        checkDims(scaler, inner);
    }

    /**
     * A trainer that fits {@code kind} on the training data, scales them and fits {@code inner}.
     * Its name, input kind, task and options are the inner trainer's.
     */
    public static <X> Trainer<X, ScaledModel<X>> trainer(FeatureScaling kind, Trainer<X, ? extends Model<X>> inner) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(inner, "inner");
        return Trainers.of(inner.name(), inner.input(), inner.task(), inner.options(), (data, listener) -> {
            FittedScaler s = kind.fit(data);
            return new ScaledModel<>(s, inner.fit(s.apply(data), listener));
        });
    }

    @Override
    public FittedScaler scaler() {
        return scaler;
    }

    @Override
    public Model<X> inner() {
        return inner;
    }

    @Override
    public int predict(X x) {
        return inner.predict(scaler.applyTo(x));
    }

    @Override
    public double[] decisions(X x) {
        return inner.decisions(scaler.applyTo(x));
    }

    /** The inner model's probabilities of the scaled example. */
    @Override
    public double[] probabilities(X x) {
        return inner.probabilities(scaler.applyTo(x));
    }

    @Override
    public List<String> classNames() {
        return inner.classNames();
    }

    @Override
    public FitReport report() {
        return inner.report();
    }

    @Override
    public InputKind input() {
        return inner.input();
    }

    @Override
    public int dim() {
        return inner.dim();
    }

    static void checkDims(FittedScaler scaler, FittedModel<?> inner) {
        if (scaler.dim() != inner.dim()) {
            throw new IllegalArgumentException("the scaler was fitted on " + scaler.dim()
                    + " features but the model on " + inner.dim());
        }
    }

    @Override
    public String toString() {
        return "ScaledModel(" + scaler.kind().cliName() + ", " + inner + ")";
    }
}
