package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The inverse squared distance (ISD) kernel k(x, z) = 1 / (gamma ||x - z||^2 + 1) (the Cauchy or
 * inverse quadratic kernel), one of the four base-kernel families of Xu, Tsang and Xu, "Soft
 * margin multiple kernel learning", IEEE TNNLS 24(5), 2013, Sec. V-E. PSD by Schoenberg's
 * theorem: 1/(1 + gamma s) is completely monotone in s = ||x - z||^2.
 *
 * @param gamma the scale parameter, &gt; 0
 */
public record InverseSquaredDistanceKernel(double gamma) implements Kernel<Vec> {

    /** @throws IllegalArgumentException when gamma is not a positive finite number */
    public InverseSquaredDistanceKernel {
        Checks.positiveFinite("gamma", gamma);
    }

    @Override
    public double apply(Vec x, Vec z) {
        return 1.0 / (gamma * x.squaredDistance(z) + 1.0);
    }
}
