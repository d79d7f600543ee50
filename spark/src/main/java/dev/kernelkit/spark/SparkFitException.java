package dev.kernelkit.spark;

/**
 * A fit of a Spark harness run that failed: the message is one line naming the learner, the split
 * (outer, inner or final fit) and the point, and the fit's own failure, e.g. {@code svm: outer split
 * 2, inner split 0, point candidate=... failed: java.lang.IllegalStateException: ...}. What an executor
 * throws for one failed attempt, so that Spark retries it; and, once every attempt failed, the cause of
 * the {@link dev.kernelkit.eval.FoldFailedException} the run ends with (as a fit failing on one machine
 * ends it). An {@link IllegalArgumentException}, as the command line reports a failed fit: one line, no
 * stack trace (the executor's is in Spark's log).
 */
public final class SparkFitException extends IllegalArgumentException {
    private static final long serialVersionUID = 2L;
    private final int outerIndex;

    /** @param message the one-line description */
    public SparkFitException(String message) {
        this(message, -1);
    }

    /**
     * @param message the one-line description
     * @param outerIndex the outer split of the failed fit, or -1 when not known
     */
    public SparkFitException(String message, int outerIndex) {
        super(oneLine(message));
        this.outerIndex = outerIndex;
    }

    /** The outer split of the failed fit, or -1 when not known. */
    public int outerIndex() {
        return outerIndex;
    }

    /** Collapses line breaks (and the white space around them) into one space. */
    static String oneLine(String text) {
        return String.valueOf(text).replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
