package dev.kernelkit.svm;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.FeatureSubsetKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.LearnsKernel;
import dev.kernelkit.learn.ScaledModel;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Interpretable selection, then a fast classifier (issue #22, composition 4): the input features a kernel
 * learner's weights keep, and two SVMs trained with them. The kept features S are those of positive weight in
 * {@link LearnedKernel#featureWeights} (IMKPL's capped beta-step, Hosseini and Hammer, CIKM 2019, keeps exactly r
 * per-feature kernels, weight 1 / r each); then
 *
 * <ul>
 *   <li>{@link #onKeptFeatures}: an SVM with one Gaussian k(x, z) = exp(-||x_S - z_S||² / |S|) on the
 *       standardised kept features (gamma = 1 / |S|, the usual 1 / d on the d = |S| features it reads), fitted
 *       behind the standardisation of the training data, so it reads raw points of the full dimension;</li>
 *   <li>{@link #onLearnedKernel}: an SVM on the learned kernel K_mu = sum_m mu_m s_m k_m itself (behind the
 *       scaler the kernel learner was trained behind).</li>
 * </ul>
 *
 * Any {@link LearnsKernel} model on vectors works (an MKL model's weights on per-feature kernels select too; a
 * kernel on all variables spreads its weight over every feature, so it keeps them all). Both SVMs are
 * ordinary {@link ScaledModel}s over {@link SvmModel}s: they predict with the learner contract and save and load
 * through {@code Models} (the kept-feature kernel is a {@link FeatureSubsetKernel} of a {@link GaussianKernel}).
 * Fitting costs the two SVM fits (O(n² |S|) kernel work for the first). Immutable.
 */
public final class KernelWeightSelection {
    private final LearnedKernel kernel;
    private final int[] kept;
    private final ScaledModel<Vec> onKeptFeatures;
    private final ScaledModel<Vec> onLearnedKernel;

    private KernelWeightSelection(LearnedKernel kernel, int[] kept, ScaledModel<Vec> onKeptFeatures,
                                  ScaledModel<Vec> onLearnedKernel) {
        this.kernel = kernel;
        this.kept = kept;
        this.onKeptFeatures = onKeptFeatures;
        this.onLearnedKernel = onLearnedKernel;
    }

    /**
     * The features a model that learned kernel weights keeps (the mean weights over its machines), and the two
     * SVMs at cost C on the training data.
     *
     * @param kernelLearner a fitted {@link LearnsKernel} model on vectors (e.g. IMKPL, SM1MKL), possibly behind
     *                      its scaler
     * @param train the training data in the model's input space (raw: the model's scaler is applied to them)
     * @param c the SVMs' cost C &gt; 0
     * @throws IllegalArgumentException when the model learns no kernel on vectors, the data's dimension differs
     *         from the model's, no feature has a positive weight, or C is not positive
     */
    public static KernelWeightSelection fit(FittedModel<?> kernelLearner, LabeledDataset train, double c) {
        return fit(LearnedKernel.of(kernelLearner, new LearnedKernel.Average()), train, c);
    }

    /**
     * As {@link #fit(FittedModel, LabeledDataset, double)}, from a kernel already taken out of its model.
     *
     * @throws IllegalArgumentException as there
     */
    public static KernelWeightSelection fit(LearnedKernel kernel, LabeledDataset train, double c) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(train, "train");
        kernel.checkDim(train.dim(), "the training data");
        int[] kept = keptFeatures(kernel);
        ScaledModel<Vec> onKept = gaussianSvm(train, kept, c);
        SvmModel svm = Svm.fit(kernel.prepare(train, "the training data"), SvmOptions.of(kernel.kernel()).withC(c));
        return new KernelWeightSelection(kernel, kept, onKept, new ScaledModel<>(kernel.scaler(), svm));
    }

    /**
     * The features of positive weight in {@link LearnedKernel#featureWeights}, ascending.
     *
     * @throws IllegalArgumentException when no feature has a positive weight
     */
    public static int[] keptFeatures(LearnedKernel kernel) {
        double[] w = kernel.featureWeights();
        int[] kept = IntStream.range(0, w.length).filter(f -> w[f] > 0).toArray();
        if (kept.length == 0) {
            throw new IllegalArgumentException("the kernel learned by '" + kernel.learner()
                    + "' gives no feature a positive weight; nothing to keep");
        }
        return kept;
    }

    /**
     * The SVM with one Gaussian, gamma = 1 / |S|, on the standardised features S (standardisation fitted on
     * {@code train}), reading raw points of {@code train}'s dimension: on all features the plain Gaussian, on
     * fewer a {@link FeatureSubsetKernel}. The same SVM as one fitted on the standardised projected points.
     *
     * @param features distinct feature indices in [0, dim), any order
     * @throws IllegalArgumentException for an empty set, an index out of range, a repeated index or C &le; 0
     */
    public static ScaledModel<Vec> gaussianSvm(LabeledDataset train, int[] features, double c) {
        Objects.requireNonNull(features, "features");
        int d = train.dim();
        for (int f : features) {
            if (f < 0 || f >= d) {
                throw new IllegalArgumentException("a kept feature must be in [0, " + d + "), got " + f);
            }
        }
        GaussianKernel gaussian = new GaussianKernel(1.0 / features.length);
        Kernel<Vec> k = features.length == d && distinct(features) ? gaussian : new FeatureSubsetKernel(features, gaussian);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
        return new ScaledModel<>(scaler, Svm.fit(scaler.apply(train), SvmOptions.of(k).withC(c)));
    }

    private static boolean distinct(int[] features) {
        return Arrays.stream(features).distinct().count() == features.length;
    }

    /** The learned kernel the selection was read from. */
    public LearnedKernel kernel() {
        return kernel;
    }

    /** The kept features S, ascending (a copy). */
    public int[] keptFeatures() {
        return kept.clone();
    }

    /** |S|. */
    public int keptCount() {
        return kept.length;
    }

    /** The SVM with one Gaussian (gamma = 1 / |S|) on the standardised kept features; reads raw points. */
    public ScaledModel<Vec> onKeptFeatures() {
        return onKeptFeatures;
    }

    /** The SVM on the learned kernel, behind the kernel learner's scaler; reads raw points. */
    public ScaledModel<Vec> onLearnedKernel() {
        return onLearnedKernel;
    }

    @Override
    public String toString() {
        return "KernelWeightSelection(" + kept.length + " of " + kernel.dim() + " features kept by " + kernel.learner()
                + ")";
    }
}
