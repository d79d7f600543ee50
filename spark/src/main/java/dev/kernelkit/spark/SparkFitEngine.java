package dev.kernelkit.spark;

import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FitEngine;
import dev.kernelkit.eval.FitOutcome;
import dev.kernelkit.eval.FitTask;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.learn.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * The model-selection harness on Spark: every fit of the nested protocol (outer split x grid point
 * x inner split, and each outer split's final fit) is one Spark task; the driver runs the harness
 * itself (choices, aggregation, journal) in its own order, so the {@link Evaluation} is the
 * one-machine one, times apart.
 *
 * <p>How a fit reaches an executor: the data set is broadcast once per run, in plain arrays; a task
 * carries only the indices of its {@link FitTask} (outer split, inner split or final, point) and the
 * {@link Protocol}, a serializable recipe of the harness. The executor builds the harness again
 * from the recipe and performs the fit with {@link ModelSelection#perform}: the outer split, its
 * preprocessing, its grid (the learner's trainers, from the catalog) and its inner splits are made
 * again from the broadcast data and the seeds, exactly as the driver made them. No trainer, kernel
 * or lambda is serialized, and nothing depends on state shared with the driver's JVM. The outcome
 * (scores, fit counts; for a final fit its test score, measures and fit report) comes back as plain
 * values, collected in task order.
 *
 * <p>Failures: a task whose fit throws fails, and Spark retries it ({@code spark.task.maxFailures},
 * default 4 on a cluster; in local mode give a master {@code local[N,F]} for F attempts). A fit that
 * fails every attempt fails the run with a {@link SparkFitException} whose one-line message names
 * the learner, the split, the point and the fit's failure.
 *
 * <p>A grid's shared work ({@link dev.kernelkit.eval.Grid#withSharedWork}) is prepared by every task
 * for itself, as the grid's contract allows. An engine serves one protocol and one data set;
 * {@link #close()} drops the broadcast.
 *
 * @param <X> the example type
 */
public final class SparkFitEngine<X> implements FitEngine, AutoCloseable {
    /** At most this many outer splits run at once (each on a driver thread that waits for its jobs). */
    public static final int MAX_CONCURRENT_OUTER_SPLITS = 32;

    private final JavaSparkContext jsc;
    private final Protocol<X> protocol;
    private final Broadcast<ShippedData> data;
    private final AtomicLong jobs = new AtomicLong();
    private final AtomicLong tasks = new AtomicLong();
    private final AtomicLong longestTaskBits = new AtomicLong(Double.doubleToLongBits(0));

    private SparkFitEngine(JavaSparkContext jsc, Protocol<X> protocol, Broadcast<ShippedData> data) {
        this.jsc = jsc;
        this.protocol = protocol;
        this.data = data;
    }

    /**
     * An engine for runs of {@code protocol.selection()} on {@code data} (which it broadcasts now):
     * give the same data to the harness's {@code run} or {@code runFold}.
     *
     * @throws IllegalArgumentException unless the data are a {@link dev.kernelkit.data.LabeledDataset}
     *         or a {@link dev.kernelkit.data.BagDataset}
     */
    public static <X> SparkFitEngine<X> open(SparkSession spark, Protocol<X> protocol, Dataset<X> data) {
        Objects.requireNonNull(spark, "spark");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(data, "data");
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return new SparkFitEngine<>(jsc, protocol, jsc.broadcast(ShippedData.of(data)));
    }

    /**
     * Runs the protocol on {@code data} with every fit a Spark task, up to
     * {@value #MAX_CONCURRENT_OUTER_SPLITS} outer splits at once.
     *
     * @throws SparkFitException when a fit fails on every attempt
     * @throws IllegalArgumentException as {@link ModelSelection#run} and {@link #open}
     */
    public static <X> Evaluation run(SparkSession spark, Protocol<X> protocol, Dataset<X> data) {
        try (SparkFitEngine<X> engine = open(spark, protocol, data)) {
            ModelSelection<X> ms = protocol.selection();
            int outer = Math.max(1, Math.min(ms.resampling().size(), MAX_CONCURRENT_OUTER_SPLITS));
            return ms.withEngine(engine).withOuterThreads(outer).run(data);
        }
    }

    /**
     * One Spark job of one task per fit; the outcomes in task order.
     *
     * @throws SparkFitException when a fit fails on every attempt
     */
    @Override
    public List<FitOutcome> run(List<FitTask> tasks, Local local, int threads) {
        List<int[]> keys = new ArrayList<>(tasks.size());
        for (FitTask t : tasks) {
            keys.add(new int[] {t.outerIndex(), t.innerIndex(), t.pointIndex()});
        }
        if (keys.isEmpty()) {
            return List.of();
        }
        // a job group of its own, so that a harness that gives up on this batch (another outer split failed and its
        // waiting thread is interrupted) also stops the batch's tasks
        String group = "kernelkit-" + protocol.name() + "-" + System.identityHashCode(this) + "-" + jobs.incrementAndGet();
        jsc.setJobGroup(group, protocol.name() + ": " + tasks.get(0) + (tasks.size() > 1 ? " and " + (tasks.size() - 1)
                + " more fits" : ""), true);
        List<ShippedOutcome> shipped;
        try {
            shipped = jsc.parallelize(keys, keys.size()).map(new Perform<>(protocol, data)).collect();
        } catch (Exception e) {
            // the job failed (nothing left to stop) or its waiting thread was interrupted (Spark may wrap that):
            // either way no task of the group need run on
            jsc.cancelJobGroup(group);
            throw failure(e, tasks);
        } finally {
            jsc.clearJobGroup();
        }
        List<FitOutcome> out = new ArrayList<>(shipped.size());
        double longest = 0;
        for (ShippedOutcome o : shipped) {
            out.add(o.outcome());
            longest = Math.max(longest, o.taskSeconds());
        }
        this.tasks.addAndGet(shipped.size());
        double batchLongest = longest;
        longestTaskBits.accumulateAndGet(Double.doubleToLongBits(batchLongest),
                (a, b) -> Double.longBitsToDouble(a) >= Double.longBitsToDouble(b) ? a : b);
        return out;
    }

    /** The Spark tasks (one per fit) this engine ran so far. */
    public long tasks() {
        return tasks.get();
    }

    /**
     * The longest single task so far, in seconds as measured on its executor: one fit with the harness
     * rebuilt from the recipe (the run's critical path, had it unlimited executors).
     */
    public double longestTaskSeconds() {
        return Double.longBitsToDouble(longestTaskBits.get());
    }

    /** The one-line failure of a job: the executor's own line when Spark kept it. */
    private RuntimeException failure(Exception e, List<FitTask> tasks) {
        String marker = SparkFitException.class.getName() + ": ";
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SparkFitException f) {
                return new SparkFitException(f.getMessage() + " (failed on every attempt)");
            }
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf(marker);
            if (at >= 0) {
                int end = m.indexOf('\n', at);
                return new SparkFitException(m.substring(at + marker.length(), end < 0 ? m.length() : end)
                        + " (failed on every attempt)");
            }
        }
        String first = String.valueOf(e.getMessage());
        int nl = first.indexOf('\n');
        return new SparkFitException(protocol.name() + ": the Spark job of " + tasks.size() + " fits from " + tasks.get(0)
                + " failed: " + (nl < 0 ? first : first.substring(0, nl)));
    }

    /** Drops the broadcast data. */
    @Override
    public void close() {
        data.destroy();
    }

    @Override
    public String toString() {
        return "Spark engine (" + protocol.name() + ", " + jsc.master() + ")";
    }

    /** What an executor runs for one task: the harness built from the recipe, one fit on the broadcast data. */
    private static final class Perform<X> implements Function<int[], ShippedOutcome> {
        private static final long serialVersionUID = 1L;
        private final Protocol<X> protocol;
        private final Broadcast<ShippedData> data;

        Perform(Protocol<X> protocol, Broadcast<ShippedData> data) {
            this.protocol = protocol;
            this.data = data;
        }

        @Override
        @SuppressWarnings("unchecked")
        public ShippedOutcome call(int[] key) {
            FitTask task = new FitTask(key[0], key[1], key[2]);
            try {
                Dataset<X> d = (Dataset<X>) data.value().dataset();
                long start = System.nanoTime();
                FitOutcome outcome = protocol.selection().perform(d, task);
                return new ShippedOutcome(outcome, (System.nanoTime() - start) / 1e9);
            } catch (RuntimeException e) {
                // the fold's own message names the split and the point; an error before the fit names the task
                String what = e.getMessage() != null && e.getMessage().startsWith("outer split ") ? e.getMessage()
                        : task + " failed: " + e;
                throw new SparkFitException(protocol.name() + ": " + what);
            }
        }
    }
}
