package dev.kernelkit.spark;

import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.CatalogRecipe;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FitEngine;
import dev.kernelkit.eval.FitOutcome;
import dev.kernelkit.eval.FitTask;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.data.Dataset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Catalog runs on Spark: every run of a {@link CatalogRecipe} gets a {@link SparkFitEngine} of its own
 * (its data broadcast once, the fits of one inner split in one Spark task, up to
 * {@value SparkFitEngine#MAX_CONCURRENT_OUTER_SPLITS} outer splits at once) on one SparkContext: that of
 * the active (or default) SparkSession of this JVM when there is one (e.g. under
 * {@code spark-submit} with a session already built, or in tests), else a new one ({@link #open}: a
 * SparkSession; {@link #start}: a bare context, started in the background) on the master given, else on
 * the master {@code spark-submit} set (the {@code spark.master} property), else on {@value #DEFAULT_MASTER}.
 * A context it started is stopped by {@link #close()}; one it found is left running. A local master ({@code local}, {@code
 * local[N]}, ...) binds the driver to 127.0.0.1 unless {@code spark.driver.host} is set, and runs
 * without the web UI. With {@link #start}, until the context is up, a run's batches of fits
 * run on this machine's threads, one batch at a time as the local engine runs them, and the session's
 * 10-20 s of start (on 2 cores) overlap with fitting; a session that fails to start fails the run.
 */
public final class SparkCatalogEngine implements CatalogEngine {
    /** The master when none is given: every core of this machine. */
    public static final String DEFAULT_MASTER = "local[*]";

    private static final System.Logger LOG = System.getLogger(SparkCatalogEngine.class.getName());
    private static final Set<String> OPTIONS = Set.of("master");

    private final CompletableFuture<SparkContext> spark;
    private final String requestedMaster;
    private final boolean owned;
    private long tasks;
    private long fits;
    private double sumFitSeconds;
    private double longestFitSeconds;

    private SparkCatalogEngine(CompletableFuture<SparkContext> spark, String requestedMaster, boolean owned) {
        this.spark = spark;
        this.requestedMaster = requestedMaster;
        this.owned = owned;
    }

    /**
     * The engine on this JVM's active or default session, else on a new SparkSession, started now (so that
     * {@link SparkSession#active()} gives it when this returns).
     *
     * @param options {@code master} (default: {@code spark-submit}'s, else {@value #DEFAULT_MASTER}; ignored, with
     *        a warning, when a session of another master is already running)
     * @throws IllegalArgumentException for an unknown option
     */
    public static SparkCatalogEngine open(Map<String, String> options) {
        return open(options, false);
    }

    /**
     * The engine on this JVM's active or default session, else on a new bare SparkContext (no SparkSession: the
     * harness needs no SQL, and a session costs about a third more CPU to start) started in the background: the
     * runs' first batches of fits are made here while it starts ({@link #run}). {@code compare --engine spark}'s
     * engine ({@link SparkEngineProvider}).
     *
     * @param options as {@link #open(Map)}
     * @throws IllegalArgumentException for an unknown option
     */
    public static SparkCatalogEngine start(Map<String, String> options) {
        return open(options, true);
    }

    private static SparkCatalogEngine open(Map<String, String> options, boolean background) {
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
        Optional<SparkContext> context = running.map(SparkSession::sparkContext);
        if (context.isPresent()) {
            SparkContext sc = context.get();
            if (options.containsKey("master") && !sc.master().equals(master)) {
                LOG.log(System.Logger.Level.WARNING, "a SparkContext on {0} is running: using it, not {1}",
                        sc.master(), master);
            }
            return new SparkCatalogEngine(CompletableFuture.completedFuture(sc), sc.master(), false);
        }
        if (!background) {
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
            return new SparkCatalogEngine(CompletableFuture.completedFuture(b.getOrCreate().sparkContext()), master,
                    true);
        }
        SparkConf conf = new SparkConf().setMaster(master);
        if (System.getProperty("spark.app.name") == null) {
            conf.setAppName("kernelkit");
        }
        if (master.startsWith("local")) {
            if (System.getProperty("spark.driver.host") == null) {
                conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
            }
            conf.set("spark.ui.enabled", "false");
        }
        // the context starts (10-20 s on 2 cores) while the first fits run here: see run
        ExecutorService starter = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kernelkit-spark-session-start");
            t.setDaemon(true);
            return t;
        });
        try {
            return new SparkCatalogEngine(CompletableFuture.supplyAsync(() -> SparkContext.getOrCreate(conf), starter),
                    master, true);
        } finally {
            starter.shutdown();
        }
    }

    /** The context, waiting for it to start; its failure to start as a one-line exception. */
    private SparkContext context() {
        try {
            return spark.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalArgumentException("the Spark session on master " + requestedMaster + " did not start: "
                    + cause, cause);
        }
    }

    @Override
    public String name() {
        return SparkEngineProvider.NAME;
    }

    /** The master URL of the context in use. */
    @Override
    public Optional<String> master() {
        return Optional.of(context().master());
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
        return run(new CatalogProtocol<>(recipe), selection, data);
    }

    /**
     * Runs the selection of any recipe (a module command's protocol) with its fits as Spark tasks, the executors
     * building the harness from the recipe.
     *
     * @throws dev.kernelkit.eval.FoldFailedException when a fit fails on every attempt (its cause a
     *         {@link SparkFitException} naming the learner, the split and the point)
     */
    @Override
    public <X> Evaluation run(SelectionRecipe recipe, ModelSelection<X> selection, Dataset<X> data) {
        return recipe instanceof CatalogRecipe c ? run(c, selection, data)
                : run(new RecipeProtocol<>(recipe), selection, data);
    }

    private <X> Evaluation run(Protocol<X> protocol, ModelSelection<X> selection, Dataset<X> data) {
        int outer = SparkFitEngine.concurrentOuterSplits(selection);
        try (Starting<X> engine = new Starting<>(spark, protocol, data, outer)) {
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

    /**
     * The engine of one run while the session may still be starting: a batch of fits asked for before the
     * session is up runs here, on the harness's own threads (as the local engine runs it, each fit timed), every
     * later batch on Spark ({@link SparkFitEngine}, opened, and the data broadcast, when the session is first
     * found up). The fits are the same wherever they run, so the run is the one-machine run either way.
     */
    static final class Starting<X> implements FitEngine, AutoCloseable {
        private final CompletableFuture<SparkContext> session;
        private final Protocol<X> protocol;
        private final Dataset<X> data;
        private final int concurrentOuterSplits;
        private final AtomicLong localFits = new AtomicLong();
        private final DoubleAdder localSeconds = new DoubleAdder();
        private final AtomicLong localLongestBits = new AtomicLong(Double.doubleToLongBits(0));
        private final Object localTurn = new Object();
        private SparkFitEngine<X> engine;

        Starting(CompletableFuture<SparkContext> session, Protocol<X> protocol, Dataset<X> data,
                 int concurrentOuterSplits) {
            this.session = session;
            this.protocol = protocol;
            this.data = data;
            this.concurrentOuterSplits = concurrentOuterSplits;
        }

        @Override
        public List<FitOutcome> run(List<FitTask> batch, Local local, int threads) {
            SparkFitEngine<X> e = ready();
            if (e == null) {
                // one batch here at a time, as on one machine (the harness runs several outer splits at once for Spark)
                synchronized (localTurn) {
                    e = ready();
                    if (e == null) {
                        return runHere(batch, local, threads);
                    }
                }
            }
            return e.run(batch, local, threads);
        }

        private List<FitOutcome> runHere(List<FitTask> batch, Local local, int threads) {
            Local timed = task -> {
                long start = System.nanoTime();
                FitOutcome o = local.fit(task);
                double seconds = (System.nanoTime() - start) / 1e9;
                localFits.incrementAndGet();
                localSeconds.add(seconds);
                localLongestBits.accumulateAndGet(Double.doubleToLongBits(seconds),
                        (a, b) -> Double.longBitsToDouble(a) >= Double.longBitsToDouble(b) ? a : b);
                return o;
            };
            return FitEngine.local().run(batch, timed, threads);
        }

        /** The Spark engine once the session is up (opened on the first call that finds it up), else null. */
        private synchronized SparkFitEngine<X> ready() {
            if (engine == null && session.isDone()) {
                SparkContext s;
                try {
                    s = session.join();
                } catch (CompletionException e) {
                    Throwable cause = e.getCause() == null ? e : e.getCause();
                    throw new IllegalArgumentException("the Spark session did not start: " + cause, cause);
                }
                engine = SparkFitEngine.open(s, protocol, data, concurrentOuterSplits);
            }
            return engine;
        }

        /** The Spark tasks run (none for the fits made here). */
        synchronized long tasks() {
            return engine == null ? 0 : engine.tasks();
        }

        /** Every fit made, on Spark or here. */
        synchronized long fits() {
            return localFits.get() + (engine == null ? 0 : engine.fits());
        }

        /** The fits made here while the session started. */
        long localFits() {
            return localFits.get();
        }

        synchronized double sumFitSeconds() {
            return localSeconds.sum() + (engine == null ? 0 : engine.sumFitSeconds());
        }

        synchronized double longestFitSeconds() {
            return Math.max(Double.longBitsToDouble(localLongestBits.get()),
                    engine == null ? 0 : engine.longestFitSeconds());
        }

        /** Drops the broadcast, if the run got as far as Spark. */
        @Override
        public synchronized void close() {
            if (engine != null) {
                engine.close();
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
            context().stop();
        }
    }

    @Override
    public String toString() {
        return "Spark catalog engine (" + requestedMaster + ")";
    }
}
