/**
 * JMH benchmarks of the prototype solvers (NQP).
 */
package dev.kernelkit.prototypes;
