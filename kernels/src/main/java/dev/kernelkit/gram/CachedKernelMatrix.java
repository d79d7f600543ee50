package dev.kernelkit.gram;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.EqualPoints;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * A kernel matrix over points computed on demand: K_ij = k(x_i, x_j) evaluated when asked, with
 * an LRU cache of full rows bounded in bytes (8 n bytes per row). For large n, where the n^2
 * matrix does not fit, this is what solvers read.
 *
 * <p>Fast path for {@link GaussianKernel}: squared norms are precomputed and a row is
 * exp(-gamma (|x_i|^2 + |x_j|^2 - 2 x_i.x_j)) with the dot products taken against x_i scattered
 * into a dense buffer (sparse data, O(nnz_j) per entry with no index merging) or against a dense
 * row-major copy of the points (dense data). The arithmetic is the same as {@link Vec#dot} and
 * {@link Vec#squaredDistance} in the same order, so entries equal {@code kernel.apply} exactly.
 * Dense points of which at most a quarter of the coordinates are non-zero (one-hot blocks and
 * counts, as in KDD-99) are kept as their non-zero entries only, grouped by the lane (index mod 4)
 * in which the dense loop's four partial sums would add them: the same partial sums, in the same
 * order, without the products with zero, so the entries are the dense path's doubles bit for bit at
 * O(nnz_j) per entry ({@link #usesLaneSparsePath()}).
 * Sparse-stored points of which at least half the entries are stored (low-dimensional dense data read from
 * LIBSVM text, as ijcnn1) are copied densely ({@link #usesDensePath()}): a row is computed four entries at a
 * time, one sum per entry over the coordinates in index order, the same products and order as the sparse path,
 * so the entries are bit for bit the sparse path's.
 * When every stored value is 0 or 1 (one-hot or binary features, as in a9a) and d &le; 4096, points
 * are also kept as bitsets: x_i.x_j is a popcount of their AND and the squared distance
 * |x_i|^2 + |x_j|^2 - 2 x_i.x_j an exact small integer d, so the entry is read from a table of
 * exp(-gamma d) (the same double as {@code kernel.apply}, computed once per d).
 * When at most {@value #DEDUP_MAX_DISTINCT} of the points are distinct (KDD-99: 66,172 distinct among 200,000
 * training points), each entry of a request of at least {@value #DEDUP_MIN_COUNT} entries is computed once per
 * distinct point and copied to its duplicates
 * ({@link #distinctPoints()}); equal points give equal entries on every path, so nothing changes but the time.
 * Rows of at least {@value #PARALLEL_MIN} entries are split over the common fork-join pool.
 *
 * <p>{@link #row(int, double[])} goes through the cache; {@link #row(int, int[], int, double[])}
 * (a solver's partial rows) reads a cached full row when there is one and otherwise computes just
 * the requested entries without caching them (the solver caches what it needs). With a cache of
 * 0 MB nothing is cached. Safe for concurrent reads.
 */
public final class CachedKernelMatrix implements KernelMatrix {

    /** Which Gaussian fast paths may be used. */
    public enum FastPath {
        /** Every exact fast path that the data allows (the 0/1-feature popcount path included). */
        AUTO,
        /**
         * Only the general dot-product path, as for data with arbitrary feature values (neither the popcount
         * path nor the dense copy of sparse-stored points).
         */
        GENERAL
    }

    static final int PARALLEL_MIN = 2048;
    private static final int CHUNK_MIN = 1024;
    /** Dense points use the lane-grouped sparse path when at most this fraction of entries is non-zero. */
    private static final double LANE_SPARSE_MAX_DENSITY = 0.25;
    /**
     * Points stored sparsely ({@link SparseVec}) are copied densely when at least this fraction of the n d
     * entries is stored (the dense copy's 8 n d bytes are then at most 4/3 of the CSR copy's 12 per entry).
     */
    static final double DENSE_MIN_DENSITY = 0.5;
    /** ... and when the dense copy takes at most this fraction of the JVM's maximum heap. */
    private static final double DENSE_MAX_HEAP_FRACTION = 0.25;
    /** Rows are computed once per distinct point when at most this fraction of the points are distinct, ... */
    static final double DEDUP_MAX_DISTINCT = 0.8;
    /**
     * ... for requests of at least this many entries (a solver's rows over its active set; not a core vector
     * machine's short rows, which the duplicate search, done on the first long request, would only slow down).
     */
    static final int DEDUP_MIN_COUNT = 2048;
    private static final int[][] NO_DUPLICATES = new int[0][];

    private final List<Vec> points;
    private final Kernel<Vec> kernel;
    private final int n;
    private final double[] diag;
    private final RowCache rows;
    private final int parallelism;

    // Gaussian fast path (gamma > 0 when active)
    private final double gamma;
    private final int dim;
    private final double[] sq;
    private final double[] dense;     // row-major n x dim when all points are dense (and not lane-sparse), or
                                      // sparse-stored points dense enough for the in-order dense path
    private final boolean inOrder;    // dense holds sparse-stored points: x_i.x_j summed in index order
    private final int[] lanePtr;      // lane-sparse: non-zeros of point j, lane l at lanePtr[4j+l] .. lanePtr[4j+l+1]
    private final int[] ptr;          // CSR otherwise (and the non-zeros of a lane-sparse point: ptr[j] = lanePtr[4j])
    private final int[] idx;
    private final double[] val;
    private final long[] bits;        // 0/1-valued points: one bitset of `words` longs per point
    private final int words;
    private final double[] expTable;  // exp(-gamma d) for the integer squared distances d
    private final boolean mayMerge;   // duplicates may be merged (Gaussian, not the popcount path, FastPath.AUTO)
    private volatile int[][] duplicates; // {uid, first} of EqualPoints.of, NO_DUPLICATES, or null before the first long row
    private volatile boolean pathNoted; // KernelRowPaths has this matrix's path
    private final java.util.concurrent.ConcurrentLinkedQueue<Memo> memos = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private CachedKernelMatrix(List<? extends Vec> pts, Kernel<Vec> kernel, double cacheMb, int parallelism,
                               FastPath fastPath) {
        this.points = List.copyOf(pts);
        this.kernel = kernel;
        this.n = points.size();
        this.parallelism = parallelism;
        this.rows = new RowCache(n, cacheMb);
        double[] laneDiag = null;
        if (kernel instanceof GaussianKernel g) {
            gamma = g.gamma();
            dim = n == 0 ? 0 : points.get(0).dim();
            sq = new double[n];
            // each pass over the points is a small method of its own: the JIT compiles (and
            // recompiles on stack replacement) only that loop, not this constructor
            long stored = squaredNorms(points, dim, sq);
            boolean allDense = stored >= 0;
            long nnz = allDense ? stored : -stored - 1;
            Lanes lanes = allDense && dim > 0 ? Lanes.of(points, dim, LANE_SPARSE_MAX_DENSITY * n * (double) dim, sq, gamma)
                    : null;
            if (lanes != null) {
                dense = null;
                lanePtr = lanes.lanePtr;
                ptr = lanes.ptr;
                idx = lanes.idx;
                val = lanes.val;
                laneDiag = lanes.diag;
            } else if (allDense) {
                dense = new double[Math.multiplyExact(n, dim)];
                copyDense(points, dim, dense);
                lanePtr = null;
                ptr = null;
                idx = null;
                val = null;
            } else {
                if (fastPath == FastPath.AUTO && denseEnough(nnz, n, dim, Runtime.getRuntime().maxMemory())) {
                    dense = copyInOrder(points, dim);
                    lanePtr = null;
                    ptr = null;
                    idx = null;
                    val = null;
                } else {
                    dense = null;
                    lanePtr = null;
                    ptr = new int[n + 1];
                    idx = new int[Math.toIntExact(nnz)];
                    val = new double[idx.length];
                    copySparse(points, dim, ptr, idx, val);
                }
            }
            inOrder = !allDense && dense != null;
            boolean binary = fastPath == FastPath.AUTO && dim <= 64 * 64
                    && zeroOne(val == null ? dense : val, val == null ? dense.length : ptr[n]);
            if (binary) {
                words = (dim + 63) >>> 6;
                bits = new long[n * words];
                int maxCount = bitsets(points, words, sq, bits);
                expTable = new double[2 * maxCount + 1];
                for (int d = 0; d < expTable.length; d++) {
                    expTable[d] = Math.exp(-gamma * (double) d);
                }
            } else {
                words = 0;
                bits = null;
                expTable = null;
            }
        } else {
            gamma = 0;
            dim = 0;
            sq = null;
            dense = null;
            inOrder = false;
            lanePtr = null;
            ptr = null;
            idx = null;
            val = null;
            bits = null;
            words = 0;
            expTable = null;
        }
        mayMerge = gamma > 0 && bits == null && fastPath == FastPath.AUTO;
        if (laneDiag != null && bits == null) {
            // k(x_i, x_i) as kernel.apply gives it, summed while the lanes were built
            diag = laneDiag;
        } else {
            diag = new double[n];
            if (dense != null && !inOrder && bits == null) {
                // the dense path repeats DenseVec.dot's sums exactly: k(x_i, x_i) as kernel.apply gives it
                int[] self = new int[1];
                double[] one = new double[1];
                for (int i = 0; i < n; i++) {
                    self[0] = i;
                    gaussianRange(i, null, self, 0, 1, one);
                    diag[i] = one[0];
                }
            } else {
                for (int i = 0; i < n; i++) {
                    diag[i] = entry(i, i);
                }
            }
        }
    }

    /**
     * |x_i|^2 of every point into sq, checking dimensions; returns the number s of stored entries
     * in all when every point is a {@link DenseVec}, else -s - 1 (negative).
     */
    private static long squaredNorms(List<Vec> points, int dim, double[] sq) {
        boolean allDense = true;
        long nnz = 0;
        for (int i = 0; i < sq.length; i++) {
            Vec v = points.get(i);
            if (v.dim() != dim) {
                throw new IllegalArgumentException("point " + i + " has dimension " + v.dim() + ", expected " + dim);
            }
            sq[i] = v.squaredNorm();
            allDense &= v instanceof DenseVec;
            nnz += v.storedCount();
        }
        return allDense ? nnz : -nnz - 1;
    }

    /**
     * The rule of the in-order dense path for points of which some are stored sparsely: at least
     * {@link #DENSE_MIN_DENSITY} of the n d entries stored, n d &le; 2^31 - 1, and the copy's 8 n d bytes at most
     * {@link #DENSE_MAX_HEAP_FRACTION} of the maximum heap.
     *
     * @param stored the number of stored entries of all points
     * @param maxHeapBytes the JVM's maximum heap ({@code Runtime.maxMemory()})
     */
    static boolean denseEnough(long stored, int n, int dim, long maxHeapBytes) {
        long cells = (long) n * dim;
        return n > 0 && dim > 0 && cells <= Integer.MAX_VALUE - 16 && stored >= DENSE_MIN_DENSITY * cells
                && 8.0 * cells <= DENSE_MAX_HEAP_FRACTION * maxHeapBytes;
    }

    /**
     * The points as a row-major n x dim array (absent entries 0). Vec entries are finite (SparseVec and DenseVec
     * reject others), so a product with an absent entry is a zero, which leaves a sum unchanged.
     */
    private static double[] copyInOrder(List<Vec> points, int dim) {
        double[] x = new double[points.size() * dim];
        for (int i = 0, n = points.size(); i < n; i++) {
            Vec v = points.get(i);
            int base = i * dim;
            if (v instanceof SparseVec s) {
                for (int q = 0, m = s.storedCount(); q < m; q++) {
                    x[base + s.indexAt(q)] = s.valueAt(q);
                }
            } else {
                ((DenseVec) v).copyInto(x, base);
            }
        }
        return x;
    }

    private static void copyDense(List<Vec> points, int dim, double[] dense) {
        for (int i = 0, n = points.size(); i < n; i++) {
            ((DenseVec) points.get(i)).copyInto(dense, i * dim);
        }
    }

    private static void copySparse(List<Vec> points, int dim, int[] ptr, int[] idx, double[] val) {
        int p = 0;
        int n = points.size();
        for (int i = 0; i < n; i++) {
            ptr[i] = p;
            Vec v = points.get(i);
            if (v instanceof SparseVec s) {
                for (int q = 0; q < s.storedCount(); q++) {
                    idx[p] = s.indexAt(q);
                    val[p++] = s.valueAt(q);
                }
            } else {
                for (int q = 0; q < dim; q++) {
                    idx[p] = q;
                    val[p++] = v.get(q);
                }
            }
        }
        ptr[n] = p;
    }

    /** Whether v[0..len) are all 0 or 1. */
    private static boolean zeroOne(double[] v, int len) {
        for (int p = 0; p < len; p++) {
            if (v[p] != 0.0 && v[p] != 1.0) {
                return false;
            }
        }
        return true;
    }

    /** The 0/1 points as bitsets of {@code words} longs each; returns the largest count of ones. */
    private static int bitsets(List<Vec> points, int words, double[] sq, long[] bits) {
        int maxCount = 0;
        for (int i = 0, n = points.size(); i < n; i++) {
            final int base = i * words;
            points.get(i).forEachStored((q, v) -> {
                if (v != 0.0) {
                    bits[base + (q >>> 6)] |= 1L << (q & 63);
                }
            });
            maxCount = Math.max(maxCount, (int) sq[i]);
        }
        return maxCount;
    }

    /**
     * Dense points as their non-zero entries grouped by the dense loop's lanes (index mod 4, the
     * tail beyond the last multiple of 4 on lane 0), built in one pass, with k(x_i, x_i) from the
     * same partial sums as {@link #gaussianRange} (the products with zero, skipped, add nothing: DenseVec
     * entries are finite, and a sum started at +0.0 never becomes -0.0).
     */
    private static final class Lanes {
        final int[] lanePtr;
        final int[] ptr;
        final int[] idx;
        final double[] val;
        final double[] diag;

        private Lanes(int[] lanePtr, int[] ptr, int[] idx, double[] val, double[] diag) {
            this.lanePtr = lanePtr;
            this.ptr = ptr;
            this.idx = idx;
            this.val = val;
            this.diag = diag;
        }

        /** The lanes of all points, or null as soon as more than {@code maxNonZero} entries are non-zero. */
        static Lanes of(List<Vec> points, int dim, double maxNonZero, double[] sq, double gamma) {
            int n = points.size();
            int[] lanePtr = new int[4 * n + 1];
            int[] ptr = new int[n + 1];
            double[] diag = new double[n];
            double[] v = new double[dim];
            // capacity from the first points' non-zeros (grown by half when short, trimmed at the end)
            int sample = Math.min(n, 512);
            long seen = 0;
            for (int i = 0; i < sample; i++) {
                ((DenseVec) points.get(i)).copyInto(v, 0);
                for (double a : v) {
                    seen += a != 0.0 ? 1 : 0;
                }
            }
            if (seen > maxNonZero) {
                return null;
            }
            long guess = (long) (seen * (double) n / Math.max(1, sample) * 1.0625) + dim + 16;
            int cap = (int) Math.min(Math.min(guess, (long) maxNonZero + dim + 16), Integer.MAX_VALUE - 16);
            int[] idx = new int[cap];
            double[] val = new double[cap];
            int tail = dim & ~3; // the dense loop adds indices >= tail to lane 0, after its main loop
            double g = -gamma;
            int p = 0;
            for (int i = 0; i < n; i++) {
                if (idx.length - p < dim) {
                    int grown = (int) Math.min((long) Math.max(idx.length + idx.length / 2, p + dim), Integer.MAX_VALUE - 16);
                    if (grown - p < dim) {
                        throw new IllegalArgumentException("too many non-zero entries for one array: " + p + " + " + dim);
                    }
                    idx = java.util.Arrays.copyOf(idx, grown);
                    val = java.util.Arrays.copyOf(val, grown);
                }
                ((DenseVec) points.get(i)).copyInto(v, 0);
                ptr[i] = p;
                int b = 4 * i;
                // every entry is written, the position moves past the non-zeros only (no branch per entry)
                for (int lane = 0; lane < 4; lane++) {
                    lanePtr[b + lane] = p;
                    for (int q = lane; q < tail; q += 4) {
                        double a = v[q];
                        idx[p] = q;
                        val[p] = a;
                        p += a != 0.0 ? 1 : 0;
                    }
                    if (lane == 0) {
                        for (int q = tail; q < dim; q++) {
                            double a = v[q];
                            idx[p] = q;
                            val[p] = a;
                            p += a != 0.0 ? 1 : 0;
                        }
                    }
                }
                if (p > maxNonZero) {
                    return null;
                }
                double s0 = 0;
                double s1 = 0;
                double s2 = 0;
                double s3 = 0;
                for (int t = lanePtr[b], e = lanePtr[b + 1]; t < e; t++) {
                    s0 += val[t] * val[t];
                }
                for (int t = lanePtr[b + 1], e = lanePtr[b + 2]; t < e; t++) {
                    s1 += val[t] * val[t];
                }
                for (int t = lanePtr[b + 2], e = lanePtr[b + 3]; t < e; t++) {
                    s2 += val[t] * val[t];
                }
                for (int t = lanePtr[b + 3]; t < p; t++) {
                    s3 += val[t] * val[t];
                }
                double s = (s0 + s1) + (s2 + s3);
                double d = sq[i] + sq[i] - 2.0 * s;
                diag[i] = Math.exp(g * (d > 0 ? d : 0.0));
            }
            lanePtr[4 * n] = p;
            ptr[n] = p;
            if (idx.length - p > p / 32 + 16) {
                idx = java.util.Arrays.copyOf(idx, p);
                val = java.util.Arrays.copyOf(val, p);
            }
            return new Lanes(lanePtr, ptr, idx, val, diag);
        }
    }

    /**
     * A lazy matrix using every available core for long rows.
     *
     * @param cacheMb row-cache budget in megabytes (2^20 bytes), &ge; 0 (0 = no cache)
     * @throws IllegalArgumentException when cacheMb is negative or not finite, or points differ
     *         in dimension (Gaussian kernel)
     */
    public static CachedKernelMatrix of(List<? extends Vec> points, Kernel<Vec> kernel, double cacheMb) {
        return of(points, kernel, cacheMb, dev.kernelkit.util.Threads.available());
    }

    /**
     * As {@link #of(List, Kernel, double)} with an explicit number of threads per row (&ge; 1).
     */
    public static CachedKernelMatrix of(List<? extends Vec> points, Kernel<Vec> kernel, double cacheMb,
                                        int parallelism) {
        return of(points, kernel, cacheMb, parallelism, FastPath.AUTO);
    }

    /**
     * As {@link #of(List, Kernel, double, int)}, choosing which Gaussian fast paths may be used
     * (benchmarks use {@link FastPath#GENERAL} to show the speed on arbitrary feature values).
     */
    public static CachedKernelMatrix of(List<? extends Vec> points, Kernel<Vec> kernel, double cacheMb,
                                        int parallelism, FastPath fastPath) {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(fastPath, "fastPath");
        if (!(cacheMb >= 0) || !Double.isFinite(cacheMb)) {
            throw new IllegalArgumentException("cacheMb must be >= 0 and finite, got " + cacheMb);
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be >= 1, got " + parallelism);
        }
        return new CachedKernelMatrix(points, kernel, cacheMb, parallelism, fastPath);
    }

    /** Whether entries come from the 0/1-feature popcount path (all stored values 0 or 1). */
    public boolean usesBinaryPath() {
        return bits != null;
    }

    /**
     * Whether points of which some are stored sparsely are kept as a dense row-major copy ({@link FastPath#AUTO}
     * and the rule of {@link #denseEnough}: at least half the entries stored, the copy within a quarter of the
     * heap): x_i.x_j is summed over every coordinate in index order, four entries of a row at a time, the same
     * non-zero products in the same order as the sparse path, so the entries equal it (and {@code kernel.apply}
     * on sparse points) bit for bit.
     */
    public boolean usesDensePath() {
        return inOrder && bits == null;
    }

    /**
     * How rows are computed, as benchmarks and fit reports name it: "binary-popcount" (0/1 features), "dense" ({@link
     * #usesDensePath()}), "lane-sparse" ({@link #usesLaneSparsePath()}), "dense-vectors" (dense points, not
     * lane-sparse: their row-major copy, {@link DenseVec#dot}'s sums) or "general" (sparse dot products, or a kernel
     * that is not Gaussian); with "+distinct" when rows are computed once per distinct point.
     */
    public String kernelPath() {
        String path = basePath();
        return distinctPoints() == 0 ? path : path + "+distinct";
    }

    private String basePath() {
        return usesBinaryPath() ? "binary-popcount" : usesDensePath() ? "dense" : usesLaneSparsePath() ? "lane-sparse"
                : dense != null ? "dense-vectors" : "general";
    }

    /**
     * Notes this matrix's path with {@link KernelRowPaths} on its first computed row: {@link #kernelPath()} when
     * full rows are long enough to be merged over distinct points ({@value #DEDUP_MIN_COUNT} entries), else the path
     * without the merge.
     */
    private void notePath() {
        if (!pathNoted) {
            pathNoted = true;
            KernelRowPaths.note(n >= DEDUP_MIN_COUNT ? kernelPath() : basePath());
        }
    }

    /** {uid, first} when duplicates are merged (found on the first call), else null. */
    private int[][] merged() {
        if (!mayMerge) {
            return null;
        }
        int[][] d = duplicates;
        if (d == null) {
            synchronized (this) {
                d = duplicates;
                if (d == null) {
                    EqualPoints found = EqualPoints.of(points, (int) (DEDUP_MAX_DISTINCT * points.size()));
                    d = found == null ? NO_DUPLICATES : new int[][] {found.groupOf(), found.first()};
                    duplicates = d;
                }
            }
        }
        return d == NO_DUPLICATES ? null : d;
    }

    /**
     * The number of distinct points when rows of at least {@value #DEDUP_MIN_COUNT} entries are computed once per
     * distinct point and copied to its duplicates ({@link FastPath#AUTO}, a Gaussian kernel off the popcount path,
     * at most {@value #DEDUP_MAX_DISTINCT} of the points distinct: KDD-99's 200,000 training points are 66,172
     * distinct ones), else 0. Entries are unchanged bit for bit. The duplicates are searched for on the first call
     * of this method or the first row of that length.
     */
    public int distinctPoints() {
        int[][] d = merged();
        return d == null ? 0 : d[1].length;
    }

    /**
     * Whether dense points are kept as their non-zero entries grouped by the dense loop's lanes
     * (at most a quarter of the entries non-zero): the dense path's entries, bit for bit, at O(nnz)
     * per entry.
     */
    public boolean usesLaneSparsePath() {
        return lanePtr != null && bits == null;
    }

    @Override
    public int size() {
        return n;
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
            compute(i, null, n, out);
            rows.keep(i, out);
        }
    }

    @Override
    public void row(int i, int[] cols, int count, double[] out) {
        if (!rows.gather(i, cols, count, out)) {
            compute(i, cols, count, out);
        }
    }

    /** Number of rows currently cached. */
    public int cachedRows() {
        return rows.size();
    }

    private double entry(int i, int j) {
        return kernel.apply(points.get(i), points.get(j));
    }

    /** out[k] = K(i, cols[k]) (cols null: K(i, k)) for k &lt; count. */
    private void compute(int i, int[] cols, int count, double[] out) {
        notePath();
        if (gamma == 0) {
            Vec xi = points.get(i);
            if (count >= PARALLEL_MIN && parallelism > 1) {
                split(count, (from, to) -> {
                    for (int k = from; k < to; k++) {
                        out[k] = kernel.apply(xi, points.get(cols == null ? k : cols[k]));
                    }
                });
            } else {
                for (int k = 0; k < count; k++) {
                    out[k] = kernel.apply(xi, points.get(cols == null ? k : cols[k]));
                }
            }
            return;
        }
        if (bits != null) {
            if (count >= PARALLEL_MIN && parallelism > 1) {
                split(count, (from, to) -> binaryRange(i, cols, from, to, out));
            } else {
                binaryRange(i, cols, 0, count, out);
            }
            return;
        }
        double[] w;
        if (dense != null) {
            w = null;
        } else {
            w = new double[dim];
            for (int p = ptr[i]; p < ptr[i + 1]; p++) {
                w[idx[p]] = val[p];
            }
        }
        int[][] dup = count >= DEDUP_MIN_COUNT ? merged() : null;
        Range body = dup != null ? (from, to) -> distinctRange(i, w, cols, from, to, out, dup[0], dup[1])
                : (from, to) -> entries(i, w, cols, from, to, out);
        if (count >= PARALLEL_MIN && parallelism > 1) {
            split(count, body);
        } else {
            body.run(0, count);
        }
    }

    /** out[k] = K(i, cols[k]) for k in [from, to) by the Gaussian path of these points (not the popcount path). */
    private void entries(int i, double[] w, int[] cols, int from, int to, double[] out) {
        if (inOrder) {
            inOrderRange(i, cols, from, to, out);
        } else {
            gaussianRange(i, w, cols, from, to, out);
        }
    }

    /**
     * As {@link #entries}, computing each distinct point's entry once and copying it to its duplicates (equal
     * points give equal entries on every path, bit for bit).
     */
    private void distinctRange(int i, double[] w, int[] cols, int from, int to, double[] out, int[] uid, int[] first) {
        Memo m = memos.poll();
        if (m == null) {
            m = new Memo(first.length);
        }
        try {
            int call = m.next();
            int[] st = m.stamp;
            int[] sl = m.slot;
            int[] id = uid;
            int[] uc = m.columns(to - from);
            int nu = 0;
            for (int k = from; k < to; k++) {
                int u = id[cols == null ? k : cols[k]];
                if (st[u] != call) {
                    st[u] = call;
                    sl[u] = nu;
                    uc[nu++] = first[u];
                }
            }
            double[] v = m.values(nu);
            entries(i, w, uc, 0, nu, v);
            for (int k = from; k < to; k++) {
                out[k] = v[sl[id[cols == null ? k : cols[k]]]];
            }
        } finally {
            memos.add(m);
        }
    }

    /** Scratch of {@link #distinctRange}: which distinct points a call has seen, and where their entries are. */
    private static final class Memo {
        final int[] stamp;
        final int[] slot;
        int[] cols = new int[0];
        double[] vals = new double[0];
        int call;

        Memo(int distinct) {
            stamp = new int[distinct];
            slot = new int[distinct];
        }

        int next() {
            if (call == Integer.MAX_VALUE) {
                java.util.Arrays.fill(stamp, 0);
                call = 0;
            }
            return ++call;
        }

        int[] columns(int len) {
            if (cols.length < len) {
                cols = new int[len];
            }
            return cols;
        }

        double[] values(int len) {
            if (vals.length < len) {
                vals = new double[Math.max(len, cols.length)];
            }
            return vals;
        }
    }

    /** 0/1 points: x_i.x_j = popcount(b_i AND b_j), so ||x_i - x_j||^2 is an integer d. */
    private void binaryRange(int i, int[] cols, int from, int to, double[] out) {
        long[] b = bits;
        int nw = words;
        int bi = i * nw;
        int sqi = (int) sq[i];
        double[] tab = expTable;
        if (nw == 2) {
            long b0 = b[bi];
            long b1 = b[bi + 1];
            for (int k = from; k < to; k++) {
                int j = cols == null ? k : cols[k];
                int dot = Long.bitCount(b0 & b[2 * j]) + Long.bitCount(b1 & b[2 * j + 1]);
                out[k] = tab[sqi + (int) sq[j] - 2 * dot];
            }
            return;
        }
        for (int k = from; k < to; k++) {
            int j = cols == null ? k : cols[k];
            int bj = j * nw;
            int dot = 0;
            for (int q = 0; q < nw; q++) {
                dot += Long.bitCount(b[bi + q] & b[bj + q]);
            }
            out[k] = tab[sqi + (int) sq[j] - 2 * dot];
        }
    }

    /**
     * The in-order dense path: x_i.x_j as one sum over q = 0 .. d - 1 per entry (the sparse path's order; the
     * products with absent entries are zeros, which leave a sum unchanged), four entries at a time so that the
     * four sums run in parallel and x_i's coordinate is loaded once for them.
     */
    private void inOrderRange(int i, int[] cols, int from, int to, double[] out) {
        double[] x = dense;
        double[] sn = sq;
        int dd = dim;
        int bi = i * dd;
        double sqi = sn[i];
        double g = -gamma;
        int k = from;
        for (; k + 3 < to; k += 4) {
            int j0 = cols == null ? k : cols[k];
            int j1 = cols == null ? k + 1 : cols[k + 1];
            int j2 = cols == null ? k + 2 : cols[k + 2];
            int j3 = cols == null ? k + 3 : cols[k + 3];
            int b0 = j0 * dd;
            int b1 = j1 * dd;
            int b2 = j2 * dd;
            int b3 = j3 * dd;
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            for (int q = 0; q < dd; q++) {
                double a = x[bi + q];
                s0 += a * x[b0 + q];
                s1 += a * x[b1 + q];
                s2 += a * x[b2 + q];
                s3 += a * x[b3 + q];
            }
            double d0 = sqi + sn[j0] - 2.0 * s0;
            double d1 = sqi + sn[j1] - 2.0 * s1;
            double d2 = sqi + sn[j2] - 2.0 * s2;
            double d3 = sqi + sn[j3] - 2.0 * s3;
            out[k] = Math.exp(g * (d0 > 0 ? d0 : 0.0));
            out[k + 1] = Math.exp(g * (d1 > 0 ? d1 : 0.0));
            out[k + 2] = Math.exp(g * (d2 > 0 ? d2 : 0.0));
            out[k + 3] = Math.exp(g * (d3 > 0 ? d3 : 0.0));
        }
        for (; k < to; k++) {
            int j = cols == null ? k : cols[k];
            int bj = j * dd;
            double s = 0;
            for (int q = 0; q < dd; q++) {
                s += x[bi + q] * x[bj + q];
            }
            double d = sqi + sn[j] - 2.0 * s;
            out[k] = Math.exp(g * (d > 0 ? d : 0.0));
        }
    }

    private void gaussianRange(int i, double[] w, int[] cols, int from, int to, double[] out) {
        double sqi = sq[i];
        double g = -gamma;
        if (lanePtr != null) {
            // the dense loop's partial sums s0..s3 over the non-zeros of x_j in each lane, in index order
            int[] ix = idx;
            double[] vx = val;
            int[] lp = lanePtr;
            for (int k = from; k < to; k++) {
                int j = cols == null ? k : cols[k];
                int b = 4 * j;
                double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                for (int p = lp[b], e = lp[b + 1]; p < e; p++) {
                    s0 += w[ix[p]] * vx[p];
                }
                for (int p = lp[b + 1], e = lp[b + 2]; p < e; p++) {
                    s1 += w[ix[p]] * vx[p];
                }
                for (int p = lp[b + 2], e = lp[b + 3]; p < e; p++) {
                    s2 += w[ix[p]] * vx[p];
                }
                for (int p = lp[b + 3], e = lp[b + 4]; p < e; p++) {
                    s3 += w[ix[p]] * vx[p];
                }
                double s = (s0 + s1) + (s2 + s3);
                double d = sqi + sq[j] - 2.0 * s;
                out[k] = Math.exp(g * (d > 0 ? d : 0.0));
            }
        } else if (w != null) {
            int[] ix = idx;
            double[] vx = val;
            int[] pt = ptr;
            for (int k = from; k < to; k++) {
                int j = cols == null ? k : cols[k];
                double s = 0;
                for (int p = pt[j], e = pt[j + 1]; p < e; p++) {
                    s += vx[p] * w[ix[p]];
                }
                double d = sqi + sq[j] - 2.0 * s;
                out[k] = Math.exp(g * (d > 0 ? d : 0.0));
            }
        } else {
            double[] x = dense;
            int dd = dim;
            int bi = i * dd;
            for (int k = from; k < to; k++) {
                int j = cols == null ? k : cols[k];
                int bj = j * dd;
                double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                int q = 0;
                for (; q + 3 < dd; q += 4) {
                    s0 += x[bi + q] * x[bj + q];
                    s1 += x[bi + q + 1] * x[bj + q + 1];
                    s2 += x[bi + q + 2] * x[bj + q + 2];
                    s3 += x[bi + q + 3] * x[bj + q + 3];
                }
                for (; q < dd; q++) {
                    s0 += x[bi + q] * x[bj + q];
                }
                double s = (s0 + s1) + (s2 + s3);
                double d = sqi + sq[j] - 2.0 * s;
                out[k] = Math.exp(g * (d > 0 ? d : 0.0));
            }
        }
    }

    @FunctionalInterface
    private interface Range {
        void run(int from, int to);
    }

    private void split(int count, Range body) {
        int parts = (int) Math.min(parallelism, Math.max(1, count / CHUNK_MIN));
        if (parts <= 1) {
            body.run(0, count);
            return;
        }
        RecursiveAction[] tasks = new RecursiveAction[parts];
        for (int t = 0; t < parts; t++) {
            int from = (int) ((long) count * t / parts);
            int to = (int) ((long) count * (t + 1) / parts);
            tasks[t] = new RecursiveAction() {
                @Override
                protected void compute() {
                    body.run(from, to);
                }
            };
        }
        ForkJoinTask.invokeAll(tasks);
    }

    @Override
    public String toString() {
        return "CachedKernelMatrix(n=" + n + ", kernel=" + kernel + ", cachedRows<=" + rows.capacity() + ")";
    }
}
