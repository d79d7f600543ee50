package dev.kernelkit.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.junit.jupiter.api.Test;

class GlobalAlignmentKernelTest {

    /** Σ over all monotone alignment paths of the product of local kernels, by explicit enumeration. */
    private static double bruteForce(double[][] x, double[][] y, double sigma, int tri) {
        return paths(x, y, sigma, tri, 0, 0);
    }

    private static double local(double[][] x, double[][] y, double sigma, int tri, int i, int j) {
        double sq = 0;
        for (int c = 0; c < x[i].length; c++) {
            sq += (x[i][c] - y[j][c]) * (x[i][c] - y[j][c]);
        }
        double w = tri == 0 ? 1.0 : Math.max(0.0, 1.0 - Math.abs(i - j) / (double) tri);
        double k = w * Math.exp(-sq / (2 * sigma * sigma));
        return k / (2 - k);
    }

    /** Sum over the paths that start at (i, j) (already on the path) and end at the last cell. */
    private static double paths(double[][] x, double[][] y, double sigma, int tri, int i, int j) {
        double here = local(x, y, sigma, tri, i, j);
        if (i == x.length - 1 && j == y.length - 1) {
            return here;
        }
        double rest = 0;
        if (i + 1 < x.length) {
            rest += paths(x, y, sigma, tri, i + 1, j);
        }
        if (j + 1 < y.length) {
            rest += paths(x, y, sigma, tri, i, j + 1);
        }
        if (i + 1 < x.length && j + 1 < y.length) {
            rest += paths(x, y, sigma, tri, i + 1, j + 1);
        }
        return here * rest;
    }

    private static double[][] randomSeries(SplittableRandom r, int len, int dim) {
        double[][] s = new double[len][dim];
        for (int t = 0; t < len; t++) {
            for (int c = 0; c < dim; c++) {
                s[t][c] = r.nextGaussian();
            }
        }
        return s;
    }

    private static Vec flat(double[][] s) {
        double[] v = new double[s.length * s[0].length];
        for (int t = 0; t < s.length; t++) {
            System.arraycopy(s[t], 0, v, t * s[0].length, s[0].length);
        }
        return DenseVec.wrap(v);
    }

    @Test
    void dynamicProgrammeEqualsTheSumOverAllAlignmentPaths() {
        SplittableRandom r = new SplittableRandom(5);
        for (int trial = 0; trial < 20; trial++) {
            int dim = 1 + trial % 2;
            double[][] x = randomSeries(r, 2 + r.nextInt(4), dim);
            double[][] y = randomSeries(r, 2 + r.nextInt(4), dim);
            double sigma = 0.5 + r.nextDouble();
            int tri = trial % 3 == 0 ? 0 : 4 + trial % 3;  // 0 (no band), 5 or 6 (wider than any gap that can occur)
            GlobalAlignmentKernel k = new GlobalAlignmentKernel(sigma, tri, dim);
            double expected = bruteForce(x, y, sigma, tri);
            assertThat(Math.exp(k.logValue(flat(x), flat(y)))).isCloseTo(expected, within(1e-12 * expected));
        }
    }

    @Test
    void bandWeightsMatchTheBruteForceWhenTheBandCutsPaths() {
        SplittableRandom r = new SplittableRandom(8);
        double[][] x = randomSeries(r, 5, 1);
        double[][] y = randomSeries(r, 4, 1);
        GlobalAlignmentKernel k = new GlobalAlignmentKernel(0.9, 2, 1);
        // T = 2: only |i - j| <= 1 cells have weight > 0 (w = 1 on the diagonal, 1/2 next to it).
        double expected = bruteForce(x, y, 0.9, 2);
        assertThat(expected).isPositive();
        assertThat(Math.exp(k.logValue(flat(x), flat(y)))).isCloseTo(expected, within(1e-12 * expected));
    }

    @Test
    void oneFrameEachIsTheLocalKernelByHand() {
        // x = (0), y = (1), σ = 1: e^{-1/2} = 0.6065306597, κ = 0.6065306597 / (2 - 0.6065306597) = 0.4352707...
        GlobalAlignmentKernel k = new GlobalAlignmentKernel(1.0, 0, 1);
        double e = Math.exp(-0.5);
        assertThat(Math.exp(k.logValue(DenseVec.of(0.0), DenseVec.of(1.0)))).isCloseTo(e / (2 - e), within(1e-15));
        // Normalised: G(x,x) = G(y,y) = 1/(2-1) = 1, so k = κ.
        assertThat(k.apply(DenseVec.of(0.0), DenseVec.of(1.0))).isCloseTo(0.43527, within(1e-5));
    }

