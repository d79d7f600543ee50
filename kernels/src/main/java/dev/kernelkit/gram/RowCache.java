package dev.kernelkit.gram;

import java.util.LinkedHashMap;

/**
 * The least-recently-used cache of full kernel rows behind the lazy kernel matrices
 * ({@link CachedKernelMatrix}, {@link BagKernelMatrix}): a matrix reads a row or some of its entries
 * from here when the row is held and computes them itself otherwise (so its row computation stays a
 * direct call in the solvers' hot loop); a full row it computes is kept, the least recently used
 * row dropped beyond the budget. Safe for concurrent use.
 */
final class RowCache {
    private final int n;
    private final long maxRows;
    private final LinkedHashMap<Integer, double[]> rows = new LinkedHashMap<>(16, 0.75f, true);

    /**
     * @param n the row length (the matrix size)
     * @param cacheMb budget in megabytes (2^20 bytes), &ge; 0; each row is counted at 8 n + 64 bytes
     */
    RowCache(int n, double cacheMb) {
        this.n = n;
        this.maxRows = (long) (cacheMb * (1 << 20)) / (8L * Math.max(1, n) + 64);
    }

    /** The most rows kept. */
    long capacity() {
        return maxRows;
    }

    /** Number of rows currently cached. */
    int size() {
        synchronized (rows) {
            return rows.size();
        }
    }

    /** Row i if it is held (not to be written to), else null. */
    double[] cached(int i) {
        if (maxRows == 0) {
            return null;
        }
        synchronized (rows) {
            return rows.get(i);
        }
    }

    /** Copies row i into out[0..n) and returns true when it is held; false (out untouched) otherwise. */
    boolean copy(int i, double[] out) {
        double[] r = cached(i);
        if (r == null) {
            return false;
        }
        System.arraycopy(r, 0, out, 0, n);
        return true;
    }

    /** out[k] = K(i, cols[k]) for k &lt; count and true when row i is held; false (out untouched) otherwise. */
    boolean gather(int i, int[] cols, int count, double[] out) {
        double[] r = cached(i);
        if (r == null) {
            return false;
        }
        for (int k = 0; k < count; k++) {
            out[k] = r[cols[k]];
        }
        return true;
    }

    /** Keeps a copy of row i (its first n entries), dropping the least recently used row beyond the budget. */
    void keep(int i, double[] row) {
        if (maxRows == 0) {
            return;
        }
        double[] r = java.util.Arrays.copyOf(row, n);
        synchronized (rows) {
            rows.put(i, r);
            if (rows.size() > maxRows) {
                rows.remove(rows.keySet().iterator().next());
            }
        }
    }
}
