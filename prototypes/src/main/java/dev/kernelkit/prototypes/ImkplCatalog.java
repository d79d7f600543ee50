package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Param;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;

/**
 * The learners of the prototypes module: {@code imkpl} (interpretable multiple-kernel prototype learning) and
 * {@code iskpl} (its single-kernel variant on the average kernel, β fixed), Hosseini and Hammer, CIKM 2019,
 * with one Gaussian base kernel per feature (spec {@code prototypes.md} §2).
 *
 * <p>Defaults: IMKPL takes the variant the measured evidence on training data chose
 * ({@link ImkplOptions#recommended}: the capped β-step with J_ls DISTANCE_DIFFERENCE, r and the prediction rule
 * chosen by {@value ImkplOptions#DEFAULT_INNER_FOLDS}-fold inner CV on the training set, parameter {@code inner-folds};
 * RESULTS.md, IMKPL sections), not the spec's NORMALISED_LP β-step ({@link ImkplOptions#of}, the named reference,
 * 69.8 % against 89.1 % on TOX-171);
 * ISKPL the spec's options with β fixed and the prediction rule chosen by inner CV. Both with 50 iterations,
 * tolerance 1e-4, seed = the catalog seed, T = {@value #DEFAULT_T} (the command line's default), lowered to the
 * smallest class size of the training set when that is smaller (every class seeds T prototypes), and
 * λ = μ = τ = {@value #DEFAULT_WEIGHT}: the medians over the seven data sets of the paper's Table 1, whose values
 * vary per data set ({@link ImkplOptions#DEFAULT_T}, {@link ImkplOptions#DEFAULT_WEIGHT}).
 * Default tuning grids, as the tuned rows of RESULTS.md: IMKPL λ in {0.1, 0.3, 1} x τ in {0.1, 0.3}, ISKPL
 * λ in {0.1, 0.3, 1} x μ in {0.1, 0.3}; each grid point still chooses its r and rule by its own inner CV.
 */
public final class ImkplCatalog implements LearnerCatalog {
    /** The default cardinality T (lowered to the smallest class size): {@link ImkplOptions#DEFAULT_T}. */
    public static final int DEFAULT_T = ImkplOptions.DEFAULT_T;
    /** The default weight of J_dis, J_ip and J_ls: {@link ImkplOptions#DEFAULT_WEIGHT}. */
    public static final double DEFAULT_WEIGHT = ImkplOptions.DEFAULT_WEIGHT;
    /** The λ values of the default grids. */
    public static final List<Double> LAMBDA_GRID = List.of(0.1, 0.3, 1.0);
    /** The τ values of IMKPL's grid and the μ values of ISKPL's. */
    public static final List<Double> SECOND_GRID = List.of(0.1, 0.3);
    /** The cardinality T. */
    public static final Param T = Param.integer("t", "min(" + DEFAULT_T + ", smallest class size)", 1, 1_000_000,
            "T, the most training points a prototype is built from (every class seeds T prototypes)");
    /** The weight of J_dis. */
    public static final Param LAMBDA = Param.real("lambda", String.valueOf(DEFAULT_WEIGHT), 0, 1e6,
            "lambda, the weight of the discriminative term J_dis");
    /** The weight of J_ip. */
    public static final Param MU = Param.real("mu", String.valueOf(DEFAULT_WEIGHT), 0, 1e6,
            "mu, the weight of the interpretability term J_ip");
    /** The weight of J_ls. */
    public static final Param TAU = Param.real("tau", String.valueOf(DEFAULT_WEIGHT), 0, 1e6,
            "tau, the weight of the kernel-weight sparsity term J_ls");
    /** The most iterations. */
    public static final Param MAX_ITERATIONS = Param.integer("max-iterations", "50", 1, 1_000_000,
            "the most alternating iterations");
    /**
     * ISKPL's default inner folds: its inner CV chooses the prediction rule alone (one fit per fold, no r), and keeps
     * the former 5 folds; 4 measured −0.81 points on Australian (RESULTS.md, "IMKPL: the vote on
     * prototypes that coincide across classes, and 4 inner folds adopted").
     */
    public static final int ISKPL_INNER_FOLDS = 5;
    /** The folds of the inner CV that chooses r and the prediction rule. */
    public static final Param INNER_FOLDS = Param.integer("inner-folds", ImkplOptions.DEFAULT_INNER_FOLDS + " (imkpl), "
            + ISKPL_INNER_FOLDS + " (iskpl)", 2, 1000,
            "folds of the inner CV on the training set that chooses r and the prediction rule");
    /** The parameters of IMKPL and ISKPL. */
    public static final List<Param> PARAMS = List.of(T, LAMBDA, MU, TAU, MAX_ITERATIONS, INNER_FOLDS);

