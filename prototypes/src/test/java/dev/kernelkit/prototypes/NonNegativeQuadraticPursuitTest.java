package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NonNegativeQuadraticPursuitTest {

    /** Q = AᵀA (PSD, rank min(r, n)), c random with mixed signs. */
    static double[][] randomPsd(int n, int rank, SplittableRandom rnd) {
        double[][] a = new double[rank][n];
        for (double[] row : a) {
            for (int j = 0; j < n; j++) {
                row[j] = rnd.nextGaussian();
            }
        }
        double[][] q = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (double[] row : a) {
                    s += row[i] * row[j];
                }
                q[i][j] = s;
            }
        }
        return q;
    }

    static double[] randomC(int n, SplittableRandom rnd) {
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            c[i] = 2 * rnd.nextGaussian();
        }
        return c;
    }

    static double[] gradient(double[][] q, double[] c, double[] x) {
        double[] g = c.clone();
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < c.length; j++) {
                g[i] += q[i][j] * x[j];
            }
        }
        return g;
    }

    @Test
    void denseColumnsAreTheMatrixEntriesForASymmetricAndForAnAsymmetricMatrix() {
        SplittableRandom rnd = new SplittableRandom(8);
        int n = 7;
        double[][] sym = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                sym[i][j] = sym[j][i] = rnd.nextDouble() - 0.5;
            }
        }
        double[][] asym = new double[n][];
        for (int i = 0; i < n; i++) {
            asym[i] = sym[i].clone();
        }
        asym[2][5] = 0.0;     // equal to -0.0 under ==, not bit for bit: columns must still read entry by entry
        asym[5][2] = -0.0;
        asym[1][3] += 1e-12;
        for (double[][] q : new double[][][] {sym, asym}) {
            NonNegativeQuadraticPursuit.Columns cols = NonNegativeQuadraticPursuit.dense(q);
            assertThat(cols.size()).isEqualTo(n);
            double[] out = new double[n];
            for (int j = 0; j < n; j++) {
                cols.column(j, out);
                for (int i = 0; i < n; i++) {
                    assertThat(Double.doubleToRawLongBits(out[i])).as("Q[%d][%d]", i, j)
                            .isEqualTo(Double.doubleToRawLongBits(q[i][j]));
                }
            }
        }
    }

    @Test
    void handDerivedTwoByTwo() {
        // Q = [[2,0],[0,4]], c = [-2, 4]: g(0) = c, only index 0 descends; x0 = -c0/Q00 = 1;
        // f = ½·2·1 - 2 = -1; then g1 = 4 >= 0, so stop.
        var r = NonNegativeQuadraticPursuit.solve(new double[][] {{2, 0}, {0, 4}}, new double[] {-2, 4},
                NonNegativeQuadraticPursuit.Options.defaults(2));
        assertThat(r.x()[0]).isCloseTo(1.0, within(1e-15));
        assertThat(r.x()[1]).isEqualTo(0.0);
        assertThat(r.objective()).isCloseTo(-1.0, within(1e-15));
        assertThat(r.support()).containsExactly(0);
    }

    @Test
    void zeroCrossingDropsTheCoordinateThatTurnsNegative() {
        // Q = [[1, 0.9],[0.9, 1]], c = [-1, -0.5]. Step 1 picks index 0 (g = -1): x = (1, 0), f = -0.5,
        // g1 = -0.5 + 0.9 = 0.4 >= 0 so the pursuit stops there; and (1,0) is the NNQP optimum since
        // the unconstrained optimum x = Q^-1(-c) = (1 - 0.45, 0.5 - 0.9)/0.19 has x1 < 0.
        var r = NonNegativeQuadraticPursuit.solve(new double[][] {{1, 0.9}, {0.9, 1}}, new double[] {-1, -0.5},
                NonNegativeQuadraticPursuit.Options.defaults(2));
        assertThat(r.x()[0]).isCloseTo(1.0, within(1e-12));
        assertThat(r.x()[1]).isEqualTo(0.0);
        assertThat(r.objective()).isCloseTo(-0.5, within(1e-12));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void bruteForceOverAllSupportsIsALowerBoundNqpNeverBeats(int t) {
        SplittableRandom rnd = new SplittableRandom(100 + t);
        double worstGap = 0;
        for (int rep = 0; rep < 10; rep++) {
            int n = 5 + rnd.nextInt(3); // 5..7
            // Positive definite Q: with a singular Q the QP on a support can be unbounded below, and
            // then no finite brute-force value is a true lower bound (singular Q: see the duplicate test).
            double[][] q = randomPsd(n, n + 2, rnd);
            double[] c = randomC(n, rnd);
            var r = NonNegativeQuadraticPursuit.solve(q, c, NonNegativeQuadraticPursuit.Options.defaults(t));
            double lower = QpOracle.bruteForce(q, c, t);
            double fx = NonNegativeQuadraticPursuit.objective(q, c, r.x());
            assertThat(r.objective()).isCloseTo(fx, within(1e-9 * (1 + Math.abs(fx))));
            assertThat(fx).isGreaterThanOrEqualTo(lower - 1e-6 * (1 + Math.abs(lower)));
            assertThat(r.support().length).isLessThanOrEqualTo(t);
            for (double v : r.x()) {
                assertThat(v).isGreaterThanOrEqualTo(0.0);
            }
            worstGap = Math.max(worstGap, (fx - lower) / Math.max(1e-12, Math.abs(lower)));
        }
        // The gap is reported (NQP is greedy, not exact); it is a bug only when negative.
        System.out.printf("NQP vs brute force, T=%d: worst relative gap %.4f%n", t, worstGap);
    }

    @Test
    void withTEqualToNAndPositiveDefiniteQReachesTheNonNegativeQpOptimum() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int rep = 0; rep < 20; rep++) {
            int n = 3 + rnd.nextInt(10);
            double[][] q = randomPsd(n, n + 3, rnd);
            double[] c = randomC(n, rnd);
            var r = NonNegativeQuadraticPursuit.solve(q, c, NonNegativeQuadraticPursuit.Options.defaults(n).withPrune(false));
            double[] x = r.x();
            double[] g = gradient(q, c, x);
            for (int i = 0; i < n; i++) {
                assertThat(x[i]).isGreaterThanOrEqualTo(0.0);
                if (x[i] > 0) {
                    assertThat(g[i]).as("KKT: gradient on the support").isCloseTo(0.0, within(1e-8));
                } else {
                    assertThat(g[i]).as("KKT: gradient off the support").isGreaterThanOrEqualTo(-1e-6);
                }
            }
            double[] ref = QpOracle.solve(q, c, null);
            double fRef = NonNegativeQuadraticPursuit.objective(q, c, ref);
            assertThat(r.objective()).isCloseTo(fRef, within(1e-6 * (1 + Math.abs(fRef))));
            for (int i = 0; i < n; i++) {
                assertThat(x[i]).isCloseTo(ref[i], within(1e-4 * (1 + Math.abs(ref[i]))));
            }
        }
    }

    @Test
    void objectiveNeverAboveZeroEvenWithPruning() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int rep = 0; rep < 200; rep++) {
            int n = 2 + rnd.nextInt(30);
            double[][] q = randomPsd(n, 1 + rnd.nextInt(n + 2), rnd);
            double[] c = randomC(n, rnd);
            int t = 1 + rnd.nextInt(n);
            var r = NonNegativeQuadraticPursuit.solve(q, c, NonNegativeQuadraticPursuit.Options.defaults(t));
            assertThat(NonNegativeQuadraticPursuit.objective(q, c, r.x())).isLessThanOrEqualTo(1e-12);
            assertThat(r.support().length).isLessThanOrEqualTo(t);
        }
    }

    @Test
    void allNonNegativeLinearTermGivesZero() {
        // With c >= 0 and Q PSD, f(x) = ½xᵀQx + cᵀx >= 0 for x >= 0, so x = 0 is optimal and nothing descends.
        var r = NonNegativeQuadraticPursuit.solve(new double[][] {{1, 0.5}, {0.5, 1}}, new double[] {0.1, 0},
                NonNegativeQuadraticPursuit.Options.defaults(2));
        assertThat(r.x()).containsExactly(0.0, 0.0);
        assertThat(r.objective()).isEqualTo(0.0);
        assertThat(r.steps()).isZero();
    }

    @Test
    void duplicateColumnsRankDeficientQDoNotBreakIt() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int rep = 0; rep < 10; rep++) {
            int base = 5;
            double[][] a = new double[4][base];
            for (double[] row : a) {
                for (int j = 0; j < base; j++) {
                    row[j] = rnd.nextGaussian();
                }
            }
            // columns 5, 6 duplicate columns 0 and 1 of A (so rows/cols of Q repeat, c repeats too).
            int[] src = {0, 1, 2, 3, 4, 0, 1};
            int n = src.length;
            double[][] q = new double[n][n];
            double[] c0 = randomC(base, rnd);
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                c[i] = c0[src[i]];
                for (int j = 0; j < n; j++) {
                    double s = 0;
                    for (double[] row : a) {
                        s += row[src[i]] * row[src[j]];
                    }
                    q[i][j] = s;
                }
            }
            for (int t = 1; t <= n; t++) {
                var r = NonNegativeQuadraticPursuit.solve(q, c, NonNegativeQuadraticPursuit.Options.defaults(t));
                double fx = NonNegativeQuadraticPursuit.objective(q, c, r.x());
                for (double v : r.x()) {
                    assertThat(v).isFinite().isGreaterThanOrEqualTo(0.0);
                }
                assertThat(fx).isLessThanOrEqualTo(1e-12);
                assertThat(r.objective()).isCloseTo(fx, within(1e-8 * (1 + Math.abs(fx))));
                if (t <= 3) {
                    assertThat(fx).isGreaterThanOrEqualTo(QpOracle.bruteForce(q, c, t) - 1e-6);
                }
            }
        }
    }

    @Test
    void permutingIndicesPermutesTheAnswer() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int rep = 0; rep < 20; rep++) {
            int n = 4 + rnd.nextInt(20);
            double[][] q = randomPsd(n, n / 2 + 1, rnd);
            double[] c = randomC(n, rnd);
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int tmp = perm[i];
                perm[i] = perm[j];
                perm[j] = tmp;
            }
            double[][] qp = new double[n][n];
            double[] cp = new double[n];
            for (int i = 0; i < n; i++) {
                cp[i] = c[perm[i]];
                for (int j = 0; j < n; j++) {
                    qp[i][j] = q[perm[i]][perm[j]];
                }
            }
            int t = 1 + rnd.nextInt(5);
            var o = NonNegativeQuadraticPursuit.Options.defaults(t);
            double[] x = NonNegativeQuadraticPursuit.solve(q, c, o).x();
            double[] xp = NonNegativeQuadraticPursuit.solve(qp, cp, o).x();
            for (int i = 0; i < n; i++) {
                assertThat(xp[i]).isCloseTo(x[perm[i]], within(1e-9 * (1 + Math.abs(x[perm[i]]))));
            }
        }
    }

    @Test
    void excludedIndicesStayZeroAndColumnsAreFetchedOnlyForTheSupport() {
        SplittableRandom rnd = new SplittableRandom(9);
        int n = 50;
        double[][] q = randomPsd(n, 60, rnd);
        double[] c = randomC(n, rnd);
        boolean[] excluded = new boolean[n];
        for (int i = 0; i < n; i += 2) {
            excluded[i] = true;
        }
        int[] fetched = {0};
        NonNegativeQuadraticPursuit.Columns cols = new NonNegativeQuadraticPursuit.Columns() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public void column(int j, double[] out) {
                fetched[0]++;
                for (int i = 0; i < n; i++) {
                    out[i] = q[i][j];
                }
            }
        };
        var r = NonNegativeQuadraticPursuit.solve(cols, c, NonNegativeQuadraticPursuit.Options.defaults(4), excluded);
        for (int i = 0; i < n; i += 2) {
            assertThat(r.x(i)).isZero();
        }
        assertThat(fetched[0]).isLessThan(n / 2);
    }

    @Test
    void badInputIsRejectedWithNamedMessages() {
        assertThatThrownBy(() -> NonNegativeQuadraticPursuit.Options.defaults(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxNonZeros (T) must be >= 1, got 0");
        assertThatThrownBy(() -> NonNegativeQuadraticPursuit.solve(new double[][] {{1, 2}, {0, 1}}, new double[] {-1, -1},
                NonNegativeQuadraticPursuit.Options.defaults(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("symmetric");
        assertThatThrownBy(() -> NonNegativeQuadraticPursuit.solve(new double[][] {{-1}}, new double[] {-1},
                NonNegativeQuadraticPursuit.Options.defaults(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive semi-definite");
        assertThatThrownBy(() -> NonNegativeQuadraticPursuit.solve(new double[][] {{1}}, new double[] {-1, 2},
                NonNegativeQuadraticPursuit.Options.defaults(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("c has length 2, expected 1");
    }
}
