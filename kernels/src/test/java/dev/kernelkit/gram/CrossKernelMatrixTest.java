package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.LinearKernel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rectangular test x train matrix. */
class CrossKernelMatrixTest {

    @Test
    void linearCrossMatrixHoldsTheHandComputedInnerProducts() {
        List<Vec> test = List.of(DenseVec.of(1, 0), DenseVec.of(1, 2));
        List<Vec> train = List.of(DenseVec.of(3, 4), DenseVec.of(0, 1), DenseVec.of(-1, 1));
        CrossKernelMatrix k = CrossKernelMatrix.compute(new LinearKernel(), test, train);
        assertThat(k.rows()).isEqualTo(2);
        assertThat(k.cols()).isEqualTo(3);
        // (1,0).(3,4) = 3, (1,0).(0,1) = 0, (1,0).(-1,1) = -1; (1,2).(3,4) = 11, (1,2).(0,1) = 2, (1,2).(-1,1) = 1
        assertThat(k.toArray()).isDeepEqualTo(new double[][] {{3, 0, -1}, {11, 2, 1}});
        double[] row = new double[3];
        k.row(1, row);
        assertThat(row).containsExactly(11, 2, 1);
        assertThat(k.get(0, 2)).isEqualTo(-1);
    }

    @Test
    void wrapChecksTheShapeAndAccessChecksBounds() {
        assertThatThrownBy(() -> CrossKernelMatrix.wrapRowMajor(2, 3, new double[5]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected 2 x 3 = 6 entries, found 5");
        CrossKernelMatrix k = CrossKernelMatrix.wrapRowMajor(2, 3, new double[] {1, 2, 3, 4, 5, 6});
        assertThat(k.get(1, 0)).isEqualTo(4);
        assertThatThrownBy(() -> k.get(0, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> k.row(2, new double[3])).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
