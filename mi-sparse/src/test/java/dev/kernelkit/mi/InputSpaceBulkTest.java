package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link InputSpace}'s bulk methods against the single-pair methods they replace: the products (Z X', W X) agree with
 * the pairwise sums to rounding (within 1e-14 of the sum of the terms' magnitudes), z_a · z_b too (Z Z', exactly
 * symmetric).
 */
class InputSpaceBulkTest {

    /** The single-pair methods of {@code space} with PointSpace's default (looping) bulk methods. */
    private static PointSpace pairwise(PointSpace space) {
        return new PointSpace() {
            @Override
            public int instanceCount() {
                return space.instanceCount();
            }

            @Override
            public int parameterDim() {
                return space.parameterDim();
            }

            @Override
            public double instanceDot(int t, double[] p) {
                return space.instanceDot(t, p);
            }

            @Override
            public double instanceSquaredNorm(int t) {
                return space.instanceSquaredNorm(t);
            }

            @Override
            public void addInstanceDirection(int t, double scale, double[] acc) {
                space.addInstanceDirection(t, scale, acc);
            }

            @Override
            public double inner(double[] p, double[] q) {
                return space.inner(p, q);
            }

            @Override
            public void addMetricDirection(double[] q, double scale, double[] acc) {
                space.addMetricDirection(q, scale, acc);
            }
        };
    }

    /** |actual - expected| &lt;= 1e-14 * bound, entry by entry (bound: the sum of the terms' magnitudes). */
    private static void assertWithinRounding(double[][] actual, double[][] expected, double[][] bound, String what) {
        for (int a = 0; a < expected.length; a++) {
            for (int b = 0; b < expected[a].length; b++) {
                assertThat(Math.abs(actual[a][b] - expected[a][b])).as("%s[%d][%d]: %s vs %s", what, a, b,
                        actual[a][b], expected[a][b]).isLessThanOrEqualTo(1e-14 * bound[a][b]);
            }
        }
    }

    // n around and across the panel size, d with every remainder mod 4 and mod 16, weights with exact
    // zeros and instances without any weight; the last case is above XvBlocks.PARALLEL_WORK (blocks of XVs on the common pool)
    @ParameterizedTest
    @CsvSource({"1, 1, 1", "7, 3, 5", "255, 4, 9", "256, 5, 2", "300, 6, 17", "531, 7, 33", "40, 166, 12", "300, 19, 7",
            "290, 35, 9", "600, 166, 50"})
    void denseBulkProductsAgreeWithTheSinglePairMethodsToRounding(int n, int d, int nxv) {
        SplittableRandom rnd = new SplittableRandom(31L * n + d);
        List<Vec> xs = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            double[] x = new double[d];
            for (int k = 0; k < d; k++) {
                x[k] = rnd.nextDouble() < 0.1 ? 0.0 : rnd.nextGaussian() * Math.exp(3 * rnd.nextGaussian());
            }
            xs.add(DenseVec.of(x));
        }
        double[][] z = new double[nxv][d];
        double[][] w = new double[nxv][n];
        for (int j = 0; j < nxv; j++) {
            for (int k = 0; k < d; k++) {
                z[j][k] = rnd.nextGaussian() * Math.exp(2 * rnd.nextGaussian());
            }
            for (int t = 0; t < n; t++) {
                // every fifth instance has no weight at all (a bag whose coefficients are all zero): left out
                w[j][t] = t % 5 == 1 || rnd.nextDouble() < 0.3 ? 0.0 : rnd.nextGaussian();
            }
        }
        InputSpace fast = new InputSpace(xs, d);
        PointSpace slow = pairwise(fast);

        double[][] dotsFast = new double[nxv][n];
        double[][] dotsSlow = new double[nxv][n];
        fast.instanceDots(z, dotsFast);
        slow.instanceDots(z, dotsSlow);
        double[][] dotBound = new double[nxv][n];
        double[][] gradBound = new double[nxv][d];
        for (int j = 0; j < nxv; j++) {
            for (int t = 0; t < n; t++) {
                double[] x = xs.get(t).toArray();
                for (int k = 0; k < d; k++) {
                    dotBound[j][t] += Math.abs(x[k] * z[j][k]);
                    gradBound[j][k] += Math.abs(w[j][t] * x[k]);
                }
            }
        }
        assertWithinRounding(dotsFast, dotsSlow, dotBound, "x.z");
        // and the single-pair method is DenseVec.dot itself
        assertThat(dotsSlow[nxv - 1][n - 1]).isEqualTo(xs.get(n - 1).dot(z[nxv - 1]));

