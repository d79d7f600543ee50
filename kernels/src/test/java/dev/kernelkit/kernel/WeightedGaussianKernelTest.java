package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-feature weighted Gaussian: values by hand, its gradient, its specification and its checks. */
class WeightedGaussianKernelTest {

    @Test
    void valueIsTheGaussianOfTheWeightedSquaredDistance() {
        WeightedGaussianKernel k = new WeightedGaussianKernel(0.5, new double[] {2.0, 0.0, 1.0});
        // sum_d w_d (x_d - z_d)^2 = 2 (1 - 0)^2 + 0 (2 - 5)^2 + 1 (3 - 1)^2 = 2 + 0 + 4 = 6; exp(-0.5 * 6) = exp(-3)
        assertThat(k.apply(DenseVec.of(1, 2, 3), DenseVec.of(0, 5, 1))).isEqualTo(Math.exp(-3.0));
        // unit weights: the plain Gaussian
        WeightedGaussianKernel ones = new WeightedGaussianKernel(0.7, new double[] {1, 1, 1});
        GaussianKernel g = new GaussianKernel(0.7);
        double[][] xs = TestPoints.raw(3, 6, 3, false);
        for (double[] x : xs) {
            for (double[] z : xs) {
                assertThat(ones.apply(DenseVec.of(x), DenseVec.of(z)))
                        .isCloseTo(g.apply(DenseVec.of(x), DenseVec.of(z)), within(1e-15));
            }
        }
    }

    @Test
    void itIsSymmetricAndItsGramMatricesArePositiveSemidefinite() {
        for (long seed = 1; seed <= 5; seed++) {
            double[] w = TestPoints.raw(seed + 100, 1, 4, true)[0];
            WeightedGaussianKernel k = new WeightedGaussianKernel(0.8, w);
            List<Vec> pts = TestPoints.dense(TestPoints.raw(seed, 25, 4, false));
            double[][] g = TestPoints.gram(k, pts);
            for (int i = 0; i < g.length; i++) {
                assertThat(g[i][i]).isEqualTo(1.0);
                for (int j = 0; j < g.length; j++) {
                    assertThat(g[i][j]).isEqualTo(g[j][i]);
                }
            }
            assertThat(TestPoints.minEigenvalue(g)).as("seed %d", seed).isGreaterThan(-1e-10 * TestPoints.trace(g));
        }
    }

    @Test
    void gradientMatchesCentralDifferencesForDenseAndSparsePoints() {
        WeightedGaussianKernel k = new WeightedGaussianKernel(0.4, new double[] {1.5, 0.0, 0.3, 2.0, 1.0});
        double[][] xs = TestPoints.raw(4, 5, 5, false);
        double[][] zs = TestPoints.raw(5, 5, 5, false);
        for (int t = 0; t < xs.length; t++) {
            double h = 1e-6;
            for (Vec x : List.<Vec>of(DenseVec.of(xs[t]), TestPoints.sparse(xs[t]))) {
                double[] acc = new double[5];
                k.addGradient(x, DenseVec.of(zs[t]), 2.0, acc);
                for (int j = 0; j < 5; j++) {
                    double[] zp = zs[t].clone();
                    double[] zm = zs[t].clone();
                    zp[j] += h;
                    zm[j] -= h;
                    double numeric = 2.0 * (k.apply(x, DenseVec.of(zp)) - k.apply(x, DenseVec.of(zm))) / (2 * h);
                    assertThat(acc[j]).as("point %d component %d", t, j).isCloseTo(numeric, within(1e-8));
                }
            }
        }
    }

    @Test
    void specificationRoundTripsAndNamesBadWeights() {
        WeightedGaussianKernel k = new WeightedGaussianKernel(0.25, new double[] {1.0, 0.0, 3.141592653589793});
        String spec = Kernels.format(k);
        assertThat(spec).isEqualTo("weighted-gaussian:gamma=0.25,weights=1.0;0.0;3.141592653589793");
        assertThat(Kernels.parse(spec)).isEqualTo(k);
        assertThatThrownBy(() -> Kernels.parse("weighted-gaussian:gamma=1,weights=1;-2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("weight 1 must be >= 0");
        assertThatThrownBy(() -> Kernels.parse("weighted-gaussian:gamma=1,weights=1;x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be a number, got 'x'");
        assertThatThrownBy(() -> Kernels.parse("weighted-gaussian:gamma=1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing parameter 'weights'");
    }

    @Test
    void pointsOfAnotherDimensionAreRefused() {
        WeightedGaussianKernel k = new WeightedGaussianKernel(1.0, new double[] {1.0, 1.0});
        assertThatThrownBy(() -> k.apply(DenseVec.of(1, 2, 3), DenseVec.of(1, 2, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 feature weights but the points have dimension 3");
        assertThatThrownBy(() -> new WeightedGaussianKernel(0.0, new double[] {1.0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gamma must be > 0");
    }

    @Test
    void aGroupGaussianOfWidthZeroIsConstantAndHasAZeroGradient() {
        double[] acc = new double[3];
        KernelGradients.addGradient(new GroupGaussianKernel(new int[] {0, 2}, 0.0), DenseVec.of(1, 2, 3),
                DenseVec.of(0, 0, 0), 1.0, acc);
        assertThat(acc).containsExactly(0.0, 0.0, 0.0);
    }
}
