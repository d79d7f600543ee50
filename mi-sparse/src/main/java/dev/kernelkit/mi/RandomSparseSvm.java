package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;

/**
 * RSVM, the reduced SVM baseline of TNNLS 2013 Table I (Lee &amp; Mangasarian 2001 applied to the
 * label-mean bag model): N_XV expansion vectors drawn at random from the training instances and
 * kept fixed; only (beta, rho) are fitted by the squared-hinge inner problem. Equivalent to
 * SparseMI with random initialisation and t_max = 0.
 */
public final class RandomSparseSvm {
    private RandomSparseSvm() {
    }

    /**
     * Fits RSVM with the options' C, kernel, N_XV, basis vectors, ridge and seed (init, t_max and
     * restarts are forced to random, 0 and 1: one random draw, as the paper's baseline).
     *
     * @throws IllegalArgumentException as {@link SparseMi#fit(BagDataset, SparseMiOptions)}
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options) {
        return SparseMi.fit(data, options.withInit(XvInit.RANDOM).withMaxIterations(0).withRestarts(1));
    }
}
