package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.kernel.WeightedGaussianKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.LearnsKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The composition "kernel learned on bag means, then SparseMI" with a stand-in kernel learner of the learner
 * contract (this module has no MKL; the real SM1MKL composition is tested in examples and integration-tests): the
 * bag means, the kernel SparseMI gets in each form, and the refusals.
 */
class SparseMiOnLearnedKernelTest {
    private static final BagDataset DATA = TestData.randomBags(30, 4, 3, 2.0, 41);

    /**
     * A stand-in kernel learner: one Gaussian per feature (gamma 0.5, unit trace on its points), weight of feature f
     * proportional to |mean_f(class 1) - mean_f(class 0)| + 0.1 (the class-mean gap: an independent, checkable rule).
     */
    static final class GapModel implements Model<Vec>, LearnsKernel<Vec> {
        final MultipleKernel base;
        final double[] mu;
        final int dim;

        GapModel(LabeledDataset data) {
            this(data, SparseMiOnLearnedKernel.gaussianPerFeature(data.dim(), 0.5));
        }

        /** With other per-feature base kernels (one per feature). */
        GapModel(LabeledDataset data, List<Kernel<Vec>> perFeature) {
            dim = data.dim();
            base = MultipleKernel.of(perFeature).withUnitTrace(data.points());
            double[] gap = new double[dim];
            double[] count = new double[2];
            double[][] mean = new double[2][dim];
            for (int i = 0; i < data.size(); i++) {
                int c = data.y(i) > 0 ? 1 : 0;
                count[c]++;
                data.x(i).addTo(mean[c], 1.0);
            }
            double sum = 0;
            for (int f = 0; f < dim; f++) {
                gap[f] = Math.abs(mean[1][f] / count[1] - mean[0][f] / count[0]) + 0.1;
                sum += gap[f];
            }
            for (int f = 0; f < dim; f++) {
                gap[f] /= sum;
            }
            mu = gap;
        }

        @Override
        public MultipleKernel baseKernels() {
            return base;
        }

        @Override
        public int machineCount() {
            return 1;
        }

        @Override
        public double[] kernelWeights(int machine) {
            return mu.clone();
        }

        @Override
        public Kernel<Vec> learnedKernel(int machine) {
            return base.combined(mu);
        }

        @Override
        public int predict(Vec x) {
            return 0;
        }

        @Override
        public double[] decisions(Vec x) {
            return new double[] {-1};
        }

        @Override
        public List<String> classNames() {
            return List.of("-1", "+1");
        }

        @Override
        public FitReport report() {
            return FitReport.of("gap", "gap", 0, 0);
        }

        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public int dim() {
            return dim;
        }
    }

    static final Trainer<Vec, GapModel> GAP = Trainers.of("gap", InputKind.VECTORS, Task.CLASSIFICATION, "gap",
            (data, listener) -> new GapModel(LabeledDataset.of(data)));

    @Test
    void theBagMeansAreTheMeanInstancesWithTheBagLabels() {
        Bag a = new Bag("a", List.of(DenseVec.of(1, 2), DenseVec.of(3, 6)));
        Bag b = new Bag("b", List.of(DenseVec.of(-1, 0)));
        Bag c = new Bag("c", List.of(DenseVec.of(0, 0), DenseVec.of(0, 3), DenseVec.of(3, 0)));
        LabeledDataset means = SparseMiOnLearnedKernel.bagMeans(BagDataset.binary(List.of(a, b, c), new double[] {1, -1, -1}));
        // (1 + 3) / 2 = 2, (2 + 6) / 2 = 4; b's one instance; (0 + 0 + 3) / 3 = 1, (0 + 3 + 0) / 3 = 1
        assertThat(means.x(0).toArray()).containsExactly(2, 4);
        assertThat(means.x(1).toArray()).containsExactly(-1, 0);
        assertThat(means.x(2).toArray()).containsExactly(1, 1);
        assertThat(means.labels()).containsExactly(1, -1, -1);
    }

