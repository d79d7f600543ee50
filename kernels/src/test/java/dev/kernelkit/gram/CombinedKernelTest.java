package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.ChannelAlignmentKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.GlobalAlignmentKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@link MultipleKernel#combined} against the weighted sum of its base kernels, computed here kernel by kernel. */
class CombinedKernelTest {

    /**
     * Every kind of member: the SimpleMKL list (Gaussian chains and polynomials on all variables and on each
     * variable), a Gaussian and a single-feature Gaussian off the power-of-two chains, the linear kernel, group
     * Gaussians on one and on three features and a constant one (width 0), and generic kernels (Laplacian, an
     * alignment channel, a normalised polynomial), all scaled to unit trace on x.
     */
    static MultipleKernel everyKind(List<Vec> x) {
        List<Kernel<Vec>> list = new ArrayList<>(MultipleKernel.simpleMklProtocol(3).kernels());
        list.add(new GaussianKernel(0.37));
        list.add(new SingleFeatureKernel(1, new GaussianKernel(0.37)));
        list.add(new LinearKernel());
        list.add(new GroupGaussianKernel(new int[] {2}, 1.7));
        list.add(new GroupGaussianKernel(new int[] {2, 0, 1}, 2.9));
        list.add(new GroupGaussianKernel(new int[] {0, 1}, 0.0));
        list.add(new LaplacianKernel(0.3));
        list.add(new ChannelAlignmentKernel(new int[] {0, 1, 2}, new GlobalAlignmentKernel(1.1, 0, 1)));
        list.add(new NormalizedKernel<>(new PolynomialKernel(2, 0.5, 1.0)));
        return MultipleKernel.of(list).withUnitTrace(x);
    }

    /** sum_m mu_m s_m k_m(a, b), every base kernel evaluated on its own through Kernel.apply. */
    static double reference(MultipleKernel k, double[] mu, Vec a, Vec b) {
        double s = 0;
        for (int m = 0; m < mu.length; m++) {
            s += mu[m] * k.scale(m) * k.kernel(m).apply(a, b);
        }
        return s;
    }

