/**
 * Shared run settings: the thread count a run may use ({@link dev.kernelkit.util.Threads}) and the memory
 * estimates and budgets a job is checked against before it allocates ({@link dev.kernelkit.util.MemoryBudget}).
 */
package dev.kernelkit.util;
