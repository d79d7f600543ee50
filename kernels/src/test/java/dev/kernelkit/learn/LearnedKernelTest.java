package dev.kernelkit.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LearnedKernelTest {

    /** Three base kernels on 3 features: a Gaussian on all, a Gaussian on feature 1, a polynomial on feature 2. */
    private static final MultipleKernel BASE = MultipleKernel.of(List.of(new GaussianKernel(0.5),
            new SingleFeatureKernel(1, new GaussianKernel(2.0)), new SingleFeatureKernel(2, new PolynomialKernel(2, 1.0, 1.0))))
            .withScales(new double[] {0.5, 2.0, 1.0});

    /** A minimal multi-machine model that learned kernel weights (the contract's view of an MKL model). */
    private record FakeKernelModel(double[][] mu) implements Model<Vec>, LearnsKernel<Vec> {
        @Override
        public int predict(Vec x) {
            return 0;
        }

        @Override
        public double[] decisions(Vec x) {
            return new double[mu.length];
        }

        @Override
        public List<String> classNames() {
            return List.of("a", "b", "c");
        }

        @Override
        public FitReport report() {
            return FitReport.of("fake-mkl", "none", 1, 0.0);
        }

        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public int dim() {
            return 3;
        }

        @Override
        public MultipleKernel baseKernels() {
            return BASE;
        }

        @Override
        public int machineCount() {
            return mu.length;
        }

        @Override
        public double[] kernelWeights(int machine) {
            return mu[machine].clone();
        }

        @Override
        public Kernel<Vec> learnedKernel(int machine) {
            return BASE.combined(mu[machine]);
        }
    }

    private static final FakeKernelModel THREE = new FakeKernelModel(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0.5, 0.5}});

    private static Vec v(double... x) {
        return DenseVec.of(x);
    }

    @Test
    void aChosenMachineGivesItsWeightsAndTheAverageTheMeanOfAll() {
        Vec x = v(0.2, -1.0, 0.5);
        Vec z = v(1.0, 0.0, -0.5);
        LearnedKernel one = LearnedKernel.of(THREE, new LearnedKernel.Machine(1));
        // machine 1: mu = (0, 1, 0): 2.0 * exp(-2 (-1 - 0)^2) = 2 e^-2
        assertThat(one.kernel().apply(x, z)).isCloseTo(2.0 * Math.exp(-2.0), within(1e-15));
        assertThat(one.describe()).isEqualTo("machine 1 of 3");
        LearnedKernel avg = LearnedKernel.of(THREE, new LearnedKernel.Average());
        // mean mu = (1/3, 1/2, 1/6); ||x - z||^2 = 0.64 + 1 + 1 = 2.64; (x2 z2 + 1)^2 = (1 - 0.25)^2 = 0.5625
        double expected = (1.0 / 3) * 0.5 * Math.exp(-0.5 * 2.64) + 0.5 * 2.0 * Math.exp(-2.0) + (1.0 / 6) * 0.5625;
        assertThat(avg.kernel().apply(x, z)).isCloseTo(expected, within(1e-15));
        assertThat(avg.describe()).isEqualTo("the average of its 3 machines");
        assertThat(avg.weights()).containsExactly(1.0 / 3, 0.5, 1.0 / 6);
        assertThat(avg.activeKernels()).isEqualTo(3);
        assertThat(avg.learner()).isEqualTo("fake-mkl");
    }

    @Test
    void choiceParsesIndexOrAverageAndRefusesTheRest() {
        assertThat(LearnedKernel.Choice.parse("average")).isEqualTo(new LearnedKernel.Average());
        assertThat(LearnedKernel.Choice.parse(" 2 ")).isEqualTo(new LearnedKernel.Machine(2));
        assertThatThrownBy(() -> LearnedKernel.Choice.parse("first")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'first'");
        assertThatThrownBy(() -> LearnedKernel.Choice.parse("-1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 0, got -1");
        assertThatThrownBy(() -> LearnedKernel.of(THREE, new LearnedKernel.Machine(3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 3)").hasMessageContaining("got 3");
    }

    @Test
    void aModelThatLearnsNoKernelIsRefusedByName() {
        LabeledDataset d = new LabeledDataset(List.of(v(0, 0, 0), v(1, 1, 1), v(0, 1, 0), v(1, 0, 1)),
                new double[] {-1, 1, -1, 1});
        SvmModel svm = Svm.fit(d, SvmOptions.of(new GaussianKernel(1.0)).withC(1.0));
        assertThatThrownBy(() -> LearnedKernel.of(svm, new LearnedKernel.Average()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not learn a kernel");
    }

    @Test
    void dataOfAnotherDimensionAreRefusedNamingBothNumbers() {
        LearnedKernel k = LearnedKernel.of(THREE, new LearnedKernel.Average());
        LabeledDataset wide = new LabeledDataset(List.of(v(0, 0, 0, 0), v(1, 1, 1, 1)), new double[] {-1, 1});
        assertThatThrownBy(() -> k.prepare(wide, "--data wide.libsvm")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel was learned on 3 features but --data wide.libsvm has 4");
    }

    @Test
    void theScalerOfAScaledModelComesWithTheKernel() {
        FittedScaler scaler = FittedScaler.of(FeatureScaling.STANDARD, new double[] {1, 2, 3}, new double[] {2, 4, 8});
        LearnedKernel k = LearnedKernel.of(new ScaledModel<>(scaler, THREE), new LearnedKernel.Machine(0));
        LabeledDataset raw = new LabeledDataset(List.of(v(3, 6, 11), v(1, 2, 3)), new double[] {-1, 1});
        LabeledDataset scaled = k.prepare(raw, "data");
        // standard scaling (x - offset) / scale: (3 - 1) / 2 = 1, (6 - 2) / 4 = 1, (11 - 3) / 8 = 1
        assertThat(scaled.x(0).toArray()).containsExactly(1.0, 1.0, 1.0);
        assertThat(k.scaler()).isSameAs(scaler);
        LearnedKernel plain = LearnedKernel.of(THREE, new LearnedKernel.Machine(0));
        assertThat(plain.scaler().kind()).isEqualTo(FeatureScaling.NONE);
        assertThat(plain.prepare(raw, "data").x(0).toArray()).containsExactly(3.0, 6.0, 11.0);
    }

    @Test
    void unitMeanDiagonalDividesByTheMeanOfKxx() {
        LearnedKernel avg = LearnedKernel.of(THREE, new LearnedKernel.Average());
        List<Vec> pts = List.of(v(0, 0, 0), v(0, 0, 2));
        // k(x, x) = (1/3) 0.5 + 0.5 * 2 + (1/6)(x2^2 + 1)^2: x2 = 0 -> 1/6 + 1 + 1/6 = 4/3; x2 = 2 -> 1/6 + 1 + 25/6 = 16/3
        assertThat(avg.meanDiagonal(pts)).isCloseTo(10.0 / 3, within(1e-14));
        LearnedKernel unit = avg.withUnitMeanDiagonal(pts);
        assertThat(unit.meanDiagonal(pts)).isCloseTo(1.0, within(1e-14));
        Vec x = v(0.3, 0.1, -0.2);
        Vec z = v(-0.4, 0.7, 0.9);
        assertThat(unit.kernel().apply(x, z)).isCloseTo(avg.kernel().apply(x, z) * 0.3, within(1e-15));
        assertThatThrownBy(() -> avg.scaledBy(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0");
    }

    @Test
    void featureWeightsShareEachKernelsWeightAmongTheFeaturesItReads() {
        LearnedKernel avg = LearnedKernel.of(THREE, new LearnedKernel.Average());
        // all-feature Gaussian 1/3 -> 1/9 each; feature 1 gets 1/2; feature 2 gets 1/6
        assertThat(avg.featureWeights()).containsExactly(new double[] {1.0 / 9, 1.0 / 9 + 0.5, 1.0 / 9 + 1.0 / 6},
                within(1e-15));
        assertThat(avg.topFeatures(2)).containsExactly(1, 2);
        assertThat(avg.topFeatures(1)).containsExactly(1);
        assertThatThrownBy(() -> avg.topFeatures(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[1, 3], got 4");
    }

    @Test
    void aLearnedKernelIsWrittenAsAWeightedSumThatParsesBackToTheSameValues() {
        LearnedKernel avg = LearnedKernel.of(THREE, new LearnedKernel.Machine(2));
        String spec = Kernels.format(avg.kernel());
        // machine 2: mu = (0, 0.5, 0.5); w = mu s = (0, 1.0, 0.5); the zero-weight kernel is left out
        assertThat(spec).isEqualTo("sum(1.0*feature(index=1,gaussian:gamma=2.0),"
                + "0.5*feature(index=2,polynomial:degree=2,gamma=1.0,offset=1.0))");
        Kernel<Vec> back = Kernels.parse(spec);
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 50; i++) {
            Vec x = v(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            Vec z = v(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            assertThat(back.apply(x, z)).isCloseTo(avg.kernel().apply(x, z), within(1e-12));
        }
    }

    @Test
    void groupGaussiansOfAnInterpretableModelAreWrittenAsGaussiansOnTheirFeatures() {
        MultipleKernel groups = MultipleKernel.of(List.of(new GroupGaussianKernel(new int[] {0}, 2.0),
                new GroupGaussianKernel(new int[] {2, 1}, 0.5)));
        MultipleKernel.Combined k = groups.combined(new double[] {0.25, 0.75});
        String spec = Kernels.format(k);
        // exp(-d^2 / sigma) = exp(-(1 / sigma) d^2): gamma 0.5 on feature 0, gamma 2 on features {1, 2}
        assertThat(spec).isEqualTo("sum(0.25*feature(index=0,gaussian:gamma=0.5),"
                + "0.75*features(indices=1;2,gaussian:gamma=2.0))");
        Kernel<Vec> back = Kernels.parse(spec);
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 50; i++) {
            Vec x = v(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            Vec z = v(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            assertThat(back.apply(x, z)).isCloseTo(k.apply(x, z), within(1e-12));
        }
    }
}
