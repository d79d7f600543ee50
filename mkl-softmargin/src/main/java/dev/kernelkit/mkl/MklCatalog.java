package dev.kernelkit.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Param;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.SvmCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * The learners of the mkl-softmargin module, one per {@link MklMethod}: {@code sm1}, {@code sm2}, {@code lp},
 * {@code simple}, {@code ave} (Xu, Tsang and Xu, TNNLS 2013, Table I). Each trains as the paper's protocol
 * (Section V-B): standardise with the training statistics ({@link ScaledModel}), the SimpleMKL base kernels
 * 13 (d + 1) normalised to unit trace on the training data, then {@link SoftMarginMkl}.
 *
 * <p>The paper chooses every hyper-parameter by 5-fold CV; the defaults of a single fit are those of the MKL
 * demo: C = {@value #DEFAULT_C} (AveKernel: C = n, {@link #AVE_C}), SM1 nu = {@value #DEFAULT_NU} (theta = 1/(nu M)), SM2 theta =
 * {@value #DEFAULT_SM2_THETA}, Lp p = {@value #DEFAULT_P} (L2-MKL, the Lp curve of the paper's Fig. 2). The
 * default tuning grid is the paper's ({@link MklProtocol.Grid#paper}): C in {0.01, 0.1, 1, 10, 100} times, for
 * SM1, nu in {1/M, 0.1, ..., 1}, for SM2, theta in {1e-5, ..., 1e5}, for Lp, p in {1, 32/31, 16/15, 8/7, 4/3,
 * 2, 3, inf}; C only for SimpleMKL and AveKernel.
 */
public final class MklCatalog implements LearnerCatalog {
    /** Default C of a single fit. */
    public static final double DEFAULT_C = 10.0;
    /** Default SM1 ratio nu (theta = 1/(nu M)). */
    public static final double DEFAULT_NU = 0.1;
    /** Default SM2 theta. */
    public static final double DEFAULT_SM2_THETA = 1.0;
    /** Default Lp norm p. */
    public static final double DEFAULT_P = 2.0;
    /** The SVM cost C of every method. */
    public static final Param C = Param.positive("c", String.valueOf(DEFAULT_C), "SVM cost C on the combined kernel");
    /**
     * AveKernel's C: the training set size n. Its base kernels have unit trace, so their average has mean
     * diagonal 1/n and C = n is LIBSVM's C = 1 on that kernel rescaled to unit diagonal; at the other
     * methods' C = 10 it predicts the majority class on Heart, Australian, Diabetes, Ionosphere and WDBC.
     */
    public static final Param AVE_C = Param.positive("c", "n, the training set size",
            "SVM cost C on the average kernel (n = LIBSVM's C = 1 on it rescaled to unit mean diagonal)");
    /** SM1's ratio nu. */
    public static final Param NU = Param.realAbove("nu", String.valueOf(DEFAULT_NU), 0, 1,
            "SM1MKL's ratio nu: the kernel-weight cap theta = 1 / (nu M), M base kernels (nu >= 1/M)");
    /** SM2's theta. */
    public static final Param THETA = Param.positive("theta", String.valueOf(DEFAULT_SM2_THETA),
            "SM2MKL's theta: the penalty ||mu||^2 / (2 theta) on the kernel weights");
    /** Lp's norm. */
    public static final Param P = Param.real("p", String.valueOf(DEFAULT_P), 1, 1e6,
            "the norm p of Lp-MKL's kernel weights (1: sparse, large: uniform)");
    /** The most outer iterations. */
    public static final Param MAX_ITERATIONS = Param.integer("max-iterations", "200", 1, 1_000_000,
            "the most outer iterations of the kernel-weight update");

    @Override
    public List<Learner<?>> learners() {
        List<Learner<?>> out = new ArrayList<>();
        for (MklMethod m : MklMethod.values()) {
            out.add(new MklLearner(m));
        }
        return out;
    }

    /**
     * The default options of a method for a training set of dimension d (M = 13 (d + 1) protocol kernels).
     *
     * @throws IllegalArgumentException when d &lt; 1
     */
    public static MklOptions defaults(MklMethod method, int dim) {
        if (dim < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dim);
        }
        return switch (method) {
            case SM1 -> MklOptions.sm1(DEFAULT_C, MklProtocol.sm1Theta(DEFAULT_NU, kernelCount(dim)));
            case SM2 -> MklOptions.sm2(DEFAULT_C, DEFAULT_SM2_THETA);
            case LP -> MklOptions.lp(DEFAULT_C, DEFAULT_P);
            case SIMPLE -> MklOptions.simple(DEFAULT_C);
            case AVERAGE -> MklOptions.average(DEFAULT_C);
        };
    }

    /** The parameters of a method. */
    static List<Param> params(MklMethod method) {
        return switch (method) {
            case SM1 -> List.of(C, NU, MAX_ITERATIONS, SvmCatalog.CLASS_WEIGHT);
            case SM2 -> List.of(C, THETA, MAX_ITERATIONS, SvmCatalog.CLASS_WEIGHT);
            case LP -> List.of(C, P, MAX_ITERATIONS, SvmCatalog.CLASS_WEIGHT);
            case SIMPLE -> List.of(C, MAX_ITERATIONS, SvmCatalog.CLASS_WEIGHT);
            case AVERAGE -> List.of(AVE_C, SvmCatalog.CLASS_WEIGHT);
        };
    }

    /**
     * The options of a method for a training set of n points of dimension d with the given values (the
     * defaults for the others: {@link #defaults}, and AveKernel's C = n, {@link #AVE_C}).
     *
     * @throws IllegalArgumentException when d &lt; 1, or SM1's nu is below 1/M
     */
    public static MklOptions options(MklMethod method, int dim, int n, ParamValues v) {
        MklOptions o = defaults(method, dim);
        if (v.has(C.name())) {
            o = o.withC(v.real(C.name(), 0));
        } else if (method == MklMethod.AVERAGE) {
            o = o.withC(Math.max(1, n));
        }
        if (v.has(NU.name())) {
            int m = kernelCount(dim);
            double nu = v.real(NU.name(), 0);
            if (nu < 1.0 / m) {
                throw new IllegalArgumentException("learner 'sm1': parameter nu = " + nu + " is below 1/M = 1/" + m
                        + " (M base kernels on " + dim + " features)");
            }
            o = o.withTheta(MklProtocol.sm1Theta(nu, m));
        }
        if (v.has(THETA.name())) {
            o = o.withTheta(v.real(THETA.name(), 0));
        }
        if (v.has(P.name())) {
            o = o.withP(v.real(P.name(), 0));
        }
        if (v.has(MAX_ITERATIONS.name())) {
            o = o.withMaxIterations(v.integer(MAX_ITERATIONS.name(), 0));
        }
        return o.withClassWeights(SvmCatalog.classWeights(v));
    }

    /** M = 13 (d + 1), the size of the SimpleMKL protocol list. */
    static int kernelCount(int dim) {
        return MklProtocol.KernelChoice.protocol().count(dim);
    }

    /** The protocol trainer: standardise, protocol kernels with unit trace, fit. */
    static Trainer<Vec, ScaledModel<Vec>> protocolTrainer(MklOptions options) {
        return MklProtocol.trainer(options, MklProtocol.KernelChoice.protocol());
    }

    private record MklLearner(MklMethod method) implements Learner<Vec> {
        @Override
        public String name() {
            return method.cliName();
        }

        @Override
        public String description() {
            return switch (method) {
                case SM1 -> "SM1MKL: hinge-loss soft margin MKL, kernel weights on the capped simplex (Xu, Tsang and Xu, TNNLS 2013)";
                case SM2 -> "SM2MKL: square-hinge soft margin MKL, simplex with ||mu||^2 / (2 theta) (Xu, Tsang and Xu, TNNLS 2013)";
                case LP -> "Lp-norm MKL with the analytic weight update (Kloft et al., JMLR 2011)";
                case SIMPLE -> "SimpleMKL: L1 MKL by reduced gradient (Rakotomamonjy et al., JMLR 2008)";
                case AVERAGE -> "AveKernel: one SVM on the average of the base kernels";
            };
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
            return MklCatalog.params(method);
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed, ParamValues values) {
            return protocolTrainer(options(method, training.dim(), training.size(), values));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            return grid(training, seed, ParamValues.NONE);
        }

        /** The class weights (the paper's grid sets C and the method's second parameter). */
        @Override
        public List<String> gridCanHold() {
            return List.of(SvmCatalog.CLASS_WEIGHT.name());
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed, ParamValues fixed) {
            checkGridCanHold(fixed);
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            MklOptions base = defaults(method, training.dim()).withClassWeights(SvmCatalog.classWeights(fixed));
            dev.kernelkit.eval.Grid<Vec> grid = new MklProtocol.Tuning(base,
                    MklProtocol.Grid.paper(), true, true, MklProtocol.KernelChoice.protocol(), 5, 0).grid(training.dim());
            for (dev.kernelkit.eval.Point p : grid.points()) {
                out.add(grid.trainer(p));
            }
            return out;
        }
    }
}
