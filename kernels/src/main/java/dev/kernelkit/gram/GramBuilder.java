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
 * into one contiguous row-major array, computes the squared norms once and forms the single
 * product X X^T block by block: {@value #BLOCK} x {@value #BLOCK} output tiles, the feature
 * dimension cut into chunks of {@value #DEPTH_CHUNK}, 4 x 4 register-blocked dot products over
 * contiguous rows (fused multiply-adds where HotSpot compiles {@code Math.fma} to one
 * instruction). For a Gram matrix only the tiles on and above the diagonal are computed; each is
 * transformed in place and written twice (mirrored), or once into packed storage by
 * {@link #gramPacked}. The tiles are spread over a {@link ForkJoinPool} of {@link #threads()}
 * workers. The squared norms are summed in the same order as the tiles, so the Gaussian diagonal
 * is exactly 1 and the result is exactly symmetric.
 *
 * <p>Sparse input: points are densified into the packed array when d &le; max(n, 1024), which
 * costs at most as much memory as the Gram matrix itself (or 8 MB per 1024 points); for wider
 * sparse data (text, 65,000-dimensional bags) each row x_i is scattered into a dense work vector
 * of length d and dotted with the other points in O(nnz), so nothing n x d is allocated.
 *
 * <p>Any other kernel (and any point type, e.g. bags, through {@link #gramGeneric} /
 * {@link #crossGeneric}) uses the same tile schedule with {@code kernel.apply} per entry, each
 * symmetric pair evaluated once.
 *
 * <p>Memory: the result (8 n^2 bytes; 4 n (n + 1) packed), the packed data (8 n d bytes when
 * densified), one {@value #BLOCK}^2 tile and, on the sparse path, one d-vector per thread.
 * Work: about n^2 d / 2 multiply-adds for a Gram matrix, m n d for a cross matrix.
 */
public final class GramBuilder {
    /** Output tile edge (rows and columns per block). */
    public static final int BLOCK = 64;
    /** Length of the feature-dimension chunks accumulated per pass over a tile. */
    public static final int DEPTH_CHUNK = 256;
    private static final int DENSIFY_MIN_D = 1024;

    /** Whether the JVM compiles Math.fma to one instruction (HotSpot's UseFMA); otherwise plain multiply-adds. */
    static final boolean FUSED = fmaAvailable();

    private static final ThreadLocal<double[]> TILE = ThreadLocal.withInitial(() -> new double[BLOCK * BLOCK]);

    private final int threads;

    /**
     * @param threads the number of worker threads, &ge; 1
     * @throws IllegalArgumentException when threads &lt; 1
     */
    public GramBuilder(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
    }

    /** A builder using every available core. */
    public static GramBuilder allCores() {
        return new GramBuilder(Runtime.getRuntime().availableProcessors());
    }

    /** The number of worker threads. */
    public int threads() {
        return threads;
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
        upperTiles(kernel, points, (t, ni, nj, ts, i0, j0) -> write(t, ni, nj, ts, out, n, i0, j0, i0 != j0));
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
        upperTiles(kernel, points, (t, ni, nj, ts, i0, j0) -> {
            for (int i = 0; i < ni; i++) {
                int gi = i0 + i;
                int from = Math.max(0, gi - j0); // only j >= i in a diagonal tile
                if (from < nj) {
                    System.arraycopy(t, i * ts + from, out, PackedKernelMatrix.index(n, gi, j0 + from), nj - from);
                }
            }
        });
        return PackedKernelMatrix.wrapPacked(n, out);
    }

    /** Receives one finished ni x nj tile (row stride ts) of kernel values at rows i0.., columns j0... */
    @FunctionalInterface
    private interface TileSink {
        void accept(double[] tile, int ni, int nj, int ts, int i0, int j0);
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
                double[] tile = TILE.get();
                genericTile(kernel, points, i0, ni, j0, nj, tile);
                sink.accept(tile, ni, nj, nj, i0, j0);
            });
            return;
        }
        int d = dimension(points, -1, "point");
        if (densify(points, n, d)) {
            double[] x = pack(points, d);
            double[] sq = squaredNorms(x, n, d, FUSED);
            parallelFor(tasks, t -> {
                int i0 = bi[t] * BLOCK, j0 = bj[t] * BLOCK;
                int ni = Math.min(BLOCK, n - i0), nj = Math.min(BLOCK, n - j0);
                int stride = padded(nj);
                double[] tile = TILE.get();
                dotTile(x, i0, padded(ni), j0, stride, d, tile, FUSED);
                form.transform(tile, ni, nj, stride, sq, i0, sq, j0);
                sink.accept(tile, ni, nj, stride, i0, j0);
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
                double[] tile = TILE.get();
                sparseDotTile(points, i0, ni, points, j0, nj, work.get(), tile);
                form.transform(tile, ni, nj, nj, sq, i0, sq, j0);
                sink.accept(tile, ni, nj, nj, i0, j0);
            });
        }
    }

    /** kernel.apply on the tile's pairs; a diagonal tile evaluates j &ge; i once and mirrors. */
    private static <T> void genericTile(Kernel<T> kernel, List<? extends T> points, int i0, int ni, int j0, int nj,
            double[] tile) {
        boolean diagonal = i0 == j0;
        for (int i = 0; i < ni; i++) {
            T xi = points.get(i0 + i);
            for (int j = diagonal ? i : 0; j < nj; j++) {
                double v = kernel.apply(xi, points.get(j0 + j));
                tile[i * nj + j] = v;
                if (diagonal) {
                    tile[j * nj + i] = v;
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
        if (densify(test, m, d) && densify(train, n, d)) {
            // test rows then training rows in one array, each part padded to a multiple of 4 rows
            int offset = padded(m);
            double[] x = pack(test, train, d);
            double[] sq = squaredNorms(x, offset + n, d, FUSED);
            double[] sqa = java.util.Arrays.copyOf(sq, m), sqb = java.util.Arrays.copyOfRange(sq, offset, offset + n);
            parallelFor(tasks, t -> {
                int i0 = (t / nb) * BLOCK, j0 = (t % nb) * BLOCK;
                int ni = Math.min(BLOCK, m - i0), nj = Math.min(BLOCK, n - j0);
                int stride = padded(nj);
                double[] tile = TILE.get();
                dotTile(x, i0, padded(ni), offset + j0, stride, dim, tile, FUSED);
                form.transform(tile, ni, nj, stride, sqa, i0, sqb, j0);
                write(tile, ni, nj, stride, out, n, i0, j0, false);
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
                double[] tile = TILE.get();
                sparseDotTile(test, i0, ni, train, j0, nj, work.get(), tile);
                form.transform(tile, ni, nj, nj, sqa, i0, sqb, j0);
                write(tile, ni, nj, nj, out, n, i0, j0, false);
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
            double[] tile = TILE.get();
            genericTile(kernel, points, i0, ni, j0, nj, tile);
            write(tile, ni, nj, nj, out, n, i0, j0, i0 != j0);
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

    /** The points as a row-major array with zero rows appended up to a multiple of 4 rows. */
    private static double[] pack(List<? extends Vec> points, int d) {
        return pack(points, List.of(), d);
    }

    /** first, zero rows up to a multiple of 4, then second, zero rows up to a multiple of 4; row-major. */
    private static double[] pack(List<? extends Vec> first, List<? extends Vec> second, int d) {
        int offset = padded(first.size());
        long size = ((long) offset + padded(second.size())) * d;
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException((first.size() + second.size()) + " points of dimension " + d
                    + " do not fit one array");
        }
        double[] x = new double[(int) size];
        copyRows(first, x, 0, d);
        copyRows(second, x, offset, d);
        return x;
    }

    private static void copyRows(List<? extends Vec> points, double[] x, int firstRow, int d) {
        for (int i = 0; i < points.size(); i++) {
            Vec v = points.get(i);
            int base = (firstRow + i) * d;
            if (v instanceof DenseVec dv) {
                dv.copyInto(x, base);
            } else {
                v.forEachStored((j, value) -> x[base + j] = value);
            }
        }
    }

    /**
     * ||x_i||^2 summed in index order with the same (fused or plain) multiply-adds as the tiles, so
     * that ||x_i||^2 + ||x_i||^2 - 2 &lt;x_i, x_i&gt; is exactly 0 on the diagonal.
     */
    static double[] squaredNorms(double[] x, int n, int d, boolean fused) {
        double[] sq = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            if (fused) {
                for (int k = i * d, end = k + d; k < end; k++) {
                    s = Math.fma(x[k], x[k], s);
                }
            } else {
                for (int k = i * d, end = k + d; k < end; k++) {
                    s += x[k] * x[k];
                }
            }
            sq[i] = s;
        }
        return sq;
    }

    /**
     * tile[i nj + j] = &lt;x_(i0+i), x_(j0+j)&gt; for the rows of one row-major packed array x of row
     * length d (one array for both operands lets the JIT share its range checks; a cross matrix
     * packs test and training rows into one array); ni and nj must be multiples of 4, the packed
     * row count padded accordingly. 4 x 4 register blocks (16 independent sums, 8 loads per 16 multiply-adds), the k dimension
     * in chunks of DEPTH_CHUNK, each sum accumulated in index order, with fused multiply-adds when
     * {@code fused} (the hardware has FMA) and plain ones otherwise.
     */
    static void dotTile(double[] x, int i0, int ni, int j0, int nj, int d, double[] t, boolean fused) {
        if (d == 0) {
            java.util.Arrays.fill(t, 0, ni * nj, 0.0);
            return;
        }
        for (int k0 = 0; k0 < d; k0 += DEPTH_CHUNK) {
            int k1 = Math.min(d, k0 + DEPTH_CHUNK);
            if (fused) {
                fusedTile(x, i0, ni, j0, nj, d, k0, k1, t);
            } else {
                plainTile(x, i0, ni, j0, nj, d, k0, k1, t);
            }
        }
    }

    private static void fusedTile(double[] x, int i0, int ni, int j0, int nj, int d, int k0, int k1, double[] t) {
        boolean first = k0 == 0;
        for (int i = 0; i < ni; i += 4) {
            int a0 = (i0 + i) * d, a1 = a0 + d, a2 = a1 + d, a3 = a2 + d;
            int r0 = i * nj, r1 = r0 + nj, r2 = r1 + nj, r3 = r2 + nj;
            for (int j = 0; j < nj; j += 4) {
                int b0 = (j0 + j) * d, b1 = b0 + d, b2 = b1 + d, b3 = b2 + d;
                double s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
                double s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
                if (!first) {
                    s00 = t[r0 + j]; s01 = t[r0 + j + 1]; s02 = t[r0 + j + 2]; s03 = t[r0 + j + 3];
                    s10 = t[r1 + j]; s11 = t[r1 + j + 1]; s12 = t[r1 + j + 2]; s13 = t[r1 + j + 3];
                    s20 = t[r2 + j]; s21 = t[r2 + j + 1]; s22 = t[r2 + j + 2]; s23 = t[r2 + j + 3];
                    s30 = t[r3 + j]; s31 = t[r3 + j + 1]; s32 = t[r3 + j + 2]; s33 = t[r3 + j + 3];
                }
                for (int k = k0; k < k1; k++) {
                    double x0 = x[a0 + k], x1 = x[a1 + k], x2 = x[a2 + k], x3 = x[a3 + k];
                    double y0 = x[b0 + k], y1 = x[b1 + k], y2 = x[b2 + k], y3 = x[b3 + k];
                    s00 = Math.fma(x0, y0, s00);
                    s01 = Math.fma(x0, y1, s01);
                    s02 = Math.fma(x0, y2, s02);
                    s03 = Math.fma(x0, y3, s03);
                    s10 = Math.fma(x1, y0, s10);
                    s11 = Math.fma(x1, y1, s11);
                    s12 = Math.fma(x1, y2, s12);
                    s13 = Math.fma(x1, y3, s13);
                    s20 = Math.fma(x2, y0, s20);
                    s21 = Math.fma(x2, y1, s21);
                    s22 = Math.fma(x2, y2, s22);
                    s23 = Math.fma(x2, y3, s23);
                    s30 = Math.fma(x3, y0, s30);
                    s31 = Math.fma(x3, y1, s31);
                    s32 = Math.fma(x3, y2, s32);
                    s33 = Math.fma(x3, y3, s33);
                }
                t[r0 + j] = s00;
                t[r0 + j + 1] = s01;
                t[r0 + j + 2] = s02;
                t[r0 + j + 3] = s03;
                t[r1 + j] = s10;
                t[r1 + j + 1] = s11;
                t[r1 + j + 2] = s12;
                t[r1 + j + 3] = s13;
                t[r2 + j] = s20;
                t[r2 + j + 1] = s21;
                t[r2 + j + 2] = s22;
                t[r2 + j + 3] = s23;
                t[r3 + j] = s30;
                t[r3 + j + 1] = s31;
                t[r3 + j + 2] = s32;
                t[r3 + j + 3] = s33;
            }
        }
    }

    private static void plainTile(double[] x, int i0, int ni, int j0, int nj, int d, int k0, int k1, double[] t) {
        boolean first = k0 == 0;
        for (int i = 0; i < ni; i += 4) {
            int a0 = (i0 + i) * d, a1 = a0 + d, a2 = a1 + d, a3 = a2 + d;
            int r0 = i * nj, r1 = r0 + nj, r2 = r1 + nj, r3 = r2 + nj;
            for (int j = 0; j < nj; j += 4) {
                int b0 = (j0 + j) * d, b1 = b0 + d, b2 = b1 + d, b3 = b2 + d;
                double s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
                double s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
                if (!first) {
                    s00 = t[r0 + j]; s01 = t[r0 + j + 1]; s02 = t[r0 + j + 2]; s03 = t[r0 + j + 3];
                    s10 = t[r1 + j]; s11 = t[r1 + j + 1]; s12 = t[r1 + j + 2]; s13 = t[r1 + j + 3];
                    s20 = t[r2 + j]; s21 = t[r2 + j + 1]; s22 = t[r2 + j + 2]; s23 = t[r2 + j + 3];
                    s30 = t[r3 + j]; s31 = t[r3 + j + 1]; s32 = t[r3 + j + 2]; s33 = t[r3 + j + 3];
                }
                for (int k = k0; k < k1; k++) {
                    double x0 = x[a0 + k], x1 = x[a1 + k], x2 = x[a2 + k], x3 = x[a3 + k];
                    double y0 = x[b0 + k], y1 = x[b1 + k], y2 = x[b2 + k], y3 = x[b3 + k];
                    s00 += x0 * y0;
                    s01 += x0 * y1;
                    s02 += x0 * y2;
                    s03 += x0 * y3;
                    s10 += x1 * y0;
                    s11 += x1 * y1;
                    s12 += x1 * y2;
                    s13 += x1 * y3;
                    s20 += x2 * y0;
                    s21 += x2 * y1;
                    s22 += x2 * y2;
                    s23 += x2 * y3;
                    s30 += x3 * y0;
                    s31 += x3 * y1;
                    s32 += x3 * y2;
                    s33 += x3 * y3;
                }
                t[r0 + j] = s00;
                t[r0 + j + 1] = s01;
                t[r0 + j + 2] = s02;
                t[r0 + j + 3] = s03;
                t[r1 + j] = s10;
                t[r1 + j + 1] = s11;
                t[r1 + j + 2] = s12;
                t[r1 + j + 3] = s13;
                t[r2 + j] = s20;
                t[r2 + j + 1] = s21;
                t[r2 + j + 2] = s22;
                t[r2 + j + 3] = s23;
                t[r3 + j] = s30;
                t[r3 + j + 1] = s31;
                t[r3 + j + 2] = s32;
                t[r3 + j + 3] = s33;
            }
        }
    }

    /** The sparse path: scatter a_i into the zeroed work vector w, dot it with each b_j in O(nnz), clear w. */
    private static void sparseDotTile(List<? extends Vec> a, int i0, int ni, List<? extends Vec> b, int j0, int nj,
            double[] w, double[] t) {
        for (int i = 0; i < ni; i++) {
            Vec ai = a.get(i0 + i);
            ai.addTo(w, 1.0);
            int r = i * nj;
            for (int j = 0; j < nj; j++) {
                t[r + j] = b.get(j0 + j).dot(w);
            }
            ai.addTo(w, -1.0); // v + (-v) is exactly 0, so w is all zeros again
        }
    }

    /** Copies the ni x nj transformed tile (row stride ts) into out (row stride n) and, when mirror, its transpose. */
    private static void write(double[] t, int ni, int nj, int ts, double[] out, int n, int i0, int j0, boolean mirror) {
        for (int i = 0; i < ni; i++) {
            System.arraycopy(t, i * ts, out, (i0 + i) * n + j0, nj);
        }
        if (mirror) {
            for (int j = 0; j < nj; j++) {
                int base = (j0 + j) * n + i0;
                for (int i = 0; i < ni; i++) {
                    out[base + i] = t[i * ts + j];
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
        private static final int GAUSSIAN = 0, LINEAR = 1, POLYNOMIAL = 2;
        private final int kind;
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

        /** Replaces each inner product in the ni x nj tile (row stride ts) by the kernel value. */
        void transform(double[] t, int ni, int nj, int ts, double[] sqa, int i0, double[] sqb, int j0) {
            switch (kind) {
                case GAUSSIAN -> {
                    double g = -gamma;
                    for (int i = 0; i < ni; i++) {
                        double si = sqa[i0 + i];
                        int r = i * ts;
                        for (int j = 0; j < nj; j++) {
                            // the same expression as Vec.squaredDistance, clamped at 0
                            double dist = si + sqb[j0 + j] - 2.0 * t[r + j];
                            t[r + j] = Math.exp(g * (dist > 0 ? dist : 0.0));
                        }
                    }
                }
                case POLYNOMIAL -> {
                    for (int i = 0; i < ni; i++) {
                        for (int q = i * ts, end = q + nj; q < end; q++) {
                            double base = gamma * t[q] + offset;
                            double v = 1.0;
                            for (int p = degree; p > 0; p >>= 1) {
                                if ((p & 1) != 0) {
                                    v *= base;
                                }
                                base *= base;
                            }
                            t[q] = v;
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
