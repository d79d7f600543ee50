package dev.kernelkit.util;

/**
 * A map from non-negative int keys to int values in two primitive arrays (open addressing, linear probing,
 * backward-shift deletion, doubling at half full): no boxing and no allocation per operation, for the hot
 * per-point lookups of solvers whose points mostly live elsewhere (a Spark driver's held rows, the rows and flags
 * of the few points a core-set search touches among millions). Not thread-safe; several threads may read while
 * none writes.
 */
public final class IntIntHashMap {
    /** What {@link #get} returns for an absent key. */
    public static final int ABSENT = Integer.MIN_VALUE;

    /** Key + 1 per cell (0: empty). */
    private int[] keys;
    private int[] values;
    private int mask;
    private int size;

    /** An empty map with room for {@code expected} keys before it grows. */
    public IntIntHashMap(int expected) {
        if (expected < 0) {
            throw new IllegalArgumentException("expected size must be >= 0, got " + expected);
        }
        int cells = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
        keys = new int[cells];
        values = new int[cells];
        mask = cells - 1;
    }

    /** The value of {@code key}, or {@link #ABSENT}. */
    public int get(int key) {
        int k = key + 1;
        for (int h = hash(key) & mask; ; h = (h + 1) & mask) {
            int c = keys[h];
            if (c == k) {
                return values[h];
            }
            if (c == 0) {
                return ABSENT;
            }
        }
    }

    /** Whether the map has {@code key}. */
    public boolean containsKey(int key) {
        return get(key) != ABSENT;
    }

    /**
     * Maps {@code key} to {@code value}.
     *
     * @throws IllegalArgumentException for a negative key or the value {@link #ABSENT}
     */
    public void put(int key, int value) {
        if (key < 0 || key == Integer.MAX_VALUE || value == ABSENT) {
            throw new IllegalArgumentException("keys must be in [0, 2^31 - 2] and values not ABSENT, got " + key
                    + " -> " + value);
        }
        int k = key + 1;
        int h = hash(key) & mask;
        while (keys[h] != 0) {
            if (keys[h] == k) {
                values[h] = value;
                return;
            }
            h = (h + 1) & mask;
        }
        keys[h] = k;
        values[h] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    /** Removes {@code key}; whether it was there. */
    public boolean remove(int key) {
        int k = key + 1;
        int h = hash(key) & mask;
        while (keys[h] != k) {
            if (keys[h] == 0) {
                return false;
            }
            h = (h + 1) & mask;
        }
        int gap = h;
        for (int j = (gap + 1) & mask; keys[j] != 0; j = (j + 1) & mask) {
            int home = hash(keys[j] - 1) & mask;
            // the entry at j may fill the gap unless its home lies cyclically in (gap, j]
            boolean stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
            if (!stays) {
                keys[gap] = keys[j];
                values[gap] = values[j];
                gap = j;
            }
        }
        keys[gap] = 0;
        size--;
        return true;
    }

    /** The number of keys. */
    public int size() {
        return size;
    }

    /** The bytes of the two arrays (for memory estimates). */
    public long bytes() {
        return 8L * keys.length;
    }

    private void grow() {
        int[] oldKeys = keys;
        int[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                put(oldKeys[i] - 1, oldValues[i]);
            }
        }
    }

    private static int hash(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    @Override
    public String toString() {
        return "IntIntHashMap[" + size + " keys in " + keys.length + " cells]";
    }
}
