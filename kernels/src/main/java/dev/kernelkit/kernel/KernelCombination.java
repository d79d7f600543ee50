package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;

/**
 * A combination sum_m mu_m s_m k_m of vector kernels that is evaluated another way than kernel by kernel (gram's
 * {@code MultipleKernel.Combined}, on its shared fast path): what {@link Kernels#format} writes of it (the
 * {@link WeightedSumKernel} of its terms) and what {@link KernelGradients} asks of it. Here so that the kernel
 * package knows learned combinations without depending on gram.
 */
public interface KernelCombination extends Kernel<Vec> {
    /** A copy of the weights mu_m, one per base kernel (0 for a kernel the combination does not use). */
    double[] weights();

    /** Base kernel k_m, without its scale. */
    Kernel<Vec> kernel(int m);

    /** The scale s_m of base kernel m. */
    double scale(int m);

    /**
     * Null when the combination has a gradient with respect to a point, else why not, naming the first base
     * kernel with mu_m &gt; 0 that has none.
     */
    String whyNotDifferentiable();
}
