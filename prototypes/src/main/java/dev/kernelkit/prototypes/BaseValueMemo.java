package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The base-kernel values K_1(s, t) .. K_M(s, t) of training pairs s &le; t, kept once computed, for the β-steps of
 * every IMKPL fit on one point list: the iterations of a fit and the fits of the r candidates of one inner fold
 * ({@link Imkpl#chooseByInnerCv}) read the same pairs. The values are those of
 * {@link SharedKernelMatrices#value}, so a β-step gives the same coefficients bit for bit with or without the memo
 * (ImkplSharedWorkTest). At most {@code budgetBytes} of values are kept; pairs beyond it are computed each time.
 * Each {@link #accumulate} call is one β-step: before it computes anything, the held pairs it does not read are dropped,
 * and its new pairs take their place while the budget allows, so the memo follows the fit's pairs as its prototypes move
 * instead of keeping the first pairs it saw. The pairs are held in an
 * open-addressing table of primitive keys (no boxed key or entry object per pair). Safe for concurrent use (one
 * β-step at a time).
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
    /** The table: key s·n + t of a held pair (EMPTY: a free slot), its values and the β-step that last read it. */
    private long[] keys = empty(16);
    private double[][] vals = new double[16][];
    private int[] readIn = new int[16];
    private int held;
    /** The number of {@link #accumulate} calls begun (the β-step a held pair was last read in). */
    private int steps;
    /** Pairs whose values were computed (not read from the memo), for the tests. */
    private long computed;

    private static final long EMPTY = -1L;

    private static long[] empty(int capacity) {
        long[] k = new long[capacity];
        Arrays.fill(k, EMPTY);
        return k;
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
    synchronized int size() {
        return held;
    }

    /** Pairs whose values were computed so far (each read not served by the memo). */
    synchronized long computed() {
        return computed;
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
    synchronized void accumulate(SharedKernelMatrices ev, int[] ps, int[] pt, double[] w, int count, double[] acc) {
        if (ev.size() != n || ev.count() != m) {
            throw new IllegalArgumentException("expected base matrices of " + m + " kernels on " + n
                    + " points, found " + ev.count() + " on " + ev.size());
        }
        if (acc.length != m) {
            throw new IllegalArgumentException("expected " + m + " accumulators, found " + acc.length);
        }
        int step = ++steps;
        // the step's pairs are known now: the values of those held, then the others dropped, making room for its new ones
        double[][] heldValues = new double[count][];
        for (int e = 0; e < count; e++) {
            int slot = find(key(ps[e], pt[e]));
            if (keys[slot] != EMPTY) {
                readIn[slot] = step;
                heldValues[e] = vals[slot];
            }
        }
        keepReadIn(step);
        // kernels split in one contiguous range per core (longer runs of each pair's values than smaller chunks);
        // four pairs per pass over a range, each acc[q] still adding the terms one by one in the order of e
        int chunks = Math.min(Runtime.getRuntime().availableProcessors(), Math.max(1, m / 64));
        for (int from = 0; from < count; from += BLOCK) {
            int len = Math.min(BLOCK, count - from);
            double[][] vals = block(ev, ps, pt, from, len, step, heldValues);
            int base = from;
            IntStream.range(0, chunks).parallel().forEach(c -> {
                int q0 = (int) ((long) m * c / chunks), q1 = (int) ((long) m * (c + 1) / chunks);
                int e = 0;
                for (; e + 4 <= len; e += 4) {
                    double w0 = w[base + e], w1 = w[base + e + 1], w2 = w[base + e + 2], w3 = w[base + e + 3];
                    double[] v0 = vals[e], v1 = vals[e + 1], v2 = vals[e + 2], v3 = vals[e + 3];
                    for (int q = q0; q < q1; q++) {
                        double a = acc[q];
                        a += w0 * v0[q];
                        a += w1 * v1[q];
                        a += w2 * v2[q];
                        a += w3 * v3[q];
                        acc[q] = a;
                    }
                }
                for (; e < len; e++) {
                    double we = w[base + e];
                    double[] v = vals[e];
                    for (int q = q0; q < q1; q++) {
                        acc[q] += we * v[q];
                    }
                }
            });
        }
    }

    /**
     * The values of pairs from .. from + len - 1 (out[e - from][q]): those held when the step began (heldValues[e],
     * null for the others) or computed and kept.
     */
    private double[][] block(SharedKernelMatrices ev, int[] ps, int[] pt, int from, int len, int step,
                             double[][] heldValues) {
        double[][] out = new double[len][];
        int[] missing = new int[len];
        int nm = 0;
        for (int e = 0; e < len; e++) {
            out[e] = heldValues[from + e];
            if (out[e] == null) {
                missing[nm++] = e;
            }
        }
        computed += nm;
        IntStream.range(0, nm).parallel().forEach(a -> {
            int e = missing[a];
            int s = ps[from + e], t = pt[from + e];
            double[] v = new double[m];
            ev.values(s, t, v);
            out[e] = v;
        });
        for (int a = 0; a < nm && held < maxPairs; a++) {
            int e = missing[a];
            put(key(ps[from + e], pt[from + e]), out[e], step);
        }
        return out;
    }

    /** The slot of {@code key}, or the free slot where it would go (linear probing; the table is never full). */
    private int find(long key) {
        int mask = keys.length - 1;
        long h = key * 0x9E3779B97F4A7C15L;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** Holds a pair's values (once: a key already held keeps its first values, as putIfAbsent). */
    private void put(long key, double[] v, int step) {
        if (2 * (held + 1) > keys.length) {
            rehash(2 * keys.length);
        }
        int slot = find(key);
        if (keys[slot] == EMPTY) {
            keys[slot] = key;
            vals[slot] = v;
            readIn[slot] = step;
            held++;
        }
    }

    /** Drops every pair not read in {@code step}. */
    private void keepReadIn(int step) {
        rebuild(keys.length, step);
    }

    private void rehash(int capacity) {
        rebuild(capacity, -1);
    }

    /** The table again at {@code capacity} slots, with the pairs last read in {@code step} (every pair for -1). */
    private void rebuild(int capacity, int step) {
        long[] k = keys;
        double[][] v = vals;
        int[] r = readIn;
        keys = empty(capacity);
        vals = new double[capacity][];
        readIn = new int[capacity];
        held = 0;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != EMPTY && (step < 0 || r[i] == step)) {
                int slot = find(k[i]);
                keys[slot] = k[i];
                vals[slot] = v[i];
                readIn[slot] = r[i];
                held++;
            }
        }
    }

    private long key(int s, int t) {
        return (long) s * n + t;
    }
}
