package dev.kernelkit.cvm;

import dev.kernelkit.util.IntIntHashMap;
import java.util.Arrays;

/**
 * Per-point rows K~(l, S_0..S_{len-1}) against the core-set prefix (LibCVM's "sparse caching",
 * spec §3.3 item 10). Core sets only grow by appending, so a cached row stays valid and only the
 * new columns are computed. Rows are 32-bit floats, as in LibCVM (the entries only rank candidates
 * and fill the float rows of the core-set QP, a {@link dev.kernelkit.svm.GrowingDualProblem}); every
 * value, cached or not, is the float of the problem's double entry. Memory grows with the core set, not with the number of points: rows
 * live within a budget (the configured megabytes, at most half the JVM's maximum heap; the other half
 * holds the core-set matrix, 4.5 |S|^2 bytes).
 *
 * <p>Two access paths with different admission rules, so that an exact scan over all points does
 * not flush the cache (a cyclic scan over more rows than fit misses every time under LRU or FIFO):
 *
 * <ul>
 *   <li>{@link #row} (candidates of a sampling round, new core points) always returns the full row
 *       and, when the budget is full, evicts the oldest admitted rows (FIFO) to keep it;</li>
 *   <li>{@link #weightedSum} (the full scan) uses and extends a cached row when it can, admits a
 *       new one only while the budget has room, and otherwise computes just the columns with a
 *       non-zero weight, without storing them.</li>
 * </ul>
 *
 * Both paths compute entries by {@link MebProblem#entries} and round them to float the same way,
 * so results do not depend on what happens to be cached. Not thread-safe, except that several
 * threads may compute partial sums of first draws at once with their own {@link Buffers}.
 *
 * <p>Rows are kept in slots: slot = point for a problem in memory (arrays of n), or, for a
 * {@link DistributedMebProblem} (millions of points on a cluster, of which a run touches tens of thousands),
 * slots handed out as rows are admitted and found through an {@link IntIntHashMap}, so that the driver's memory
 * does not grow with n.
 */
final class KernelRowCache {
    private final MebProblem problem;
    private final long budget;
    /** Point to slot, or null when the slot is the point. */
    private final IntIntHashMap slotOf;
    private float[][] rows;
    private int[] filled;
    /** The admitted points, oldest first (a ring). */
    private int[] fifo;
    private int[] freeSlots = new int[16];
    private int freeCount;
    private int slotCount;
    private int fifoHead;
    private int fifoCount;
    private long used;
    private long computed;
    private float[] scratch = new float[16];
    private double[] block = new double[16];
    private int[] cols = new int[16];
    /** The buffers of the calls made on the owning thread. */
    private final Buffers own = new Buffers();

    /**
     * Work arrays of partial sums and the kernel entries they computed: one per thread that calls
     * {@link #weightedSumOfNonZero(int, int[], double[], int, int[], int, Buffers)}.
     */
    static final class Buffers {
        private int[] pts = new int[16];
        private double[] block = new double[16];
        private long computed;

        private int[] points(int len) {
            if (pts.length < len) {
                pts = new int[capacity(len)];
            }
            return pts;
        }

        private double[] block(int len) {
            if (block.length < len) {
                block = new double[capacity(len)];
            }
            return block;
        }
    }

    KernelRowCache(MebProblem problem, double cacheMb) {
        this.problem = problem;
        long heapFloats = Runtime.getRuntime().maxMemory() / 2 / Float.BYTES;
        this.budget = Math.max(1L << 17, Math.min(heapFloats, (long) (cacheMb * (1 << 20) / Float.BYTES)));
        int n = problem.size();
        int slots = n;
        if (problem instanceof DistributedMebProblem) {
            slotOf = new IntIntHashMap(1024);
            slots = Math.min(n, 1024);
        } else {
            slotOf = null;
        }
        this.rows = new float[slots][];
        this.filled = new int[slots];
        this.fifo = new int[slots];
    }

    /** The slot of point l's row, or -1 when it has none. */
    private int slot(int l) {
        if (slotOf == null) {
            return rows[l] == null ? -1 : l;
        }
        int s = slotOf.get(l);
        return s == IntIntHashMap.ABSENT ? -1 : s;
    }

