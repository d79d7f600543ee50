package dev.kernelkit.data;

/**
 * A real vector of fixed dimension, dense or sparse: the one row type used everywhere.
 *
 * <p>Implementations are immutable. Sparse vectors stay sparse: every operation here runs in
 * O(nnz) for a sparse operand (O(nnz_a + nnz_b) for a sparse-sparse dot product), so a
 * 65,000-dimensional instance with a few hundred non-zeros is never densified.
 */
public sealed interface Vec permits DenseVec, SparseVec {

    /** The dimension d (number of features), including implicit zeros. */
    int dim();

    /** Entry i (0-based); 0 for an index a sparse vector does not store. */
    double get(int i);

    /** Number of stored entries: d for a dense vector, the non-zeros for a sparse one. */
    int storedCount();

    /** Inner product with a vector of the same dimension. */
    double dot(Vec other);

    /** Inner product with a dense array of the same dimension. */
    double dot(double[] dense);

    /** Squared Euclidean norm, computed once and cached. */
    double squaredNorm();

    /** Squared Euclidean distance to another vector of the same dimension. */
    default double squaredDistance(Vec other) {
        double d = squaredNorm() + other.squaredNorm() - 2.0 * dot(other);
        return d > 0 ? d : 0.0;
    }

    /** Adds {@code scale * this} to {@code acc} (length {@code dim()}). */
    void addTo(double[] acc, double scale);

    /** A fresh dense copy of the entries. */
    double[] toArray();

    /** Calls {@code action} for every stored entry, in increasing index order. */
    void forEachStored(EntryConsumer action);

    /** The same vector as a {@link DenseVec} (this one when already dense). */
    DenseVec toDense();

    /** Receives (index, value) pairs. */
    @FunctionalInterface
    interface EntryConsumer {
        void accept(int index, double value);
    }

    /** Checks that {@code other} has this vector's dimension. */
    default void checkSameDim(Vec other) {
        if (other.dim() != dim()) {
            throw new IllegalArgumentException(
                    "dimension mismatch: expected " + dim() + ", found " + other.dim());
        }
    }
}
