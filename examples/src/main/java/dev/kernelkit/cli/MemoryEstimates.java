package dev.kernelkit.cli;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.SharedKernelMatrices;
import dev.kernelkit.util.MemoryBudget;
import java.util.List;

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
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", MemoryBudget.pointsBytes(data.points()))
                .plus("a dense copy of the training points", denseCopyBytes(data.points(), trainSize))
                .plus("solver state of " + concurrentFits + " fit(s)", 80L * trainSize * concurrentFits);
        return withCache(b, requestedMb, concurrentFits, "kernel-row cache").cache;
    }

    /**
     * {@code mkl train|cv|compare}: the points, the linear Gram matrix that all-variable kernels share
     * (8 n^2), the M per-kernel matrices when they fit SharedKernelMatrices' dense budget (8 M n^2, else
     * computed on demand), and one SVM Q-row cache of at most min(200 MiB, 4 n^2) (MklProtocol runs
     * more at once only while they fit half the heap).
     *
     * @param trainSize points of a training part
     * @param kernels M, the number of base kernels
     */
    public static void mkl(String job, LabeledDataset data, int trainSize, int kernels) {
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", MemoryBudget.pointsBytes(data.points()));
        b = plusKernelMatrices(b, trainSize, kernels);
        long cache = Math.min((long) (DEFAULT_SVM_CACHE_MB * (1 << 20)), 4L * trainSize * trainSize);
        b.plus("an SVM kernel-row cache", cache).check();
    }

    /**
     * {@code prototypes train|cv}: the points, the base-kernel matrices as for {@link #mkl}, and
     * IMKPL's two n x n work matrices (the combined kernel and the pair weights, ImkplState).
     */
    public static void prototypes(String job, LabeledDataset data, int trainSize, int kernels) {
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", MemoryBudget.pointsBytes(data.points()));
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
     * {@code cvm train|cv}: the points and the kernel-row cache (CoreSetSolver's KernelRowCache, at
     * most half the heap); the core-set matrix (4.5 |S|^2 bytes) grows with the core set, which is
     * not known in advance, and is counted only up to {@code --max-core} when that cap is below the
     * data size.
     */
    public static void cvm(String job, LabeledDataset data, double cacheMb, int maxCore) {
        MemoryBudget b = MemoryBudget.of(job).plus("the data, " + data.size() + " points", MemoryBudget.pointsBytes(data.points()));
        long cache = (long) Math.min(cacheMb * (1 << 20), MemoryBudget.CACHE_SHARE * b.maxHeapBytes());
        long s = Math.min(maxCore, data.size());
        b = b.plus("the kernel-row cache", Math.min(cache, 4L * data.size() * s));
        if (maxCore < data.size()) {
            b = b.plus("the core-set matrix at --max-core " + maxCore, (long) (4.5 * s * s));
        }
        b.check();
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
        if (dense <= SharedKernelMatrices.DEFAULT_DENSE_BUDGET_BYTES) {
            b = b.plus(kernels + " per-kernel matrices, 8 M n^2", dense);
        }
        return b;
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
