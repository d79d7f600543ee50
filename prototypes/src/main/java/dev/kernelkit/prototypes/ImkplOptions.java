package dev.kernelkit.prototypes;

import java.util.Objects;

/**
 * Hyper-parameters of IMKPL (spec {@code prototypes.md} §3.5; Hosseini &amp; Hammer, CIKM 2019,
 * eq. 4 and Table 1).
 *
 * @param t                  T, cardinality limit of every code γ_i and every prototype u_j; also
 *                           the number of prototypes per class (k = c·T) and the J_ls
 *                           neighbourhood size κ (spec §3.5); {@link #T_BY_CLASS_SIZE} = 0: min({@value #DEFAULT_T},
 *                           the smallest class of the training set), resolved when a fit starts
 * @param lambda             λ, weight of the discriminative loss J_dis (≥ 0)
 * @param mu                 μ, weight of the interpretability loss J_ip (≥ 0)
 * @param tau                τ, weight of the local-separation loss J_ls (≥ 0)
 * @param betaStep           how the kernel weights are updated ({@link BetaStep#FIXED} = ISKPL)
 * @param maxIterations      cap on outer iterations (spec default 50)
 * @param tolerance          stop when |J_t − J_{t−1}| ≤ tolerance·|J_{t−1}| (spec default 1e-4)
 * @param lsForm             form of J_ls ({@link LsForm#SIMILARITY} default)
 * @param recomputeNeighbourhoods recompute the J_ls neighbourhoods at each β-step (default) or fix
 *                           them from the initial β
 * @param selfCoding         which prototypes a training sample may not be coded by (spec §4.1)
 * @param kernelCap          r of {@link BetaStep#CAPPED_SIMPLEX_LP} (0: r = k = c·T;
 *                           {@link #KERNEL_CAP_BY_INNER_CV}: r chosen by inner CV among
 *                           {@link Imkpl#kernelCapCandidates}); ignored otherwise
 * @param seed               seed of the prototype initialisation and visiting order (and of the inner-CV folds)
 * @param disForm            form of J_dis ({@link DisForm#DISTANCE} default)
 * @param predictionRule     how a test point's class is read from the model ({@link PredictionRule})
 * @param innerFolds         folds of the inner CV on the training set that chooses r and/or the
 *                           prediction rule when one of them is left to it (≥ 2; default {@value #DEFAULT_INNER_FOLDS})
 * @param innerMaxIterations cap on the outer iterations of each fit of that inner CV (≥ 0; default
 *                           {@value #DEFAULT_INNER_MAX_ITERATIONS}; {@link #INNER_ITERATIONS_AS_FINAL} = 0: maxIterations,
 *                           the protocol before issue #39); the final fit runs to maxIterations
 *
 * <p>Which options are the default where: {@link #of} gives the spec's variant (β-step
 * {@link BetaStep#NORMALISED_LP}, J_ls {@link LsForm#SIMILARITY}, the paper's prototype-label vote), kept as
 * the named reference; {@link #recommended} gives the variant the measured evidence on training data chose
 * (RESULTS.md, IMKPL sections): the capped β-step with J_ls {@link LsForm#DISTANCE_DIFFERENCE}, r and the
 * prediction rule chosen by {@value #DEFAULT_INNER_FOLDS}-fold inner CV on the training set. The catalog and the
 * command line use {@link #recommended}.
 */