    @Test
    void sparseMiGetsTheLearnedSumScaledToUnitDiagonal() {
        SparseMiOptions options = SparseMiOptions.defaults().withC(10).withExpansionVectors(3).withMaxIterations(10);
        SparseMiOnLearnedKernel.Fit fit = SparseMiOnLearnedKernel.fit(DATA, GAP, new LearnedKernel.Average(),
                LearnedKernelForSparseMi.Form.LEARNED, options, FitListener.SILENT);
        GapModel gap = (GapModel) fit.kernelModel();
        LabeledDataset means = SparseMiOnLearnedKernel.bagMeans(DATA);
        // unit trace of a Gaussian on m points: s = 1 / m; sum_f mu_f = 1, so K_mu(x, x) = 1 / m and the factor is m
        assertThat(fit.prepared().factor()).isCloseTo(means.size(), within(1e-9));
        Kernel<Vec> used = fit.model().kernel();
        List<Vec> x = LearnedKernelForSparseMi.instances(DATA);
        for (int i = 0; i < 10; i++) {
            Vec p = x.get(i);
            Vec q = x.get(x.size() - 1 - i);
            // by hand: m sum_f mu_f (1 / m) exp(-0.5 (p_f - q_f)^2)
            double expected = 0;
            for (int f = 0; f < DATA.dim(); f++) {
                double d = p.get(f) - q.get(f);
                expected += gap.mu[f] * Math.exp(-0.5 * d * d);
            }
            assertThat(used.apply(p, q)).isCloseTo(expected, within(1e-12));
            assertThat(used.apply(p, p)).isCloseTo(1.0, within(1e-12));
        }
        assertThat(fit.model().objectiveTrace()[fit.model().iterations()]).isLessThan(fit.model().objectiveTrace()[0]);
    }

