/**
 * JMH benchmarks of the SMO step.
 */
package dev.kernelkit.svm;