    @Override
    public List<Learner<?>> learners() {
        return List.of(new ImkplLearner(false), new ImkplLearner(true));
    }

    /**
     * The default options: T = {@link ImkplOptions#T_BY_CLASS_SIZE}, i.e. min({@value #DEFAULT_T},
     * the smallest class of the set each fit is given, so that fits on parts of the training set (inner CV, the
     * probability calibration's folds) lower it too), λ = μ = τ = {@value #DEFAULT_WEIGHT}; IMKPL
     * {@link ImkplOptions#recommended}, ISKPL {@link ImkplOptions#of} with β FIXED and the prediction rule by
     * {@value #ISKPL_INNER_FOLDS}-fold inner CV.
     */
    public static ImkplOptions defaults(boolean singleKernel, long seed) {
        int t = ImkplOptions.T_BY_CLASS_SIZE;
        if (singleKernel) {
            return ImkplOptions.of(t, DEFAULT_WEIGHT, DEFAULT_WEIGHT, DEFAULT_WEIGHT).withSeed(seed)
                    .withBetaStep(ImkplOptions.BetaStep.FIXED)
                    .withPredictionRule(ImkplOptions.PredictionRule.BY_INNER_CV).withInnerFolds(ISKPL_INNER_FOLDS);
        }
        return ImkplOptions.recommended(t, DEFAULT_WEIGHT, DEFAULT_WEIGHT, DEFAULT_WEIGHT).withSeed(seed);
    }

    /**
     * The options for a training set with the given values, the defaults of {@link #defaults} for the others.
     *
     * @throws IllegalArgumentException when t is larger than the smallest class
     */
    public static ImkplOptions options(Dataset<Vec> training, boolean singleKernel, long seed, ParamValues v) {
        ImkplOptions o = defaults(singleKernel, seed);
        if (v.has(T.name())) {
            int t = v.integer(T.name(), 0);
            int smallest = Integer.MAX_VALUE;
            for (int c : training.classCounts()) {
                if (c > 0) {
                    smallest = Math.min(smallest, c);
                }
            }
            if (t > smallest) {
                throw new IllegalArgumentException("parameter t = " + t + " is larger than the smallest class ("
                        + smallest + " points): every class seeds t prototypes");
            }
            o = o.withT(t);
        }
        if (v.has(LAMBDA.name()) || v.has(MU.name()) || v.has(TAU.name())) {
            o = o.withWeights(v.real(LAMBDA.name(), o.lambda()), v.real(MU.name(), o.mu()), v.real(TAU.name(), o.tau()));
        }
        if (v.has(MAX_ITERATIONS.name())) {
            o = o.withMaxIterations(v.integer(MAX_ITERATIONS.name(), 0));
        }
        if (v.has(INNER_FOLDS.name())) {
            o = o.withInnerFolds(v.integer(INNER_FOLDS.name(), 0));
        }
        return o;
    }

    private record ImkplLearner(boolean singleKernel) implements Learner<Vec> {
        @Override
        public String name() {
            return singleKernel ? Imkpl.NAME_SINGLE_KERNEL : Imkpl.NAME;
        }

        @Override
        public String description() {
            return singleKernel ? "ISKPL: prototype learning on the average of per-feature Gaussians (Hosseini and Hammer, CIKM 2019)"
                    : "IMKPL: interpretable multiple-kernel prototype learning, one Gaussian per feature (Hosseini and Hammer, CIKM 2019)";
        }

        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public List<Param> params() {
            return PARAMS;
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed, ParamValues values) {
            return Imkpl.trainer(options(training, singleKernel, seed, values));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            ImkplOptions base = defaults(singleKernel, seed);
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            for (double lambda : LAMBDA_GRID) {
                for (double second : SECOND_GRID) {
                    ImkplOptions o = singleKernel ? base.withWeights(lambda, second, base.tau())
                            : base.withWeights(lambda, base.mu(), second);
                    out.add(Imkpl.trainer(o));
                }
            }
            return out;
        }
    }
}
