package dev.kernelkit.eval;

import dev.kernelkit.learn.FitReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the harness keeps of one {@link FitTask}: the score and fit counts of an inner fit, or the
 * test score, measures, report and times of a final fit. Plain values, so a worker can send it back.
 *
 * @param score the inner metric on the inner test side, or the test metric on the outer test part
 * @param fits the fits the model stands for ({@link FitCounter}; inner fits only, else 0)
 * @param unconverged how many of them did not converge (inner fits only, else 0)
 * @param measures the {@link Measure}s of a final model, in the order configured (empty for inner fits)
 * @param report the final model's fit report (null for inner fits)
 * @param trainSeconds seconds of the final fit (0 for inner fits)
 * @param predictSeconds seconds to score the test part (0 for inner fits)
 * @param classification a classifier's confusion matrix, AUC and AP on the test part (null for inner fits and
 *        other tasks)
 */
public record FitOutcome(double score, int fits, int unconverged, Map<String, Double> measures, FitReport report,
                         double trainSeconds, double predictSeconds, FoldClassification classification) {

    /** Copies the measures (keeping their order). */
    public FitOutcome {
        measures = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(measures, "measures")));
    }

    /** The outcome of an inner fit. */
    public static FitOutcome inner(double score, int fits, int unconverged) {
        return new FitOutcome(score, fits, unconverged, Map.of(), null, 0, 0, null);
    }

    /** The outcome of a final fit (with the classifier's test-part classification, or null). */
    public static FitOutcome finalFit(double score, Map<String, Double> measures, FitReport report, double trainSeconds,
                                      double predictSeconds, FoldClassification classification) {
        Objects.requireNonNull(report, "report");
        return new FitOutcome(score, 0, 0, measures, report, trainSeconds, predictSeconds, classification);
    }
}
