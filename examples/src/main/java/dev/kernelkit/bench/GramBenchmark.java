package dev.kernelkit.bench;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.gram.GramProducts;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The Gaussian Gram matrix benchmark behind {@code kernelkit bench gram}: {@link GramBuilder} (squared
 * norms plus one blocked X X^T through OpenBLAS or the Java tile, all cores) against a naive double loop over the pairs i &le; j that
 * sums (x_ik - x_jk)^2 and calls {@code Math.exp}, on the same seeded data in the same JVM.
 *
 * <p>Data: n points with d features drawn uniformly from [0, 1) by {@code SplittableRandom(seed)}, row by
 * row ({@code examples/scripts/numpy_gram.py} draws the same numbers for numpy's reference).
 * Ours is timed {@code repeats} times (best reported, packing included) on {@code threads} workers; the
 * naive loop runs once, unless switched off (then there is no difference to report).
 * Pure logic, no argument parsing or printing.
 */
public final class GramBenchmark {
    private GramBenchmark() {
    }

    /**
     * @param n number of points, &ge; 1 and at most 46,340 (n^2 entries in one array)
     * @param d number of features, &ge; 1
     * @param gamma Gaussian width, &gt; 0
     * @param seed data seed
     * @param repeats timed runs of ours, &ge; 1
     * @param threads worker threads of ours, &ge; 1
     * @param naive whether to run (and compare with) the naive double loop
     * @param gramProduct the builder's dense product: java (the tile), native (OpenBLAS; an error when it does not
     *        load) or auto (native where it loads), as {@link GramProducts#select}
     */
    public record Options(int n, int d, double gamma, long seed, int repeats, int threads, boolean naive,
            String gramProduct) {
        /** @throws IllegalArgumentException for a value out of range */
        public Options {
            if (n < 1 || n > 46_340) {
                throw new IllegalArgumentException("n must be in [1, 46340], got " + n);
            }
            if (d < 1) {
                throw new IllegalArgumentException("d must be >= 1, got " + d);
            }
            if (!(gamma > 0) || !Double.isFinite(gamma)) {
                throw new IllegalArgumentException("gamma must be > 0 and finite, got " + gamma);
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
            }
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be >= 1, got " + threads);
            }
            if (!List.of("java", "native", "auto").contains(gramProduct)) {
                throw new IllegalArgumentException("gram product must be java, native or auto, got '" + gramProduct + "'");
            }
        }

        /** The product chosen automatically (native where it loads). */
        public Options(int n, int d, double gamma, long seed, int repeats, int threads, boolean naive) {
            this(n, d, gamma, seed, repeats, threads, naive, "auto");
        }

        /** All cores, with the naive loop. */
        public Options(int n, int d, double gamma, long seed, int repeats) {
            this(n, d, gamma, seed, repeats, Runtime.getRuntime().availableProcessors(), true);
        }

        /** The setting: n = 6000, d = 166, gamma = 1/d, seed 42, best of 3, all cores, naive loop. */
        public static Options defaults() {
            return new Options(6000, 166, 1.0 / 166, 42L, 3);
        }
    }

    /**
     * @param options what was run
     * @param oursSeconds best wall time of {@link GramBuilder#gram} over the repeats
     * @param oursCpuSeconds least CPU time of the whole JVM process (every thread, GC and JIT included) over the
     *        repeats, a measure that waiting for a loaded machine's cores does not inflate; NaN where the JVM
     *        does not report it
     * @param naiveSeconds wall time of the naive double loop (one run), NaN when it was not run
     * @param maxAbsDifference the largest |K_ours - K_naive| over all entries, NaN without the naive loop
     * @param threads worker threads used by ours (the naive loop uses one)
     * @param peakHeapBytes estimated peak heap: both n x n matrices (one without the naive loop) plus three
     *        n x d copies of the data (raw rows, vectors, the builder's panels or row-major copy), 8 (2 n^2 + 3 n d)
     *        bytes (a native product's copy of the points is off the heap)
     * @param gramProduct the name of the product that computed ours: {@code openblas} or {@code java-tile}
     */
    public record Result(Options options, double oursSeconds, double oursCpuSeconds, double naiveSeconds,
            double maxAbsDifference, int threads, long peakHeapBytes, String gramProduct) {
        /** naiveSeconds / oursSeconds (NaN without the naive loop). */
        public double speedup() {
            return naiveSeconds / oursSeconds;
        }
    }

    /** Runs the benchmark. */
    public static Result run(Options o) {
        int n = o.n(), d = o.d();
        SplittableRandom r = new SplittableRandom(o.seed());
        double[][] x = new double[n][d];
        List<Vec> points = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                x[i][k] = r.nextDouble();
            }
            points.add(DenseVec.of(x[i]));
        }
        GramBuilder builder = new GramBuilder(o.threads(), GramProducts.select(o.gramProduct()).product());
        GaussianKernel kernel = new GaussianKernel(o.gamma());
        DenseKernelMatrix ours = null;
        double best = Double.POSITIVE_INFINITY, bestCpu = Double.POSITIVE_INFINITY;
        for (int rep = 0; rep < o.repeats(); rep++) {
            ours = null; // let the previous result be collected before the next run
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            ours = builder.gram(kernel, points);
            best = Math.min(best, (System.nanoTime() - t0) * 1e-9);
            bestCpu = Math.min(bestCpu, (processCpuNanos() - c0) * 1e-9);
        }
        if (processCpuNanos() < 0) {
            bestCpu = Double.NaN;
        }
        double naiveSeconds = Double.NaN, maxDiff = Double.NaN;
        if (o.naive()) {
            long t0 = System.nanoTime();
            double[][] naive = naive(x, o.gamma());
            naiveSeconds = (System.nanoTime() - t0) * 1e-9;
            maxDiff = 0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    maxDiff = Math.max(maxDiff, Math.abs(ours.get(i, j) - naive[i][j]));
                }
            }
        }
        long peak = 8L * ((o.naive() ? 2L : 1L) * n * n + 3L * n * d);
        return new Result(o, best, bestCpu, naiveSeconds, maxDiff, builder.threads(), peak, builder.product().name());
    }

    /** CPU time of this JVM process in nanoseconds, or -1 where the platform does not report it. */
    private static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** K_ij = exp(-gamma sum_k (x_ik - x_jk)^2) for i &ge; j, mirrored; one thread. */
    static double[][] naive(double[][] x, double gamma) {
        int n = x.length;
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            double[] xi = x[i];
            for (int j = 0; j <= i; j++) {
                double[] xj = x[j];
                double s = 0;
                for (int f = 0; f < xi.length; f++) {
                    double t = xi[f] - xj[f];
                    s += t * t;
                }
                double v = Math.exp(-gamma * s);
                k[i][j] = v;
                k[j][i] = v;
            }
        }
        return k;
    }
}
