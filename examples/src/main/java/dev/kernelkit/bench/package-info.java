/**
 * {@code kernelkit bench}: timings against a reference run in the same process (LIBSVM Java, C LIBSVM, numpy-style Gram).
 */
package dev.kernelkit.bench;
