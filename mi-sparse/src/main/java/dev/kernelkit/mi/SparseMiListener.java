package dev.kernelkit.mi;

/**
 * Receives SparseMI's progress: once for the initial expansion vectors (iteration 0) and once
 * after every accepted outer step. The objective g(Z) it sees is non-increasing.
 */
@FunctionalInterface
public interface SparseMiListener {
    /** A listener that ignores everything. */
    SparseMiListener SILENT = (iteration, objective, step, seconds) -> { };

    /**
     * @param iteration 0 for the start, then 1, 2, ...
     * @param objective g(Z) after this iteration
     * @param step the step length lambda that will be tried next (NaN when t_max = 0)
     * @param elapsedSeconds seconds since fit started
     */
    void onIteration(int iteration, double objective, double step, double elapsedSeconds);
}
