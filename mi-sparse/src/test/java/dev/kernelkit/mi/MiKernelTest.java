package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.testing.TestData;
import org.junit.jupiter.api.Test;

class MiKernelTest {

    @Test
    void solvesTheRingProblemAndCountsSupportInstances() {
        BagDataset data = SyntheticData.ringBags(15, 4, 8, 3);
        MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.5).withC(10));
        assertThat(MiCrossValidation.accuracy(m, data)).isEqualTo(1.0);
        int expected = m.machines().get(0).supportVectors().stream().mapToInt(b -> b.size()).sum();
        assertThat(m.kernelEvaluationsPerInstance()).isEqualTo(expected).isGreaterThan(1);
    }

    @Test
    void sparseMiNeedsFarFewerKernelEvaluationsThanMiKernel() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 4);
        MiKernelModel dense = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.5).withC(10));
        SparseMiModel sparse = SparseMi.fit(data, SparseMiOptions.defaults().withGamma(0.5).withC(10)
                .withExpansionVectors(2));
        assertThat(MiCrossValidation.accuracy(sparse, data)).isEqualTo(1.0);
        assertThat(dense.kernelEvaluationsPerInstance()).isGreaterThanOrEqualTo(10 * sparse.kernelEvaluationsPerInstance());
    }

    @Test
    void multiClassIsOneVsRest() {
        BagDataset data = TestData.randomMultiClassBags(36, 3, 4, 3, 3.0, 5);
        MiKernelModel m = MiKernel.fit(data, MiKernelOptions.defaults().withGamma(0.3).withC(10));
        assertThat(m.machines()).hasSize(3);
        assertThat(MiCrossValidation.accuracy(m, data)).isGreaterThanOrEqualTo(0.8);
    }

    @Test
    void badOptionsAndOneClassAreErrors() {
        assertThatThrownBy(() -> MiKernelOptions.defaults().withC(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("c must be > 0 and finite, got -1");
        BagDataset one = TestData.randomBags(6, 3, 2, 1, 1).subset(new int[] {0, 2});
        assertThatThrownBy(() -> MiKernel.fit(one, MiKernelOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only class");
    }
}
