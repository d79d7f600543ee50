package dev.kernelkit.gram;

import static dev.kernelkit.gram.GramBuilderTest.assertClose;
import static dev.kernelkit.gram.GramBuilderTest.points;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SetKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The set-kernel Gram built from the blocked instance Gram against the per-pair
 * {@code SetKernel.apply} loop of {@link DenseKernelMatrix#compute} / {@link CrossKernelMatrix#compute}
 * (the old path), in one chunk and in many.
 */
class SetKernelGramTest {

    static List<Bag> bags(long seed, int m, int maxSize, int d, boolean sparse) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Bag> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            out.add(new Bag("b" + i, points(r.nextLong(), 1 + r.nextInt(maxSize), d, 0.8, sparse)));
        }
        return out;
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("gaussian, dense", new GaussianKernel(0.3), 5, false),
                Arguments.of("gaussian, sparse rows", new GaussianKernel(0.3), 5, true),
                Arguments.of("gaussian, wide sparse (no densifying)", new GaussianKernel(0.01), 1500, true),
                Arguments.of("linear", new LinearKernel(), 6, false),
                Arguments.of("polynomial", new PolynomialKernel(2, 0.5, 1.0), 4, false),
                Arguments.of("laplacian (generic per-pair path)", new LaplacianKernel(0.5), 3, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void gramEqualsThePerPairSetKernelLoopInOneChunkAndInMany(String name, Kernel<Vec> instance, int d,
                                                               boolean sparse) {
        List<Bag> bags = bags(d * 31L, 23, 6, d, sparse);
        SetKernel k = new SetKernel(instance);
        double[][] expected = DenseKernelMatrix.compute(k, bags).toArray();
        // one chunk (the symmetric instance Gram), then 7-entry chunks: rows of a few instances each
        for (SetKernelGram g : List.of(new SetKernelGram(new GramBuilder(2)), new SetKernelGram(new GramBuilder(1), 7 * 80))) {
            DenseKernelMatrix actual = g.gram(k, bags);
            assertClose(actual.toArray(), expected);
            for (int i = 0; i < bags.size(); i++) {
                for (int j = 0; j < i; j++) {
                    assertThat(actual.get(i, j)).as("exact symmetry").isEqualTo(actual.get(j, i));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void normalizedGramEqualsTheNormalizedKernelLoop(String name, Kernel<Vec> instance, int d, boolean sparse) {
        List<Bag> bags = bags(d * 17L + 1, 19, 5, d, sparse);
        SetKernel k = new SetKernel(instance);
        double[][] expected = DenseKernelMatrix.compute(new NormalizedKernel<>(k), bags).toArray();
        assertClose(SetKernelGram.singleThreaded().normalizedGram(k, bags).toArray(), expected);
        assertClose(new SetKernelGram(new GramBuilder(1), 50).normalizedGram(k, bags).toArray(), expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void summedGramEqualsTheDoubleSumOfInstanceKernels(String name, Kernel<Vec> instance, int d, boolean sparse) {
        List<Bag> bags = bags(d * 19L + 5, 15, 5, d, sparse);
        Kernel<Bag> summed = (x, y) -> {
            double s = 0;
            for (Vec a : x.instances()) {
                for (Vec b : y.instances()) {
                    s += instance.apply(a, b);
                }
            }
            return s;
        };
        double[][] expected = DenseKernelMatrix.compute(summed, bags).toArray();
        assertClose(SetKernelGram.singleThreaded().summedGram(new SetKernel(instance), bags).toArray(), expected);
        assertClose(new SetKernelGram(new GramBuilder(1), 30).summedGram(new SetKernel(instance), bags).toArray(),
                expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void crossEqualsThePerPairLoop(String name, Kernel<Vec> instance, int d, boolean sparse) {
        List<Bag> train = bags(d * 13L + 2, 17, 5, d, sparse);
        List<Bag> test = bags(d * 13L + 3, 6, 7, d, sparse);
        SetKernel k = new SetKernel(instance);
        double[][] expected = CrossKernelMatrix.compute(k, test, train).toArray();
        assertClose(SetKernelGram.singleThreaded().cross(k, test, train).toArray(), expected);
        assertClose(new SetKernelGram(new GramBuilder(2), 40).cross(k, test, train).toArray(), expected);
        double[] self = SetKernelGram.singleThreaded().selfSimilarities(k, test);
        for (int a = 0; a < test.size(); a++) {
            assertThat(self[a]).isCloseTo(k.apply(test.get(a), test.get(a)), within(1e-12));
        }
    }

    @Test
    void handComputedLinearSetKernel() {
        // X = {(1, 0), (0, 1)}, Y = {(2, 2)}; linear instance kernel.
        // k_set(X, X) = (1/4)(1 + 0 + 0 + 1) = 0.5; k_set(Y, Y) = 8; k_set(X, Y) = (1/2)(2 + 2) = 2;
        // normalised: 2 / sqrt(0.5 * 8) = 1 (the bag means (0.5, 0.5) and (2, 2) are parallel).
        Bag x = new Bag("X", List.of(DenseVec.of(1, 0), DenseVec.of(0, 1)));
        Bag y = new Bag("Y", List.of(DenseVec.of(2, 2)));
        SetKernel k = new SetKernel(new LinearKernel());
        DenseKernelMatrix g = SetKernelGram.singleThreaded().gram(k, List.of(x, y));
        assertThat(g.toArray()).isDeepEqualTo(new double[][] {{0.5, 2}, {2, 8}});
        DenseKernelMatrix n = SetKernelGram.singleThreaded().normalizedGram(k, List.of(x, y));
        assertThat(n.get(0, 1)).isCloseTo(1.0, within(1e-15));
        assertThat(n.get(0, 0)).isCloseTo(1.0, within(1e-15));
        // summed: |X||Y| k_set: 4 * 0.5 = 2, 2 * 2 = 4, 1 * 8 = 8
        assertThat(SetKernelGram.singleThreaded().summedGram(k, List.of(x, y)).toArray())
                .isDeepEqualTo(new double[][] {{2, 4}, {4, 8}});
    }

    @Test
    void aZeroBagNormalisesToZeroAsNormalizedKernelDoes() {
        // the linear set kernel of a bag whose mean is 0 is 0: its row of the normalised Gram is 0
        Bag zero = new Bag("Z", List.of(DenseVec.of(1, -1), DenseVec.of(-1, 1)));
        Bag other = new Bag("O", List.of(DenseVec.of(3, 1)));
        DenseKernelMatrix n = SetKernelGram.singleThreaded().normalizedGram(new SetKernel(new LinearKernel()),
                List.of(zero, other));
        assertThat(n.get(0, 0)).isZero();
        assertThat(n.get(0, 1)).isZero();
        assertThat(n.get(1, 0)).isZero();
        assertThat(n.get(1, 1)).isCloseTo(1.0, within(1e-15));
    }
}
