package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import java.util.List;
import org.junit.jupiter.api.Test;

class SvmCvCommandTest {

    @Test
    void scaleGammaIsOneOverDimensionTimesMeanVariance() {
        // Feature 0: values 0, 2 -> mean 1, population variance 1. Feature 1: 1, 1 -> variance 0.
        // Mean variance (1 + 0) / 2 = 0.5, so g0 = 1 / (2 * 0.5) = 1.
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(0, 1), DenseVec.of(2, 1)), new double[] {1, -1});
        assertThat(SvmCvCommand.scaleGamma(d)).isCloseTo(1.0, within(1e-15));
        // Sparse with an implicit zero gives the same statistics as dense.
        LabeledDataset s = new LabeledDataset(List.of(new SparseVec(2, new int[] {1}, new double[] {1}),
                new SparseVec(2, new int[] {0, 1}, new double[] {2, 1})), new double[] {1, -1});
        assertThat(SvmCvCommand.scaleGamma(s)).isCloseTo(1.0, within(1e-15));
        // No variance at all: 1/d.
        LabeledDataset flat = new LabeledDataset(List.of(DenseVec.of(3, 3, 3, 3), DenseVec.of(3, 3, 3, 3)), new double[] {1, -1});
        assertThat(SvmCvCommand.scaleGamma(flat)).isEqualTo(0.25);
    }

    @Test
    void gridGammasAreRoundedToFourSignificantDigits() {
        // 1/52 = 0.0192307..., 1/13 = 0.0769230...
        assertThat(SvmCvCommand.roundTo4Digits(1.0 / 52)).isEqualTo(0.01923);
        assertThat(SvmCvCommand.roundTo4Digits(1.0 / 13)).isEqualTo(0.07692);
        assertThat(SvmCvCommand.roundTo4Digits(16.0 / 13)).isEqualTo(1.231);
    }
}
