package dev.kernelkit.cli;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.SharedKernelMatrices;
import dev.kernelkit.util.MemoryBudget;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@link MemoryBudget} of each command family, called once at a command's start (after reading
 * the data, before training): the large arrays it will allocate, checked against the heap, and the
 * kernel-row cache sizes that fit it. Each estimate names what it counts; the arithmetic is that of
 * the allocating classes (cited per method).
 */
public final class MemoryEstimates {
    /** The SMO solver's default Q-row cache (SmoSolver.Options.defaults): 200 MiB. */
    public static final double DEFAULT_SVM_CACHE_MB = 200;

    private MemoryEstimates() {
    }

    /**
     * {@code svm train|cv}: the points, their dense row-major copy (CachedKernelMatrix, dense data
     * only), and per concurrent fit the solver's arrays (about 10 doubles per point) and one Q-row
     * cache of floats (SmoSolver). Returns the cache per fit in MiB: {@code requestedMb} when given,
     * else {@link #DEFAULT_SVM_CACHE_MB} shrunk to fit the heap.
     *
     * @param trainSize points of the largest training part (all of them for train)
     * @param concurrentFits SVM solves that may run at once
     * @throws IllegalArgumentException with the estimate and the -Xmx to use when the job cannot fit
     */
    public static double svm(String job, LabeledDataset data, int trainSize, Double requestedMb, int concurrentFits) {
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", pointsBytes(data.points()))
                .plus("a dense copy of the training points", denseCopyBytes(data.points(), trainSize))
                .plus("solver state of " + concurrentFits + " fit(s)", 80L * trainSize * concurrentFits);
        return withCache(b, requestedMb, concurrentFits, "kernel-row cache").cache;
    }

    /**
     * {@code mkl train|cv|compare}: the points, the linear Gram matrix that all-variable kernels share
     * (8 n^2), the M per-kernel matrices when they fit SharedKernelMatrices' default dense budget (8 M n^2, else
     * computed on demand), and one SVM Q-row cache of at most min(200 MiB, 4 n^2) (MklProtocol runs
     * more at once only while they fit half the heap).
     *
     * @param trainSize points of a training part
     * @param kernels M, the number of base kernels
     */
    public static void mkl(String job, LabeledDataset data, int trainSize, int kernels) {
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", pointsBytes(data.points()));
        b = plusKernelMatrices(b, trainSize, kernels);
        long cache = Math.min((long) (DEFAULT_SVM_CACHE_MB * (1 << 20)), 4L * trainSize * trainSize);
        b.plus("an SVM kernel-row cache", cache).check();
    }

    /**
     * {@code prototypes train|cv}: the points, the base-kernel matrices as for {@link #mkl}, and
     * IMKPL's two n x n work matrices (the combined kernel and the pair weights, ImkplState).
     */
    public static void prototypes(String job, LabeledDataset data, int trainSize, int kernels) {
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", pointsBytes(data.points()));
        b = plusKernelMatrices(b, trainSize, kernels);
        b.plus("IMKPL's combined kernel and pair weights, 2 x 8 n^2 for n = " + trainSize,
                2 * MemoryBudget.denseMatrixBytes(trainSize)).check();
    }

    /**
     * {@code sparse-mi train|cv|compare}: the instances, and per concurrent fit what the methods hold:
     * SparseMI, RSVM and RS an instance x expansion-vector matrix (8 N_inst N_XV) and a bag x XV one;
     * MI-Kernel the bag Gram matrix (8 B^2); mi-SVM, MI-SVM and MI-CCCP a dense instance Gram matrix
     * (8 N_inst^2; mi-SVM caches rows instead above 8,000 instances, counted as the SVM cache).
     *
     * @param trainFraction the share of bags in a training part (1 for train)
     * @param expansionVectors the largest N_XV
     * @param instanceGram whether a method with a dense instance Gram matrix runs
     * @param concurrentFits fits that may run at once
     */
    public static void sparseMi(String job, BagDataset data, double trainFraction, int expansionVectors,
                                boolean instanceGram, int concurrentFits) {
        double share = Double.isFinite(trainFraction) ? Math.min(1, Math.max(0, trainFraction)) : 1;
        long instances = (long) Math.ceil(data.instanceCount() * share);
        long bags = (long) Math.ceil(data.size() * share);
        long perFit = MemoryBudget.doublesBytes(instances + bags, expansionVectors) + MemoryBudget.denseMatrixBytes(bags);
        if (instanceGram) {
            perFit += instances <= 8000 ? MemoryBudget.denseMatrixBytes(instances)
                    : (long) (DEFAULT_SVM_CACHE_MB * (1 << 20));
        }
        MemoryBudget.of(job).plus("the data, " + data.instanceCount() + " instances", 20L * data.instanceCount() * data.dim())
                .plus(concurrentFits + " concurrent fit(s) on " + instances + " instances in " + bags + " bags",
                        saturating(perFit, concurrentFits))
                .check();
    }

