package dev.kernelkit.eval;

/**
 * Thrown by {@link ModelSelection} when a fit or a score of one fold fails: carries the fold number
 * (and, inside a search, the grid point) in its message and the original exception as its cause.
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
