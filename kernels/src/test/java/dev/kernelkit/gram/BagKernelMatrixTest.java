package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.PowerKernel;
import dev.kernelkit.kernel.SetKernel;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lazy bag kernel matrix against the per-pair {@code Kernel.apply} of its bag kernel: every entry,
 * diagonal, full row (cached or not) and partial row is the same double, on the set-kernel path (dense
 * and sparse instances, Gaussian and other instance kernels), its normalised form and the generic path.
 */
class BagKernelMatrixTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("set, gaussian, dense", new SetKernel(new GaussianKernel(0.3)), 5, false),
                Arguments.of("set, gaussian, sparse", new SetKernel(new GaussianKernel(0.3)), 7, true),
                Arguments.of("set, linear", new SetKernel(new LinearKernel()), 4, false),
                Arguments.of("set, polynomial", new SetKernel(new PolynomialKernel(2, 0.5, 1.0)), 3, false),
                Arguments.of("set, laplacian", new SetKernel(new LaplacianKernel(0.5)), 3, false),
                Arguments.of("normalised set, gaussian", SetKernel.normalized(new GaussianKernel(0.7)), 4, false),
                Arguments.of("normalised set, linear", SetKernel.normalized(new LinearKernel()), 4, true),
                Arguments.of("generic: power of the set kernel", new PowerKernel<>(new SetKernel(new GaussianKernel(0.2)), 2),
                        3, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyEntryRowAndDiagonalIsTheDoubleKernelApplyGives(String name, Kernel<Bag> kernel, int d, boolean sparse) {
        List<Bag> bags = SetKernelGramTest.bags(d * 17L, 19, 6, d, sparse);
        int m = bags.size();
        for (double cacheMb : new double[] {0.0, 1.0}) {
            BagKernelMatrix k = BagKernelMatrix.of(bags, kernel, cacheMb);
            assertThat(k.size()).isEqualTo(m);
            assertThat(k.usesSetKernelPath()).isEqualTo(!name.startsWith("generic"));
            double[] row = new double[m];
            for (int i = 0; i < m; i++) {
                assertThat(k.diagonal(i)).isEqualTo(kernel.apply(bags.get(i), bags.get(i)));
                k.row(i, row);
                for (int j = 0; j < m; j++) {
                    double expected = kernel.apply(bags.get(i), bags.get(j));
                    assertThat(row[j]).as("row %d entry %d", i, j).isEqualTo(expected);
                    assertThat(k.get(i, j)).isEqualTo(expected);
                }
                int[] cols = {m - 1, 0, i, (i * 7) % m};
                double[] part = new double[cols.length];
                k.row(i, cols, cols.length, part);
                for (int t = 0; t < cols.length; t++) {
                    assertThat(part[t]).isEqualTo(kernel.apply(bags.get(i), bags.get(cols[t])));
                }
            }
        }
    }

    @Test
    void singletonBagsGiveTheInstanceKernelItself() {
        List<Bag> bags = List.of(new Bag("a", List.of(DenseVec.of(0.5, 1))), new Bag("b", List.of(DenseVec.of(-1, 2))));
        GaussianKernel g = new GaussianKernel(0.25);
        BagKernelMatrix k = BagKernelMatrix.of(bags, new SetKernel(g), 0);
        // |a - b|^2 = 1.5^2 + 1^2 = 3.25, exp(-0.25 * 3.25)
        assertThat(k.get(0, 1)).isEqualTo(g.apply(bags.get(0).instance(0), bags.get(1).instance(0)))
                .isCloseTo(Math.exp(-0.8125), org.assertj.core.api.Assertions.within(1e-15));
        assertThat(k.diagonal(0)).isEqualTo(1.0);
    }

    @Test
    void aNegativeSelfSimilarityOfTheNormalisedSetKernelIsRefusedNamingTheBag() {
        // a sigmoid instance kernel is not PSD: k(x, x) = tanh(1 * 1 - 5) < 0
        Kernel<Vec> sigmoid = new dev.kernelkit.kernel.SigmoidKernel(1, -5);
        List<Bag> bags = List.of(new Bag("bad", List.of(DenseVec.of(1.0))), new Bag("b", List.of(DenseVec.of(0.5))));
        assertThatThrownBy(() -> BagKernelMatrix.of(bags, new NormalizedKernel<>(new SetKernel(sigmoid)), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bag 'bad'")
                .hasMessageContaining("k(x, x) >= 0");
        assertThatThrownBy(() -> BagKernelMatrix.of(bags, new SetKernel(sigmoid), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cacheMb must be >= 0 and finite, got -1.0");
    }
}
