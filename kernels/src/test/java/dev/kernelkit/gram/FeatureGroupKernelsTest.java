package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.kernel.ChannelAlignmentKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-feature, per-group and per-channel base kernel lists of IMKPL (spec prototypes.md §2). */
class FeatureGroupKernelsTest {
    // feature 0: 0, 1, 3  -> pair distances² 1, 9, 4 -> mean 14/3
    // feature 1: 2, 2, 2  -> constant, sigma 0 (all-ones kernel)
    // feature 2: 0, 0, 6  -> pair distances² 0, 36, 36 -> mean 24
    static final LabeledDataset DATA = new LabeledDataset(
            List.of(DenseVec.of(0, 2, 0), DenseVec.of(1, 2, 0), DenseVec.of(3, 2, 6)), new double[] {1, 2, 1});

    static double width(MultipleKernel k, int m) {
        return ((GroupGaussianKernel) k.kernel(m)).width();
    }

    @Test
    void widthIsTheMeanSquaredPairDistance() {
        MultipleKernel k = MultipleKernel.gaussianPerFeature(DATA.points());
        assertThat(k.count()).isEqualTo(3);
        assertThat(k.normalisation()).isEqualTo(MultipleKernel.Normalisation.UNIT_DIAGONAL);
        assertThat(k.dim()).isEqualTo(3);
        assertThat(width(k, 0)).isCloseTo(14.0 / 3, within(1e-12));
        assertThat(width(k, 1)).isZero();
        assertThat(width(k, 2)).isCloseTo(24.0, within(1e-12));
        // K_0(x1, x3) = exp(-(0-3)² / (14/3)) = exp(-27/14)
        assertThat(k.value(0, DATA.x(0), DATA.x(2))).isCloseTo(Math.exp(-27.0 / 14), within(1e-15));
        assertThat(k.value(1, DATA.x(0), DATA.x(2))).isEqualTo(1.0);
        for (int m = 0; m < 3; m++) {
            assertThat(k.value(m, DATA.x(1), DATA.x(1))).isEqualTo(1.0); // unit diagonal
        }
    }

    @Test
    void groupWidthAddsTheFeatureWidthsAndTheMatricesAndRowsAgreeWithValue() {
        MultipleKernel k = MultipleKernel.gaussianPerGroup(DATA.points(), new int[][] {{0, 2}, {1}});
        assertThat(width(k, 0)).isCloseTo(14.0 / 3 + 24.0, within(1e-12));
        // K_0(x2, x3) = exp(-((1-3)² + (0-6)²) / (86/3)) = exp(-40·3/86)
        assertThat(k.value(0, DATA.x(1), DATA.x(2))).isCloseTo(Math.exp(-120.0 / 86), within(1e-15));
        SharedKernelMatrices ev = k.gram(DATA.points(), 0L);
        double[] row = new double[3];
        for (int m = 0; m < 2; m++) {
            double[] unit = new double[2];
            unit[m] = 1;
            k.combined(unit).rows(DATA.points()).row(DATA.x(1), row);
            for (int s = 0; s < 3; s++) {
                assertThat(ev.value(m, 1, s)).isCloseTo(k.value(m, DATA.x(1), DATA.x(s)), within(1e-15));
                assertThat(row[s]).isCloseTo(k.value(m, DATA.x(1), DATA.x(s)), within(1e-15));
            }
        }
    }

