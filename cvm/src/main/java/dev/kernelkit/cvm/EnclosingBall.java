package dev.kernelkit.cvm;

import dev.kernelkit.kernel.Kernel;
import java.util.List;

/**
 * A (1+epsilon)-approximate minimum enclosing ball in the feature space of a kernel k, found by
 * {@link MinimumEnclosingBall}: core set S, centre c = sum_{i in S} a_i phi(x_i) (a kernel
 * expansion, a on the simplex) and radius R, with
 * ||c - phi(x)||^2 = a'K_SS a - 2 sum_i a_i k(x_i, x) + k(x, x). Immutable.
 *
 * @param <T> the point type
 */
public final class EnclosingBall<T> {
    private final Kernel<T> kernel;
    private final List<T> coreVectors;
    private final int[] coreIndices;
    private final double[] alpha;
    private final CoreSetResult result;

    EnclosingBall(Kernel<T> kernel, List<T> coreVectors, CoreSetResult result) {
        this.kernel = kernel;
        this.coreVectors = List.copyOf(coreVectors);
        this.coreIndices = result.coreIndices();
        this.alpha = result.alpha();
        this.result = result;
    }

    /** The kernel. */
    public Kernel<T> kernel() {
        return kernel;
    }

    /** Indices of the core set in the training list, in the order they entered. */
    public int[] coreIndices() {
        return coreIndices.clone();
    }

    /** The core vectors (same order). */
    public List<T> coreVectors() {
        return coreVectors;
    }

    /** Centre weights a over the core set (simplex). */
    public double[] alpha() {
        return alpha.clone();
    }

    /** The radius R. */
    public double radius() {
        return result.radius();
    }

    /** ||c||^2. */
    public double centreNorm2() {
        return result.centreNorm2();
    }

    /** ||c - phi(x)||^2. */
    public double distance2(T x) {
        double s = 0.0;
        for (int i = 0; i < alpha.length; i++) {
            if (alpha[i] != 0) {
                s += alpha[i] * kernel.apply(coreVectors.get(i), x);
            }
        }
        return result.centreNorm2() - 2 * s + kernel.apply(x, x);
    }

    /** The core-set run: iterations, R^2 trace, time. */
    public CoreSetResult coreSet() {
        return result;
    }
}
