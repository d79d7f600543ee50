package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.ExponentialChiSquareKernel;
import dev.kernelkit.kernel.FeatureSubsetKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.KernelGradients;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.kernel.WeightedGaussianKernel;
import dev.kernelkit.kernel.WeightedSumKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gradient of learned kernel combinations (MultipleKernel.DifferentiableCombined) and of the composite kernels
 * (KernelGradients) against central finite differences of the kernel values themselves, and the refusal of
 * combinations that have no gradient.
 */
class DifferentiableCombinedTest {

    private static final int D = 5;

    /** Random weights in (0, 1] for every kernel, with every third one set to zero. */
    private static double[] weights(int m, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] mu = new double[m];
        for (int i = 0; i < m; i++) {
            mu[i] = i % 3 == 2 ? 0 : 0.05 + r.nextDouble();
        }
        return mu;
    }

    static Stream<Arguments> combinations() {
        List<Vec> training = TestData.randomDense(30, D, 3);
        List<Kernel<Vec>> subsets = new ArrayList<>();
        subsets.add(new GaussianKernel(0.2));
        subsets.add(new PolynomialKernel(2, 0.5, 1.0));
        subsets.add(new LinearKernel());
        subsets.add(new FeatureSubsetKernel(new int[] {0, 3}, new GaussianKernel(0.7)));
        subsets.add(new FeatureSubsetKernel(new int[] {1, 2, 4}, new PolynomialKernel(3, 0.3, 1.0)));
        subsets.add(new SingleFeatureKernel(2, new GaussianKernel(1.5)));
        subsets.add(new SingleFeatureKernel(2, new PolynomialKernel(2, 1.0, 0.5)));
        subsets.add(new SingleFeatureKernel(4, new LinearKernel()));
        // index 8 gets weight 0 (a constant group cannot be written to a model file), index 9 a positive one
        subsets.add(new GroupGaussianKernel(new int[] {0}, 0.0));
        subsets.add(new GroupGaussianKernel(new int[] {3, 1}, 2.5));
        subsets.add(new SingleFeatureKernel(1, new FeatureSubsetKernel(new int[] {0}, new GaussianKernel(0.4))));
        subsets.add(new WeightedGaussianKernel(0.3, new double[] {1.0, 0.0, 2.0, 0.5, 1.0}));
        subsets.add(new WeightedSumKernel<>(List.of(new GaussianKernel(0.9), new LinearKernel()), List.of(0.5, 2.0)));
        return Stream.of(
                Arguments.of("SimpleMKL protocol list, unit trace (chains of Gaussians, polynomials, all and single"
                        + " variables)", MultipleKernel.simpleMklProtocol(D).withUnitTrace(training)),
                Arguments.of("group Gaussians per feature group (IMKPL)",
                        MultipleKernel.gaussianPerGroup(training, new int[][] {{0, 2}, {1}, {3, 4, 0}, {4}})),
                Arguments.of("subsets, groups and generic members", MultipleKernel.of(subsets)));
    }

    /** sum_j |numeric_j - analytic_j| within 1e-6 of the scale, for dense and sparse x and z. */
    private static void checkAgainstFiniteDifferences(DifferentiableKernel k, Kernel<Vec> values, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int t = 0; t < 6; t++) {
            double[] x = new double[D];
            double[] z = new double[D];
            for (int j = 0; j < D; j++) {
                x[j] = 1.2 * TestData.gaussian(r);
                z[j] = 1.2 * TestData.gaussian(r);
            }
            double scale = 0.8;
            double h = 1e-6;
            double[] numeric = new double[D];
            for (int j = 0; j < D; j++) {
                double[] zp = z.clone();
                double[] zm = z.clone();
                zp[j] += h;
                zm[j] -= h;
                numeric[j] = scale * (values.apply(DenseVec.of(x), DenseVec.of(zp))
                        - values.apply(DenseVec.of(x), DenseVec.of(zm))) / (2 * h);
            }
            for (Vec[] p : new Vec[][] {{DenseVec.of(x), DenseVec.of(z)}, {sparse(x), DenseVec.of(z)},
                    {sparse(x), sparse(z)}}) {
                double[] acc = new double[D];
                acc[1] = 0.5; // added to what is there
                k.addGradient(p[0], p[1], scale, acc);
                acc[1] -= 0.5;
                for (int j = 0; j < D; j++) {
                    assertThat(acc[j]).as("point %d, component %d, %s x", t, j, p[0].getClass().getSimpleName())
                            .isCloseTo(numeric[j], within(1e-6 * Math.max(1, Math.abs(numeric[j]))));
                }
            }
        }
    }

    private static SparseVec sparse(double[] x) {
        int[] idx = new int[x.length];
        for (int j = 0; j < x.length; j++) {
            idx[j] = j;
        }
        return new SparseVec(x.length, idx, x.clone());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("combinations")
    void theCombinedKernelsGradientMatchesCentralDifferencesOfItsValues(String name, MultipleKernel base) {
        MultipleKernel.Combined c = base.combined(weights(base.count(), 11));
        assertThat(c).isInstanceOf(DifferentiableKernel.class);
        assertThat(c.whyNotDifferentiable()).isNull();
        checkAgainstFiniteDifferences(c.differentiable(), c, 12);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("combinations")
    void theKernelRebuiltFromItsModelFileSpecHasTheSameValuesAndGradient(String name, MultipleKernel base) {
        MultipleKernel.Combined c = base.combined(weights(base.count(), 13));
        // a model file stores sum(w_m * k_m) over the active kernels; parsed back it is a weighted sum
        Kernel<Vec> parsed = Kernels.parse(Kernels.format(c));
        DifferentiableKernel back = MultipleKernel.differentiable(parsed);
        assertThat(Kernels.format(back)).isEqualTo(Kernels.format(c));
        SplittableRandom r = new SplittableRandom(14);
        for (int t = 0; t < 5; t++) {
            Vec x = TestData.randomDense(D, r);
            Vec z = TestData.randomDense(D, r);
            // group Gaussians come back as Gaussians of gamma = 1 / sigma: one rounding apart
            assertThat(back.apply(x, z)).isCloseTo(c.apply(x, z), within(1e-13 * Math.max(1, Math.abs(c.apply(x, z)))));
            double[] g1 = new double[D];
            double[] g2 = new double[D];
            c.differentiable().addGradient(x, z, 1.0, g1);
            back.addGradient(x, z, 1.0, g2);
            // the weighted sum evaluated kernel by kernel (the KernelGradients path) gives the same gradient
            double[] g3 = new double[D];
            KernelGradients.addGradient(parsed, x, z, 1.0, g3);
            for (int j = 0; j < D; j++) {
                assertThat(g2[j]).isCloseTo(g1[j], within(1e-12 * Math.max(1, Math.abs(g1[j]))));
                assertThat(g3[j]).isCloseTo(g1[j], within(1e-12 * Math.max(1, Math.abs(g1[j]))));
            }
        }
        checkAgainstFiniteDifferences(back, back, 15);
    }

    @Test
    void oneGaussianOnAllFeaturesHasThePlainGaussiansValueAndGradient() {
        GaussianKernel g = new GaussianKernel(0.35);
        DifferentiableKernel c = MultipleKernel.of(List.of(g)).combined(new double[] {1.0}).differentiable();
        SplittableRandom r = new SplittableRandom(16);
        for (int t = 0; t < 10; t++) {
            Vec x = TestData.randomDense(D, r);
            Vec z = TestData.randomDense(D, r);
            assertThat(c.apply(x, z)).isEqualTo(g.apply(x, z));
            double[] a = new double[D];
            double[] b = new double[D];
            c.addGradient(x, z, 1.3, a);
            g.addGradient(x, z, 1.3, b);
            for (int j = 0; j < D; j++) {
                assertThat(a[j]).isCloseTo(b[j], within(1e-15));
            }
        }
    }

    @Test
    void aCombinationWithAnActiveKernelWithoutGradientIsNotDifferentiableAndSaysWhichKernel() {
        MultipleKernel base = MultipleKernel.of(List.of(new GaussianKernel(1.0),
                new SingleFeatureKernel(3, new ExponentialChiSquareKernel(2.0)), new LinearKernel()));
        MultipleKernel.Combined c = base.combined(new double[] {0.5, 0.25, 0.25});
        assertThat(c).isNotInstanceOf(DifferentiableKernel.class);
        assertThatThrownBy(c::differentiable).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernel 1 of 3")
                .hasMessageContaining("exp-chi2:gamma=2.0")
                .hasMessageContaining("no gradient");
        // the same kernel with zero weight does not count
        assertThat(base.combined(new double[] {0.5, 0.0, 0.25})).isInstanceOf(DifferentiableKernel.class);
    }

    @Test
    void aLearnedCombinationOfAlignmentKernelsIsNotDifferentiable() {
        List<Vec> series = TestData.randomDense(12, 6, 17);
        MultipleKernel channels = MultipleKernel.alignmentPerGroup(series, new int[][] {{0, 1, 2}, {3, 4, 5}}, 1);
        MultipleKernel.Combined c = channels.combined(new double[] {0.5, 0.5});
        assertThat(c).isNotInstanceOf(DifferentiableKernel.class);
        assertThatThrownBy(c::differentiable).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernel 0 of 2").hasMessageContaining("ChannelAlignmentKernel")
                .hasMessageContaining("no gradient");
    }

    @Test
    void kernelsWithoutGradientAreNamedWhereverTheyAreNested() {
        Kernel<Vec> laplacian = new FeatureSubsetKernel(new int[] {0, 1}, new LaplacianKernel(0.5));
        Kernel<Vec> normalized = new NormalizedKernel<>(new PolynomialKernel(2, 1.0, 1.0));
        Kernel<Vec> sum = new WeightedSumKernel<>(List.of(new GaussianKernel(1.0), normalized), List.of(1.0, 0.5));
        assertThat(KernelGradients.whyNotDifferentiable(laplacian)).contains("laplacian:gamma=0.5");
        assertThat(KernelGradients.whyNotDifferentiable(sum)).contains("normalized(polynomial:degree=2");
        assertThatThrownBy(() -> MultipleKernel.differentiable(sum)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("normalized(polynomial");
        Vec x = DenseVec.of(1, 2);
        assertThatThrownBy(() -> KernelGradients.addGradient(laplacian, x, x, 1.0, new double[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("laplacian");
        assertThat(KernelGradients.isDifferentiable(new WeightedSumKernel<>(List.of(new GaussianKernel(1.0), normalized),
                List.of(1.0, 0.0)))).isTrue();
    }
}
