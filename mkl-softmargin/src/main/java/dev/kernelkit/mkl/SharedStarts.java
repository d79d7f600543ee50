package dev.kernelkit.mkl;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.gram.BaseKernelMatrices;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmSolution;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The first SVM solves of the fits of a grid search on one set of training matrices, each solved once: SM1 at
 * every theta, SM2 at every theta, SimpleMKL and AveKernel all start with the SVM at uniform weights mu = 1/M
 * (Lp starts at M^(-1/p), keyed like any other start), so the fits of one C and one label vector share that
 * solve and its per-kernel products
 * ({@link BaseKernelMatrices#products}). The solve is deterministic, so a fit gets exactly the solution it would
 * have computed itself. SM2's larger-theta fits of one C also share one anchor fit near the L1-MKL end
 * ({@link #sm2Anchor}, {@link Sm2Anchor}), a deterministic function of C, the labels and the options, so the grid's
 * results do not depend on which thread computed it. Thread-safe: the grid's fits run in parallel
 * ({@link MklProtocol.Tuning#selection}).
 */
final class SharedStarts {
    private final BaseKernelMatrices matrices;
    private final ConcurrentHashMap<Key, Start> starts = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<AnchorKey, AnchorSlot> anchors = new ConcurrentHashMap<>();
    private final AtomicInteger anchorsComputed = new AtomicInteger();
    private final AtomicInteger solved = new AtomicInteger();
    /** Bytes of products the starts may keep; beyond it each fit computes its own, as without sharing. */
    private final long productsBudget;
    private final AtomicLong productsBytes = new AtomicLong();

    /** Shared starts keeping at most 1/8 of the maximum heap in products (M x n doubles each). */
    SharedStarts(BaseKernelMatrices matrices) {
        this(matrices, Runtime.getRuntime().maxMemory() / 8);
    }

    SharedStarts(BaseKernelMatrices matrices, long productsBudget) {
        this.matrices = Objects.requireNonNull(matrices, "matrices");
        if (productsBudget < 0) {
            throw new IllegalArgumentException("productsBudget must be >= 0, got " + productsBudget);
        }
        this.productsBudget = productsBudget;
    }

    /** Whether fits on these matrices may share this cache (it belongs to one set of matrices). */
    boolean serves(BaseKernelMatrices k) {
        return k == matrices;
    }

    /** How many distinct first solves were computed. */
    int solved() {
        return solved.get();
    }

    /** How many distinct SM2 anchors were computed. */
    int anchorsComputed() {
        return anchorsComputed.get();
    }

    /**
     * The SM2 anchor fit ({@link Sm2Anchor}) with the given options for labels y: computed by {@code compute} on first
     * use, by one thread while the others asking for it wait. Its options (theta, tolerance, C, solver) and y alone
     * determine it, so every fit gets the same anchor whichever thread computed it.
     */
    Sm2Anchor sm2Anchor(MklOptions options, double[] y, Supplier<Sm2Anchor> compute) {
        AnchorSlot slot = anchors.computeIfAbsent(new AnchorKey(options, new DenseVec(y)), key -> new AnchorSlot());
        synchronized (slot) {
            if (slot.anchor == null) {
                slot.anchor = Objects.requireNonNull(compute.get(), "anchor");
                anchorsComputed.incrementAndGet();
            }
            return slot.anchor;
        }
    }

    /** Bytes of products the starts keep. */
    long productsBytes() {
        return productsBytes.get();
    }

    /**
     * The start for weights mu, labels y, cost c and solver options: solved by {@code solve} on first use, by one
     * thread while the others asking for it wait.
     */
    Start get(double[] mu, double[] y, double c, SmoSolver.Options solver, Supplier<SvmSolution> solve) {
        Start start = starts.computeIfAbsent(new Key(c, solver, new DenseVec(mu), new DenseVec(y)), key -> new Start(this));
        start.solveOnce(solve);
        return start;
    }

    /** One shared first solve and, once asked for, its per-kernel products. */
    static final class Start {
        private final SharedStarts owner;
        private SvmSolution svm;
        private double[][][] products;
        private boolean productsDone;

        private Start(SharedStarts owner) {
            this.owner = owner;
        }

        private synchronized void solveOnce(Supplier<SvmSolution> solve) {
            if (svm == null) {
                svm = solve.get();
                owner.solved.incrementAndGet();
            }
        }

        synchronized SvmSolution svm() {
            return svm;
        }

        /**
         * The products, computed by {@code compute} on first use (null when the matrices do not provide them);
         * kept for the other fits while the owner's budget allows, else computed again for each.
         */
        synchronized double[][][] products(Supplier<double[][][]> compute) {
            if (productsDone) {
                return products;
            }
            double[][][] p = compute.get();
            long bytes = 0;
            if (p != null) {
                for (double[][] v : p) {
                    for (double[] row : v) {
                        bytes += 8L * row.length;
                    }
                }
            }
            if (owner.productsBytes.addAndGet(bytes) <= owner.productsBudget) {
                products = p;
                productsDone = true;
            } else {
                owner.productsBytes.addAndGet(-bytes);
            }
            return p;
        }
    }

    /** One anchor, computed once. */
    private static final class AnchorSlot {
        private Sm2Anchor anchor;
    }

    /** The anchor's options and labels, value-compared. */
    private record AnchorKey(MklOptions options, DenseVec y) {
    }

    /** mu and y as value-compared vectors ({@link DenseVec#equals}). */
    private record Key(double c, SmoSolver.Options solver, DenseVec mu, DenseVec y) {
    }
}
