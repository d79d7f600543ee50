package dev.kernelkit.eval;

/**
 * An engine named to {@link FitEngines#named} that this JVM cannot run: no provider of that name on the
 * class path, or its libraries (e.g. Spark) missing. A bad-input error: the caller names the way to run it.
 */
public final class FitEngineUnavailableException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String engine;

    /**
     * @param engine the engine's name
     * @param message one line
     * @param cause the linkage error, or null
     */
    public FitEngineUnavailableException(String engine, String message, Throwable cause) {
        super(message, cause);
        this.engine = engine;
    }

    /** The engine's name. */
    public String engine() {
        return engine;
    }
}
