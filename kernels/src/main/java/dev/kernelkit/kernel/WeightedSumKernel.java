package dev.kernelkit.kernel;

import java.util.List;

/**
 * A non-negative combination of kernels k(x, y) = sum_m mu_m k_m(x, y), mu_m &ge; 0: the kernel
 * an MKL method learns (Lanckriet et al., JMLR 2004; eq. (4) of Xu, Tsang and Xu, TNNLS 2013).
 * PSD when every k_m is.
 *
 * @param kernels the base kernels k_m, at least one
 * @param weights the weights mu_m, one per kernel, each &ge; 0 and finite
 * @param <T> the point type
 */
public record WeightedSumKernel<T>(List<Kernel<T>> kernels, List<Double> weights) implements Kernel<T> {

    /** @throws IllegalArgumentException for empty or mismatched lists or a negative weight */
    public WeightedSumKernel {
        Checks.notNull("kernels", kernels);
        Checks.notNull("weights", weights);
        if (kernels.isEmpty()) {
            throw new IllegalArgumentException("kernels must not be empty");
        }
        if (kernels.size() != weights.size()) {
            throw new IllegalArgumentException("expected one weight per kernel: " + kernels.size()
                    + " kernels, found " + weights.size() + " weights");
        }
        for (int m = 0; m < weights.size(); m++) {
            Double w = weights.get(m);
            if (w == null || !(w >= 0) || !Double.isFinite(w)) {
                throw new IllegalArgumentException("weight " + m + " must be >= 0 and finite, got " + w);
            }
            Checks.notNull("kernel " + m, kernels.get(m));
        }
        kernels = List.copyOf(kernels);
        weights = List.copyOf(weights);
    }

    /** The equal-weight sum (1/M) sum_m k_m (the "average kernel"). */
    public static <T> WeightedSumKernel<T> average(List<Kernel<T>> kernels) {
        Double w = 1.0 / kernels.size();
        return new WeightedSumKernel<>(kernels, java.util.Collections.nCopies(kernels.size(), w));
    }

    @Override
    public double apply(T x, T y) {
        double s = 0;
        for (int m = 0, n = kernels.size(); m < n; m++) {
            double w = weights.get(m);
            if (w != 0) {
                s += w * kernels.get(m).apply(x, y);
            }
        }
        return s;
    }
}
