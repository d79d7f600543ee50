package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The base-kernel values K_1(s, t) .. K_M(s, t) of training pairs s &le; t, kept once computed, for the β-steps of
 * every IMKPL fit on one point list: the iterations of a fit and the fits of the r candidates of one inner fold
 * ({@link Imkpl#chooseByInnerCv}) read the same pairs. The values are those of
 * {@link SharedKernelMatrices#value}, so a β-step gives the same coefficients bit for bit with or without the memo
 * (ImkplSharedWorkTest). At most {@code budgetBytes} of values are kept; pairs beyond it are computed each time.
 * Safe for concurrent use.
 */
final class BaseValueMemo {
    /** The default budget: a sixteenth of the maximum heap (the inner folds of a protocol hold one each). */
    static long defaultBudgetBytes() {
        return Runtime.getRuntime().maxMemory() / 16;
    }

    private final MultipleKernel kernels;
    private final List<? extends Vec> points;
    private final int n;
    private final int m;
    private final long maxPairs;
    private final ConcurrentHashMap<Long, double[]> values = new ConcurrentHashMap<>();

    /**
     * An empty memo for fits on {@code points} with {@code kernels}.
     *
     * @param budgetBytes largest memory for values (0: keep nothing)
     */
    BaseValueMemo(MultipleKernel kernels, List<? extends Vec> points, long budgetBytes) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.points = Objects.requireNonNull(points, "points");
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("budgetBytes must be >= 0, got " + budgetBytes);
        }
        this.n = points.size();
        this.m = kernels.count();
        this.maxPairs = budgetBytes / (8L * Math.max(1, m) + 64);
    }

    /** Whether this memo was made for these kernels and this point list (the same objects). */
    boolean isFor(MultipleKernel k, List<? extends Vec> x) {
        return k == kernels && x == points;
    }

    /** Pairs held. */
    int size() {
        return values.size();
    }

    /** Pairs whose values are fetched at once in {@link #accumulate} (bounds the transient memory to BLOCK M doubles). */
    static final int BLOCK = 2048;

    /**
     * Adds Σ_e w[e]·K_q(ps[e], pt[e]) over e &lt; count to acc[q] for every kernel q, the terms in the order of e
     * (so acc[q] ends as the sequential sum {@code acc[q] += w[e] * ev.value(q, ps[e], pt[e])} would leave it, bit for
     * bit); the values come from the memo or are computed (pairs in parallel) and kept while the budget allows.
     *
     * @param ev the base matrices of this memo's kernels on its points
     */
    void accumulate(SharedKernelMatrices ev, int[] ps, int[] pt, double[] w, int count, double[] acc) {
        if (ev.size() != n || ev.count() != m) {
            throw new IllegalArgumentException("expected base matrices of " + m + " kernels on " + n
                    + " points, found " + ev.count() + " on " + ev.size());
        }
        if (acc.length != m) {
            throw new IllegalArgumentException("expected " + m + " accumulators, found " + acc.length);
        }
        for (int from = 0; from < count; from += BLOCK) {
            int len = Math.min(BLOCK, count - from);
            double[][] vals = block(ev, ps, pt, from, len);
            int chunks = Math.min(4 * Runtime.getRuntime().availableProcessors(), Math.max(1, m / 64));
            int base = from;
            IntStream.range(0, chunks).parallel().forEach(c -> {
                int q0 = (int) ((long) m * c / chunks), q1 = (int) ((long) m * (c + 1) / chunks);
                for (int e = 0; e < len; e++) {
                    double we = w[base + e];
                    double[] v = vals[e];
                    for (int q = q0; q < q1; q++) {
                        acc[q] += we * v[q];
                    }
                }
            });
        }
    }

    /** The values of pairs from .. from + len - 1 (out[e - from][q]), from the memo or computed and kept. */
    private double[][] block(SharedKernelMatrices ev, int[] ps, int[] pt, int from, int len) {
        double[][] out = new double[len][];
        int[] missing = new int[len];
        int nm = 0;
        for (int e = 0; e < len; e++) {
            out[e] = values.get(key(ps[from + e], pt[from + e]));
            if (out[e] == null) {
                missing[nm++] = e;
            }
        }
        IntStream.range(0, nm).parallel().forEach(a -> {
            int e = missing[a];
            int s = ps[from + e], t = pt[from + e];
            double[] v = new double[m];
            for (int q = 0; q < m; q++) {
                v[q] = ev.value(q, s, t);
            }
            out[e] = v;
        });
        for (int a = 0; a < nm && values.size() < maxPairs; a++) {
            int e = missing[a];
            values.putIfAbsent(key(ps[from + e], pt[from + e]), out[e]);
        }
        return out;
    }

    private long key(int s, int t) {
        return (long) s * n + t;
    }
}
