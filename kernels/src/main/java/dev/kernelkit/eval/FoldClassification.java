package dev.kernelkit.eval;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What the outer fold of a classifier keeps for the metrics of imbalanced data, computed from the one
 * pass of predictions over its test part: the confusion matrix and, for a two-class model, the ROC
 * AUC and average precision of its decision values (class 1, the one predicted for f &gt; 0,
 * positive; {@link Metrics#auc}, {@link Metrics#averagePrecision}). The AUC is absent unless the test
 * part has both classes, the average precision unless it has a positive example; both are absent for
 * three or more classes or non-finite decision values.
 *
 * @param confusionMatrix truth x predicted counts over the test part (the model's classes, then any
 *        class of the test part the model does not know)
 * @param auc the test part's ROC AUC, where defined
 * @param averagePrecision the test part's average precision, where defined
 */
public record FoldClassification(ConfusionMatrix confusionMatrix, OptionalDouble auc, OptionalDouble averagePrecision) {

    /** @throws IllegalArgumentException for a non-finite AUC or average precision */
    public FoldClassification {
        Objects.requireNonNull(confusionMatrix, "confusionMatrix");
        Objects.requireNonNull(auc, "auc");
        Objects.requireNonNull(averagePrecision, "averagePrecision");
        check("auc", auc);
        check("averagePrecision", averagePrecision);
    }

    /** The balanced accuracy of the test part ({@link ConfusionMatrix#balancedAccuracy()}). */
    public double balancedAccuracy() {
        return confusionMatrix.balancedAccuracy();
    }

    /** The macro F1 of the test part ({@link ConfusionMatrix#macroF1()}). */
    public double macroF1() {
        return confusionMatrix.macroF1();
    }

    private static void check(String name, OptionalDouble v) {
        if (v.isPresent() && !Double.isFinite(v.getAsDouble())) {
            throw new IllegalArgumentException(name + " must be finite, got " + v.getAsDouble());
        }
    }
}
