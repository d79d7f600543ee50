package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Svm#fit}, {@link SvmModel} and {@link KernelExpansionModel}. */
class SvmModelTest {

    /** Gaussian blobs around (2 cos(2 pi c / k), 2 sin(2 pi c / k)) labelled by class value. */
    static LabeledDataset blobs(int perClass, double[] classValues, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[perClass * classValues.length];
        int i = 0;
        for (int r = 0; r < perClass; r++) {
            for (int c = 0; c < classValues.length; c++) {
                double t = 2 * Math.PI * c / classValues.length;
                x.add(DenseVec.of(2 * Math.cos(t) + 0.8 * rnd.nextGaussian(), 2 * Math.sin(t) + 0.8 * rnd.nextGaussian()));
                y[i++] = classValues[c];
            }
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void twoPointHardMarginSolutionMatchesTheHandDerivedOne() {
        // x = -1 (y = -1), x = +1 (y = +1), linear kernel: the max-margin separator is f(x) = x,
        // so w = sum a_i y_i x_i = 2a = 1 -> a = (0.5, 0.5) < C = 10, b = 0.
        // Q = [[1, 1], [1, 1]], dual objective 1/2 a'Qa - e'a = 1/2 * 1 - 1 = -0.5.
        Kernel<Vec> linear = Vec::dot;
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(-1), DenseVec.of(1)), new double[] {-1, 1});
        SvmProblem p = SvmProblem.of(DenseKernelMatrix.compute(linear, d.points()), d.labels(), 10, SvmLoss.HINGE);
        SvmSolution s = new SmoSolver().solve(p);
        assertThat(s.alpha()).containsExactly(new double[] {0.5, 0.5}, offset(1e-12));
        assertThat(s.bias()).isCloseTo(0.0, offset(1e-12));
        assertThat(s.objective()).isCloseTo(-0.5, offset(1e-12));
        SvmModel m = Svm.fit(d, SvmOptions.of(linear).withC(10));
        assertThat(m.decision(DenseVec.of(0.3))).isCloseTo(0.3, offset(1e-7));
        assertThat(m.predictLabel(DenseVec.of(0.3))).isEqualTo(1.0);
        assertThat(m.predict(DenseVec.of(0.3))).isEqualTo(1);
        assertThat(m.predictLabel(DenseVec.of(-0.3))).isEqualTo(-1.0);
        assertThat(m.predict(DenseVec.of(-0.3))).isEqualTo(0);
    }

    @Test
    void binaryFitDecisionsMatchLibsvmsOwnRbfTraining() {
        LabeledDataset d = blobs(60, new double[] {-1, 1}, 5);
        double gamma = 0.5;
        SvmModel m = Svm.fit(d, SvmOptions.of(new GaussianKernel(gamma)).withC(2)
                .withSolver(SmoSolver.Options.defaults().withEps(1e-8)));
        LibsvmSolver.RbfRun lib = LibsvmSolver.trainRbf(d.points(), d.labels(), gamma, 2, 50, 1e-8, true);
        assertThat(m.isBinary()).isTrue();
        assertThat(m.supportVectorCount()).isEqualTo(lib.model().supportVectorCount());
        LabeledDataset test = blobs(20, new double[] {-1, 1}, 6);
        for (Vec z : test.points()) {
            assertThat(m.decision(z)).isCloseTo(lib.model().decision(z), offset(1e-4));
            assertThat(m.predictLabel(z)).isEqualTo(lib.model().predict(z));
        }
    }

