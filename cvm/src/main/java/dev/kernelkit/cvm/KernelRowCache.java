package dev.kernelkit.cvm;

import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-point rows K~(l, S_0..S_{len-1}) against the core-set prefix (LibCVM's "sparse caching",
 * spec §3.3 item 10). Core sets only grow by appending, so a cached row stays valid and only the
 * new columns are computed. Rows are kept least-recently-used within a budget of doubles, so the
 * memory grows with the core set, not with the number of points. Not thread-safe.
 */
final class KernelRowCache {
    private final MebProblem problem;
    private final long budget;
    private final LinkedHashMap<Integer, double[]> rows = new LinkedHashMap<>(1024, 0.75f, true);
    private final int[] filled;
    private long used;
    private long computed;

    KernelRowCache(MebProblem problem, double cacheMb) {
        this.problem = problem;
        this.budget = Math.max(1L << 16, (long) (cacheMb * (1 << 20) / Double.BYTES));
        this.filled = new int[problem.size()];
    }

    /** Row of point l against core[0..len), computing only the missing columns. */
    double[] row(int l, int[] core, int len) {
        double[] r = rows.get(l);
        int have;
        if (r == null) {
            r = new double[Math.max(8, len + len / 2)];
            have = 0;
            used += r.length;
            rows.put(l, r);
        } else {
            have = filled[l];
            if (r.length < len) {
                double[] bigger = Arrays.copyOf(r, len + len / 2);
                used += bigger.length - r.length;
                r = bigger;
                rows.put(l, r);
            }
        }
        for (int j = have; j < len; j++) {
            r[j] = problem.entry(l, core[j]);
        }
        computed += Math.max(0, len - have);
        filled[l] = Math.max(have, len);
        if (used > budget) {
            evict(l);
        }
        return r;
    }

    private void evict(int keep) {
        Iterator<Map.Entry<Integer, double[]>> it = rows.entrySet().iterator();
        while (used > budget && it.hasNext()) {
            Map.Entry<Integer, double[]> e = it.next();
            if (e.getKey() == keep) {
                continue;
            }
            used -= e.getValue().length;
            filled[e.getKey()] = 0;
            it.remove();
        }
    }

    /** Kernel entries computed so far. */
    long computed() {
        return computed;
    }
}
