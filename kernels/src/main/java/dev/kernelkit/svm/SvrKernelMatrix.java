package dev.kernelkit.svm;

import dev.kernelkit.gram.KernelMatrix;
import java.util.Objects;

/**
 * The 2n x 2n kernel matrix of the epsilon-SVR dual over an n x n one: entry (i, j) is K_{i mod n, j mod n},
 * so that with signs y = (+1 .. +1, -1 .. -1) the solver's Q_ij = y_i y_j K_{i mod n, j mod n} is LIBSVM's
 * {@code SVR_Q}. Rows are read whole from the underlying matrix (its row cache, when it has one, then computes each
 * kernel row once for both copies).
 */
final class SvrKernelMatrix implements KernelMatrix {
    private final KernelMatrix base;
    private final int n;

    SvrKernelMatrix(KernelMatrix base) {
        this.base = Objects.requireNonNull(base, "base");
        this.n = base.size();
    }

    /** The n x n matrix. */
    KernelMatrix base() {
        return base;
    }

    @Override
    public int size() {
        return 2 * n;
    }

    @Override
    public double get(int i, int j) {
        return base.get(i % n, j % n);
    }

    @Override
    public void row(int i, double[] out) {
        base.row(i % n, out);
        System.arraycopy(out, 0, out, n, n);
    }

    /**
     * Reads the whole row of i mod n through {@link KernelMatrix#row(int, double[])} (so that a row cache of the
     * underlying matrix serves the second variable of the pair, as LIBSVM's SVR_Q caches kernel rows once for
     * both) and gathers the columns asked for.
     */
    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        double[] full = new double[n];
        base.row(i % n, full);
        for (int k = 0; k < count; k++) {
            int c = cols[k];
            out[k] = full[c < n ? c : c - n];
        }
    }

    @Override
    public double diagonal(int i) {
        return base.diagonal(i % n);
    }
}
