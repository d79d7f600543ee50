package dev.kernelkit.spark;

import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.CatalogRecipe;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.learn.Dataset;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * Catalog runs on Spark: every run of a {@link CatalogRecipe} gets a {@link SparkFitEngine} of its own
 * (its data broadcast once, the fits of one inner split in one Spark task, up to
 * {@value SparkFitEngine#MAX_CONCURRENT_OUTER_SPLITS} outer splits at once) on one SparkSession: the
 * active (or default) session of this JVM when there is one (e.g. under {@code spark-submit} with a
 * session already built, or in tests), else a new one on the master given, else on the master
 * {@code spark-submit} set (the {@code spark.master} property), else on {@value #DEFAULT_MASTER}. A session it started is
 * stopped by {@link #close()}; one it found is left running. A local master ({@code local}, {@code
 * local[N]}, ...) binds the driver to 127.0.0.1 unless {@code spark.driver.host} is set, and runs
 * without the web UI.
 */
public final class SparkCatalogEngine implements CatalogEngine {
    /** The master when none is given: every core of this machine. */
    public static final String DEFAULT_MASTER = "local[*]";

    private static final System.Logger LOG = System.getLogger(SparkCatalogEngine.class.getName());
    private static final Set<String> OPTIONS = Set.of("master");

    private final SparkSession spark;
    private final boolean owned;
    private long tasks;
    private long fits;
    private double sumFitSeconds;
    private double longestFitSeconds;

    private SparkCatalogEngine(SparkSession spark, boolean owned) {
        this.spark = spark;
        this.owned = owned;
    }

    /**
     * The engine on this JVM's active or default session, else on a new one.
     *
     * @param options {@code master} (default: {@code spark-submit}'s, else {@value #DEFAULT_MASTER}; ignored, with
     *        a warning, when a session of another master is already running)
     * @throws IllegalArgumentException for an unknown option
     */
    public static SparkCatalogEngine open(Map<String, String> options) {
        Objects.requireNonNull(options, "options");
        for (String k : options.keySet()) {
            if (!OPTIONS.contains(k)) {
                throw new IllegalArgumentException("the spark engine has no option '" + k + "'; its options: master");
            }
        }
        String submitted = System.getProperty("spark.master");
        String master = options.getOrDefault("master", submitted == null ? DEFAULT_MASTER : submitted);
        Optional<SparkSession> running = SparkSession.getActiveSession().isDefined()
                ? Optional.of(SparkSession.getActiveSession().get())
                : SparkSession.getDefaultSession().isDefined() ? Optional.of(SparkSession.getDefaultSession().get())
                : Optional.empty();
        if (running.isPresent()) {
            SparkSession s = running.get();
            if (options.containsKey("master") && !s.sparkContext().master().equals(master)) {
                LOG.log(System.Logger.Level.WARNING, "a SparkSession on {0} is running: using it, not {1}",
                        s.sparkContext().master(), master);
            }
            return new SparkCatalogEngine(s, false);
        }
        SparkSession.Builder b = SparkSession.builder().master(master);
        if (System.getProperty("spark.app.name") == null) {
            b.appName("kernelkit");
        }
        if (master.startsWith("local")) {
            if (System.getProperty("spark.driver.host") == null) {
                b.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1");
            }
            b.config("spark.ui.enabled", "false");
        }
        return new SparkCatalogEngine(b.getOrCreate(), true);
    }

    @Override
    public String name() {
        return SparkEngineProvider.NAME;
    }

    /** The master URL of the session in use. */
    @Override
    public Optional<String> master() {
        return Optional.of(spark.sparkContext().master());
    }

    /**
     * Runs the selection with its fits as Spark tasks ({@link SparkFitEngine}), the executors building the harness
     * from the recipe.
     *
     * @throws dev.kernelkit.eval.FoldFailedException when a fit fails on every attempt (its cause a
     *         {@link SparkFitException} naming the learner, the split and the point)
     */
    @Override
    public <X> Evaluation run(CatalogRecipe recipe, ModelSelection<X> selection, Dataset<X> data) {
        int outer = SparkFitEngine.concurrentOuterSplits(selection);
        try (SparkFitEngine<X> engine = SparkFitEngine.open(spark, new CatalogProtocol<>(recipe), data, outer)) {
            try {
                return selection.withEngine(engine).withOuterThreads(outer).run(data);
            } finally {
                synchronized (this) {
                    tasks += engine.tasks();
                    fits += engine.fits();
                    sumFitSeconds += engine.sumFitSeconds();
                    longestFitSeconds = Math.max(longestFitSeconds, engine.longestFitSeconds());
                }
            }
        }
    }

    @Override
    public synchronized Optional<Usage> usage() {
        return Optional.of(new Usage(tasks, longestFitSeconds, fits, sumFitSeconds));
    }

    /** Stops the session if this engine started it. */
    @Override
    public void close() {
        if (owned) {
            spark.stop();
        }
    }

    @Override
    public String toString() {
        return "Spark catalog engine (" + spark.sparkContext().master() + ")";
    }
}
