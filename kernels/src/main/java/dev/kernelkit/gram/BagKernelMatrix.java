package dev.kernelkit.gram;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.SetKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A kernel matrix over bags computed on demand, K_ij = k(B_i, B_j), with an LRU cache of full rows
 * bounded in bytes (8 m bytes per row): what a solver reads when the m x m bag matrix does not fit
 * (a core vector machine over 200,000 bags, SMO over 20,000).
 *
 * <p>Fast paths, each giving the doubles {@code kernel.apply} gives:
 * <ul>
 *   <li>the averaged set kernel k_set(X, Y) = (1 / (|X| |Y|)) sum_p sum_q k(x_p, y_q)
 *       ({@link SetKernel}; Gaertner, Flach, Kowalczyk and Smola, ICML 2002): every instance is kept
 *       once in a {@link CachedKernelMatrix} of the instance kernel (for a Gaussian, squared norms and
 *       one dot product per pair on primitive arrays, equal to {@code instance.apply}); an entry sums
 *       the instance entries p by p, q by q in the order of {@link SetKernel#apply}, and divides by
 *       |X| |Y| the same way, so it is the same double;</li>
 *   <li>its cosine normalisation {@code new NormalizedKernel<>(setKernel)}
 *       k_set(X, Y) / sqrt(k_set(X, X) k_set(Y, Y)) as {@link NormalizedKernel#apply} computes it,
 *       the self-similarities computed once per bag.</li>
 * </ul>
 * Any other bag kernel is evaluated by {@code kernel.apply}. Cost of an entry of the set kernel:
 * |X| |Y| instance-kernel evaluations. Memory: the instances (a dense copy for a Gaussian on dense
 * instances), m self-similarities and the row cache. Safe for concurrent reads.
 */
public final class BagKernelMatrix implements KernelMatrix {
    private final List<Bag> bags;
    private final Kernel<Bag> kernel;
    private final int m;
    /** The instance matrix of a set kernel (null for any other kernel). */
    private final CachedKernelMatrix instances;
    /** Bag i's instances are rows start[i] .. start[i + 1] of the instance matrix. */
    private final int[] start;
    private final boolean normalized;
    /** k_set(B_i, B_i) for the normalised set kernel. */
    private final double[] self;
    private final double[] diag;
    private final RowCache rows;

    private BagKernelMatrix(List<? extends Bag> bags, Kernel<Bag> kernel, double cacheMb) {
        this.bags = List.copyOf(bags);
        this.kernel = kernel;
        this.m = this.bags.size();
        this.rows = new RowCache(m, cacheMb);
        SetKernel set = null;
        boolean norm = false;
        if (kernel instanceof SetKernel s) {
            set = s;
        } else if (kernel instanceof NormalizedKernel<Bag> n && n.base() instanceof SetKernel s) {
            set = s;
            norm = true;
        }
        this.normalized = norm;
        if (set != null) {
            List<Vec> flat = new ArrayList<>();
            start = new int[m + 1];
            for (int i = 0; i < m; i++) {
                start[i] = flat.size();
                flat.addAll(this.bags.get(i).instances());
            }
            start[m] = flat.size();
            instances = CachedKernelMatrix.of(flat, set.instance(), 0.0, 1);
        } else {
            instances = null;
            start = null;
        }
        if (normalized) {
            self = new double[m];
            for (int i = 0; i < m; i++) {
                self[i] = setEntry(i, i);
                if (self[i] < 0) {
                    throw new IllegalArgumentException("normalized kernel needs k(x, x) >= 0, got " + self[i] + " from "
                            + set + " for bag '" + this.bags.get(i).id() + "' (is the base kernel PSD?)");
                }
            }
        } else {
            self = null;
        }
        diag = new double[m];
        for (int i = 0; i < m; i++) {
            diag[i] = entry(i, i);
        }
    }

    /**
     * A lazy matrix of {@code kernel} over {@code bags}.
     *
     * @param cacheMb row-cache budget in megabytes (2^20 bytes), &ge; 0 (0 = no cache)
     * @throws IllegalArgumentException when cacheMb is negative or not finite, instances differ in
     *         dimension (Gaussian instance kernel), or a normalised set kernel meets a negative
     *         self-similarity
     */
    public static BagKernelMatrix of(List<? extends Bag> bags, Kernel<Bag> kernel, double cacheMb) {
        Objects.requireNonNull(bags, "bags");
        Objects.requireNonNull(kernel, "kernel");
        if (!(cacheMb >= 0) || !Double.isFinite(cacheMb)) {
            throw new IllegalArgumentException("cacheMb must be >= 0 and finite, got " + cacheMb);
        }
        return new BagKernelMatrix(bags, kernel, cacheMb);
    }

    /** Whether entries come from the instance matrix (the set kernel or its normalised form). */
    public boolean usesSetKernelPath() {
        return instances != null;
    }

    /** The bags, in matrix order. */
    public List<Bag> bags() {
        return bags;
    }

    /** The bag kernel. */
    public Kernel<Bag> kernel() {
        return kernel;
    }

    @Override
    public int size() {
        return m;
    }

    @Override
    public double get(int i, int j) {
        if (i == j) {
            return diag[i];
        }
        double[] r = rows.cached(i);
        return r != null ? r[j] : entry(i, j);
    }

    @Override
    public double diagonal(int i) {
        return diag[i];
    }

    @Override
    public void row(int i, double[] out) {
        if (!rows.copy(i, out)) {
            compute(i, null, m, out);
            rows.keep(i, out);
        }
    }

    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        if (!rows.gather(i, cols, count, out)) {
            compute(i, cols, count, out);
        }
    }

    private double entry(int i, int j) {
        if (instances == null) {
            return kernel.apply(bags.get(i), bags.get(j));
        }
        double raw = setEntry(i, j);
        return normalized ? normalize(raw, i, j) : raw;
    }

    /** NormalizedKernel.apply's arithmetic on the stored self-similarities. */
    private double normalize(double raw, int i, int j) {
        double kxx = self[i];
        double kyy = self[j];
        if (kxx == 0 || kyy == 0) {
            return 0.0;
        }
        return raw / Math.sqrt(kxx * kyy);
    }

    /** k_set(B_i, B_j) summed in SetKernel.apply's order. */
    private double setEntry(int i, int j) {
        int[] one = {j};
        double[] out = new double[1];
        setBlock(i, one, 1, out);
        return out[0];
    }

    /** out[k] = K(i, cols[k]) (cols null: K(i, k)) for k &lt; count. */
    private void compute(int i, int[] cols, int count, double[] out) {
        if (instances == null) {
            Bag bi = bags.get(i);
            for (int k = 0; k < count; k++) {
                out[k] = kernel.apply(bi, bags.get(cols == null ? k : cols[k]));
            }
            return;
        }
        int[] c = cols;
        if (c == null) {
            c = new int[count];
            for (int k = 0; k < count; k++) {
                c[k] = k;
            }
        }
        setBlock(i, c, count, out);
        if (normalized) {
            for (int k = 0; k < count; k++) {
                out[k] = normalize(out[k], i, c[k]);
            }
        }
    }

    /**
     * out[k] = k_set(B_i, B_cols[k]) for k &lt; count: the instance rows of bag i's instances
     * against the instances of all the bags in cols, accumulated per bag with p (bag i's instance)
     * outer and q inner, as SetKernel.apply adds them.
     */
    private void setBlock(int i, int[] cols, int count, double[] out) {
        int total = 0;
        for (int k = 0; k < count; k++) {
            int j = cols[k];
            total += start[j + 1] - start[j];
        }
        int[] instCols = new int[total];
        int t = 0;
        for (int k = 0; k < count; k++) {
            int j = cols[k];
            for (int q = start[j]; q < start[j + 1]; q++) {
                instCols[t++] = q;
            }
        }
        double[] sums = new double[count];
        double[] buf = new double[Math.max(1, total)];
        for (int p = start[i]; p < start[i + 1]; p++) {
            instances.row(p, instCols, total, buf);
            int q = 0;
            for (int k = 0; k < count; k++) {
                int size = start[cols[k] + 1] - start[cols[k]];
                double s = sums[k];
                for (int e = q + size; q < e; q++) {
                    s += buf[q];
                }
                sums[k] = s;
            }
        }
        int ni = start[i + 1] - start[i];
        for (int k = 0; k < count; k++) {
            int nj = start[cols[k] + 1] - start[cols[k]];
            out[k] = sums[k] / ((double) ni * nj);
        }
    }

    @Override
    public String toString() {
        return "BagKernelMatrix(m=" + m + ", kernel=" + kernel + ", cachedRows<=" + rows.capacity() + ")";
    }
}
