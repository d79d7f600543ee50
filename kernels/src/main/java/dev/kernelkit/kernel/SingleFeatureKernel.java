package dev.kernelkit.kernel;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;

/**
 * A base kernel applied to one feature only: k_j(x, z) = k([x_j], [z_j]), the per-feature base
 * kernels of SimpleMKL-style experiments (Rakotomamonjy et al., JMLR 2008). PSD when the base is.
 * Reading x_j costs O(log nnz) on a sparse vector; the vector is never densified.
 *
 * @param feature the 0-based feature index j, &ge; 0 (and &lt; the dimension of the points)
 * @param base the kernel on one-dimensional points
 */
public record SingleFeatureKernel(int feature, Kernel<Vec> base) implements Kernel<Vec> {

    /** @throws IllegalArgumentException for a negative feature or a null base */
    public SingleFeatureKernel {
        if (feature < 0) {
            throw new IllegalArgumentException("feature must be >= 0, got " + feature);
        }
        Checks.notNull("base", base);
    }

    /** @throws IllegalArgumentException when the points have no feature j */
    @Override
    public double apply(Vec x, Vec z) {
        x.checkSameDim(z);
        if (feature >= x.dim()) {
            throw new IllegalArgumentException("feature " + feature + " out of range for dimension " + x.dim());
        }
        return base.apply(DenseVec.of(x.get(feature)), DenseVec.of(z.get(feature)));
    }
}
