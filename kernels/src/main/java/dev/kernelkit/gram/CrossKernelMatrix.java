package dev.kernelkit.gram;

import dev.kernelkit.kernel.Kernel;
import java.util.List;

/**
 * A rectangular kernel matrix K_ij = k(t_i, x_j) between m test points t_i and n training points
 * x_j (scikit-learn's precomputed test kernel of shape (n_test, n_train)). Deliberately not a
 * {@link KernelMatrix}: a cross matrix cannot be handed to a solver as a training Gram matrix.
 * Stored row-major in one array of 8 m n bytes; immutable and safe for concurrent reads.
 */
public final class CrossKernelMatrix {
    private final int rows;
    private final int cols;
    private final double[] k;

    private CrossKernelMatrix(int rows, int cols, double[] owned) {
        this.rows = rows;
        this.cols = cols;
        this.k = owned;
    }

    /**
     * Evaluates k on every (test, train) pair with a plain double loop (the reference for
     * {@link GramBuilder#cross}).
     *
     * @throws IllegalArgumentException when m n exceeds the capacity of one array
     */
    public static <T> CrossKernelMatrix compute(Kernel<T> kernel, List<? extends T> test, List<? extends T> train) {
        int m = test.size(), n = train.size();
        double[] a = new double[checkedSize(m, n)];
        for (int i = 0; i < m; i++) {
            T t = test.get(i);
            int base = i * n;
            for (int j = 0; j < n; j++) {
                a[base + j] = kernel.apply(t, train.get(j));
            }
        }
        return new CrossKernelMatrix(m, n, a);
    }

    /**
     * Takes ownership of a row-major rows x cols array.
     *
     * @throws IllegalArgumentException when the length is not rows * cols
     */
    public static CrossKernelMatrix wrapRowMajor(int rows, int cols, double[] owned) {
        if (rows < 0 || cols < 0 || owned.length != (long) rows * cols) {
            throw new IllegalArgumentException("expected " + rows + " x " + cols + " = " + ((long) rows * cols)
                    + " entries, found " + owned.length);
        }
        return new CrossKernelMatrix(rows, cols, owned);
    }

    static int checkedSize(int rows, int cols) {
        long size = (long) rows * cols;
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a " + rows + " x " + cols + " kernel matrix has " + size
                    + " entries, more than one Java array holds (2^31 - 9); split the points into chunks");
        }
        return (int) size;
    }

    /** The number of test points m. */
    public int rows() {
        return rows;
    }

    /** The number of training points n. */
    public int cols() {
        return cols;
    }

    /** Entry K_ij = k(t_i, x_j). */
    public double get(int i, int j) {
        if (j < 0 || j >= cols) {
            throw new IndexOutOfBoundsException("column " + j + " out of range for " + cols + " columns");
        }
        return k[i * cols + j];
    }

    /** Writes row i (the kernel values of test point i against every training point) into out[0..n). */
    public void row(int i, double[] out) {
        if (i < 0 || i >= rows) {
            throw new IndexOutOfBoundsException("row " + i + " out of range for " + rows + " rows");
        }
        System.arraycopy(k, i * cols, out, 0, cols);
    }

    /** A fresh m x n copy of the entries. */
    public double[][] toArray() {
        double[][] out = new double[rows][];
        for (int i = 0; i < rows; i++) {
            out[i] = new double[cols];
            System.arraycopy(k, i * cols, out[i], 0, cols);
        }
        return out;
    }
}
