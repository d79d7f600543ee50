package dev.kernelkit.eval;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import java.util.List;
import java.util.Objects;

/**
 * A score of a fitted model on a data set, and whether higher is better: the outer test score of
 * a model-selection run and the inner score its search sums or averages over the inner splits.
 * The classification metrics ({@link #accuracy()}, {@link #correctCount()}, {@link #balancedAccuracy()},
 * {@link #macroF1()}, {@link #auc()}) compare class names ({@link Metrics#predictions}), so a model
 * trained on a part that lacked a class still scores on a part that has it; they predict every
 * example once, and the harness scores its test part with them from the same pass it keeps the
 * fold's {@link FoldClassification} from. {@link #named} looks the maximisable ones up by name.
 *
 * @param <X> the example type
 */
public interface Metric<X> {

    /** The name of {@link #accuracy()}. */
    String ACCURACY = "accuracy";
    /** The name of {@link #balancedAccuracy()}. */
    String BALANCED_ACCURACY = "balanced-accuracy";
    /** The name of {@link #macroF1()}. */
    String F1 = "f1";
    /** The name of {@link #auc()}. */
    String AUC = "auc";
    /** The names {@link #named} takes, in the order it lists them. */
    List<String> NAMES = List.of(ACCURACY, BALANCED_ACCURACY, F1, AUC);

    /** A short name, e.g. {@code accuracy}. */
    String name();

    /** Whether a higher score is better (false for an error such as the mean squared error). */
    boolean higherIsBetter();

    /**
     * The model's score on the data.
     *
     * @throws IllegalArgumentException when the model is of the wrong kind (e.g. a regressor scored
     *         by accuracy) or the data are empty
     */
    double score(FittedModel<X> model, Dataset<X> data);

    /** Whether score a is strictly better than score b. */
    default boolean better(double a, double b) {
        return higherIsBetter() ? a > b : a < b;
    }

    /**
     * The scoring function of {@link #of}.
     *
     * @param <X> the example type
     */
    @FunctionalInterface
    interface ScoreFunction<X> {
        /** The score of the model on the data. */
        double score(FittedModel<X> model, Dataset<X> data);
    }

    /** A metric from a name, an orientation and a function. */
    static <X> Metric<X> of(String name, boolean higherIsBetter, ScoreFunction<X> function) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
        return new Metric<>() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean higherIsBetter() {
                return higherIsBetter;
            }

            @Override
            public double score(FittedModel<X> model, Dataset<X> data) {
                return function.score(model, data);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    /** The fraction of examples classified as their class: {@link Metrics#accuracy(Model, Dataset)}. */
    static <X> Metric<X> accuracy() {
        return new PredictionMetric<>(ACCURACY, false, Predictions::accuracy);
    }

    /**
     * The number of examples classified as their class (summed over inner splits it is the pooled
     * number of correct predictions, the MKL protocol's tuning score).
     */
    static <X> Metric<X> correctCount() {
        return new PredictionMetric<>("correct", false, Predictions::correct);
    }

    /**
     * The balanced accuracy: the mean recall over the classes of the data
     * ({@link ConfusionMatrix#balancedAccuracy()}, scikit-learn's {@code balanced_accuracy_score}),
     * named {@code balanced-accuracy}.
     */
    static <X> Metric<X> balancedAccuracy() {
        return new PredictionMetric<>(BALANCED_ACCURACY, false, p -> p.confusionMatrix().balancedAccuracy());
    }

    /**
     * The macro F1: the mean per-class F1 ({@link ConfusionMatrix#macroF1()}, scikit-learn's
     * {@code f1_score(average='macro', zero_division=0)}), named {@code f1}.
     */
    static <X> Metric<X> macroF1() {
        return new PredictionMetric<>(F1, false, p -> p.confusionMatrix().macroF1());
    }

    /**
     * The ROC AUC of a two-class model's decision values, its class 1 (the one predicted for
     * f &gt; 0) positive ({@link Metrics#auc}, ties counted 1/2 as scikit-learn's
     * {@code roc_auc_score}), named {@code auc}.
     *
     * @throws IllegalArgumentException (from {@code score}) for a model of other than two classes, or
     *         data without both classes
     */
    static <X> Metric<X> auc() {
        return new PredictionMetric<>(AUC, true, Predictions::auc);
    }

    /**
     * The classification metric an inner search can maximise, by its name: {@code accuracy},
     * {@code balanced-accuracy}, {@code f1} (macro F1) or {@code auc} (two classes only), as a
     * {@code --metric} option spells them.
     *
     * @throws IllegalArgumentException for any other name, listing the valid ones
     */
    static <X> Metric<X> named(String name) {
        Objects.requireNonNull(name, "name");
        return switch (name) {
            case ACCURACY -> accuracy();
            case BALANCED_ACCURACY -> balancedAccuracy();
            case F1 -> macroF1();
            case AUC -> auc();
            default -> throw new IllegalArgumentException("metric must be one of " + String.join(", ", NAMES)
                    + ", got '" + name + "'");
        };
    }

    /**
     * The mean squared error of a regressor, (1/n) &Sigma; (f(x_i) - y_i)^2 summed in example order,
     * the target y_i read from a {@link LabeledDataset} (or the class name as a number); lower is
     * better.
     */
    static <X> Metric<X> meanSquaredError() {
        return of("mse", false, (model, data) -> {
            if (!(model instanceof RegressionModel<X> r)) {
                throw new IllegalArgumentException("the mean squared error needs a regression model, got "
                        + model.getClass().getSimpleName());
            }
            if (data.size() == 0) {
                throw new IllegalArgumentException("need at least one example, got 0");
            }
            LabeledDataset targets = LabeledDataset.of(data);
            double s = 0;
            for (int i = 0; i < data.size(); i++) {
                double e = r.predict(data.x(i)) - targets.y(i);
                s += e * e;
            }
            return s / data.size();
        });
    }
}
