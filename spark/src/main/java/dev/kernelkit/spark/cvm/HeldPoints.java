package dev.kernelkit.spark.cvm;

import dev.kernelkit.data.Vec;
import java.util.Arrays;

/**
 * The points the driver holds, at most a fixed number: each in a slot (its row, vector and k(x, x)), found
 * from its global index through an open-addressing table of primitive ints (no boxing, no reordering on a
 * read: the solver reads tens of millions of entries). When full, a new point replaces one chosen by the
 * clock rule (a slot read since the hand last passed gets a second chance), so the points a round keeps
 * reading stay. Which points are held changes only how many fetches a run needs, never a value. Not
 * thread-safe.
 */
final class HeldPoints {
    private final int capacity;
    /** The table: global index + 1 (0: empty) and its slot. */
    private final int[] keys;
    private final int[] slotOfKey;
    private final int mask;
    private final LabeledRow[] rows;
    private final Vec[] vecs;
    private final double[] diags;
    private final int[] pointOf;
    private final boolean[] used;
    private int size;
    private int hand;

    HeldPoints(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
        }
        this.capacity = capacity;
        int tableSize = Integer.highestOneBit(Math.max(4, capacity) * 2 - 1) << 1;
        this.keys = new int[tableSize];
        this.slotOfKey = new int[tableSize];
        this.mask = tableSize - 1;
        this.rows = new LabeledRow[capacity];
        this.vecs = new Vec[capacity];
        this.diags = new double[capacity];
        this.pointOf = new int[capacity];
        this.used = new boolean[capacity];
    }

    /** The slot of point i (and marks it read), or -1 when it is not held. */
    int slot(int i) {
        int key = i + 1;
        for (int h = hash(i) & mask; ; h = (h + 1) & mask) {
            int k = keys[h];
            if (k == key) {
                int s = slotOfKey[h];
                used[s] = true;
                return s;
            }
            if (k == 0) {
                return -1;
            }
        }
    }

    boolean contains(int i) {
        return slot(i) >= 0;
    }

    LabeledRow row(int slot) {
        return rows[slot];
    }

    Vec vec(int slot) {
        return vecs[slot];
    }

    double diag(int slot) {
        return diags[slot];
    }

    int size() {
        return size;
    }

    /** Holds point i (replacing its row when held), evicting one point by the clock rule when full. */
    void put(int i, LabeledRow row, Vec vec, double diag) {
        int s = slot(i);
        if (s < 0) {
            if (size < capacity) {
                s = size++;
            } else {
                s = victim();
                remove(pointOf[s]);
            }
            insert(i, s);
        }
        rows[s] = row;
        vecs[s] = vec;
        diags[s] = diag;
        pointOf[s] = i;
        used[s] = true;
    }

    private int victim() {
        while (used[hand]) {
            used[hand] = false;
            hand = hand + 1 == capacity ? 0 : hand + 1;
        }
        int s = hand;
        hand = hand + 1 == capacity ? 0 : hand + 1;
        return s;
    }

    private void insert(int i, int s) {
        int h = hash(i) & mask;
        while (keys[h] != 0) {
            h = (h + 1) & mask;
        }
        keys[h] = i + 1;
        slotOfKey[h] = s;
    }

    /** Removes point i from the table (linear probing's backward-shift deletion). */
    private void remove(int i) {
        int key = i + 1;
        int h = hash(i) & mask;
        while (keys[h] != key) {
            if (keys[h] == 0) {
                return;
            }
            h = (h + 1) & mask;
        }
        int gap = h;
        for (int j = (gap + 1) & mask; keys[j] != 0; j = (j + 1) & mask) {
            int home = hash(keys[j] - 1) & mask;
            // move j into the gap unless its home lies cyclically in (gap, j]
            boolean stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
            if (!stays) {
                keys[gap] = keys[j];
                slotOfKey[gap] = slotOfKey[j];
                gap = j;
            }
        }
        keys[gap] = 0;
    }

    private static int hash(int i) {
        int h = i * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    @Override
    public String toString() {
        return "HeldPoints[" + size + " of " + capacity + ", table " + keys.length + "]";
    }

    /** The held points' global indices, increasing (for tests). */
    int[] indices() {
        int[] out = Arrays.copyOf(pointOf, size);
        Arrays.sort(out);
        return out;
    }
}
