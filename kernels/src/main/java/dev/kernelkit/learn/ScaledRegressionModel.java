package dev.kernelkit.learn;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.InputKind;
import java.util.Objects;

/**
 * A regressor behind its training scaler (see {@link Scaled}); the targets are not scaled.
 * Immutable.
 *
 * @param <X> the example type
 */
public final class ScaledRegressionModel<X> implements RegressionModel<X>, Scaled<X> {
    private final FittedScaler scaler;
    private final RegressionModel<X> inner;

    /**
     * @throws IllegalArgumentException when the scaler's dimension differs from the model's
     */
    public ScaledRegressionModel(FittedScaler scaler, RegressionModel<X> inner) {
        this.scaler = Objects.requireNonNull(scaler, "scaler");
        this.inner = Objects.requireNonNull(inner, "inner");
        ScaledModel.checkDims(scaler, inner);
    }

    /** A trainer that fits {@code kind} on the training features, scales them and fits {@code inner}. */
    public static <X> Trainer<X, ScaledRegressionModel<X>> trainer(FeatureScaling kind,
                                                                   Trainer<X, ? extends RegressionModel<X>> inner) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(inner, "inner");
        return Trainers.of(inner.name(), inner.input(), inner.task(), inner.options(), (data, listener) -> {
            FittedScaler s = kind.fit(data);
            return new ScaledRegressionModel<>(s, inner.fit(s.apply(data), listener));
        });
    }

    @Override
    public FittedScaler scaler() {
        return scaler;
    }

    @Override
    public RegressionModel<X> inner() {
        return inner;
    }

    @Override
    public double predict(X x) {
        return inner.predict(scaler.applyTo(x));
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

    @Override
    public String toString() {
        return "ScaledRegressionModel(" + scaler.kind().cliName() + ", " + inner + ")";
    }
}
