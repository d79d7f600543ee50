package dev.kernelkit.spark;

import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FitEngine;
import dev.kernelkit.eval.FitOutcome;
import dev.kernelkit.eval.FitTask;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.eval.FoldFailedException;
import java.io.Serializable;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Supplier;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * The model-selection harness on Spark: the fits of the nested protocol (outer split x grid point
 * x inner split, and each outer split's final fit) run as Spark tasks; the driver runs the harness
 * itself (choices, aggregation, journal) in its own order, so the {@link Evaluation} is the
 * one-machine one, times apart.
 *
 * <p>How a fit reaches an executor: the data set is broadcast once per run, in plain arrays; a task
 * carries only the indices of its fits ({@link FitTask}: outer split, inner split or final, points)
 * and the {@link Protocol}, a serializable recipe of the harness. An executor JVM builds the harness
 * again from the recipe and prepares an outer split ({@link ModelSelection#prepare}: the split, its
 * preprocessing, its grid from the catalog, its inner splits) once, from the broadcast data and the
 * seeds exactly as the driver made them, and keeps it for every later task of that split and run
 * (a bounded cache of softly held splits per JVM, dropped with the broadcast by {@link #close()};
 * an evicted split is prepared again, to the same result). No trainer, kernel or lambda is
 * serialized. The outcomes (scores, fit counts; for a final fit its test score, measures and fit
 * report) come back as plain values, and are handed to the harness in its task order.
 *
 * <p>Tasks: the fits of one batch of the harness (one request of its chooser on one outer split) are
 * grouped by inner split, so that one Spark task fits every requested point on one inner split (the
 * grid's shared work, if any, prepared once for them, as on one machine); a batch is cut into more
 * groups when it would otherwise give fewer than {@link #minTasksPerBatch()} tasks (a cluster with many
 * cores and few outer splits). A final fit is a task of its own. {@link #tasks()} counts the Spark tasks,
 * {@link #fits()} the fits, {@link #sumFitSeconds()} and {@link #longestFitSeconds()} their times as
 * measured on the executors.
 *
 * <p>Failures: a task whose fit throws fails, and Spark retries it ({@code spark.task.maxFailures},
 * default 4 on a cluster; in local mode give a master {@code local[N,F]} for F attempts); a retried
 * task fits its points again, to the same outcomes. A fit that fails every attempt fails the run with
 * a {@link FoldFailedException} (as on one machine) whose cause is a {@link SparkFitException} with a
 * one-line message naming the learner, the split, the point and the fit's failure.
 *
 * <p>An engine serves one protocol and one data set; {@link #close()} drops the broadcast.
 *
 * @param <X> the example type
 */
public final class SparkFitEngine<X> implements FitEngine, AutoCloseable {
    /** At most this many outer splits run at once (each on a driver thread that waits for its jobs). */
    public static final int MAX_CONCURRENT_OUTER_SPLITS = 32;

    private final JavaSparkContext jsc;
    private final Protocol<X> protocol;
    private final Broadcast<ShippedData> data;
    private final int minTasksPerBatch;
    private final AtomicLong jobs = new AtomicLong();
    private final AtomicLong tasks = new AtomicLong();
    private final AtomicLong fits = new AtomicLong();
    private final DoubleAdder sumFitSeconds = new DoubleAdder();
    private final AtomicLong longestFitBits = new AtomicLong(Double.doubleToLongBits(0));

    private SparkFitEngine(JavaSparkContext jsc, Protocol<X> protocol, Broadcast<ShippedData> data,
                           int minTasksPerBatch) {
        this.jsc = jsc;
        this.protocol = protocol;
        this.data = data;
        this.minTasksPerBatch = minTasksPerBatch;
    }

    /**
     * An engine for runs of {@code protocol.selection()} on {@code data} (which it broadcasts now), one outer
     * split at a time: give the same data to the harness's {@code run} or {@code runFold}.
     *
     * @throws IllegalArgumentException unless the data are a {@link dev.kernelkit.data.LabeledDataset}
     *         or a {@link dev.kernelkit.data.BagDataset}
     */
    public static <X> SparkFitEngine<X> open(SparkSession spark, Protocol<X> protocol, Dataset<X> data) {
        return open(spark, protocol, data, 1);
    }

    /**
     * An engine for runs of {@code protocol.selection()} on {@code data} (which it broadcasts now) with
     * {@code concurrentOuterSplits} outer splits running at once: a batch of fits is cut into at least
     * 2 x (the context's default parallelism) / {@code concurrentOuterSplits} tasks, so that the cores
     * have work when few outer splits run.
     *
     * @throws IllegalArgumentException unless the data are a {@link dev.kernelkit.data.LabeledDataset}
     *         or a {@link dev.kernelkit.data.BagDataset}, or for concurrentOuterSplits &lt; 1
     */
    public static <X> SparkFitEngine<X> open(SparkSession spark, Protocol<X> protocol, Dataset<X> data,
                                             int concurrentOuterSplits) {
        Objects.requireNonNull(spark, "spark");
        return open(spark.sparkContext(), protocol, data, concurrentOuterSplits);
    }

    /**
     * As {@link #open(SparkSession, Protocol, Dataset, int)}, on a SparkContext.
     *
     * @throws IllegalArgumentException as {@link #open(SparkSession, Protocol, Dataset, int)}
     */
    public static <X> SparkFitEngine<X> open(SparkContext spark, Protocol<X> protocol, Dataset<X> data,
                                             int concurrentOuterSplits) {
        Objects.requireNonNull(spark, "spark");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(data, "data");
        if (concurrentOuterSplits < 1) {
            throw new IllegalArgumentException("concurrentOuterSplits must be >= 1, got " + concurrentOuterSplits);
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark);
        int cores = Math.max(1, jsc.defaultParallelism());
        int min = Math.max(1, (2 * cores + concurrentOuterSplits - 1) / concurrentOuterSplits);
        return new SparkFitEngine<>(jsc, protocol, jsc.broadcast(ShippedData.of(data)), min);
    }

    /** The outer splits a run of {@code selection} has at once on this engine. */
    static int concurrentOuterSplits(ModelSelection<?> selection) {
        return Math.max(1, Math.min(selection.resampling().size(), MAX_CONCURRENT_OUTER_SPLITS));
    }

    /**
     * Runs the protocol on {@code data} with its fits as Spark tasks, up to
     * {@value #MAX_CONCURRENT_OUTER_SPLITS} outer splits at once.
     *
     * @throws FoldFailedException when a fit fails on every attempt (its cause a {@link SparkFitException})
     * @throws IllegalArgumentException as {@link ModelSelection#run} and {@link #open}
     */
    public static <X> Evaluation run(SparkSession spark, Protocol<X> protocol, Dataset<X> data) {
        ModelSelection<X> ms = protocol.selection();
        int outer = concurrentOuterSplits(ms);
        try (SparkFitEngine<X> engine = open(spark, protocol, data, outer)) {
            return ms.withEngine(engine).withOuterThreads(outer).run(data);
        }
    }

    /**
     * One Spark job for the batch: its inner fits grouped by (outer split, inner split), each final fit a task
     * of its own; the outcomes in task order.
     *
     * @throws FoldFailedException when a fit fails on every attempt
     */
    @Override
    public List<FitOutcome> run(List<FitTask> batch, Local local, int threads) {
        if (batch.isEmpty()) {
            return List.of();
        }
        List<Group> groups = groups(batch, minTasksPerBatch);
        // a job group of its own, so that a harness that gives up on this batch (another outer split failed and its
        // waiting thread is interrupted) also stops the batch's tasks
        String jobGroup = "kernelkit-" + protocol.name() + "-" + System.identityHashCode(this) + "-"
                + jobs.incrementAndGet();
        jsc.setJobGroup(jobGroup, protocol.name() + ": " + batch.get(0) + (batch.size() > 1 ? " and "
                + (batch.size() - 1) + " more fits in " + groups.size() + " tasks" : ""), true);
        List<ShippedOutcome[]> shipped;
        try {
            shipped = jsc.parallelize(groups, groups.size()).map(new Perform<>(protocol, data)).collect();
        } catch (Exception e) {
            // the job failed (nothing left to stop) or its waiting thread was interrupted (Spark may wrap that):
            // either way no task of the group need run on
            jsc.cancelJobGroup(jobGroup);
            throw failure(e, batch);
        } finally {
            jsc.clearJobGroup();
        }
        FitOutcome[] out = new FitOutcome[batch.size()];
        double longest = 0;
        double sum = 0;
        for (int g = 0; g < groups.size(); g++) {
            int[] positions = groups.get(g).positions();
            ShippedOutcome[] outcomes = shipped.get(g);
            for (int i = 0; i < positions.length; i++) {
                out[positions[i]] = outcomes[i].outcome();
                longest = Math.max(longest, outcomes[i].fitSeconds());
                sum += outcomes[i].fitSeconds();
            }
        }
        tasks.addAndGet(groups.size());
        fits.addAndGet(batch.size());
        sumFitSeconds.add(sum);
        double batchLongest = longest;
        longestFitBits.accumulateAndGet(Double.doubleToLongBits(batchLongest),
                (a, b) -> Double.longBitsToDouble(a) >= Double.longBitsToDouble(b) ? a : b);
        return List.of(out);
    }

    /**
     * The tasks of a batch: the inner fits by (outer split, inner split), in the batch's order, each group cut
     * into equal runs until there are at least {@code minTasks} groups (or one fit per group); every final fit
     * alone.
     */
    static List<Group> groups(List<FitTask> batch, int minTasks) {
        Map<Long, List<Integer>> bySplit = new LinkedHashMap<>();
        List<List<Integer>> finals = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            FitTask t = batch.get(i);
            if (t.isFinal()) {
                finals.add(List.of(i));
            } else {
                bySplit.computeIfAbsent(((long) t.outerIndex() << 32) | t.innerIndex(), k -> new ArrayList<>()).add(i);
            }
        }
        int innerFits = batch.size() - finals.size();
        int pieces = bySplit.isEmpty() ? 1 : Math.max(1, (minTasks - finals.size() + bySplit.size() - 1) / bySplit.size());
        List<Group> out = new ArrayList<>();
        for (List<Integer> members : bySplit.values()) {
            int n = members.size();
            int k = Math.min(n, pieces);
            for (int p = 0; p < k; p++) {
                List<Integer> piece = members.subList(p * n / k, (p + 1) * n / k);
                out.add(Group.of(batch, piece));
            }
        }
        for (List<Integer> f : finals) {
            out.add(Group.of(batch, f));
        }
        assert out.stream().mapToInt(g -> g.positions().length).sum() == innerFits + finals.size();
        return out;
    }

    /** The Spark tasks this engine ran so far. */
    public long tasks() {
        return tasks.get();
    }

    /** The fits this engine made so far (inner and final). */
    public long fits() {
        return fits.get();
    }

    /**
     * The longest single fit so far, in seconds as measured on its executor (with the grid's shared work of its
     * inner split, if any, prepared for it): the run's critical path, had it an executor per fit.
     */
    public double longestFitSeconds() {
        return Double.longBitsToDouble(longestFitBits.get());
    }

    /**
     * The seconds of every fit so far added up, as measured on the executors (a grid's shared work counted once
     * per task that prepared it): the work a cluster divides among its cores.
     */
    public double sumFitSeconds() {
        return sumFitSeconds.sum();
    }

    /** The smallest number of tasks a batch of fits is cut into, when it has that many fits. */
    public int minTasksPerBatch() {
        return minTasksPerBatch;
    }

    /** The one-line failure of a job: the executor's own line when Spark kept it. */
    private RuntimeException failure(Exception e, List<FitTask> batch) {
        String marker = SparkFitException.class.getName() + ": ";
        String line = null;
        int outer = batch.get(0).outerIndex();
        for (Throwable t = e; t != null && line == null; t = t.getCause()) {
            if (t instanceof SparkFitException f) {
                line = f.getMessage();
                outer = f.outerIndex() < 0 ? outer : f.outerIndex();
            } else {
                String m = t.getMessage();
                int at = m == null ? -1 : m.indexOf(marker);
                if (at >= 0) {
                    int end = m.indexOf('\n', at);
                    line = m.substring(at + marker.length(), end < 0 ? m.length() : end);
                }
            }
        }
        if (line != null) {
            return FitEngine.failed(outer, new SparkFitException(line + " (failed on every attempt)", outer));
        }
        String first = String.valueOf(e.getMessage());
        int nl = first.indexOf('\n');
        return FitEngine.failed(outer, new SparkFitException(protocol.name() + ": the Spark job of " + batch.size()
                + " fits from " + batch.get(0) + " failed: " + (nl < 0 ? first : first.substring(0, nl)), outer));
    }

    /** Drops the broadcast data and every executor's prepared splits of it (those of this JVM now, the others'
     * as their caches evict them). */
    @Override
    public void close() {
        PreparedSplits.drop(data.id());
        data.destroy();
    }

    @Override
    public String toString() {
        return "Spark engine (" + protocol.name() + ", " + jsc.master() + ")";
    }

    /** One Spark task: fits of one outer split, all on one inner split (or one final fit). */
    static final class Group implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int outer;
        private final int inner;
        private final int[] points;
        /** The fits' positions in the batch (driver side only). */
        private final transient int[] positions;

        private Group(int outer, int inner, int[] points, int[] positions) {
            this.outer = outer;
            this.inner = inner;
            this.points = points;
            this.positions = positions;
        }

        static Group of(List<FitTask> batch, List<Integer> members) {
            FitTask first = batch.get(members.get(0));
            int[] points = new int[members.size()];
            int[] positions = new int[members.size()];
            for (int i = 0; i < points.length; i++) {
                positions[i] = members.get(i);
                points[i] = batch.get(positions[i]).pointIndex();
            }
            return new Group(first.outerIndex(), first.innerIndex(), points, positions);
        }

        /** The outer split. */
        int outer() {
            return outer;
        }

        /** The inner split, or {@link FitTask#FINAL}. */
        int inner() {
            return inner;
        }

        /** The grid points, in the batch's order. */
        int[] points() {
            return points;
        }

        /** The fits' positions in the batch. */
        int[] positions() {
            return positions;
        }
    }

    /**
     * What an executor runs for one task: the outer split prepared (or taken from this JVM's cache), then each
     * fit of the group.
     */
    private static final class Perform<X> implements Function<Group, ShippedOutcome[]> {
        private static final long serialVersionUID = 2L;
        private final Protocol<X> protocol;
        private final Broadcast<ShippedData> data;

        Perform(Protocol<X> protocol, Broadcast<ShippedData> data) {
            this.protocol = protocol;
            this.data = data;
        }

        @Override
        @SuppressWarnings("unchecked")
        public ShippedOutcome[] call(Group group) {
            FitTask task = new FitTask(group.outer(), group.inner(), group.points()[0]);
            try {
                ModelSelection<X>.PreparedSplit split = PreparedSplits.get(data.id(), group.outer(),
                        () -> protocol.selection().prepare((Dataset<X>) data.value().dataset(), group.outer()));
                ShippedOutcome[] out = new ShippedOutcome[group.points().length];
                long start = System.nanoTime();
                Object work = task.isFinal() ? null : split.sharedWork(group.inner());
                for (int i = 0; i < out.length; i++) {
                    task = new FitTask(group.outer(), group.inner(), group.points()[i]);
                    FitOutcome outcome = split.perform(task, work);
                    long end = System.nanoTime();
                    out[i] = new ShippedOutcome(outcome, (end - start) / 1e9);
                    start = end;
                }
                return out;
            } catch (RuntimeException e) {
                // the fold's own message names the split and the point; an error before the fit names the task
                String what = e.getMessage() != null && e.getMessage().startsWith("outer split ") ? e.getMessage()
                        : task + " failed: " + e;
                throw new SparkFitException(protocol.name() + ": " + what, group.outer());
            }
        }
    }

    /**
     * This JVM's prepared outer splits, by (broadcast, outer split): at most {@value #CAPACITY}, the least
     * recently used evicted first, each held softly (the collector may take it back under memory pressure).
     */
    static final class PreparedSplits {
        static final int CAPACITY = 2 * MAX_CONCURRENT_OUTER_SPLITS;

        private static final Map<List<Long>, Holder> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<List<Long>, Holder> eldest) {
                return size() > CAPACITY;
            }
        };

        private PreparedSplits() {
        }

        /** The prepared split, made by {@code make} unless this JVM holds it (made once even when asked at once). */
        @SuppressWarnings("unchecked")
        static <T> T get(long broadcast, int outer, Supplier<T> make) {
            Holder h;
            synchronized (CACHE) {
                h = CACHE.computeIfAbsent(List.of(broadcast, (long) outer), k -> new Holder());
            }
            return (T) h.get(make);
        }

        /** Forgets the splits of one broadcast. */
        static void drop(long broadcast) {
            synchronized (CACHE) {
                CACHE.keySet().removeIf(k -> k.get(0) == broadcast);
            }
        }

        /** How many splits this JVM holds (for tests). */
        static int size() {
            synchronized (CACHE) {
                return CACHE.size();
            }
        }

        /** One split, made on first use; a failed make is tried again by the next task. */
        private static final class Holder {
            private SoftReference<Object> value = new SoftReference<>(null);

            synchronized Object get(Supplier<?> make) {
                Object v = value.get();
                if (v == null) {
                    v = make.get();
                    value = new SoftReference<>(v);
                }
                return v;
            }
        }
    }
}
