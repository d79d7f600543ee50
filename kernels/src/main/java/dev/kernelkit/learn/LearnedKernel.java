package dev.kernelkit.learn;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.FeatureSubsetKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The kernel a multiple-kernel model learned, taken out of the model so that another module can train with
 * it: K_mu(x, z) = sum_m mu_m s_m k_m(x, z) over the model's base kernels ({@link LearnsKernel}; SM1MKL,
 * SM2MKL, Lp-MKL, SimpleMKL, AveKernel of Xu, Tsang and Xu, TNNLS 2013; IMKPL / ISKPL of Hosseini and Hammer,
 * CIKM 2019), together with the scaler the model was trained behind ({@link Scaled}; the identity when it has
 * none) and the input dimension it was learned on. The kernel reads scaled points: {@link #prepare} checks the
 * dimension and applies the scaler.
 *
 * <p>For a model with several machines (one-vs-rest MKL) a {@link Choice} says whose weights: one machine's
 * mu_k, or their mean (1 / K) sum_k mu_k; {@link #describe} says which was taken. {@link #scaledBy} multiplies
 * the weights by a constant, {@link #withUnitMeanDiagonal} picks the constant that makes the mean k(x, x) over
 * given points 1 (a kernel learned with unit-trace scales s_m = 1 / tr K_m has values of order 1 / n; an
 * SVM at C on a K equals one at C / a on a K, so this only moves the scale of C). Evaluation is on the base
 * kernels' fast path ({@link MultipleKernel.Combined}), O(sum over active feature subsets of their size) per pair.
 * Immutable.
 */
public final class LearnedKernel {

    /** Which machine's kernel weights to take from a model with several. */
    public sealed interface Choice {
        /**
         * "average" or a machine index 0, 1, ...
         *
         * @throws IllegalArgumentException for anything else, naming the value
         */
        static Choice parse(String text) {
            String t = Objects.requireNonNull(text, "text").trim().toLowerCase(Locale.ROOT);
            if (t.equals("average") || t.equals("avg") || t.equals("mean")) {
                return new Average();
            }
            try {
                return new Machine(Integer.parseInt(t));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the kernel machine must be 'average' or a machine index >= 0, got '"
                        + text + "'", e);
            }
        }
    }

    /** One machine's weights mu_k. */
    public record Machine(int index) implements Choice {
        /** @throws IllegalArgumentException for a negative index */
        public Machine {
            if (index < 0) {
                throw new IllegalArgumentException("the kernel machine index must be >= 0, got " + index);
            }
        }
    }

    /** The mean of the machines' weights (the only machine's weights for a binary model). */
    public record Average() implements Choice {
    }

    private final MultipleKernel base;
    private final double[] mu;
    private final FittedScaler scaler;
    private final int dim;
    private final String learner;
    private final String description;

    private LearnedKernel(MultipleKernel base, double[] mu, FittedScaler scaler, int dim, String learner,
                          String description) {
        this.base = base;
        this.mu = mu;
        this.scaler = scaler;
        this.dim = dim;
        this.learner = learner;
        this.description = description;
    }

    /**
     * The learned kernel of a fitted model (behind any number of scalers: the outermost scaler is applied by
     * {@link #prepare}; nested ones are refused).
     *
     * @throws IllegalArgumentException when the model does not learn a kernel on vectors, or the choice names a
     *         machine the model does not have
     */
    public static LearnedKernel of(FittedModel<?> model, Choice choice) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(choice, "choice");
        FittedModel<?> inner = model;
        FittedScaler scaler = null;
        if (model instanceof Scaled<?> s) {
            scaler = s.scaler();
            inner = s.inner();
            if (inner instanceof Scaled<?>) {
                throw new IllegalArgumentException("a model behind two scalers is not supported as a kernel source");
            }
        }
        if (!(inner instanceof LearnsKernel<?> lk) || inner.input() != InputKind.VECTORS) {
            throw new IllegalArgumentException("a model learned by '" + inner.report().learner()
                    + "' does not learn a kernel on vectors; a kernel comes from an MKL model (sm1, sm2, lp, simple, ave)"
                    + " or an IMKPL / ISKPL model");
        }
        int machines = lk.machineCount();
        double[] mu;
        String what;
        if (choice instanceof Machine m) {
            if (m.index() >= machines) {
                throw new IllegalArgumentException("the kernel machine must be in [0, " + machines + ") for this model ("
                        + machines + (machines == 1 ? " machine" : " machines") + "), got " + m.index());
            }
            mu = lk.kernelWeights(m.index());
            what = machines == 1 ? "its only machine" : "machine " + m.index() + " of " + machines;
        } else {
            mu = lk.averageKernelWeights();
            what = machines == 1 ? "its only machine" : "the average of its " + machines + " machines";
        }
        int d = inner.dim();
        if (scaler == null) {
            double[] ones = new double[d];
            Arrays.fill(ones, 1.0);
            scaler = FittedScaler.of(FeatureScaling.NONE, new double[d], ones);
        }
        return new LearnedKernel(lk.baseKernels(), mu, scaler, d, inner.report().learner(), what);
    }

    /** K_mu on the fast path; reads scaled points of dimension {@link #dim}. */
    public MultipleKernel.Combined kernel() {
        return base.combined(mu);
    }

    /** The base kernels with their scales s_m. */
    public MultipleKernel baseKernels() {
        return base;
    }

    /** A copy of the weights mu (M values). */
    public double[] weights() {
        return mu.clone();
    }

    /** The number of base kernels with a positive weight. */
    public int activeKernels() {
        int a = 0;
        for (double v : mu) {
            if (v > 0) {
                a++;
            }
        }
        return a;
    }

    /** The scaler the model was trained behind (the identity for a model without one). */
    public FittedScaler scaler() {
        return scaler;
    }

    /** The input dimension the kernel was learned on. */
    public int dim() {
        return dim;
    }

    /** The name of the learner that learned the kernel (e.g. "sm1mkl"). */
    public String learner() {
        return learner;
    }

    /** Which weights were taken, e.g. "the average of its 3 machines" or "machine 1 of 3". */
    public String describe() {
        return description;
    }

    /**
     * The same kernel times a &gt; 0 (weights a mu).
     *
     * @throws IllegalArgumentException for a non-positive or non-finite factor
     */
    public LearnedKernel scaledBy(double a) {
        if (!(a > 0) || !Double.isFinite(a)) {
            throw new IllegalArgumentException("the kernel factor must be > 0 and finite, got " + a);
        }
        double[] w = mu.clone();
        for (int m = 0; m < w.length; m++) {
            w[m] *= a;
        }
        return new LearnedKernel(base, w, scaler, dim, learner, description);
    }

    /**
     * The mean of K_mu(x, x) over scaled points.
     *
     * @throws IllegalArgumentException for no points or points of another dimension
     */
    public double meanDiagonal(List<? extends Vec> scaledPoints) {
        if (scaledPoints.isEmpty()) {
            throw new IllegalArgumentException("the mean diagonal needs at least one point");
        }
        Kernel<Vec> k = kernel();
        double s = 0;
        for (Vec x : scaledPoints) {
            checkDim(x.dim(), "a point");
            s += k.apply(x, x);
        }
        return s / scaledPoints.size();
    }

    /**
     * The kernel scaled so that its mean k(x, x) over the given scaled points is 1.
     *
     * @throws IllegalArgumentException when the mean diagonal is not positive (all weights zero)
     */
    public LearnedKernel withUnitMeanDiagonal(List<? extends Vec> scaledPoints) {
        double mean = meanDiagonal(scaledPoints);
        if (!(mean > 0) || !Double.isFinite(mean)) {
            throw new IllegalArgumentException("the learned kernel's mean k(x, x) is " + mean
                    + "; it cannot be scaled to 1");
        }
        return scaledBy(1 / mean);
    }

    /**
     * Checks that data of dimension {@code dataDim} suit the kernel.
     *
     * @param what what the data are, for the message (e.g. "--data a9a.libsvm")
     * @throws IllegalArgumentException naming both dimensions when they differ
     */
    public void checkDim(int dataDim, String what) {
        if (dataDim != dim) {
            throw new IllegalArgumentException("the kernel was learned on " + dim + " features but " + what + " has "
                    + dataDim);
        }
    }

    /**
     * Raw data checked against the kernel's dimension and scaled with the model's scaler.
     *
     * @throws IllegalArgumentException naming both dimensions when they differ
     */
    public LabeledDataset prepare(LabeledDataset raw, String what) {
        checkDim(raw.dim(), what);
        return scaler.apply(raw);
    }

    /**
     * How much of the weight each input feature carries: for every base kernel m with weight mu_m, mu_m shared
     * equally among the features it reads (one for a single-feature or group kernel, all of them for a kernel on
     * every variable). The features an interpretable kernel learner (IMKPL) keeps are those with positive weight.
     */
    public double[] featureWeights() {
        double[] out = new double[dim];
        for (int m = 0; m < mu.length; m++) {
            if (mu[m] == 0) {
                continue;
            }
            int[] features = featuresOf(base.kernel(m));
            if (features == null) {
                for (int f = 0; f < dim; f++) {
                    out[f] += mu[m] / dim;
                }
            } else {
                for (int f : features) {
                    if (f < dim) {
                        out[f] += mu[m] / features.length;
                    }
                }
            }
        }
        return out;
    }

    /**
     * The {@code count} features of largest {@link #featureWeights} (ties to the smaller index), ascending.
     *
     * @throws IllegalArgumentException for a count outside [1, dim]
     */
    public int[] topFeatures(int count) {
        if (count < 1 || count > dim) {
            throw new IllegalArgumentException("the number of features kept must be in [1, " + dim + "], got " + count);
        }
        double[] w = featureWeights();
        Integer[] order = new Integer[dim];
        for (int f = 0; f < dim; f++) {
            order[f] = f;
        }
        Arrays.sort(order, (a, b) -> w[a] != w[b] ? Double.compare(w[b], w[a]) : Integer.compare(a, b));
        int[] kept = new int[count];
        for (int i = 0; i < count; i++) {
            kept[i] = order[i];
        }
        Arrays.sort(kept);
        return kept;
    }

    /** The features a base kernel reads, or null for all of them. */
    private static int[] featuresOf(Kernel<Vec> k) {
        if (k instanceof SingleFeatureKernel s) {
            return new int[] {s.feature()};
        } else if (k instanceof GroupGaussianKernel g) {
            return g.features();
        } else if (k instanceof FeatureSubsetKernel f) {
            return f.features();
        }
        return null;
    }

    @Override
    public String toString() {
        return "LearnedKernel(" + learner + ", " + describe() + ", " + activeKernels() + " of " + mu.length
                + " kernels, dim " + dim + ")";
    }
}
