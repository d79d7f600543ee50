package dev.kernelkit.blas;

import static org.bytedeco.openblas.global.openblas_nolapack.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasRowMajor;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_dgemm;

import dev.kernelkit.gram.GramProduct;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.Loader;

/**
 * Blocks of inner products A B^T by OpenBLAS's {@code cblas_dgemm} (row-major A times transposed row-major B) into a
 * native buffer, copied row by row into the caller's tile. The points are copied once into native memory per
 * {@link #pack}; OpenBLAS runs one thread per call, since {@link dev.kernelkit.gram.GramBuilder} calls it from its
 * own worker threads (OpenBLAS's threads on top would oversubscribe the cores).
 *
 * <p>The native output buffers are pooled by the product, not by an operand, so callers that pack a short-lived
 * operand per call (SparseMI's expansion vectors against the instances) reuse the same native memory instead of
 * allocating (and faulting in) a fresh buffer each time; the pool holds at most {@link #POOLED_BUFFERS} buffers of
 * at most {@link #POOLED_MAX_DOUBLES} doubles each, larger ones are freed on return.
 *
 * <p>OpenBLAS's kernels may order the sums over the features differently from the Java tile's index order, so
 * entries may differ from it in the last bits.
 */
public final class OpenBlasGramProduct implements GramProduct {
    /** The name in reports. */
    public static final String NAME = "openblas";

    /** At most this many output buffers are kept for reuse (more than the threads that call at once). */
    static final int POOLED_BUFFERS = 4 * Runtime.getRuntime().availableProcessors() + 4;
    /** Buffers of more doubles than this (256 MB) are freed when returned instead of kept. */
    static final long POOLED_MAX_DOUBLES = 1L << 25;

    private static volatile OpenBlasGramProduct instance;

    private final String library;
    private final ConcurrentLinkedDeque<DoublePointer> buffers = new ConcurrentLinkedDeque<>();
    private final java.util.concurrent.atomic.AtomicInteger pooled = new java.util.concurrent.atomic.AtomicInteger();

    private OpenBlasGramProduct(String library) {
        this.library = library;
    }

    /**
     * Loads the native library once (first call extracts it from the jar to JavaCPP's cache) and sets OpenBLAS to
     * one thread per call.
     *
     * @throws UnsatisfiedLinkError or another {@link LinkageError} / RuntimeException when it does not load
     */
    public static synchronized OpenBlasGramProduct load() {
        if (instance == null) {
            String path = Loader.load(org.bytedeco.openblas.global.openblas_nolapack.class);
            org.bytedeco.openblas.presets.openblas_nolapack.blas_set_num_threads(1);
            instance = new OpenBlasGramProduct(path);
        }
        return instance;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The path of the loaded JNI library (for diagnostics). */
    public String library() {
        return library;
    }

    @Override
    public Operand pack(double[] rows, int n, int d) {
        if (n < 0 || d < 0 || rows.length < (long) n * d) {
            throw new IllegalArgumentException("rows must hold n d = " + ((long) n * d) + " values (n " + n + ", d " + d
                    + "), got " + rows.length);
        }
        DoublePointer p = new DoublePointer(Math.max(1L, (long) n * d));
        p.put(rows, 0, n * d);
        return new NativeRows(p, n, d);
    }

    @Override
    public void products(Operand a, int i0, int ni, Operand b, int j0, int nj, double[][] c) {
        NativeRows x = (NativeRows) a, y = (NativeRows) b;
        if (x.d != y.d) {
            throw new IllegalArgumentException("operands of dimension " + x.d + " and " + y.d);
        }
        if (i0 < 0 || ni < 0 || i0 + ni > x.n || j0 < 0 || nj < 0 || j0 + nj > y.n) {
            throw new IndexOutOfBoundsException("block rows " + i0 + "+" + ni + " of " + x.n + ", columns " + j0 + "+" + nj
                    + " of " + y.n);
        }
        if (ni == 0 || nj == 0) {
            return;
        }
        int d = x.d;
        if (d == 0) {
            for (int i = 0; i < ni; i++) {
                java.util.Arrays.fill(c[i], 0, nj, 0.0);
            }
            return;
        }
        x.checkOpen();
        y.checkOpen();
        DoublePointer buffer = borrow((long) ni * nj);
        try {
            DoublePointer xa = x.rows.getPointer((long) i0 * d), yb = y.rows.getPointer((long) j0 * d);
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, ni, nj, d, 1.0, xa, d, yb, d, 0.0, buffer, nj);
            for (int i = 0; i < ni; i++) {
                buffer.position((long) i * nj).get(c[i], 0, nj);
            }
            buffer.position(0);
        } finally {
            giveBack(buffer);
        }
    }

    /** How many output buffers the pool holds now (for tests). */
    int pooledBuffers() {
        return buffers.size();
    }

    /** A pooled buffer of at least {@code capacity} doubles (the first pooled one, enlarged if too small). */
    private DoublePointer borrow(long capacity) {
        DoublePointer p = buffers.pollFirst();
        if (p != null) {
            pooled.decrementAndGet();
            if (p.capacity() >= capacity) {
                return p;
            }
            p.close();
        }
        return new DoublePointer(capacity);
    }

    /** Keeps {@code p} for the next call while the pool has room and p is not too large, else frees it. */
    private void giveBack(DoublePointer p) {
        if (p.capacity() <= POOLED_MAX_DOUBLES) {
            if (pooled.incrementAndGet() <= POOLED_BUFFERS) {
                buffers.addFirst(p);
                return;
            }
            pooled.decrementAndGet();
        }
        p.close();
    }

    @Override
    public String toString() {
        return NAME;
    }

    /** Row-major points in native memory. */
    private static final class NativeRows implements Operand {
        final DoublePointer rows;
        final int n;
        final int d;
        private volatile boolean closed;

        NativeRows(DoublePointer rows, int n, int d) {
            this.rows = rows;
            this.n = n;
            this.d = d;
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public int dimension() {
            return d;
        }

        void checkOpen() {
            if (closed) {
                throw new IllegalStateException("operand closed");
            }
        }

        @Override
        public void close() {
            closed = true;
            rows.close();
        }
    }
}
