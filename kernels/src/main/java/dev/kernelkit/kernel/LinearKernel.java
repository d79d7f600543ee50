package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The linear kernel k(x, z) = &lt;x, z&gt;, with gradient dk(x, z)/dz = x. O(nnz) on sparse vectors.
 */
public record LinearKernel() implements DifferentiableKernel {

    @Override
    public double apply(Vec x, Vec z) {
        return x.dot(z);
    }

    @Override
    public void addGradient(Vec x, Vec z, double scale, double[] acc) {
        x.checkSameDim(z);
        x.addTo(acc, scale);
    }
}