    @Test
    void theWeightedGaussianFormUsesThePerFeatureWeightsWithMeanOneAndTheOptionsGamma() {
        SparseMiOptions options = SparseMiOptions.defaults().withGamma(0.25).withExpansionVectors(3).withMaxIterations(5);
        SparseMiOnLearnedKernel.Fit fit = SparseMiOnLearnedKernel.fit(DATA, GAP, new LearnedKernel.Average(),
                LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN, options, FitListener.SILENT);
        GapModel gap = (GapModel) fit.kernelModel();
        WeightedGaussianKernel k = (WeightedGaussianKernel) fit.model().kernel();
        assertThat(k.gamma()).isEqualTo(0.25);
        double[] w = k.weights();
        for (int f = 0; f < w.length; f++) {
            // one kernel per feature: feature f carries mu_f; d mu_f / sum mu = 3 mu_f (sum mu = 1)
            assertThat(w[f]).isCloseTo(3 * gap.mu[f], within(1e-12));
        }
        assertThat(fit.prepared().factor()).isEqualTo(1.0);
        assertThatThrownBy(() -> SparseMiOnLearnedKernel.fit(DATA, GAP, new LearnedKernel.Average(),
                LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN, options.withKernel(new dev.kernelkit.kernel.LinearKernel()),
                FitListener.SILENT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("takes its gamma from a Gaussian kernel");
    }

    @Test
    void theTrainerRefusesAKernelLearnerThatScalesTheBagMeans() {
        Trainer<Vec, ScaledModel<Vec>> scaled = ScaledModel.trainer(FeatureScaling.STANDARD, GAP);
        Trainer<Bag, SparseMiModel> t = SparseMiOnLearnedKernel.trainer(scaled, new LearnedKernel.Average(),
                LearnedKernelForSparseMi.Form.LEARNED, SparseMiOptions.defaults().withExpansionVectors(2).withMaxIterations(1));
        assertThatThrownBy(() -> t.fit(DATA)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scales the bag means");
        // fit() itself handles it: the bags are scaled as the kernel learner scaled the means
        SparseMiOnLearnedKernel.Fit f = SparseMiOnLearnedKernel.fit(DATA, scaled, new LearnedKernel.Average(),
                LearnedKernelForSparseMi.Form.LEARNED, SparseMiOptions.defaults().withExpansionVectors(2).withMaxIterations(1),
                FitListener.SILENT);
        Model<Bag> raw = f.prepared().behindScaler(f.model());
        assertThat(raw).isInstanceOf(ScaledModel.class);
        for (Bag b : DATA.bags()) {
            assertThat(raw.decisions(b)).containsExactly(f.model().decisions(f.learned().scaler().apply(b)));
        }
    }

    @Test
    void aKernelLearnedOnOtherFeaturesIsRefusedNamingBothDimensions() {
        LearnedKernel learned = LearnedKernel.of(new GapModel(SparseMiOnLearnedKernel.bagMeans(DATA)),
                new LearnedKernel.Average());
        BagDataset wider = TestData.randomBags(10, 3, 5, 2.0, 42);
        assertThatThrownBy(() -> LearnedKernelForSparseMi.prepare(learned, wider, "--data wide.csv"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("learned on 3 features but --data wide.csv has 5");
    }

    @Test
    void aLearnedKernelWithABaseKernelWithoutGradientIsRefusedNamingTheLearnerAndTheKernel() {
        LabeledDataset means = SparseMiOnLearnedKernel.bagMeans(DATA);
        List<Kernel<Vec>> bases = List.of(new SingleFeatureKernel(0, new GaussianKernel(0.5)),
                new SingleFeatureKernel(1, new LaplacianKernel(0.5)), new SingleFeatureKernel(2, new GaussianKernel(0.5)));
        LearnedKernel learned = LearnedKernel.of(new GapModel(means, bases), new LearnedKernel.Average());
        assertThatThrownBy(() -> LearnedKernelForSparseMi.prepare(learned, DATA, "data"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SparseMI cannot use the kernel learned by gap")
                .hasMessageContaining("feature(index=1,laplacian:gamma=0.5)");
        assertThatThrownBy(() -> LearnedKernelForSparseMi.factory(learned, LearnedKernelForSparseMi.Form.LEARNED,
                SparseMiOptions.defaults())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("laplacian");
        // its per-feature weights still make a weighted Gaussian
        assertThat(LearnedKernelForSparseMi.prepare(learned, LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN, 0.3, DATA,
                "data").kernel()).isInstanceOf(WeightedGaussianKernel.class);
    }

    @Test
    void theProtocolFactoryFitsSparseMiOnTheLearnedKernelOfEachTrainingPart() {
        LearnedKernel learned = LearnedKernel.of(new GapModel(SparseMiOnLearnedKernel.bagMeans(DATA)),
                new LearnedKernel.Average());
        MiProtocol.Factory f = LearnedKernelForSparseMi.factory(learned, LearnedKernelForSparseMi.Form.LEARNED,
                SparseMiOptions.defaults().withExpansionVectors(3).withMaxIterations(5));
        BagClassifier m = f.trainer(1.0, 7.0).fit(DATA);
        SparseMiModel s = (SparseMiModel) m;
        LearnedKernelForSparseMi.Prepared p = LearnedKernelForSparseMi.prepare(learned, DATA, "data");
        // the same kernel as prepare() makes, at the grid's C
        Vec a = DATA.bag(0).instance(0);
        Vec b = DATA.bag(1).instance(0);
        assertThat(s.kernel().apply(a, b)).isEqualTo(p.kernel().apply(a, b));
        assertThat(s.report().options()).contains("c=7.0");
        SparseMiModel sized = (SparseMiModel) LearnedKernelForSparseMi.sizedFactory(learned,
                LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN, SparseMiOptions.defaults().withMaxIterations(2))
                .trainer(0.4, 3.0, 5).fit(DATA);
        assertThat(sized.expansionVectors()).hasSize(5);
        assertThat(((WeightedGaussianKernel) sized.kernel()).gamma()).isEqualTo(0.4);
    }
}
