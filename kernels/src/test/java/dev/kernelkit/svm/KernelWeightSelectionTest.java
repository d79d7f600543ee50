package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.LearnsKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelWeightSelectionTest {

    /** 5 features: 1 and 3 carry the label (mean +-1), 0, 2 and 4 are N(0, 1) noise on different scales. */
    private static LabeledDataset data(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double s = i % 2 == 0 ? 1 : -1;
            x.add(DenseVec.of(5 * r.nextGaussian(), s + 0.5 * r.nextGaussian(), r.nextGaussian(),
                    3 * (s + 0.5 * r.nextGaussian()), 0.1 * r.nextGaussian()));
            y[i] = s;
        }
        return new LabeledDataset(x, y);
    }

    /** A model that learned weights on one Gaussian per feature (the contract's view of IMKPL or a per-feature MKL). */
    private record PerFeatureModel(MultipleKernel base, double[] mu) implements Model<Vec>, LearnsKernel<Vec> {
        @Override
        public int predict(Vec x) {
            return 0;
        }

        @Override
        public double[] decisions(Vec x) {
            return new double[] {0};
        }

        @Override
        public List<String> classNames() {
            return List.of("-1", "1");
        }

        @Override
        public FitReport report() {
            return FitReport.of("per-feature", "none", 1, 0.0);
        }

        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public int dim() {
            return 5;
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
    }

    private static final LabeledDataset TRAIN = data(80, 1);
    private static final LabeledDataset TEST = data(40, 2);
    private static final PerFeatureModel KEEPS_1_AND_3 = new PerFeatureModel(
            MultipleKernel.gaussianPerFeature(TRAIN.points()), new double[] {0, 0.5, 0, 0.5, 0});

    @Test
    void theKeptFeaturesAreThoseOfPositiveWeight() {
        KernelWeightSelection s = KernelWeightSelection.fit(KEEPS_1_AND_3, TRAIN, 10);
        assertThat(s.keptFeatures()).containsExactly(1, 3);
        assertThat(s.keptCount()).isEqualTo(2);
        assertThat(s.kernel().learner()).isEqualTo("per-feature");
        // a kernel on all variables spreads its weight over every feature: all are kept
        PerFeatureModel onAll = new PerFeatureModel(MultipleKernel.of(List.of(new GaussianKernel(0.5))), new double[] {1});
        assertThat(KernelWeightSelection.keptFeatures(LearnedKernel.of(onAll, new LearnedKernel.Average())))
                .containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void theKeptFeatureSvmGivesTheDecisionsOfAnSvmOnTheStandardisedProjectedPoints() {
        KernelWeightSelection s = KernelWeightSelection.fit(KEEPS_1_AND_3, TRAIN, 10);
        // the same machine computed the long way: project to (x1, x3), standardise, Gaussian gamma 1/2
        LabeledDataset projected = project(TRAIN);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(projected);
        SvmModel reference = Svm.fit(scaler.apply(projected), SvmOptions.of(new GaussianKernel(0.5)).withC(10));
        for (Vec x : TEST.points()) {
            double[] want = reference.decisions(scaler.apply(DenseVec.of(x.get(1), x.get(3))));
            assertThat(s.onKeptFeatures().decisions(x)).containsExactly(want);
        }
        // features 1 and 3 separate the classes: most test points right (chance 0.5)
        assertThat(accuracy(s.onKeptFeatures(), TEST)).isGreaterThan(0.85);
    }

    @Test
    void theLearnedKernelSvmGivesTheDecisionsOfAnSvmOnTheModelsKernel() {
        KernelWeightSelection s = KernelWeightSelection.fit(KEEPS_1_AND_3, TRAIN, 10);
        SvmModel reference = Svm.fit(TRAIN, SvmOptions.of(KEEPS_1_AND_3.learnedKernel(0)).withC(10));
        for (Vec x : TEST.points()) {
            assertThat(s.onLearnedKernel().decisions(x)).containsExactly(reference.decisions(x));
        }
    }

    @Test
    void onAllFeaturesTheSvmIsThePlainStandardisedGaussianSvm() {
        ScaledModel<Vec> all = KernelWeightSelection.gaussianSvm(TRAIN, new int[] {0, 1, 2, 3, 4}, 10);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(TRAIN);
        SvmModel reference = Svm.fit(scaler.apply(TRAIN), SvmOptions.of(new GaussianKernel(0.2)).withC(10));
        for (Vec x : TEST.points()) {
            assertThat(all.decisions(x)).containsExactly(reference.decisions(scaler.apply(x)));
        }
    }

    @Test
    void bothSvmsSaveAndLoadWithTheSameDecisions(@TempDir Path dir) throws Exception {
        KernelWeightSelection s = KernelWeightSelection.fit(KEEPS_1_AND_3, TRAIN, 10);
        Models.save(s.onKeptFeatures(), dir.resolve("kept.model"));
        Models.save(s.onLearnedKernel(), dir.resolve("kernel.model"));
        Model<?> kept = Models.loadClassifier(dir.resolve("kept.model"));
        Model<?> kernel = Models.loadClassifier(dir.resolve("kernel.model"));
        @SuppressWarnings("unchecked")
        Model<Vec> k1 = (Model<Vec>) kept;
        @SuppressWarnings("unchecked")
        Model<Vec> k2 = (Model<Vec>) kernel;
        for (Vec x : TEST.points()) {
            assertThat(k1.decisions(x)).containsExactly(s.onKeptFeatures().decisions(x));
            // the learned kernel is written as sum(w*k, ...) and read back kernel by kernel: equal up to rounding
            assertThat(k2.decisions(x)[0]).isCloseTo(s.onLearnedKernel().decisions(x)[0], within(1e-12));
        }
    }

    @Test
    void badInputIsRefusedWithOneLineNamingTheValue() {
        PerFeatureModel none = new PerFeatureModel(KEEPS_1_AND_3.base(), new double[5]);
        assertThatThrownBy(() -> KernelWeightSelection.fit(none, TRAIN, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel learned by 'per-feature' gives no feature a positive weight; nothing to keep");
        LabeledDataset three = new LabeledDataset(List.of(DenseVec.of(1, 2, 3), DenseVec.of(0, 1, 2)), new double[] {1, -1});
        assertThatThrownBy(() -> KernelWeightSelection.fit(KEEPS_1_AND_3, three, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the kernel was learned on 5 features but the training data has 3");
        assertThatThrownBy(() -> KernelWeightSelection.gaussianSvm(TRAIN, new int[] {1, 5}, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a kept feature must be in [0, 5), got 5");
        assertThatThrownBy(() -> KernelWeightSelection.fit(KEEPS_1_AND_3, TRAIN, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0.0");
    }

    private static LabeledDataset project(LabeledDataset d) {
        List<Vec> out = new ArrayList<>();
        for (Vec x : d.points()) {
            out.add(DenseVec.of(x.get(1), x.get(3)));
        }
        return d.withPoints(out);
    }

    private static double accuracy(Model<Vec> m, LabeledDataset d) {
        int ok = 0;
        for (int i = 0; i < d.size(); i++) {
            ok += m.classNames().get(m.predict(d.x(i))).equals(d.classNames().get(d.classIndex(i))) ? 1 : 0;
        }
        return (double) ok / d.size();
    }
}
