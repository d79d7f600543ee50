package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;

/**
 * RSVM, the reduced SVM baseline of TNNLS 2013 Table I (Lee &amp; Mangasarian 2001 applied to the
 * label-mean bag model): N_XV expansion vectors drawn at random from the training instances and
 * kept fixed; only (beta, rho) are fitted by the squared-hinge inner problem. Equivalent to
 * SparseMI with random initialisation and t_max = 0. Catalog name {@value #NAME}; its model is a
 * {@link SparseMiModel} whose report names {@value #NAME}.
 */
public final class RandomSparseSvm {
    /** The catalog name and fit-report learner of RSVM. */
    public static final String NAME = "rsvm";

    private RandomSparseSvm() {
    }

    /**
     * The options RSVM fits with: the given C, kernel, N_XV, basis vectors, ridge and seed, with init,
     * t_max and restarts forced to random, 0 and 1 (one random draw, as the paper's baseline).
     */
    public static SparseMiOptions normalized(SparseMiOptions options) {
        return options.withInit(XvInit.RANDOM).withMaxIterations(0).withRestarts(1);
    }

    /** The trainer of the learner contract ({@value #NAME}) with {@link #normalized} options. */
    public static Trainer<Bag, SparseMiModel> trainer(SparseMiOptions options) {
        SparseMiOptions o = normalized(options);
        return Trainers.of(NAME, InputKind.BAGS, Task.CLASSIFICATION, o,
                (data, listener) -> fit(BagDataset.of(data), o, listener));
    }

    /**
     * Fits RSVM with the {@link #normalized} options.
     *
     * @throws IllegalArgumentException as {@link SparseMi#fit(BagDataset, SparseMiOptions)}
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /** As {@link #fit(BagDataset, SparseMiOptions)}, reporting the one inner solve (iteration 0) to the listener. */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options, FitListener listener) {
        return SparseMi.fit(NAME, data, normalized(options), null, listener);
    }
}
