package dev.kernelkit.spark;

import dev.kernelkit.eval.FitOutcome;
import dev.kernelkit.learn.FitReport;
import java.io.Serializable;
import java.util.LinkedHashMap;

/** A {@link FitOutcome} in plain values, as an executor sends it back to the driver. */
final class ShippedOutcome implements Serializable {
    private static final long serialVersionUID = 1L;

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

    ShippedOutcome(FitOutcome o) {
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
    }

    /** The outcome again. */
    FitOutcome outcome() {
        FitReport report = hasReport ? new FitReport(learner, options, seed, iterations, converged, objective, seconds)
                : null;
        return new FitOutcome(score, fits, unconverged, measures, report, trainSeconds, predictSeconds);
    }
}
