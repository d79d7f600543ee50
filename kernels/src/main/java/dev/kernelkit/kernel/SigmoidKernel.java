package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The sigmoid (hyperbolic tangent) kernel k(x, z) = tanh(gamma &lt;x, z&gt; + offset).
 *
 * <p><b>Not positive semi-definite in general</b> (Lin and Lin, "A study on sigmoid kernels for
 * SVM", 2003): its Gram matrices can have negative eigenvalues for any parameters, so a convex
 * SVM dual is not guaranteed. It is symmetric. Kept for compatibility with LIBSVM's kernel type 3.
 *
 * @param gamma the scale of the inner product, &gt; 0
 * @param offset the additive constant (LIBSVM's coef0), finite
 */
public record SigmoidKernel(double gamma, double offset) implements Kernel<Vec> {

    /** @throws IllegalArgumentException when gamma is not positive or a parameter is not finite */
    public SigmoidKernel {
        Checks.positiveFinite("gamma", gamma);
        Checks.finite("offset", offset);
    }

    @Override
    public double apply(Vec x, Vec z) {
        return Math.tanh(gamma * x.dot(z) + offset);
    }
}
