package dev.kernelkit.cvm;

/**
 * The random stream of {@link java.util.SplittableRandom#SplittableRandom(long)} (SplitMix64 with the
 * golden gamma, {@code nextInt(bound)} by the JDK's rejection rule), draw for draw, with one addition:
 * {@link #copy}, so the core-set solver can tell a distributed problem which candidates the next
 * rounds will draw without consuming the stream. Checked against SplittableRandom in
 * {@code SplitMixTest}.
 */
final class SplitMix {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private long seed;

    SplitMix(long seed) {
        this.seed = seed;
    }

    /** A generator at the same point of the same stream. */
    SplitMix copy() {
        return new SplitMix(seed);
    }

    /** As {@link java.util.SplittableRandom#nextInt()}. */
    int nextInt() {
        long z = seed += GOLDEN_GAMMA;
        z = (z ^ (z >>> 33)) * 0x62a9d9ed799705f5L;
        return (int) (((z ^ (z >>> 28)) * 0xcb24d0a5c88c35b3L) >>> 32);
    }

    /** As {@link java.util.SplittableRandom#nextInt(int)}: uniform in [0, bound). */
    int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        int r = nextInt();
        int m = bound - 1;
        if ((bound & m) == 0) {
            return r & m;
        }
        int u = r >>> 1;
        while (u + m - (r = u % bound) < 0) {
            u = nextInt() >>> 1;
        }
        return r;
    }
}
