package dev.kernelkit.data;

import java.util.Arrays;
import java.util.List;

/**
 * Groups of equal points: the same non-zero entries (index and value; zeros, stored or not, are left out, so a
 * dense and a sparse copy of one point are equal), optionally also of the same class. Groups are numbered in the
 * order of their first point. Immutable.
 *
 * @param groupOf the group of every point
 * @param first the first point of every group, ascending
 */
public record EqualPoints(int[] groupOf, int[] first) {

    /** @throws IllegalArgumentException when a group number is out of range or {@code first} is not the first point */
    public EqualPoints {
        groupOf = groupOf.clone();
        first = first.clone();
        for (int g = 0; g < first.length; g++) {
            if (first[g] < 0 || first[g] >= groupOf.length || groupOf[first[g]] != g) {
                throw new IllegalArgumentException("first point " + first[g] + " of group " + g + " is not in it");
            }
        }
    }

    /** The group of every point (a copy). */
    @Override
    public int[] groupOf() {
        return groupOf.clone();
    }

    /** The first point of every group (a copy). */
    @Override
    public int[] first() {
        return first.clone();
    }

    /** The number of groups (distinct points). */
    public int count() {
        return first.length;
    }

    /** The number of points. */
    public int size() {
        return groupOf.length;
    }

    /** Whether some group holds two or more points. */
    public boolean hasDuplicates() {
        return first.length < groupOf.length;
    }

    /** How many points every group holds. */
    public int[] groupSizes() {
        int[] sizes = new int[first.length];
        for (int g : groupOf) {
            sizes[g]++;
        }
        return sizes;
    }

    /** The groups of equal points; at most {@code maxGroups} (else null, found without going further). */
    public static EqualPoints of(List<Vec> points, int maxGroups) {
        return of(points, null, maxGroups);
    }

    /**
     * The groups of equal points of equal class: two points share a group when their non-zero entries are equal and
     * (when {@code classes} is given) so are their classes.
     *
     * @param classes the class of every point, or null to group by the points alone
     * @param maxGroups the most groups wanted: null is returned as soon as a point would start group
     *        {@code maxGroups + 1}
     * @return the groups, or null when there are more than {@code maxGroups}
     */
    public static EqualPoints of(List<Vec> points, int[] classes, int maxGroups) {
        int n = points.size();
        if (classes != null && classes.length != n) {
            throw new IllegalArgumentException("expected " + n + " classes, found " + classes.length);
        }
        // the non-zero entries of every point, CSR
        int[] ptr = new int[n + 1];
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += points.get(i).storedCount();
        }
        int[] idx = new int[Math.toIntExact(total)];
        double[] val = new double[idx.length];
        int[] pos = {0};
        long[] hash = new long[n];
        for (int i = 0; i < n; i++) {
            ptr[i] = pos[0];
            points.get(i).forEachStored((q, v) -> {
                if (v != 0.0) {
                    idx[pos[0]] = q;
                    val[pos[0]++] = v;
                }
            });
            long h = classes == null ? 1 : 1 + classes[i];
            for (int p = ptr[i]; p < pos[0]; p++) {
                h = h * 1_000_003L + idx[p];
                h = h * 1_000_003L + Double.doubleToLongBits(val[p]);
            }
            hash[i] = h ^ (h >>> 29);
        }
        ptr[n] = pos[0];
        int cap = Integer.highestOneBit(Math.max(4, 2 * n - 1)) << 1;
        int[] table = new int[cap];
        Arrays.fill(table, -1);
        int[] groupOf = new int[n];
        int[] first = new int[n];
        int groups = 0;
        for (int i = 0; i < n; i++) {
            int slot = (int) (hash[i] ^ (hash[i] >>> 32)) & (cap - 1);
            while (true) {
                int f = table[slot];
                if (f < 0) {
                    if (groups == maxGroups) {
                        return null;
                    }
                    table[slot] = i;
                    groupOf[i] = groups;
                    first[groups++] = i;
                    break;
                }
                if (hash[f] == hash[i] && (classes == null || classes[f] == classes[i]) && same(ptr, idx, val, f, i)) {
                    groupOf[i] = groupOf[f];
                    break;
                }
                slot = (slot + 1) & (cap - 1);
            }
        }
        return new EqualPoints(groupOf, Arrays.copyOf(first, groups));
    }

    private static boolean same(int[] ptr, int[] idx, double[] val, int a, int b) {
        int la = ptr[a + 1] - ptr[a];
        if (la != ptr[b + 1] - ptr[b]) {
            return false;
        }
        for (int t = 0; t < la; t++) {
            if (idx[ptr[a] + t] != idx[ptr[b] + t] || val[ptr[a] + t] != val[ptr[b] + t]) {
                return false;
            }
        }
        return true;
    }
}
