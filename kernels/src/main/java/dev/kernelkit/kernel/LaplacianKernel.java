package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The Laplacian kernel k(x, z) = exp(-gamma ||x - z||_1) (L1 distance; PSD because
 * exp(-gamma |t|) is a positive definite function on the real line and products of kernels are
 * kernels). O(nnz(x) + nnz(z)) on sparse vectors via {@link Distances#l1}.
 *
 * @param gamma the width parameter, &gt; 0
 */
public record LaplacianKernel(double gamma) implements Kernel<Vec> {

    /** @throws IllegalArgumentException when gamma is not a positive finite number */
    public LaplacianKernel {
        Checks.positiveFinite("gamma", gamma);
    }

    @Override
    public double apply(Vec x, Vec z) {
        return Math.exp(-gamma * Distances.l1(x, z));
    }
}