    /**
     * {@code svm train|cv} on bags: the instances, their dense row-major copy (the instance matrix of
     * the lazy bag kernel matrix, BagKernelMatrix: the m x m bag matrix itself is never allocated), and
     * per concurrent fit the solver's arrays (about 10 doubles per bag) and one Q-row cache of floats
     * (SmoSolver). Returns the cache per fit in MiB as {@link #svm} does.
     *
     * @param trainBags bags of the largest training part (all of them for train)
     * @throws IllegalArgumentException with the estimate and the -Xmx to use when the job cannot fit
     */
    public static double bagSvm(String job, BagDataset data, int trainBags, Double requestedMb, int concurrentFits) {
        List<Vec> instances = instances(data);
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.instanceCount() + " instances in " + data.size()
                        + " bags", pointsBytes(instances))
                .plus("a dense copy of the instances", denseCopyBytes(instances, instances.size()))
                .plus("solver state of " + concurrentFits + " fit(s)", 80L * trainBags * concurrentFits);
        return withCache(b, requestedMb, concurrentFits, "kernel-row cache").cache;
    }

    /**
     * What a core vector machine run may hold: the core-set cap the run uses and the budget that holds it.
     *
     * @param maxCore the cap on the core set: min(--max-core, n), or less when that core-set matrix would
     *        not fit the heap and --max-core was not given
     * @param lowered whether the cap is below min(--max-core, n) because of the heap
     * @param budget the data, the row cache and the core-set matrix at min(--max-core, n) vectors (what the
     *        full cap needs, beyond the heap when {@code lowered})
     */
    public record CoreSetBudget(int maxCore, boolean lowered, MemoryBudget budget) {
        /** One line for a lowered cap (empty otherwise): how many core vectors fit and the -Xmx for the full cap. */
        public String note(int wanted) {
            if (!lowered) {
                return "";
            }
            return String.format(java.util.Locale.ROOT, "memory: the core-set matrix (4.5 |S|^2 bytes) fits at most %,d core "
                    + "vectors beside the data and the row cache in this heap; the core set stops there (a run that "
                    + "reaches it is reported unconverged); -Xmx%s holds %,d", maxCore, budget.suggestedXmx(), wanted);
        }
    }

    /**
     * {@code cvm train|cv} on points: see {@link #coreSet}.
     *
     * @param maxCore --max-core, or null when not given (the default 50,000, lowered to what fits)
     * @throws IllegalArgumentException with the estimate and the -Xmx to use when the data and the
     *         row cache alone do not fit, or a given --max-core's core-set matrix does not
     */
    public static CoreSetBudget cvm(String job, LabeledDataset data, double cacheMb, Integer maxCore) {
        return coreSet(job, "the data, " + data.size() + " points", pointsBytes(data.points())
                + denseCopyBytes(data.points(), data.size()), data.size(), cacheMb, maxCore);
    }

    /**
     * {@code cvm train --engine spark}: the driver holds no data, only the points it fetched (at most
     * {@code heldPoints} rows of dim doubles), one bit per point and machine (its classes) and one more for the
     * running search (its sampling groups; the search's other per-point state grows with the points it touches, as
     * the row cache); then as {@link #coreSet}.
     *
     * @param n the training points (counted on the executors)
     * @param machines the machines trained one after another (one bit per point each, held together)
     */
    public static CoreSetBudget sparkCvm(String job, long n, int dim, int machines, int heldPoints, double cacheMb,
                                         Integer maxCore) {
        long held = Math.min(n, heldPoints) * (8L * dim + 64);
        // each machine's classes, and the running search's sampling groups with their rank directory
        long bits = (machines + 1L) * ((n + 7) / 8) + 4 * (n / 4096 + 2);
        return coreSet(job, "the driver's fetched points (at most " + Math.min(n, heldPoints) + ") and two bits per "
                + "point and machine", held + bits, (int) Math.min(n, Integer.MAX_VALUE), cacheMb, maxCore);
    }

    /**
     * {@code cvm train|cv} on bags: the instances and their dense copy (the bag kernel matrix's
     * instance matrix; the m x m bag matrix is never allocated), then as {@link #coreSet}.
     */
    public static CoreSetBudget bagCvm(String job, BagDataset data, double cacheMb, Integer maxCore) {
        List<Vec> instances = instances(data);
        return coreSet(job, "the data, " + data.instanceCount() + " instances in " + data.size() + " bags",
                pointsBytes(instances) + denseCopyBytes(instances, instances.size()), data.size(), cacheMb,
                maxCore);
    }

    /** The default --max-core of the cvm commands (LibCVM's -f). */
    public static final int DEFAULT_MAX_CORE = 50_000;

    /**
     * The core vector machine's memory, estimated before anything is allocated: the data, the kernel-row
     * cache (CoreSetSolver's KernelRowCache: float rows of the points against the core set, at most
     * {@code cacheMb} and half the heap, and at most 4 n |S| bytes) and the core-set matrix, 4.5 |S|^2 bytes
     * for |S| core vectors (GrowingDualProblem's float rows with a quarter head room). The core set grows
     * to at most S = min(--max-core, n) vectors; the matrix is counted at S, so that the run cannot run
     * out of heap however far its core set grows. When that matrix does not fit beside the rest and
     * --max-core was not given, S is lowered to the largest core set that fits (announced by
     * {@link CoreSetBudget#note}); a given --max-core that does not fit stops the job with the estimate.
     *
     * @throws IllegalArgumentException with the estimate and the -Xmx to use when the job cannot fit
     */
    static CoreSetBudget coreSet(String job, String dataWhat, long dataBytes, int n, double cacheMb, Integer maxCore) {
        return coreSet(MemoryBudget.of(job), dataWhat, dataBytes, n, cacheMb, maxCore);
    }

    private static CoreSetBudget coreSet(MemoryBudget empty, String dataWhat, long dataBytes, int n, double cacheMb,
                                         Integer maxCore) {
        MemoryBudget b = empty.plus(dataWhat, dataBytes);
        int wanted = Math.min(maxCore == null ? DEFAULT_MAX_CORE : maxCore, n);
        long cache = (long) Math.min(cacheMb * (1 << 20), MemoryBudget.CACHE_SHARE * b.maxHeapBytes());
        b = b.plus("the kernel-row cache", Math.min(cache, 4L * n * wanted));
        b.check();
        double room = MemoryBudget.USABLE_SHARE * b.maxHeapBytes() - b.bytes();
        int fit = (int) Math.min(n, Math.floor(Math.sqrt(Math.max(0, room) / 4.5)));
        int s = wanted;
        boolean lowered = false;
        if (wanted > fit && maxCore == null) {
            s = Math.max(2, fit);
            lowered = true;
        }
        MemoryBudget all = b.plus("the core-set matrix at its largest, " + s + " core vectors (4.5 |S|^2)",
                (long) Math.ceil(4.5 * s * (double) s));
        if (!lowered) {
            all.check();
        }
        return new CoreSetBudget(s, lowered, lowered ? b.plus("the core-set matrix at " + wanted + " core vectors",
                (long) Math.ceil(4.5 * wanted * (double) wanted)) : all);
    }

    /** The bytes of a LIBSVM file read to estimate the rest: its first MiB. */
    static final int SAMPLE_BYTES = 1 << 20;

    /**
     * {@code cvm train|cv} on a LIBSVM file, before reading it: its points estimated from the file's size and its
     * first MiB (lines and largest feature index; the whole file when smaller), read densely as the command reads
     * them, then as {@link #coreSet} without lowering anything. So a file that cannot fit stops at once with the
     * estimate, instead of running out of heap while it is read.
     *
     * @throws IllegalArgumentException with the estimate, the -Xmx to use and the Spark engine, when the points and
     *         the row cache cannot fit
     */
    public static void cvmFile(String job, Path file, double cacheMb, Integer maxCore) throws IOException {
        cvmFile(MemoryBudget.of(job), file, cacheMb, maxCore);
    }

    /** As {@link #cvmFile(String, Path, double, Integer)} against a given heap (tests). */
    static void cvmFile(MemoryBudget empty, Path file, double cacheMb, Integer maxCore) throws IOException {
        long size = Files.size(file);
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(SAMPLE_BYTES);
        }
        int end = head.length;
        if (size > head.length) {
            // whole lines only
            while (end > 0 && head[end - 1] != '\n') {
                end--;
            }
        }
        long lines = 0;
        int maxIndex = 0;
        for (String line : new String(head, 0, end, StandardCharsets.UTF_8).split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            lines++;
            int colon = t.lastIndexOf(':');
            if (colon > 0) {
                int from = t.lastIndexOf(' ', colon) + 1;
                try {
                    maxIndex = Math.max(maxIndex, Integer.parseInt(t.substring(from, colon)));
                } catch (NumberFormatException e) {
                    // the reader reports the line; the estimate only counts
                }
            }
        }
        if (lines == 0 || end == 0) {
            return;
        }
        long n = (long) Math.ceil(lines * (double) size / end);
        int dim = Math.max(1, maxIndex);
        String what = String.format(Locale.ROOT, "the data, about %,d points of %d features (from the file's size, "
                + "%s, and its first %s)", n, dim, end == size ? "read whole" : mibOf(size), mibOf(end));
        try {
            coreSet(empty, what, MemoryBudget.pointsBytes(n, saturating(n, dim)) + MemoryBudget.doublesBytes(n, dim), (int) Math.min(n, Integer.MAX_VALUE), cacheMb, maxCore);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; or keep the points on the executors: "
                    + "spark/bin/kernelkit-spark " + empty.job() + " --engine spark");
        }
    }

    private static String mibOf(long bytes) {
        return String.format(Locale.ROOT, "%,.1f MiB", bytes / (double) (1 << 20));
    }

    private static List<Vec> instances(BagDataset data) {
        List<Vec> out = new ArrayList<>(data.instanceCount());
        for (Bag bag : data.bags()) {
            out.addAll(bag.instances());
        }
        return out;
    }

    /** {@code bench gram}: our Gram matrix and the naive reference's (8 n^2 each), and the n x d points. */
    public static void gram(String job, int n, int d, boolean naive) {
        MemoryBudget.of(job).plus("the points, " + n + " x " + d, MemoryBudget.doublesBytes(n, d))
                .plus("the Gram matrix, 8 n^2 for n = " + n, MemoryBudget.denseMatrixBytes(n))
                .plus("the naive reference's Gram matrix", naive ? MemoryBudget.denseMatrixBytes(n) : 0)
                .check();
    }

    /** The cache size and the budget that holds it. */
    record Cached(double cache, MemoryBudget budget) {
    }

    /**
     * Adds {@code count} caches to the budget: of {@code requestedMb} each when given (the user's
     * choice, checked), else the default shrunk to fit; then checks.
     */
    static Cached withCache(MemoryBudget b, Double requestedMb, int count, String what) {
        double mb = requestedMb != null ? requestedMb : b.cacheMb(DEFAULT_SVM_CACHE_MB, count);
        MemoryBudget all = b.plusCaches(count + " x " + what + " of " + (long) Math.ceil(mb) + " MiB", mb, count);
        all.check();
        return new Cached(mb, all);
    }

    private static MemoryBudget plusKernelMatrices(MemoryBudget b, int n, int kernels) {
        long dense = MemoryBudget.denseMatricesBytes(kernels, n);
        b = b.plus("the shared linear Gram matrix, 8 n^2 for n = " + n, MemoryBudget.denseMatrixBytes(n));
        if (dense <= SharedKernelMatrices.defaultDenseBudgetBytes()) {
            b = b.plus(kernels + " per-kernel matrices, 8 M n^2", dense);
        }
        return b;
    }

    /** {@link MemoryBudget#pointsBytes} of these points (their count and stored entries). */
    private static long pointsBytes(List<? extends Vec> points) {
        long stored = 0;
        for (Vec v : points) {
            stored += v.storedCount();
        }
        return MemoryBudget.pointsBytes(points.size(), stored);
    }

    private static long denseCopyBytes(List<Vec> points, int n) {
        if (points.isEmpty() || !(points.get(0) instanceof DenseVec)) {
            return 0;
        }
        return MemoryBudget.doublesBytes(n, points.get(0).dim());
    }

    private static long saturating(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
