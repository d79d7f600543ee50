package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * The base-kernel values K_1(s, t) .. K_M(s, t) of training pairs s &le; t, kept once computed, for the β-steps of
 * every IMKPL fit on one point list: the iterations of a fit and the fits of the r candidates of one inner fold
 * ({@link Imkpl#chooseByInnerCv}) read the same pairs. The values are those of
 * {@link SharedKernelMatrices#value}, so a β-step gives the same coefficients bit for bit with or without the memo
 * (ImkplSharedWorkTest). At most {@code budgetBytes} of values are kept; pairs beyond it are computed each time.
 * Each {@link #accumulate} call is one β-step: when it ends, pairs that step did not read are dropped, so the memo
 * follows the fit's pairs as its prototypes move instead of keeping the first pairs it saw. Safe for concurrent use.
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
    private final ConcurrentHashMap<Long, Held> values = new ConcurrentHashMap<>();
    /** The number of {@link #accumulate} calls begun (the β-step a held pair was last read in). */
    private final AtomicInteger steps = new AtomicInteger();
    /** Pairs whose values were computed (not read from the memo), for the tests. */
    private final AtomicLong computed = new AtomicLong();

    /** The values of one pair and the step that last read them. */
    private static final class Held {
        final double[] v;
        volatile int step;

        Held(double[] v, int step) {
            this.v = v;
            this.step = step;
        }
    }

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

    /** Pairs whose values were computed so far (each read not served by the memo). */
    long computed() {
        return computed.get();
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
        int step = steps.incrementAndGet();
        for (int from = 0; from < count; from += BLOCK) {
            int len = Math.min(BLOCK, count - from);
            double[][] vals = block(ev, ps, pt, from, len, step);
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
        // the next step reads mostly this step's pairs: drop the others, making room for its new ones
        values.values().removeIf(h -> h.step != step);
    }

    /** The values of pairs from .. from + len - 1 (out[e - from][q]), from the memo or computed and kept. */
    private double[][] block(SharedKernelMatrices ev, int[] ps, int[] pt, int from, int len, int step) {
        double[][] out = new double[len][];
        int[] missing = new int[len];
        int nm = 0;
        for (int e = 0; e < len; e++) {
            Held h = values.get(key(ps[from + e], pt[from + e]));
            if (h == null) {
                missing[nm++] = e;
            } else {
                h.step = step;
                out[e] = h.v;
            }
        }
        computed.addAndGet(nm);
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
            values.putIfAbsent(key(ps[from + e], pt[from + e]), new Held(out[e], step));
        }
        return out;
    }

    private long key(int s, int t) {
        return (long) s * n + t;
    }
}
