package dev.kernelkit.svm;

/**
 * A least-recently-used cache of whole rows of Q in double precision, used by {@link SmoSolver} for
 * grouped problems ({@link SvmProblem#grouped}). Their solves are never shrunk, so every row has the
 * full length l; the budget is a number of rows (at least two, as in LIBSVM's cache). Float rows
 * ({@link QRowCache}) give each gradient entry G_t = sum_s Q_ts a_s an error of about 6e-8 sum_s
 * |Q_ts a_s|, which a problem whose tolerance is near that level cannot meet (see {@link SmoSolver}).
 * Not thread-safe.
 */
final class DoubleRowCache {
    private final double[][] rows;
    private final int[] prev;
    private final int[] next;
    private final int capacity;
    /** The sentinel of the LRU list: index l. */
    private final int head;
    private int count;

    /**
     * @param l number of rows (and row length)
     * @param bytes budget in bytes; at least two rows are always kept
     */
    DoubleRowCache(int l, long bytes) {
        rows = new double[l][];
        prev = new int[l + 1];
        next = new int[l + 1];
        head = l;
        prev[head] = head;
        next[head] = head;
        long perRow = 8L * Math.max(1, l) + 16L;
        capacity = (int) Math.max(2L, Math.min(l, bytes / perRow));
    }

    /** The number of rows the budget allows. */
    int capacity() {
        return capacity;
    }

    /** Row i if cached (marked most recently used), else null. */
    double[] get(int i) {
        double[] r = rows[i];
        if (r != null) {
            unlink(i);
            linkLast(i);
        }
        return r;
    }

    /**
     * A row array for row i to be filled by the caller: a new one, or the array of the least recently
     * used row, which is evicted. The row is cached (most recently used) from now on.
     */
    double[] allocate(int i, int length) {
        double[] r;
        if (count < capacity) {
            r = new double[length];
            count++;
        } else {
            int old = next[head];
            unlink(old);
            r = rows[old];
            rows[old] = null;
        }
        rows[i] = r;
        linkLast(i);
        return r;
    }

    private void unlink(int i) {
        next[prev[i]] = next[i];
        prev[next[i]] = prev[i];
    }

    private void linkLast(int i) {
        int last = prev[head];
        next[last] = i;
        prev[i] = last;
        next[i] = head;
        prev[head] = i;
    }
}
