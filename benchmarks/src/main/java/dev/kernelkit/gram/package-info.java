/**
 * JMH benchmarks of the Gram tile and kernel rows.
 */
package dev.kernelkit.gram;
