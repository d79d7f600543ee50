/**
 * {@code kernelkit mkl}: the multiple kernel learning commands (train, cv, compare, noise, demo).
 */
package dev.kernelkit.cli.mkl;
