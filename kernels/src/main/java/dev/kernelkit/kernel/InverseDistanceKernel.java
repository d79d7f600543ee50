package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The inverse distance (ID) kernel k(x, z) = 1 / (sqrt(gamma) ||x - z|| + 1), one of the four
 * base-kernel families of Xu, Tsang and Xu, "Soft margin multiple kernel learning", IEEE TNNLS
 * 24(5), 2013, Sec. V-E (there D is any distance; here the Euclidean one).
 *
 * <p>PSD: as a function of s = ||x - z||^2 it is 1/(1 + sqrt(gamma s)), the completely monotone
 * function 1/(1 + u) composed with the Bernstein function sqrt(gamma s), hence completely
 * monotone, so PSD in every dimension by Schoenberg's theorem.
 *
 * <p>The distance is summed from coordinate differences ({@link Distances#squaredEuclidean}), so
 * k(x, x) is exactly 1. O(nnz(x) + nnz(z)) on sparse vectors.
 *
 * @param gamma the scale parameter, &gt; 0
 */
public record InverseDistanceKernel(double gamma) implements Kernel<Vec> {

    /** @throws IllegalArgumentException when gamma is not a positive finite number */
    public InverseDistanceKernel {
        Checks.positiveFinite("gamma", gamma);
    }

    @Override
    public double apply(Vec x, Vec z) {
        return 1.0 / (Math.sqrt(gamma * Distances.squaredEuclidean(x, z)) + 1.0);
    }
}
