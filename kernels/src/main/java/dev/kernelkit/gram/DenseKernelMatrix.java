package dev.kernelkit.gram;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.List;

/**
 * A precomputed symmetric kernel matrix stored as a full row-major n x n array (8 n^2 bytes).
 * Immutable; safe for concurrent reads.
 */
public final class DenseKernelMatrix implements KernelMatrix {
    private final int n;
    private final double[] k;

    private DenseKernelMatrix(int n, double[] owned) {
        this.n = n;
        this.k = owned;
    }

    /**
     * Copies a square symmetric matrix.
     *
     * @throws IllegalArgumentException when it is not square, not symmetric (to 1e-9 relative)
     *         or holds a non-finite entry
     */
    public static DenseKernelMatrix of(double[][] matrix) {
        int n = matrix.length;
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            if (matrix[i].length != n) {
                throw new IllegalArgumentException("kernel matrix must be square: row " + i + " has "
                        + matrix[i].length + " entries, expected " + n);
            }
            for (int j = 0; j < n; j++) {
                double v = matrix[i][j];
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("kernel matrix entry (" + i + ", " + j + ") must be finite, got " + v);
                }
                a[i * n + j] = v;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double x = a[i * n + j], y = a[j * n + i];
                if (Math.abs(x - y) > 1e-9 * Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)))) {
                    throw new IllegalArgumentException("kernel matrix must be symmetric: (" + i + ", " + j
                            + ") = " + x + " but (" + j + ", " + i + ") = " + y);
                }
            }
        }
        return new DenseKernelMatrix(n, a);
    }

    /**
     * The row-major n x n array itself, not a copy, for readers in this package that keep it read-only in
     * place of this matrix (SharedKernelMatrices' linear Gram matrix: no second 8 n^2 bytes while it is built).
     */
    double[] rowMajorArray() {
        return k;
    }

    /** Takes ownership of a row-major n x n array that the caller guarantees symmetric and finite. */
    public static DenseKernelMatrix wrapRowMajor(int n, double[] owned) {
        if (owned.length != (long) n * n) {
            throw new IllegalArgumentException("expected " + ((long) n * n) + " entries, found " + owned.length);
        }
        return new DenseKernelMatrix(n, owned);
    }

    /** Evaluates k on every pair (each symmetric pair once) with a plain loop. */
    public static <T> DenseKernelMatrix compute(Kernel<T> kernel, List<? extends T> points) {
        int n = points.size();
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            T xi = points.get(i);
            for (int j = 0; j <= i; j++) {
                double v = kernel.apply(xi, points.get(j));
                a[i * n + j] = v;
                a[j * n + i] = v;
            }
        }
        return new DenseKernelMatrix(n, a);
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public double get(int i, int j) {
        return k[i * n + j];
    }

    @Override
    public void row(int i, double[] out) {
        System.arraycopy(k, i * n, out, 0, n);
    }

    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        int base = i * n;
        for (int c = 0; c < count; c++) {
            out[c] = k[base + cols[c]];
        }
    }

    @Override
    public double diagonal(int i) {
        return k[i * n + i];
    }

    /** A fresh n x n copy of the entries. */
    public double[][] toArray() {
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            out[i] = new double[n];
            System.arraycopy(k, i * n, out[i], 0, n);
        }
        return out;
    }
}
