package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * SparseMI over an ascending list of N_XV, each size after the first started from the model of the size before it
 * (a warm start across the N_XV grid, issue #39): the first size is an ordinary fit (random initial XVs, t_max of
 * the options); size k_i starts from the k_(i-1) final XVs of the previous model followed by the instances that a
 * cold fit at k_i would add to them (the random draw of k_i instances with the options' seed is a partial
 * Fisher-Yates shuffle, so its first k_(i-1) entries are the previous size's initial XVs and entries k_(i-1) ..
 * k_i - 1 are new), its inner problems from the previous (beta, rho) padded with zero weights for the new XVs, and
 * runs {@code warmIterations} outer iterations instead of t_max. A size is clamped to the instances of the data
 * (all instances as XVs); once a size reaches them, the later sizes are the same model.
 *
 * <p>Cost: the sizes after the first cost warmIterations / t_max of a cold fit each (plus one Newton solve from a
 * warm start), which is what makes {@code --xv auto}'s large sizes affordable. The models differ from cold fits
 * at the same size, so whether they select as well is a measured question (BENCHMARKS.md, issue #39).
 *
 * <p>One chain is immutable once built; {@link Chain} grows lazily and is safe to share between threads.
 */
final class WarmSizes {
    private WarmSizes() {
    }

    /**
     * The models at sizes[0..upTo] on {@code data}.
     *
     * @param options SparseMI's options (random initial XVs, input space, one start); expansionVectors is replaced
     *        by each size
     * @param sizes ascending N_XV, each &ge; 1
     * @param warmIterations t_max of every size after the first, &ge; 0
     * @throws IllegalArgumentException for options a warm start cannot follow (another initialisation, basis
     *         vectors, restarts), upTo out of range, and as {@link SparseMi#fit}
     */
    static List<SparseMiModel> fit(BagDataset data, SparseMiOptions options, int[] sizes, int upTo, int warmIterations) {
        Chain chain = new Chain(data, options, sizes, warmIterations);
        List<SparseMiModel> out = new ArrayList<>();
        for (int i = 0; i <= upTo; i++) {
            out.add(chain.model(i));
        }
        return out;
    }

    /** @throws IllegalArgumentException when a warm chain cannot run with these options */
    static void check(SparseMiOptions options, int warmIterations) {
        if (options.init() != XvInit.RANDOM) {
            throw new IllegalArgumentException("a warm start across N_XV needs random initial XVs, got init "
                    + options.init().name().toLowerCase(java.util.Locale.ROOT));
        }
        if (options.basisVectors() != 0) {
            throw new IllegalArgumentException("a warm start across N_XV works in the input space, got basisVectors "
                    + options.basisVectors());
        }
        if (options.restarts() != 1) {
            throw new IllegalArgumentException("a warm start across N_XV needs restarts = 1, got " + options.restarts());
        }
        if (warmIterations < 0) {
            throw new IllegalArgumentException("warmIterations must be >= 0, got " + warmIterations);
        }
    }

    /** The chain of one training part and one (gamma, C): models computed on demand, in size order. */
    static final class Chain {
        private final BagDataset data;
        private final SparseMiOptions options;
        private final int[] sizes;
        private final int warmIterations;
        private final List<Vec> instances;
        private final List<SparseMiModel> models = new ArrayList<>();

        Chain(BagDataset data, SparseMiOptions options, int[] sizes, int warmIterations) {
            check(options, warmIterations);
            if (sizes.length == 0) {
                throw new IllegalArgumentException("the N_XV list must not be empty");
            }
            for (int i = 0; i < sizes.length; i++) {
                if (sizes[i] < 1 || (i > 0 && sizes[i] <= sizes[i - 1])) {
                    throw new IllegalArgumentException("N_XV must be ascending positive integers, got "
                            + Arrays.toString(sizes));
                }
            }
            this.data = data;
            this.options = options;
            this.sizes = sizes.clone();
            this.warmIterations = warmIterations;
            this.instances = new ArrayList<>(data.instanceCount());
            for (int i = 0; i < data.size(); i++) {
                instances.addAll(data.bag(i).instances());
            }
        }

        /** The model at sizes[i] (clamped to the instances), fitting the sizes before it first if needed. */
        synchronized SparseMiModel model(int i) {
            if (i < 0 || i >= sizes.length) {
                throw new IllegalArgumentException("size index must be in [0, " + sizes.length + "), got " + i);
            }
            while (models.size() <= i) {
                models.add(next(models.size()));
            }
            return models.get(i);
        }

        private SparseMiModel next(int i) {
            int n = instances.size();
            int k = Math.min(sizes[i], n);
            if (i == 0) {
                return SparseMi.fit(data, options.withExpansionVectors(k), FitListener.SILENT);
            }
            SparseMiModel previous = models.get(i - 1);
            List<Vec> before = previous.expansionVectors();
            int kPrevious = before.size();
            if (k <= kPrevious) {
                return previous;  // clamped: the instances are used up
            }
            int[] draw = XvInitializer.randomInstances(n, k, new SplittableRandom(options.seed()));
            List<Vec> z = new ArrayList<>(k);
            z.addAll(before);
            for (int j = kPrevious; j < k; j++) {
                z.add(DenseVec.of(instances.get(draw[j]).toArray()));
            }
            double[][] warm = new double[previous.problems()][k + 1];
            for (int p = 0; p < warm.length; p++) {
                System.arraycopy(previous.beta(p), 0, warm[p], 0, kPrevious);
                warm[p][k] = previous.rho(p);
            }
            return SparseMi.fitWarm(SparseMi.NAME, data, options.withExpansionVectors(k)
                    .withMaxIterations(warmIterations), z, warm, FitListener.SILENT);
        }
    }
}
