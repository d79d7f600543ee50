package dev.kernelkit.eval;

/**
 * Thrown by {@link CrossValidation} and {@link GridSearch} when a fold function throws: carries the
 * fold number (and, for a grid search, the parameter point) in its message and the original
 * exception as its cause.
 */
public final class FoldFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int foldIndex;

    FoldFailedException(int foldIndex, String message, Throwable cause) {
        super(message, cause);
        this.foldIndex = foldIndex;
    }

    /** The 0-based index of the failed fold. */
    public int foldIndex() {
        return foldIndex;
    }
}
