/**
 * Kernel matrices: the {@link dev.kernelkit.gram.KernelMatrix} interface (dense, packed, lazily cached rows, bag
 * kernels), cross matrices between test and training points, the tiled Gram builder, and sets of base kernel
 * matrices combined with weights for multiple kernel learning ({@link dev.kernelkit.gram.MultipleKernel},
 * {@link dev.kernelkit.gram.BaseKernelMatrices}).
 */
package dev.kernelkit.gram;
