package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-checked kernel values. Throughout: x = (1, 2, 0), y = (0, 1, 3), so
 * &lt;x, y&gt; = 0 + 2 + 0 = 2, ||x||^2 = 5, ||y||^2 = 10, ||x - y||^2 = 1 + 1 + 9 = 11,
 * ||x - y||_1 = 1 + 1 + 3 = 5.
 */
class KernelValuesTest {
    private static final double TOL = 1e-14;
    private final Vec x = DenseVec.of(1, 2, 0);
    private final Vec y = DenseVec.of(0, 1, 3);
    private final Vec xs = new SparseVec(3, new int[] {0, 1}, new double[] {1, 2});
    private final Vec ys = new SparseVec(3, new int[] {1, 2}, new double[] {1, 3});

    private void check(Kernel<Vec> k, double expected) {
        assertThat(k.apply(x, y)).isCloseTo(expected, within(TOL));
        assertThat(k.apply(xs, ys)).as("sparse").isCloseTo(expected, within(TOL));
        assertThat(k.apply(xs, y)).as("sparse-dense").isCloseTo(expected, within(TOL));
    }

    @Test
    void linearIsTheInnerProduct() {
        check(new LinearKernel(), 2.0); // <x, y> = 2
    }

    @Test
    void polynomialValues() {
        check(new PolynomialKernel(2, 0.5, 1.0), 4.0); // (0.5 * 2 + 1)^2 = 2^2 = 4
        check(new PolynomialKernel(3, 1.0, 0.0), 8.0); // (1 * 2 + 0)^3 = 8
    }

    @Test
    void gaussianValue() {
        check(new GaussianKernel(0.1), Math.exp(-1.1)); // exp(-0.1 * 11)
    }

    @Test
    void laplacianUsesTheL1Distance() {
        check(new LaplacianKernel(0.2), Math.exp(-1.0)); // exp(-0.2 * 5)
    }

    @Test
    void sigmoidValues() {
        check(new SigmoidKernel(0.5, -1.0), 0.0); // tanh(0.5 * 2 - 1) = tanh(0) = 0
        check(new SigmoidKernel(0.25, 0.0), Math.tanh(0.5)); // tanh(0.25 * 2)
    }

    @Test
    void exponentialChiSquareValues() {
        // (1-0)^2/(1+0) + (2-1)^2/(2+1) + (0-3)^2/(0+3) = 1 + 1/3 + 3 = 13/3; exp(-0.5 * 13/3) = exp(-13/6)
        check(new ExponentialChiSquareKernel(0.5), Math.exp(-13.0 / 6.0));
        // a feature that is 0 in both points contributes 0: (1-3)^2/(1+3) = 1, exp(-2 * 1)
        Vec a = new SparseVec(2, new int[] {0}, new double[] {1});
        Vec b = DenseVec.of(3, 0);
        assertThat(new ExponentialChiSquareKernel(2.0).apply(a, b)).isCloseTo(Math.exp(-2.0), within(TOL));
    }

    @Test
    void inverseDistanceKernels() {
        check(new InverseDistanceKernel(4.0), 1.0 / (2.0 * Math.sqrt(11.0) + 1.0)); // 1/(sqrt(4 * 11) + 1)
        check(new InverseSquaredDistanceKernel(0.5), 2.0 / 13.0); // 1/(0.5 * 11 + 1) = 1/6.5
        assertThat(new InverseDistanceKernel(3.0).apply(x, x)).isEqualTo(1.0); // distance 0
    }

    @Test
    void singleFeatureAndFeatureSubset() {
        check(new SingleFeatureKernel(1, new GaussianKernel(0.5)), Math.exp(-0.5)); // x_1 = 2, y_1 = 1
        check(new SingleFeatureKernel(2, new LinearKernel()), 0.0); // x_2 * y_2 = 0 * 3
        check(new FeatureSubsetKernel(new int[] {0, 2}, new LinearKernel()), 0.0); // (1, 0).(0, 3)
        check(new FeatureSubsetKernel(new int[] {2, 1}, new LinearKernel()), 2.0); // (2, 0).(1, 3)
        // (2 - 1)^2 + (0 - 3)^2 = 10; exp(-0.1 * 10)
        check(new FeatureSubsetKernel(new int[] {1, 2}, new GaussianKernel(0.1)), Math.exp(-1.0));
    }

    @Test
    void singleFeatureScalarShortcutsAgreeWithTheBaseOnOneDimensionalPoints() {
        List<Kernel<Vec>> bases = List.of(new GaussianKernel(0.7), new LinearKernel(), new PolynomialKernel(3, 0.5, 2.0),
                new LaplacianKernel(1.5), new InverseSquaredDistanceKernel(2.0), new InverseDistanceKernel(3.0),
                new ExponentialChiSquareKernel(0.5), new SigmoidKernel(0.3, 0.1));
        double[][] pairs = {{0.25, -1.5}, {2.0, 2.0}, {0.0, 3.5}, {1e-3, 7.0}};
        for (Kernel<Vec> base : bases) {
            for (double[] p : pairs) {
                double a = Math.abs(p[0]), b = Math.abs(p[1]); // non-negative for the chi-square base
                Vec u = DenseVec.of(9, a, 4), v = new SparseVec(3, new int[] {1}, new double[] {b});
                double expected = base.apply(DenseVec.of(a), DenseVec.of(b));
                assertThat(new SingleFeatureKernel(1, base).apply(u, v)).as("%s at (%s, %s)", base, a, b)
                        .isCloseTo(expected, within(1e-13 * Math.max(1, Math.abs(expected))));
            }
        }
    }

    @Test
    void normalizedPowerAndWeightedSum() {
        check(new NormalizedKernel<>(new LinearKernel()), 2.0 / Math.sqrt(50.0)); // 2 / sqrt(5 * 10)
        check(new PowerKernel<>(new LinearKernel(), 3), 8.0); // 2^3
        // 0.5 * 2 + 2 * (2/13) = 1 + 4/13
        check(new WeightedSumKernel<>(List.of(new LinearKernel(), new InverseSquaredDistanceKernel(0.5)),
                List.of(0.5, 2.0)), 1.0 + 4.0 / 13.0);
        // a zero vector has no direction: the normalised kernel gives 0, not NaN
        assertThat(new NormalizedKernel<>(new LinearKernel()).apply(DenseVec.of(0, 0, 0), y)).isEqualTo(0.0);
    }

    @Test
    void setKernelAveragesOverInstancePairs() {
        Bag a = new Bag("a", List.of(DenseVec.of(1, 0), DenseVec.of(0, 1)));
        Bag b = new Bag("b", List.of(DenseVec.of(2, 2)));
        // (<(1,0),(2,2)> + <(0,1),(2,2)>) / (2 * 1) = (2 + 2) / 2 = 2
        assertThat(new SetKernel(new LinearKernel()).apply(a, b)).isCloseTo(2.0, within(TOL));
        // k(a, a) = (1 + 0 + 0 + 1) / 4 = 0.5, k(b, b) = 8, so 2 / sqrt(0.5 * 8) = 1
        assertThat(SetKernel.normalized(new LinearKernel()).apply(a, b)).isCloseTo(1.0, within(TOL));
        // Gaussian gamma = 1: distances^2 from (2,2) are 1 + 4 = 5 and 4 + 1 = 5: (e^-5 + e^-5) / 2
        assertThat(new SetKernel(new GaussianKernel(1.0)).apply(a, b)).isCloseTo(Math.exp(-5), within(TOL));
    }
}
