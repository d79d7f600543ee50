package dev.kernelkit.gram;

/**
 * A symmetric n x n kernel (Gram) matrix K_ij = k(x_i, x_j) over one training set: the single
 * abstraction every solver reads. Implementations may be precomputed, lazily computed with a row
 * cache, or combinations of other matrices; callers never see how.
 *
 * <p>Implementations must be safe for concurrent reads unless documented otherwise.
 */
public interface KernelMatrix {

    /** The number of points n. */
    int size();

    /** Entry K_ij. */
    double get(int i, int j);

    /** Writes row i (K_i0 .. K_i,n-1) into {@code out[0..n)}. */
    void row(int i, double[] out);

    /**
     * Writes K_{i, cols[k]} into {@code out[k]} for k &lt; count: the part of a row a shrinking
     * solver still needs. The default calls {@link #get}; lazy implementations override it.
     */
    default void row(int i, int[] cols, int count, double[] out) {
        for (int k = 0; k < count; k++) {
            out[k] = get(i, cols[k]);
        }
    }

    /** The diagonal entry K_ii. */
    default double diagonal(int i) {
        return get(i, i);
    }
}
