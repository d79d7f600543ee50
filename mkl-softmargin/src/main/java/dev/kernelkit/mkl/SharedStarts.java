package dev.kernelkit.mkl;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmSolution;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The first SVM solves of the fits of a grid search on one set of training matrices, each solved once: SM1 at
 * every theta, SM2 at every theta, SimpleMKL, AveKernel (and Lp at p = 1) all start with the SVM at uniform weights
 * mu = 1/M, so the fits of one C and one label vector share that solve and its per-kernel products
 * ({@link BaseKernelMatrices#products}). The solve is deterministic, so a fit gets exactly the solution it would
 * have computed itself. Thread-safe: the grid's fits run in parallel ({@link MklProtocol#tuneReport}).
 */
final class SharedStarts {
    private final BaseKernelMatrices matrices;
    private final ConcurrentHashMap<Key, Start> starts = new ConcurrentHashMap<>();
    private final AtomicInteger solved = new AtomicInteger();

    SharedStarts(BaseKernelMatrices matrices) {
        this.matrices = Objects.requireNonNull(matrices, "matrices");
    }

    /** Whether fits on these matrices may share this cache (it belongs to one set of matrices). */
    boolean serves(BaseKernelMatrices k) {
        return k == matrices;
    }

    /** How many distinct first solves were computed. */
    int solved() {
        return solved.get();
    }

    /**
     * The start for weights mu, labels y, cost c and solver options: solved by {@code solve} on first use, by one
     * thread while the others asking for it wait.
     */
    Start get(double[] mu, double[] y, double c, SmoSolver.Options solver, Supplier<SvmSolution> solve) {
        Start start = starts.computeIfAbsent(new Key(c, solver, new DenseVec(mu), new DenseVec(y)), key -> new Start());
        start.solveOnce(solve, solved);
        return start;
    }

    /** One shared first solve and, once asked for, its per-kernel products. */
    static final class Start {
        private SvmSolution svm;
        private double[][][] products;
        private boolean productsDone;

        private synchronized void solveOnce(Supplier<SvmSolution> solve, AtomicInteger solved) {
            if (svm == null) {
                svm = solve.get();
                solved.incrementAndGet();
            }
        }

        synchronized SvmSolution svm() {
            return svm;
        }

        /** The products, computed by {@code compute} on first use (null when the matrices do not provide them). */
        synchronized double[][][] products(Supplier<double[][][]> compute) {
            if (!productsDone) {
                products = compute.get();
                productsDone = true;
            }
            return products;
        }
    }

    /** mu and y as value-compared vectors ({@link DenseVec#equals}). */
    private record Key(double c, SmoSolver.Options solver, DenseVec mu, DenseVec y) {
    }
}
