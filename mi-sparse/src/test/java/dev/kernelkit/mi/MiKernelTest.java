package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.testing.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MiKernelTest {

    @Test
    void solvesTheRingProblemAndCountsSupportInstances() {
        BagDataset data = SyntheticData.ringBags(15, 4, 8, 3);
        MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.5).withC(10));
        assertThat(Metrics.accuracy(m, data)).isEqualTo(1.0);
        int expected = m.machines().get(0).supportVectors().stream().mapToInt(b -> b.size()).sum();
        assertThat(m.kernelEvaluationsPerInstance()).isEqualTo(expected).isGreaterThan(1);
    }

    @Test
    void reportsAMachineWhoseSmoSolveStoppedAtTheIterationCap() {
        BagDataset data = SyntheticData.ringBags(15, 4, 8, 3);
        MiKernelOptions o = MiKernelOptions.defaults().withGamma(0.5).withC(10);
        assertThat(MiKernel.fit(data, o).unconvergedMachines()).isZero();
        assertThat(MiKernel.fit(data, o.withSolver(SmoSolver.Options.defaults().withMaxIterations(1)))
                .unconvergedMachines()).isEqualTo(1);
    }

    @Test
    void sparseMiNeedsFarFewerKernelEvaluationsThanMiKernel() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 4);
        MiKernelModel dense = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.5).withC(10));
        SparseMiModel sparse = SparseMi.fit(data, SparseMiOptions.defaults().withGamma(0.5).withC(10)
                .withExpansionVectors(2));
        assertThat(Metrics.accuracy(sparse, data)).isEqualTo(1.0);
        assertThat(dense.kernelEvaluationsPerInstance()).isGreaterThanOrEqualTo(10 * sparse.kernelEvaluationsPerInstance());
    }

    @Test
    void multiClassIsOneVsRest() {
        BagDataset data = TestData.randomMultiClassBags(36, 3, 4, 3, 3.0, 5);
        MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.3).withC(10));
        assertThat(m.machines()).hasSize(3);
        assertThat(Metrics.accuracy(m, data)).isGreaterThanOrEqualTo(0.8);
    }

    @Test
    void badOptionsAndOneClassAreErrors() {
        assertThatThrownBy(() -> MiKernelOptions.defaults().withC(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("c must be > 0 and finite, got -1");
        BagDataset one = TestData.randomBags(6, 3, 2, 1, 1).subset(new int[] {0, 2});
        assertThatThrownBy(() -> MiKernel.fit(one, MiKernelOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only class");
    }

    @ParameterizedTest
    @EnumSource(MiKernelOptions.Form.class)
    void decisionsEqualAnSvmOnThePerPairSetKernelGram(MiKernelOptions.Form form) {
        // the old path: DenseKernelMatrix.compute over Kernel.apply of the (normalised) set kernel,
        // the same SMO, the per-bag expansion; against the blocked Gram and the flattened prediction
        BagDataset data = TestData.randomBags(30, 5, 4, 1.0, 11);
        BagDataset test = TestData.randomBags(12, 6, 4, 1.0, 12);
        SetKernel avg = new SetKernel(new GaussianKernel(0.4));
        Kernel<Bag> k = switch (form) {
            case NORMALIZED -> new NormalizedKernel<>(avg);
            case SUMMED -> (x, z) -> {
                double s = 0; // sum_p sum_q exp(-0.4 ||x_p - z_q||^2), no averaging
                for (dev.kernelkit.data.Vec a : x.instances()) {
                    for (dev.kernelkit.data.Vec b : z.instances()) {
                        s += Math.exp(-0.4 * a.squaredDistance(b));
                    }
                }
                return s;
            };
            default -> avg;
        };
        double[] y = new double[data.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = data.sign(i);
        }
        KernelExpansionModel<Bag> reference = KernelExpansionModel.fromSolution(k, data.bags(), y,
                new SmoSolver().solve(SvmProblem.of(DenseKernelMatrix.compute(k, data.bags()), y, 3.0, SvmLoss.HINGE)));
        MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.4).withC(3).withForm(form));
        assertThat(m.form()).isEqualTo(form);
        for (Bag b : test.bags()) {
            assertThat(m.decision(b)).isCloseTo(reference.decision(b), within(1e-6));
            assertThat(m.decision(b)).isCloseTo(m.machines().get(0).decision(b), within(1e-10));
        }
    }

    @Test
    void oneVsRestDecisionsEqualEachMachinesOwnExpansion() {
        BagDataset data = TestData.randomMultiClassBags(30, 3, 4, 3, 2.0, 7);
        for (MiKernelOptions.Form form : MiKernelOptions.Form.values()) {
            MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.3).withC(10).withForm(form));
            for (Bag b : data.bags()) {
                double[] f = m.decisions(b);
                for (int c = 0; c < 3; c++) {
                    assertThat(f[c]).isCloseTo(m.machines().get(c).decision(b), within(1e-10));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MiKernelOptions.Form.class)
    void nonGaussianInstanceKernelsPredictThroughTheCrossMatrixPath(MiKernelOptions.Form form) {
        BagDataset data = TestData.randomBags(24, 4, 3, 1.5, 17);
        MiKernelModel m = MiKernel.fit(data, new MiKernelOptions(new dev.kernelkit.kernel.LaplacianKernel(0.4), 5,
                SvmLoss.HINGE, SmoSolver.Options.defaults(), form));
        for (Bag b : TestData.randomBags(10, 5, 3, 1.5, 18).bags()) {
            assertThat(m.decision(b)).isCloseTo(m.machines().get(0).decision(b), within(1e-10));
        }
    }

    @Test
    void normalisedFormIgnoresBagSizeWhenInstancesRepeat() {
        // a bag and the same bag with every instance doubled have the same mean embedding, so the
        // normalised (and averaged) set kernel cannot tell them apart: equal decisions
        BagDataset data = TestData.randomBags(20, 4, 3, 1.5, 3);
        MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.5).withC(5)
                .withForm(MiKernelOptions.Form.NORMALIZED));
        Bag b = data.bag(0);
        java.util.List<dev.kernelkit.data.Vec> twice = new java.util.ArrayList<>(b.instances());
        twice.addAll(b.instances());
        assertThat(m.decision(new Bag("twice", twice))).isCloseTo(m.decision(b), within(1e-10));
    }

    @Test
    void nullFormIsAnError() {
        assertThatThrownBy(() -> MiKernelOptions.defaults().withForm(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("form must not be null");
    }
}
