package dev.kernelkit.cvm;

import java.util.Arrays;

/**
 * The outcome of {@link CoreSetSolver}: the core set (point indices in the order they were added),
 * the simplex weights a of the centre c = sum a_i phi~(z_i) over the core set, ||c||^2 = a'K~a,
 * the squared radius R^2 = a'v - a'K~a, the outer iteration count, the R^2 after every outer
 * iteration, whether the run ended by the epsilon test (not by the core-set cap) and the time.
 * Immutable.
 */
public final class CoreSetResult {
    private final int[] coreIndices;
    private final double[] alpha;
    private final double centreNorm2;
    private final double radius2;
    private final int iterations;
    private final double[] radius2Trace;
    private final boolean converged;
    private final long innerIterations;
    private final long kernelEvaluations;
    private final int fullScans;
    private final double seconds;
    private final double innerSeconds;

    CoreSetResult(int[] coreIndices, double[] alpha, double centreNorm2, double radius2, int iterations,
                  double[] radius2Trace, boolean converged, long innerIterations, long kernelEvaluations,
                  int fullScans, double seconds, double innerSeconds) {
        this.innerSeconds = innerSeconds;
        this.fullScans = fullScans;
        this.innerIterations = innerIterations;
        this.kernelEvaluations = kernelEvaluations;
        this.coreIndices = coreIndices.clone();
        this.alpha = alpha.clone();
        this.centreNorm2 = centreNorm2;
        this.radius2 = radius2;
        this.iterations = iterations;
        this.radius2Trace = radius2Trace.clone();
        this.converged = converged;
        this.seconds = seconds;
    }

    /** Indices (into the problem) of the core set, in the order they entered. */
    public int[] coreIndices() {
        return coreIndices.clone();
    }

    /** Core-set size. */
    public int coreSize() {
        return coreIndices.length;
    }

    /** Weights a over the core set (same order as {@link #coreIndices()}), on the simplex. */
    public double[] alpha() {
        return alpha.clone();
    }

    /** ||c||^2 = a'K~a. */
    public double centreNorm2() {
        return centreNorm2;
    }

    /** R^2 = a'v - a'K~a (the dual value). */
    public double radius2() {
        return radius2;
    }

    /** R. */
    public double radius() {
        return Math.sqrt(radius2);
    }

    /** Outer (core-set growing) iterations. */
    public int iterations() {
        return iterations;
    }

    /** R^2 after the initial solve and after every outer iteration. */
    public double[] radius2Trace() {
        return radius2Trace.clone();
    }

    /** False when the core-set cap stopped the run. */
    public boolean converged() {
        return converged;
    }

    /** Total SMO iterations of the core-set QP over all core-set solves. */
    public long innerIterations() {
        return innerIterations;
    }

    /** Kernel entries computed for candidate and core rows (the row cache's misses). */
    public long kernelEvaluations() {
        return kernelEvaluations;
    }

    /** Exact scans over all points for the furthest violator (every iteration when sampleSize is 0). */
    public int fullScans() {
        return fullScans;
    }

    /** Wall-clock seconds. */
    public double seconds() {
        return seconds;
    }

    @Override
    public String toString() {
        return "CoreSetResult(core=" + coreIndices.length + ", R2=" + radius2 + ", iterations=" + iterations
                 + ", converged=" + converged + ", innerIterations=" + innerIterations
                + ", kernelEvaluations=" + kernelEvaluations + ", fullScans=" + fullScans + ", seconds=" + seconds + ", alpha[0..3]="
                + Arrays.toString(Arrays.copyOf(alpha, Math.min(3, alpha.length))) + ")";
    }

    /** Seconds spent in the core-set SMO (the rest of {@link #seconds()} is mostly the candidate search). */
    public double innerSeconds() {
        return innerSeconds;
    }
}
