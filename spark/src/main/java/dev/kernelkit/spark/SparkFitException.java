package dev.kernelkit.spark;

/**
 * A fit of a Spark harness run that failed on every attempt Spark gave it: the message is one line
 * naming the learner, the split (outer, inner or final fit) and the point, and the fit's own
 * failure, e.g. {@code svm: outer split 2, inner split 0, point candidate=... failed:
 * java.lang.IllegalStateException: ...}. Also what an executor throws for one failed attempt, so
 * that Spark retries it.
 */
public final class SparkFitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message the one-line description */
    public SparkFitException(String message) {
        super(oneLine(message));
    }

    /** Collapses line breaks (and the white space around them) into one space. */
    static String oneLine(String text) {
        return String.valueOf(text).replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
