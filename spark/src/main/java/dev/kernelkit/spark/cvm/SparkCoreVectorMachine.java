package dev.kernelkit.spark.cvm;

import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.cvm.OneClassCvmOptions;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.learn.FitListener;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * The core vector machine (two classes, or more one-vs-rest; {@link #fitBvm}: the ball vector machine; {@link #fitOneClass}: the
 * one-class CVM) whose training points
 * stay in Spark partitions: the points are cached on the executors as one block per partition and
 * never collected; the driver runs the one-machine core-set iteration
 * ({@link CoreVectorMachine#fitDistributed}, {@link OneClassCvm#fitDistributed}) and holds only the
 * core set, its weights and the ball, the points it fetched (at most {@link Settings#heldPoints}), the
 * row cache and flags of the points the search touched (hashed by index), and two bits per point (its class
 * per machine, and the running search's sampling groups with a rank directory): about 0.3 bytes per point
 * (2.5 MB for 10^7 points), not the 18 bytes of the one-machine search's arrays.
 *
 * <p>Same answer as one machine: the solver draws the sampling candidates on the driver, as global
 * indices (input order, located in partitions by prefix offsets) from the one-machine random stream
 * of the same seed; a round's candidates are fetched by one job and their distances computed on the
 * driver with the one-machine arithmetic; the exact scans over all points (the final check, the
 * furthest pair without sampling) are one job each, computing every distance term for term as the
 * one-machine solver does, the first largest index winning ties. So on the same points in the same
 * order with the same options the core set, weights and model equal {@link CoreVectorMachine#fit}'s.
 *
 * <p>Why candidates travel to the driver rather than the core set to the executors: a round needs
 * 59-60 points but the core set grows to hundreds; fetching the candidates moves less and keeps the
 * driver's arithmetic the one-machine code's. Cost per sampling round: one small job (none when every
 * candidate is already held); per exact scan: one pass over the cached partitions, which computes the kernel
 * columns of the core points added since the last pass and reuses the ones the executors kept (within the
 * options' kernel-row cache size per executor JVM; {@link ScanColumns}).
 */
public final class SparkCoreVectorMachine {
    private SparkCoreVectorMachine() {
    }

    /**
     * How the points are kept and how much the driver holds.
     *
     * @param storage the storage level of the cached partition blocks ({@code NONE}: every job reads
     *        the input again)
     * @param heldPoints the most points the driver keeps (candidates and core points; refetched when evicted)
     * @param lookahead the sampling rounds whose forecast candidates a fetch brings along (0: each round
     *        that misses is one job); at most heldPoints / 4 candidates
     * @param log where progress per round and the cost go, or null for silence
     */
    public record Settings(StorageLevel storage, int heldPoints, int lookahead, PrintWriter log) {
        /** Checks the bounds. */
        public Settings {
            Objects.requireNonNull(storage, "storage");
            if (heldPoints < 1) {
                throw new IllegalArgumentException("heldPoints must be >= 1, got " + heldPoints);
            }
            if (lookahead < 0) {
                throw new IllegalArgumentException("lookahead must be >= 0, got " + lookahead);
            }
        }

        /** Memory-and-disk blocks, 50,000 held points, 128 rounds of lookahead, silent. */
        public static Settings defaults() {
            return new Settings(StorageLevel.MEMORY_AND_DISK(), 50_000, 128, null);
        }

        /** The same settings logging to {@code out}. */
        public Settings withLog(PrintWriter out) {
            return new Settings(storage, heldPoints, lookahead, out);
        }

        /** The same settings with another storage level. */
        public Settings withStorage(StorageLevel value) {
            return new Settings(value, heldPoints, lookahead, log);
        }

        /** The same settings with another lookahead. */
        public Settings withLookahead(int rounds) {
            return new Settings(storage, heldPoints, rounds, log);
        }
    }

    /**
     * The cost of a run.
     *
     * @param points n
     * @param partitions the partitions of the data
     * @param rounds sampling rounds (each a batch of candidates)
     * @param jobs Spark jobs (setup passes, fetches, scans)
     * @param jobSeconds the wall time spent in those jobs (the rest is the driver's solver)
     * @param fetched points fetched to the driver
     * @param fullScans exact passes over all points
     * @param scanned points whose distance was computed on the executors (n per exact pass)
     * @param columnsComputed kernel columns (a core point against a partition's points) the exact passes computed
     * @param columnsReused kernel columns the exact passes found kept on the executors from an earlier pass
     * @param seconds wall time of the fit
     */
    public record Cost(long points, int partitions, long rounds, long jobs, double jobSeconds, long fetched,
                       long fullScans, long scanned, long columnsComputed, long columnsReused, double seconds) {
        @Override
        public String toString() {
            String columns = fullScans == 0 ? "" : String.format(Locale.ROOT, "; kernel columns per partition: %d "
                    + "computed, %d kept on the executors from earlier passes", columnsComputed, columnsReused);
            return String.format(Locale.ROOT, "%d points in %d partitions: %d sampling rounds, %d Spark jobs (%.2f s), "
                            + "%d points fetched, %d exact passes (%d points scanned%s), %.2f s",
                    points, partitions, rounds, jobs, jobSeconds, fetched, fullScans, scanned, columns, seconds);
        }
    }

    /** A fitted model and what it cost. */
    public record Fit(CvmModel model, Cost cost) {
    }

    /** A fitted one-class model and what it cost. */
    public record OneClassFit(OneClassCvmModel model, Cost cost) {
    }

    /** Mutable counters of one run (driver side). */
    static final class Counter {
        long rounds;
        long jobs;
        long jobNanos;
        long fetched;
        long fullScans;
        long scanned;
        long columnsComputed;
        long columnsReused;

        /** Adds another counter's counts (a pair's setup jobs) to this one. */
        void add(Counter other) {
            rounds += other.rounds;
            jobs += other.jobs;
            jobNanos += other.jobNanos;
            fetched += other.fetched;
            fullScans += other.fullScans;
            scanned += other.scanned;
            columnsComputed += other.columnsComputed;
            columnsReused += other.columnsReused;
        }

        /** Runs one Spark job, counting it and its wall time. */
        <T> T job(java.util.function.Supplier<T> action) {
            long t0 = System.nanoTime();
            jobs++;
            try {
                return action.get();
            } finally {
                jobNanos += System.nanoTime() - t0;
            }
        }
    }

    /**
     * Fits the core vector machine on the rows: two classes (the larger label is the positive class, as for one
     * machine), or more by one-vs-rest (a machine per class, each over all the points) or one-vs-one (a machine per
     * pair of classes over the pair's points, fitted one pair after the other over views of the cached blocks).
     *
     * @throws IllegalArgumentException for no points, one class, a non-finite label or k(x, x),
     *         mixed dimensions, more than 2^31 - 1 points, or a kernel that does not survive its text
     *         form (the executors rebuild it from {@code Kernels.format})
     */
    public static Fit fit(JavaRDD<LabeledRow> rows, CvmOptions options, Settings settings) {
        return fitTwoClass(rows, options, settings, false);
    }

    /**
     * Fits the two-class ball vector machine on the rows, as {@link BallVectorMachine#fit} on the same points in the
     * same order: its sampling rounds fetch their candidates in one job each (the iteration draws them from a
     * random stream that cannot be forecast, so no lookahead); an exact scan (the JMLR reference's final full scan,
     * or no sampling) is one pass over the partitions for the points outside the core set.
     *
     * @throws IllegalArgumentException as {@link #fit}, and for a k(x, x) that is not constant
     */
    public static Fit fitBvm(JavaRDD<LabeledRow> rows, CvmOptions options, Settings settings) {
        Objects.requireNonNull(options, "options");
        return fitTwoClass(rows, options, settings, true);
    }

    private static Fit fitTwoClass(JavaRDD<LabeledRow> rows, CvmOptions options, Settings settings, boolean bvm) {
        Objects.requireNonNull(options, "options");
        return cached(rows, options.kernel(), settings, (blocks, spec, start) -> {
            Setup s = setup(blocks, spec, settings, true);
            if (s.labels().length > PartitionJobs.LABELS - 1) {
                throw new IllegalArgumentException("at most " + (PartitionJobs.LABELS - 1) + " classes on Spark, got more");
            }
            if (bvm && s.maxDiag() - s.minDiag() > 1e-12 * Math.max(1.0, Math.abs(s.maxDiag()))) {
                throw new IllegalArgumentException("the ball vector machine needs a kernel with constant k(x, x), got "
                        + "values from " + s.minDiag() + " to " + s.maxDiag() + " (" + options.kernel() + ")");
            }
            Counter cost = s.cost();
            double[] labels = s.labels();
            PrintWriter log = settings.log();
            if (log != null) {
                log.printf(Locale.ROOT, "spark %s: %d points in %d partitions, dimension %d, classes %s%n",
                        bvm ? "bvm" : "cvm", s.n(), s.parts(), s.dim(), Arrays.toString(labels));
            }
            boolean ovo = labels.length > 2 && options.multiClass() == CvmOptions.MultiClass.ONE_VS_ONE;
            List<CoreVectorMachine.DistributedMachine> machines = ovo
                    ? pairMachines(blocks, spec, s, options, settings)
                    : wholeMachines(blocks, spec, s, options, settings);
            CvmModel model = bvm
                    ? BallVectorMachine.fitDistributed(machines, labels, s.dim(), options, listener(log, cost))
                    : CoreVectorMachine.fitDistributed(machines, labels, s.dim(), options, listener(log, cost));
            Cost c = s.cost(start);
            if (log != null) {
                log.println("spark " + (bvm ? "bvm" : "cvm") + " cost: " + c + (ovo ? ", " + machines.size()
                        + " one-vs-one machines" : ", core set " + model.machines().get(0).coreSize()));
            }
            return new Fit(model, c);
        });
    }

    /**
     * Fits the one-class core vector machine (the ball around the rows; labels are ignored), as
     * {@link OneClassCvm#fit} on the same points in the same order.
     *
     * @throws IllegalArgumentException for no points, a non-finite k(x, x), mixed dimensions, more than
     *         2^31 - 1 points, or a kernel that does not survive its text form
     */
    public static OneClassFit fitOneClass(JavaRDD<LabeledRow> rows, OneClassCvmOptions options, Settings settings) {
        Objects.requireNonNull(options, "options");
        return cached(rows, options.kernel(), settings, (blocks, spec, start) -> {
            Setup s = setup(blocks, spec, settings, false);
            PrintWriter log = settings.log();
            if (log != null) {
                log.printf(Locale.ROOT, "spark one-class cvm: %d points in %d partitions, dimension %d%n", s.n(),
                        s.parts(), s.dim());
            }
            SparkMebProblem problem = new SparkMebProblem(blocks, s.offsets(), null, options.kernel(), spec, 0.0,
                    options.c(), 0.0, settings.heldPoints(), lookahead(settings, options.coreSet()),
                    options.coreSet().cacheMb(), s.cost());
            OneClassCvmModel model = OneClassCvm.fitDistributed(problem, s.dim(), problem::vec, options,
                    listener(log, s.cost()));
            Cost c = s.cost(start);
            if (log != null) {
                log.println("spark one-class cvm cost: " + c + ", support vectors " + model.supportVectors().size());
            }
            return new OneClassFit(model, c);
        });
    }

    /**
     * Two classes (one machine, positive labels[1]) or one-vs-rest (machine c, positive labels[c]): each over all the
     * points of the cached blocks, with the data's offset eta.
     */
    private static List<CoreVectorMachine.DistributedMachine> wholeMachines(JavaRDD<PointBlock> blocks, String spec,
                                                                            Setup s, CvmOptions options,
                                                                            Settings settings) {
        double[] labels = s.labels();
        double eta = s.maxDiag() + 1 + 1.0 / options.c();
        List<CoreVectorMachine.DistributedMachine> machines = new java.util.ArrayList<>();
        for (int m = 0; m < (labels.length == 2 ? 1 : labels.length); m++) {
            double positive = labels[labels.length == 2 ? 1 : m];
            BitSet negative = negatives(blocks, s, positive, s.cost());
            SparkMebProblem problem = new SparkMebProblem(blocks, s.offsets(), negative, options.kernel(), spec,
                    positive, options.c(), eta, settings.heldPoints(), lookahead(settings, options.coreSet()),
                    options.coreSet().cacheMb(), s.cost());
            machines.add(new CoreVectorMachine.DistributedMachine(problem, eta, problem::vec, UnaryOperator.identity()));
        }
        return machines;
    }

    /**
     * One-vs-one: a machine per pair of classes k &lt; l (class l positive), each over the pair's points in data
     * order, as one machine makes them: their blocks are views of the cached blocks ({@link PointBlock#pair}), their
     * offset eta from the pair's largest k(x, x), their core points mapped back to the data's indices.
     */
    private static List<CoreVectorMachine.DistributedMachine> pairMachines(JavaRDD<PointBlock> blocks, String spec,
                                                                           Setup s, CvmOptions options,
                                                                           Settings settings) {
        double[] labels = s.labels();
        long[] offsets = s.offsets();
        Counter cost = s.cost();
        List<CoreVectorMachine.DistributedMachine> machines = new java.util.ArrayList<>();
        for (int k = 0; k < labels.length; k++) {
            for (int l = k + 1; l < labels.length; l++) {
                double negativeLabel = labels[k];
                double positive = labels[l];
                JavaRDD<PointBlock> pair = blocks.mapPartitionsWithIndex((q, it) -> it.hasNext()
                        ? List.of(it.next().pair(negativeLabel, positive, offsets[q])).iterator()
                        : java.util.Collections.<PointBlock>emptyIterator(), true);
                Setup ps = setup(pair, spec, settings, true);
                cost.add(ps.cost());
                BitSet negative = negatives(pair, ps, positive, cost);
                double eta = ps.maxDiag() + 1 + 1.0 / options.c();
                SparkMebProblem problem = new SparkMebProblem(pair, ps.offsets(), negative, options.kernel(), spec,
                        positive, options.c(), eta, settings.heldPoints(), lookahead(settings, options.coreSet()),
                        options.coreSet().cacheMb(), cost);
                machines.add(new CoreVectorMachine.DistributedMachine(problem, eta, problem::vec,
                        problem::dataIndices));
            }
        }
        return machines;
    }

    /** The points (global indices) whose label is not {@code positive}: one job, one bit per point. */
    private static BitSet negatives(JavaRDD<PointBlock> blocks, Setup s, double positive, Counter cost) {
        List<long[]> bits = cost.job(() -> PartitionJobs.negativeBits(blocks, positive));
        BitSet negative = new BitSet((int) s.n());
        for (int q = 0; q < s.parts(); q++) {
            BitSet b = BitSet.valueOf(bits.get(q));
            for (int p = b.nextSetBit(0); p >= 0; p = b.nextSetBit(p + 1)) {
                negative.set((int) (s.offsets()[q] + p));
            }
        }
        return negative;
    }

    /** A fit over the cached blocks of the rows. */
    @FunctionalInterface
    private interface BlockFit<T> {
        T fit(JavaRDD<PointBlock> blocks, String kernelSpec, long start);
    }

    /**
     * Caches the rows as one block per partition, runs the fit over them and unpersists them; a bad row found on
     * an executor is its one line.
     */
    private static <T> T cached(JavaRDD<LabeledRow> rows, Kernel<Vec> kernel, Settings settings, BlockFit<T> fit) {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(settings, "settings");
        long start = System.nanoTime();
        String spec = Kernels.format(kernel);
        if (!kernel.equals(Kernels.parse(spec))) {
            throw new IllegalArgumentException("kernel " + kernel + " cannot be shipped to the executors: its text form '"
                    + spec + "' reads back as another kernel");
        }
        JavaRDD<PointBlock> blocks = rows.mapPartitions(it -> List.of(PointBlock.of(it)).iterator(), true)
                .persist(settings.storage());
        try {
            return fit.fit(blocks, spec, start);
        } catch (Exception e) {
            String bad = BadRowException.find(e);
            if (bad != null) {
                throw new IllegalArgumentException(bad);
            }
            throw e;
        } finally {
            blocks.unpersist(false);
        }
    }

    /** What the setup pass found: the partitions' offsets, n, the dimension, max k(x, x), the labels, the counters. */
    private record Setup(long[] offsets, int parts, long n, int dim, double minDiag, double maxDiag, double[] labels,
                         Counter cost) {
        Cost cost(long start) {
            return new Cost(n, parts, cost.rounds, cost.jobs, cost.jobNanos * 1e-9, cost.fetched, cost.fullScans,
                    cost.scanned, cost.columnsComputed, cost.columnsReused, (System.nanoTime() - start) * 1e-9);
        }
    }

    /** The forecast rounds a fetch brings along: at most heldPoints / 4 candidates. */
    private static int lookahead(Settings settings, dev.kernelkit.cvm.CoreSetOptions coreSet) {
        return Math.min(settings.lookahead(), settings.heldPoints() / 4 / Math.max(1, coreSet.sampleSize()));
    }

    private static FitListener listener(PrintWriter log, Counter cost) {
        return log == null ? FitListener.SILENT : p -> log.printf(Locale.ROOT,
                "spark cvm round %d: R^2 %.6g, %d jobs, %d fetched, %d exact passes, %.2f s%n", p.iteration(),
                p.objective(), cost.jobs, cost.fetched, cost.fullScans, p.seconds());
    }

    /**
     * The setup pass: counts, offsets, the dimension, min and max k(x, x) and the labels.
     *
     * @throws IllegalArgumentException for no points, a non-finite label or k(x, x), mixed dimensions, more than
     *         2^31 - 1 points, or (classification) fewer than two classes
     */
    private static Setup setup(JavaRDD<PointBlock> blocks, String spec, Settings settings, boolean classification) {
        Counter cost = new Counter();
        List<PartitionJobs.BlockStats> stats = cost.job(() -> PartitionJobs.stats(blocks, spec));
        int parts = stats.size();
        long[] offsets = new long[parts + 1];
        double minDiag = Double.POSITIVE_INFINITY;
        double maxDiag = Double.NEGATIVE_INFINITY;
        int dim = -1;
        double[] labels = new double[0];
        for (int q = 0; q < parts; q++) {
            PartitionJobs.BlockStats s = stats.get(q);
            offsets[q + 1] = offsets[q] + s.count();
            if (s.badDiagAt() >= 0) {
                long i = offsets[q] + s.badDiagAt();
                throw new IllegalArgumentException("point " + i + ": label and k(x, x) must be finite, got "
                        + s.badDiag());
            }
            if (s.count() == 0) {
                continue;
            }
            if (dim < 0) {
                dim = s.minDim();
            }
            if (s.minDim() != dim || s.maxDim() != dim) {
                throw new IllegalArgumentException("points must share one dimension, found " + dim + " and "
                        + (s.minDim() != dim ? s.minDim() : s.maxDim()) + " (partition " + q + ")");
            }
            minDiag = Math.min(minDiag, s.minDiag());
            maxDiag = Math.max(maxDiag, s.maxDiag());
            for (double l : s.labels()) {
                if (Arrays.stream(labels).noneMatch(x -> x == l)) {
                    labels = Arrays.copyOf(labels, labels.length + 1);
                    labels[labels.length - 1] = l;
                }
            }
        }
        long n = offsets[parts];
        if (n == 0) {
            throw new IllegalArgumentException("the training data has no points");
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("at most " + Integer.MAX_VALUE + " points, got " + n);
        }
        Arrays.sort(labels);
        if (classification && labels.length < 2) {
            throw new IllegalArgumentException("classification needs at least two classes, got only "
                    + (labels.length == 1 ? "class " + labels[0] : "no points"));
        }
        return new Setup(offsets, parts, n, dim, minDiag, maxDiag, labels, cost);
    }
}
