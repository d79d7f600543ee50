package dev.kernelkit.optim;

/**
 * The outcome of an {@link Lbfgs} run: the final point and value, the gradient norm there, the
 * iteration count, why it stopped, and the objective after every iteration. Immutable (arrays are
 * copied in and out).
 */
public final class LbfgsResult {

    /** Why the optimiser stopped. */
    public enum StopReason {
        /** ||&nabla;f(x)||_2 fell to the gradient tolerance: converged. */
        GRADIENT_TOLERANCE,
        /** The iteration limit was reached first. */
        MAX_ITERATIONS,
        /** No step along the search direction decreased f (usually: f is flat to rounding error). */
        LINE_SEARCH_FAILED
    }

    private final double[] x;
    private final double value;
    private final double gradientNorm;
    private final int iterations;
    private final int evaluations;
    private final StopReason reason;
    private final double[] valueHistory;

    LbfgsResult(double[] x, double value, double gradientNorm, int iterations, int evaluations,
                StopReason reason, double[] valueHistory) {
        this.x = x.clone();
        this.value = value;
        this.gradientNorm = gradientNorm;
        this.iterations = iterations;
        this.evaluations = evaluations;
        this.reason = reason;
        this.valueHistory = valueHistory.clone();
    }

    /** A copy of the final point. */
    public double[] x() {
        return x.clone();
    }

    /** f at the final point. */
    public double value() {
        return value;
    }

    /** ||&nabla;f||_2 at the final point. */
    public double gradientNorm() {
        return gradientNorm;
    }

    /** Number of completed iterations (accepted steps). */
    public int iterations() {
        return iterations;
    }

    /** Number of function-and-gradient evaluations, the first one included. */
    public int evaluations() {
        return evaluations;
    }

    /** Why the run stopped. */
    public StopReason reason() {
        return reason;
    }

    /** True when the gradient tolerance was met. */
    public boolean converged() {
        return reason == StopReason.GRADIENT_TOLERANCE;
    }

    /** f at the start point and after each iteration (length iterations + 1); non-increasing. */
    public double[] valueHistory() {
        return valueHistory.clone();
    }

    @Override
    public String toString() {
        return "LbfgsResult(value=" + value + ", gradientNorm=" + gradientNorm + ", iterations=" + iterations
                + ", evaluations=" + evaluations + ", reason=" + reason + ")";
    }
}
