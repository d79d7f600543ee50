/**
 * Kernels: the {@link dev.kernelkit.kernel.Kernel} interface (pure, symmetric, generic over the example type), the
 * vector kernels (Gaussian, Laplacian, polynomial, linear, sigmoid, chi-square and others), the set kernel over bags
 * ({@link dev.kernelkit.kernel.SetKernel}), kernels between series, kernels with gradients for kernel learning
 * ({@link dev.kernelkit.kernel.DifferentiableKernel}), the gamma heuristic and the one kernel parser
 * ({@link dev.kernelkit.kernel.Kernels}). gram's learned combinations reach the parser and the gradients through
 * {@link dev.kernelkit.kernel.KernelCombination}, so that kernel does not depend on gram.
 */
package dev.kernelkit.kernel;
