package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * A kernel on vectors whose gradient with respect to its second argument is known in closed
 * form, as needed by methods that move expansion vectors (SparseMI, eq. 18 of the TNNLS 2013
 * paper): for the Gaussian kernel dk(x, z)/dz = 2 gamma (x - z) k(x, z).
 */
public interface DifferentiableKernel extends Kernel<Vec> {

    /**
     * Adds {@code scale * dk(x, z)/dz} to {@code acc} (a dense array of length {@code z.dim()}).
     * Runs in O(storedCount(x) + dim) and never densifies x.
     */
    void addGradient(Vec x, Vec z, double scale, double[] acc);
}
