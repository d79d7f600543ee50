package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Kernel laws: symmetry, PSD Gram matrices, and dense/sparse agreement, for every PSD kernel. */
class KernelLawsTest {

    private static final int N = 40;
    private static final int D = 7;

    static Stream<Arguments> psdKernels() {
        Kernel<Vec> g = new GaussianKernel(0.7);
        Kernel<Vec> poly = new PolynomialKernel(3, 0.5, 1.0);
        return Stream.of(
                Arguments.of("linear", new LinearKernel(), false),
                Arguments.of("polynomial", poly, false),
                Arguments.of("polynomial without offset", new PolynomialKernel(2, 1.3, 0.0), false),
                Arguments.of("gaussian", g, false),
                Arguments.of("laplacian", new LaplacianKernel(0.4), false),
                Arguments.of("exp-chi2", new ExponentialChiSquareKernel(0.8), true),
                Arguments.of("inverse-distance", new InverseDistanceKernel(2.0), false),
                Arguments.of("inverse-squared-distance", new InverseSquaredDistanceKernel(1.5), false),
                Arguments.of("single feature", new SingleFeatureKernel(3, new GaussianKernel(2.0)), false),
                Arguments.of("feature subset", new FeatureSubsetKernel(new int[] {5, 0, 2}, new LaplacianKernel(1.0)), false),
                Arguments.of("normalized polynomial", new NormalizedKernel<>(poly), false),
                Arguments.of("normalized linear", new NormalizedKernel<>(new LinearKernel()), false),
                Arguments.of("power 3 of gaussian", new PowerKernel<>(g, 3), false),
                Arguments.of("power 2 of linear", new PowerKernel<>(new LinearKernel(), 2), false),
                Arguments.of("weighted sum", new WeightedSumKernel<>(List.of(g, poly, new LaplacianKernel(0.2)),
                        List.of(0.2, 0.05, 0.75)), false),
                Arguments.of("power of normalized sum", new PowerKernel<>(new NormalizedKernel<>(
                        new WeightedSumKernel<>(List.of(new LinearKernel(), new InverseDistanceKernel(1.0)),
                                List.of(1.0, 2.0))), 2), false),
                Arguments.of("parsed composite", Kernels.parse(
                        "sum(0.5*normalized(polynomial:degree=2,gamma=1,offset=1),0.5*features(indices=1;4,gaussian:gamma=3))"),
                        false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("psdKernels")
    void gramMatrixIsSymmetricAndPositiveSemiDefinite(String name, Kernel<Vec> k, boolean nonNegative) {
        for (long seed = 1; seed <= 3; seed++) {
            double[][] g = TestPoints.gram(k, TestPoints.dense(TestPoints.raw(seed, N, D, nonNegative)));
            for (int i = 0; i < N; i++) {
                for (int j = 0; j < N; j++) {
                    assertThat(g[i][j]).as("k(x_%d, x_%d) = k(x_%d, x_%d)", i, j, j, i).isEqualTo(g[j][i]);
                }
            }
            double trace = TestPoints.trace(g);
            assertThat(TestPoints.minEigenvalue(g)).as("smallest eigenvalue, trace %s", trace)
                    .isGreaterThanOrEqualTo(-1e-9 * trace);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("psdKernels")
    void sparseAndDenseRepresentationsGiveTheSameValues(String name, Kernel<Vec> k, boolean nonNegative) {
        double[][] raw = TestPoints.raw(11, 15, D, nonNegative);
        List<Vec> dense = TestPoints.dense(raw);
        List<Vec> sparse = TestPoints.sparse(raw);
        for (int i = 0; i < raw.length; i++) {
            for (int j = 0; j < raw.length; j++) {
                double expected = k.apply(dense.get(i), dense.get(j));
                double tol = 1e-12 * Math.max(1, Math.abs(expected));
                assertThat(k.apply(sparse.get(i), sparse.get(j))).as("sparse-sparse").isCloseTo(expected, within(tol));
                assertThat(k.apply(sparse.get(i), dense.get(j))).as("sparse-dense").isCloseTo(expected, within(tol));
                assertThat(k.apply(dense.get(i), sparse.get(j))).as("dense-sparse").isCloseTo(expected, within(tol));
            }
        }
    }

    @Test
    void sigmoidKernelIsSymmetricButItsGramMatrixCanHaveNegativeEigenvalues() {
        Kernel<Vec> k = new SigmoidKernel(0.5, -1.0);
        double[][] g = TestPoints.gram(k, TestPoints.dense(TestPoints.raw(5, N, D, false)));
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                assertThat(g[i][j]).isEqualTo(g[j][i]);
            }
        }
        // k(x, x) = tanh(0.5 ||x||^2 - 1) < 0 whenever ||x||^2 < 2, so the diagonal, hence the
        // spectrum, has negative entries: the reason the sigmoid kernel is left out of the PSD laws.
        assertThat(TestPoints.minEigenvalue(g)).isNegative();
    }

    static Stream<Arguments> bagKernels() {
        return Stream.of(
                Arguments.of("set of gaussian", new SetKernel(new GaussianKernel(1.0))),
                Arguments.of("set of polynomial", new SetKernel(new PolynomialKernel(2, 1.0, 1.0))),
                Arguments.of("normalized set", SetKernel.normalized(new LaplacianKernel(0.5))),
                Arguments.of("power of set", new PowerKernel<>(new SetKernel(new LinearKernel()), 2)),
                Arguments.of("parsed bag composite",
                        Kernels.parseBagKernel("sum(1*normalized(set(gaussian:gamma=2)),0.5*set(exp-chi2:gamma=1))")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bagKernels")
    void bagKernelGramMatrixIsSymmetricAndPositiveSemiDefinite(String name, Kernel<Bag> k) {
        List<Bag> bags = TestPoints.bags(21, 30, 4);
        double[][] g = TestPoints.gram(k, bags);
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g.length; j++) {
                assertThat(g[i][j]).isCloseTo(g[j][i], within(1e-15 * Math.max(1, Math.abs(g[i][j]))));
            }
        }
        assertThat(TestPoints.minEigenvalue(g)).isGreaterThanOrEqualTo(-1e-9 * TestPoints.trace(g));
    }
}
