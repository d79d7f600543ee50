package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The inner splits on which a model selection scores its candidates: a function of one outer
 * training part (after its preprocessing) and the outer split's 0-based index. Index arrays refer
 * to the training part. The splits need not cover the part (a rule may tune on a subset of it, as
 * the MKL command's {@code --tune-max} does), but each must have a non-empty training and test
 * side.
 *
 * <p>{@link #stratifiedKFold(int, SeedRule)} is the single inner k-fold of the papers' protocols
 * (TNNLS 2013 Sec. V-B: 3-fold for SparseMI, 5-fold for the MKL methods; IMKPL's 5-fold);
 * {@link #stratifiedKFold(int, int, SeedRule, long)} repeats it on several partitions, partition r
 * seeded {@code seeds.seed(s) + partitionStride * r}, concatenated (mi-sparse's
 * {@code --inner-repeats}, stride 104729).
 */
@FunctionalInterface
public interface InnerSplits {

    /**
     * The inner splits of an outer training part.
     *
     * @param trainingPart the outer training part, preprocessed
     * @param outerIndex the outer split's index, over all repeats
     * @throws IllegalArgumentException when the part cannot be split so (the message names the parameter)
     */
    List<Splits.Split> splits(Dataset<?> trainingPart, int outerIndex);

    /**
     * Which examples of a training part an inner rule may use (e.g. a seeded stratified sample of at
     * most N of them, to bound the cost of tuning on a large part).
     */
    @FunctionalInterface
    interface Subset {
        /** Strictly increasing indices into the training part. */
        int[] indices(Dataset<?> trainingPart, int outerIndex);
    }

    /**
     * This rule applied to a subset of the training part, its splits' indices mapped back to the
     * part: the fits of inner split k see exactly the examples they would see on the subset itself,
     * in the same order (the MKL command's {@code --tune-max}).
     *
     * @throws IllegalArgumentException (from the rule) when the subset's indices are not strictly
     *         increasing within the part, or empty
     */
    default InnerSplits onSubset(Subset subset) {
        Objects.requireNonNull(subset, "subset");
        InnerSplits inner = this;
        return (part, s) -> {
            int[] idx = subset.indices(part, s);
            if (idx == null || idx.length == 0) {
                throw new IllegalArgumentException("the tuning subset of outer split " + s + " is empty");
            }
            for (int i = 0; i < idx.length; i++) {
                if (idx[i] < 0 || idx[i] >= part.size() || (i > 0 && idx[i] <= idx[i - 1])) {
                    throw new IllegalArgumentException("tuning subset indices must be strictly increasing in [0, "
                            + part.size() + "), got " + idx[i] + " at position " + i);
                }
            }
            List<Splits.Split> onSubset = inner.splits(part.subset(idx), s);
            List<Splits.Split> out = new ArrayList<>(onSubset.size());
            for (Splits.Split sp : onSubset) {
                out.add(new Splits.Split(map(idx, sp.train()), map(idx, sp.test())));
            }
            return List.copyOf(out);
        };
    }

    private static int[] map(int[] subset, int[] local) {
        int[] out = new int[local.length];
        for (int i = 0; i < local.length; i++) {
            out[i] = subset[local[i]];
        }
        return out;
    }

    /**
     * One stratified {@code folds}-fold partition seeded {@code seeds.seed(outerIndex)}.
     *
     * @throws IllegalArgumentException when folds &lt; 2
     */
    static InnerSplits stratifiedKFold(int folds, SeedRule seeds) {
        return stratifiedKFold(folds, 1, seeds, 0);
    }

    /**
     * {@code partitions} stratified {@code folds}-fold partitions, partition r seeded
     * {@code seeds.seed(outerIndex) + partitionStride * r}, concatenated: folds x partitions splits.
     *
     * @throws IllegalArgumentException when folds &lt; 2 or partitions &lt; 1
     */
    static InnerSplits stratifiedKFold(int folds, int partitions, SeedRule seeds, long partitionStride) {
        Objects.requireNonNull(seeds, "seeds");
        if (folds < 2) {
            throw new IllegalArgumentException("inner folds must be >= 2, got " + folds);
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("inner partitions must be >= 1, got " + partitions);
        }
        return new StratifiedKFold(folds, partitions, seeds, partitionStride);
    }

    /**
     * One plain {@code folds}-fold partition ({@link Splits#kFold}) seeded {@code seeds.seed(outerIndex)},
     * for regression targets.
     *
     * @throws IllegalArgumentException when folds &lt; 2
     */
    static InnerSplits kFold(int folds, SeedRule seeds) {
        Objects.requireNonNull(seeds, "seeds");
        if (folds < 2) {
            throw new IllegalArgumentException("inner folds must be >= 2, got " + folds);
        }
        return (part, s) -> {
            if (folds > part.size()) {
                throw new IllegalArgumentException("inner folds = " + folds + " exceeds the " + part.size()
                        + " examples of the training part of outer split " + s);
            }
            return Splits.kFold(part.size(), folds, seeds.seed(s));
        };
    }

    /** The stratified inner k-fold, possibly on several partitions. */
    record StratifiedKFold(int folds, int partitions, SeedRule seeds, long partitionStride) implements InnerSplits {
        @Override
        public List<Splits.Split> splits(Dataset<?> trainingPart, int outerIndex) {
            Resampling.checkFoldsFitClasses(trainingPart, folds, "inner folds",
                    "the training part of outer split " + outerIndex);
            long seed = seeds.seed(outerIndex);
            int[] labels = trainingPart.classIndices();
            List<Splits.Split> out = new ArrayList<>(folds * partitions);
            for (int r = 0; r < partitions; r++) {
                out.addAll(Splits.stratifiedKFold(labels, folds, seed + partitionStride * r));
            }
            return List.copyOf(out);
        }
    }
}
