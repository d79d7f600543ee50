package dev.kernelkit.learn;

import java.util.Arrays;
import java.util.Objects;

/**
 * What a fit did, kept by every model and written to its model file: the learner, its options (as
 * the options record prints itself), the seed, iterations, whether every machine converged, the
 * objective trace and the wall time. Non-convergence is reported here, not thrown. For a model of
 * several machines (one-vs-rest) the iterations are summed and {@code converged} holds when all
 * machines converged. The objective trace is the learner's objective after each iteration of its
 * outer loop (the first machine's, for several); a learner without an outer loop (one dual solve
 * per machine, as the SVM) gives each machine's final objective instead. Immutable.
 */
public final class FitReport {
    private final String learner;
    private final String options;
    private final long seed;
    private final long iterations;
    private final boolean converged;
    private final double[] objective;
    private final double seconds;

    /**
     * @param learner the learner's name, e.g. {@code svm}
     * @param options the options the model was trained with, one line (record {@code toString})
     * @param seed the seed the fit drew its randomness from (0 for deterministic learners)
     * @param iterations iterations of the learner's outer loop (summed over machines), &ge; 0
     * @param converged whether every machine met its own stopping test (not an iteration cap)
     * @param objective the objective after each iteration (may be empty; copied)
     * @param seconds wall time of the fit, &ge; 0
     * @throws IllegalArgumentException for a blank learner name, negative iterations or seconds
     */
    public FitReport(String learner, String options, long seed, long iterations, boolean converged,
                     double[] objective, double seconds) {
        Objects.requireNonNull(learner, "learner");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(objective, "objective");
        if (learner.isBlank()) {
            throw new IllegalArgumentException("learner must not be blank");
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must be >= 0, got " + iterations);
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("seconds must be finite and >= 0, got " + seconds);
        }
        this.learner = learner;
        this.options = oneLine(options);
        this.seed = seed;
        this.iterations = iterations;
        this.converged = converged;
        this.objective = objective.clone();
        this.seconds = seconds;
    }

    /** A report for a fit with no iterations of its own (a closed form or a single solve). */
    public static FitReport of(String learner, Object options, long seed, double seconds) {
        return new FitReport(learner, String.valueOf(options), seed, 0, true, new double[0], seconds);
    }

    /** The learner's name. */
    public String learner() {
        return learner;
    }

    /** The options, as one line of text. */
    public String options() {
        return options;
    }

    /** The seed. */
    public long seed() {
        return seed;
    }

    /** Iterations of the outer loop, summed over machines. */
    public long iterations() {
        return iterations;
    }

    /** True when every machine met its own stopping test. */
    public boolean converged() {
        return converged;
    }

    /** A copy of the objective trace (one value per iteration, the start first). */
    public double[] objective() {
        return objective.clone();
    }

    /** Wall time of the fit in seconds. */
    public double seconds() {
        return seconds;
    }

    /** This report with another wall time (a wrapper that also timed its own preprocessing). */
    public FitReport withSeconds(double value) {
        return new FitReport(learner, options, seed, iterations, converged, objective, value);
    }

    /** This report with another learner name (one algorithm serving several learners, e.g. RS and RSVM). */
    public FitReport withLearner(String value) {
        return new FitReport(value, options, seed, iterations, converged, objective, seconds);
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FitReport r && learner.equals(r.learner) && options.equals(r.options) && seed == r.seed
                && iterations == r.iterations && converged == r.converged && Arrays.equals(objective, r.objective)
                && Double.compare(seconds, r.seconds) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(learner, options, seed, iterations, converged, Arrays.hashCode(objective), seconds);
    }

    @Override
    public String toString() {
        return "FitReport(" + learner + ", " + iterations + " iterations, " + (converged ? "converged" : "NOT converged")
                + ", " + String.format(java.util.Locale.ROOT, "%.3f s", seconds) + ", options=" + options + ")";
    }
}
