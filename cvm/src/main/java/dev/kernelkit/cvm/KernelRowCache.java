package dev.kernelkit.cvm;

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
 */
final class KernelRowCache {
    private final MebProblem problem;
    private final long budget;
    private final float[][] rows;
    private final int[] filled;
    private final int[] fifo;
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
        this.rows = new float[n][];
        this.filled = new int[n];
        this.fifo = new int[n];
    }

    /**
     * Row of point l against core[0..len), computing only the missing columns. The returned array
     * may be a scratch buffer, valid until the next call; callers must not keep it.
     */
    float[] row(int l, int[] core, int len) {
        float[] r = rows[l];
        if (r != null && r.length >= len) {
            fill(r, l, core, filled[l], len, l);
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
        if (r != null) {
            from = filled[l];
            System.arraycopy(r, 0, s, 0, from);
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
        float[] r = rows[l];
        if (r == null || r.length < len) {
            int need = capacity(len);
            long have = r == null ? 0 : r.length;
            if (used - have + need <= budget) {
                r = admit(l, core, len, need);
            } else {
                int m = 0;
                int from = r == null ? 0 : Math.min(filled[l], len);
                int[] c = columns(len - from);
                for (int j = from; j < len; j++) {
                    if (w[j] != 0.0) {
                        c[m++] = j;
                    }
                }
                return partialSum(l, core, w, len, c, 0, m, own);
            }
        } else {
            fill(r, l, core, filled[l], len, l);
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
        int from = rows[l] == null ? 0 : Math.min(filled[l], len);
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
        float[] r = rows[l];
        int from = r == null ? 0 : Math.min(filled[l], len);
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
        float[] r = rows[l];
        int have = 0;
        if (r == null) {
            r = new float[need];
            fifo[(fifoHead + fifoCount) % fifo.length] = l;
            fifoCount++;
        } else {
            have = filled[l];
            used -= r.length;
            r = Arrays.copyOf(r, need);
        }
        used += need;
        rows[l] = r;
        fill(r, l, core, have, len, l);
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
            used -= rows[l].length;
            rows[l] = null;
            filled[l] = 0;
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
