package dev.kernelkit.gram;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SetKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * Gram and cross matrices of the averaged set kernel k_set(X, Y) = (1 / (|X| |Y|)) sum_p sum_q
 * k(x_p, y_q) ({@link SetKernel}; Gaertner et al., ICML 2002) and of its normalised form
 * k_set(X, Y) / sqrt(k_set(X, X) k_set(Y, Y)), built from the instance kernel matrix instead of
 * per-pair {@code Kernel.apply} calls.
 *
 * <p>All instances are stacked into one list of N points; the instance kernel matrix is formed by
 * {@link GramBuilder} (blocked, register-tiled for the Gaussian, linear and polynomial kernels) in
 * row chunks of at most {@value #CHUNK_ENTRIES} entries, so memory stays O(m^2 + N) plus one chunk
 * however many instances there are. Every row p is summed over the columns of each bag (O(N m)
 * per row), and the row sums are added into the row of p's bag: K_ij = (1/(n_i n_j)) sum_(p in i)
 * sum_(q in j) k(x_p, x_q). Work: about N^2 d multiply-adds (N^2 d / 2 when one chunk holds the
 * whole matrix, which uses the symmetric Gram), against the same count of far slower
 * {@code Vec}-level operations in {@link DenseKernelMatrix#compute}. The result is symmetrised
 * (the upper triangle is copied to the lower), so it is exactly symmetric.
 */
public final class SetKernelGram {
    /** Largest instance-kernel chunk (rows x N entries, 8 bytes each) formed at once. */
    public static final int CHUNK_ENTRIES = 1 << 22;

    private final GramBuilder builder;
    private final int chunkEntries;

    /**
     * @param builder the instance Gram builder (its thread count is used)
     * @throws IllegalArgumentException for a null builder
     */
    public SetKernelGram(GramBuilder builder) {
        this(builder, CHUNK_ENTRIES);
    }

    /** With another chunk size (tests use a small one to exercise the chunked path). */
    SetKernelGram(GramBuilder builder, int chunkEntries) {
        if (builder == null) {
            throw new IllegalArgumentException("builder must not be null");
        }
        if (chunkEntries < 1) {
            throw new IllegalArgumentException("chunkEntries must be >= 1, got " + chunkEntries);
        }
        this.builder = builder;
        this.chunkEntries = chunkEntries;
    }

    /** A single-threaded builder (the cost model of the other single-threaded trainers). */
    public static SetKernelGram singleThreaded() {
        return new SetKernelGram(new GramBuilder(1));
    }

    /**
     * The m x m matrix of k_set over {@code bags}: equal (to rounding) to
     * {@code DenseKernelMatrix.compute(kernel, bags)}.
     *
     * @throws IllegalArgumentException for instances of different dimensions
     */
    public DenseKernelMatrix gram(SetKernel kernel, List<? extends Bag> bags) {
        int m = bags.size();
        double[] sums = blockSums(kernel.instance(), bags, bags, true);
        int[] size = sizes(bags);
        double[] k = new double[m * m];
        for (int i = 0; i < m; i++) {
            for (int j = i; j < m; j++) {
                double v = sums[i * m + j] / ((double) size[i] * size[j]);
                k[i * m + j] = v;
                k[j * m + i] = v;
            }
        }
        return DenseKernelMatrix.wrapRowMajor(m, k);
    }

    /**
     * The m x m matrix of the summed set kernel sum_p sum_q k(x_p, y_q) = |X| |Y| k_set(X, Y)
     * (Gaertner et al.'s definition before averaging; Weka's MIRBFKernel for the Gaussian).
     *
     * @throws IllegalArgumentException for instances of different dimensions
     */
    public DenseKernelMatrix summedGram(SetKernel kernel, List<? extends Bag> bags) {
        int m = bags.size();
        double[] sums = blockSums(kernel.instance(), bags, bags, true);
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                sums[j * m + i] = sums[i * m + j];
            }
        }
        return DenseKernelMatrix.wrapRowMajor(m, sums);
    }

    /**
     * The m x m matrix of the normalised set kernel k_set(X_i, X_j) / sqrt(k_set(X_i, X_i)
     * k_set(X_j, X_j)) (the averaging cancels: this is also the normalised summed kernel
     * sum_p sum_q k(x_p, y_q)); an entry is 0 when either self-similarity is 0, as in
     * {@link dev.kernelkit.kernel.NormalizedKernel}.
     *
     * @throws IllegalArgumentException for instances of different dimensions or a
     *         negative self-similarity
     */
    public DenseKernelMatrix normalizedGram(SetKernel kernel, List<? extends Bag> bags) {
        DenseKernelMatrix raw = gram(kernel, bags);
        int m = bags.size();
        double[] scale = new double[m];
        for (int i = 0; i < m; i++) {
            scale[i] = inverseRoot(raw.diagonal(i), bags.get(i), kernel);
        }
        double[] k = new double[m * m];
        for (int i = 0; i < m; i++) {
            for (int j = i; j < m; j++) {
                double v = raw.get(i, j) * scale[i] * scale[j];
                k[i * m + j] = v;
                k[j * m + i] = v;
            }
        }
        return DenseKernelMatrix.wrapRowMajor(m, k);
    }

    /**
     * The t x m cross matrix k_set(test_a, train_j), equal (to rounding) to
     * {@code CrossKernelMatrix.compute(kernel, test, train)}.
     *
     * @throws IllegalArgumentException for instances of different dimensions
     */
    public CrossKernelMatrix cross(SetKernel kernel, List<? extends Bag> test, List<? extends Bag> train) {
        int t = test.size(), m = train.size();
        double[] sums = blockSums(kernel.instance(), test, train, false);
        int[] ts = sizes(test), ms = sizes(train);
        for (int a = 0; a < t; a++) {
            for (int j = 0; j < m; j++) {
                sums[a * m + j] /= (double) ts[a] * ms[j];
            }
        }
        return CrossKernelMatrix.wrapRowMajor(t, m, sums);
    }

    /** Self-similarities k_set(X, X) of each bag (one small instance Gram per bag). */
    public double[] selfSimilarities(SetKernel kernel, List<? extends Bag> bags) {
        double[] out = new double[bags.size()];
        for (int i = 0; i < out.length; i++) {
            Bag b = bags.get(i);
            DenseKernelMatrix g = builder.gram(kernel.instance(), b.instances());
            double s = 0;
            double[] row = new double[b.size()];
            for (int p = 0; p < b.size(); p++) {
                g.row(p, row);
                for (double v : row) {
                    s += v;
                }
            }
            out[i] = s / ((double) b.size() * b.size());
        }
        return out;
    }

    private static double inverseRoot(double self, Bag bag, SetKernel kernel) {
        if (self < 0) {
            throw new IllegalArgumentException("normalised set kernel needs k_set(X, X) >= 0, got " + self
                    + " for bag '" + bag.id() + "' with " + kernel + " (is the instance kernel PSD?)");
        }
        return self == 0 ? 0.0 : 1.0 / Math.sqrt(self);
    }

    /**
     * S_ij = sum_(p in rows_i) sum_(q in cols_j) k(x_p, x_q), row-major rows.size() x cols.size();
     * when {@code same} (rows == cols) the symmetric instance Gram is used when it fits one chunk.
     */
    private double[] blockSums(Kernel<Vec> instance, List<? extends Bag> rows, List<? extends Bag> cols,
                               boolean same) {
        List<Vec> colPoints = new ArrayList<>();
        int[] colStart = flatten(cols, colPoints);
        List<Vec> rowPoints;
        int[] rowStart;
        if (same) {
            rowPoints = colPoints;
            rowStart = colStart;
        } else {
            rowPoints = new ArrayList<>();
            rowStart = flatten(rows, rowPoints);
        }
        int r = rows.size(), c = cols.size();
        int nRow = rowPoints.size(), nCol = colPoints.size();
        int[] owner = new int[nRow];
        for (int i = 0; i < r; i++) {
            for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
                owner[p] = i;
            }
        }
        double[] sums = new double[Math.multiplyExact(r, c)];
        if (nRow == 0 || nCol == 0) {
            return sums;
        }
        double[] row = new double[nCol];
        if (same && (long) nRow * nCol <= chunkEntries) {
            DenseKernelMatrix g = builder.gram(instance, rowPoints);
            for (int p = 0; p < nRow; p++) {
                g.row(p, row);
                addRow(row, colStart, sums, owner[p] * c, c);
            }
            return sums;
        }
        int chunk = (int) Math.max(1, Math.min(nRow, chunkEntries / nCol));
        for (int p0 = 0; p0 < nRow; p0 += chunk) {
            int p1 = Math.min(nRow, p0 + chunk);
            CrossKernelMatrix g = builder.cross(instance, rowPoints.subList(p0, p1), colPoints);
            for (int p = p0; p < p1; p++) {
                g.row(p - p0, row);
                addRow(row, colStart, sums, owner[p] * c, c);
            }
        }
        return sums;
    }

    /** out[base + j] += sum of row over the columns of bag j. */
    private static void addRow(double[] row, int[] colStart, double[] out, int base, int c) {
        for (int j = 0; j < c; j++) {
            double s = 0;
            for (int q = colStart[j], end = colStart[j + 1]; q < end; q++) {
                s += row[q];
            }
            out[base + j] += s;
        }
    }

    /** Appends every instance to {@code points}; returns the m + 1 start offsets. */
    private static int[] flatten(List<? extends Bag> bags, List<Vec> points) {
        int[] start = new int[bags.size() + 1];
        for (int i = 0; i < bags.size(); i++) {
            Bag b = bags.get(i);
            start[i] = points.size();
            points.addAll(b.instances());
        }
        start[bags.size()] = points.size();
        return start;
    }

    private static int[] sizes(List<? extends Bag> bags) {
        int[] s = new int[bags.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = bags.get(i).size();
        }
        return s;
    }
}
