/**
 * {@code kernelkit cvm}: the core vector machine commands (train, cv, predict, bench, demo).
 */
package dev.kernelkit.cli.cvm;
