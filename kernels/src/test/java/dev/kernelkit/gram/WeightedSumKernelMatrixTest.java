package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.WeightedSumKernel;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The weighted sum of Gram matrices against the Gram matrix of the weighted-sum kernel. */
class WeightedSumKernelMatrixTest {
    private final List<Vec> x = GramBuilderTest.points(9, 57, 5, 0.8, false);
    private final List<Kernel<Vec>> kernels = List.of(new GaussianKernel(0.5), new LinearKernel(), new LaplacianKernel(1.0));
    private final List<KernelMatrix> grams = List.of(DenseKernelMatrix.compute(kernels.get(0), x),
            DenseKernelMatrix.compute(kernels.get(1), x), DenseKernelMatrix.compute(kernels.get(2), x));

    @Test
    void entriesRowsAndDiagonalMatchTheWeightedSumKernel() {
        double[] mu = {0.2, 0.0, 1.3};
        WeightedSumKernelMatrix k = new WeightedSumKernelMatrix(grams, mu);
        DenseKernelMatrix direct = DenseKernelMatrix.compute(new WeightedSumKernel<>(kernels, List.of(0.2, 0.0, 1.3)), x);
        int n = x.size();
        double[] row = new double[n];
        int[] cols = {5, 0, 56, 17};
        double[] part = new double[cols.length];
        for (int i = 0; i < n; i++) {
            k.row(i, row);
            k.row(i, cols, cols.length, part);
            assertThat(k.diagonal(i)).isCloseTo(direct.diagonal(i), within(1e-14));
            for (int j = 0; j < n; j++) {
                assertThat(k.get(i, j)).isCloseTo(direct.get(i, j), within(1e-14));
                assertThat(row[j]).isEqualTo(k.get(i, j));
            }
            for (int c = 0; c < cols.length; c++) {
                assertThat(part[c]).isEqualTo(k.get(i, cols[c]));
            }
        }
    }

    @Test
    void withWeightsKeepsTheMatricesAndValidates() {
        WeightedSumKernelMatrix k = new WeightedSumKernelMatrix(grams, new double[] {1, 1, 1}).withWeights(new double[] {0, 2, 0});
        assertThat(k.count()).isEqualTo(3);
        assertThat(k.weights()).containsExactly(0, 2, 0);
        // only the linear kernel, doubled: 2 <x_3, x_4>
        assertThat(k.get(3, 4)).isCloseTo(2 * x.get(3).dot(x.get(4)), within(1e-14));
        assertThatThrownBy(() -> k.withWeights(new double[] {0, -1, 0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weight 1 must be >= 0 and finite, got -1.0");
    }

    @Test
    void badConstructionIsRejected() {
        assertThatThrownBy(() -> new WeightedSumKernelMatrix(List.of(), new double[0]))
                .hasMessageContaining("matrices must not be empty");
        assertThatThrownBy(() -> new WeightedSumKernelMatrix(grams, new double[] {1, 2}))
                .hasMessageContaining("expected one weight per matrix: 3 matrices, found 2 weights");
        KernelMatrix small = DenseKernelMatrix.compute(new LinearKernel(), x.subList(0, 3));
        assertThatThrownBy(() -> new WeightedSumKernelMatrix(List.of(grams.get(0), small), new double[] {1, 1}))
                .hasMessageContaining("matrix 1 has size 3, expected 57");
        assertThatThrownBy(() -> new WeightedSumKernelMatrix(grams, new double[] {1, Double.NaN, 1}))
                .hasMessageContaining("weight 1 must be >= 0 and finite, got NaN");
    }

    @Test
    void concurrentRowReadsDoNotShareABuffer() throws Exception {
        WeightedSumKernelMatrix k = new WeightedSumKernelMatrix(grams, new double[] {0.5, 0.25, 2});
        int n = x.size();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    double[] row = new double[n];
                    for (int rep = 0; rep < 200; rep++) {
                        for (int i = 0; i < n; i++) {
                            k.row(i, row);
                            for (int j = 0; j < n; j++) {
                                if (row[j] != k.get(i, j)) {
                                    return false;
                                }
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdown();
        }
    }
}
