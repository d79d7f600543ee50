package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * The polynomial kernel k(x, z) = (gamma &lt;x, z&gt; + offset)^degree, with gradient
 * dk(x, z)/dz = degree gamma (gamma &lt;x, z&gt; + offset)^(degree - 1) x.
 *
 * <p>PSD for an integer degree &ge; 1, gamma &gt; 0 and offset &ge; 0 (a sum of products of
 * linear kernels with non-negative coefficients); the record enforces exactly that range.
 *
 * @param degree the integer exponent, &ge; 1
 * @param gamma the scale of the inner product, &gt; 0
 * @param offset the additive constant, &ge; 0
 */
public record PolynomialKernel(int degree, double gamma, double offset) implements DifferentiableKernel {

    /** @throws IllegalArgumentException when a parameter is outside the PSD range above */
    public PolynomialKernel {
        if (degree < 1) {
            throw new IllegalArgumentException("degree must be >= 1, got " + degree);
        }
        Checks.positiveFinite("gamma", gamma);
        Checks.nonNegativeFinite("offset", offset);
    }

    @Override
    public double apply(Vec x, Vec z) {
        return Checks.intPow(gamma * x.dot(z) + offset, degree);
    }

    @Override
    public void addGradient(Vec x, Vec z, double scale, double[] acc) {
        double base = gamma * x.dot(z) + offset;
        x.addTo(acc, scale * degree * gamma * Checks.intPow(base, degree - 1));
    }
}
