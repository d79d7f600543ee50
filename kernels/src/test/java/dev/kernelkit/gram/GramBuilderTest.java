package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.ExponentialChiSquareKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.LinearKernel;
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

/** The blocked, multi-threaded builder against the plain double loops of DenseKernelMatrix / CrossKernelMatrix. */
class GramBuilderTest {

    /** n points of dimension d in [-1, 1], a fraction of exact zeros; sparse or dense rows. */
    static List<Vec> points(long seed, int n, int d, double density, boolean sparse) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] row = new double[d];
            for (int j = 0; j < d; j++) {
                if (r.nextDouble() < density) {
                    row[j] = 2 * r.nextDouble() - 1;
                }
            }
            if (sparse) {
                int[] idx = new int[d];
                for (int j = 0; j < d; j++) {
                    idx[j] = j;
                }
                out.add(new SparseVec(d, idx, row));
            } else {
                out.add(DenseVec.of(row));
            }
        }
        return out;
    }

    static void assertClose(double[][] actual, double[][] expected) {
        assertThat(actual.length).isEqualTo(expected.length);
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i].length).isEqualTo(expected[i].length);
            for (int j = 0; j < expected[i].length; j++) {
                double e = expected[i][j];
                worst = Math.max(worst, Math.abs(actual[i][j] - e) / Math.max(1.0, Math.abs(e)));
            }
        }
        assertThat(worst).as("largest relative difference").isLessThanOrEqualTo(1e-12);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        Kernel<Vec> gaussian = new GaussianKernel(0.05);
        Kernel<Vec> poly = new PolynomialKernel(3, 0.1, 1.0);
        Kernel<Vec> linear = new LinearKernel();
        // name, kernel, n, d, density, sparse
        out.add(Arguments.of("gaussian dense, n not a multiple of the block", gaussian, 150, 37, 1.0, false));
        out.add(Arguments.of("gaussian dense, d over one depth chunk", gaussian, 97, 300, 1.0, false));
        out.add(Arguments.of("gaussian sparse rows, densified", gaussian, 130, 40, 0.3, true));
        out.add(Arguments.of("gaussian sparse wide rows, sparse path", gaussian, 70, 1500, 0.01, true));
        out.add(Arguments.of("linear dense", linear, 129, 21, 1.0, false));
        out.add(Arguments.of("linear sparse wide", linear, 66, 1300, 0.02, true));
        out.add(Arguments.of("polynomial dense", poly, 65, 12, 1.0, false));
        out.add(Arguments.of("polynomial sparse", poly, 80, 9, 0.5, true));
        out.add(Arguments.of("laplacian (generic path)", new LaplacianKernel(0.3), 100, 6, 0.7, true));
        out.add(Arguments.of("single point", gaussian, 1, 5, 1.0, false));
        out.add(Arguments.of("two points, odd d", gaussian, 2, 3, 1.0, false));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void gramMatchesThePlainLoopOnOneAndThreeThreads(String name, Kernel<Vec> kernel, int n, int d, double density,
            boolean sparse) {
        List<Vec> x = points(n * 31L + d, n, d, density, sparse);
        double[][] expected = DenseKernelMatrix.compute(kernel, x).toArray();
        for (int threads : new int[] {1, 3}) {
            DenseKernelMatrix k = new GramBuilder(threads).gram(kernel, x);
            assertThat(k.size()).isEqualTo(n);
            assertClose(k.toArray(), expected);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    assertThat(k.get(i, j)).as("exact symmetry").isEqualTo(k.get(j, i));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void crossMatchesThePlainLoop(String name, Kernel<Vec> kernel, int n, int d, double density, boolean sparse) {
        List<Vec> train = points(n * 7L + d, n, d, density, sparse);
        List<Vec> test = points(n * 13L + d, n / 2 + 3, d, density, !sparse);
        double[][] expected = CrossKernelMatrix.compute(kernel, test, train).toArray();
        for (int threads : new int[] {1, 2}) {
            CrossKernelMatrix k = new GramBuilder(threads).cross(kernel, test, train);
            assertThat(k.rows()).isEqualTo(test.size());
            assertThat(k.cols()).isEqualTo(n);
            assertClose(k.toArray(), expected);
        }
    }

    /**
     * The naive double loop, written out here independently of the kernel classes: exp(-gamma sum_k
     * (x_ik - x_jk)^2) with Math.exp for the Gaussian, sum_k x_ik x_jk for the linear kernel.
     */
    static double[][] naiveLoop(List<Vec> a, List<Vec> b, double gamma) {
        double[][] k = new double[a.size()][b.size()];
        for (int i = 0; i < a.size(); i++) {
            double[] x = a.get(i).toDense().toArray();
            for (int j = 0; j < b.size(); j++) {
                double[] y = b.get(j).toDense().toArray();
                double s = 0;
                for (int f = 0; f < x.length; f++) {
                    s += gamma > 0 ? (x[f] - y[f]) * (x[f] - y[f]) : x[f] * y[f];
                }
                k[i][j] = gamma > 0 ? Math.exp(-gamma * s) : s;
            }
        }
        return k;
    }

    /**
     * The fast (blocked, vectorised, table-exp) path against the naive double loop on random dense and
     * sparse points: Gaussian entries within 1e-12 relative to the entry itself, inner products within
     * 1e-12 of ||x_i|| ||x_j|| (their relative error is unbounded where they cancel to about 0).
     */
    @ParameterizedTest(name = "n {0}, d {1}, density {2}, sparse {3}")
    @org.junit.jupiter.params.provider.CsvSource({
            "150, 37, 1.0, false", "97, 166, 1.0, false", "200, 301, 1.0, false", "130, 40, 0.3, true",
            "70, 1500, 0.01, true", "65, 2, 1.0, false", "1, 5, 1.0, false", "600, 20, 1.0, false",
            "520, 9, 0.4, true"})
    void fastPathEqualsTheNaiveDoubleLoopWithin1e12Relative(int n, int d, double density, boolean sparse) {
        List<Vec> x = points(n * 101L + d, n, d, density, sparse);
        List<Vec> t = points(n * 103L + d, n / 3 + 2, d, density, !sparse);
        double gamma = 0.05;
        double[][] gaussX = naiveLoop(x, x, gamma), linX = naiveLoop(x, x, 0), gaussT = naiveLoop(t, x, gamma),
                linT = naiveLoop(t, x, 0);
        for (int threads : new int[] {1, 2}) {
            GramBuilder b = new GramBuilder(threads);
            assertRelative(b.gram(new GaussianKernel(gamma), x).toArray(), gaussX, null, null);
            assertRelative(dense(b.gramPacked(new GaussianKernel(gamma), x)), gaussX, null, null);
            assertRelative(b.cross(new GaussianKernel(gamma), t, x).toArray(), gaussT, null, null);
            assertRelative(b.gram(new LinearKernel(), x).toArray(), linX, x, x);
            assertRelative(b.cross(new LinearKernel(), t, x).toArray(), linT, t, x);
        }
    }

    static double[][] dense(KernelMatrix k) {
        double[][] out = new double[k.size()][k.size()];
        for (int i = 0; i < k.size(); i++) {
            for (int j = 0; j < k.size(); j++) {
                out[i][j] = k.get(i, j);
            }
        }
        return out;
    }

    /** |actual - expected| &le; 1e-12 |expected|, or &le; 1e-12 ||a_i|| ||b_j|| when a and b are given. */
    static void assertRelative(double[][] actual, double[][] expected, List<Vec> a, List<Vec> b) {
        assertThat(actual.length).isEqualTo(expected.length);
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            for (int j = 0; j < expected[i].length; j++) {
                double scale = a == null ? Math.abs(expected[i][j])
                        : Math.sqrt(a.get(i).squaredNorm() * b.get(j).squaredNorm());
                double diff = Math.abs(actual[i][j] - expected[i][j]);
                if (diff > 0) {
                    worst = Math.max(worst, diff / scale);
                }
            }
        }
        assertThat(worst).as("largest relative difference from the naive loop").isLessThanOrEqualTo(1e-12);
    }

    @Test
    void dotTileEqualsTheIndexOrderSumsBitForBitWithPlainAndFusedMultiplyAdds() {
        // rows 64..69 of a 300-point panel set (padded to 8 rows) against columns 8..(300 - 256) of the
        // second panel of another set; d = 601 is odd, so the two-features-per-pass loop ends with a
        // single-feature pass
        int d = 601, rowsFrom = GramBuilder.BLOCK;
        List<Vec> rows = points(17, 300, d, 1.0, false), cols = points(18, 300, d, 0.8, true);
        double[][][] a = GramBuilder.panels(rows, d), b = GramBuilder.panels(cols, d);
        assertThat(a.length).isEqualTo(2);
        int from = 8, to = 300 - GramBuilder.PANEL;
        for (boolean fused : new boolean[] {false, true}) {
            double[][] t = new double[GramBuilder.BLOCK][GramBuilder.PANEL];
            GramBuilder.dotTile(a[0], rowsFrom, 8, b[1], from, to, d, t, fused);
            for (int i = 0; i < 6; i++) {
                double[] x = rows.get(rowsFrom + i).toDense().toArray();
                for (int j = from; j < to; j++) {
                    double[] y = cols.get(GramBuilder.PANEL + j).toDense().toArray();
                    double s = 0;
                    for (int k = 0; k < d; k++) {
                        s = fused ? Math.fma(x[k], y[k], s) : s + x[k] * y[k];
                    }
                    assertThat(t[i][j]).as("fused %s (%d, %d)", fused, i, j).isEqualTo(s);
                }
            }
            double[] sq = GramBuilder.squaredNorms(a, 300, d, fused);
            double[][] self = new double[GramBuilder.BLOCK][GramBuilder.PANEL];
            GramBuilder.dotTile(a[0], rowsFrom, 8, a[0], rowsFrom, rowsFrom + 8, d, self, fused);
            for (int i = 0; i < 6; i++) {
                assertThat(self[i][rowsFrom + i]).as("<x, x> in a tile is bit-identical to ||x||^2")
                        .isEqualTo(sq[rowsFrom + i]);
            }
        }
    }

    @Test
    void gaussianDiagonalIsExactlyOne() {
        List<Vec> x = points(3, 200, 166, 1.0, false);
        DenseKernelMatrix k = new GramBuilder(2).gram(new GaussianKernel(0.5), x);
        for (int i = 0; i < x.size(); i++) {
            assertThat(k.diagonal(i)).isEqualTo(1.0);
        }
    }

    @Test
    void gaussianEntryMatchesAHandComputedValue() {
        // x0 = (1, 2), x1 = (3, 0): ||x0 - x1||^2 = 4 + 4 = 8, gamma = 0.25 -> exp(-2)
        List<Vec> x = List.of(DenseVec.of(1, 2), DenseVec.of(3, 0));
        DenseKernelMatrix k = new GramBuilder(1).gram(new GaussianKernel(0.25), x);
        assertThat(k.get(0, 1)).isEqualTo(Math.exp(-2.0));
        assertThat(k.get(1, 0)).isEqualTo(Math.exp(-2.0));
    }

    @Test
    void genericPathBuildsBagGramMatrices() {
        SplittableRandom r = new SplittableRandom(5);
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            bags.add(new Bag("b" + i, points(r.nextLong(), 1 + r.nextInt(3), 4, 1.0, false)));
        }
        Kernel<Bag> k = new SetKernel(new GaussianKernel(1.0));
        assertClose(new GramBuilder(3).gramGeneric(k, bags).toArray(), DenseKernelMatrix.compute(k, bags).toArray());
        List<Bag> test = bags.subList(0, 9);
        assertClose(new GramBuilder(2).crossGeneric(k, test, bags).toArray(),
                CrossKernelMatrix.compute(k, test, bags).toArray());
    }

    @Test
    void emptyInputGivesEmptyMatrices() {
        assertThat(new GramBuilder(2).gram(new GaussianKernel(1), List.of()).size()).isZero();
        CrossKernelMatrix c = new GramBuilder(2).cross(new GaussianKernel(1), List.of(), points(1, 3, 2, 1, false));
        assertThat(c.rows()).isZero();
        assertThat(c.cols()).isEqualTo(3);
    }

    @Test
    void aKernelErrorInAWorkerThreadReachesTheCaller() {
        List<Vec> x = points(4, 200, 3, 1.0, false); // entries in [-1, 1]: the chi-square kernel refuses them
        for (int threads : new int[] {1, 2}) {
            assertThatThrownBy(() -> new GramBuilder(threads).gram(new ExponentialChiSquareKernel(1.0), x))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("chi-square kernels need non-negative features");
        }
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> new GramBuilder(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("threads must be >= 1, got 0");
        List<Vec> mixed = List.of(DenseVec.of(1, 2), DenseVec.of(1, 2, 3));
        assertThatThrownBy(() -> new GramBuilder(1).gram(new GaussianKernel(1), mixed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("point 1 has dimension 3, expected 2");
        assertThatThrownBy(() -> new GramBuilder(1).cross(new LinearKernel(), List.of(DenseVec.of(1)), mixed.subList(0, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("test point 0 has dimension 1, expected 2");
    }
}
