package dev.kernelkit.optim;

/**
 * In-place Cholesky solve of a small dense symmetric positive-definite system H x = b: the
 * factorisation H = L L' (Golub &amp; Van Loan, "Matrix Computations", 4th ed., Algorithm 4.2.1,
 * the "gaxpy" form) followed by the forward and back substitutions L y = b, L' x = y.
 * Cost n³/3 + n² multiply-adds. Used by the finite Newton method of
 * {@link dev.kernelkit.svm.SquaredHingeProblem} (up to a thousand unknowns in SparseMI's N_XV
 * grid) and by the prototypes' pursuit.
 *
 * <p>Every entry is computed as in the textbook's row-by-row loop, l_ij = (h_ij - sum_{k &lt; j}
 * l_ik l_jk) / l_jj with the products subtracted one by one in increasing k, so the result is
 * bit-for-bit that loop's. The loops are ordered by columns: column j is formed as a whole, its
 * k-th update a multiply-subtract over the contiguous k-th column of L (kept transposed), four
 * columns per pass ((((t - a) - b) - c) - d, the same subtractions in the same order), which
 * HotSpot vectorises; the row form's inner loop is a reduction it cannot vectorise (BENCHMARKS.md,
 * "SparseMI's tuned protocol").
 */
public final class Cholesky {
    private Cholesky() {
    }

    /**
     * Overwrites the lower triangle of {@code h} with its Cholesky factor L and {@code b} with
     * h^{-1} b. Only the lower triangle of {@code h} (j &le; i) is read; the strict upper triangle
     * is left as it was.
     *
     * @param h an n x n symmetric positive-definite matrix (rows of length &ge; n)
     * @param b the right-hand side, length n
     * @throws IllegalStateException when h is not numerically positive definite (a pivot &le; 0
     *         or NaN), naming the pivot
     */
    public static void solveInPlace(double[][] h, double[] b) {
        int n = b.length;
        // lt[j][i] = l_ij for i >= j: the columns of L, each contiguous
        double[][] lt = new double[n][];
        double[] t = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                t[i] = h[i][j];
            }
            int k = 0;
            for (; k + 3 < j; k += 4) {
                double[] c0 = lt[k];
                double[] c1 = lt[k + 1];
                double[] c2 = lt[k + 2];
                double[] c3 = lt[k + 3];
                double l0 = c0[j];
                double l1 = c1[j];
                double l2 = c2[j];
                double l3 = c3[j];
                for (int i = j; i < n; i++) {
                    t[i] = t[i] - c0[i] * l0 - c1[i] * l1 - c2[i] * l2 - c3[i] * l3;
                }
            }
            for (; k < j; k++) {
                double[] col = lt[k];
                double ljk = col[j];
                for (int i = j; i < n; i++) {
                    t[i] -= col[i] * ljk;
                }
            }
            double s = t[j];
            if (!(s > 0)) {
                throw new IllegalStateException("inner Newton system is not positive definite (pivot " + j
                        + " = " + s + "); increase the ridge");
            }
            double l = Math.sqrt(s);
            double[] col = new double[n];
            col[j] = l;
            for (int i = j + 1; i < n; i++) {
                col[i] = t[i] / l;
            }
            lt[j] = col;
        }
        for (int j = 0; j < n; j++) {
            double[] col = lt[j];
            for (int i = j; i < n; i++) {
                h[i][j] = col[i];
            }
        }
        for (int i = 0; i < n; i++) {
            double s = b[i];
            double[] hi = h[i];
            for (int k = 0; k < i; k++) {
                s -= hi[k] * b[k];
            }
            b[i] = s / hi[i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            double[] col = lt[i];
            for (int k = i + 1; k < n; k++) {
                s -= col[k] * b[k];
            }
            b[i] = s / col[i];
        }
    }
}
