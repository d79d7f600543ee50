package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SetKernel;
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
    /** The core-set iteration of every learner of this module. */
    public static final Param MODE = Param.choice("mode", "libcvm", List.of("libcvm", "jmlr"),
            "core-set iteration: libcvm (LibCVM 2.2's: 20 random points, 60 balanced samples, 7 rounds, halving "
                    + "epsilon) or jmlr (the JMLR 2005 reference: furthest pair, 59 samples, fixed epsilon, final scan)");
    /** More than two classes: one-vs-rest or one-vs-one. */
    public static final Param MULTI_CLASS = Param.choice("multi-class", "ovr", List.of("ovr", "ovo"),
            "more than two classes: one machine per class against the rest (ovr) or one per pair with a vote (ovo)");
    /** The cap on core vectors. */
    public static final Param MAX_CORE = Param.integer("max-core", "50000", 2, Integer.MAX_VALUE,
            "cap on the core vectors of one machine");
    /** The core-set SMO's stopping rule. */
    public static final Param INNER_STOP = Param.choice("inner-stop", "fw", List.of("fw", "libcvm"),
            "core-set SMO stopping rule: fw (Frank-Wolfe gap below epsilon R^2 / 2) or libcvm (LibCVM's dynamic "
                    + "pairwise tolerance from 1e-3)");
    /** Whether every point is checked before the last epsilon stage ends. */
    public static final Param FINAL_SCAN = Param.choice("final-scan", "the mode's: on for jmlr, off for libcvm",
            List.of("on", "off"), "check every point exactly before the last epsilon stage ends");
    /** The kernel-row cache. */
    public static final Param CACHE_MB = Param.positive("cache-mb", "200", "kernel-row cache in MB");
    /** The core-set options every learner of this module takes (after its own). */
    public static final List<Param> CORE_SET = List.of(MODE, MAX_CORE, INNER_STOP, FINAL_SCAN, CACHE_MB);
    /** The set kernel of bag-cvm and bag-one-class-cvm. */
    public static final Param SET_KERNEL = Param.choice("set-kernel", "averaged", List.of("averaged", "normalized"),
            "the set kernel over bags: averaged (1/(|X||Y|)) sum k(x_p, y_q) (the MI-Kernel) or normalized to k(X, X) = 1");
    /** The set kernel of bag-bvm, which needs a constant k(X, X). */
    public static final Param BVM_SET_KERNEL = Param.choice("set-kernel", "normalized", List.of("normalized", "averaged"),
            "the set kernel over bags: normalized to k(X, X) = 1 (the ball vector machine needs a constant k(X, X)) or "
                    + "averaged (the MI-Kernel)");

    @Override
    public List<Learner<?>> learners() {
        return List.of(
                new VectorLearner(CoreVectorMachine.NAME, Task.CLASSIFICATION,
                        "Core Vector Machine: the L2-SVM as a minimum enclosing ball (Tsang, Kwok and Cheung, JMLR 2005)",
                        with(List.of(C, GAMMA, EPSILON, MULTI_CLASS)), CvmCatalog::cvm, CvmCatalog::cvmGrid),
                new VectorLearner(BallVectorMachine.NAME, Task.CLASSIFICATION,
                        "Ball Vector Machine: enclosing balls of fixed radius (Tsang, Kocsor and Kwok, ICML 2007)",
                        with(List.of(C, GAMMA, EPSILON, MULTI_CLASS)), CvmCatalog::bvm, CvmCatalog::bvmGrid),
                new VectorLearner(OneClassCvm.NAME, Task.ONE_CLASS,
                        "one-class CVM: SVDD / novelty detection as a minimum enclosing ball (LibCVM's CVDD)",
                        with(List.of(C, GAMMA, SMALL_EPSILON)), CvmCatalog::oneClass, CvmCatalog::oneClassGrid),
                new VectorLearner(CoreVectorRegression.NAME, Task.REGRESSION,
                        "Core Vector Regression: the L2-SVR as a center-constrained MEB (Tsang, Kwok and Zurada, TNN 2006)",
                        with(List.of(CVR_C, CVR_MU, GAMMA, SMALL_EPSILON)), CvmCatalog::cvr, CvmCatalog::cvrGrid),
                new BagLearner(CoreVectorMachine.BAG_NAME, CoreVectorMachine.NAME, Task.CLASSIFICATION,
                        "Core Vector Machine over bags: the L2-SVM on the set kernel (MI-Kernel) as a minimum enclosing "
                                + "ball, core-set search over bags",
                        (gamma, c, seed, v) -> CoreVectorMachine.bagTrainer(bagCvmOptions(bagKernel(gamma, v, SET_KERNEL),
                                c, seed, v)),
                        DEFAULT_C, BAG_CVM_C_GRID, with(List.of(C, BAG_GAMMA, EPSILON, SET_KERNEL, MULTI_CLASS))),
                new BagLearner(BallVectorMachine.BAG_NAME, BallVectorMachine.NAME, Task.CLASSIFICATION,
                        "Ball Vector Machine over bags on the normalised set kernel (constant k(B, B))",
                        (gamma, c, seed, v) -> BallVectorMachine.bagTrainer(bagCvmOptions(
                                bagKernel(gamma, v, BVM_SET_KERNEL), c, seed, v)),
                        DEFAULT_C, BVM_C_GRID, with(List.of(C, BAG_GAMMA, EPSILON, BVM_SET_KERNEL, MULTI_CLASS))),
                new BagLearner(OneClassCvm.BAG_NAME, OneClassCvm.NAME, Task.ONE_CLASS,
                        "one-class CVM over bags: the enclosing ball of the bags under the set kernel; bags outside "
                                + "it are anomalous",
                        (gamma, c, seed, v) -> OneClassCvm.bagTrainer(new BagOneClassCvmOptions(
                                bagKernel(gamma, v, SET_KERNEL), c,
                                coreSet(v, v.real(SMALL_EPSILON.name(), DEFAULT_EPSILON), seed))),
                        DEFAULT_C, ONE_CLASS_C_GRID, with(List.of(C, BAG_GAMMA, SMALL_EPSILON, SET_KERNEL))));
    }

    /** A learner's own parameters followed by the core-set options ({@link #CORE_SET}). */
    private static List<Param> with(List<Param> own) {
        List<Param> out = new ArrayList<>(own);
        out.addAll(CORE_SET);
        return List.copyOf(out);
    }

    /**
     * The core-set options of these values at this epsilon: the iteration of {@link #MODE} (LibCVM's by default)
     * seeded {@code seed}, with {@link #MAX_CORE}, {@link #INNER_STOP}, {@link #FINAL_SCAN} and {@link #CACHE_MB}
     * applied when given (else the mode's).
     */
    public static CoreSetOptions coreSet(ParamValues v, double epsilon, long seed) {
        CoreSetOptions o = v.choice(MODE.name(), "libcvm").equals("jmlr") ? CoreSetOptions.jmlr(epsilon)
                : CoreSetOptions.libcvm(epsilon);
        o = o.withSeed(seed);
        if (v.has(CACHE_MB.name())) {
            o = o.withCacheMb(v.real(CACHE_MB.name(), 0));
        }
        if (v.has(INNER_STOP.name())) {
            o = o.withInnerStop(v.choice(INNER_STOP.name(), "fw").equals("libcvm")
                    ? CoreSetOptions.InnerStop.LIBCVM_DYNAMIC : CoreSetOptions.InnerStop.FRANK_WOLFE_GAP);
        }
        if (v.has(FINAL_SCAN.name())) {
            o = o.withFinalFullScan(v.choice(FINAL_SCAN.name(), "off").equals("on"));
        }
        if (v.has(MAX_CORE.name())) {
            o = o.withMaxCoreVectors(v.integer(MAX_CORE.name(), 0));
        }
        return o;
    }

    /** The multi-class scheme of these values (one-vs-rest by default). */
    static CvmOptions.MultiClass multiClass(ParamValues v) {
        return v.choice(MULTI_CLASS.name(), "ovr").equals("ovo") ? CvmOptions.MultiClass.ONE_VS_ONE
                : CvmOptions.MultiClass.ONE_VS_REST;
    }

    /** The set kernel of {@code param} (its default when not given) over a Gaussian of this width. */
    static Kernel<Bag> bagKernel(double gamma, ParamValues v, Param param) {
        return v.choice(param.name(), param.defaultValue()).equals("normalized")
                ? SetKernel.normalized(new GaussianKernel(gamma)) : setKernel(gamma);
    }

    /** Makes a bag trainer from the instance kernel's gamma, C and the seed. */
    @FunctionalInterface
    private interface BagFactory {
        Trainer<Bag, ? extends FittedModel<Bag>> make(double gamma, double c, long seed, ParamValues values);
    }

    /** A bag learner of this module: defaults and grid over gamma_0 of the training instances. */
    private record BagLearner(String name, String alias, Task task, String description, BagFactory factory,
                              double defaultC, List<Double> cGrid, List<Param> params) implements Learner<Bag> {
        @Override
        public List<String> aliases() {
            return List.of(alias);
        }

        @Override
        public InputKind input() {
            return InputKind.BAGS;
        }

        @Override
        public Trainer<Bag, ? extends FittedModel<Bag>> trainer(Dataset<Bag> training, long seed, ParamValues values) {
            return factory.make(values.real(BAG_GAMMA.name(), () -> GammaHeuristic.roundTo4Digits(instanceGamma(training))),
                    values.real(C.name(), defaultC), seed, values);
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed) {
            double g0 = instanceGamma(training);
            List<Trainer<Bag, ? extends FittedModel<Bag>>> out = new ArrayList<>();
            for (double f : BAG_GAMMA_FACTORS) {
                for (double c : cGrid) {
                    out.add(factory.make(GammaHeuristic.roundTo4Digits(g0 * f), c, seed, ParamValues.NONE));
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

    /**
     * The options of bag-cvm and bag-bvm for a bag kernel and a C: the given epsilon (else LibCVM's automatic one
     * for C), multi-class scheme and core-set options, else the defaults.
     */
    static BagCvmOptions bagCvmOptions(Kernel<Bag> kernel, double c, long seed, ParamValues v) {
        double eps = v.real(EPSILON.name(), () -> CvmOptions.autoEpsilon(1.0, c));
        return new BagCvmOptions(kernel, c, coreSet(v, eps, seed), multiClass(v));
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
            return defaults.apply(new Setting(LabeledDataset.of(training), seed, values, null));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            return grid.apply(new Setting(LabeledDataset.of(training), seed, ParamValues.NONE, null));
        }
    }

    /**
     * The trainer of a vector learner of this module (cvm, bvm, one-class-cvm, cvr) with a given kernel in place
     * of its Gaussian (e.g. a kernel learned by another model), the other parameters as
     * {@link Learner#trainer(Dataset, long, ParamValues)} (a given gamma is then refused).
     *
     * @throws IllegalArgumentException for another name, or a gamma among the values
     */
    public static Trainer<Vec, ? extends FittedModel<Vec>> trainer(String name, Kernel<Vec> kernel,
                                                                   Dataset<Vec> training, long seed, ParamValues values) {
        if (values.has(GAMMA.name())) {
            throw new IllegalArgumentException("learner '" + name + "': gamma is the Gaussian's, but a kernel is given");
        }
        for (Learner<?> l : new CvmCatalog().learners()) {
            if (l instanceof VectorLearner v && v.name().equals(name)) {
                return v.defaults().apply(new Setting(LabeledDataset.of(training), seed, values, kernel));
            }
        }
        throw new IllegalArgumentException("no vector learner '" + name + "' in the cvm catalog");
    }

    /**
     * A training set, a seed, the given parameter values and kernel (null: the Gaussian of the given or automatic
     * gamma), and the defaults computed from them.
     */
    private record Setting(LabeledDataset training, long seed, ParamValues values, Kernel<Vec> given) {
        /** The given kernel, else the Gaussian of the given or automatic width. */
        Kernel<Vec> kernel() {
            return given != null ? given : new GaussianKernel(givenGamma());
        }

        /** LibCVM's automatic gamma (the grid's centre). */
        double gamma() {
            return CoreVectorMachine.autoGamma(training.points());
        }

        /** The given gamma, else LibCVM's automatic one. */
        double givenGamma() {
            return values.real(GAMMA.name(), this::gamma);
        }

        CoreSetOptions coreSet(double epsilon) {
            return CvmCatalog.coreSet(values, epsilon, seed);
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

    /**
     * The cvm/bvm options of a setting: given C, gamma, epsilon, multi-class scheme and core-set options, else the
     * defaults.
     */
    private static CvmOptions cvmOptions(Setting s) {
        double c = s.values().real(C.name(), DEFAULT_C);
        Kernel<Vec> kernel = s.kernel();
        double eps = s.values().real(EPSILON.name(), () -> CvmOptions.autoEpsilon(1.0, c));
        return new CvmOptions(kernel, c, s.coreSet(eps), multiClass(s.values()));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> cvm(Setting s) {
        return CoreVectorMachine.trainer(cvmOptions(s));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> bvm(Setting s) {
        return BallVectorMachine.trainer(cvmOptions(s));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> oneClass(Setting s) {
        return OneClassCvm.trainer(new OneClassCvmOptions(s.kernel(),
                s.values().real(C.name(), DEFAULT_C), s.coreSet(s.values().real(SMALL_EPSILON.name(), DEFAULT_EPSILON))));
    }

    private static Trainer<Vec, ? extends FittedModel<Vec>> cvr(Setting s) {
        double c = s.values().real(CVR_C.name(), () -> 1e4 * s.maxAbsTarget());
        double mu = s.values().real(CVR_MU.name(), () -> 0.02 * s.maxAbsTarget());
        return CoreVectorRegression.trainer(new CvrOptions(s.kernel(), c, mu,
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
