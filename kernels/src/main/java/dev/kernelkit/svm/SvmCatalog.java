package dev.kernelkit.svm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
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

/**
 * The learners of the kernels module: the SVM with a Gaussian kernel, hinge ({@code svm}) and
 * squared hinge ({@code l2-svm}). Defaults: C = 1 and gamma = g0 ({@link GammaHeuristic#scale});
 * grid: C in {0.1, 1, 10, 100} x gamma in g0 * {1/16, 1/4, 1, 4, 16}.
 *
 * <p>On bags, {@value BagSvm#NAME} and {@value BagSvm#NAME_L2} (called {@code svm} and {@code l2-svm}
 * on bag data): the SVM with the averaged set kernel over a Gaussian instance kernel (the MI-Kernel of
 * Gaertner et al., ICML 2002) with the defaults of the mi-sparse catalog's MI-Kernel, so the two can be
 * compared on equal terms: gamma = g0 of the training instances (rounded to 4 digits), C = 1; grid
 * gamma in g0 * {1/8, 1/4, 1/2, 1, 2} x C in {1, 10, 100} (TNNLS 2013's grid), gamma-major.
 *
 * <p>{@value NuSvm#NAME} (nu-SVC, LIBSVM -s 1: nu = 0.5, gamma = g0; grid gamma x nu in {@link #NU_GRID}) and
 * {@value EpsilonSvr#NAME} (epsilon-SVR, LIBSVM -s 3, a regressor: C = 1, epsilon = 0.1, gamma = g0; grid gamma
 * x C) on vectors; their grids hold nothing fixed.
 *
 * <p>Every C-SVM of this catalog (svm, l2-svm and their bag forms) also takes {@code class-weight}
 * ({@link #CLASS_WEIGHT}, {@link ClassWeights}), default {@code none}. A tuning grid of those holds a given class
 * weight, C or gamma fixed and searches the rest ({@link Learner#grid(Dataset, long, ParamValues)}). The vector
 * C-SVMs also take {@code duplicates} ({@link #DUPLICATES}, {@link SvmDuplicates}), default {@code merge}.
 */
public final class SvmCatalog implements LearnerCatalog {
    /** What the tuning grids of this catalog can hold fixed: C or gamma (the other searched) and the class weights. */
    static final List<String> HOLDABLE = List.of("c", "gamma", "class-weight");
    /** The C grid of the default tuning grid. */
    public static final List<Double> C_GRID = List.of(0.1, 1.0, 10.0, 100.0);
    /** The factors of g0 in the gamma grid of the SVM on bags (TNNLS 2013's {1/8, ..., 2} / d on standardised data). */
    public static final List<Double> BAG_GAMMA_FACTORS = List.of(0.125, 0.25, 0.5, 1.0, 2.0);
    /** The C grid of the SVM on bags. */
    public static final List<Double> BAG_C_GRID = List.of(1.0, 10.0, 100.0);
    /** The cost C: the parameter of every SVM of this catalog. */
    public static final Param C = Param.positive("c", "1", "cost C of the soft margin (LIBSVM -c)");
    /** The Gaussian width of the vector SVMs. */
    public static final Param GAMMA = Param.positive("gamma", "g0 = 1 / (d var(x)) of the training set, 4 digits",
            "width of the Gaussian kernel exp(-gamma |x - y|^2) (LIBSVM -g, scikit-learn gamma='scale')");
    /** The Gaussian width of the instance kernel of the bag SVMs. */
    public static final Param BAG_GAMMA = Param.positive("gamma",
            "g0 = 1 / (d var(x)) of the training instances, 4 digits",
            "width of the Gaussian instance kernel inside the averaged set kernel");
    /** The grammar of {@link ClassWeights} as a text parameter: canonical text out. */
    public static final Param.TextFormat CLASS_WEIGHT_FORMAT = new Param.TextFormat() {
        @Override
        public String describe() {
            return ClassWeights.FORMAT;
        }

        @Override
        public String check(String text) {
            return ClassWeights.parse(text).toString();
        }
    };
    /**
     * The class weights of the SVMs ({@link ClassWeights}): sample i costs C w_{c(i)}. Class names are checked
     * against the training set when the model is fitted.
     */
    public static final Param CLASS_WEIGHT = Param.text("class-weight", "none", CLASS_WEIGHT_FORMAT,
            "class weights: none, balanced (w_c = n / (k n_c), scikit-learn) or NAME=W,... (LIBSVM -wi; others 1)");

