package dev.kernelkit.eval;

/**
 * What a typical fold function returns to {@link CrossValidation}: the test score and the time spent
 * training and testing. Fold functions may return any type; this one is summarised by
 * {@link CrossValidation#summarise(java.util.List)}.
 *
 * @param score the fold's test score (accuracy, AUC, ...); not NaN
 * @param trainSeconds seconds spent training, &ge; 0
 * @param testSeconds seconds spent predicting the test set, &ge; 0
 */
public record FoldResult(double score, double trainSeconds, double testSeconds) {

    /** @throws IllegalArgumentException when the score is NaN or a time is negative or NaN */
    public FoldResult {
        if (Double.isNaN(score)) {
            throw new IllegalArgumentException("score must not be NaN");
        }
        if (!(trainSeconds >= 0)) {
            throw new IllegalArgumentException("trainSeconds must be >= 0, got " + trainSeconds);
        }
        if (!(testSeconds >= 0)) {
            throw new IllegalArgumentException("testSeconds must be >= 0, got " + testSeconds);
        }
    }
}
