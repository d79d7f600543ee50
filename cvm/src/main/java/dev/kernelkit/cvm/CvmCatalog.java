package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Param;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The learners of the cvm module, with the defaults of {@code kernelkit cvm train} (spec
 * ../shared/design/cvm.md): a Gaussian kernel with LibCVM's automatic width gamma_0 = 2 / mean
 * squared pairwise distance ({@link CoreVectorMachine#autoGamma}, §3.3 item 13) and LibCVM 2.2's
 * core-set iteration ({@link CoreSetOptions#libcvm}: 20 random points, 60 balanced samples in up to
 * 7 rounds, epsilon halving from 0.1), seeded with the catalog's seed; as accurate as the JMLR
 * 2005 iteration ({@link CoreSetOptions#jmlr}, the reference mode) and 10-150 times faster on large
 * data (BENCHMARKS.md, RESULTS.md).
 *
 * <ul>
 *   <li>{@value CoreVectorMachine#NAME}: C = 100 (LibCVM's {@code -c}), LibCVM's automatic epsilon for
 *       that C ({@link CvmOptions#autoEpsilon}, §3.3 item 3), one-vs-rest; grid gamma in
 *       gamma_0 * {1/4, 1, 4} x C in {1, 100, 1e4, 1e6} (each with its automatic epsilon).</li>
 *   <li>{@value BallVectorMachine#NAME}: the same defaults; grid C in {1, 100, 1e4} (BVM slows down
 *       sharply at large C, §6.3).</li>
 *   <li>{@value OneClassCvm#NAME}: C = 100, epsilon = 1e-6; grid gamma x C in {1, 10, 100}.</li>
 *   <li>{@value CoreVectorRegression#NAME}: C = 1e4 max|y| and mu = 0.02 max|y| (LibCVM's {@code -C}
 *       and {@code -u}, §5.2), epsilon = 1e-6; grid gamma x C in {1e2, 1e3, 1e4} max|y|.</li>
 * </ul>
 *
 * Over bags, with the averaged set kernel k_set over a Gaussian instance kernel (the MI-Kernel of
 * Gaertner et al., ICML 2002) and the mi-sparse catalog's width gamma_0 = {@link
 * dev.kernelkit.kernel.GammaHeuristic#scale} of the training instances (rounded to 4 digits), so that
 * they compare with its MI-Kernel on equal terms; names unique, and on bag data also the vector names:
 *
 * <ul>
 *   <li>{@value CoreVectorMachine#BAG_NAME} ({@code cvm} on bags): C = 100, LibCVM's automatic epsilon,
 *       LibCVM's iteration; grid gamma in gamma_0 * {1/8, 1/4, 1/2, 1, 2} (TNNLS 2013's) x C in
 *       {1, 10, 100, 1000}.</li>
 *   <li>{@value BallVectorMachine#BAG_NAME} ({@code bvm}): the same on the normalised set kernel (the
 *       ball vector machine needs a constant k(B, B)); grid gamma x C in {1, 100, 1e4}.</li>
 *   <li>{@value OneClassCvm#BAG_NAME} ({@code one-class-cvm}): C = 100, epsilon = 1e-6; grid gamma x C
 *       in {1, 10, 100}.</li>
 * </ul>
 *
 * Grids are in preference order (gamma outer, then C, both increasing), as the kernels module's.
 */
public final class CvmCatalog implements LearnerCatalog {
    /** The default cost of cvm, bvm and one-class-cvm (LibCVM's {@code -c 100}). */
    public static final double DEFAULT_C = 100;
    /** The default epsilon of one-class-cvm and cvr. */
    public static final double DEFAULT_EPSILON = 1e-6;
    /** The gamma factors of every default grid (times gamma_0). */
    public static final List<Double> GAMMA_FACTORS = List.of(0.25, 1.0, 4.0);
    /** The C grid of cvm. */
    public static final List<Double> CVM_C_GRID = List.of(1.0, 100.0, 1e4, 1e6);
    /** The C grid of bvm. */
    public static final List<Double> BVM_C_GRID = List.of(1.0, 100.0, 1e4);
    /** The C grid of one-class-cvm. */
    public static final List<Double> ONE_CLASS_C_GRID = List.of(1.0, 10.0, 100.0);
    /** The C grid of cvr, times max|y|. */
    public static final List<Double> CVR_C_FACTORS = List.of(1e2, 1e3, 1e4);
    /** The gamma factors of the bag learners' grids (times gamma_0 of the instances; TNNLS 2013's). */
    public static final List<Double> BAG_GAMMA_FACTORS = List.of(0.125, 0.25, 0.5, 1.0, 2.0);
    /** The C grid of bag-cvm. */
    public static final List<Double> BAG_CVM_C_GRID = List.of(1.0, 10.0, 100.0, 1000.0);
    /** The cost C of the classifiers and the one-class CVM. */
    public static final Param C = Param.positive("c", "100", "cost C (LibCVM -c)");
    /** The Gaussian width of the vector learners. */
    public static final Param GAMMA = Param.positive("gamma", "LibCVM's 2 / mean squared pairwise distance",
            "width of the Gaussian kernel exp(-gamma |x - y|^2)");
    /** The Gaussian width of the bag learners' instance kernel. */
    public static final Param BAG_GAMMA = Param.positive("gamma",
            "g0 = 1 / (d var(x)) of the training instances, 4 digits",
            "width of the Gaussian instance kernel inside the averaged set kernel");
    /** The core-set tolerance of cvm and bvm. */
    public static final Param EPSILON = Param.positive("epsilon", "LibCVM's automatic epsilon for C",
            "the (1 + epsilon) approximation of the enclosing ball (LibCVM -e)");
    /** The core-set tolerance of one-class-cvm and cvr. */
    public static final Param SMALL_EPSILON = Param.positive("epsilon", String.valueOf(DEFAULT_EPSILON),
            "the (1 + epsilon) approximation of the enclosing ball (LibCVM -e)");
    /** The cost of cvr. */
    public static final Param CVR_C = Param.positive("c", "1e4 max|y|", "cost C of the regression (LibCVM -C)");
    /** The tube of cvr. */
    public static final Param CVR_MU = Param.positive("mu", "0.02 max|y|", "the width of the insensitive tube (LibCVM -u)");

    @Override
    public List<Learner<?>> learners() {
        return List.of(
                new VectorLearner(CoreVectorMachine.NAME, Task.CLASSIFICATION,
                        "Core Vector Machine: the L2-SVM as a minimum enclosing ball (Tsang, Kwok and Cheung, JMLR 2005)",
                        List.of(C, GAMMA, EPSILON), CvmCatalog::cvm, CvmCatalog::cvmGrid),
                new VectorLearner(BallVectorMachine.NAME, Task.CLASSIFICATION,
                        "Ball Vector Machine: enclosing balls of fixed radius (Tsang, Kocsor and Kwok, ICML 2007)",
                        List.of(C, GAMMA, EPSILON), CvmCatalog::bvm, CvmCatalog::bvmGrid),
                new VectorLearner(OneClassCvm.NAME, Task.ONE_CLASS,
                        "one-class CVM: SVDD / novelty detection as a minimum enclosing ball (LibCVM's CVDD)",
                        List.of(C, GAMMA, SMALL_EPSILON), CvmCatalog::oneClass, CvmCatalog::oneClassGrid),
                new VectorLearner(CoreVectorRegression.NAME, Task.REGRESSION,
                        "Core Vector Regression: the L2-SVR as a center-constrained MEB (Tsang, Kwok and Zurada, TNN 2006)",
                        List.of(CVR_C, CVR_MU, GAMMA, SMALL_EPSILON), CvmCatalog::cvr, CvmCatalog::cvrGrid),
                new BagLearner(CoreVectorMachine.BAG_NAME, CoreVectorMachine.NAME, Task.CLASSIFICATION,
                        "Core Vector Machine over bags: the L2-SVM on the set kernel (MI-Kernel) as a minimum enclosing "
                                + "ball, core-set search over bags",
                        (gamma, c, seed) -> CoreVectorMachine.bagTrainer(bagCvmOptions(setKernel(gamma), c, seed)),
                        DEFAULT_C, BAG_CVM_C_GRID),
                new BagLearner(BallVectorMachine.BAG_NAME, BallVectorMachine.NAME, Task.CLASSIFICATION,
                        "Ball Vector Machine over bags on the normalised set kernel (constant k(B, B))",
                        (gamma, c, seed) -> BallVectorMachine.bagTrainer(bagCvmOptions(
                                SetKernel.normalized(new GaussianKernel(gamma)), c, seed)),
                        DEFAULT_C, BVM_C_GRID),
                new BagLearner(OneClassCvm.BAG_NAME, OneClassCvm.NAME, Task.ONE_CLASS,
                        "one-class CVM over bags: the enclosing ball of the bags under the set kernel; bags outside "
                                + "it are anomalous",
                        (gamma, c, seed) -> OneClassCvm.bagTrainer(new BagOneClassCvmOptions(setKernel(gamma), c,
                                CoreSetOptions.libcvm(DEFAULT_EPSILON).withSeed(seed))),
                        DEFAULT_C, ONE_CLASS_C_GRID));
    }

    /** Makes a bag trainer from the instance kernel's gamma, C and the seed. */
    @FunctionalInterface
    private interface BagFactory {
        Trainer<Bag, ? extends FittedModel<Bag>> make(double gamma, double c, long seed);
    }

    /** A bag learner of this module: defaults and grid over gamma_0 of the training instances. */
    private record BagLearner(String name, String alias, Task task, String description, BagFactory factory,
                              double defaultC, List<Double> cGrid) implements Learner<Bag> {
        @Override
        public List<String> aliases() {
            return List.of(alias);
        }

        @Override
        public InputKind input() {
            return InputKind.BAGS;
        }

        @Override
        public List<Param> params() {
            return List.of(C, BAG_GAMMA);
        }

        @Override
        public Trainer<Bag, ? extends FittedModel<Bag>> trainer(Dataset<Bag> training, long seed, ParamValues values) {
            return factory.make(values.real(BAG_GAMMA.name(), () -> GammaHeuristic.roundTo4Digits(instanceGamma(training))),
                    values.real(C.name(), defaultC), seed);
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed) {
            double g0 = instanceGamma(training);
            List<Trainer<Bag, ? extends FittedModel<Bag>>> out = new ArrayList<>();
            for (double f : BAG_GAMMA_FACTORS) {
                for (double c : cGrid) {
                    out.add(factory.make(GammaHeuristic.roundTo4Digits(g0 * f), c, seed));
                }
            }
            return out;
        }
    }

    /** gamma_0 ({@link GammaHeuristic#scale}) of all instances of the training bags. */
    static double instanceGamma(Dataset<Bag> training) {
        List<Vec> instances = new ArrayList<>();
        for (Bag b : BagDataset.of(training).bags()) {
            instances.addAll(b.instances());
        }
        return GammaHeuristic.scale(instances);
    }

    /** The averaged set kernel over a Gaussian of this width. */
    static Kernel<Bag> setKernel(double gamma) {
        return new SetKernel(new GaussianKernel(gamma));
    }

    /** The default options of bag-cvm and bag-bvm for a bag kernel and a C. */
    static BagCvmOptions bagCvmOptions(Kernel<Bag> kernel, double c, long seed) {
        return new BagCvmOptions(kernel, c, CoreSetOptions.libcvm(CvmOptions.autoEpsilon(1.0, c)).withSeed(seed),
                CvmOptions.MultiClass.ONE_VS_REST);
    }

    /** A learner of this module: its default trainer and grid from the training set and the seed. */
    private record VectorLearner(String name, Task task, String description, List<Param> params,
                                 Function<Setting, Trainer<Vec, ? extends FittedModel<Vec>>> defaults,
                                 Function<Setting, List<Trainer<Vec, ? extends FittedModel<Vec>>>> grid)
            implements Learner<Vec> {
        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed, ParamValues values) {
            return defaults.apply(new Setting(LabeledDataset.of(training), seed, values));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            return grid.apply(new Setting(LabeledDataset.of(training), seed, ParamValues.NONE));
        }
    }

    /** A training set, a seed and the given parameter values, and the defaults computed from them. */
    private record Setting(LabeledDataset training, long seed, ParamValues values) {
        /** LibCVM's automatic gamma (the grid's centre). */
        double gamma() {
            return CoreVectorMachine.autoGamma(training.points());
        }

        /** The given gamma, else LibCVM's automatic one. */
        double givenGamma() {
            return values.real(GAMMA.name(), this::gamma);
        }

        CoreSetOptions coreSet(double epsilon) {
            return CoreSetOptions.libcvm(epsilon).withSeed(seed);
        }

        double maxAbsTarget() {
            double m = 0;
            for (double v : training.labels()) {
                m = Math.max(m, Math.abs(v));
            }
            if (!(m > 0)) {
                throw new IllegalArgumentException("cvr's default C and mu scale with max|y|, which is " + m);
            }
            return m;
        }
    }

    /** The default options of cvm and bvm for a Gaussian width and a C. */
    static CvmOptions cvmOptions(double gamma, double c, long seed) {
        return new CvmOptions(new GaussianKernel(gamma), c, CoreSetOptions.libcvm(CvmOptions.autoEpsilon(1.0, c))
                .withSeed(seed), CvmOptions.MultiClass.ONE_VS_REST);
    }

    /** The cvm/bvm options of a setting: given C, gamma and epsilon, else the defaults. */
    private static CvmOptions cvmOptions(Setting s) {
        double c = s.values().real(C.name(), DEFAULT_C);
        CvmOptions o = cvmOptions(s.givenGamma(), c, s.seed());
        return s.values().has(EPSILON.name())
                ? o.withCoreSet(o.coreSet().withEpsilon(s.values().real(EPSILON.name(), 0))) : o;
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> cvm(Setting s) {
        return CoreVectorMachine.trainer(cvmOptions(s));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> bvm(Setting s) {
        return BallVectorMachine.trainer(cvmOptions(s));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> oneClass(Setting s) {
        return OneClassCvm.trainer(new OneClassCvmOptions(new GaussianKernel(s.givenGamma()),
                s.values().real(C.name(), DEFAULT_C), s.coreSet(s.values().real(SMALL_EPSILON.name(), DEFAULT_EPSILON))));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> cvr(Setting s) {
        double c = s.values().real(CVR_C.name(), () -> 1e4 * s.maxAbsTarget());
        double mu = s.values().real(CVR_MU.name(), () -> 0.02 * s.maxAbsTarget());
        return CoreVectorRegression.trainer(new CvrOptions(new GaussianKernel(s.givenGamma()), c, mu,
                s.coreSet(s.values().real(SMALL_EPSILON.name(), DEFAULT_EPSILON))));
    }

    private static List<Trainer<Vec, ? extends FittedModel<Vec>>> cvmGrid(Setting s) {
        List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
        double g0 = s.gamma();
        for (double f : GAMMA_FACTORS) {
            for (double c : CVM_C_GRID) {
                out.add(CoreVectorMachine.trainer(cvmOptions(f * g0, c, s.seed())));
            }
        }
        return out;
    }

    private static List<Trainer<Vec, ? extends FittedModel<Vec>>> bvmGrid(Setting s) {
        List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
        double g0 = s.gamma();
        for (double f : GAMMA_FACTORS) {
            for (double c : BVM_C_GRID) {
                out.add(BallVectorMachine.trainer(cvmOptions(f * g0, c, s.seed())));
            }
        }
        return out;
    }

    private static List<Trainer<Vec, ? extends FittedModel<Vec>>> oneClassGrid(Setting s) {
        List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
        double g0 = s.gamma();
        for (double f : GAMMA_FACTORS) {
            for (double c : ONE_CLASS_C_GRID) {
                out.add(OneClassCvm.trainer(new OneClassCvmOptions(new GaussianKernel(f * g0), c,
                        s.coreSet(DEFAULT_EPSILON))));
            }
        }
        return out;
    }

    private static List<Trainer<Vec, ? extends FittedModel<Vec>>> cvrGrid(Setting s) {
        List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
        double g0 = s.gamma();
        double m = s.maxAbsTarget();
        for (double f : GAMMA_FACTORS) {
            for (double c : CVR_C_FACTORS) {
                out.add(CoreVectorRegression.trainer(new CvrOptions(new GaussianKernel(f * g0), c * m, 0.02 * m,
                        s.coreSet(DEFAULT_EPSILON))));
            }
        }
        return out;
    }
}
