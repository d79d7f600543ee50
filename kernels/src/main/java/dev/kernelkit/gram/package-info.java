/**
 * Kernel matrices: the {@link dev.kernelkit.gram.KernelMatrix} interface (dense, packed, lazily cached rows, bag
 * kernels), cross matrices between test and training points, the tiled Gram builder, and sets of base kernel
 * matrices combined with weights for multiple kernel learning ({@link dev.kernelkit.gram.MultipleKernel},
 * {@link dev.kernelkit.gram.BaseKernelMatrices}). A weighted sum of kernels becomes differentiable on the fast path
 * through {@link dev.kernelkit.gram.MultipleKernel#differentiable} (here, not in kernel's KernelGradients, since it
 * builds a MultipleKernel).
 */
package dev.kernelkit.gram;
