package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The exponential chi-square kernel k(x, z) = exp(-gamma sum_i (x_i - z_i)^2 / (x_i + z_i)) for
 * non-negative features such as histograms (Zhang, Marszalek, Lazebnik and Schmid, "Local
 * features and kernels for classification of texture and object categories", IJCV 2007). Terms
 * with x_i = z_i = 0 contribute 0. PSD on non-negative vectors (the chi-square distance is
 * conditionally negative definite there).
 *
 * @param gamma the width parameter, &gt; 0
 */
public record ExponentialChiSquareKernel(double gamma) implements Kernel<Vec> {

    /** @throws IllegalArgumentException when gamma is not a positive finite number */
    public ExponentialChiSquareKernel {
        Checks.positiveFinite("gamma", gamma);
    }

    /** @throws IllegalArgumentException when x or z has a negative entry (naming the feature) */
    @Override
    public double apply(Vec x, Vec z) {
        return Math.exp(-gamma * Distances.chiSquare(x, z));
    }
}
