package dev.kernelkit.spark.cvm;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
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
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * The core vector machine (two classes) whose training points stay in Spark partitions: the points
 * are cached on the executors as one block per partition and never collected; the driver runs the
 * one-machine core-set iteration ({@link CoreVectorMachine#fitDistributed}) and holds only the core
 * set, its weights and the ball, the points of the current sampling round, and one bit per point
 * (its class: the solver's sampling groups).
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
 * candidate is already held); per exact scan: one pass over the cached partitions.
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
     * @param seconds wall time of the fit
     */
    public record Cost(long points, int partitions, long rounds, long jobs, double jobSeconds, long fetched,
                       long fullScans, long scanned, double seconds) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d points in %d partitions: %d sampling rounds, %d Spark jobs (%.2f s), "
                            + "%d points fetched, %d exact passes (%d points scanned), %.2f s",
                    points, partitions, rounds, jobs, jobSeconds, fetched, fullScans, scanned, seconds);
        }
    }

    /** A fitted model and what it cost. */
    public record Fit(CvmModel model, Cost cost) {
    }

    /** Mutable counters of one run (driver side). */
    static final class Counter {
        long rounds;
        long jobs;
        long jobNanos;
        long fetched;
        long fullScans;
        long scanned;

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
     * Fits the two-class core vector machine on the rows (labels: exactly two distinct values; the
     * larger is the positive class, as for one machine).
     *
     * @throws IllegalArgumentException for no points, not two classes, a non-finite label or k(x, x),
     *         mixed dimensions, more than 2^31 - 1 points, or a kernel that does not survive its text
     *         form (the executors rebuild it from {@code Kernels.format})
     */
    public static Fit fit(JavaRDD<LabeledRow> rows, CvmOptions options, Settings settings) {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(settings, "settings");
        long start = System.nanoTime();
        Kernel<Vec> kernel = options.kernel();
        String spec = Kernels.format(kernel);
        if (!kernel.equals(Kernels.parse(spec))) {
            throw new IllegalArgumentException("kernel " + kernel + " cannot be shipped to the executors: its text form '"
                    + spec + "' reads back as another kernel");
        }
        JavaRDD<PointBlock> blocks = rows.mapPartitions(it -> List.of(PointBlock.of(it)).iterator(), true)
                .persist(settings.storage());
        try {
            return fit(blocks, kernel, spec, options, settings, start);
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

    private static Fit fit(JavaRDD<PointBlock> blocks, Kernel<Vec> kernel, String spec, CvmOptions options,
                           Settings settings, long start) {
        Counter cost = new Counter();
        PrintWriter log = settings.log();
        List<PartitionJobs.BlockStats> stats = cost.job(() -> PartitionJobs.stats(blocks, spec));
        int parts = stats.size();
        long[] offsets = new long[parts + 1];
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
        if (labels.length != 2) {
            throw new IllegalArgumentException("the Spark core vector machine needs exactly two classes, got "
                    + (labels.length > 2 ? "at least 3" : labels.length == 1 ? "only class " + labels[0] : "none"));
        }
        double negativeLabel = labels[0];
        List<long[]> bits = cost.job(() -> PartitionJobs.negativeBits(blocks, negativeLabel));
        BitSet negative = new BitSet((int) n);
        for (int q = 0; q < parts; q++) {
            BitSet b = BitSet.valueOf(bits.get(q));
            for (int p = b.nextSetBit(0); p >= 0; p = b.nextSetBit(p + 1)) {
                negative.set((int) (offsets[q] + p));
            }
        }
        double eta = maxDiag + 1 + 1.0 / options.c();
        if (log != null) {
            log.printf(Locale.ROOT, "spark cvm: %d points in %d partitions, dimension %d, classes %s / %s%n", n, parts,
                    dim, labels[0], labels[1]);
        }
        SparkTwoClassProblem problem = new SparkTwoClassProblem(blocks, offsets, negative, kernel, spec, labels[1],
                options.c(), eta, settings.heldPoints(),
                Math.min(settings.lookahead(), settings.heldPoints() / 4 / Math.max(1, options.coreSet().sampleSize())),
                cost);
        FitListener listener = log == null ? FitListener.SILENT : p -> log.printf(Locale.ROOT,
                "spark cvm round %d: R^2 %.6g, %d jobs, %d fetched, %d exact passes, %.2f s%n", p.iteration(),
                p.objective(), cost.jobs, cost.fetched, cost.fullScans, p.seconds());
        CvmModel model = CoreVectorMachine.fitDistributed(problem, eta, labels, dim, problem::vec, options, listener);
        Cost c = new Cost(n, parts, cost.rounds, cost.jobs, cost.jobNanos * 1e-9, cost.fetched, cost.fullScans, cost.scanned,
                (System.nanoTime() - start) * 1e-9);
        if (log != null) {
            log.println("spark cvm cost: " + c + ", core set " + model.machines().get(0).coreSize());
        }
        return new Fit(model, c);
    }
}
