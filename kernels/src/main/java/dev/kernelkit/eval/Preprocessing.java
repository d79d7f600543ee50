package dev.kernelkit.eval;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Dataset;
import java.util.Objects;

/**
 * A transformation of the examples fitted on an outer training part only and then applied to both
 * that part and its test part, before the inner search and the final fit (the papers' per-fold
 * standardisation, TNNLS 2013 Sec. V-B). The inner splits see the transformed training part; the
 * transformation is not refitted inside them (a learner that must refit it per inner fold carries
 * its own scaler, e.g. {@link dev.kernelkit.learn.ScaledModel#trainer}).
 *
 * @param <X> the example type
 */
@FunctionalInterface
public interface Preprocessing<X> {

    /** The transformation fitted on a training part. */
    Transform<X> fit(Dataset<X> trainingPart);

    /**
     * A fitted transformation.
     *
     * @param <X> the example type
     */
    @FunctionalInterface
    interface Transform<X> {
        /** The transformed examples, labels unchanged. */
        Dataset<X> apply(Dataset<X> data);
    }

    /** No preprocessing: both parts are passed on unchanged. */
    static <X> Preprocessing<X> none() {
        return part -> data -> data;
    }

    /**
     * A feature scaling ({@link FeatureScaling#fit(Dataset)}) fitted on the training part (for bags,
     * on all its instances) and applied with {@link FittedScaler#apply(Dataset)}.
     */
    static <X> Preprocessing<X> scaling(FeatureScaling kind) {
        Objects.requireNonNull(kind, "kind");
        return part -> {
            FittedScaler scaler = kind.fit(part);
            return scaler::apply;
        };
    }
}
