package dev.kernelkit.kernel;

/**
 * The power kernel k'(x, y) = k(x, y)^p for an integer p &ge; 1: PSD when the base is, since a
 * product of PSD kernels is PSD (Schur product theorem). Non-integer powers are rejected because
 * they do not preserve PSD in general.
 *
 * @param base the kernel to raise to a power
 * @param exponent the integer exponent p, &ge; 1
 * @param <T> the point type
 */
public record PowerKernel<T>(Kernel<T> base, int exponent) implements Kernel<T> {

    /** @throws IllegalArgumentException for a null base or an exponent below 1 */
    public PowerKernel {
        Checks.notNull("base", base);
        if (exponent < 1) {
            throw new IllegalArgumentException("exponent must be an integer >= 1, got " + exponent);
        }
    }

    @Override
    public double apply(T x, T y) {
        return Checks.intPow(base.apply(x, y), exponent);
    }
}
