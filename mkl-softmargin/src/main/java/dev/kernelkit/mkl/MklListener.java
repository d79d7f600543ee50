package dev.kernelkit.mkl;

/** Receives one call per MKL iteration (for progress bars and monotonicity checks). */
@FunctionalInterface
public interface MklListener {
    /** The silent listener. */
    MklListener NONE = (iteration, objective, seconds) -> { };

    /**
     * @param iteration 0 for the starting point, then 1, 2, ...
     * @param objective the method's objective at the accepted weights
     * @param seconds elapsed since the fit started
     */
    void onIteration(int iteration, double objective, double seconds);
}
