package dev.kernelkit.mi;

/** In-place Cholesky solve of a small symmetric positive-definite system (the inner Newton system). */
final class Cholesky {
    private Cholesky() {
    }

    /**
     * Overwrites {@code h} with its Cholesky factor L (lower triangle) and {@code b} with h^{-1} b.
     *
     * @throws IllegalStateException when h is not numerically positive definite
     */
    static void solveInPlace(double[][] h, double[] b) {
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
