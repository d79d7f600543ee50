/**
 * Runnable example mains, one per method, each on the learner contract and the harness.
 */
package dev.kernelkit.examples;
