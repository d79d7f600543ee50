package dev.kernelkit.eval;

/**
 * One fit of a model-selection run, named by indices only, so that any worker holding the data and
 * the same {@link ModelSelection} can perform it ({@link ModelSelection#perform}): an inner fit (the
 * point fitted on the training side of an inner split and scored on its test side) or the final
 * fit of an outer split (the chosen point fitted on the whole training part and scored on the test
 * part).
 *
 * @param outerIndex the outer split, over all repeats, &ge; 0
 * @param innerIndex the inner split, &ge; 0, or {@link #FINAL} for the final fit
 * @param pointIndex the point's position in the outer split's grid ({@link Grid#points()}), &ge; 0
 */
public record FitTask(int outerIndex, int innerIndex, int pointIndex) {

    /** The inner index of a final fit. */
    public static final int FINAL = -1;

    /**
     * @throws IllegalArgumentException for a negative outer or point index, or an inner index below {@link #FINAL}
     */
    public FitTask {
        if (outerIndex < 0) {
            throw new IllegalArgumentException("outerIndex must be >= 0, got " + outerIndex);
        }
        if (innerIndex < FINAL) {
            throw new IllegalArgumentException("innerIndex must be >= 0 (or -1 for the final fit), got " + innerIndex);
        }
        if (pointIndex < 0) {
            throw new IllegalArgumentException("pointIndex must be >= 0, got " + pointIndex);
        }
    }

    /** The final fit of point {@code pointIndex} on outer split {@code outerIndex}. */
    public static FitTask finalFit(int outerIndex, int pointIndex) {
        return new FitTask(outerIndex, FINAL, pointIndex);
    }

    /** Whether this is the final fit of its outer split. */
    public boolean isFinal() {
        return innerIndex == FINAL;
    }

    /** E.g. "outer split 2, inner split 1, point 5" or "outer split 2, final fit of point 5". */
    @Override
    public String toString() {
        return "outer split " + outerIndex + (isFinal() ? ", final fit of point " + pointIndex
                : ", inner split " + innerIndex + ", point " + pointIndex);
    }
}
