package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link KernelRowPaths} names, after a mark, exactly the paths of the matrices that computed a row since, as their
 * {@link CachedKernelMatrix#kernelPath()} says: dense vectors, sparse points, densely stored sparse points and a
 * kernel that is not Gaussian; a matrix that computed nothing is not named.
 */
class KernelRowPathsTest {

    /** n points of d coordinates stored sparsely with every coordinate present (the dense copy's rule). */
    private static List<Vec> storedDensely(int n, int d, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int[] idx = new int[d];
            double[] val = new double[d];
            for (int q = 0; q < d; q++) {
                idx[q] = q;
                val[q] = 0.5 + rnd.nextDouble();
            }
            x.add(new SparseVec(d, idx, val));
        }
        return x;
    }

    @Test
    void sinceAMarkNamesThePathsOfTheMatricesThatComputedRowsInTheirOrder() {
        GaussianKernel k = new GaussianKernel(0.3);
        CachedKernelMatrix denseVectors = CachedKernelMatrix.of(TestData.randomDense(50, 6, 1), k, 0);
        CachedKernelMatrix sparse = CachedKernelMatrix.of(TestData.randomSparse(50, 300, 0.02, 2), k, 0);
        CachedKernelMatrix stored = CachedKernelMatrix.of(storedDensely(50, 6, 3), k, 0);
        CachedKernelMatrix linear = CachedKernelMatrix.of(TestData.randomDense(50, 6, 4), new LinearKernel(), 0);
        assertThat(denseVectors.kernelPath()).isEqualTo("dense-vectors");
        assertThat(sparse.kernelPath()).isEqualTo("general");
        assertThat(stored.kernelPath()).isEqualTo("dense");
        assertThat(linear.kernelPath()).isEqualTo("general");

        long mark = KernelRowPaths.mark();
        double[] row = new double[50];
        assertThat(KernelRowPaths.since(mark)).isEmpty();
        stored.row(3, row);
        denseVectors.row(0, new int[] {1, 2}, 2, row);
        assertThat(KernelRowPaths.since(mark)).containsExactly("dense", "dense-vectors");
        long second = KernelRowPaths.mark();
        sparse.row(1, row);
        linear.row(2, row);
        assertThat(KernelRowPaths.since(second)).containsExactly("general");
        assertThat(KernelRowPaths.since(mark)).containsExactly("dense", "dense-vectors", "general");
    }
}
