package dev.kernelkit.spark;

import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.FitEngineProvider;
import java.util.Map;

/**
 * The "spark" fit engine ({@link SparkCatalogEngine}) for {@link dev.kernelkit.eval.FitEngines}. This
 * class touches no Spark class itself, so that without Spark on the class path it still loads and the
 * missing library is reported when the engine opens.
 */
public final class SparkEngineProvider implements FitEngineProvider {
    /** The engine's name. */
    public static final String NAME = "spark";

    /** For {@link java.util.ServiceLoader}. */
    public SparkEngineProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The engine, its SparkContext starting in the background ({@link SparkCatalogEngine#start}).
     *
     * @param options {@code master}: the Spark master URL (default {@value SparkCatalogEngine#DEFAULT_MASTER})
     * @throws IllegalArgumentException for another option
     */
    @Override
    public CatalogEngine open(Map<String, String> options) {
        return SparkCatalogEngine.start(options);
    }
}
