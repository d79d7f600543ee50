/**
 * JMH benchmarks of the CVM's furthest-point search.
 */
package dev.kernelkit.cvm;
