package dev.kernelkit.kernel;

/**
 * The cosine-normalised kernel k'(x, y) = k(x, y) / sqrt(k(x, x) k(y, y)), so that k'(x, x) = 1
 * (Shawe-Taylor and Cristianini, Kernel Methods for Pattern Analysis, 2004, Sec. 5.1). PSD when
 * the base is: it is the base kernel between the unit-length feature vectors phi(x)/||phi(x)||.
 * A point with k(x, x) = 0 has phi(x) = 0 and is mapped to 0, so k' is 0 whenever either
 * self-similarity is exactly 0 (this keeps k' PSD; no other threshold is applied). A negative
 * self-similarity (only possible for a kernel that is not PSD, such as the sigmoid) is an error.
 *
 * @param base the kernel to normalise
 * @param <T> the point type
 */
public record NormalizedKernel<T>(Kernel<T> base) implements Kernel<T> {

    /** @throws IllegalArgumentException for a null base */
    public NormalizedKernel {
        Checks.notNull("base", base);
    }

    /** @throws IllegalArgumentException when k(x, x) or k(y, y) is negative */
    @Override
    public double apply(T x, T y) {
        double kxx = base.apply(x, x);
        double kyy = base.apply(y, y);
        if (kxx < 0 || kyy < 0) {
            throw new IllegalArgumentException("normalized kernel needs k(x, x) >= 0, got " + (kxx < 0 ? kxx : kyy)
                    + " from " + base + " (is the base kernel PSD?)");
        }
        if (kxx == 0 || kyy == 0) {
            return 0.0;
        }
        return base.apply(x, y) / Math.sqrt(kxx * kyy);
    }
}
