package dev.kernelkit.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;

/**
 * The learners of the mkl-softmargin module, one per {@link MklMethod}: {@code sm1}, {@code sm2}, {@code lp},
 * {@code simple}, {@code ave} (Xu, Tsang and Xu, TNNLS 2013, Table I). Each trains as the paper's protocol
 * (Section V-B): standardise with the training statistics ({@link ScaledModel}), the SimpleMKL base kernels
 * 13 (d + 1) normalised to unit trace on the training data, then {@link SoftMarginMkl}.
 *
 * <p>The paper chooses every hyper-parameter by 5-fold CV; the defaults of a single fit are those of the MKL
 * demo: C = {@value #DEFAULT_C}, SM1 nu = {@value #DEFAULT_NU} (theta = 1/(nu M)), SM2 theta =
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
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed) {
            return protocolTrainer(defaults(method, training.dim()));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            dev.kernelkit.eval.Grid<Vec> grid = new MklProtocol.Tuning(defaults(method, training.dim()),
                    MklProtocol.Grid.paper(), true, true, MklProtocol.KernelChoice.protocol(), 5, 0).grid(training.dim());
            for (dev.kernelkit.eval.Point p : grid.points()) {
                out.add(grid.trainer(p));
            }
            return out;
        }
    }
}
