package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * SparseMI on a learned instance kernel (issue #22, composition 5): a multiple-kernel learner of the learner
 * contract (SM1MKL of Xu, Tsang and Xu, TNNLS 2013, or any trainer whose model {@link
 * dev.kernelkit.learn.LearnsKernel learns a kernel}) is fitted on bag-level vectors, each bag's mean instance
 * m(X_i) = (1 / n_i) sum_p x_ip with the bag's label ({@link #bagMeans}); the kernel it learned on them is an
 * instance kernel (it compares two vectors of the instance space), and SparseMI (Fu, Lu, Ting and Zhang,
 * TNNLS 2013) is trained with it on the instances, in one of the two forms of
 * {@link LearnedKernelForSparseMi.Form}: the learned combination itself (scaled to mean K(x, x) = 1 on the
 * training instances), or the weighted Gaussian exp(-gamma sum_d w_d (x_d - z_d)^2) of its per-feature weights
 * (gamma from the options' Gaussian kernel).
 *
 * <p>Written against the learner contract so that this module needs no MKL module: the caller hands in the
 * kernel learner (e.g. {@code SoftMarginMkl.trainer(MklOptions.sm1(c, theta), gaussianPerFeature(d, gamma))}).
 * The bags are used as given: standardise them before (the MI protocol, {@link MiProtocol}, does so per training
 * part); the kernel learner must then not scale again ({@link #trainer} refuses a learned kernel behind a scaler,
 * since its SparseMI model would read scaled bags). Cost: the kernel learner on m points of dimension d, then
 * SparseMI on the general path.
 */
public final class SparseMiOnLearnedKernel {

    /**
     * One fit of the composition.
     *
     * @param model SparseMI on the learned kernel, over the bags in the kernel learner's space
     * @param kernelModel what the kernel learner fitted on the bag means
     * @param learned the kernel it learned (unscaled K_mu, with the learner's scaler)
     * @param prepared the kernel SparseMI trained with, and the factor applied to K_mu
     */
    public record Fit(SparseMiModel model, FittedModel<Vec> kernelModel, LearnedKernel learned,
                      LearnedKernelForSparseMi.Prepared prepared) {
    }

    private SparseMiOnLearnedKernel() {
    }

    /**
     * The bag-level vectors: each bag's mean instance, labelled +1 / -1 for a two-class set (class 1 positive), by
     * class index 0, 1, ... for more.
     *
     * @throws IllegalArgumentException for a bag without instances
     */
    public static LabeledDataset bagMeans(BagDataset data) {
        List<Vec> means = new ArrayList<>(data.size());
        double[] labels = new double[data.size()];
        int d = data.dim();
        for (int i = 0; i < data.size(); i++) {
            Bag b = data.bag(i);
            if (b.size() == 0) {
                throw new IllegalArgumentException("bag '" + b.id() + "' has no instances; it has no mean");
            }
            double[] m = new double[d];
            double inv = 1.0 / b.size();
            for (Vec x : b.instances()) {
                x.addTo(m, inv);
            }
            means.add(DenseVec.wrap(m));
            labels[i] = data.isBinary() ? data.sign(i) : data.label(i);
        }
        return new LabeledDataset(means, labels);
    }

    /**
     * One Gaussian per feature, k_f(x, z) = exp(-gamma (x_f - z_f)^2) ({@link SingleFeatureKernel}), for a kernel
     * learner whose weights are per-feature weights.
     *
     * @throws IllegalArgumentException for dim &lt; 1 or a gamma that is not positive and finite
     */
    public static List<Kernel<Vec>> gaussianPerFeature(int dim, double gamma) {
        if (dim < 1) {
            throw new IllegalArgumentException("dim must be >= 1, got " + dim);
        }
        GaussianKernel g = new GaussianKernel(gamma);
        List<Kernel<Vec>> out = new ArrayList<>(dim);
        for (int f = 0; f < dim; f++) {
            out.add(new SingleFeatureKernel(f, g));
        }
        return List.copyOf(out);
    }

    /**
     * Fits the kernel learner on the bag means, then SparseMI with its kernel in the given form: {@code options}
     * with K_mu scaled to unit mean diagonal ({@link LearnedKernelForSparseMi.Form#LEARNED}), or with the weighted
     * Gaussian at the gamma of the options' Gaussian kernel. The listener hears SparseMI.
     *
     * @throws IllegalArgumentException when the kernel learner's model learns no kernel, its kernel has no
     *         gradient, or the weighted Gaussian is asked for with options whose kernel is not a Gaussian
     */
    public static Fit fit(BagDataset data, Trainer<Vec, ? extends FittedModel<Vec>> kernelLearner,
                          LearnedKernel.Choice choice, LearnedKernelForSparseMi.Form form, SparseMiOptions options,
                          FitListener listener) {
        return fit(data, kernelLearner, choice, form, options, listener, false);
    }

    /** {@link #fit}, refusing a learned kernel behind a scaler before SparseMI is fitted when {@code unscaled}. */
    private static Fit fit(BagDataset data, Trainer<Vec, ? extends FittedModel<Vec>> kernelLearner,
                           LearnedKernel.Choice choice, LearnedKernelForSparseMi.Form form, SparseMiOptions options,
                           FitListener listener, boolean unscaled) {
        Objects.requireNonNull(kernelLearner, "kernelLearner");
        Objects.requireNonNull(choice, "choice");
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(options, "options");
        double gamma = Double.NaN;
        if (form == LearnedKernelForSparseMi.Form.WEIGHTED_GAUSSIAN) {
            if (!(options.kernel() instanceof GaussianKernel g)) {
                throw new IllegalArgumentException("the weighted Gaussian takes its gamma from a Gaussian kernel in "
                        + "the SparseMI options, got " + options.kernel());
            }
            gamma = g.gamma();
        }
        SparseMi.checkData(data);
        FittedModel<Vec> kernelModel = kernelLearner.fit(bagMeans(data));
        LearnedKernel learned = LearnedKernel.of(kernelModel, choice);
        if (unscaled && learned.scaler().kind() != FeatureScaling.NONE) {
            throw new IllegalArgumentException("the kernel learner " + kernelLearner.name() + " scales the bag means ("
                    + learned.scaler().kind().cliName() + "); the SparseMI model would then read scaled bags. "
                    + "Standardise the bags before and give the kernel learner no scaler");
        }
        LearnedKernelForSparseMi.Prepared p = LearnedKernelForSparseMi.prepare(learned, form, gamma, data,
                "the bags");
        SparseMiModel model = SparseMi.fit(p.train(), p.options(options), listener);
        return new Fit(model, kernelModel, learned, p);
    }

    /**
     * The composition as a trainer of the learner contract (name {@value SparseMi#NAME}, its options the SparseMI
     * options given), e.g. for the (gamma, C) grid of {@link MiProtocol#tuned}.
     *
     * @throws IllegalArgumentException when fitting: as {@link #fit}, or when the learned kernel comes behind a
     *         scaler of its own (give the kernel learner the bags' space as it is)
     */
    public static Trainer<Bag, SparseMiModel> trainer(Trainer<Vec, ? extends FittedModel<Vec>> kernelLearner,
                                                      LearnedKernel.Choice choice, LearnedKernelForSparseMi.Form form,
                                                      SparseMiOptions options) {
        Objects.requireNonNull(kernelLearner, "kernelLearner");
        Objects.requireNonNull(choice, "choice");
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(options, "options");
        return Trainers.of(SparseMi.NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), kernelLearner, choice, form, options, listener, true).model());
    }
}
