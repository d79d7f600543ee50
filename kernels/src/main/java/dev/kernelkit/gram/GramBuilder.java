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
 * dimension cut into chunks of {@value #DEPTH_CHUNK}, 2 x 2 register-blocked dot products over
 * contiguous rows. For a Gram matrix only the tiles on and above the diagonal are computed; each is
 * transformed in place and written twice (mirrored). The tiles are spread over a
 * {@link ForkJoinPool} of {@link #threads()} workers.
 *
 * <p>Sparse input: points are densified into the packed array when d &le; max(n, 1024), which costs
 * at most as much memory as the Gram matrix itself; for wider sparse data (text, 65,000-dimensional
 * bags) each row x_i is scattered into a dense work vector of length d and dotted with the other
 * points in O(nnz), so nothing n x d is ever allocated.
 *
 * <p>Any other kernel (and any point type, e.g. bags) goes through {@link #gramGeneric} /
 * {@link #crossGeneric}: the same tile schedule with {@code kernel.apply} per entry, each symmetric
 * pair evaluated once.
 *
 * <p>Memory: the result (8 n^2 bytes), the packed data (8 n d bytes when densified), one
 * {@value #BLOCK}^2 tile and, on the sparse path, one d-vector per thread. Complexity: n^2 d / 2
 * multiply-adds for a Gram matrix, m n d for a cross matrix.
 */
public final class GramBuilder {
    /** Output tile edge (rows and columns per block). */
    public static final int BLOCK = 64;
    /** Length of the feature-dimension chunks accumulated per pass over a tile. */
    public static final int DEPTH_CHUNK = 256;
    private static final int DENSIFY_MIN_D = 1024;

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
     * kernels, {@link #gramGeneric} for any other kernel.
     *
     * @throws IllegalArgumentException for points of different dimensions or n^2 beyond one array
     */
    public DenseKernelMatrix gram(Kernel<Vec> kernel, List<? extends Vec> points) {
        Form form = Form.of(kernel);
        if (form == null) {
            return gramGeneric(kernel, points);
        }
        int n = points.size();
        int d = dimension(points, -1, "point");
        double[] out = new double[CrossKernelMatrix.checkedSize(n, n)];
        int nb = blocks(n);
        int tasks = nb * (nb + 1) / 2;
        int[] bi = new int[tasks], bj = new int[tasks];
        for (int I = 0, t = 0; I < nb; I++) {
            for (int J = I; J < nb; J++, t++) {
                bi[t] = I;
                bj[t] = J;
            }
        }
        if (densify(points, n, d)) {
            double[] x = pack(points, d);
            double[] sq = squaredNorms(x, n, d);
            parallelFor(tasks, t -> {
                int i0 = bi[t] * BLOCK, j0 = bj[t] * BLOCK;
                int ni = Math.min(BLOCK, n - i0), nj = Math.min(BLOCK, n - j0);
                double[] tile = TILE.get();
                dotTile(x, i0, ni, x, j0, nj, d, tile);
                form.transform(tile, ni, nj, sq, i0, sq, j0);
                write(tile, ni, nj, out, n, i0, j0, i0 != j0);
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
                form.transform(tile, ni, nj, sq, i0, sq, j0);
                write(tile, ni, nj, out, n, i0, j0, i0 != j0);
            });
        }
        return DenseKernelMatrix.wrapRowMajor(n, out);
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
            double[] a = pack(test, d), b = pack(train, d);
            double[] sqa = squaredNorms(a, m, d), sqb = squaredNorms(b, n, d);
            parallelFor(tasks, t -> {
                int i0 = (t / nb) * BLOCK, j0 = (t % nb) * BLOCK;
                int ni = Math.min(BLOCK, m - i0), nj = Math.min(BLOCK, n - j0);
                double[] tile = TILE.get();
                dotTile(a, i0, ni, b, j0, nj, dim, tile);
                form.transform(tile, ni, nj, sqa, i0, sqb, j0);
                write(tile, ni, nj, out, n, i0, j0, false);
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
                form.transform(tile, ni, nj, sqa, i0, sqb, j0);
                write(tile, ni, nj, out, n, i0, j0, false);
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
        int nb = blocks(n);
        int tasks = nb * (nb + 1) / 2;
        int[] bi = new int[tasks], bj = new int[tasks];
        for (int I = 0, t = 0; I < nb; I++) {
            for (int J = I; J < nb; J++, t++) {
                bi[t] = I;
                bj[t] = J;
            }
        }
        parallelFor(tasks, t -> {
            int i0 = bi[t] * BLOCK, j0 = bj[t] * BLOCK;
            int i1 = Math.min(n, i0 + BLOCK), j1 = Math.min(n, j0 + BLOCK);
            for (int i = i0; i < i1; i++) {
                T xi = points.get(i);
                for (int j = Math.max(j0, i); j < j1; j++) {
                    double v = kernel.apply(xi, points.get(j));
                    out[i * n + j] = v;
                    out[j * n + i] = v;
                }
            }
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

    private static double[] pack(List<? extends Vec> points, int d) {
        int n = points.size();
        long size = (long) n * d;
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " points of dimension " + d + " do not fit one array");
        }
        double[] x = new double[(int) size];
        for (int i = 0; i < n; i++) {
            Vec v = points.get(i);
            if (v instanceof DenseVec dv) {
                dv.copyInto(x, i * d);
            } else {
                int base = i * d;
                v.forEachStored((j, value) -> x[base + j] = value);
            }
        }
        return x;
    }

    /** ||x_i||^2 summed in index order, the same order as the dot-product tiles (exact zeros on the diagonal). */
    private static double[] squaredNorms(double[] x, int n, int d) {
        double[] sq = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = i * d, end = k + d; k < end; k++) {
                s += x[k] * x[k];
            }
            sq[i] = s;
        }
        return sq;
    }

    /**
     * tile[i nj + j] = &lt;a_(i0+i), b_(j0+j)&gt; for the row-major packed arrays a and b of row length d:
     * 2 x 2 register blocks, the k dimension in chunks of DEPTH_CHUNK, each sum accumulated in index
     * order.
     */
    static void dotTile(double[] a, int i0, int ni, double[] b, int j0, int nj, int d, double[] t) {
        for (int k0 = 0; k0 < d || k0 == 0; k0 += DEPTH_CHUNK) {
            int k1 = Math.min(d, k0 + DEPTH_CHUNK);
            boolean first = k0 == 0;
            int i = 0;
            for (; i + 1 < ni; i += 2) {
                int a0 = (i0 + i) * d, a1 = a0 + d;
                int r0 = i * nj, r1 = r0 + nj;
                int j = 0;
                for (; j + 1 < nj; j += 2) {
                    int b0 = (j0 + j) * d, b1 = b0 + d;
                    double s00, s01, s10, s11;
                    if (first) {
                        s00 = 0;
                        s01 = 0;
                        s10 = 0;
                        s11 = 0;
                    } else {
                        s00 = t[r0 + j];
                        s01 = t[r0 + j + 1];
                        s10 = t[r1 + j];
                        s11 = t[r1 + j + 1];
                    }
                    for (int k = k0; k < k1; k++) {
                        double x0 = a[a0 + k], x1 = a[a1 + k], y0 = b[b0 + k], y1 = b[b1 + k];
                        s00 += x0 * y0;
                        s01 += x0 * y1;
                        s10 += x1 * y0;
                        s11 += x1 * y1;
                    }
                    t[r0 + j] = s00;
                    t[r0 + j + 1] = s01;
                    t[r1 + j] = s10;
                    t[r1 + j + 1] = s11;
                }
                if (j < nj) {
                    int b0 = (j0 + j) * d;
                    double s0 = first ? 0 : t[r0 + j], s1 = first ? 0 : t[r1 + j];
                    for (int k = k0; k < k1; k++) {
                        double y0 = b[b0 + k];
                        s0 += a[a0 + k] * y0;
                        s1 += a[a1 + k] * y0;
                    }
                    t[r0 + j] = s0;
                    t[r1 + j] = s1;
                }
            }
            if (i < ni) {
                int a0 = (i0 + i) * d, r0 = i * nj;
                for (int j = 0; j < nj; j++) {
                    int b0 = (j0 + j) * d;
                    double s = first ? 0 : t[r0 + j];
                    for (int k = k0; k < k1; k++) {
                        s += a[a0 + k] * b[b0 + k];
                    }
                    t[r0 + j] = s;
                }
            }
            if (d == 0) {
                break;
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

    /** Copies the transformed tile into out (row stride n) and, when mirror, its transpose. */
    private static void write(double[] t, int ni, int nj, double[] out, int n, int i0, int j0, boolean mirror) {
        for (int i = 0; i < ni; i++) {
            System.arraycopy(t, i * nj, out, (i0 + i) * n + j0, nj);
        }
        if (mirror) {
            for (int j = 0; j < nj; j++) {
                int base = (j0 + j) * n + i0;
                for (int i = 0; i < ni; i++) {
                    out[base + i] = t[i * nj + j];
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

        /** Replaces each inner product in the tile by the kernel value. */
        void transform(double[] t, int ni, int nj, double[] sqa, int i0, double[] sqb, int j0) {
            switch (kind) {
                case GAUSSIAN -> {
                    double g = -gamma;
                    for (int i = 0; i < ni; i++) {
                        double si = sqa[i0 + i];
                        int r = i * nj;
                        for (int j = 0; j < nj; j++) {
                            // the same expression as Vec.squaredDistance, clamped at 0
                            double dist = si + sqb[j0 + j] - 2.0 * t[r + j];
                            t[r + j] = Math.exp(g * (dist > 0 ? dist : 0.0));
                        }
                    }
                }
                case POLYNOMIAL -> {
                    for (int i = 0, end = ni * nj; i < end; i++) {
                        double base = gamma * t[i] + offset;
                        double v = 1.0;
                        for (int p = degree; p > 0; p >>= 1) {
                            if ((p & 1) != 0) {
                                v *= base;
                            }
                            base *= base;
                        }
                        t[i] = v;
                    }
                }
                default -> {
                    // linear: the inner products are the kernel values
                }
            }
        }
    }
}