    /** Point l's cached row, or null. */
    private float[] cached(int l) {
        int s = slot(l);
        return s < 0 ? null : rows[s];
    }

    /** The filled length of point l's row (0 without one). */
    private int filledOf(int l) {
        int s = slot(l);
        return s < 0 ? 0 : filled[s];
    }

    /** A slot for point l's new row (slot = point for a problem in memory). */
    private int newSlot(int l) {
        if (slotOf == null) {
            return l;
        }
        int s;
        if (freeCount > 0) {
            s = freeSlots[--freeCount];
        } else {
            s = slotCount++;
            if (s == rows.length) {
                rows = Arrays.copyOf(rows, 2 * s);
                filled = Arrays.copyOf(filled, 2 * s);
            }
        }
        slotOf.put(l, s);
        return s;
    }

    /** Frees point l's slot. */
    private void release(int l, int s) {
        rows[s] = null;
        filled[s] = 0;
        if (slotOf != null) {
            slotOf.remove(l);
            if (freeCount == freeSlots.length) {
                freeSlots = Arrays.copyOf(freeSlots, 2 * freeCount);
            }
            freeSlots[freeCount++] = s;
        }
    }

    /**
     * Row of point l against core[0..len), computing only the missing columns. The returned array
     * may be a scratch buffer, valid until the next call; callers must not keep it.
     */
    float[] row(int l, int[] core, int len) {
        int sl = slot(l);
        float[] r = sl < 0 ? null : rows[sl];
        if (r != null && r.length >= len) {
            fill(r, sl, core, filled[sl], len, l);
            return r;
        }
        int need = capacity(len);
        long have = r == null ? 0 : r.length;
        if (used - have + need > budget) {
            makeRoom(need - have, l);
        }
        if (used - have + need <= budget) {
            return admit(l, core, len, need);
        }
        // the row alone exceeds the budget: compute it in the scratch buffer
        float[] s = scratch(len);
        int from = 0;
        sl = slot(l);
        if (sl >= 0) {
            from = filled[sl];
            System.arraycopy(rows[sl], 0, s, 0, from);
        }
        fill(s, -1, core, from, len, l);
        return s;
    }

    /**
     * sum_j w_j K~(l, core_j) over j &lt; len. Uses (and extends) the cached row of l when there is
     * one that can hold len columns or the budget has room for it; otherwise computes only the
     * columns with w_j != 0 and stores nothing.
     */
    double weightedSum(int l, int[] core, double[] w, int len) {
        int sl = slot(l);
        float[] r = sl < 0 ? null : rows[sl];
        if (r == null || r.length < len) {
            int need = capacity(len);
            long have = r == null ? 0 : r.length;
            if (used - have + need <= budget) {
                r = admit(l, core, len, need);
            } else {
                int m = 0;
                int from = r == null ? 0 : Math.min(filled[sl], len);
                int[] c = columns(len - from);
                for (int j = from; j < len; j++) {
                    if (w[j] != 0.0) {
                        c[m++] = j;
                    }
                }
                return partialSum(l, core, w, len, c, 0, m, own);
            }
        } else {
            fill(r, sl, core, filled[sl], len, l);
        }
        double s = 0.0;
        for (int j = 0; j < len; j++) {
            s += w[j] * r[j];
        }
        return s;
    }

    /**
     * sum_j w_j K~(l, core_j) over j &lt; len without computing or storing more than it needs: the
     * cached prefix of l's row when there is one, then only the columns in {@code nonZero[0..m)}
     * (increasing positions: every j with w_j != 0) beyond it. The same double as
     * {@link #weightedSum} (the same products in the same order; the terms with w_j = 0 add
     * nothing), at m kernel entries instead of a full row.
     */
    double weightedSumOfNonZero(int l, int[] core, double[] w, int len, int[] nonZero, int m) {
        return weightedSumOfNonZero(l, core, w, len, nonZero, m, own);
    }

