package dev.kernelkit.eval;

/**
 * The seed of the inner splits of one outer split, as a function of the outer split's 0-based
 * index s (counted over all repeats). The papers' protocols use affine rules: mi-sparse's
 * {@code seed + 7919 (s + 1)} is {@code affine(seed + 7919, 7919)}, the MKL command's
 * {@code seed + 1000 (s + 1)} is {@code affine(seed + 1000, 1000)}, the prototypes command's
 * {@code seed + 1000 + s} is {@code affine(seed + 1000, 1)}. Arithmetic is Java {@code long}
 * arithmetic (wrapping), so {@code affine(a + b, b)} equals {@code a + b (s + 1)} for every s.
 */
@FunctionalInterface
public interface SeedRule {

    /** The seed for outer split {@code outerIndex}. */
    long seed(int outerIndex);

    /** {@code first + step * s}. */
    static SeedRule affine(long first, long step) {
        return new Affine(first, step);
    }

    /** The same seed for every outer split (e.g. a single selection on all the data). */
    static SeedRule constant(long seed) {
        return new Affine(seed, 0);
    }

    /** An affine seed rule; prints itself as {@code first + step * s}. */
    record Affine(long first, long step) implements SeedRule {
        @Override
        public long seed(int outerIndex) {
            return first + step * outerIndex;
        }

        @Override
        public String toString() {
            return step == 0 ? Long.toString(first) : first + " + " + step + " s";
        }
    }
}