    /** What the vector C-SVMs do with equal training points of one class ({@link SvmDuplicates}). */
    public static final Param DUPLICATES = Param.choice("duplicates", "merge", List.of("merge", "keep"),
            "equal training points of one class: merge (one dual variable with their summed cost; the same optimum) "
                    + "or keep (one per point, as LIBSVM)");
    /** What the tuning grids of the vector C-SVMs can hold fixed: {@link #HOLDABLE} and {@link #DUPLICATES}. */
    static final List<String> VECTOR_HOLDABLE = List.of("c", "gamma", "class-weight", "duplicates");

    /** nu of {@value NuSvm#NAME}. */
    public static final Param NU = Param.realAbove("nu", "0.5", 0, 1,
            "nu-SVC's nu (LIBSVM -n): at most this fraction of margin errors, at least this fraction of support vectors");
    /** The nu grid of {@value NuSvm#NAME} (values above the training set's largest feasible nu are left out). */
    public static final List<Double> NU_GRID = List.of(0.1, 0.2, 0.4, 0.6);
    /** The tube width of {@value EpsilonSvr#NAME}. */
    public static final Param EPSILON = Param.real("epsilon", "0.1", 0, Double.POSITIVE_INFINITY,
            "width of epsilon-SVR's insensitive tube |y - f(x)| <= epsilon (LIBSVM -p)");

    /** The SMO stopping tolerance of {@value NuSvm#NAME} and {@value EpsilonSvr#NAME}. */
    public static final Param EPS = Param.positive("eps", "0.001",
            "stopping tolerance of the SMO solver on the KKT gap m(a) - M(a) (LIBSVM -e)");

    @Override
    public List<Learner<?>> learners() {
        return List.of(new SvmLearner(SvmLoss.HINGE), new SvmLearner(SvmLoss.SQUARED_HINGE),
                new BagSvmLearner(SvmLoss.HINGE), new BagSvmLearner(SvmLoss.SQUARED_HINGE), new NuSvmLearner(),
                new SvrLearner());
    }

    /** LIBSVM's SMO defaults with the tolerance given as {@link #EPS}. */
    private static SmoSolver.Options solver(ParamValues values) {
        return SmoSolver.Options.defaults().withEps(values.real(EPS.name(), 1e-3));
    }

    /** The Gaussian width given as {@link #GAMMA}, else g0 of the training points (4 digits). */
    private static double vectorGamma(ParamValues values, Dataset<Vec> training) {
        return values.real(GAMMA.name(), () -> GammaHeuristic.roundTo4Digits(
                GammaHeuristic.scale(LabeledDataset.of(training).points())));
    }

    /** nu-SVC (LIBSVM -s 1) with a Gaussian kernel; defaults nu = 0.5, gamma = g0; grid gamma x {@link #NU_GRID}. */
    private record NuSvmLearner() implements Learner<Vec> {
        @Override
        public String name() {
            return NuSvm.NAME;
        }

        @Override
        public String description() {
            return "nu-SVC (LIBSVM -s 1) with a Gaussian kernel, our SMO solver (one-vs-rest for 3+ classes)";
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
            return List.of(NU, GAMMA, EPS);
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed, ParamValues values) {
            return NuSvm.trainer(NuSvmOptions.of(new GaussianKernel(vectorGamma(values, training)))
                    .withNu(values.real(NU.name(), 0.5)).withSolver(solver(values)));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            return grid(training, seed, ParamValues.NONE);
        }