public record ImkplOptions(int t, double lambda, double mu, double tau, BetaStep betaStep, LsForm lsForm,
                           int maxIterations, double tolerance, boolean recomputeNeighbourhoods,
                           SelfCoding selfCoding, int kernelCap, long seed, DisForm disForm,
                           PredictionRule predictionRule, int innerFolds, int innerMaxIterations) {

    /**
     * The default T when none is given: {@value}, the median of T over the seven data sets of the paper's Table 1
     * (5, 12, 15, 15, 18, 20, 20); the paper's parameter study finds accuracy rising with T up to a plateau.
     */
    public static final int DEFAULT_T = 15;

    /**
     * The default λ, μ and τ when none is given: {@value}, the median of each of the three weights over the seven
     * data sets of the paper's Table 1 (each between 0.1 and 0.3; the parameter study finds results good in that
     * range and worse outside it).
     */
    public static final double DEFAULT_WEIGHT = 0.2;

    /**
     * {@link #t} value: T = min({@value #DEFAULT_T}, the smallest class of the training set), resolved by
     * {@link #resolveT} when a fit starts (every class seeds T prototypes, so T cannot exceed a class).
     */
    public static final int T_BY_CLASS_SIZE = 0;

    /** {@link #kernelCap} value: r of the capped β-step is chosen by inner CV on the training set. */
    public static final int KERNEL_CAP_BY_INNER_CV = -1;

    /**
     * The default number of folds of the inner CV that chooses r and the prediction rule inside a fit: 4, so IMKPL's
     * default makes 12 inner fits on three quarters of the training set instead of 15 on four fifths (issue #39;
     * RESULTS.md, "IMKPL: the vote on prototypes that coincide across classes, and 4 inner folds adopted"). It was 5
     * until 2026-12-03, the paper's 5-fold CV on the training part (spec §3.5), which {@code prototypes cv --tune}
     * still uses for its hyper-parameter search and the catalog's ISKPL for its rule; {@code withInnerFolds(5)} gives
     * the former protocol.
     */
    public static final int DEFAULT_INNER_FOLDS = 4;

    /** The inner folds of options written before they were stored (model files of version 1): the default then, 5. */
    public static final int LEGACY_INNER_FOLDS = 5;

    /** {@link #innerMaxIterations} value: the inner-CV fits run to {@link #maxIterations} like the final fit (the protocol before issue #39). */
    public static final int INNER_ITERATIONS_AS_FINAL = 0;

    /**
     * The default cap on the outer iterations of each inner-CV fit that chooses r and the prediction rule
     * ({@link #innerMaxIterations}): the inner fits only rank the candidates and need not converge (the capped
     * β-step's fits on TOX-171 and Isolet run into the 50-iteration cap at the 1e-4 tolerance). Paired with the former
     * protocol ({@link #INNER_ITERATIONS_AS_FINAL}) on the same splits in BENCHMARKS.md (IMKPL inner CV, issue #39).
     */
    public static final int DEFAULT_INNER_MAX_ITERATIONS = 10;

    /**
     * How a test point z is classified from the fitted prototypes (spec §6.2 gives the first; the other two
     * are ours [D], measured in RESULTS.md).
     */
    public enum PredictionRule {
        /**
         * The paper's rule (spec §6.2): code z with all prototypes (eq. 7 with λ = 0) and predict
         * argmax_q (HUγ_z)_q, the class whose training samples carry most of the reconstruction weight.
         */
        PROTOTYPE_VOTE,
        /**
         * Class-wise reconstruction: code z with the prototypes of each class q alone (NQP restricted to
         * {j : c_j = q}, same T) and predict the class with the smallest residual
         * ‖Φ(z) − Φ(X)U_qγ_q‖² in the combined kernel.
         */
        CLASS_RECONSTRUCTION,
        /** Nearest prototype: the class c_j of the prototype with the smallest ‖Φ(z) − Φ(X)u_j‖². */
        NEAREST_PROTOTYPE,
        /** One of the three above, chosen by inner CV on the training set (the fitted model stores which). */
        BY_INNER_CV
    }

    /** The discriminative loss J_dis (spec §3.2). */
    public enum DisForm {
        /** tr((L ⊙ D)UΓ): cross-class weight charged by its feature-space distance (default, spec R-med). */
        DISTANCE,
        /**
         * Σ_i Σ_s L_is (Uγ_i)_s: cross-class weight charged 1 per unit (spec alternative {@code LABEL_ONLY},
         * R-low); does not depend on β, so it adds the same constant λ·J_dis to every kernel's β-step
         * coefficient (no effect on the choice of β).
         */
        LABEL_ONLY,
        /**
         * ‖(1_c1_Nᵀ − H) ⊙ (HUΓ)‖_F² = Σ_i Σ_{q ≠ y_i} ((HUγ_i)_q)²: the squared class mass that x_i's
         * reconstruction Uγ_i puts on each class other than its own (spec alternative
         * {@code LABEL_SQUARED}, R-low). Our reading of the spec's formula: column i of 1_c1_Nᵀ − H is
         * ē_{y_i} and column i of HUΓ is x_i's class-mass vector HUγ_i, so the Hadamard product keeps
         * only the cross-class masses; the Frobenius norm squares each one separately (no
         * cross-products between classes). Quadratic, PSD in Γ (for fixed U) and in U (for fixed Γ):
         * the code step adds 2λ(HU)ᵀdiag(ē_{y_i})(HU) to Q (spec §4.1; one matrix per class), the
         * prototype step adds 2λHᵀdiag(g)H to Q, g_q = Σ_i γ_ji²[y_i ≠ q], and 2λHᵀz to c, z_q =
         * Σ_i γ_ji[y_i ≠ q](HU_{−j}γ_{−j,i})_q (our derivation, the spec gives only the code step).
         * β-free, like {@link #LABEL_ONLY}: the same constant λ·J_dis in every β-step coefficient.
         */
        LABEL_SQUARED
    }

    /** The kernel-weight update (spec §4.3). */
    public enum BetaStep {
        /** LP over the simplex plus the k prototype-normalisation equalities (default; exact for eq. 4). */
        NORMALISED_LP,
        /** LP over the simplex only: closed form, selects the single best kernel, then renormalises U. */
        SIMPLEX_LP,
        /**
         * LP over the capped simplex {β ≥ 0, Σβ = 1, β_m ≤ 1/r} (r = {@code kernelCap}, or k = c·T
         * when 0): closed form, the r kernels with the smallest coefficients a_m + λb_m + τℓ_m get
         * 1/r each; then U is renormalised (our option [D], not in the spec: the simplex LP keeps one
         * kernel, the normalised LP keeps kernels its equality rows need).
         */
        CAPPED_SIMPLEX_LP,
        /** β frozen at the uniform average (ISKPL, the single-kernel variant on the average kernel). */
        FIXED
    }

    /** The local-separation loss J_ls (spec §3.4). */
    public enum LsForm {
        /** Σ_i [Σ_{N⁺_i} D_is + Σ_{N⁻_i} K_it]: non-negative (default, spec R-med). */
        SIMILARITY,
        /** Σ_i [Σ_{N⁺_i} D_is − Σ_{N⁻_i} D_it]: the alternative of spec §3.4 (may be negative). */
        DISTANCE_DIFFERENCE
    }

    /**
     * Self-representation during training (spec §4.1: the paper reconstructs x_i "based on other
     * samples"; NNKSC has a no-self-reconstruction mode).
     */
    public enum SelfCoding {
        /** Hide, when coding x_i, only a prototype equal to e_i (spec default [D]). */
        HIDE_SELF_PROTOTYPE,
        /**
         * Hide, when coding x_i, every prototype that contains x_i, and keep x_i out of every
         * prototype that codes it (the joint constraint γ_ji·u_ij = 0, enforced in both block steps,
         * so each step stays monotone). Training codes then look like test codes, which never
         * contain the coded point.
         */
        EXCLUDE_SELF
    }

    /** Validates every field. */
    public ImkplOptions {
        if (t < T_BY_CLASS_SIZE) {
            throw new IllegalArgumentException("T must be >= 1 (or " + T_BY_CLASS_SIZE
                    + ": min(" + DEFAULT_T + ", the smallest class)), got " + t);
        }
        requireWeight("lambda", lambda);
        requireWeight("mu", mu);
        requireWeight("tau", tau);
        Objects.requireNonNull(betaStep, "betaStep");
        Objects.requireNonNull(lsForm, "lsForm");
        Objects.requireNonNull(selfCoding, "selfCoding");
        Objects.requireNonNull(disForm, "disForm");
        Objects.requireNonNull(predictionRule, "predictionRule");
        if (kernelCap < KERNEL_CAP_BY_INNER_CV) {
            throw new IllegalArgumentException("kernelCap must be >= 0 (or " + KERNEL_CAP_BY_INNER_CV
                    + ": by inner CV), got " + kernelCap);
        }
        if (innerFolds < 2) {
            throw new IllegalArgumentException("innerFolds must be >= 2, got " + innerFolds);
        }
        if (innerMaxIterations < 0) {
            throw new IllegalArgumentException("innerMaxIterations must be >= 0 (0: as maxIterations), got "
                    + innerMaxIterations);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
        }
        if (!(tolerance >= 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be >= 0, got " + tolerance);
        }
    }

    /** All options but the inner fits' iteration cap, which takes its default {@value #DEFAULT_INNER_MAX_ITERATIONS}. */
    public ImkplOptions(int t, double lambda, double mu, double tau, BetaStep betaStep, LsForm lsForm,
                        int maxIterations, double tolerance, boolean recomputeNeighbourhoods,
                        SelfCoding selfCoding, int kernelCap, long seed, DisForm disForm,
                        PredictionRule predictionRule, int innerFolds) {
        this(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap,
                seed, disForm, predictionRule, innerFolds, DEFAULT_INNER_MAX_ITERATIONS);
    }

    /**
     * The options of the fields that existed before the prediction rule: the paper's
     * {@link PredictionRule#PROTOTYPE_VOTE}, {@value #DEFAULT_INNER_FOLDS} inner folds.
     */
    public ImkplOptions(int t, double lambda, double mu, double tau, BetaStep betaStep, LsForm lsForm,
                        int maxIterations, double tolerance, boolean recomputeNeighbourhoods,
                        SelfCoding selfCoding, int kernelCap, long seed, DisForm disForm) {
        this(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap,
                seed, disForm, PredictionRule.PROTOTYPE_VOTE, DEFAULT_INNER_FOLDS);
    }

    /** All options but J_dis, which takes its default form {@link DisForm#DISTANCE}, and the prediction rule (the vote). */
    public ImkplOptions(int t, double lambda, double mu, double tau, BetaStep betaStep, LsForm lsForm,
                        int maxIterations, double tolerance, boolean recomputeNeighbourhoods,
                        SelfCoding selfCoding, int kernelCap, long seed) {
        this(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap,
                seed, DisForm.DISTANCE);
    }

    /**
     * The spec's variant, kept as the named reference: NORMALISED_LP, J_ls SIMILARITY, the paper's
     * prototype-label vote, 50 iterations, tolerance 1e-4, recomputed neighbourhoods, seed 1.
     */
    public static ImkplOptions of(int t, double lambda, double mu, double tau) {
        return new ImkplOptions(t, lambda, mu, tau, BetaStep.NORMALISED_LP, LsForm.SIMILARITY, 50, 1e-4, true,
                SelfCoding.HIDE_SELF_PROTOTYPE, 0, 1L, DisForm.DISTANCE);
    }

    /**
     * The variant the measured evidence on training data chose (RESULTS.md, IMKPL): the capped β-step
     * ({@link BetaStep#CAPPED_SIMPLEX_LP}) with J_ls {@link LsForm#DISTANCE_DIFFERENCE}, r =
     * {@link #KERNEL_CAP_BY_INNER_CV} and the prediction rule {@link PredictionRule#BY_INNER_CV}, both chosen
     * by {@value #DEFAULT_INNER_FOLDS}-fold inner CV on the training set; otherwise as {@link #of}.
     */
    public static ImkplOptions recommended(int t, double lambda, double mu, double tau) {
        return new ImkplOptions(t, lambda, mu, tau, BetaStep.CAPPED_SIMPLEX_LP, LsForm.DISTANCE_DIFFERENCE, 50, 1e-4,
                true, SelfCoding.HIDE_SELF_PROTOTYPE, KERNEL_CAP_BY_INNER_CV, 1L, DisForm.DISTANCE,
                PredictionRule.BY_INNER_CV, DEFAULT_INNER_FOLDS);
    }

    /** Whether fitting with these options runs an inner CV (r or the prediction rule left to it). */
    public boolean innerCv() {
        return predictionRule == PredictionRule.BY_INNER_CV
                || (betaStep == BetaStep.CAPPED_SIMPLEX_LP && kernelCap == KERNEL_CAP_BY_INNER_CV);
    }

    /** The same options with another β-step. */
    public ImkplOptions withBetaStep(BetaStep b) {
        return new ImkplOptions(t, lambda, mu, tau, b, lsForm, maxIterations, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another J_ls form. */
    public ImkplOptions withLsForm(LsForm f) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, f, maxIterations, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another iteration cap. */
    public ImkplOptions withMaxIterations(int it) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, it, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another self-coding rule. */
    public ImkplOptions withSelfCoding(SelfCoding sc) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods, sc, kernelCap, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another kernel cap r (0: k = c·T). */
    public ImkplOptions withKernelCap(int r) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods,
                selfCoding, r, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another J_dis form. */
    public ImkplOptions withDisForm(DisForm f) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods,
                selfCoding, kernelCap, seed, f, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another seed. */
    public ImkplOptions withSeed(long s) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods, selfCoding, kernelCap, s, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with another prediction rule. */
    public ImkplOptions withPredictionRule(PredictionRule r) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods,
                selfCoding, kernelCap, seed, disForm, r, innerFolds, innerMaxIterations);
    }

    /** The same options with another number of inner-CV folds. */
    public ImkplOptions withInnerFolds(int folds) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods,
                selfCoding, kernelCap, seed, disForm, predictionRule, folds, innerMaxIterations);
    }

    /** The same options with another iteration cap for the inner-CV fits ({@link #INNER_ITERATIONS_AS_FINAL}: as the final fit). */
    public ImkplOptions withInnerMaxIterations(int it) {
        return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods,
                selfCoding, kernelCap, seed, disForm, predictionRule, innerFolds, it);
    }

    /**
     * The iteration cap of the inner-CV fits: {@link #innerMaxIterations} at most {@link #maxIterations}, or
     * maxIterations itself for {@link #INNER_ITERATIONS_AS_FINAL}.
     */
    public int innerIterationCap() {
        return innerMaxIterations == INNER_ITERATIONS_AS_FINAL ? maxIterations : Math.min(innerMaxIterations, maxIterations);
    }

    /**
     * These options for a training set whose smallest class has {@code smallestClass} samples: T = min({@value
     * #DEFAULT_T}, smallestClass) (at least 1) when T is {@link #T_BY_CLASS_SIZE}, else unchanged.
     */
    public ImkplOptions resolveT(int smallestClass) {
        return t == T_BY_CLASS_SIZE ? withT(defaultT(smallestClass)) : this;
    }

    /**
     * The default T for a training set whose smallest class has {@code smallestClass} samples: min({@value
     * #DEFAULT_T}, smallestClass), at least 1.
     */
    public static int defaultT(int smallestClass) {
        return Math.max(1, Math.min(DEFAULT_T, smallestClass));
    }

    /** The same options with another T. */
    public ImkplOptions withT(int newT) {
        return new ImkplOptions(newT, lambda, mu, tau, betaStep, lsForm, maxIterations, tolerance, recomputeNeighbourhoods,
                selfCoding, kernelCap, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    /** The same options with other weights λ, μ, τ. */
    public ImkplOptions withWeights(double newLambda, double newMu, double newTau) {
        return new ImkplOptions(t, newLambda, newMu, newTau, betaStep, lsForm, maxIterations, tolerance,
                recomputeNeighbourhoods, selfCoding, kernelCap, seed, disForm, predictionRule, innerFolds, innerMaxIterations);
    }

    private static void requireWeight(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + v);
        }
    }
}
