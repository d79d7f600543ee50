package dev.kernelkit.optim;

import dev.kernelkit.gram.GramProduct;
import dev.kernelkit.gram.GramProducts;

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
 *
 * <p>From {@value #BLOCKED_MIN} unknowns on (SparseMI's N_XV = 500 and 1000) the factorisation is blocked
 * instead (Golub &amp; Van Loan, Algorithm 4.2.3, right-looking): a panel of {@value #BLOCK} columns is
 * factored as above, and the trailing lower triangle gets the panel's rank-{@value #BLOCK} update as one matrix
 * product through the Gram matrices' {@link GramProduct} ({@link GramProducts#selected()}: OpenBLAS's dgemm
 * where it loads, else the Java tile), which is where the n³/3 multiply-adds go. The same products are
 * subtracted in another order, so the factor agrees with the loop's to rounding, not bit for bit.
 */
public final class Cholesky {
    /** Unknowns from which the factorisation is blocked. */
    public static final int BLOCKED_MIN = 300;
    /** Columns per panel of the blocked factorisation. */
    static final int BLOCK = 64;
    /** Rows of the trailing update per product call. */
    private static final int UPDATE_ROWS = 256;

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
        if (n >= BLOCKED_MIN) {
            factorBlocked(h, n);
            substitute(h, b);
            return;
        }
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
        forward(h, b);
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            double[] col = lt[i];
            for (int k = i + 1; k < n; k++) {
                s -= col[k] * b[k];
            }
            b[i] = s / col[i];
        }
    }

    /**
     * The right-looking blocked factorisation of the lower triangle of h (n x n) in place, the trailing updates as
     * matrix products.
     *
     * @throws IllegalStateException when a pivot is not positive, naming it
     */
    static void factorBlocked(double[][] h, int n) {
        GramProduct product = GramProducts.selected();
        for (int k0 = 0; k0 < n; k0 += BLOCK) {
            int k1 = Math.min(n, k0 + BLOCK);
            // the diagonal block: columns k0..k1 of rows k0..k1, earlier panels' updates already applied
            for (int j = k0; j < k1; j++) {
                double[] hj = h[j];
                double s = hj[j];
                for (int p = k0; p < j; p++) {
                    s -= hj[p] * hj[p];
                }
                if (!(s > 0)) {
                    throw new IllegalStateException("inner Newton system is not positive definite (pivot " + j
                            + " = " + s + "); increase the ridge");
                }
                double l = Math.sqrt(s);
                hj[j] = l;
                for (int i = j + 1; i < k1; i++) {
                    double[] hi = h[i];
                    double t = hi[j];
                    for (int p = k0; p < j; p++) {
                        t -= hi[p] * hj[p];
                    }
                    hi[j] = t / l;
                }
            }
            int m = n - k1;
            if (m == 0) {
                break;
            }
            int kb = k1 - k0;
            // the rows below the diagonal block, a column at a time over all of them (l_ij = (h_ij - sum_p l_ip l_jp)
            // / l_jj, the products subtracted in increasing p as the row form does, so the same values bit for bit;
            // the column form's inner loop runs over the rows and vectorises)
            double[][] below = new double[kb][m];
            for (int r = 0; r < m; r++) {
                double[] hi = h[k1 + r];
                for (int j = 0; j < kb; j++) {
                    below[j][r] = hi[k0 + j];
                }
            }
            for (int j = 0; j < kb; j++) {
                double[] cj = below[j];
                double[] hj = h[k0 + j];
                for (int p = 0; p < j; p++) {
                    double ljp = hj[k0 + p];
                    double[] cp = below[p];
                    for (int r = 0; r < m; r++) {
                        cj[r] -= cp[r] * ljp;
                    }
                }
                double ljj = hj[k0 + j];
                for (int r = 0; r < m; r++) {
                    cj[r] /= ljj;
                }
            }
            double[] panel = new double[m * kb];
            for (int r = 0; r < m; r++) {
                double[] hi = h[k1 + r];
                for (int j = 0; j < kb; j++) {
                    double v = below[j][r];
                    hi[k0 + j] = v;
                    panel[r * kb + j] = v;
                }
            }
            try (GramProduct.Operand op = product.pack(panel, m, kb)) {
                double[][] update = new double[Math.min(UPDATE_ROWS, m)][];
                for (int r0 = 0; r0 < m; r0 += UPDATE_ROWS) {
                    int r1 = Math.min(m, r0 + UPDATE_ROWS);
                    for (int r = r0; r < r1; r++) {
                        if (update[r - r0] == null || update[r - r0].length < r1) {
                            update[r - r0] = new double[r1];
                        }
                    }
                    // rows r0..r1 against columns 0..r1 of the trailing block: its lower triangle and a little more
                    product.products(op, r0, r1 - r0, op, 0, r1, update);
                    for (int r = r0; r < r1; r++) {
                        double[] hi = h[k1 + r];
                        double[] u = update[r - r0];
                        for (int c = 0; c <= r; c++) {
                            hi[k1 + c] -= u[c];
                        }
                    }
                }
            }
        }
    }

    /** b := L^{-1} b with L the lower triangle of h, by rows. */
    private static void forward(double[][] h, double[] b) {
        for (int i = 0; i < b.length; i++) {
            double s = b[i];
            double[] hi = h[i];
            for (int k = 0; k < i; k++) {
                s -= hi[k] * b[k];
            }
            b[i] = s / hi[i];
        }
    }

    /** b := (L L')^{-1} b with L the lower triangle of h: forward substitution by rows, back substitution by rows of L. */
    private static void substitute(double[][] h, double[] b) {
        int n = b.length;
        forward(h, b);
        for (int i = n - 1; i >= 0; i--) {
            double[] hi = h[i];
            double x = b[i] / hi[i];
            b[i] = x;
            for (int k = 0; k < i; k++) {
                b[k] -= hi[k] * x;
            }
        }
    }
}
