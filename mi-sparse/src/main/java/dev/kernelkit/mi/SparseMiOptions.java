package dev.kernelkit.mi;

import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.WeightedGaussianKernel;

/**
 * Settings of {@link SparseMi} (Fu, Lu, Ting &amp; Zhang, "Learning sparse kernel classifiers
 * for multi-instance classification", IEEE TNNLS 24(9), 2013, Algorithm 1).
 *
 * @param c the loss weight C of eq. 12, &gt; 0
 * @param kernel the instance kernel: Gaussian (the paper's), polynomial or linear on the fast path; a learned
 *        combination with a gradient ({@link MultipleKernel.DifferentiableCombined}: Gaussians, polynomials and
 *        linear kernels on feature subsets, group Gaussians; see {@link LearnedKernelForSparseMi}) or a
 *        {@link WeightedGaussianKernel} on the general path, in the input space only (basisVectors 0). These are
 *        the kernels whose gradient the library provides and whose specification a model file stores
 * @param expansionVectors N_XV, &ge; 1
 * @param maxIterations t_max, outer gradient steps (paper: 50); 0 keeps the initial XVs (RSVM)
 * @param maxStepTrials s_max, step halvings per outer iteration (paper: 10), &ge; 1
 * @param initialStep lambda_0, &gt; 0, or NaN for the paper's default: the mean pairwise
 *        distance between the initial XVs (with one XV: its mean distance to the training
 *        instances, our choice). How lambda makes a trial point is {@code stepRule}
 * @param tolerance stop when an accepted step lowers g by less than tolerance * |g|, &ge; 0
 * @param init how the initial XVs (or basis vectors) are chosen
 * @param basisVectors 0 for XVs in the input space; Q &gt; 0 for XVs z_j = B v_j in the span of Q
 *        training instances (Sec. IV-E, for sparse high-dimensional data)
 * @param ridge added to the diagonal of K_Z so that the inner problem is strictly convex, &ge; 0
 *        (footnote 1 of the paper)
 * @param seed the seed of every random choice
 * @param restarts how many initialisations to optimise, &ge; 1: start r = 0 uses {@code seed}, start r
 *        &gt; 0 the seed {@code seed + r * 1000003}; the fit with the lowest final g(Z) (the objective the
 *        method minimises; the first on ties) is kept. 1 is the paper's single start
 * @param stepRule the trial point of Algorithm 1: {@link StepRule#LENGTH} (default) or the
 *        printed Z - lambda dg/dZ ({@link StepRule#GRADIENT})
 * @param innerSolver how the inner problem (eq. 12 at fixed Z) is solved: {@link InnerSolver#NEWTON}
 *        (default, exact) or the paper's {@link InnerSolver#LBFGS} to {@code innerTolerance}
 * @param innerTolerance L-BFGS only: stop when ||grad Q(beta, rho)||_2 &le; innerTolerance *
 *        ||grad Q(0, 0)||_2, in (0, 1); ignored by Newton
 * @param trialLimit whether a step found only at the s_max-th trial ends the outer loop
 *        ({@link TrialLimit#PRINTED}, Algorithm 1's "until ... or s &ge; s_max") or not
 *        ({@link TrialLimit#NO_DECREASE}, default: only a round of s_max failed trials ends it)
 * @param classWeights class weights by bag label: bag i costs C w_{c(i)} in the loss of eq. 12 (in g(Z), its
 *        gradient and the SVM initialisation; {@link ClassWeights}, none by default). {@link #toString} prints them
 *        only when there are some, so the options line of an unweighted model file is as before
 */
