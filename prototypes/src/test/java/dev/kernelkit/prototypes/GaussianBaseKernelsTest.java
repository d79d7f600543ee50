package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import java.util.List;
import org.junit.jupiter.api.Test;

class GaussianBaseKernelsTest {
    // feature 0: 0, 1, 3  -> pair distances² 1, 9, 4 -> mean 14/3
    // feature 1: 2, 2, 2  -> constant, sigma 0 (all-ones kernel)
    // feature 2: 0, 0, 6  -> pair distances² 0, 36, 36 -> mean 24
    static final LabeledDataset DATA = new LabeledDataset(
            List.of(DenseVec.of(0, 2, 0), DenseVec.of(1, 2, 0), DenseVec.of(3, 2, 6)), new double[] {1, 2, 1});

    @Test
    void widthIsTheMeanSquaredPairDistance() {
        GaussianBaseKernels k = GaussianBaseKernels.perFeature(DATA);
        assertThat(k.count()).isEqualTo(3);
        assertThat(k.sigma(0)).isCloseTo(14.0 / 3, within(1e-12));
        assertThat(k.sigma(1)).isZero();
        assertThat(k.sigma(2)).isCloseTo(24.0, within(1e-12));
        // K_0(x1, x3) = exp(-(0-3)² / (14/3)) = exp(-27/14)
        assertThat(k.value(0, DATA.x(0), DATA.x(2))).isCloseTo(Math.exp(-27.0 / 14), within(1e-15));
        assertThat(k.value(1, DATA.x(0), DATA.x(2))).isEqualTo(1.0);
        for (int m = 0; m < 3; m++) {
            assertThat(k.value(m, DATA.x(1), DATA.x(1))).isEqualTo(1.0); // unit diagonal
        }
    }

    @Test
    void groupWidthAddsTheFeatureWidthsAndTheEvaluatorAgreesWithValue() {
        GaussianBaseKernels k = GaussianBaseKernels.perGroup(DATA, new int[][] {{0, 2}, {1}});
        assertThat(k.sigma(0)).isCloseTo(14.0 / 3 + 24.0, within(1e-12));
        // K_0(x2, x3) = exp(-((1-3)² + (0-6)²) / (86/3)) = exp(-40·3/86)
        assertThat(k.value(0, DATA.x(1), DATA.x(2))).isCloseTo(Math.exp(-120.0 / 86), within(1e-15));
        GaussianBaseKernels.Evaluator ev = k.on(DATA.points());
        double[] row = new double[3];
        for (int m = 0; m < 2; m++) {
            ev.crossRow(m, DATA.x(1), row);
            for (int s = 0; s < 3; s++) {
                assertThat(ev.value(m, 1, s)).isCloseTo(k.value(m, DATA.x(1), DATA.x(s)), within(1e-15));
                assertThat(row[s]).isCloseTo(k.value(m, DATA.x(1), DATA.x(s)), within(1e-15));
            }
        }
    }

    @Test
    void badGroupsAreRejected() {
        assertThatThrownBy(() -> GaussianBaseKernels.perGroup(DATA, new int[][] {{0, 3}}))
                .hasMessage("feature group 0 has index 3 outside the data dimension 3");
        assertThatThrownBy(() -> GaussianBaseKernels.perGroup(DATA, new int[][] {{}}))
                .hasMessage("feature group 0 must not be empty");
        assertThatThrownBy(() -> GaussianBaseKernels.perFeature(DATA.subset(new int[] {0})))
                .hasMessage("need at least 2 training samples for the kernel widths, got 1");
    }
}