        /** gamma (nu searched), nu (gamma searched) and the stopping tolerance eps. */
        @Override
        public List<String> gridCanHold() {
            return List.of(NU.name(), GAMMA.name(), EPS.name());
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed, ParamValues fixed) {
            checkGridCanHold(fixed);
            LabeledDataset data = LabeledDataset.of(training);
            int[] counts = new int[data.classes().length];
            for (int c : data.classIndices()) {
                counts[c]++;
            }
            // the largest feasible nu of every machine: 2 min(n_c, n - n_c) / n (two classes: one machine)
            double maxNu = 1.0;
            for (int c : counts) {
                maxNu = Math.min(maxNu, 2.0 * Math.min(c, data.size() - c) / data.size());
            }
            double[] gammas = fixed.has(GAMMA.name()) ? new double[] {fixed.real(GAMMA.name(), 0)}
                    : GammaHeuristic.grid(data.points());
            List<Double> nus = fixed.has(NU.name()) ? List.of(fixed.real(NU.name(), 0)) : NU_GRID;
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            for (double gamma : gammas) {
                for (double nu : nus) {
                    if (nu <= maxNu || nu == nus.get(0)) {
                        NuSvmOptions o = NuSvmOptions.of(new GaussianKernel(gamma)).withNu(nu);
                        out.add(NuSvm.trainer(fixed.has(EPS.name()) ? o.withSolver(solver(fixed)) : o));
                    }
                }
            }
            return out;
        }
    }

    /** epsilon-SVR (LIBSVM -s 3) with a Gaussian kernel; defaults C = 1, epsilon = 0.1, gamma = g0; grid gamma x C. */
    private record SvrLearner() implements Learner<Vec> {
        @Override
        public String name() {
            return EpsilonSvr.NAME;
        }

        @Override
        public String description() {
            return "epsilon-SVR (LIBSVM -s 3) with a Gaussian kernel, our SMO solver";
        }

        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public Task task() {
            return Task.REGRESSION;
        }

        @Override
        public List<Param> params() {
            return List.of(C, EPSILON, GAMMA, EPS);
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed, ParamValues values) {
            return EpsilonSvr.trainer(EpsilonSvrOptions.of(new GaussianKernel(vectorGamma(values, training)))
                    .withC(values.real(C.name(), 1.0)).withEpsilon(values.real(EPSILON.name(), 0.1))
                    .withSolver(solver(values)));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            return grid(training, seed, ParamValues.NONE);
        }

        /** epsilon and eps in every point, or C or gamma with the other searched. */
        @Override
        public List<String> gridCanHold() {
            return List.of(C.name(), EPSILON.name(), GAMMA.name(), EPS.name());
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed, ParamValues fixed) {
            checkGridCanHold(fixed);
            double[] gammas = fixed.has(GAMMA.name()) ? new double[] {fixed.real(GAMMA.name(), 0)}
                    : GammaHeuristic.grid(LabeledDataset.of(training).points());
            List<Double> cs = fixed.has(C.name()) ? List.of(fixed.real(C.name(), 0)) : C_GRID;
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            for (double gamma : gammas) {
                for (double c : cs) {
                    EpsilonSvrOptions o = EpsilonSvrOptions.of(new GaussianKernel(gamma)).withC(c);
                    if (fixed.has(EPSILON.name())) {
                        o = o.withEpsilon(fixed.real(EPSILON.name(), 0));
                    }
                    out.add(EpsilonSvr.trainer(fixed.has(EPS.name()) ? o.withSolver(solver(fixed)) : o));
                }
            }
            return out;
        }
    }

    /** g0 ({@link GammaHeuristic#scale}) of all instances of the training bags. */
    public static double instanceGamma(Dataset<Bag> training) {
        List<Vec> instances = new ArrayList<>();
        for (Bag b : BagDataset.of(training).bags()) {
            instances.addAll(b.instances());
        }
        return GammaHeuristic.scale(instances);
    }

    /** The class weights given as {@link #CLASS_WEIGHT}, else none. */
    public static ClassWeights classWeights(ParamValues values) {
        return ClassWeights.parse(values.text(CLASS_WEIGHT.name(), CLASS_WEIGHT.defaultValue()));
    }

    /** What {@link #DUPLICATES} says, else {@link SvmDuplicates#MERGE}. */
    public static SvmDuplicates duplicates(ParamValues values) {
        return SvmDuplicates.parse(values.choice(DUPLICATES.name(), DUPLICATES.defaultValue()));
    }

    private record BagSvmLearner(SvmLoss loss) implements Learner<Bag> {
        @Override
        public String name() {
            return loss == SvmLoss.HINGE ? BagSvm.NAME : BagSvm.NAME_L2;
        }

        @Override
        public List<String> aliases() {
            return List.of(loss == SvmLoss.HINGE ? Svm.NAME : Svm.NAME_L2);
        }

