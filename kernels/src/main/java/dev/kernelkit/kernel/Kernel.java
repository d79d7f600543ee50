package dev.kernelkit.kernel;

/**
 * A positive semi-definite kernel k(x, y): a pure, symmetric function of two points.
 *
 * @param <T> the point type ({@link dev.kernelkit.data.Vec}, {@link dev.kernelkit.data.Bag}, ...)
 */
@FunctionalInterface
public interface Kernel<T> {

    /** k(x, y). */
    double apply(T x, T y);
}
