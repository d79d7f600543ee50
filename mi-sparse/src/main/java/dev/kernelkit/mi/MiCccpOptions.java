package dev.kernelkit.mi;

import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;

/**
 * Settings of {@link MiCccp} (Cheung &amp; Kwok, "A regularization framework for multiple-instance
 * learning", ICML 2006; the "when kernels meet bags" part of the Kwok slides).
 *
 * @param kernel the instance kernel (bags enter through the mean map, i.e. the averaged set kernel)
 * @param c the bag hinge weight C = gamma/m of the slides, &gt; 0
 * @param lambda the weight of the L1 loss |f(B) - max_j f(x_j)| relative to the hinge loss, &ge; 0
 * @param maxIterations the cap on CCCP steps (convex QPs), &ge; 1
 * @param tolerance stop when the objective decreases by less than tolerance * max(1, |J|), &gt; 0
 * @param stepSolver how each CCCP step's QP is solved (SMO by default; the projected-gradient solver is the
 *     slower reference kept for tests and {@code kernelkit sparse-mi bench-cccp})
 * @param classWeights class weights by bag label: bag i's hinge and L1 losses cost C w_{c(i)} and C w_{c(i)} lambda
 *     ({@link ClassWeights}, none by default; {@link #toString} prints them only when there are some)
 */
public record MiCccpOptions(Kernel<Vec> kernel, double c, double lambda, int maxIterations, double tolerance,
                            StepSolver stepSolver, ClassWeights classWeights) {

    /** The solver of one CCCP step's dual (see {@link MiCccp}). */
    public enum StepSolver {
        /**
         * Sequential minimal optimisation ({@code dev.kernelkit.svm.SmoSolver} on the step's dual with one
         * equality per bag and one for the hinge multipliers), pairs inside one group, warm-started.
         */
        SMO,
        /** Accelerated projected gradient (FISTA with adaptive restart), cold-started: the reference. */
        PROJECTED_GRADIENT
    }

    /** @throws IllegalArgumentException naming the first setting out of range */
    public MiCccpOptions {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel must not be null");
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(lambda >= 0) || !Double.isFinite(lambda)) {
            throw new IllegalArgumentException("lambda must be >= 0 and finite, got " + lambda);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance must be > 0, got " + tolerance);
        }
        if (stepSolver == null) {
            throw new IllegalArgumentException("stepSolver must not be null");
        }
        if (classWeights == null) {
            throw new IllegalArgumentException("classWeights must not be null");
        }
    }

    /** Gaussian gamma = 1, C = 1, lambda = 1, at most 20 CCCP steps, tolerance 1e-4, SMO steps. */
    public static MiCccpOptions defaults() {
        return new MiCccpOptions(new GaussianKernel(1.0), 1.0, 1.0, 20, 1e-4, StepSolver.SMO, ClassWeights.NONE);
    }

    /** With a Gaussian kernel of the given gamma. */
    public MiCccpOptions withGamma(double gamma) {
        return new MiCccpOptions(new GaussianKernel(gamma), c, lambda, maxIterations, tolerance, stepSolver, classWeights);
    }

    /** With another C. */
    public MiCccpOptions withC(double value) {
        return new MiCccpOptions(kernel, value, lambda, maxIterations, tolerance, stepSolver, classWeights);
    }

    /** With another lambda. */
    public MiCccpOptions withLambda(double value) {
        return new MiCccpOptions(kernel, c, value, maxIterations, tolerance, stepSolver, classWeights);
    }

    /** With another CCCP step cap. */
    public MiCccpOptions withMaxIterations(int value) {
        return new MiCccpOptions(kernel, c, lambda, value, tolerance, stepSolver, classWeights);
    }

    /** With another stopping tolerance. */
    public MiCccpOptions withTolerance(double value) {
        return new MiCccpOptions(kernel, c, lambda, maxIterations, value, stepSolver, classWeights);
    }

    /** With another step solver. */
    public MiCccpOptions withStepSolver(StepSolver value) {
        return new MiCccpOptions(kernel, c, lambda, maxIterations, tolerance, value, classWeights);
    }

    /** The settings without class weights. */
    public MiCccpOptions(Kernel<Vec> kernel, double c, double lambda, int maxIterations, double tolerance,
                         StepSolver stepSolver) {
        this(kernel, c, lambda, maxIterations, tolerance, stepSolver, ClassWeights.NONE);
    }

    /** With other class weights ({@link ClassWeights#NONE} for none). */
    public MiCccpOptions withClassWeights(ClassWeights value) {
        return new MiCccpOptions(kernel, c, lambda, maxIterations, tolerance, stepSolver, value);
    }

    /** The record's text, with {@code classWeights=...} only when there are some (as before they existed otherwise). */
    @Override
    public String toString() {
        return "MiCccpOptions[kernel=" + kernel + ", c=" + c + ", lambda=" + lambda + ", maxIterations=" + maxIterations
                + ", tolerance=" + tolerance + ", stepSolver=" + stepSolver
                + (classWeights.isNone() ? "" : ", classWeights=" + classWeights) + "]";
    }
}