    /**
     * {@link #weightedSumOfNonZero(int, int[], double[], int, int[], int)} with the caller's work
     * arrays: it only reads the cache, so several threads may call it at once (each with its own
     * {@code buffers}) while no other method runs; {@link #merge} then counts their entries.
     */
    double weightedSumOfNonZero(int l, int[] core, double[] w, int len, int[] nonZero, int m, Buffers buffers) {
        int from = Math.min(filledOf(l), len);
        int start = 0;
        while (start < m && nonZero[start] < from) {
            start++;
        }
        return partialSum(l, core, w, len, nonZero, start, m, buffers);
    }

    /** Adds the kernel entries computed with {@code buffers} to {@link #computed()}. */
    void merge(Buffers buffers) {
        computed += buffers.computed;
        buffers.computed = 0;
    }

    /** The cached prefix of l's row (filled columns below len), then the columns pos[start..end) computed. */
    private double partialSum(int l, int[] core, double[] w, int len, int[] pos, int start, int end, Buffers buf) {
        int sl = slot(l);
        float[] r = sl < 0 ? null : rows[sl];
        int from = r == null ? 0 : Math.min(filled[sl], len);
        double s = 0.0;
        for (int j = 0; j < from; j++) {
            s += w[j] * r[j];
        }
        int m = end - start;
        if (m > 0) {
            int[] pts = buf.points(m);
            for (int t = 0; t < m; t++) {
                pts[t] = core[pos[start + t]];
            }
            double[] b = buf.block(m);
            problem.entries(l, pts, 0, m, b);
            buf.computed += m;
            for (int t = 0; t < m; t++) {
                s += w[pos[start + t]] * (float) b[t];
            }
        }
        return s;
    }

    private float[] admit(int l, int[] core, int len, int need) {
        int sl = slot(l);
        float[] r = sl < 0 ? null : rows[sl];
        int have = 0;
        if (r == null) {
            r = new float[need];
            sl = newSlot(l);
            if (fifoCount == fifo.length) {
                // only with slots handed out (a problem in memory has a place for every point)
                int[] grown = new int[2 * fifo.length];
                for (int k = 0; k < fifoCount; k++) {
                    grown[k] = fifo[(fifoHead + k) % fifo.length];
                }
                fifo = grown;
                fifoHead = 0;
            }
            fifo[(fifoHead + fifoCount) % fifo.length] = l;
            fifoCount++;
        } else {
            have = filled[sl];
            used -= r.length;
            r = Arrays.copyOf(r, need);
        }
        used += need;
        rows[sl] = r;
        fill(r, sl, core, have, len, l);
        return r;
    }

    /** Evicts the oldest admitted rows (not {@code keep}) until {@code extra} more floats fit. */
    private void makeRoom(long extra, int keep) {
        int tries = fifoCount;
        while (used + extra > budget && tries-- > 0) {
            int l = fifo[fifoHead];
            fifoHead = (fifoHead + 1) % fifo.length;
            fifoCount--;
            if (l == keep) {
                // re-queue: the row being extended stays
                fifo[(fifoHead + fifoCount) % fifo.length] = l;
                fifoCount++;
                continue;
            }
            int s = slot(l);
            used -= rows[s].length;
            release(l, s);
        }
    }

    /** Fills r[from..len) with K~(point, core_j); records the filled length under {@code slot} (-1: none). */
    private void fill(float[] r, int slot, int[] core, int from, int len, int point) {
        if (len <= from) {
            return;
        }
        double[] b = block(len - from);
        problem.entries(point, core, from, len, b);
        for (int j = from; j < len; j++) {
            r[j] = (float) b[j - from];
        }
        computed += len - from;
        if (slot >= 0) {
            filled[slot] = len;
        }
    }

    private float[] scratch(int len) {
        if (scratch.length < len) {
            scratch = new float[capacity(len)];
        }
        return scratch;
    }

    private double[] block(int len) {
        if (block.length < len) {
            block = new double[capacity(len)];
        }
        return block;
    }

    private int[] columns(int len) {
        if (cols.length < len) {
            cols = new int[capacity(len)];
        }
        return cols;
    }

    /** Row capacity for len columns: 25 % head room so that a growing core set rarely reallocates. */
    private static int capacity(int len) {
        return Math.max(16, len + len / 4);
    }

    /** Kernel entries computed so far. */
    long computed() {
        return computed + own.computed;
    }
}