public record SparseMiOptions(double c, DifferentiableKernel kernel, int expansionVectors, int maxIterations,
                              int maxStepTrials, double initialStep, double tolerance, XvInit init,
                              int basisVectors, double ridge, long seed, int restarts, StepRule stepRule,
                              InnerSolver innerSolver, double innerTolerance, TrialLimit trialLimit,
                              ClassWeights classWeights) {

    /** The default L-BFGS tolerance relative to the gradient at zero, "loose" as the paper's inner solves. */
    public static final double DEFAULT_INNER_TOLERANCE = 1e-3;

    /** How Algorithm 1 turns the step lambda and the gradient of g into a trial point. */
    public enum StepRule {
        /**
         * Z - lambda grad / ||grad||_F: lambda is the length of the step, in the units of a
         * distance like lambda_0 (the mean pairwise XV distance), whatever the scale of C.
         */
        LENGTH,
        /**
         * Z - lambda grad, Algorithm 1 as printed; the step length scales with ||grad|| and so with
         * C. Measured on MUSK1 (RESULTS.md) one point below LENGTH.
         */
        GRADIENT
    }

    /** The solver of the inner squared-hinge problem at fixed Z ({@link dev.kernelkit.svm.SquaredHingeProblem}). */
    public enum InnerSolver {
        /** The finite Newton method: the exact minimiser up to rounding (default). */
        NEWTON,
        /**
         * L-BFGS, the paper's solver, warm-started like Newton and stopped at {@code innerTolerance}
         * relative to the gradient at zero: an inexact g(Z) and gradient.
         */
        LBFGS
    }

    /** What ends Algorithm 1's outer loop when the step trials run out. */
    public enum TrialLimit {
        /** Only a round whose s_max trials all failed to lower g ends the loop (default). */
        NO_DECREASE,
        /**
         * Also a round whose step was accepted only at trial s_max: Algorithm 1's printed
         * "until Convergence or t &ge; t_max or s &ge; s_max".
         */
        PRINTED
    }

    /** @throws IllegalArgumentException naming the first setting out of range */
    public SparseMiOptions {
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (kernel == null) {
            throw new IllegalArgumentException("kernel must not be null");
        }
        if (!DotProductKernel.supports(kernel) && !(kernel instanceof MultipleKernel.DifferentiableCombined)
                && !(kernel instanceof WeightedGaussianKernel)) {
            throw new IllegalArgumentException("kernel must be gaussian, polynomial or linear, a weighted-gaussian, or "
                    + "a learned combination with a gradient (MultipleKernel.combined of Gaussians, polynomials and "
                    + "linear kernels on all features, one feature or a feature subset, and group Gaussians), got "
                    + describe(kernel));
        }
        if (expansionVectors < 1) {
            throw new IllegalArgumentException("expansionVectors must be >= 1, got " + expansionVectors);
        }
        if (maxIterations < 0) {
            throw new IllegalArgumentException("maxIterations must be >= 0, got " + maxIterations);
        }
        if (maxStepTrials < 1) {
            throw new IllegalArgumentException("maxStepTrials must be >= 1, got " + maxStepTrials);
        }
        if (!Double.isNaN(initialStep) && !(initialStep > 0 && Double.isFinite(initialStep))) {
            throw new IllegalArgumentException("initialStep must be > 0 and finite, or NaN for the default, got "
                    + initialStep);
        }
        if (!(tolerance >= 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be >= 0 and finite, got " + tolerance);
        }
        if (init == null) {
            throw new IllegalArgumentException("init must not be null");
        }
        if (basisVectors < 0) {
            throw new IllegalArgumentException("basisVectors must be >= 0, got " + basisVectors);
        }
        if (basisVectors > 0 && init == XvInit.KMEANS) {
            throw new IllegalArgumentException("init kmeans is not available with basis vectors "
                    + "(its centroids would densify sparse instances); use random or svm");
        }
        if (basisVectors > 0 && !DotProductKernel.supports(kernel)) {
            throw new IllegalArgumentException("basisVectors > 0 (expansion vectors in the span of basis vectors, "
                    + "TNNLS 2013 Sec. IV-E) needs a kernel of x.z, |x|^2 and |z|^2 (gaussian, polynomial or linear), got "
                    + describe(kernel) + "; use basisVectors 0 (the input space) with this kernel");
        }
        if (basisVectors > 0 && expansionVectors > basisVectors) {
            throw new IllegalArgumentException("expansionVectors must be <= basisVectors = " + basisVectors
                    + ", got " + expansionVectors);
        }
        if (!(ridge >= 0) || !Double.isFinite(ridge)) {
            throw new IllegalArgumentException("ridge must be >= 0 and finite, got " + ridge);
        }
        if (restarts < 1) {
            throw new IllegalArgumentException("restarts must be >= 1, got " + restarts);
        }
        if (stepRule == null) {
            throw new IllegalArgumentException("stepRule must not be null");
        }
        if (innerSolver == null) {
            throw new IllegalArgumentException("innerSolver must not be null");
        }
        if (!(innerTolerance > 0 && innerTolerance < 1)) {
            throw new IllegalArgumentException("innerTolerance must be in (0, 1), got " + innerTolerance);
        }
        if (trialLimit == null) {
            throw new IllegalArgumentException("trialLimit must not be null");
        }
        if (classWeights == null) {
            throw new IllegalArgumentException("classWeights must not be null");
        }
        if (restarts > 1 && init == XvInit.SVM) {
            throw new IllegalArgumentException("restarts must be 1 with init svm (the SVM selection is "
                    + "deterministic, every start would be the same), got " + restarts);
        }
    }

    /** The kernel's specification where {@link Kernels#format} knows it, else its toString. */
    private static String describe(DifferentiableKernel kernel) {
        try {
            return Kernels.format(kernel);
        } catch (IllegalArgumentException e) {
            return String.valueOf(kernel);
        }
    }

    /** The settings without class weights. */
    public SparseMiOptions(double c, DifferentiableKernel kernel, int expansionVectors, int maxIterations,
                           int maxStepTrials, double initialStep, double tolerance, XvInit init, int basisVectors,
                           double ridge, long seed, int restarts, StepRule stepRule, InnerSolver innerSolver,
                           double innerTolerance, TrialLimit trialLimit) {
        this(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep, tolerance, init, basisVectors,
                ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, ClassWeights.NONE);
    }

    /** The settings with a single start (restarts = 1), as before restarts existed. */
    public SparseMiOptions(double c, DifferentiableKernel kernel, int expansionVectors, int maxIterations,
                           int maxStepTrials, double initialStep, double tolerance, XvInit init, int basisVectors,
                           double ridge, long seed) {
        this(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep, tolerance, init, basisVectors,
                ridge, seed, 1, StepRule.LENGTH, InnerSolver.NEWTON, DEFAULT_INNER_TOLERANCE, TrialLimit.NO_DECREASE);
    }

    /**
     * The paper's defaults: C = 1, Gaussian gamma = 1, N_XV = 10, t_max = 50, s_max = 10,
     * lambda_0 = mean pairwise XV distance, tolerance 1e-6, random initial XVs, input space,
     * ridge 1e-8, seed 1, one start, steps of length lambda, the exact Newton inner solve, and the
     * loop ended by the tolerance, t_max or a round of failed trials.
     */
    public static SparseMiOptions defaults() {
        return new SparseMiOptions(1.0, new GaussianKernel(1.0), 10, 50, 10, Double.NaN, 1e-6, XvInit.RANDOM,
                0, 1e-8, 1L, 1, StepRule.LENGTH, InnerSolver.NEWTON, DEFAULT_INNER_TOLERANCE, TrialLimit.NO_DECREASE,
                ClassWeights.NONE);
    }

    /** With another C. */
    public SparseMiOptions withC(double newC) {
        return new SparseMiOptions(newC, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another kernel. */
    public SparseMiOptions withKernel(DifferentiableKernel k) {
        return new SparseMiOptions(c, k, expansionVectors, maxIterations, maxStepTrials, initialStep, tolerance,
                init, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With a Gaussian kernel of the given gamma. */
    public SparseMiOptions withGamma(double gamma) {
        return withKernel(new GaussianKernel(gamma));
    }

    /** With another N_XV. */
    public SparseMiOptions withExpansionVectors(int n) {
        return new SparseMiOptions(c, kernel, n, maxIterations, maxStepTrials, initialStep, tolerance, init,
                basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another t_max. */
    public SparseMiOptions withMaxIterations(int t) {
        return new SparseMiOptions(c, kernel, expansionVectors, t, maxStepTrials, initialStep, tolerance, init,
                basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another lambda_0 (NaN for the default). */
    public SparseMiOptions withInitialStep(double lambda) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, lambda, tolerance,
                init, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another convergence tolerance. */
    public SparseMiOptions withTolerance(double tol) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep, tol,
                init, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another initialisation. */
    public SparseMiOptions withInit(XvInit i) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, i, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With Q basis vectors (0: input space). */
    public SparseMiOptions withBasisVectors(int q) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, q, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another ridge. */
    public SparseMiOptions withRidge(double r) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, basisVectors, r, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another seed. */
    public SparseMiOptions withSeed(long s) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, basisVectors, ridge, s, restarts, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another number of starts (1: the paper's single start). */
    public SparseMiOptions withRestarts(int r) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, basisVectors, ridge, seed, r, stepRule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another step rule. */
    public SparseMiOptions withStepRule(StepRule rule) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, basisVectors, ridge, seed, restarts, rule, innerSolver, innerTolerance, trialLimit, classWeights);
    }

    /** With another inner solver; {@code tolerance} is L-BFGS's relative gradient tolerance (kept as given for Newton). */
    public SparseMiOptions withInnerSolver(InnerSolver solver, double tolerance) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                this.tolerance, init, basisVectors, ridge, seed, restarts, stepRule, solver, tolerance, trialLimit, classWeights);
    }

    /** With another rule for a round that needed all s_max trials. */
    public SparseMiOptions withTrialLimit(TrialLimit rule) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep,
                tolerance, init, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, rule, classWeights);
    }

    /** With other class weights ({@link ClassWeights#NONE} for none). */
    public SparseMiOptions withClassWeights(ClassWeights value) {
        return new SparseMiOptions(c, kernel, expansionVectors, maxIterations, maxStepTrials, initialStep, tolerance,
                init, basisVectors, ridge, seed, restarts, stepRule, innerSolver, innerTolerance, trialLimit, value);
    }

    /** The record's text, with {@code classWeights=...} only when there are some (as before they existed otherwise). */
    @Override
    public String toString() {
        return "SparseMiOptions[c=" + c + ", kernel=" + kernel + ", expansionVectors=" + expansionVectors
                + ", maxIterations=" + maxIterations + ", maxStepTrials=" + maxStepTrials + ", initialStep=" + initialStep
                + ", tolerance=" + tolerance + ", init=" + init + ", basisVectors=" + basisVectors + ", ridge=" + ridge
                + ", seed=" + seed + ", restarts=" + restarts + ", stepRule=" + stepRule + ", innerSolver=" + innerSolver
                + ", innerTolerance=" + innerTolerance + ", trialLimit=" + trialLimit
                + (classWeights.isNone() ? "" : ", classWeights=" + classWeights) + "]";
    }
}
