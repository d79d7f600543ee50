package dev.kernelkit.gram;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Fast, multi-threaded construction of Gram matrices K_ij = k(x_i, x_j) and cross matrices
 * K_ij = k(t_i, x_j).
 *
 * <p>For the Gaussian, linear and polynomial kernels every entry is a function of the inner
 * product and the squared norms: exp(-gamma (||x_i||^2 + ||x_j||^2 - 2 &lt;x_i, x_j&gt;)),
 * &lt;x_i, x_j&gt; and (gamma &lt;x_i, x_j&gt; + offset)^degree. So the builder packs the points
 * into panels of {@value #BLOCK} points stored transposed (feature-major), computes the squared
 * norms once and forms the single product X X^T tile by tile: {@value #BLOCK} x {@value #BLOCK}
 * output tiles, each entry summed over the features in index order by (fused, where HotSpot
 * compiles {@code Math.fma} to one instruction) multiply-adds, in a loop shape that HotSpot's
 * auto-vectoriser turns into SIMD instructions ({@link #dotTile}). For a Gram matrix only the
 * tiles on and above the diagonal are computed; each is transformed in place and written twice
 * (mirrored), or once into packed storage by {@link #gramPacked}. The tiles are spread over a
 * {@link ForkJoinPool} of {@link #threads()} workers. The squared norms are summed in the same
 * order as the tiles, so the Gaussian diagonal is exactly 1 and the result is exactly symmetric.
 *
 * <p>The products: {@link GramProducts#JAVA} runs the tile above; any other {@link GramProduct} (a native BLAS
 * through module {@code kernelkit-blas}, chosen by {@link GramProducts#selected()}) receives the points row-major
 * and computes blocks of {@value #PANEL} rows by up to {@value #WIDE} columns (for a Gram matrix the columns from
 * the block's diagonal on), which are then transformed (with Math.exp, as the tile's) and written as above; its
 * sums may be ordered differently from the tile's index order, so its entries may differ in the last bits (OpenBLAS
 * on the AVX-512 machine of BENCHMARKS.md sums in index order with FMA: bit-identical there), while the symmetry
 * and the Gaussian diagonal of 1 are kept exactly. {@code -Dkernelkit.gram.product=java} runs the tile.
 *
 * <p>Sparse input: points are densified into the panels when d &le; max(n, 1024), which costs
 * at most as much memory as the Gram matrix itself (or 8 MB per 1024 points), apart from the padding
 * of the last panel to {@value #PANEL} points; for wider
 * sparse data (text, 65,000-dimensional bags) each row x_i is scattered into a dense work vector
 * of length d and dotted with the other points in O(nnz), so nothing n x d is allocated.
 *
 * <p>Any other kernel (and any point type, e.g. bags, through {@link #gramGeneric} /
 * {@link #crossGeneric}) uses the same tile schedule with {@code kernel.apply} per entry, each
 * symmetric pair evaluated once.
 *
 * <p>Memory: the result (8 n^2 bytes; 4 n (n + 1) packed), the panels (8 n d bytes, n rounded up
 * to a multiple of {@value #PANEL}, when densified), one {@value #BLOCK} x {@value #PANEL} tile per
 * thread and, on the sparse path, one d-vector per thread.
 * Work: about n^2 d / 2 multiply-adds for a Gram matrix, m n d for a cross matrix.
 */
public final class GramBuilder {
    /** Rows of an output tile, and its columns on the sparse and generic paths. */
    public static final int BLOCK = 64;
    /** Points per panel, and columns of an output tile on the dense path. */
    static final int PANEL = 256;
    private static final int DENSIFY_MIN_D = 1024;

    /** Whether the JVM compiles Math.fma to one instruction (HotSpot's UseFMA); otherwise plain multiply-adds. */
    static final boolean FUSED = fmaAvailable();

    /** Columns of an output tile when a {@link GramProduct} other than the Java tile computes the products. */
    static final int WIDE = 512;

    private static final ThreadLocal<double[][]> TILE = ThreadLocal.withInitial(() -> new double[BLOCK][PANEL]);
    private static final ThreadLocal<double[][]> WIDE_TILE = ThreadLocal.withInitial(() -> new double[PANEL][WIDE]);

    private final int threads;
    /** The product, or null until first needed when it is the default selection (loading may take a second). */
    private volatile GramProduct product;

    /**
     * A builder whose dense products come from {@link GramProducts#selected()} (the system property
     * {@value GramProducts#PROPERTY}: a native BLAS where one loads, else the Java tile), chosen when a dense
     * product is first needed, so that builders used only for sparse or generic kernels load no library.
     *
     * @param threads the number of worker threads, &ge; 1
     * @throws IllegalArgumentException when threads &lt; 1
     */
    public GramBuilder(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
    }

    /**
     * @param threads the number of worker threads, &ge; 1
     * @param product the dense inner products ({@link GramProducts#JAVA}: the built-in tile)
     * @throws IllegalArgumentException when threads &lt; 1
     */
    public GramBuilder(int threads, GramProduct product) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.product = java.util.Objects.requireNonNull(product, "product");
    }

    /** A builder using every available core ({@link dev.kernelkit.util.Threads#available()}: --threads N limits it). */
    public static GramBuilder allCores() {
        return new GramBuilder(dev.kernelkit.util.Threads.available());
    }

    /** The number of worker threads. */
    public int threads() {
        return threads;
    }

    /**
     * The dense inner products used when the points are densified (see the class comment); wide sparse data
     * stays on the sparse Java path whatever the product.
     */
    public GramProduct product() {
        GramProduct p = product;
        if (p == null) {
            p = GramProducts.selected();
            product = p;
        }
        return p;
    }

    /**
     * The Gram matrix of {@code points}: blocked product for the Gaussian, linear and polynomial
     * kernels, {@code kernel.apply} per symmetric pair for any other kernel.
     *
     * @throws IllegalArgumentException for points of different dimensions or n^2 beyond one array
     */
    public DenseKernelMatrix gram(Kernel<Vec> kernel, List<? extends Vec> points) {
        int n = points.size();
        double[] out = new double[CrossKernelMatrix.checkedSize(n, n)];
        upperTiles(kernel, points, (t, ni, from, nj, i0, j0) -> write(t, ni, from, nj, out, n, i0, j0, true));
        return DenseKernelMatrix.wrapRowMajor(n, out);
    }

    /**
     * The same Gram matrix as {@link #gram} in packed upper-triangular storage (half the memory,
     * no mirrored writes).
     *
     * @throws IllegalArgumentException for points of different dimensions or n (n + 1) / 2 beyond one array
     */
    public PackedKernelMatrix gramPacked(Kernel<Vec> kernel, List<? extends Vec> points) {
        int n = points.size();
        double[] out = new double[PackedKernelMatrix.packedSize(n)];
        upperTiles(kernel, points, (t, ni, from, nj, i0, j0) -> {
            for (int i = 0; i < ni; i++) {
                int gi = i0 + i;
                int f = Math.max(from, gi - j0); // only j >= i where the tile crosses the diagonal
                if (f < nj) {
                    System.arraycopy(t[i], f, out, PackedKernelMatrix.index(n, gi, j0 + f), nj - f);
                }
            }
        });
        return PackedKernelMatrix.wrapPacked(n, out);
    }

    /**
     * Receives one finished tile of kernel values: tile[i][j] for i &lt; ni, from &le; j &lt; nj is the
     * entry at row i0 + i, column j0 + j; a tile holds every entry with column &ge; row that falls in
     * its rows and columns (and entries below the diagonal only where the rows' diagonal square lies
     * in the tile: those equal their mirror images exactly).
     */
    @FunctionalInterface
    private interface TileSink {
        void accept(double[][] tile, int ni, int from, int nj, int i0, int j0);
    }

    /** Computes every tile on or above the block diagonal and hands it to the sink, in parallel. */
    private void upperTiles(Kernel<Vec> kernel, List<? extends Vec> points, TileSink sink) {
        int n = points.size();
        int[][] pairs = upperBlockPairs(blocks(n));
        int[] bi = pairs[0], bj = pairs[1];
        int tasks = bi.length;
        Form form = Form.of(kernel);
        if (form == null) {
            parallelFor(tasks, t -> {
                int i0 = bi[t] * BLOCK, j0 = bj[t] * BLOCK;
                int ni = Math.min(BLOCK, n - i0), nj = Math.min(BLOCK, n - j0);
                double[][] tile = TILE.get();
                genericTile(kernel, points, i0, ni, j0, nj, tile);
                sink.accept(tile, ni, 0, nj, i0, j0);
            });
            return;
        }
        int d = dimension(points, -1, "point");
        if (densify(points, n, d) && product() != GramProducts.JAVA) {
            productUpperTiles(form, points, n, d, sink);
        } else if (densify(points, n, d)) {
            double[][][] x = panels(points, d);
            double[] sq = squaredNorms(x, n, d, FUSED);
            // row blocks of BLOCK points against panels of PANEL columns, each pair with a column >= a row;
            // panel by panel, so that consecutive tiles (a worker's share is a contiguous range) reuse
            // the column panel from the core's cache
            int rows = blocks(n), count = 0;
            int[] tr = new int[rows * (x.length + 1)], tp = new int[tr.length];
            for (int p = 0; p < x.length; p++) {
                for (int r = 0; r < rows && r * BLOCK / PANEL <= p; r++, count++) {
                    tr[count] = r;
                    tp[count] = p;
                }
            }
            parallelFor(count, t -> {
                int i0 = tr[t] * BLOCK, j0 = tp[t] * PANEL;
                int ni = Math.min(BLOCK, n - i0), nj = Math.min(PANEL, n - j0);
                int from = Math.max(0, i0 - j0); // the columns left of the rows' diagonal square are not needed
                double[][] tile = TILE.get();
                dotTile(x[i0 / PANEL], i0 % PANEL, padded(ni), x[tp[t]], from, columnsTo(nj), d, tile, FUSED);
                form.transform(tile, ni, from, nj, sq, i0, sq, j0);
                sink.accept(tile, ni, from, nj, i0, j0);
            });
        } else {
            double[] sq = new double[n];
            for (int i = 0; i < n; i++) {
                sq[i] = points.get(i).squaredNorm();
            }
            ThreadLocal<double[]> work = ThreadLocal.withInitial(() -> new double[d]);
            parallelFor(tasks, t -> {
                int i0 = bi[t] * BLOCK, j0 = bj[t] * BLOCK;
                int ni = Math.min(BLOCK, n - i0), nj = Math.min(BLOCK, n - j0);
                double[][] tile = TILE.get();
                sparseDotTile(points, i0, ni, points, j0, nj, work.get(), tile);
                form.transform(tile, ni, 0, nj, sq, i0, sq, j0);
                sink.accept(tile, ni, 0, nj, i0, j0);
            });
        }
    }

    /**
     * The dense Gram path through {@link #product}: row blocks of {@value #PANEL} points against column chunks
     * of up to {@value #WIDE} points starting at the block's diagonal, transformed in place; within the diagonal
     * square the entries below the diagonal are replaced by their mirror images (so the result is exactly
     * symmetric whatever the product's summation order) and a Gaussian diagonal is set to exactly 1.
     */
    private void productUpperTiles(Form form, List<? extends Vec> points, int n, int d, TileSink sink) {
        double[] rows = rowMajor(points, n, d);
        double[] sq = squaredNorms(rows, n, d, FUSED);
        int rb = (n + PANEL - 1) / PANEL;
        int[] tr = new int[rb * ((n + WIDE - 1) / WIDE + 1)], tc = new int[tr.length];
        int count = 0;
        for (int r = 0; r < rb; r++) {
            for (int j0 = r * PANEL; j0 < n; j0 += WIDE, count++) {
                tr[count] = r * PANEL;
                tc[count] = j0;
            }
        }
        int tasks = count;
        try (GramProduct.Operand x = product.pack(rows, n, d)) {
            parallelFor(tasks, t -> {
                int i0 = tr[t], j0 = tc[t];
                int ni = Math.min(PANEL, n - i0), nj = Math.min(WIDE, n - j0);
                double[][] tile = WIDE_TILE.get();
                product.products(x, i0, ni, x, j0, nj, tile);
                form.transform(tile, ni, 0, nj, sq, i0, sq, j0);
                if (i0 == j0) {
                    for (int i = 0; i < ni; i++) {
                        for (int j = 0; j < i; j++) {
                            tile[i][j] = tile[j][i];
                        }
                        if (form.kind == Form.GAUSSIAN) {
                            tile[i][i] = 1.0;
                        }
                    }
                }
                sink.accept(tile, ni, 0, nj, i0, j0);
            });
        }
    }

    /** The dense cross path through {@link #product}: {@value #PANEL} test points against {@value #WIDE} training points. */
    private void productCross(Form form, List<? extends Vec> test, List<? extends Vec> train, int m, int n, int d,
            double[] out) {
        double[] ra = rowMajor(test, m, d), rb = rowMajor(train, n, d);
        double[] sqa = squaredNorms(ra, m, d, FUSED), sqb = squaredNorms(rb, n, d, FUSED);
        int mb = (m + PANEL - 1) / PANEL, nb = (n + WIDE - 1) / WIDE;
        try (GramProduct.Operand a = product.pack(ra, m, d); GramProduct.Operand b = product.pack(rb, n, d)) {
            parallelFor(mb * nb, t -> {
                int i0 = (t / nb) * PANEL, j0 = (t % nb) * WIDE;
                int ni = Math.min(PANEL, m - i0), nj = Math.min(WIDE, n - j0);
                double[][] tile = WIDE_TILE.get();
                product.products(a, i0, ni, b, j0, nj, tile);
                form.transform(tile, ni, 0, nj, sqa, i0, sqb, j0);
                write(tile, ni, 0, nj, out, n, i0, j0, false);
            });
        }
    }

    /** The points as one row-major array of n d values (sparse points scattered into zeros). */
    static double[] rowMajor(List<? extends Vec> points, int n, int d) {
        if ((long) n * d > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " points of dimension " + d + " do not fit one array");
        }
        double[] rows = new double[n * d];
        for (int i = 0; i < n; i++) {
            Vec v = points.get(i);
            int base = i * d;
            if (v instanceof DenseVec dv) {
                dv.copyInto(rows, base);
            } else {
                v.forEachStored((k, value) -> rows[base + k] = value);
            }
        }
        return rows;
    }

    /** ||x_i||^2 of row-major points, summed in index order with fused multiply-adds when {@code fused}. */
    static double[] squaredNorms(double[] rows, int n, int d, boolean fused) {
        double[] sq = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = i * d, e = k + d; k < e; k++) {
                s = fused ? Math.fma(rows[k], rows[k], s) : s + rows[k] * rows[k];
            }
            sq[i] = s;
        }
        return sq;
    }

    /** kernel.apply on the tile's pairs; a diagonal tile evaluates j &ge; i once and mirrors. */
    private static <T> void genericTile(Kernel<T> kernel, List<? extends T> points, int i0, int ni, int j0, int nj,
            double[][] tile) {
        boolean diagonal = i0 == j0;
        for (int i = 0; i < ni; i++) {
            T xi = points.get(i0 + i);
            for (int j = diagonal ? i : 0; j < nj; j++) {
                double v = kernel.apply(xi, points.get(j0 + j));
                tile[i][j] = v;
                if (diagonal) {
                    tile[j][i] = v;
                }
            }
        }
    }

    /**
     * The m x n cross matrix k(test_i, train_j), blocked like {@link #gram} for the Gaussian, linear
     * and polynomial kernels.
     *
     * @throws IllegalArgumentException when the test and training dimensions differ
     */
    public CrossKernelMatrix cross(Kernel<Vec> kernel, List<? extends Vec> test, List<? extends Vec> train) {
        Form form = Form.of(kernel);
        if (form == null) {
            return crossGeneric(kernel, test, train);
        }
        int m = test.size(), n = train.size();
        int d = dimension(train, -1, "training point");
        if (m > 0) {
            dimension(test, n > 0 ? d : -1, "test point");
            if (n == 0) {
                d = test.get(0).dim();
            }
        }
        double[] out = new double[CrossKernelMatrix.checkedSize(m, n)];
        int mb = blocks(m), nb = blocks(n);
        int tasks = mb * nb;
        final int dim = d;
        if (densify(test, m, d) && densify(train, n, d) && product() != GramProducts.JAVA) {
            productCross(form, test, train, m, n, dim, out);
        } else if (densify(test, m, d) && densify(train, n, d)) {
            double[][][] a = panels(test, d), b = panels(train, d);
            double[] sqa = squaredNorms(a, m, d, FUSED), sqb = squaredNorms(b, n, d, FUSED);
            int np = b.length;
            parallelFor(mb * np, t -> {
                int i0 = (t / np) * BLOCK, j0 = (t % np) * PANEL;
                int ni = Math.min(BLOCK, m - i0), nj = Math.min(PANEL, n - j0);
                double[][] tile = TILE.get();
                dotTile(a[i0 / PANEL], i0 % PANEL, padded(ni), b[t % np], 0, columnsTo(nj), dim, tile, FUSED);
                form.transform(tile, ni, 0, nj, sqa, i0, sqb, j0);
                write(tile, ni, 0, nj, out, n, i0, j0, false);
            });
        } else {
            double[] sqa = new double[m], sqb = new double[n];
            for (int i = 0; i < m; i++) {
                sqa[i] = test.get(i).squaredNorm();
            }
            for (int j = 0; j < n; j++) {
                sqb[j] = train.get(j).squaredNorm();
            }
            ThreadLocal<double[]> work = ThreadLocal.withInitial(() -> new double[dim]);
            parallelFor(tasks, t -> {
                int i0 = (t / nb) * BLOCK, j0 = (t % nb) * BLOCK;
                int ni = Math.min(BLOCK, m - i0), nj = Math.min(BLOCK, n - j0);
                double[][] tile = TILE.get();
                sparseDotTile(test, i0, ni, train, j0, nj, work.get(), tile);
                form.transform(tile, ni, 0, nj, sqa, i0, sqb, j0);
                write(tile, ni, 0, nj, out, n, i0, j0, false);
            });
        }
        return CrossKernelMatrix.wrapRowMajor(m, n, out);
    }

    /**
     * The Gram matrix of any kernel on any point type, each symmetric pair evaluated once by
     * {@code kernel.apply}, tiles spread over the worker threads.
     */
    public <T> DenseKernelMatrix gramGeneric(Kernel<T> kernel, List<? extends T> points) {
        int n = points.size();
        double[] out = new double[CrossKernelMatrix.checkedSize(n, n)];
        int[][] pairs = upperBlockPairs(blocks(n));
        int[] bi = pairs[0], bj = pairs[1];
        int tasks = bi.length;
        parallelFor(tasks, t -> {
            int i0 = bi[t] * BLOCK, j0 = bj[t] * BLOCK;
            int ni = Math.min(BLOCK, n - i0), nj = Math.min(BLOCK, n - j0);
            double[][] tile = TILE.get();
            genericTile(kernel, points, i0, ni, j0, nj, tile);
            write(tile, ni, 0, nj, out, n, i0, j0, i0 != j0);
        });
        return DenseKernelMatrix.wrapRowMajor(n, out);
    }

    /** The cross matrix of any kernel on any point type, evaluated by {@code kernel.apply} in parallel. */
    public <T> CrossKernelMatrix crossGeneric(Kernel<T> kernel, List<? extends T> test, List<? extends T> train) {
        int m = test.size(), n = train.size();
        double[] out = new double[CrossKernelMatrix.checkedSize(m, n)];
        int mb = blocks(m);
        parallelFor(mb, t -> {
            int i1 = Math.min(m, (t + 1) * BLOCK);
            for (int i = t * BLOCK; i < i1; i++) {
                T xi = test.get(i);
                for (int j = 0; j < n; j++) {
                    out[i * n + j] = kernel.apply(xi, train.get(j));
                }
            }
        });
        return CrossKernelMatrix.wrapRowMajor(m, n, out);
    }

    private static boolean fmaAvailable() {
        try {
            com.sun.management.HotSpotDiagnosticMXBean bean = java.lang.management.ManagementFactory
                    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            return bean != null && Boolean.parseBoolean(bean.getVMOption("UseFMA").getValue());
        } catch (RuntimeException | LinkageError e) {
            return false; // not HotSpot, or no such option: Math.fma may be a slow software routine
        }
    }

    /** The block pairs (I, J) with I &le; J, as {rows I, columns J}. */
    private static int[][] upperBlockPairs(int nb) {
        int tasks = nb * (nb + 1) / 2;
        int[] bi = new int[tasks], bj = new int[tasks];
        for (int I = 0, t = 0; I < nb; I++) {
            for (int J = I; J < nb; J++, t++) {
                bi[t] = I;
                bj[t] = J;
            }
        }
        return new int[][] {bi, bj};
    }

    private static int blocks(int n) {
        return (n + BLOCK - 1) / BLOCK;
    }

    /** The columns a dense tile computes for nj real ones: up to a multiple of 8 (the panels hold zeros there). */
    private static int columnsTo(int nj) {
        return Math.min(PANEL, (nj + 7) & ~7);
    }

    private static int dimension(List<? extends Vec> points, int expected, String what) {
        int d = expected >= 0 ? expected : points.isEmpty() ? 0 : points.get(0).dim();
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).dim() != d) {
                throw new IllegalArgumentException(what + " " + i + " has dimension " + points.get(i).dim()
                        + ", expected " + d);
            }
        }
        return d;
    }

    private static boolean densify(List<? extends Vec> points, int n, int d) {
        if (d <= Math.max(n, DENSIFY_MIN_D)) {
            return true;
        }
        for (Vec v : points) {
            if (!(v instanceof DenseVec)) {
                return false;
            }
        }
        return true;
    }

    /** Rows padded up to a multiple of 4. */
    private static int padded(int n) {
        return (n + 3) & ~3;
    }

    /**
     * The points cut into {@value #PANEL}-point panels, each stored transposed: {@code panels[b][k][i]}
     * is feature k of point b {@value #PANEL} + i, zero for i beyond the last point. The tile kernel
     * reads its row operands as scalars from one panel and streams the columns of another along its
     * contiguous rows.
     *
     * @throws IllegalArgumentException when the panels would hold more than 2^31 - 9 values
     */
    static double[][][] panels(double[] rows, int n, int d) {
        if ((long) ((n + PANEL - 1) / PANEL) * PANEL * d > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " points of dimension " + d + " do not fit one array");
        }
        double[][][] p = new double[(n + PANEL - 1) / PANEL][d][PANEL];
        for (int i = 0; i < n; i++) {
            double[][] panel = p[i / PANEL];
            for (int k = 0; k < d; k++) {
                panel[k][i % PANEL] = rows[i * d + k];
            }
        }
        return p;
    }

    /** {@link #panels(double[], int, int)} of a list of points. */
    static double[][][] panels(List<? extends Vec> points, int d) {
        int n = points.size();
        int count = (n + PANEL - 1) / PANEL;
        if ((long) count * PANEL * d > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " points of dimension " + d + " do not fit one array");
        }
        double[][][] p = new double[count][d][PANEL];
        double[] row = new double[d];
        for (int i = 0; i < n; i++) {
            Vec v = points.get(i);
            double[][] panel = p[i / PANEL];
            int c = i % PANEL;
            if (v instanceof DenseVec dv) {
                dv.copyInto(row, 0);
                for (int k = 0; k < d; k++) {
                    panel[k][c] = row[k];
                }
            } else {
                v.forEachStored((k, value) -> panel[k][c] = value);
            }
        }
        return p;
    }

    /**
     * ||x_i||^2 summed in index order with the same (fused or plain) multiply-adds as the tiles, so
     * that ||x_i||^2 + ||x_i||^2 - 2 &lt;x_i, x_i&gt; is exactly 0 on the diagonal.
     */
    static double[] squaredNorms(double[][][] panels, int n, int d, boolean fused) {
        double[] sq = new double[n];
        for (int b = 0; b < panels.length; b++) {
            double[] s = new double[PANEL];
            for (int k = 0; k < d; k++) {
                double[] x = panels[b][k];
                if (fused) {
                    for (int i = 0; i < PANEL; i++) {
                        s[i] = Math.fma(x[i], x[i], s[i]);
                    }
                } else {
                    for (int i = 0; i < PANEL; i++) {
                        s[i] += x[i] * x[i];
                    }
                }
            }
            System.arraycopy(s, 0, sq, b * PANEL, Math.min(PANEL, n - b * PANEL));
        }
        return sq;
    }

    /**
     * c[i][j] = &lt;a_(ia+i), b_j&gt; = sum_k a[k][ia + i] b[k][j] for i &lt; ni, from &le; j &lt; to,
     * where a and b are panels (see {@link #panels}) of d rows; ni must be a multiple of 4 and the
     * panels must hold zeros up to ia + ni and to. Each sum is accumulated in index order k = 0, 1,
     * ..., d - 1, with fused multiply-adds when {@code fused} (the hardware has FMA), plain ones
     * otherwise, so c[i][j] is bit-identical to that loop written out.
     *
     * <p>The loop shape is chosen for HotSpot C2's auto-vectoriser (SuperWord): the innermost
     * loop runs along j over whole arrays indexed by j alone, reads two rows of b (features k and
     * k + 1) and updates four rows of c (points i..i+3) with two multiply-adds each, the eight
     * multipliers a[k][ia+i..], a[k+1][ia+i..] held in registers. JDK 17 compiles it to AVX-512 or
     * AVX2 FMA instructions, the wider and more unrolled the longer the loop (hence panels of
     * {@value #PANEL} columns); three or four features per pass, or more rows, were measured to fall
     * back to scalar code (BENCHMARKS.md, "Gram tile").
     */
    static void dotTile(double[][] a, int ia, int ni, double[][] b, int from, int to, int d, double[][] c,
            boolean fused) {
        for (int i = 0; i < ni; i += 4) {
            double[] c0 = c[i], c1 = c[i + 1], c2 = c[i + 2], c3 = c[i + 3];
            java.util.Arrays.fill(c0, from, to, 0.0);
            java.util.Arrays.fill(c1, from, to, 0.0);
            java.util.Arrays.fill(c2, from, to, 0.0);
            java.util.Arrays.fill(c3, from, to, 0.0);
            if (fused) {
                fusedRows(a, ia + i, b, from, to, d, c0, c1, c2, c3);
            } else {
                plainRows(a, ia + i, b, from, to, d, c0, c1, c2, c3);
            }
        }
    }

    private static void fusedRows(double[][] a, int i, double[][] b, int from, int to, int d, double[] c0,
            double[] c1, double[] c2, double[] c3) {
        int k = 0;
        for (; k + 1 < d; k += 2) {
            double[] x = a[k], xx = a[k + 1], y = b[k], yy = b[k + 1];
            double p0 = x[i], p1 = x[i + 1], p2 = x[i + 2], p3 = x[i + 3];
            double q0 = xx[i], q1 = xx[i + 1], q2 = xx[i + 2], q3 = xx[i + 3];
            for (int j = from; j < to; j++) {
                double u = y[j], v = yy[j];
                c0[j] = Math.fma(q0, v, Math.fma(p0, u, c0[j]));
                c1[j] = Math.fma(q1, v, Math.fma(p1, u, c1[j]));
                c2[j] = Math.fma(q2, v, Math.fma(p2, u, c2[j]));
                c3[j] = Math.fma(q3, v, Math.fma(p3, u, c3[j]));
            }
        }
        if (k < d) {
            double[] x = a[k], y = b[k];
            double p0 = x[i], p1 = x[i + 1], p2 = x[i + 2], p3 = x[i + 3];
            for (int j = from; j < to; j++) {
                double u = y[j];
                c0[j] = Math.fma(p0, u, c0[j]);
                c1[j] = Math.fma(p1, u, c1[j]);
                c2[j] = Math.fma(p2, u, c2[j]);
                c3[j] = Math.fma(p3, u, c3[j]);
            }
        }
    }

    private static void plainRows(double[][] a, int i, double[][] b, int from, int to, int d, double[] c0,
            double[] c1, double[] c2, double[] c3) {
        int k = 0;
        for (; k + 1 < d; k += 2) {
            double[] x = a[k], xx = a[k + 1], y = b[k], yy = b[k + 1];
            double p0 = x[i], p1 = x[i + 1], p2 = x[i + 2], p3 = x[i + 3];
            double q0 = xx[i], q1 = xx[i + 1], q2 = xx[i + 2], q3 = xx[i + 3];
            for (int j = from; j < to; j++) {
                double u = y[j], v = yy[j];
                c0[j] = c0[j] + p0 * u + q0 * v;
                c1[j] = c1[j] + p1 * u + q1 * v;
                c2[j] = c2[j] + p2 * u + q2 * v;
                c3[j] = c3[j] + p3 * u + q3 * v;
            }
        }
        if (k < d) {
            double[] x = a[k], y = b[k];
            double p0 = x[i], p1 = x[i + 1], p2 = x[i + 2], p3 = x[i + 3];
            for (int j = from; j < to; j++) {
                double u = y[j];
                c0[j] += p0 * u;
                c1[j] += p1 * u;
                c2[j] += p2 * u;
                c3[j] += p3 * u;
            }
        }
    }

    /** The sparse path: scatter a_i into the zeroed work vector w, dot it with each b_j in O(nnz), clear w. */
    private static void sparseDotTile(List<? extends Vec> a, int i0, int ni, List<? extends Vec> b, int j0, int nj,
            double[] w, double[][] t) {
        for (int i = 0; i < ni; i++) {
            Vec ai = a.get(i0 + i);
            ai.addTo(w, 1.0);
            double[] r = t[i];
            for (int j = 0; j < nj; j++) {
                r[j] = b.get(j0 + j).dot(w);
            }
            ai.addTo(w, -1.0); // v + (-v) is exactly 0, so w is all zeros again
        }
    }

    /** Copies columns from..nj of the ni-row transformed tile into out (row stride n) and, when mirror, its transpose. */
    private static void write(double[][] t, int ni, int from, int nj, double[] out, int n, int i0, int j0,
            boolean mirror) {
        for (int i = 0; i < ni; i++) {
            System.arraycopy(t[i], from, out, (i0 + i) * n + j0 + from, nj - from);
        }
        if (mirror) {
            for (int j = from; j < nj; j++) {
                int base = (j0 + j) * n + i0;
                for (int i = 0; i < ni; i++) {
                    out[base + i] = t[i][j];
                }
            }
        }
    }

    private void parallelFor(int tasks, IntConsumer body) {
        if (threads == 1 || tasks <= 1) {
            for (int t = 0; t < tasks; t++) {
                body.accept(t);
            }
            return;
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.invoke(ForkJoinTask.adapt(() -> IntStream.range(0, tasks).parallel().forEach(body)));
        } finally {
            pool.shutdown();
        }
    }

    /** A kernel written as a function of (inner product, squared norm i, squared norm j). */
    private static final class Form {
        static final int GAUSSIAN = 0, LINEAR = 1, POLYNOMIAL = 2;
        final int kind;
        private final double gamma;
        private final double offset;
        private final int degree;

        private Form(int kind, double gamma, double offset, int degree) {
            this.kind = kind;
            this.gamma = gamma;
            this.offset = offset;
            this.degree = degree;
        }

        static Form of(Kernel<Vec> k) {
            if (k instanceof GaussianKernel g) {
                return new Form(GAUSSIAN, g.gamma(), 0, 0);
            }
            if (k instanceof LinearKernel) {
                return new Form(LINEAR, 0, 0, 0);
            }
            if (k instanceof PolynomialKernel p) {
                return new Form(POLYNOMIAL, p.gamma(), p.offset(), p.degree());
            }
            return null;
        }

        /** Replaces each inner product in columns from..nj of the ni-row tile by the kernel value, with Math.exp. */
        void transform(double[][] t, int ni, int from, int nj, double[] sqa, int i0, double[] sqb, int j0) {
            switch (kind) {
                case GAUSSIAN -> {
                    double g = -gamma;
                    for (int i = 0; i < ni; i++) {
                        double si = sqa[i0 + i];
                        double[] r = t[i];
                        for (int j = from; j < nj; j++) {
                            // the same expression as Vec.squaredDistance, clamped at 0
                            double dist = si + sqb[j0 + j] - 2.0 * r[j];
                            r[j] = Math.exp(g * (dist > 0 ? dist : 0.0));
                        }
                    }
                }
                case POLYNOMIAL -> {
                    for (int i = 0; i < ni; i++) {
                        double[] r = t[i];
                        for (int q = from; q < nj; q++) {
                            double base = gamma * r[q] + offset;
                            double v = 1.0;
                            for (int p = degree; p > 0; p >>= 1) {
                                if ((p & 1) != 0) {
                                    v *= base;
                                }
                                base *= base;
                            }
                            r[q] = v;
                        }
                    }
                }
                default -> {
                    // linear: the inner products are the kernel values
                }
            }
        }
    }
}