        @Override
        public String description() {
            return (loss == SvmLoss.HINGE ? "C-SVC" : "L2-SVM (squared hinge)") + " on bags with the averaged set kernel "
                    + "over a Gaussian (MI-Kernel, Gaertner et al., ICML 2002), our SMO on a lazy bag kernel matrix";
        }

        @Override
        public InputKind input() {
            return InputKind.BAGS;
        }

        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public List<Param> params() {
            return List.of(C, BAG_GAMMA, CLASS_WEIGHT);
        }

        @Override
        public Trainer<Bag, ? extends FittedModel<Bag>> trainer(Dataset<Bag> training, long seed, ParamValues values) {
            return make(values.real(BAG_GAMMA.name(), () -> GammaHeuristic.roundTo4Digits(instanceGamma(training))),
                    values.real(C.name(), BAG_C_GRID.get(0)), classWeights(values));
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed) {
            return grid(training, seed, ParamValues.NONE);
        }

        @Override
        public List<String> gridCanHold() {
            return HOLDABLE;
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed, ParamValues fixed) {
            checkGridCanHold(fixed);
            List<Double> gammas = new ArrayList<>();
            if (fixed.has(BAG_GAMMA.name())) {
                gammas.add(fixed.real(BAG_GAMMA.name(), 0));
            } else {
                double g0 = instanceGamma(training);
                for (double f : BAG_GAMMA_FACTORS) {
                    gammas.add(GammaHeuristic.roundTo4Digits(g0 * f));
                }
            }
            List<Double> cs = fixed.has(C.name()) ? List.of(fixed.real(C.name(), 0)) : BAG_C_GRID;
            ClassWeights weights = classWeights(fixed);
            List<Trainer<Bag, ? extends FittedModel<Bag>>> out = new ArrayList<>();
            for (double gamma : gammas) {
                for (double c : cs) {
                    out.add(make(gamma, c, weights));
                }
            }
            return out;
        }

        private Trainer<Bag, ? extends FittedModel<Bag>> make(double gamma, double c, ClassWeights weights) {
            return BagSvm.trainer(BagSvmOptions.of(new SetKernel(new GaussianKernel(gamma))).withC(c).withLoss(loss)
                    .withClassWeights(weights));
        }
    }

    private record SvmLearner(SvmLoss loss) implements Learner<Vec> {
        @Override
        public String name() {
            return loss == SvmLoss.HINGE ? Svm.NAME : Svm.NAME_L2;
        }

        @Override
        public String description() {
            return loss == SvmLoss.HINGE ? "C-SVC with a Gaussian kernel, our SMO solver (one-vs-rest for 3+ classes)"
                    : "L2-SVM (squared hinge) with a Gaussian kernel, our SMO solver";
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
            return List.of(C, GAMMA, CLASS_WEIGHT, DUPLICATES);
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed, ParamValues values) {
            double gamma = values.real(GAMMA.name(), () -> GammaHeuristic.roundTo4Digits(
                    GammaHeuristic.scale(LabeledDataset.of(training).points())));
            return Svm.trainer(SvmOptions.of(new GaussianKernel(gamma)).withC(values.real(C.name(), 1.0)).withLoss(loss)
                    .withClassWeights(classWeights(values)).withDuplicates(duplicates(values)));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            return grid(training, seed, ParamValues.NONE);
        }

        @Override
        public List<String> gridCanHold() {
            return VECTOR_HOLDABLE;
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed, ParamValues fixed) {
            checkGridCanHold(fixed);
            double[] gammas = fixed.has(GAMMA.name()) ? new double[] {fixed.real(GAMMA.name(), 0)}
                    : GammaHeuristic.grid(LabeledDataset.of(training).points());
            List<Double> cs = fixed.has(C.name()) ? List.of(fixed.real(C.name(), 0)) : C_GRID;
            ClassWeights weights = classWeights(fixed);
            SvmDuplicates duplicates = duplicates(fixed);
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            for (double gamma : gammas) {
                for (double c : cs) {
                    out.add(Svm.trainer(SvmOptions.of(new GaussianKernel(gamma)).withC(c).withLoss(loss)
                            .withClassWeights(weights).withDuplicates(duplicates)));
                }
            }
            return out;
        }
    }
}
