package dev.kernelkit.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CholeskyTest {

    /** H = M'M + 0.1 I, n x n, with entries of M uniform in [-1, 1]. */
    static double[][] randomSpd(SplittableRandom rnd, int n) {
        double[][] m = new double[n][n];
        for (double[] row : m) {
            for (int j = 0; j < n; j++) {
                row[j] = rnd.nextDouble(-1, 1);
            }
        }
        double[][] h = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = i == j ? 0.1 : 0;
                for (int k = 0; k < n; k++) {
                    s += m[k][i] * m[k][j];
                }
                h[i][j] = s;
            }
        }
        return h;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 17, 60})
    void solutionAndFactorMatchCommonsMathsCholesky(int n) {
        SplittableRandom rnd = new SplittableRandom(1000 + n);
        double[][] h = randomSpd(rnd, n);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextDouble(-3, 3);
        }
        CholeskyDecomposition oracle = new CholeskyDecomposition(new Array2DRowRealMatrix(h));
        RealVector expected = oracle.getSolver().solve(new ArrayRealVector(b));
        RealMatrix l = oracle.getL();
        double[][] work = new double[n][];
        for (int i = 0; i < n; i++) {
            work[i] = h[i].clone();
        }
        double[] x = b.clone();
        Cholesky.solveInPlace(work, x);
        for (int i = 0; i < n; i++) {
            assertThat(x[i]).as("x[%d]", i).isCloseTo(expected.getEntry(i), within(1e-9 * (1 + Math.abs(expected.getEntry(i)))));
            for (int j = 0; j <= i; j++) {
                assertThat(work[i][j]).as("L[%d][%d]", i, j).isCloseTo(l.getEntry(i, j), within(1e-12 * (1 + Math.abs(h[i][i]))));
            }
        }
        // the residual of the original system, independent of either factorisation
        for (int i = 0; i < n; i++) {
            double r = -b[i];
            for (int j = 0; j < n; j++) {
                r += h[i][j] * x[j];
            }
            assertThat(r).as("(Hx - b)[%d]", i).isCloseTo(0.0, within(1e-9));
        }
    }

    /** Golub &amp; Van Loan's row-by-row loop as Cholesky.java wrote it before the column ordering. */
    static void textbookRowLoop(double[][] h, double[] b) {
        int n = b.length;
        for (int j = 0; j < n; j++) {
            double[] hj = h[j];
            double s = hj[j];
            for (int k = 0; k < j; k++) {
                s -= hj[k] * hj[k];
            }
            double l = Math.sqrt(s);
            hj[j] = l;
            for (int i = j + 1; i < n; i++) {
                double[] hi = h[i];
                double t = hi[j];
                for (int k = 0; k < j; k++) {
                    t -= hi[k] * hj[k];
                }
                hi[j] = t / l;
            }
        }
        for (int i = 0; i < n; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= h[i][k] * b[k];
            }
            b[i] = s / h[i][i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int k = i + 1; k < n; k++) {
                s -= h[k][i] * b[k];
            }
            b[i] = s / h[i][i];
        }
    }

    /** A random SPD system h x = b solved by {@link Cholesky#solveInPlace} (ours, x) and by the textbook loop. */
    private record Solved(double[][] h, double[] b, double[][] ours, double[] x, double[][] textbook, double[] y) {
    }

    /** Solves a random system both ways; ours gets NaN in its strict upper triangle, which must not be read. */
    private static Solved solveBothWays(SplittableRandom rnd, int n) {
        double[][] h = randomSpd(rnd, n);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = rnd.nextDouble(-3, 3);
        }
        double[][] ours = new double[n][];
        double[][] textbook = new double[n][];
        for (int i = 0; i < n; i++) {
            ours[i] = h[i].clone();
            textbook[i] = h[i].clone();
            for (int j = i + 1; j < n; j++) {
                ours[i][j] = Double.NaN;
            }
        }
        double[] x = b.clone();
        double[] y = b.clone();
        Cholesky.solveInPlace(ours, x);
        textbookRowLoop(textbook, y);
        return new Solved(h, b, ours, x, textbook, y);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 8, 61, 257})
    void factorAndSolutionAreBitForBitTheTextbookRowLoops(int n) {
        // the column ordering only reorders independent entries: each l_ij subtracts the same
        // products in the same order, so results that SparseMI's recorded runs depend on stay exact
        Solved s = solveBothWays(new SplittableRandom(77 + n), n);
        double[][] ours = s.ours();
        double[][] textbook = s.textbook();
        double[] x = s.x();
        double[] y = s.y();
        for (int i = 0; i < n; i++) {
            assertThat(Double.doubleToRawLongBits(x[i])).as("x[%d]", i).isEqualTo(Double.doubleToRawLongBits(y[i]));
            for (int j = 0; j <= i; j++) {
                assertThat(Double.doubleToRawLongBits(ours[i][j])).as("L[%d][%d]", i, j)
                        .isEqualTo(Double.doubleToRawLongBits(textbook[i][j]));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {300, 517, 1001})
    void blockedFactorAndSolutionAgreeWithTheTextbookRowLoopsToRoundingAndSolveTheSystem(int n) {
        // from Cholesky.BLOCKED_MIN unknowns the trailing updates are matrix products (another order of the same
        // subtractions): within 1e-10 of the loop's entries, and H x = b to a small residual
        Solved s = solveBothWays(new SplittableRandom(91 + n), n);
        double[][] h = s.h();
        double[] b = s.b();
        double[][] ours = s.ours();
        double[][] textbook = s.textbook();
        double[] x = s.x();
        double[] y = s.y();
        boolean anyDiffers = false;
        for (int i = 0; i < n; i++) {
            assertThat(x[i]).as("x[%d]", i).isCloseTo(y[i], within(1e-9 * (1 + Math.abs(y[i]))));
            for (int j = 0; j <= i; j++) {
                assertThat(ours[i][j]).as("L[%d][%d]", i, j).isCloseTo(textbook[i][j],
                        within(1e-10 * (1 + Math.abs(textbook[i][j]))));
                anyDiffers |= ours[i][j] != textbook[i][j];
            }
            for (int j = i + 1; j < n; j++) {
                assertThat(ours[i][j]).as("upper [%d][%d] written", i, j).isNaN();
            }
        }
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double r = -b[i];
            for (int j = 0; j < n; j++) {
                r += h[i][j] * x[j];
            }
            worst = Math.max(worst, Math.abs(r));
        }
        assertThat(worst).as("residual of H x = b").isLessThan(1e-8);
        assertThat(anyDiffers || n < Cholesky.BLOCKED_MIN).as("the blocked path ran (some entry rounds differently)")
                .isTrue();
    }

    @Test
    void theBlockedFactorisationNamesAPivotInALaterPanel() {
        int n = 420;
        double[][] h = new double[n][n];
        for (int i = 0; i < n; i++) {
            h[i][i] = i == 400 ? -1 : 2;
        }
        assertThatThrownBy(() -> Cholesky.solveInPlace(h, new double[n]))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("pivot 400 = -1.0");
    }

    @Test
    void theStrictUpperTriangleIsNeitherReadNorWritten() {
        double[][] h = {{4, 99}, {2, 3}}; // H = [[4, 2], [2, 3]]; 99 must be ignored
        double[] b = {2, 1};
        Cholesky.solveInPlace(h, b);
        // H^{-1} = [[3, -2], [-2, 4]] / 8, so x = (6 - 2, -4 + 4) / 8 = (0.5, 0)
        assertThat(b[0]).isCloseTo(0.5, within(1e-15));
        assertThat(b[1]).isCloseTo(0.0, within(1e-15));
        assertThat(h[0][1]).isEqualTo(99);
        assertThat(h[0][0]).isEqualTo(2.0); // L = [[2, 0], [1, sqrt(2)]]
        assertThat(h[1][0]).isEqualTo(1.0);
        assertThat(h[1][1]).isCloseTo(Math.sqrt(2), within(1e-15));
    }

    @Test
    void anIndefiniteMatrixIsRefusedNamingThePivot() {
        double[][] h = {{1, 2}, {2, 1}}; // eigenvalues 3 and -1
        assertThatThrownBy(() -> Cholesky.solveInPlace(h, new double[] {1, 1}))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("pivot 1 = -3.0");
    }
}