        // the instances that may carry a weight: all but every fifth (whose bag has no coefficient)
        int[] used = java.util.stream.IntStream.range(0, n).filter(t -> t % 5 != 1).toArray();
        double[][] gradFast = new double[nxv][d];
        double[][] gradSlow = new double[nxv][d];
        fast.addInstanceDirections(w, used, gradFast);
        slow.addInstanceDirections(w, null, gradSlow);
        assertWithinRounding(gradFast, gradSlow, gradBound, "sum w x");
        // the directions add to what acc holds (and the subset's packed operand, kept from the call before, is right)
        double[][] twice = new double[nxv][];
        for (int j = 0; j < nxv; j++) {
            twice[j] = gradFast[j].clone();
        }
        fast.addInstanceDirections(w, used, twice);
        for (int j = 0; j < nxv; j++) {
            for (int k = 0; k < d; k++) {
                assertThat(twice[j][k]).isCloseTo(2 * gradFast[j][k], org.assertj.core.api.Assertions.within(
                        1e-13 * gradBound[j][k]));
            }
        }
        // all instances (no subset), then another subset: the kept operand is replaced, not reused
        double[][] gradAll = new double[nxv][d];
        fast.addInstanceDirections(w, null, gradAll);
        assertWithinRounding(gradAll, gradSlow, gradBound, "sum w x over all instances");
        double[][] w2 = new double[nxv][];
        for (int j = 0; j < nxv; j++) {
            w2[j] = w[j].clone();
            for (int t = 2; t < n; t += 5) {
                w2[j][t] = 0;
            }
        }
        int[] used2 = java.util.stream.IntStream.range(0, n).filter(t -> t % 5 != 1 && t % 5 != 2).toArray();
        double[][] gradFast2 = new double[nxv][d];
        double[][] gradSlow2 = new double[nxv][d];
        fast.addInstanceDirections(w2, used2, gradFast2);
        slow.addInstanceDirections(w2, null, gradSlow2);
        assertWithinRounding(gradFast2, gradSlow2, gradBound, "sum w x over another subset");

        double[][] innerFast = new double[nxv][nxv];
        double[][] innerSlow = new double[nxv][nxv];
        fast.inners(z, innerFast);
        slow.inners(z, innerSlow);
        double[][] innerBound = new double[nxv][nxv];
        for (int a = 0; a < nxv; a++) {
            for (int b = 0; b < nxv; b++) {
                for (int k = 0; k < d; k++) {
                    innerBound[a][b] += Math.abs(z[a][k] * z[b][k]);
                }
                assertThat(innerFast[a][b]).as("symmetric").isEqualTo(innerFast[b][a]);
            }
        }
        assertWithinRounding(innerFast, innerSlow, innerBound, "z.z");
    }

    @ParameterizedTest
    @CsvSource({"50, 9, 4"})
    void sparseInstancesTakeTheSinglePairPath(int n, int d, int nxv) {
        SplittableRandom rnd = new SplittableRandom(5);
        List<Vec> xs = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            xs.add(new SparseVec(d, new int[] {t % d}, new double[] {rnd.nextGaussian()}));
        }
        double[][] z = new double[nxv][d];
        for (double[] row : z) {
            for (int k = 0; k < d; k++) {
                row[k] = rnd.nextGaussian();
            }
        }
        InputSpace space = new InputSpace(xs, d);
        double[][] dots = new double[nxv][n];
        space.instanceDots(z, dots);
        for (int j = 0; j < nxv; j++) {
            for (int t = 0; t < n; t++) {
                assertThat(dots[j][t]).isEqualTo(z[j][t % d] * xs.get(t).get(t % d));
            }
        }
    }
}