    @Test
    void alignmentGroupsAreTheNormalisedGakOfEachChannelAndTheMatricesAgree() {
        // Two channels of length 3: features {0,1,2} and {3,4,5}.
        java.util.SplittableRandom r = new java.util.SplittableRandom(9);
        java.util.List<dev.kernelkit.data.Vec> xs = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            double[] v = new double[6];
            for (int f = 0; f < 6; f++) {
                v[f] = r.nextGaussian();
            }
            xs.add(DenseVec.wrap(v));
        }
        LabeledDataset d = new LabeledDataset(xs, new double[] {1, 1, 1, 2, 2, 2});
        int[][] groups = {{0, 1, 2}, {3, 4, 5}};
        MultipleKernel k = MultipleKernel.alignmentPerGroup(d.points(), groups, 3);
        SharedKernelMatrices ev = k.gram(d.points(), 0L);
        double[] row = new double[6];
        for (int m = 0; m < 2; m++) {
            assertThat(k.kernel(m)).isInstanceOf(ChannelAlignmentKernel.class);
            dev.kernelkit.kernel.GlobalAlignmentKernel g = ((ChannelAlignmentKernel) k.kernel(m)).alignment();
            double[] unit = new double[2];
            unit[m] = 1;
            MultipleKernel.Rows rows = k.combined(unit).rows(d.points());
            for (int i = 0; i < 6; i++) {
                rows.row(d.x(i), row);
                for (int s = 0; s < 6; s++) {
                    DenseVec a = DenseVec.of(d.x(i).get(groups[m][0]), d.x(i).get(groups[m][1]), d.x(i).get(groups[m][2]));
                    DenseVec b = DenseVec.of(d.x(s).get(groups[m][0]), d.x(s).get(groups[m][1]), d.x(s).get(groups[m][2]));
                    double expected = g.apply(a, b);
                    assertThat(k.value(m, d.x(i), d.x(s))).isCloseTo(expected, within(1e-12));
                    assertThat(ev.value(m, i, s)).isCloseTo(expected, within(1e-12));
                    assertThat(row[s]).isCloseTo(expected, within(1e-12));
                }
                assertThat(ev.value(m, i, i)).isCloseTo(1.0, within(1e-12));
            }
        }
        assertThat(MultipleKernel.gaussianPerFeature(d.points()).kernel(0)).isInstanceOf(GroupGaussianKernel.class);
    }

    @Test
    void badGroupsAreRejected() {
        assertThatThrownBy(() -> MultipleKernel.gaussianPerGroup(DATA.points(), new int[][] {{0, 3}}))
                .hasMessage("feature group 0 has index 3 outside the data dimension 3");
        assertThatThrownBy(() -> MultipleKernel.gaussianPerGroup(DATA.points(), new int[][] {{}}))
                .hasMessage("feature group 0 must not be empty");
        assertThatThrownBy(() -> MultipleKernel.gaussianPerFeature(DATA.subset(new int[] {0}).points()))
                .hasMessage("need at least 2 training samples for the kernel widths, got 1");
    }

    @Test
    void combinedGramEqualsTheEntryByEntrySumBitForBit() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        List<DenseVec> x = new java.util.ArrayList<>();
        double[] y = new double[23];
        for (int i = 0; i < 23; i++) {
            // feature 2 is constant: its kernel has width 0 and is all ones
            x.add(DenseVec.wrap(new double[] {rnd.nextGaussian(), 3 * rnd.nextGaussian(), 1.5, rnd.nextDouble()}));
            y[i] = i % 2;
        }
        LabeledDataset d = new LabeledDataset(x, y);
        // single features, a constant one, and a two-feature group (the general path)
        MultipleKernel kernels = MultipleKernel.gaussianPerGroup(d.points(), new int[][] {{0}, {1}, {2}, {3}, {0, 3}});
        SharedKernelMatrices ev = kernels.gram(d.points(), 0L);
        double[] beta = {0.1, 0.0, 0.25, 0.4, 0.25};
        double[] fast = new double[23 * 23];
        ev.combinedInto(beta, fast);
        for (int i = 0; i < 23; i++) {
            for (int s = 0; s < 23; s++) {
                double v = 0;
                for (int q = 0; q < beta.length; q++) {
                    if (beta[q] > 0) {
                        v += beta[q] * ev.value(q, Math.min(i, s), Math.max(i, s));
                    }
                }
                assertThat(fast[i * 23 + s]).as("(%d, %d)", i, s).isEqualTo(v);
            }
        }
    }

    @Test
    void groupGaussiansKeepTheArithmeticOfImkplTrainingAndTestRowsBitForBit() {
        // IMKPL's evaluator divided by the width on training pairs, exp(-d / sigma), and multiplied by its
        // reciprocal on test rows, exp(-d (1 / sigma)); both are kept so that its results stay bit-identical
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        List<dev.kernelkit.data.Vec> x = new java.util.ArrayList<>();
        for (int i = 0; i < 17; i++) {
            x.add(DenseVec.wrap(new double[] {rnd.nextGaussian(), 3 * rnd.nextGaussian(), rnd.nextDouble()}));
        }
        int[][] groups = {{2}, {0}, {1, 2}, {2, 0, 1}};
        MultipleKernel k = MultipleKernel.gaussianPerGroup(x, groups);
        SharedKernelMatrices ev = k.gram(x, 0L);
        dev.kernelkit.data.Vec z = DenseVec.of(0.3, -1.2, 0.7);
        double[] row = new double[x.size()];
        for (int m = 0; m < groups.length; m++) {
            double sigma = width(k, m);
            double[] unit = new double[groups.length];
            unit[m] = 1;
            k.combined(unit).rows(x).row(z, row);
            for (int i = 0; i < x.size(); i++) {
                for (int s = 0; s < x.size(); s++) {
                    double d = 0;
                    for (int f : groups[m]) {
                        double v = x.get(i).get(f) - x.get(s).get(f);
                        d += v * v;
                    }
                    assertThat(ev.value(m, i, s)).isEqualTo(Math.exp(-d / sigma));
                }
                double d = 0;
                for (int f : groups[m]) {
                    double v = z.get(f) - x.get(i).get(f);
                    d += v * v;
                }
                assertThat(row[i]).isEqualTo(Math.exp(-d * (1.0 / sigma)));
            }
        }
    }
}
