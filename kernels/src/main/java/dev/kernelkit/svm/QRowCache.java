package dev.kernelkit.svm;

/**
 * LIBSVM's kernel-row cache (svm.cpp, class Cache), used by {@link SmoSolver}: rows of Q stored as
 * {@code float} (as LIBSVM does, which doubles the rows that fit), in the solver's permuted index
 * space, each row only as long as the active set was when it was requested, evicted
 * least-recently-used first once the budget (in floats) is spent. {@link #swapIndices} follows the
 * solver's shrinking swaps so that rows of shrunk points are never computed. A new row reuses the array of a
 * row evicted for it when their lengths agree (as LIBSVM's realloc does), rather than allocating and zeroing one; the
 * rows in use (the most recently used, as a step's two) are never the evicted ones, since at least two full rows
 * always fit. Not thread-safe.
 */
final class QRowCache {
    private static final class Head {
        Head prev;
        Head next;
        float[] data;
        int len;
    }

    private final Head[] head;
    private final Head lruHead = new Head();
    private long size;
    private float[] lastData;

    /**
     * @param l number of rows
     * @param bytes budget in bytes; at least two full rows are always allowed (as in LIBSVM)
     */
    QRowCache(int l, long bytes) {
        head = new Head[l];
        for (int i = 0; i < l; i++) {
            head[i] = new Head();
        }
        long floats = bytes / Float.BYTES;
        floats -= (long) l * (16 / Float.BYTES);
        size = Math.max(floats, 2L * l);
        lruHead.next = lruHead;
        lruHead.prev = lruHead;
    }

    private void lruDelete(Head h) {
        h.prev.next = h.next;
        h.next.prev = h.prev;
    }

    private void lruInsert(Head h) {
        h.next = lruHead;
        h.prev = lruHead.prev;
        h.prev.next = h;
        h.next.prev = h;
    }

    /**
     * Makes row {@code index} at least {@code len} long and returns the length that was already
     * filled: entries [returned, len) must be computed by the caller into {@link #data()}.
     */
    int getData(int index, int len) {
        Head h = head[index];
        if (h.len > 0) {
            lruDelete(h);
        }
        int more = len - h.len;
        int start = len;
        if (more > 0) {
            float[] spare = null;
            while (size < more) {
                Head old = lruHead.next;
                lruDelete(old);
                size += old.len;
                if (old.data.length == len) {
                    spare = old.data;
                }
                old.data = null;
                old.len = 0;
            }
            float[] grown;
            if (h.data == null && spare != null) {
                // a new row takes the array of an evicted one of its length: the caller fills all of it
                grown = spare;
            } else {
                grown = new float[len];
                if (h.data != null) {
                    System.arraycopy(h.data, 0, grown, 0, h.len);
                }
            }
            h.data = grown;
            size -= more;
            start = h.len;
            h.len = len;
        }
        lruInsert(h);
        lastData = h.data;
        return start;
    }

    /** The row array of the last {@link #getData} call. */
    float[] data() {
        return lastData;
    }

    /**
     * Applies the swaps (pairs[2s], pairs[2s+1]), s &lt; count, in order: LIBSVM's swap_index for
     * each, i.e. rows i and j trade places and entries i and j of every cached row are swapped (a
     * row that holds only one of the two is evicted). Batched so that each cached row is visited
     * once per shrinking step instead of once per swap; the result is the same as swapping one by
     * one, since the column swaps of different rows are independent.
     */
    void swapIndices(int[] pairs, int count) {
        if (count == 0) {
            return;
        }
        for (int s = 0; s < count; s++) {
            int i = pairs[2 * s];
            int j = pairs[2 * s + 1];
            if (i == j) {
                continue;
            }
            Head hi = head[i];
            Head hj = head[j];
            if (hi.len > 0) {
                lruDelete(hi);
            }
            if (hj.len > 0) {
                lruDelete(hj);
            }
            float[] td = hi.data;
            hi.data = hj.data;
            hj.data = td;
            int tl = hi.len;
            hi.len = hj.len;
            hj.len = tl;
            if (hi.len > 0) {
                lruInsert(hi);
            }
            if (hj.len > 0) {
                lruInsert(hj);
            }
        }
        for (Head h = lruHead.next; h != lruHead; ) {
            Head next = h.next;
            float[] d = h.data;
            int len = h.len;
            for (int s = 0; s < count; s++) {
                int i = Math.min(pairs[2 * s], pairs[2 * s + 1]);
                int j = Math.max(pairs[2 * s], pairs[2 * s + 1]);
                if (len > i && i != j) {
                    if (len > j) {
                        float t = d[i];
                        d[i] = d[j];
                        d[j] = t;
                    } else {
                        lruDelete(h);
                        size += h.len;
                        h.data = null;
                        h.len = 0;
                        break;
                    }
                }
            }
            h = next;
        }
    }
}