    @Test
    void normalisedKernelIsSymmetricWithUnitDiagonal() {
        SplittableRandom r = new SplittableRandom(2);
        GlobalAlignmentKernel k = new GlobalAlignmentKernel(1.3, 0, 2);
        for (int trial = 0; trial < 10; trial++) {
            Vec x = flat(randomSeries(r, 5 + r.nextInt(20), 2));
            Vec y = flat(randomSeries(r, 5 + r.nextInt(20), 2));
            assertThat(k.apply(x, y)).isCloseTo(k.apply(y, x), within(1e-12));
            assertThat(k.apply(x, x)).isCloseTo(1.0, within(1e-12));
            assertThat(k.apply(x, y)).isBetween(0.0, 1.0);
        }
    }

    @Test
    void gramMatrixOnRandomSeriesIsPositiveSemiDefinite() {
        SplittableRandom r = new SplittableRandom(4);
        for (GlobalAlignmentKernel k : new GlobalAlignmentKernel[] {new GlobalAlignmentKernel(0.7, 0, 1),
                new GlobalAlignmentKernel(2.0, 10, 1), new GlobalAlignmentKernel(1.0, 0, 3)}) {
            List<Vec> s = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                s.add(flat(randomSeries(r, 15 + r.nextInt(5), k.dim())));
            }
            double[][] g = new double[s.size()][s.size()];
            for (int i = 0; i < g.length; i++) {
                for (int j = 0; j < g.length; j++) {
                    g[i][j] = k.apply(s.get(i), s.get(j));
                }
            }
            double[] ev = new EigenDecomposition(new Array2DRowRealMatrix(g)).getRealEigenvalues();
            for (double e : ev) {
                assertThat(e).as(k.toString()).isGreaterThan(-1e-10);
            }
        }
    }

    @Test
    void longSeriesDoNotUnderflow() {
        SplittableRandom r = new SplittableRandom(6);
        GlobalAlignmentKernel k = new GlobalAlignmentKernel(0.3, 0, 1);
        Vec x = flat(randomSeries(r, 400, 1));
        Vec y = flat(randomSeries(r, 380, 1));
        double v = k.apply(x, y);
        assertThat(Double.isFinite(k.logValue(x, y))).isTrue();
        assertThat(v).isBetween(0.0, 1.0);
        assertThat(k.apply(x, x)).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void lengthsDifferingByTheBandOrMoreGiveZero() {
        GlobalAlignmentKernel k = new GlobalAlignmentKernel(1.0, 2, 1);
        Vec x = DenseVec.of(0, 0, 0, 0);
        Vec y = DenseVec.of(0, 0);
        assertThat(k.logValue(x, y)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(k.apply(x, y)).isZero();
    }

    @Test
    void defaultsUseTheMedianFrameDistanceTimesRootLength() {
        // Two series of length 4 whose frames differ by exactly 2 between the series in every pair
        // (x = 0, y = 2 everywhere): median distance 2, median length 4, σ = 2·√4 = 4.
        List<Vec> s = List.of(DenseVec.of(0, 0, 0, 0), DenseVec.of(2, 2, 2, 2));
        GlobalAlignmentKernel k = GlobalAlignmentKernel.withDefaults(s, 1, 1);
        assertThat(k.sigma()).isCloseTo(4.0, within(1e-12));
        assertThat(k.triangular()).isZero();
    }

    @Test
    void badParametersAndShapesAreRejectedWithTheirValue() {
        assertThatThrownBy(() -> new GlobalAlignmentKernel(0, 0, 1)).hasMessageContaining("sigma must be > 0");
        assertThatThrownBy(() -> new GlobalAlignmentKernel(1, -1, 1)).hasMessageContaining("triangular must be >= 0, got -1");
        assertThatThrownBy(() -> new GlobalAlignmentKernel(1, 0, 0)).hasMessageContaining("dim must be >= 1, got 0");
        GlobalAlignmentKernel k = new GlobalAlignmentKernel(1, 0, 2);
        assertThatThrownBy(() -> k.apply(DenseVec.of(1, 2, 3), DenseVec.of(1, 2)))
                .hasMessageContaining("x has 3 values, expected a positive multiple of dim 2");
    }
}
