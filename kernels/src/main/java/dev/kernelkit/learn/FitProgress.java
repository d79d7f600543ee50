package dev.kernelkit.learn;

/**
 * One progress event of a fit: machine {@code machine} (of {@code machines}; a one-vs-rest model
 * fits one machine per class) finished iteration {@code iteration} (0 = the starting point) with
 * objective value {@code objective} after {@code seconds} since the fit started.
 *
 * @param learner the learner's name (e.g. {@code sparse-mi}, {@code sm1mkl})
 * @param machine the 0-based machine index
 * @param machines the number of machines this fit trains
 * @param iteration 0 for the starting point, then 1, 2, ...
 * @param objective the learner's objective after this iteration (NaN when it has none)
 * @param seconds seconds since the fit started
 */
public record FitProgress(String learner, int machine, int machines, int iteration, double objective,
                          double seconds) {
}
