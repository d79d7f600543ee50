package dev.kernelkit.gram;

/**
 * A precomputed symmetric kernel matrix in packed upper-triangular storage: row i holds
 * K_ii .. K_i,n-1, so n (n + 1) / 2 entries (half the memory of {@link DenseKernelMatrix}; n up
 * to 65,535 in one array). Reading K_ij for j &ge; i is one array access; a full {@link #row} gathers
 * its first i entries with stride n - j and copies the rest. Immutable; safe for concurrent reads.
 */
public final class PackedKernelMatrix implements KernelMatrix {
    private final int n;
    private final double[] p;

    private PackedKernelMatrix(int n, double[] owned) {
        this.n = n;
        this.p = owned;
    }

    /** The number of packed entries n (n + 1) / 2, checked against the capacity of one array. */
    static int packedSize(int n) {
        long size = (long) n * (n + 1) / 2;
        if (n < 0 || size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a packed " + n + " x " + n + " kernel matrix has " + size
                    + " entries, more than one Java array holds (2^31 - 9)");
        }
        return (int) size;
    }

    /** Index of K_ij, i &le; j, in the packed array: i n - i (i - 1) / 2 + (j - i). */
    static int index(int n, int i, int j) {
        return (int) ((long) i * n - (long) i * (i - 1) / 2) + (j - i);
    }

    /** Takes ownership of a packed array laid out as {@link #index} describes. */
    static PackedKernelMatrix wrapPacked(int n, double[] owned) {
        if (owned.length != packedSize(n)) {
            throw new IllegalArgumentException("expected " + packedSize(n) + " packed entries, found " + owned.length);
        }
        return new PackedKernelMatrix(n, owned);
    }

    /** Copies the upper triangle of any kernel matrix (row by row). */
    public static PackedKernelMatrix copyOf(KernelMatrix k) {
        int n = k.size();
        double[] a = new double[packedSize(n)];
        double[] row = new double[n];
        for (int i = 0; i < n; i++) {
            k.row(i, row);
            System.arraycopy(row, i, a, index(n, i, i), n - i);
        }
        return new PackedKernelMatrix(n, a);
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public double get(int i, int j) {
        if (i < 0 || j < 0 || i >= n || j >= n) {
            throw new IndexOutOfBoundsException("(" + i + ", " + j + ") out of range for size " + n);
        }
        return i <= j ? p[index(n, i, j)] : p[index(n, j, i)];
    }

    @Override
    public void row(int i, double[] out) {
        int o = i; // index(n, 0, i)
        for (int j = 0; j < i; j++) {
            out[j] = p[o];
            o += n - j - 1;
        }
        System.arraycopy(p, index(n, i, i), out, i, n - i);
    }

    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        int base = index(n, i, i) - i;
        for (int c = 0; c < count; c++) {
            int j = cols[c];
            out[c] = j >= i ? p[base + j] : p[index(n, j, i)];
        }
    }

    @Override
    public double diagonal(int i) {
        return p[index(n, i, i)];
    }
}
