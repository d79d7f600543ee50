package dev.kernelkit.spark;

import dev.kernelkit.eval.ConfusionMatrix;
import dev.kernelkit.eval.FitOutcome;
import dev.kernelkit.eval.FoldClassification;
import dev.kernelkit.learn.FitReport;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.OptionalDouble;

/** A {@link FitOutcome} in plain values, as an executor sends it back to the driver. */
final class ShippedOutcome implements Serializable {
    private static final long serialVersionUID = 2L;

    private final double score;
    private final int fits;
    private final int unconverged;
    private final LinkedHashMap<String, Double> measures;
    private final double trainSeconds;
    private final double predictSeconds;
    private final boolean hasReport;
    private final String learner;
    private final String options;
    private final long seed;
    private final long iterations;
    private final boolean converged;
    private final double[] objective;
    private final double seconds;
    private final String[] classNames;
    private final int[][] counts;
    private final double auc;
    private final double averagePrecision;
    private final double fitSeconds;

    /** @param fitSeconds the executor's seconds for the fit (with the scoring of its model) */
    ShippedOutcome(FitOutcome o, double fitSeconds) {
        this.fitSeconds = fitSeconds;
        score = o.score();
        fits = o.fits();
        unconverged = o.unconverged();
        measures = new LinkedHashMap<>(o.measures());
        trainSeconds = o.trainSeconds();
        predictSeconds = o.predictSeconds();
        FitReport r = o.report();
        hasReport = r != null;
        learner = hasReport ? r.learner() : null;
        options = hasReport ? r.options() : null;
        seed = hasReport ? r.seed() : 0;
        iterations = hasReport ? r.iterations() : 0;
        converged = hasReport && r.converged();
        objective = hasReport ? r.objective() : null;
        seconds = hasReport ? r.seconds() : 0;
        FoldClassification c = o.classification();
        classNames = c == null ? null : c.confusionMatrix().classNames().toArray(String[]::new);
        counts = c == null ? null : c.confusionMatrix().counts();
        auc = c == null || c.auc().isEmpty() ? Double.NaN : c.auc().getAsDouble();
        averagePrecision = c == null || c.averagePrecision().isEmpty() ? Double.NaN : c.averagePrecision().getAsDouble();
    }

    /** The outcome again. */
    FitOutcome outcome() {
        FitReport report = hasReport ? new FitReport(learner, options, seed, iterations, converged, objective, seconds)
                : null;
        FoldClassification classification = classNames == null ? null : new FoldClassification(
                ConfusionMatrix.of(List.of(classNames), counts), optional(auc), optional(averagePrecision));
        return new FitOutcome(score, fits, unconverged, measures, report, trainSeconds, predictSeconds, classification);
    }

    /** The executor's seconds for the fit. */
    double fitSeconds() {
        return fitSeconds;
    }

    /** NaN (absent) as an empty optional. */
    private static OptionalDouble optional(double v) {
        return Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v);
    }
}
