package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Runs a caller's fold function over given train/test splits (from {@link Splits}), in parallel
 * over folds on a bounded pool (by default min(available processors, folds) threads). Results come
 * back in fold order regardless of scheduling, so a parallel run returns exactly what a sequential
 * run ({@code threads = 1}) returns for a deterministic fold function. When folds fail, a
 * {@link FoldFailedException} naming the lowest-numbered failing fold is thrown (with the fold's
 * exception as cause) and the remaining folds are cancelled. For learners of the contract,
 * {@link ModelSelection} runs the whole protocol (splits, preprocessing, inner search, repeats).
 */
public final class CrossValidation {

    private CrossValidation() {
    }

    /**
     * The work done on one fold: train on {@code trainIdx}, evaluate on {@code testIdx}. Called
     * concurrently for different folds, so it must not mutate shared state. The index arrays are
     * the fold's own copies.
     *
     * @param <R> what a fold returns (for example a {@link FoldResult})
     */
    @FunctionalInterface
    public interface FoldFunction<R> {
        /**
         * @param trainIdx sorted training indices
         * @param testIdx sorted test indices
         * @param foldIndex 0-based index of the split
         */
        R apply(int[] trainIdx, int[] testIdx, int foldIndex) throws Exception;
    }

    /** Runs every split with the default number of threads. */
    public static <R> List<R> run(List<Splits.Split> splits, FoldFunction<R> fold) {
        return run(splits, fold, defaultThreads(splits.size()));
    }

    /**
     * Runs every split on {@code threads} threads (1 = sequentially in the calling thread).
     *
     * @return one result per split, in split order
     * @throws FoldFailedException when a fold function throws
     * @throws IllegalArgumentException when there are no splits or threads &lt; 1
     */
    public static <R> List<R> run(List<Splits.Split> splits, FoldFunction<R> fold, int threads) {
        Objects.requireNonNull(fold, "fold");
        if (splits.isEmpty()) {
            throw new IllegalArgumentException("need at least one split, got 0");
        }
        List<Callable<R>> tasks = new ArrayList<>(splits.size());
        for (int f = 0; f < splits.size(); f++) {
            Splits.Split s = splits.get(f);
            int foldIndex = f;
            tasks.add(() -> {
                try {
                    return fold.apply(s.train(), s.test(), foldIndex);
                } catch (Exception e) {
                    throw new FoldFailedException(foldIndex, "fold " + foldIndex + " failed: " + e, e);
                }
            });
        }
        return OrderedParallel.run(tasks, threads);
    }

    /** Mean &plusmn; sample sd of the fold scores. */
    public static Summary summarise(List<FoldResult> results) {
        double[] s = new double[results.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = results.get(i).score();
        }
        return Summary.of(s);
    }

    /** The default pool size for this many tasks: min(available processors, tasks), at least 1. */
    public static int defaultThreads(int tasks) {
        return OrderedParallel.defaultThreads(tasks);
    }
}
