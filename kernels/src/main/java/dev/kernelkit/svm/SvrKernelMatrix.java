package dev.kernelkit.svm;

import dev.kernelkit.gram.KernelMatrix;
import java.util.Objects;

/**
 * The 2n x 2n kernel matrix of the epsilon-SVR dual over an n x n one: entry (i, j) is K_{i mod n, j mod n},
 * so that with signs y = (+1 .. +1, -1 .. -1) the solver's Q_ij = y_i y_j K_{i mod n, j mod n} is LIBSVM's
 * {@code SVR_Q}. Rows are read from the underlying matrix, each kernel value once per row read (a column
 * asked for twice, as j and j + n, is computed once when the whole row is read).
 */
final class SvrKernelMatrix implements KernelMatrix {
    private final KernelMatrix base;
    private final int n;

    SvrKernelMatrix(KernelMatrix base) {
        this.base = Objects.requireNonNull(base, "base");
        this.n = base.size();
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

    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        if (count > n) {
            // both copies of many columns: read the n values once
            double[] full = new double[n];
            base.row(i % n, full);
            for (int k = 0; k < count; k++) {
                out[k] = full[cols[k] % n];
            }
            return;
        }
        int[] mapped = new int[count];
        for (int k = 0; k < count; k++) {
            int c = cols[k];
            mapped[k] = c < n ? c : c - n;
        }
        base.row(i % n, mapped, count, out);
    }

    @Override
    public double diagonal(int i) {
        return base.diagonal(i % n);
    }
}
