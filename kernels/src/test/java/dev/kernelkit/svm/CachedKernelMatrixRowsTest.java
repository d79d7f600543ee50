package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import dev.kernelkit.testing.TestData;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** {@link CachedKernelMatrix} against {@link DenseKernelMatrix#compute} (plain kernel calls). */
class CachedKernelMatrixRowsTest {

    static List<Vec> densePoints(int n, int d, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] v = new double[d];
            for (int k = 0; k < d; k++) {
                v[k] = rnd.nextGaussian();
            }
            x.add(DenseVec.wrap(v));
        }
        return x;
    }

    static List<Vec> mixedPoints(int n, int d, long seed) {
        List<Vec> sparse = SmoSolverPropertiesTest.sparsePoints(n, d, seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x.add(i % 3 == 0 ? sparse.get(i).toDense() : sparse.get(i));
        }
        return x;
    }

    /** 0/1-valued points with about `ones` ones each (the bitset fast path), sparse or dense. */
    static List<Vec> binaryPoints(int n, int d, int ones, boolean dense, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int[] idx = rnd.ints(0, d).distinct().limit(1 + rnd.nextInt(ones)).sorted().toArray();
            double[] v = new double[idx.length];
            java.util.Arrays.fill(v, 1.0);
            SparseVec sv = new SparseVec(d, idx, v);
            x.add(dense ? sv.toDense() : sv);
        }
        return x;
    }

    /** Dense vectors with about {@code density} of their d entries non-zero (either sign), the rest exact zeros. */
    static List<Vec> mostlyZeroDensePoints(int n, int d, double density, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] v = new double[d];
            for (int k = 0; k < d; k++) {
                if (rnd.nextDouble() < density) {
                    v[k] = rnd.nextBoolean() ? rnd.nextGaussian() : 1.0;
                }
            }
            x.add(DenseVec.wrap(v));
        }
        return x;
    }

    static Stream<Arguments> matrices() {
        Kernel<Vec> poly = (a, b) -> Math.pow(1 + a.dot(b), 2);
        return Stream.of(
                Arguments.of("gaussian dense, n=2100 (parallel rows)", densePoints(2100, 7, 1), new GaussianKernel(0.3)),
                Arguments.of("gaussian sparse, n=2100 (parallel rows)", SmoSolverPropertiesTest.sparsePoints(2100, 40, 2),
                        new GaussianKernel(0.7)),
                Arguments.of("gaussian sparse+dense mix, n=300", mixedPoints(300, 15, 3), new GaussianKernel(1.1)),
                Arguments.of("gaussian sparse 0/1, d=123 (2 words), n=2100", binaryPoints(2100, 123, 14, false, 5),
                        new GaussianKernel(0.05)),
                Arguments.of("gaussian dense 0/1, d=200 (4 words), n=400", binaryPoints(400, 200, 30, true, 6),
                        new GaussianKernel(0.3)),
                Arguments.of("gaussian dense, 12% non-zero, d=119 (lane-sparse path), n=2100",
                        mostlyZeroDensePoints(2100, 119, 0.12, 7), new GaussianKernel(0.3)),
                Arguments.of("generic polynomial, n=2100", densePoints(2100, 3, 4), poly));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void rowsPartialRowsEntriesAndDiagonalEqualTheDenseMatrix(String name, List<Vec> x, Kernel<Vec> kernel) {
        int n = x.size();
        DenseKernelMatrix dense = DenseKernelMatrix.compute(kernel, x);
        for (double cacheMb : new double[] {0.0, 0.05}) { // 0.05 MB holds ~3 rows of 2100: evictions
            CachedKernelMatrix lazy = CachedKernelMatrix.of(x, kernel, cacheMb);
            assertThat(lazy.size()).isEqualTo(n);
            SplittableRandom rnd = new SplittableRandom(9);
            double[] out = new double[n];
            double[] ref = new double[n];
            for (int t = 0; t < 12; t++) {
                int i = rnd.nextInt(n);
                lazy.row(i, out);
                dense.row(i, ref);
                assertThat(out).as("row " + i).containsExactly(ref, org.assertj.core.data.Offset.offset(1e-12));
                int[] cols = rnd.ints(0, n).limit(rnd.nextInt(1, n)).toArray();
                double[] part = new double[cols.length];
                double[] partRef = new double[cols.length];
                int i2 = rnd.nextInt(n);
                lazy.row(i2, cols, cols.length, part);
                dense.row(i2, cols, cols.length, partRef);
                assertThat(part).containsExactly(partRef, org.assertj.core.data.Offset.offset(1e-12));
                int j = rnd.nextInt(n);
                assertThat(lazy.get(i, j)).isCloseTo(dense.get(i, j), org.assertj.core.data.Offset.offset(1e-12));
                assertThat(lazy.diagonal(j)).isCloseTo(dense.diagonal(j), org.assertj.core.data.Offset.offset(1e-12));
            }
            if (cacheMb == 0.0) {
                assertThat(lazy.cachedRows()).isZero();
            } else {
                // the budget over 8 n + 64 bytes per row: 0.05 * 2^20 / (8 * 2100 + 64) = 3.1 -> 3 rows
                long maxRows = (long) (cacheMb * (1 << 20)) / (8L * n + 64);
                assertThat(lazy.cachedRows()).isBetween(1, (int) maxRows);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void singleThreadedRowsEqualParallelRows(String name, List<Vec> x, Kernel<Vec> kernel) {
        CachedKernelMatrix one = CachedKernelMatrix.of(x, kernel, 0, 1);
        CachedKernelMatrix two = CachedKernelMatrix.of(x, kernel, 0, 2);
        double[] a = new double[x.size()];
        double[] b = new double[x.size()];
        for (int i = 0; i < x.size(); i += 97) {
            one.row(i, a);
            two.row(i, b);
            assertThat(b).containsExactly(a, org.assertj.core.data.Offset.offset(0.0));
        }
    }

    @Test
    void binaryPopcountPathIsUsedOnlyWhenAllowedAndGivesTheGeneralPathsEntries() {
        List<Vec> x = binaryPoints(300, 123, 14, false, 11);
        GaussianKernel k = new GaussianKernel(0.05);
        CachedKernelMatrix auto = CachedKernelMatrix.of(x, k, 0, 1, CachedKernelMatrix.FastPath.AUTO);
        CachedKernelMatrix general = CachedKernelMatrix.of(x, k, 0, 1, CachedKernelMatrix.FastPath.GENERAL);
        assertThat(auto.usesBinaryPath()).isTrue();
        assertThat(general.usesBinaryPath()).isFalse();
        double[] a = new double[x.size()];
        double[] b = new double[x.size()];
        for (int i = 0; i < x.size(); i += 13) {
            auto.row(i, a);
            general.row(i, b);
            assertThat(a).containsExactly(b, org.assertj.core.data.Offset.offset(0.0));
        }
        List<Vec> notBinary = TestData.randomSparse(50, 30, 0.3, 12);
        assertThat(CachedKernelMatrix.of(notBinary, k, 0, 1, CachedKernelMatrix.FastPath.AUTO).usesBinaryPath()).isFalse();
    }

    @ParameterizedTest(name = "d = {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 3, 4, 7, 64, 119, 130})
    void laneSparsePathGivesTheKernelsEntriesBitForBit(int d) {
        // mostly-zero dense points: the non-zeros grouped by the dense loop's lanes must add up in the
        // same order as DenseVec.dot (four partial sums, the tail on the first), so every entry equals
        // kernel.apply exactly; d covers no main loop, an exact multiple of 4 and tails of 1-3
        List<Vec> x = mostlyZeroDensePoints(300, d, d < 8 ? 0.2 : 0.1, 20 + d);
        GaussianKernel k = new GaussianKernel(0.4);
        CachedKernelMatrix lazy = CachedKernelMatrix.of(x, k, 0, 1);
        assertThat(lazy.usesLaneSparsePath()).isTrue();
        double[] out = new double[x.size()];
        for (int i = 0; i < x.size(); i += 7) {
            lazy.row(i, out);
            for (int j = 0; j < x.size(); j++) {
                assertThat(out[j]).as("K(%d, %d)", i, j).isEqualTo(k.apply(x.get(i), x.get(j)));
            }
        }
        for (int j = 0; j < x.size(); j++) {
            assertThat(lazy.diagonal(j)).as("K(%d, %d)", j, j).isEqualTo(k.apply(x.get(j), x.get(j)));
        }
    }

    @Test
    void densePathDiagonalIsTheKernelsValueBitForBit() {
        // k(x, x) of a Gaussian is 1 only up to rounding: ||x||^2 is summed in one order, x'x in four lanes
        List<Vec> x = densePoints(500, 23, 31);
        GaussianKernel k = new GaussianKernel(2.5);
        CachedKernelMatrix lazy = CachedKernelMatrix.of(x, k, 0, 1);
        assertThat(lazy.usesLaneSparsePath()).isFalse();
        for (int j = 0; j < x.size(); j++) {
            assertThat(lazy.diagonal(j)).as("K(%d, %d)", j, j).isEqualTo(k.apply(x.get(j), x.get(j)));
        }
    }

    @Test
    void laneSparsePathIsUsedOnlyForMostlyZeroFiniteDenseData() {
        GaussianKernel k = new GaussianKernel(0.4);
        assertThat(CachedKernelMatrix.of(mostlyZeroDensePoints(200, 50, 0.1, 1), k, 0).usesLaneSparsePath()).isTrue();
        assertThat(CachedKernelMatrix.of(mostlyZeroDensePoints(200, 50, 0.6, 1), k, 0).usesLaneSparsePath()).isFalse();
        assertThat(CachedKernelMatrix.of(densePoints(200, 50, 1), k, 0).usesLaneSparsePath()).isFalse();
        assertThat(CachedKernelMatrix.of(SmoSolverPropertiesTest.sparsePoints(200, 40, 2), k, 0).usesLaneSparsePath())
                .isFalse();
    }

    @Test
    void laneSparseChoiceIsExactAtAQuarterAndEntriesStayExactWhenTheFirstPointsUnderestimateTheNonZeros() {
        // 1,200 points of dimension 10 (12,000 entries, a quarter is 3,000): the first 600 all zero, the
        // rest with 5 non-zeros each (3,000 in all: lane-sparse) or one more in one point (not); the
        // first points predict no non-zeros at all, so the copy must grow while it is built
        GaussianKernel k = new GaussianKernel(0.3);
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int extra = 0; extra <= 1; extra++) {
            List<Vec> x = new java.util.ArrayList<>();
            for (int i = 0; i < 1200; i++) {
                double[] v = new double[10];
                if (i >= 600) {
                    for (int t = 0; t < 5; t++) { // five distinct positions
                        v[(i + 2 * t) % 10] = r.nextDouble(0.5, 3) * (t % 2 == 0 ? 1 : -1);
                    }
                    if (i == 1100 && extra == 1) {
                        v[(i + 1) % 10] = 0.25;
                    }
                }
                x.add(DenseVec.of(v));
            }
            CachedKernelMatrix m = CachedKernelMatrix.of(x, k, 0, 1);
            assertThat(m.usesLaneSparsePath()).as("extra %d", extra).isEqualTo(extra == 0);
            double[] out = new double[x.size()];
            for (int i = 0; i < x.size(); i += 37) {
                m.row(i, out);
                for (int j = 0; j < x.size(); j++) {
                    assertThat(out[j]).as("K(%d, %d)", i, j).isEqualTo(k.apply(x.get(i), x.get(j)));
                }
            }
            for (int j = 0; j < x.size(); j++) {
                assertThat(m.diagonal(j)).as("K(%d, %d)", j, j).isEqualTo(k.apply(x.get(j), x.get(j)));
            }
        }
    }

    @Test
    void gaussianEntriesMatchAHandComputedValue() {
        // x = (1, 0, 2) sparse, z = (0, 3, 2) dense: ||x - z||^2 = 1 + 9 + 0 = 10, gamma = 0.1 -> e^-1
        List<Vec> x = List.of(new SparseVec(3, new int[] {0, 2}, new double[] {1, 2}), DenseVec.of(0, 3, 2));
        CachedKernelMatrix k = CachedKernelMatrix.of(x, new GaussianKernel(0.1), 1);
        assertThat(k.get(0, 1)).isCloseTo(Math.exp(-1), org.assertj.core.data.Offset.offset(1e-15));
        assertThat(k.get(1, 0)).isCloseTo(Math.exp(-1), org.assertj.core.data.Offset.offset(1e-15));
        assertThat(k.diagonal(0)).isEqualTo(1.0);
    }

    @Test
    void invalidArgumentsAreRejected() {
        List<Vec> x = List.of(DenseVec.of(1), DenseVec.of(2));
        assertThatThrownBy(() -> CachedKernelMatrix.of(x, new GaussianKernel(1), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("cacheMb must be >= 0 and finite, got -1.0");
        assertThatThrownBy(() -> CachedKernelMatrix.of(x, new GaussianKernel(1), 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("parallelism must be >= 1, got 0");
        assertThatThrownBy(() -> CachedKernelMatrix.of(List.of(DenseVec.of(1), DenseVec.of(1, 2)),
                new GaussianKernel(1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("point 1 has dimension 2, expected 1");
    }
}
