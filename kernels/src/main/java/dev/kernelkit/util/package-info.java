/**
 * Shared run settings: the thread count a run may use ({@link dev.kernelkit.util.Threads}) and the memory
 * estimates and budgets a job is checked against before it allocates ({@link dev.kernelkit.util.MemoryBudget}).
 * Also the wall-clock timing of fits ({@link dev.kernelkit.util.Stopwatch}; here, not in eval, since svm times
 * its fits and must not depend on eval).
 */
package dev.kernelkit.util;
