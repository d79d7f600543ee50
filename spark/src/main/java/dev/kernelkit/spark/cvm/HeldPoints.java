package dev.kernelkit.spark.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.util.IntIntHashMap;
import java.util.Arrays;

/**
 * The points the driver holds, at most a fixed number: each in a slot (its row, vector and k(x, x)), found
 * from its global index through a primitive {@link IntIntHashMap} (no boxing, no reordering on a
 * read: the solver reads tens of millions of entries). When full, a new point replaces one chosen by the
 * clock rule (a slot read since the hand last passed gets a second chance), so the points a round keeps
 * reading stay. Which points are held changes only how many fetches a run needs, never a value. Not
 * thread-safe.
 */
final class HeldPoints {
    private final int capacity;
    /** Global index to slot. */
    private final IntIntHashMap slotOf;
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
        this.slotOf = new IntIntHashMap(capacity);
        this.rows = new LabeledRow[capacity];
        this.vecs = new Vec[capacity];
        this.diags = new double[capacity];
        this.pointOf = new int[capacity];
        this.used = new boolean[capacity];
    }

    /** The slot of point i (and marks it read), or -1 when it is not held. */
    int slot(int i) {
        int s = slotOf.get(i);
        if (s == IntIntHashMap.ABSENT) {
            return -1;
        }
        used[s] = true;
        return s;
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
                slotOf.remove(pointOf[s]);
            }
            slotOf.put(i, s);
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

    @Override
    public String toString() {
        return "HeldPoints[" + size + " of " + capacity + ", " + slotOf + "]";
    }

    /** The held points' global indices, increasing (for tests). */
    int[] indices() {
        int[] out = Arrays.copyOf(pointOf, size);
        Arrays.sort(out);
        return out;
    }
}
