package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.WeightedGaussianKernel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A kernel learned by an MKL or IMKPL model ({@link LearnedKernel}: K_mu(x, z) = sum_m mu_m s_m k_m(x, z) over
 * its base kernels, behind the model's scaler) made ready for {@link SparseMi} (TNNLS 2013), in one of two
 * forms ({@link Form}):
 *
 * <ul>
 *   <li>{@link Form#LEARNED}: K_mu itself, scaled by a = 1 / mean K_mu(x, x) over the training instances so that
 *       C keeps the scale it has with a Gaussian (for a learned sum of Gaussians K(x, x) is the same for every x).
 *       SparseMI moves its expansion vectors along dK/dz, so every base kernel with mu_m &gt; 0 must have a
 *       gradient (Gaussians, polynomials and linear kernels on all features, one feature or a feature subset;
 *       group Gaussians); otherwise an {@link IllegalArgumentException} names the first one that has none.</li>
 *   <li>{@link Form#WEIGHTED_GAUSSIAN}: exp(-gamma sum_d w_d (x_d - z_d)^2) with w_d the model's per-feature
 *       weights ({@link LearnedKernel#featureWeights}: each mu_m shared equally by the features its kernel reads)
 *       normalised to mean 1, so uniform weights give the plain Gaussian and gamma keeps its scale.</li>
 * </ul>
 *
 * Both read the instances in the space the kernel was learned in: bags are checked against the kernel's
 * dimension and scaled with the model's scaler ({@link #scale}); a fitted SparseMI model is put behind that
 * scaler for raw bags ({@link Prepared#behindScaler}). Cost: one pass over the training instances.
 *
 * <p>This is the library entry point of {@code sparse-mi train|cv --kernel-from MODEL [--kernel-machine
 * i|average]}: {@link #load} reads the model file, {@link #prepare} gives the options and the scaled training
 * bags of {@code train}, {@link #factory} ({@link #sizedFactory} with N_XV) the trainers of {@link MiProtocol}
 * for {@code cv} on bags already scaled by {@link #scale}.
 */
public final class LearnedKernelForSparseMi {

    /** Which kernel SparseMI gets from the learned one. */
    public enum Form {
        /** The learned combination K_mu itself, scaled to mean K(x, x) = 1 on the training instances. */
        LEARNED,
        /** The Gaussian of the squared distance weighted by the learned per-feature weights (mean weight 1). */
        WEIGHTED_GAUSSIAN
    }

    /**
     * A learned kernel ready for one training set.
     *
     * @param kernel the kernel SparseMI trains with
     * @param scaler the scaler of the model the kernel came from (the identity for a model without one)
     * @param train the training bags, checked and scaled
     * @param factor the factor a applied to K_mu ({@link Form#LEARNED}; 1 for the weighted Gaussian)
     * @param description one line saying which kernel this is
     */
    public record Prepared(DifferentiableKernel kernel, FittedScaler scaler, BagDataset train, double factor,
                           String description) {

        /** The given SparseMI options with this kernel. */
        public SparseMiOptions options(SparseMiOptions base) {
            return base.withKernel(kernel);
        }

        /** A SparseMI model fitted on {@link #train}, behind the scaler when it is not the identity (for raw bags). */
        public Model<Bag> behindScaler(SparseMiModel model) {
            return scaler.kind() == FeatureScaling.NONE ? model : new ScaledModel<>(scaler, model);
        }
    }

    private LearnedKernelForSparseMi() {
    }

    /**
     * The learned kernel of a model file ({@link Models#loadLearnedKernel}): {@code machine} is "average" or a machine
     * index ({@link LearnedKernel.Choice#parse}).
     *
     * @throws IOException when the file cannot be read or parsed
     * @throws IllegalArgumentException for a bad machine, or a model that does not learn a kernel on vectors
     */
    public static LearnedKernel load(Path modelFile, String machine) throws IOException {
        return Models.loadLearnedKernel(modelFile, LearnedKernel.Choice.parse(machine));
    }

    /**
     * K_mu as a differentiable kernel (unscaled).
     *
     * @throws IllegalArgumentException naming the learner and the first base kernel with mu_m &gt; 0 that has no
     *         gradient with respect to a point
     */
    public static DifferentiableKernel differentiable(LearnedKernel learned) {
        Objects.requireNonNull(learned, "learned");
        try {
            return learned.kernel().differentiable();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("SparseMI cannot use the kernel learned by " + learned.learner() + " ("
                    + learned.describe() + "): it moves its expansion vectors along the kernel's gradient, and "
                    + e.getMessage(), e);
        }
    }

    /**
     * Bags checked against the kernel's dimension and scaled with the model's scaler.
     *
     * @param what the bags' name in messages (e.g. "--data musk1.csv")
     * @throws IllegalArgumentException naming both dimensions when they differ
     */
    public static BagDataset scale(LearnedKernel learned, BagDataset raw, String what) {
        learned.checkDim(raw.dim(), what);
        return learned.scaler().kind() == FeatureScaling.NONE ? raw : learned.scaler().apply(raw);
    }

    /**
     * {@link Form#LEARNED} for raw training bags: the bags scaled ({@link #scale}), K_mu scaled to mean K(x, x) = 1
     * over their instances.
     *
     * @throws IllegalArgumentException for a kernel without gradient, another dimension, or a kernel whose mean
     *         K(x, x) is not positive
     */
    public static Prepared prepare(LearnedKernel learned, BagDataset rawTrain, String what) {
        return prepare(learned, Form.LEARNED, Double.NaN, rawTrain, what);
    }

    /**
     * The kernel of {@code form} for raw training bags ({@code gamma} is read by {@link Form#WEIGHTED_GAUSSIAN}
     * only).
     *
     * @throws IllegalArgumentException as {@link #prepare(LearnedKernel, BagDataset, String)}, or for a gamma
     *         that is not positive and finite with the weighted Gaussian
     */
    public static Prepared prepare(LearnedKernel learned, Form form, double gamma, BagDataset rawTrain, String what) {
        Objects.requireNonNull(form, "form");
        return prepareScaled(learned, form, gamma, scale(learned, rawTrain, what));
    }

    /** {@link #prepare} for bags already checked and scaled. */
    private static Prepared prepareScaled(LearnedKernel learned, Form form, double gamma, BagDataset train) {
        if (form == Form.WEIGHTED_GAUSSIAN) {
            WeightedGaussianKernel k = weightedGaussian(learned, gamma);
            return new Prepared(k, learned.scaler(), train, 1.0, String.format(Locale.ROOT,
                    "weighted Gaussian gamma %.6g, per-feature weights of the kernel learned by %s (%s), %d of %d "
                            + "features with a positive weight", gamma, learned.learner(), learned.describe(),
                    positive(k.weights()), k.dim()));
        }
        differentiable(learned);
        List<Vec> instances = instances(train);
        double mean = learned.meanDiagonal(instances);
        LearnedKernel unit = learned.withUnitMeanDiagonal(instances);
        return new Prepared(differentiable(unit), learned.scaler(), train, 1 / mean, String.format(Locale.ROOT,
                "kernel learned by %s (%s), %d of %d base kernels with a positive weight, scaled by %.6g to mean "
                        + "k(x, x) = 1 on the training instances", learned.learner(), learned.describe(),
                learned.activeKernels(), learned.baseKernels().count(), 1 / mean));
    }

    /**
     * exp(-gamma sum_d w_d (x_d - z_d)^2) with w the kernel's per-feature weights scaled to mean 1.
     *
     * @throws IllegalArgumentException for a gamma that is not positive and finite, or no positive weight
     */
    public static WeightedGaussianKernel weightedGaussian(LearnedKernel learned, double gamma) {
        double[] w = learned.featureWeights();
        double sum = 0;
        for (double v : w) {
            sum += v;
        }
        if (!(sum > 0) || !Double.isFinite(sum)) {
            throw new IllegalArgumentException("the kernel learned by " + learned.learner()
                    + " has no feature with a positive weight; no weighted Gaussian can be built from it");
        }
        for (int d = 0; d < w.length; d++) {
            w[d] = w[d] * w.length / sum;
        }
        return new WeightedGaussianKernel(gamma, w);
    }

    /**
     * The (gamma, C) trainers of {@link MiProtocol#tuned} with a learned kernel, for bags already scaled by
     * {@link #scale} (run the protocol with {@code withPreprocessing(Preprocessing.none())}: the model's scaler
     * replaces the per-fold standardisation). Each fit prepares the kernel on its own training part
     * ({@link Form#LEARNED}: the factor a from that part's instances; gamma is ignored, give the grid one value)
     * and fits SparseMI with {@code base} at that C.
     *
     * @throws IllegalArgumentException at once when the learned kernel has no gradient ({@link Form#LEARNED})
     */
    public static MiProtocol.Factory factory(LearnedKernel learned, Form form, SparseMiOptions base) {
        Objects.requireNonNull(learned, "learned");
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(base, "base");
        if (form == Form.LEARNED) {
            differentiable(learned);
        }
        return (gamma, c) -> {
            SparseMiOptions options = form == Form.LEARNED ? base.withC(c) : base.withC(c).withGamma(gamma);
            return Trainers.of(SparseMi.NAME, InputKind.BAGS, Task.CLASSIFICATION, options, (data, listener) -> {
                BagDataset train = BagDataset.of(data);
                learned.checkDim(train.dim(), "the training part");
                Prepared p = prepareScaled(learned, form, gamma, train);
                return SparseMi.fit(p.train(), p.options(options), listener);
            });
        };
    }

    /**
     * As {@link #factory}, for {@link MiProtocol#tunedSize}: the (gamma, C, N_XV) trainers.
     *
     * @throws IllegalArgumentException at once when the learned kernel has no gradient ({@link Form#LEARNED})
     */
    public static MiProtocol.SizedFactory sizedFactory(LearnedKernel learned, Form form, SparseMiOptions base) {
        Objects.requireNonNull(base, "base");
        factory(learned, form, base);
        return (gamma, c, n) -> factory(learned, form, base.withExpansionVectors(n)).trainer(gamma, c);
    }

    /** All instances of the bags, bag after bag. */
    static List<Vec> instances(BagDataset data) {
        List<Vec> out = new ArrayList<>(data.instanceCount());
        for (Bag b : data.bags()) {
            out.addAll(b.instances());
        }
        return out;
    }

    private static int positive(double[] w) {
        int n = 0;
        for (double v : w) {
            n += v > 0 ? 1 : 0;
        }
        return n;
    }
}