    @Test
    void oneVsRestPredictsTheArgmaxOfIndependentlyTrainedBinaryMachines() {
        double[] classValues = {7, 2, 5}; // deliberately unsorted: the model sorts them to 2, 5, 7
        LabeledDataset d = blobs(30, classValues, 8);
        GaussianKernel kernel = new GaussianKernel(0.7);
        SvmModel m = Svm.fit(d, SvmOptions.of(kernel).withSolver(SmoSolver.Options.defaults().withEps(1e-8)));
        assertThat(m.classes()).containsExactly(2, 5, 7);
        assertThat(m.expansionModels()).hasSize(3);

        double[] sorted = {2, 5, 7};
        List<LibsvmSolver.RbfRun> refs = new ArrayList<>();
        for (double c : sorted) {
            double[] y = new double[d.size()];
            for (int i = 0; i < y.length; i++) {
                y[i] = d.y(i) == c ? 1 : -1;
            }
            refs.add(LibsvmSolver.trainRbf(d.points(), y, 0.7, 1, 50, 1e-8, true));
        }
        LabeledDataset test = blobs(15, classValues, 9);
        int correct = 0;
        for (int t = 0; t < test.size(); t++) {
            Vec z = test.x(t);
            double[] f = m.decisions(z);
            int best = 0;
            for (int k = 0; k < 3; k++) {
                assertThat(f[k]).isCloseTo(refs.get(k).model().decision(z), offset(1e-4));
                if (refs.get(k).model().decision(z) > refs.get(best).model().decision(z)) {
                    best = k;
                }
            }
            assertThat(m.predictLabel(z)).isEqualTo(sorted[best]);
            assertThat(m.predict(z)).isEqualTo(best);
            if (m.predictLabel(z) == test.y(t)) {
                correct++;
            }
        }
        assertThat(correct).isGreaterThan(test.size() * 3 / 4);
        assertThatThrownBy(() -> m.decision(test.x(0))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aModelRebuiltFromItsPartsDecidesIdentically() {
        LabeledDataset d = blobs(25, new double[] {1, 2, 3}, 10);
        SvmModel m = Svm.fit(d, SvmOptions.of(new GaussianKernel(1)).withLoss(SvmLoss.SQUARED_HINGE));
        List<KernelExpansionModel<Vec>> parts = new ArrayList<>();
        for (KernelExpansionModel<Vec> e : m.expansionModels()) {
            parts.add(KernelExpansionModel.of(e.kernel(), e.supportVectors(), e.coefficients(), e.bias()));
        }
        SvmModel copy = SvmModel.of(m.classes(), parts, m.dim(), m.report());
        for (Vec z : blobs(5, new double[] {1, 2, 3}, 11).points()) {
            assertThat(copy.decisions(z)).containsExactly(m.decisions(z));
            assertThat(copy.predict(z)).isEqualTo(m.predict(z));
        }
    }

    static Stream<Arguments> badParts() {
        KernelExpansionModel<Vec> e = KernelExpansionModel.of(new GaussianKernel(1), List.of(DenseVec.of(1)),
                new double[] {1}, 0);
        return Stream.of(
                Arguments.of(new double[] {1}, List.of(e), "an SVM needs at least 2 classes, got 1"),
                Arguments.of(new double[] {2, 1}, List.of(e), "classes must be finite and strictly increasing, got [2.0, 1.0]"),
                Arguments.of(new double[] {1, 2}, List.of(e, e), "expected 1 expansion models for 2 classes, found 2"),
                Arguments.of(new double[] {1, 2, 3}, List.of(e), "expected 3 expansion models for 3 classes, found 1"));
    }

    @ParameterizedTest
    @MethodSource("badParts")
    void inconsistentPartsAreRejected(double[] classes, List<KernelExpansionModel<Vec>> models, String message) {
        assertThatThrownBy(() -> SvmModel.of(classes, models, 1, FitReport.of("svm", "test", 0, 0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void inconsistentExpansionPartsAreRejected() {
        GaussianKernel k = new GaussianKernel(1);
        assertThatThrownBy(() -> KernelExpansionModel.of(k, List.of(DenseVec.of(1)), new double[] {1, 2}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("expected 1 coefficients, found 2");
        assertThatThrownBy(() -> KernelExpansionModel.of(k, List.of(DenseVec.of(1)), new double[] {Double.NaN}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("coefficient 0 must be finite, got NaN");
        assertThatThrownBy(() -> KernelExpansionModel.of(k, List.of(DenseVec.of(1)), new double[] {1}, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("bias must be finite, got NaN");
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of(0.0, 0.0, "c must be > 0 and finite, got 0.0"),
                Arguments.of(-2.0, 0.0, "c must be > 0 and finite, got -2.0"),
                Arguments.of(Double.POSITIVE_INFINITY, 0.0, "c must be > 0 and finite, got Infinity"),
                Arguments.of(1.0, -1.0, "kernelCacheMb must be >= 0 and finite, got -1.0"),
                Arguments.of(1.0, Double.NaN, "kernelCacheMb must be >= 0 and finite, got NaN"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void invalidSvmOptionsAreRejected(double c, double cacheMb, String message) {
        assertThatThrownBy(() -> new SvmOptions(new GaussianKernel(1), c, SvmLoss.HINGE,
                SmoSolver.Options.defaults(), cacheMb))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void fittingOneClassIsRejected() {
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(1), DenseVec.of(2)), new double[] {3, 3});
        assertThatThrownBy(() -> Svm.fit(d, SvmOptions.of(new GaussianKernel(1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("an SVM needs at least 2 classes, got [3.0]");
    }
}
