package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.learn.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
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
 *       t_max = 50, s_max = 10, random initial XVs, the seed given ({@link SparseMiOptions#defaults}).</li>
 *   <li>{@value MiKernel#NAME}: the averaged set kernel, hinge loss ({@link MiKernelOptions#defaults});
 *       {@value MiSvm#NAME_INSTANCE}, {@value MiSvm#NAME_BAG}: at most 50 rounds
 *       ({@link MiSvmOptions#defaults}); {@value Miles#NAME} ({@link MilesOptions#defaults});
 *       {@value MiCccp#NAME}: lambda = 1, at most 20 CCCP steps ({@link MiCccpOptions#defaults}).</li>
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

    @Override
    public List<Learner<?>> learners() {
        return List.of(
                new MiLearner(SparseMi.NAME, "SparseMI: label-mean bag SVM over N_XV learned expansion vectors "
                        + "(Fu, Lu, Ting & Zhang, IEEE TNNLS 2013)",
                        (t, g, c, seed) -> SparseMi.trainer(sparse(t, g, c, seed))),
                new MiLearner(ReducedSet.NAME, "RS: reduced-set approximation of the dense label-mean L2-SVM "
                        + "(Schoelkopf et al., IEEE TNN 1999; baseline of TNNLS 2013)",
                        (t, g, c, seed) -> ReducedSet.trainer(sparse(t, g, c, seed))),
                new MiLearner(RandomSparseSvm.NAME, "RSVM: label-mean bag SVM over N_XV random training instances "
                        + "(Lee & Mangasarian 2001; baseline of TNNLS 2013)",
                        (t, g, c, seed) -> RandomSparseSvm.trainer(sparse(t, g, c, seed))),
                new MiLearner(MiKernel.NAME, "MI-Kernel: SVM on bags with the averaged set kernel "
                        + "(Gaertner et al., ICML 2002)",
                        (t, g, c, seed) -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g).withC(c))),
                new MiLearner(MiSvm.NAME_INSTANCE, "mi-SVM: instance-label imputation with SVM retraining "
                        + "(Andrews, Tsochantaridis & Hofmann, NIPS 2003)",
                        (t, g, c, seed) -> MiSvm.trainer(MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE)
                                .withGamma(g).withC(c))),
                new MiLearner(MiSvm.NAME_BAG, "MI-SVM: witness selection with SVM retraining "
                        + "(Andrews, Tsochantaridis & Hofmann, NIPS 2003)",
                        (t, g, c, seed) -> MiSvm.trainer(MiSvmOptions.defaults(MiSvmOptions.Variant.BAG)
                                .withGamma(g).withC(c))),
                new MiLearner(Miles.NAME, "MILES: instance-similarity embedding and a 1-norm SVM "
                        + "(Chen, Bi & Wang, IEEE TPAMI 2006)",
                        (t, g, c, seed) -> Miles.trainer(MilesOptions.defaults().withGamma(g).withC(c))),
                new MiLearner(MiCccp.NAME, "MI-CCCP: bag hinge loss plus the bag-to-max-instance L1 loss by "
                        + "the constrained concave-convex procedure (Cheung & Kwok, ICML 2006)",
                        (t, g, c, seed) -> MiCccp.trainer(MiCccpOptions.defaults().withGamma(g).withC(c))));
    }

    /** SparseMI's defaults with gamma, C, the seed and N_XV = min(10, training instances). */
    static SparseMiOptions sparse(BagDataset training, double gamma, double c, long seed) {
        int nxv = Math.max(1, Math.min(DEFAULT_EXPANSION_VECTORS, training.instanceCount()));
        return SparseMiOptions.defaults().withGamma(gamma).withC(c).withSeed(seed).withExpansionVectors(nxv);
    }

    /** g0 of the training instances ({@link GammaHeuristic#scale}). */
    static double g0(BagDataset training) {
        List<Vec> instances = new ArrayList<>(training.instanceCount());
        for (Bag b : training.bags()) {
            instances.addAll(b.instances());
        }
        return GammaHeuristic.scale(instances);
    }

    /** Makes a trainer from the training set, gamma, C and the seed. */
    @FunctionalInterface
    private interface Factory {
        Trainer<Bag, ? extends FittedModel<Bag>> make(BagDataset training, double gamma, double c, long seed);
    }

    private record MiLearner(String name, String description, Factory factory) implements Learner<Bag> {
        @Override
        public InputKind input() {
            return InputKind.BAGS;
        }

        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public Trainer<Bag, ? extends FittedModel<Bag>> trainer(Dataset<Bag> training, long seed) {
            BagDataset t = BagDataset.of(training);
            return factory.make(t, GammaHeuristic.roundTo4Digits(g0(t)), C_GRID.get(0), seed);
        }

        @Override
        public List<Trainer<Bag, ? extends FittedModel<Bag>>> grid(Dataset<Bag> training, long seed) {
            BagDataset t = BagDataset.of(training);
            double g0 = g0(t);
            List<Trainer<Bag, ? extends FittedModel<Bag>>> out = new ArrayList<>();
            for (double f : GAMMA_FACTORS) {
                double gamma = GammaHeuristic.roundTo4Digits(g0 * f);
                for (double c : C_GRID) {
                    out.add(factory.make(t, gamma, c, seed));
                }
            }
            return out;
        }
    }
}
