package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** DifferentiableKernel gradients dk(x, z)/dz against central finite differences. */
class KernelGradientTest {

    static Stream<Arguments> kernels() {
        return Stream.of(
                Arguments.of("gaussian", new GaussianKernel(0.3)),
                Arguments.of("polynomial degree 3", new PolynomialKernel(3, 0.5, 1.0)),
                Arguments.of("polynomial degree 1", new PolynomialKernel(1, 2.0, 0.0)),
                Arguments.of("linear", new LinearKernel()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void gradientMatchesCentralDifferencesForDenseAndSparsePoints(String name, DifferentiableKernel k) {
        int d = 6;
        double[][] xs = TestPoints.raw(7, 5, d, false);
        double[][] zs = TestPoints.raw(8, 5, d, false);
        for (int t = 0; t < xs.length; t++) {
            double[] z = zs[t];
            double scale = 1.7;
            double[] numeric = new double[d];
            double h = 1e-6;
            for (int j = 0; j < d; j++) {
                double[] zp = z.clone();
                double[] zm = z.clone();
                zp[j] += h;
                zm[j] -= h;
                numeric[j] = scale * (k.apply(DenseVec.of(xs[t]), DenseVec.of(zp))
                        - k.apply(DenseVec.of(xs[t]), DenseVec.of(zm))) / (2 * h);
            }
            Vec[][] pairs = {
                {DenseVec.of(xs[t]), DenseVec.of(z)},
                {TestPoints.sparse(xs[t]), DenseVec.of(z)},
                {TestPoints.sparse(xs[t]), TestPoints.sparse(z)},
            };
            for (Vec[] p : pairs) {
                double[] acc = new double[d];
                acc[0] = 0.25; // addGradient adds to what is there
                k.addGradient(p[0], p[1], scale, acc);
                acc[0] -= 0.25;
                for (int j = 0; j < d; j++) {
                    assertThat(acc[j]).as("%s, x %s, z %s, component %d", name, p[0].getClass().getSimpleName(),
                            p[1].getClass().getSimpleName(), j)
                            .isCloseTo(numeric[j], within(1e-6 * Math.max(1, Math.abs(numeric[j]))));
                }
            }
        }
    }
}
