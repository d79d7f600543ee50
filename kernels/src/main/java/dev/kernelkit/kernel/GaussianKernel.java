package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The Gaussian (RBF) kernel k(x, z) = exp(-gamma ||x - z||^2), with its gradient
 * dk(x, z)/dz = 2 gamma (x - z) k(x, z) (SparseMI, TNNLS 2013, below eq. 18).
 *
 * @param gamma the width parameter, &gt; 0 and finite
 */
public record GaussianKernel(double gamma) implements DifferentiableKernel {

    /** @throws IllegalArgumentException when gamma is not a positive finite number */
    public GaussianKernel {
        if (!(gamma > 0) || !Double.isFinite(gamma)) {
            throw new IllegalArgumentException("gamma must be > 0 and finite, got " + gamma);
        }
    }

    @Override
    public double apply(Vec x, Vec z) {
        return Math.exp(-gamma * x.squaredDistance(z));
    }

    @Override
    public void addGradient(Vec x, Vec z, double scale, double[] acc) {
        double s = scale * 2.0 * gamma * apply(x, z);
        x.addTo(acc, s);
        z.addTo(acc, -s);
    }
}
