package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Packed upper-triangular storage against the full dense matrix. */
class PackedKernelMatrixTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("gaussian dense", new GaussianKernel(0.2), GramBuilderTest.points(1, 150, 20, 1.0, false)),
                Arguments.of("gaussian sparse wide", new GaussianKernel(0.2), GramBuilderTest.points(2, 70, 1500, 0.01, true)),
                Arguments.of("polynomial", new PolynomialKernel(2, 0.5, 1.0), GramBuilderTest.points(3, 65, 5, 1.0, false)),
                Arguments.of("laplacian generic", new LaplacianKernel(0.5), GramBuilderTest.points(4, 131, 4, 0.6, true)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void packedMatrixHoldsExactlyTheDenseEntries(String name, Kernel<Vec> kernel, List<Vec> x) {
        GramBuilder builder = new GramBuilder(2);
        DenseKernelMatrix dense = builder.gram(kernel, x);
        PackedKernelMatrix packed = builder.gramPacked(kernel, x);
        PackedKernelMatrix copied = PackedKernelMatrix.copyOf(dense);
        int n = x.size();
        assertThat(packed.size()).isEqualTo(n);
        double[] row = new double[n];
        int[] cols = {n - 1, 0, n / 2, 3};
        double[] part = new double[cols.length];
        for (int i = 0; i < n; i++) {
            packed.row(i, row);
            packed.row(i, cols, cols.length, part);
            assertThat(packed.diagonal(i)).isEqualTo(dense.diagonal(i));
            for (int j = 0; j < n; j++) {
                assertThat(packed.get(i, j)).isEqualTo(dense.get(i, j));
                assertThat(copied.get(i, j)).isEqualTo(dense.get(i, j));
                assertThat(row[j]).isEqualTo(dense.get(i, j));
            }
            for (int c = 0; c < cols.length; c++) {
                assertThat(part[c]).isEqualTo(dense.get(i, cols[c]));
            }
        }
    }

    @Test
    void packedIndexFollowsTheRowLayout() {
        // n = 4: row 0 holds (0,0..3) at 0..3, row 1 holds (1,1..3) at 4..6, row 2 at 7..8, row 3 at 9
        assertThat(PackedKernelMatrix.index(4, 0, 0)).isZero();
        assertThat(PackedKernelMatrix.index(4, 0, 3)).isEqualTo(3);
        assertThat(PackedKernelMatrix.index(4, 1, 1)).isEqualTo(4);
        assertThat(PackedKernelMatrix.index(4, 2, 3)).isEqualTo(8);
        assertThat(PackedKernelMatrix.index(4, 3, 3)).isEqualTo(9);
        assertThat(PackedKernelMatrix.packedSize(4)).isEqualTo(10);
    }

    @Test
    void tooLargeOrMisshapenInputIsRejected() {
        assertThatThrownBy(() -> PackedKernelMatrix.packedSize(70_000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a packed 70000 x 70000 kernel matrix has 2450035000 entries");
        assertThatThrownBy(() -> PackedKernelMatrix.wrapPacked(3, new double[5]))
                .hasMessageContaining("expected 6 packed entries, found 5");
        PackedKernelMatrix k = PackedKernelMatrix.wrapPacked(2, new double[] {1, 2, 3});
        assertThat(k.get(1, 0)).isEqualTo(2);
        assertThatThrownBy(() -> k.get(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
