package dev.kernelkit.svm;

/**
 * Products K v of a problem's kernel matrix with coefficient vectors, supplied by a caller that can
 * form them without the kernel rows, e.g. a multiple kernel learner holding the per-kernel products
 * K_m v of its previous solution, so that a warm-started {@link SmoSolver} builds its starting
 * gradient G = Q a - e (and G_bar) in O(n) per kernel instead of a kernel row per support vector.
 */
@FunctionalInterface
public interface KernelProducts {
    /**
     * (K v)_i for every i, in the problem's index order; K is the kernel matrix without the squared
     * hinge's diagonal term.
     *
     * @param v n coefficients (not modified)
     * @return n values, or null when this supplier cannot form this product (the solver then reads rows)
     */
    double[] times(double[] v);
}