    static double[] weights(int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] mu = new double[count];
        for (int m = 0; m < mu.length; m++) {
            mu[m] = rnd.nextDouble() < 0.3 ? 0 : rnd.nextDouble();
        }
        return mu;
    }

    /**
     * Agreement up to the rounding of the shared work: a Gaussian chain squares one exp up to 18 times (the
     * SimpleMKL widths sigma = 64 down to 1/8 differ by 2^18 in gamma), each squaring doubling the relative
     * error of the exp, so a member may differ from exp(-gamma d) by about 2^18 ulp = 3e-11 relative.
     */
    static void close(double actual, double expected, String what) {
        assertThat(actual).as(what).isCloseTo(expected, within(1e-10 * Math.max(1, Math.abs(expected))));
    }

    @ParameterizedTest(name = "dense budget {0}")
    @ValueSource(longs = {0L, SharedKernelMatrices.DEFAULT_DENSE_BUDGET_BYTES})
    void combinedEqualsTheWeightedSumOfTheBaseKernelsEntryByEntryOnTheFastAndTheGenericPath(long budget) {
        List<Vec> x = TestData.randomDense(21, 3, 17);
        List<Vec> z = TestData.randomDense(6, 3, 18);
        MultipleKernel k = everyKind(x);
        double[] mu = weights(k.count(), 7);
        MultipleKernel.Combined combined = k.combined(mu);
        int n = x.size();

        // fast path: the training matrices (rows, entries, the dense fill), pairs, rows against fixed points
        SharedKernelMatrices g = k.gram(x, budget);
        assertThat(g.isDense()).isEqualTo(budget > 0);
        KernelMatrix km = g.combined(mu);
        double[] filled = new double[n * n];
        g.combinedInto(mu, filled);
        MultipleKernel.Rows rows = combined.rows(x);
        double[] row = new double[n];
        double[] cross = new double[n];
        for (int i = 0; i < n; i++) {
            km.row(i, row);
            rows.row(x.get(i), cross);
            for (int j = 0; j < n; j++) {
                double ref = reference(k, mu, x.get(i), x.get(j));
                close(row[j], ref, "Gram row " + i + ", column " + j);
                close(km.get(i, j), ref, "Gram entry " + i + ", " + j);
                close(filled[i * n + j], ref, "dense fill " + i + ", " + j);
                close(combined.apply(x.get(i), x.get(j)), ref, "pair " + i + ", " + j);
                close(cross[j], ref, "row of training point " + i + ", column " + j);
            }
        }
        for (int t = 0; t < z.size(); t++) {
            rows.row(z.get(t), cross);
            for (int j = 0; j < n; j++) {
                close(cross[j], reference(k, mu, z.get(t), x.get(j)), "row of new point " + t + ", column " + j);
            }
        }

        // generic path: kernel by kernel, and the combined kernel as a plain Kernel in the generic Gram builder
        Kernel<Vec> oneByOne = k.combinedOneByOne(mu);
        DenseKernelMatrix generic = new GramBuilder(1).gramGeneric(combined, x);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double ref = reference(k, mu, x.get(i), x.get(j));
                close(oneByOne.apply(x.get(i), x.get(j)), ref, "one by one " + i + ", " + j);
                close(generic.get(i, j), ref, "generic Gram " + i + ", " + j);
            }
        }
    }

    @Test
    void anExpansionIsTheCoefficientWeightedSumOfCombinedValues() {
        List<Vec> x = TestData.randomDense(15, 3, 4);
        MultipleKernel k = everyKind(x);
        double[] mu = weights(k.count(), 9);
        double[] coef = new double[x.size()];
        SplittableRandom rnd = new SplittableRandom(2);
        for (int i = 0; i < coef.length; i++) {
            coef[i] = rnd.nextDouble() < 0.4 ? 0 : rnd.nextDouble(-1, 1);
        }
        MultipleKernel.Expansion e = k.combined(mu).expansion(x, coef);
        int kept = 0;
        for (double c : coef) {
            kept += c != 0 ? 1 : 0;
        }
        assertThat(e.size()).isEqualTo(kept);
        for (Vec v : TestData.randomDense(5, 3, 6)) {
            double ref = 0;
            for (int i = 0; i < coef.length; i++) {
                ref += coef[i] * reference(k, mu, v, x.get(i));
            }
            close(e.value(v), ref, "expansion");
        }
    }

    @Test
    void unitDiagonalNormalisesWhatIsNotNormalisedByConstruction() {
        List<Vec> x = TestData.randomDense(10, 3, 8);
        GaussianKernel gauss = new GaussianKernel(0.5);
        PolynomialKernel poly = new PolynomialKernel(3, 1.0, 1.0);
        MultipleKernel k = MultipleKernel.of(List.of(gauss, poly, new LinearKernel())).withUnitTrace(x).withUnitDiagonal();
        assertThat(k.normalisation()).isEqualTo(MultipleKernel.Normalisation.UNIT_DIAGONAL);
        assertThat(k.kernel(0)).isSameAs(gauss);
        assertThat(k.kernel(1)).isEqualTo(new NormalizedKernel<>(poly));
        assertThat(k.scales()).containsExactly(1, 1, 1);
        SharedKernelMatrices g = k.gram(x, 0L);
        for (int m = 0; m < k.count(); m++) {
            for (int i = 0; i < x.size(); i++) {
                assertThat(g.value(m, i, i)).as("kernel %d at %d", m, i).isCloseTo(1.0, within(1e-12));
            }
        }
    }

    @Test
    void badWeightsAndPointsAreNamed() {
        List<Vec> x = TestData.randomDense(5, 3, 1);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(3).withUnitTrace(x);
        assertThatThrownBy(() -> k.combined(new double[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected 52 kernel weights, found 3");
        double[] mu = new double[52];
        mu[4] = -0.5;
        assertThatThrownBy(() -> k.combined(mu)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kernel weight 4 must be >= 0 and finite, got -0.5");
        double[] ok = new double[52];
        ok[45] = 1; // kernels 39..51 read feature 2
        assertThatThrownBy(() -> k.combined(ok).apply(DenseVec.of(1, 2), DenseVec.of(1, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feature 2");
        assertThatThrownBy(() -> k.combined(ok).rows(List.of(DenseVec.of(1, 2))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feature 2");
        assertThatThrownBy(() -> k.combined(ok).rows(x).row(DenseVec.of(1, 2), new double[5]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimension mismatch");
        assertThatThrownBy(() -> new GroupGaussianKernel(new int[0], 1)).hasMessage("features must not be empty");
        assertThatThrownBy(() -> new GroupGaussianKernel(new int[] {0}, -1)).hasMessage("width must be >= 0 and finite, got -1.0");
    }
}
