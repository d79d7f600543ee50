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
