package dev.kernelkit.mkl;

import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.SmoSolver;
import java.util.Objects;

/**
 * Options of {@link SoftMarginMkl}.
 *
 * @param method the weight learner
 * @param c the SVM cost C &gt; 0 (the paper's grid {0.01, 0.1, 1, 10, 100})
 * @param theta SM1: the cap of the capped simplex, &ge; 1/M (checked at fit time; theta = 1/(nu M),
 *        nu in {1/M, 0.1, ..., 1}); SM2: the weight of the penalty ||mu||^2 / (2 theta), &gt; 0
 *        (grid 1e-5..1e5); ignored by the other methods
 * @param p Lp-MKL norm, &ge; 1 or +infinity (grid {1, 32/31, 16/15, 8/7, 4/3, 2, 3, inf}); ignored otherwise
 * @param maxIterations cap on MKL iterations, &ge; 1
 * @param tolerance stopping tolerance, &gt; 0: SM1, SM2, Lp and SimpleMKL stop when the relative duality
 *        (Frank-Wolfe) gap (sum_m mu_m g_m - min_v g'v) / |objective| is below it, g the objective's
 *        gradient and v over the method's domain (simplex, capped simplex or p-norm ball); an upper bound
 *        on the relative distance to the optimum (SimpleMKL's own default 0.01, used for all four); SM2 uses
 *        the saddle-point gap (F(mu) - max_k G(alpha_k)) / |F(mu)| over its SVM solutions instead, which is never
 *        larger at the same alpha and stays valid where J is not differentiable (see {@link SoftMarginMkl})
 * @param weightThreshold a kernel counts as selected when mu_m &gt; weightThreshold * sum(mu), &ge; 0
 * @param solver the SMO options of every SVM solve
 * @param classWeights class weights: sample i costs C w_{c(i)} in every SVM solve ({@link ClassWeights}; none by
 *        default). {@link #toString} prints them only when there are some, so the text of unweighted options (in
 *        journals and model files) is that of the record before they existed.
 */
public record MklOptions(MklMethod method, double c, double theta, double p, int maxIterations, double tolerance,
                         double weightThreshold, SmoSolver.Options solver, ClassWeights classWeights) {

    /** Default relative duality-gap tolerance of every iterative method: SimpleMKL's 0.01. */
    public static final double DEFAULT_GAP_TOLERANCE = 0.01;
    /** Default selection threshold: mu_m &gt; 1e-5 sum(mu). */
    public static final double DEFAULT_THRESHOLD = 1e-5;

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public MklOptions {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(classWeights, "classWeights");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(theta > 0) || !Double.isFinite(theta)) {
            throw new IllegalArgumentException("theta must be > 0 and finite, got " + theta);
        }
        if (!(p >= 1)) {
            throw new IllegalArgumentException("p must be >= 1, got " + p);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
        }
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be > 0 and finite, got " + tolerance);
        }
        if (!(weightThreshold >= 0) || !Double.isFinite(weightThreshold)) {
            throw new IllegalArgumentException("weightThreshold must be >= 0 and finite, got " + weightThreshold);
        }
    }

    /** Options without class weights. */
    public MklOptions(MklMethod method, double c, double theta, double p, int maxIterations, double tolerance,
                      double weightThreshold, SmoSolver.Options solver) {
        this(method, c, theta, p, maxIterations, tolerance, weightThreshold, solver, ClassWeights.NONE);
    }

    private static MklOptions base(MklMethod method, double c, double theta, double p, double tolerance) {
        return new MklOptions(method, c, theta, p, 200, tolerance, DEFAULT_THRESHOLD, SmoSolver.Options.defaults());
    }

    /** SM1MKL with cost C and cap theta; stops at a relative duality gap of 0.01 as SimpleMKL does. */
    public static MklOptions sm1(double c, double theta) {
        return base(MklMethod.SM1, c, theta, 1, DEFAULT_GAP_TOLERANCE);
    }

    /** SM2MKL with cost C and penalty parameter theta; stops at a relative duality gap of 0.01 as SimpleMKL does. */
    public static MklOptions sm2(double c, double theta) {
        return base(MklMethod.SM2, c, theta, 1, DEFAULT_GAP_TOLERANCE);
    }

    /** Lp-MKL with cost C and norm p; stops at a relative duality gap of 0.01. */
    public static MklOptions lp(double c, double p) {
        return base(MklMethod.LP, c, 1, p, DEFAULT_GAP_TOLERANCE);
    }

    /** SimpleMKL with cost C and SimpleMKL's duality-gap tolerance 0.01. */
    public static MklOptions simple(double c) {
        return base(MklMethod.SIMPLE, c, 1, 1, DEFAULT_GAP_TOLERANCE);
    }

    /** The average kernel with cost C. */
    public static MklOptions average(double c) {
        return base(MklMethod.AVERAGE, c, 1, 1, DEFAULT_GAP_TOLERANCE);
    }

    /** A copy with another C. */
    public MklOptions withC(double value) {
        return new MklOptions(method, value, theta, p, maxIterations, tolerance, weightThreshold, solver, classWeights);
    }

    /** A copy with another theta. */
    public MklOptions withTheta(double value) {
        return new MklOptions(method, c, value, p, maxIterations, tolerance, weightThreshold, solver, classWeights);
    }

    /** A copy with another p. */
    public MklOptions withP(double value) {
        return new MklOptions(method, c, theta, value, maxIterations, tolerance, weightThreshold, solver, classWeights);
    }

    /** A copy with another iteration cap. */
    public MklOptions withMaxIterations(int value) {
        return new MklOptions(method, c, theta, p, value, tolerance, weightThreshold, solver, classWeights);
    }

    /** A copy with another tolerance. */
    public MklOptions withTolerance(double value) {
        return new MklOptions(method, c, theta, p, maxIterations, value, weightThreshold, solver, classWeights);
    }

    /** A copy with other SMO options. */
    public MklOptions withSolver(SmoSolver.Options value) {
        return new MklOptions(method, c, theta, p, maxIterations, tolerance, weightThreshold, value, classWeights);
    }

    /** A copy with other class weights ({@link ClassWeights#NONE} for none). */
    public MklOptions withClassWeights(ClassWeights value) {
        return new MklOptions(method, c, theta, p, maxIterations, tolerance, weightThreshold, solver, value);
    }

    /** The record's text, with {@code classWeights=...} only when there are some. */
    @Override
    public String toString() {
        return "MklOptions[method=" + method + ", c=" + c + ", theta=" + theta + ", p=" + p + ", maxIterations="
                + maxIterations + ", tolerance=" + tolerance + ", weightThreshold=" + weightThreshold + ", solver="
                + solver + (classWeights.isNone() ? "" : ", classWeights=" + classWeights) + "]";
    }
}
