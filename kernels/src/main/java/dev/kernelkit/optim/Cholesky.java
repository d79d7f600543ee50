package dev.kernelkit.optim;

/**
 * In-place Cholesky solve of a small dense symmetric positive-definite system H x = b: the
 * factorisation H = L L' (Golub &amp; Van Loan, "Matrix Computations", 4th ed., Algorithm 4.2.1,
 * the row-oriented "gaxpy" form) followed by the forward and back substitutions L y = b, L' x = y.
 * Cost n³/3 + n² multiply-adds. Used by the finite Newton method of
 * {@link dev.kernelkit.svm.SquaredHingeProblem}, whose systems have at most a few hundred unknowns;
 * it reads and writes plain {@code double[][]} rows, so a Newton iteration allocates nothing.
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
        for (int j = 0; j < n; j++) {
            double[] hj = h[j];
            double s = hj[j];
            for (int k = 0; k < j; k++) {
                s -= hj[k] * hj[k];
            }
            if (!(s > 0)) {
                throw new IllegalStateException("inner Newton system is not positive definite (pivot " + j
                        + " = " + s + "); increase the ridge");
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
            double[] hi = h[i];
            for (int k = 0; k < i; k++) {
                s -= hi[k] * b[k];
            }
            b[i] = s / hi[i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int k = i + 1; k < n; k++) {
                s -= h[k][i] * b[k];
            }
            b[i] = s / h[i][i];
        }
    }
}
