package dev.kernelkit.eval;

import java.util.Map;

/**
 * A {@link CatalogEngine} of an optional module, found by {@link java.util.ServiceLoader} (a line
 * naming the implementation in {@code META-INF/services/dev.kernelkit.eval.FitEngineProvider}), so
 * that this module and the command line need no dependency on it. An implementation must have a
 * public no-argument constructor and must not touch its engine's libraries before {@link #open}:
 * {@link FitEngines} reports an engine whose libraries are missing from the class path as
 * unavailable.
 */
public interface FitEngineProvider {

    /** The engine's name, e.g. "spark". */
    String name();

    /**
     * A new engine.
     *
     * @param options the engine's options by name, e.g. {@code master}
     * @throws IllegalArgumentException for an option it does not know or a value it refuses
     */
    CatalogEngine open(Map<String, String> options);
}
