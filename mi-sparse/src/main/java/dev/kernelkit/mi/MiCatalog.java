package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Param;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.SvmCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * The learners of the mi-sparse module, with the defaults of TNNLS 2013 (Fu, Lu, Ting &amp;
 * Zhang, Sec. V-B) and of each baseline's options record:
 *
 * <ul>
 *   <li>Gaussian instance kernel with gamma = g0 = {@link GammaHeuristic#scale} of the training
 *       instances (rounded to 4 digits): 1/d on standardised features, the paper grid's
 *       (1/8 .. 2)/d at factor 1; C = 1.</li>
 *   <li>{@value SparseMi#NAME}, {@value ReducedSet#NAME}, {@value RandomSparseSvm#NAME}: N_XV = 10
 *       (the paper's fixed-size block of Table I; fewer when the training set has fewer instances),
 *       t_max = 50, s_max = 10, random initial XVs, the seed given ({@link SparseMiOptions#defaults}), and
 *       class weights ({@code class-weight}, none by default: bag i costs C w_{c(i)} in the squared-hinge loss of
 *       g(Z) and of the inner problems, {@link SparseMiOptions#classWeights}).</li>
 *   <li>{@value MiKernel#NAME}: the averaged set kernel, hinge loss ({@link MiKernelOptions#defaults}), and
 *       class weights ({@code class-weight}, {@link SvmCatalog#CLASS_WEIGHT}, none by default: its dual takes a
 *       C per bag as it is);
 *       {@value MiSvm#NAME_INSTANCE}, {@value MiSvm#NAME_BAG}: at most 50 rounds
 *       ({@link MiSvmOptions#defaults}), and class weights by bag label (every instance or witness of a bag
 *       costs C w of the bag's class); {@value Miles#NAME} ({@link MilesOptions#defaults}, and class weights:
 *       bag i's slack costs C w_{c(i)} in the 1-norm LP);
 *       {@value MiCccp#NAME}: lambda = 1, at most 20 CCCP steps ({@link MiCccpOptions#defaults}), and class
 *       weights (bag i's hinge and L1 losses cost C w_{c(i)} and C w_{c(i)} lambda).</li>
 * </ul>
 *
 * The default tuning grid of every learner is the paper's: gamma in g0 * {1/8, 1/4, 1/2, 1, 2}
 * (rounded to 4 digits; {@link MiProtocol#defaultGammas} on standardised data) times C in
 * {1, 10, 100} ({@link MiProtocol#defaultCs}), gamma-major and ascending, so ties go to the
 * smaller gamma, then the smaller C, as in {@link MiProtocol}. The learners train on the
 * bags as given; the paper standardises the features on each training part first.
 */
public final class MiCatalog implements LearnerCatalog {
    /** The factors of g0 in the gamma grid: the paper's {1/8, 1/4, 1/2, 1, 2} / d on standardised data. */
    public static final List<Double> GAMMA_FACTORS = List.of(0.125, 0.25, 0.5, 1.0, 2.0);
    /** The C grid (the paper's). */
    public static final List<Double> C_GRID = List.of(1.0, 10.0, 100.0);
    /** The default N_XV of SparseMI, RS and RSVM (the paper's fixed-size rows). */
    public static final int DEFAULT_EXPANSION_VECTORS = 10;
    /** The cost C of every learner here. */
    public static final Param C = Param.positive("c", "1", "cost C of the bag loss");
    /** The width of the Gaussian instance kernel of every learner here. */
    public static final Param GAMMA = Param.positive("gamma", "g0 = 1 / (d var(x)) of the training instances, 4 digits",
            "width of the Gaussian instance kernel exp(-gamma |x - y|^2)");
    /** N_XV of SparseMI, RS and RSVM. */
    public static final Param EXPANSION_VECTORS = Param.integer("xv", "min(10, training instances)", 1,
            Integer.MAX_VALUE, "N_XV, the number of expansion vectors (at most the training instances)");
    /** t_max of SparseMI and RS. */
    public static final Param MAX_ITERATIONS = Param.integer("max-iterations", "50", 1, 1_000_000,
            "t_max, the most outer iterations over the expansion vectors");
    /** The most imputation rounds of mi-SVM and MI-SVM. */
    public static final Param MAX_ROUNDS = Param.integer("max-rounds", "50", 1, 1_000_000,
            "the most rounds of label imputation / witness selection and SVM retraining");
    /** MI-CCCP's lambda. */
    public static final Param LAMBDA = Param.real("lambda", "1", 0, Double.POSITIVE_INFINITY,
            "weight of the bag-to-max-instance L1 loss");
    /** MI-CCCP's most CCCP steps. */
    public static final Param CCCP_STEPS = Param.integer("max-iterations", "20", 1, 1_000_000,
            "the most concave-convex steps");

    @Override
    public List<Learner<?>> learners() {
        return List.of(
                new MiLearner(SparseMi.NAME, "SparseMI: label-mean bag SVM over N_XV learned expansion vectors "
                        + "(Fu, Lu, Ting & Zhang, IEEE TNNLS 2013)",
                        SPARSE_PARAMS, (t, g, c, seed, v) -> SparseMi.trainer(sparse(t, g, c, seed, v))),
                new MiLearner(ReducedSet.NAME, "RS: reduced-set approximation of the dense label-mean L2-SVM "
                        + "(Schoelkopf et al., IEEE TNN 1999; baseline of TNNLS 2013)",
                        SPARSE_PARAMS, (t, g, c, seed, v) -> ReducedSet.trainer(sparse(t, g, c, seed, v))),
                new MiLearner(RandomSparseSvm.NAME, "RSVM: label-mean bag SVM over N_XV random training instances "
                        + "(Lee & Mangasarian 2001; baseline of TNNLS 2013)",
                        List.of(C, GAMMA, EXPANSION_VECTORS, SvmCatalog.CLASS_WEIGHT),
                        (t, g, c, seed, v) -> RandomSparseSvm.trainer(sparse(t, g, c, seed, v))),
                new MiLearner(MiKernel.NAME, "MI-Kernel: SVM on bags with the averaged set kernel "
                        + "(Gaertner et al., ICML 2002)",
                        List.of(C, GAMMA, SvmCatalog.CLASS_WEIGHT),
                        (t, g, c, seed, v) -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g).withC(c)
                                .withClassWeights(SvmCatalog.classWeights(v)))),
                new MiLearner(MiSvm.NAME_INSTANCE, "mi-SVM: instance-label imputation with SVM retraining "
                        + "(Andrews, Tsochantaridis & Hofmann, NIPS 2003)",
                        List.of(C, GAMMA, MAX_ROUNDS, SvmCatalog.CLASS_WEIGHT),
                        (t, g, c, seed, v) -> MiSvm.trainer(miSvm(MiSvmOptions.Variant.INSTANCE, g, c, v))),
                new MiLearner(MiSvm.NAME_BAG, "MI-SVM: witness selection with SVM retraining "
                        + "(Andrews, Tsochantaridis & Hofmann, NIPS 2003)",
                        List.of(C, GAMMA, MAX_ROUNDS, SvmCatalog.CLASS_WEIGHT),
                        (t, g, c, seed, v) -> MiSvm.trainer(miSvm(MiSvmOptions.Variant.BAG, g, c, v))),
                new MiLearner(Miles.NAME, "MILES: instance-similarity embedding and a 1-norm SVM "
                        + "(Chen, Bi & Wang, IEEE TPAMI 2006)",
                        List.of(C, GAMMA, SvmCatalog.CLASS_WEIGHT),
                        (t, g, c, seed, v) -> Miles.trainer(MilesOptions.defaults().withGamma(g).withC(c)
                                .withClassWeights(SvmCatalog.classWeights(v)))),
                new MiLearner(MiCccp.NAME, "MI-CCCP: bag hinge loss plus the bag-to-max-instance L1 loss by "
                        + "the constrained concave-convex procedure (Cheung & Kwok, ICML 2006)",
                        List.of(C, GAMMA, LAMBDA, CCCP_STEPS, SvmCatalog.CLASS_WEIGHT),
                        (t, g, c, seed, v) -> MiCccp.trainer(cccp(g, c, v))));
    }

    /** The parameters of SparseMI and RS (class weights: bag i costs C w_{c(i)} in the squared-hinge loss). */
    private static final List<Param> SPARSE_PARAMS = List.of(C, GAMMA, EXPANSION_VECTORS, MAX_ITERATIONS,
            SvmCatalog.CLASS_WEIGHT);

    /** SparseMI's defaults with gamma, C, the seed and N_XV = min(10, training instances). */
    static SparseMiOptions sparse(BagDataset training, double gamma, double c, long seed) {
        return sparse(training, gamma, c, seed, ParamValues.NONE);
    }

    /** SparseMI's options with gamma, C, the seed, and N_XV and t_max as given (else the defaults). */
    static SparseMiOptions sparse(BagDataset training, double gamma, double c, long seed, ParamValues v) {
        int nxv = v.integer(EXPANSION_VECTORS.name(),
                () -> Math.max(1, Math.min(DEFAULT_EXPANSION_VECTORS, training.instanceCount())));
        if (nxv > training.instanceCount()) {
            throw new IllegalArgumentException("parameter " + EXPANSION_VECTORS.name() + " = " + nxv
                    + " is more than the " + training.instanceCount() + " training instances");
        }
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(gamma).withC(c).withSeed(seed).withExpansionVectors(nxv)
                .withClassWeights(SvmCatalog.classWeights(v));
        return v.has(MAX_ITERATIONS.name()) ? o.withMaxIterations(v.integer(MAX_ITERATIONS.name(), 0)) : o;
    }

    private static MiSvmOptions miSvm(MiSvmOptions.Variant variant, double gamma, double c, ParamValues v) {
        MiSvmOptions o = MiSvmOptions.defaults(variant).withGamma(gamma).withC(c)
                .withClassWeights(SvmCatalog.classWeights(v));
        return v.has(MAX_ROUNDS.name()) ? o.withMaxRounds(v.integer(MAX_ROUNDS.name(), 0)) : o;
    }

    private static MiCccpOptions cccp(double gamma, double c, ParamValues v) {
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(gamma).withC(c).withClassWeights(SvmCatalog.classWeights(v));
        if (v.has(LAMBDA.name())) {
            o = o.withLambda(v.real(LAMBDA.name(), 0));
        }
        return v.has(CCCP_STEPS.name()) ? o.withMaxIterations(v.integer(CCCP_STEPS.name(), 0)) : o;
    }

    /** g0 of the training instances ({@link GammaHeuristic#scale}). */
    static double g0(BagDataset training) {
        List<Vec> instances = new ArrayList<>(training.instanceCount());
        for (Bag b : training.bags()) {
            instances.addAll(b.instances());
        }
        return GammaHeuristic.scale(instances);
    }

    /** Makes a trainer from the training set, gamma, C, the seed and the other given parameters. */
    @FunctionalInterface
    private interface Factory {
        Trainer<Bag, ? extends FittedModel<Bag>> make(BagDataset training, double gamma, double c, long seed,
                                                      ParamValues values);
    }

    private record MiLearner(String name, String description, List<Param> params, Factory factory)
            implements Learner<Bag> {
        @Override
        public InputKind input() {
            return InputKind.BAGS;
        }

        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public Trainer<Bag, ? extends FittedModel<Bag>> trainer(Dataset<Bag> training, long seed, ParamValues values) {
            BagDataset t = BagDataset.of(training);
            return factory.make(t, values.real(GAMMA.name(), () -> GammaHeuristic.roundTo4Digits(g0(t))),
                    values.real(C.name(), C_GRID.get(0)), seed, values);
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed) {
            return grid(training, seed, ParamValues.NONE);
        }

        /** Every parameter: a held gamma or C leaves the other searched; the others go to every point. */
        @Override
        public List<String> gridCanHold() {
            return params.stream().map(Param::name).toList();
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed, ParamValues fixed) {
            checkGridCanHold(fixed);
            BagDataset t = BagDataset.of(training);
            List<Double> gammas = new ArrayList<>();
            if (fixed.has(GAMMA.name())) {
                gammas.add(fixed.real(GAMMA.name(), 0));
            } else {
                double g0 = g0(t);
                for (double f : GAMMA_FACTORS) {
                    gammas.add(GammaHeuristic.roundTo4Digits(g0 * f));
                }
            }
            List<Double> cs = fixed.has(C.name()) ? List.of(fixed.real(C.name(), 0)) : C_GRID;
            List<Trainer<Bag, ? extends FittedModel<Bag>>> out = new ArrayList<>();
            for (double gamma : gammas) {
                for (double c : cs) {
                    out.add(factory.make(t, gamma, c, seed, fixed));
                }
            }
            return out;
        }
    }
}
