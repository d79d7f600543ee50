/**
 * A native BLAS behind kernelkit-kernels' {@link dev.kernelkit.gram.GramBuilder}: {@link
 * dev.kernelkit.blas.OpenBlasGramProduct} computes the builder's blocks of inner products with OpenBLAS's
 * {@code cblas_dgemm} (one OpenBLAS thread per call; the builder runs blocks in parallel), registered through
 * {@link dev.kernelkit.blas.OpenBlasProvider} for {@link java.util.ServiceLoader}.
 */
package dev.kernelkit.blas;
