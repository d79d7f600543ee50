package dev.kernelkit.cvm;

import dev.kernelkit.util.IntIntHashMap;

/**
 * The core-set search's per-point bookkeeping in two forms: arrays of n for a problem in memory (an array read per
 * access), or, for a {@link DistributedMebProblem} whose millions of points stay on a cluster, structures that grow
 * with the points the search touches (flags in an {@link IntIntHashMap}) or hold one bit per point (the groups, with
 * a rank directory), so that the driver's memory does not grow with n beyond that bit.
 */
final class PointSets {
    private PointSets() {
    }

    /** A set of points. */
    interface Flags {
        boolean get(int i);

        void set(int i);
    }

    /** A position (>= 0) per point, -1 for none. */
    interface Positions {
        int get(int i);

        void put(int i, int position);
    }

    /** The two sampling groups: their sizes and their k-th points in increasing index order. */
    interface Groups {
        int size(int g);

        /** The k-th point (0-based, increasing index order) of group g. */
        int member(int g, int k);
    }

    /** Flags for n points: an array for a problem in memory, a hash set for a distributed one. */
    static Flags flags(MebProblem problem) {
        if (problem instanceof DistributedMebProblem) {
            IntIntHashMap set = new IntIntHashMap(1024);
            return new Flags() {
                @Override
                public boolean get(int i) {
                    return set.containsKey(i);
                }

                @Override
                public void set(int i) {
                    set.put(i, 1);
                }
            };
        }
        boolean[] a = new boolean[problem.size()];
        return new Flags() {
            @Override
            public boolean get(int i) {
                return a[i];
            }

            @Override
            public void set(int i) {
                a[i] = true;
            }
        };
    }

    /** Positions for n points (none at first): an array for a problem in memory, a hash map for a distributed one. */
    static Positions positions(MebProblem problem) {
        if (problem instanceof DistributedMebProblem) {
            IntIntHashMap map = new IntIntHashMap(1024);
            return new Positions() {
                @Override
                public int get(int i) {
                    int p = map.get(i);
                    return p == IntIntHashMap.ABSENT ? -1 : p;
                }

                @Override
                public void put(int i, int position) {
                    map.put(i, position);
                }
            };
        }
        int[] a = new int[problem.size()];
        java.util.Arrays.fill(a, -1);
        return new Positions() {
            @Override
            public int get(int i) {
                return a[i];
            }

            @Override
            public void put(int i, int position) {
                a[i] = position;
            }
        };
    }

    /**
     * The groups of the problem's points (each 0 or 1): two index arrays for a problem in memory, one bit per point
     * with a rank directory for a distributed one.
     *
     * @throws IllegalArgumentException for a group other than 0 and 1
     */
    static Groups groups(MebProblem problem) {
        int n = problem.size();
        long[] bits = new long[(n + 63) >>> 6];
        int ones = 0;
        for (int i = 0; i < n; i++) {
            int g = problem.group(i);
            if (g != 0 && g != 1) {
                throw new IllegalArgumentException("group of point " + i + " must be 0 or 1, got " + g);
            }
            if (g == 1) {
                bits[i >>> 6] |= 1L << (i & 63);
                ones++;
            }
        }
        if (problem instanceof DistributedMebProblem) {
            return new BitGroups(bits, n, ones);
        }
        int[][] members = {new int[n - ones], new int[ones]};
        int a = 0;
        int b = 0;
        for (int i = 0; i < n; i++) {
            if ((bits[i >>> 6] >>> (i & 63) & 1L) == 0) {
                members[0][a++] = i;
            } else {
                members[1][b++] = i;
            }
        }
        return new Groups() {
            @Override
            public int size(int g) {
                return members[g].length;
            }

            @Override
            public int member(int g, int k) {
                return members[g][k];
            }
        };
    }

    /** Group 1 as one bit per point, with the ones before every block of 64 words for select. */
    static final class BitGroups implements Groups {
        private static final int BLOCK_WORDS = 64;
        private final long[] bits;
        private final int n;
        private final int ones;
        /** Ones before block b (b = 0..blocks), a block being BLOCK_WORDS words. */
        private final int[] onesBefore;

        BitGroups(long[] bits, int n, int ones) {
            this.bits = bits;
            this.n = n;
            this.ones = ones;
            int blocks = (bits.length + BLOCK_WORDS - 1) / BLOCK_WORDS;
            onesBefore = new int[blocks + 1];
            for (int b = 0; b < blocks; b++) {
                int c = 0;
                for (int w = b * BLOCK_WORDS; w < Math.min(bits.length, (b + 1) * BLOCK_WORDS); w++) {
                    c += Long.bitCount(bits[w]);
                }
                onesBefore[b + 1] = onesBefore[b] + c;
            }
        }

        @Override
        public int size(int g) {
            return g == 1 ? ones : n - ones;
        }

        @Override
        public int member(int g, int k) {
            if (k < 0 || k >= size(g)) {
                throw new IndexOutOfBoundsException("member " + k + " of group " + g + " (size " + size(g) + ")");
            }
            // the last block b whose count before it is <= k (zeros: b * 4096 - ones before b)
            int lo = 0;
            int hi = onesBefore.length - 2;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (before(g, mid) <= k) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            int left = k - before(g, lo);
            for (int w = lo * BLOCK_WORDS; ; w++) {
                long word = g == 1 ? bits[w] : ~bits[w];
                int c = Long.bitCount(word);
                if (left < c) {
                    for (int r = 0; r < left; r++) {
                        word &= word - 1;
                    }
                    return (w << 6) + Long.numberOfTrailingZeros(word);
                }
                left -= c;
            }
        }

        private int before(int g, int block) {
            return g == 1 ? onesBefore[block] : block * BLOCK_WORDS * 64 - onesBefore[block];
        }
    }
}
