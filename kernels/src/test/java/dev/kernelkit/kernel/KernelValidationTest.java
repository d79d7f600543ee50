package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Table-driven validation of kernel parameters and inputs. */
class KernelValidationTest {

    static Stream<Arguments> badParameters() {
        return Stream.<Arguments>of(
                Arguments.of((Supplier<Object>) () -> new PolynomialKernel(0, 1, 0), "degree must be >= 1, got 0"),
                Arguments.of((Supplier<Object>) () -> new PolynomialKernel(2, 0, 0), "gamma must be > 0 and finite, got 0.0"),
                Arguments.of((Supplier<Object>) () -> new PolynomialKernel(2, 1, -1), "offset must be >= 0 and finite, got -1.0"),
                Arguments.of((Supplier<Object>) () -> new LaplacianKernel(Double.NaN), "gamma must be > 0 and finite, got NaN"),
                Arguments.of((Supplier<Object>) () -> new SigmoidKernel(1, Double.POSITIVE_INFINITY), "offset must be finite, got Infinity"),
                Arguments.of((Supplier<Object>) () -> new ExponentialChiSquareKernel(-2), "gamma must be > 0 and finite, got -2.0"),
                Arguments.of((Supplier<Object>) () -> new InverseDistanceKernel(0), "gamma must be > 0 and finite, got 0.0"),
                Arguments.of((Supplier<Object>) () -> new InverseSquaredDistanceKernel(-1), "gamma must be > 0 and finite, got -1.0"),
                Arguments.of((Supplier<Object>) () -> new SingleFeatureKernel(-1, new LinearKernel()), "feature must be >= 0, got -1"),
                Arguments.of((Supplier<Object>) () -> new SingleFeatureKernel(1, null), "base must not be null"),
                Arguments.of((Supplier<Object>) () -> new FeatureSubsetKernel(new int[0], new LinearKernel()), "features must not be empty"),
                Arguments.of((Supplier<Object>) () -> new FeatureSubsetKernel(new int[] {2, -1}, new LinearKernel()), "feature indices must be >= 0, got -1"),
                Arguments.of((Supplier<Object>) () -> new PowerKernel<>(new LinearKernel(), 0), "exponent must be an integer >= 1, got 0"),
                Arguments.of((Supplier<Object>) () -> new WeightedSumKernel<Vec>(List.of(), List.of()), "kernels must not be empty"),
                Arguments.of((Supplier<Object>) () -> new WeightedSumKernel<Vec>(List.of(new LinearKernel()), List.of(1.0, 2.0)),
                        "expected one weight per kernel: 1 kernels, found 2 weights"),
                Arguments.of((Supplier<Object>) () -> new WeightedSumKernel<Vec>(List.of(new LinearKernel()), List.of(-0.5)),
                        "weight 0 must be >= 0 and finite, got -0.5"),
                Arguments.of((Supplier<Object>) () -> new NormalizedKernel<Vec>(null), "base must not be null"),
                Arguments.of((Supplier<Object>) () -> new SetKernel(null), "instance must not be null"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badParameters")
    void badParametersAreRejectedWithTheValue(Supplier<Object> make, String message) {
        assertThatThrownBy(make::get).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }

    @Test
    void chiSquareRejectsNegativeFeaturesNamingTheFeature() {
        Kernel<Vec> k = new ExponentialChiSquareKernel(1.0);
        assertThatThrownBy(() -> k.apply(DenseVec.of(1, -0.5), DenseVec.of(1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-negative features, got -0.5 at feature 1");
        assertThatThrownBy(() -> k.apply(new SparseVec(3, new int[] {2}, new double[] {1}),
                new SparseVec(3, new int[] {0}, new double[] {-2})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got -2.0 at feature 0");
    }

    @Test
    void normalizingAKernelWithNegativeSelfSimilarityFails() {
        // sigmoid(gamma = 1, offset = -1) at x = (0.5): tanh(0.25 - 1) < 0
        Kernel<Vec> k = new NormalizedKernel<>(new SigmoidKernel(1.0, -1.0));
        assertThatThrownBy(() -> k.apply(DenseVec.of(0.5), DenseVec.of(2.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("normalized kernel needs k(x, x) >= 0, got " + Math.tanh(-0.75));
    }

    @Test
    void featureKernelsRejectPointsWithoutTheFeature() {
        assertThatThrownBy(() -> new SingleFeatureKernel(3, new LinearKernel()).apply(DenseVec.of(1, 2), DenseVec.of(1, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feature 3 out of range for dimension 2");
        assertThatThrownBy(() -> new FeatureSubsetKernel(new int[] {0, 5}, new LinearKernel())
                .apply(DenseVec.of(1, 2), DenseVec.of(1, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feature 5 out of range for dimension 2");
    }

    @Test
    void weightedSumCopiesItsLists() {
        List<Double> w = new ArrayList<>(List.of(1.0));
        List<Kernel<Vec>> ks = new ArrayList<>(List.of(new LinearKernel()));
        WeightedSumKernel<Vec> k = new WeightedSumKernel<>(ks, w);
        w.set(0, -5.0);
        ks.clear();
        org.assertj.core.api.Assertions.assertThat(k.apply(DenseVec.of(1), DenseVec.of(3))).isEqualTo(3.0);
    }
}
