package dev.kernelkit.kernel;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;

/**
 * A base kernel applied to one feature only: k_j(x, z) = k([x_j], [z_j]), the per-feature base
 * kernels of SimpleMKL-style experiments (Rakotomamonjy et al., JMLR 2008). PSD when the base is.
 * Reading x_j costs O(log nnz) on a sparse vector; the vector is never densified. For the linear,
 * polynomial, Gaussian, Laplacian and inverse (squared) distance bases the value is computed from
 * the two scalars directly (no allocation; the squared distance as (x_j - z_j)^2); other bases
 * are applied to the one-dimensional points [x_j] and [z_j].
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
        double a = x.get(feature), b = z.get(feature);
        double diff = a - b;
        if (base instanceof GaussianKernel g) {
            return Math.exp(-g.gamma() * (diff * diff));
        } else if (base instanceof LinearKernel) {
            return a * b;
        } else if (base instanceof PolynomialKernel p) {
            return Checks.intPow(p.gamma() * (a * b) + p.offset(), p.degree());
        } else if (base instanceof LaplacianKernel l) {
            return Math.exp(-l.gamma() * Math.abs(diff));
        } else if (base instanceof InverseSquaredDistanceKernel k) {
            return 1.0 / (k.gamma() * (diff * diff) + 1.0);
        } else if (base instanceof InverseDistanceKernel k) {
            return 1.0 / (Math.sqrt(k.gamma() * (diff * diff)) + 1.0);
        }
        return base.apply(DenseVec.of(a), DenseVec.of(b));
    }
}
