package dev.kernelkit.gram;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.AlignmentChannel;
import dev.kernelkit.kernel.ChannelAlignmentKernel;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.KernelGradients;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.VariableLengthChannelKernel;
import dev.kernelkit.kernel.ExponentialChiSquareKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.GlobalAlignmentKernel;
import dev.kernelkit.kernel.GroupGaussianKernel;
import dev.kernelkit.kernel.InverseDistanceKernel;
import dev.kernelkit.kernel.InverseSquaredDistanceKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.KernelCombination;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.NormalizedKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.kernel.WeightedSumKernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A set of M base kernels k_1..k_M on vectors with a scale s_m per kernel (base kernel m is
 * s_m k_m(x, z)): the one multiple-kernel type every multiple-kernel learner reads (SM1MKL, SM2MKL,
 * Lp-MKL, SimpleMKL and AveKernel of Xu, Tsang and Xu, TNNLS 2013; IMKPL and ISKPL of Hosseini and
 * Hammer, CIKM 2019). A learned combination with weights mu is
 *
 * <pre>
 *   K_mu(x, z) = sum_m mu_m s_m k_m(x, z)          ({@link #combined}, a {@link Kernel} on vectors)
 * </pre>
 *
 * <p>Base kernels: any {@link Kernel} on vectors. The lists the papers use have factories:
 * {@link #simpleMklProtocol} (Gaussians sigma 2^-3..2^6 and polynomials of degree 1..3 on all variables and
 * on each variable, the SimpleMKL list of the soft margin MKL experiments, 13 (d + 1) kernels),
 * {@link #gaussianPerFeature} and {@link #gaussianPerGroup} (one {@link GroupGaussianKernel} per feature or
 * feature group, width the mean squared distance over the training pairs, IMKPL spec §2) and
 * {@link #alignmentPerGroup} (one normalised global alignment kernel per channel of a time series,
 * {@link ChannelAlignmentKernel}).
 *
 * <p>Normalisation ({@link Normalisation}): unit trace on a training set ({@link #withUnitTrace}: s_m = 1 /
 * sum_i k_m(x_i, x_i), SimpleMKL and the soft margin MKL protocol; the same scales for test points), or unit
 * diagonal ({@link #withUnitDiagonal}: k_m(x, x) = 1 for every x, cosine normalisation where a kernel does
 * not have it by construction; the IMKPL kernels have it by construction).
 *
 * <p>Fast path ({@link KernelPlan}): kernels on the same feature subset (all variables, one variable, a
 * feature group) share one inner product and one squared distance per pair, and Gaussians whose widths
 * differ by a factor 2^s share one exp. {@link #gram} gives the training matrices on that path (one shared
 * linear Gram matrix and the data columns instead of M dense n x n matrices, {@link SharedKernelMatrices});
 * {@link Combined#apply} evaluates a pair on it and {@link Combined#rows} the rows of K_mu between new points
 * and fixed ones (the decision functions of the fitted models). Other kernels are evaluated one by one.
 * Immutable and thread-safe.
 */
public final class MultipleKernel {
    /** The Gaussian bandwidths sigma of the SimpleMKL protocol, 2^-3 .. 2^6. */
    public static final List<Double> PROTOCOL_SIGMAS = List.of(0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0);
    /** The polynomial degrees of the SimpleMKL protocol. */
    public static final List<Integer> PROTOCOL_DEGREES = List.of(1, 2, 3);

    /** How the base kernels are normalised. */
    public enum Normalisation {
        /** As given (scales set by hand, {@link #withScales}, or all 1). */
        NONE,
        /** Unit trace on a training set: s_m = 1 / sum_i k_m(x_i, x_i). */
        UNIT_TRACE,
        /** Unit diagonal: k_m(x, x) = 1 for every x, every s_m = 1. */
        UNIT_DIAGONAL
    }

    private final List<Kernel<Vec>> kernels;
    private final double[] scales;
    private final Normalisation normalisation;
    private final int dim;
    private final KernelPlan plan;
    private final boolean anyDimension;

    private MultipleKernel(List<Kernel<Vec>> kernels, double[] scales, Normalisation normalisation, int dim) {
        this.kernels = kernels;
        this.scales = scales;
        this.normalisation = normalisation;
        this.dim = dim;
        this.plan = KernelPlan.of(kernels);
        this.anyDimension = kernels.stream().allMatch(k -> k instanceof VariableLengthChannelKernel);
    }

    /**
     * The given kernels with scale 1 (normalisation {@link Normalisation#NONE}).
     *
     * @throws IllegalArgumentException for an empty list or a null kernel
     */
    public static MultipleKernel of(List<? extends Kernel<Vec>> kernels) {
        return new MultipleKernel(checkList(kernels), ones(kernels.size()), Normalisation.NONE, 0);
    }

    private static List<Kernel<Vec>> checkList(List<? extends Kernel<Vec>> kernels) {
        if (kernels == null || kernels.isEmpty()) {
            throw new IllegalArgumentException("the kernel list must not be empty");
        }
        for (int m = 0; m < kernels.size(); m++) {
            if (kernels.get(m) == null) {
                throw new IllegalArgumentException("kernel " + m + " is null");
            }
        }
        return List.copyOf(kernels);
    }

    /**
     * The SimpleMKL protocol list for points of dimension d (unscaled; call {@link #withUnitTrace}):
     * for the subset "all variables", then each variable 0..d-1, the ten Gaussians exp(-||x - z||^2 /
     * (2 sigma^2)) (ascending sigma) followed by the three polynomials (&lt;x, z&gt; + 1)^degree.
     *
     * @throws IllegalArgumentException when d &lt; 1
     */
    public static MultipleKernel simpleMklProtocol(int dim) {
        if (dim < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dim);
        }
        List<Kernel<Vec>> list = new ArrayList<>();
        for (int f = -1; f < dim; f++) {
            List<Kernel<Vec>> bases = new ArrayList<>();
            for (double sigma : PROTOCOL_SIGMAS) {
                bases.add(new GaussianKernel(1.0 / (2.0 * sigma * sigma)));
            }
            for (int degree : PROTOCOL_DEGREES) {
                bases.add(new PolynomialKernel(degree, 1.0, 1.0));
            }
            for (Kernel<Vec> b : bases) {
                list.add(f < 0 ? b : new SingleFeatureKernel(f, b));
            }
        }
        return new MultipleKernel(List.copyOf(list), ones(list.size()), Normalisation.NONE, 0);
    }

    /**
     * One {@link GroupGaussianKernel} per input dimension, widths from the training points (IMKPL spec §2:
     * "Gaussian on one dimension, width = average distance over the data").
     *
     * @throws IllegalArgumentException for fewer than 2 points
     */
    public static MultipleKernel gaussianPerFeature(List<? extends Vec> training) {
        Objects.requireNonNull(training, "training");
        int d = training.isEmpty() ? 0 : training.get(0).dim();
        int[][] g = new int[d][];
        for (int f = 0; f < g.length; f++) {
            g[f] = new int[] {f};
        }
        return gaussianPerGroup(training, g);
    }

    /**
     * One {@link GroupGaussianKernel} per feature group G_m, exp(-||x_G - z_G||^2 / sigma_m) with sigma_m the
     * mean of ||x_{i,G} - x_{s,G}||^2 over all training pairs i &lt; s, computed in closed form as
     * 2 sum_{f in G} sum_i (x_if - mean_f)^2 / (N - 1). A constant group gets sigma = 0 (the all-ones kernel).
     * Unit diagonal by construction.
     *
     * @throws IllegalArgumentException for fewer than 2 points, no group, an empty group, or an index outside
     *         the data dimension
     */
    public static MultipleKernel gaussianPerGroup(List<? extends Vec> training, int[][] groups) {
        Objects.requireNonNull(training, "training");
        Objects.requireNonNull(groups, "groups");
        int n = training.size();
        if (n < 2) {
            throw new IllegalArgumentException("need at least 2 training samples for the kernel widths, got " + n);
        }
        if (groups.length == 0) {
            throw new IllegalArgumentException("need at least one feature group");
        }
        int d = training.get(0).dim();
        double[] mean = new double[d];
        for (Vec x : training) {
            x.addTo(mean, 1.0 / n);
        }
        double[] ss = new double[d];
        for (Vec x : training) {
            for (int f = 0; f < d; f++) {
                double v = x.get(f) - mean[f];
                ss[f] += v * v;
            }
        }
        List<Kernel<Vec>> list = new ArrayList<>(groups.length);
        for (int m = 0; m < groups.length; m++) {
            if (groups[m] == null || groups[m].length == 0) {
                throw new IllegalArgumentException("feature group " + m + " must not be empty");
            }
            double s = 0;
            for (int f : groups[m]) {
                if (f < 0 || f >= d) {
                    throw new IllegalArgumentException("feature group " + m + " has index " + f
                            + " outside the data dimension " + d);
                }
                s += ss[f];
            }
            list.add(new GroupGaussianKernel(groups[m], 2.0 * s / (n - 1)));
        }
        return new MultipleKernel(List.copyOf(list), ones(list.size()), Normalisation.UNIT_DIAGONAL, d);
    }

    /**
     * One normalised global alignment kernel per feature group, read as a univariate series (one channel of a
     * multivariate time series; {@link ChannelAlignmentKernel}), bandwidth by
     * {@link GlobalAlignmentKernel#withDefaults} on the group's training series (seed + m for group m), no band.
     * Unit diagonal by construction.
     *
     * @throws IllegalArgumentException for fewer than 2 points, no group, an empty group or an index outside
     *         the data dimension
     */
    public static MultipleKernel alignmentPerGroup(List<? extends Vec> training, int[][] groups, long seed) {
        MultipleKernel g = gaussianPerGroup(training, groups);
        List<Kernel<Vec>> list = new ArrayList<>(groups.length);
        for (int m = 0; m < groups.length; m++) {
            int[] grp = groups[m];
            List<Vec> series = new ArrayList<>(training.size());
            for (Vec x : training) {
                double[] v = new double[grp.length];
                for (int a = 0; a < grp.length; a++) {
                    v[a] = x.get(grp[a]);
                }
                series.add(DenseVec.wrap(v));
            }
            list.add(new ChannelAlignmentKernel(grp, GlobalAlignmentKernel.withDefaults(series, 1, seed + m)));
        }
        return new MultipleKernel(List.copyOf(list), ones(list.size()), Normalisation.UNIT_DIAGONAL, g.dim);
    }

    /**
     * {@link #alignmentPerChannel(List, long, int)} with every channel resampled inside the kernel to the median
     * length of that channel over the training series (the default: GAK on the series as recorded treats a
     * uniformly stretched copy as dissimilar, see {@link VariableLengthChannelKernel}).
     */
    public static MultipleKernel alignmentPerChannel(List<? extends Vec> training, long seed) {
        return alignmentPerChannel(training, seed, -1);
    }

    /**
     * One normalised global alignment kernel per channel of multivariate time series of any lengths in the
     * {@link dev.kernelkit.data.VariableLengthSeries} encoding ({@link VariableLengthChannelKernel}), bandwidth by
     * {@link GlobalAlignmentKernel#withDefaults} on the channel's training series as the kernel reads them
     * (seed + c for channel c), no band. Unit diagonal by construction; {@link #dim} 0 and
     * {@link #acceptsAnyDimension}: points of any padding and length are compared. On series of one length every
     * value equals {@link #alignmentPerGroup} on the flat layout (same series, same bandwidth).
     *
     * @param resampleTo 0: the series as recorded; &gt; 0: every channel resampled to this length; −1: to the
     *        median length of the channel over the training series
     * @throws IllegalArgumentException for fewer than 2 points, a point that is not a valid encoding, points
     *         with different channel counts, or resampleTo &lt; −1
     */
    public static MultipleKernel alignmentPerChannel(List<? extends Vec> training, long seed, int resampleTo) {
        if (resampleTo < -1) {
            throw new IllegalArgumentException("resampleTo must be >= -1, got " + resampleTo);
        }
        if (training.size() < 2) {
            throw new IllegalArgumentException("need at least 2 training series, got " + training.size());
        }
        int d = dev.kernelkit.data.VariableLengthSeries.channels(training.get(0));
        for (int i = 1; i < training.size(); i++) {
            int di = dev.kernelkit.data.VariableLengthSeries.channels(training.get(i));
            if (di != d) {
                throw new IllegalArgumentException("series " + i + " has " + di + " channels, series 0 has " + d);
            }
        }
        List<Kernel<Vec>> list = new ArrayList<>(d);
        for (int c = 0; c < d; c++) {
            int to = resampleTo;
            if (to == -1) {
                int[] len = new int[training.size()];
                for (int i = 0; i < len.length; i++) {
                    len[i] = dev.kernelkit.data.VariableLengthSeries.length(training.get(i), c);
                }
                Arrays.sort(len);
                to = len[(len.length - 1) / 2];
            }
            VariableLengthChannelKernel probe = new VariableLengthChannelKernel(c, new GlobalAlignmentKernel(1, 0, 1), to);
            List<Vec> series = new ArrayList<>(training.size());
            for (Vec x : training) {
                series.add(probe.channel(x));
            }
            list.add(new VariableLengthChannelKernel(c, GlobalAlignmentKernel.withDefaults(series, 1, seed + c), to));
        }
        return new MultipleKernel(List.copyOf(list), ones(list.size()), Normalisation.UNIT_DIAGONAL, 0);
    }

    /**
     * Whether points of different dimensions may be compared: true when every base kernel reads series of any
     * length ({@link VariableLengthChannelKernel}), so the combined kernel skips its dimension check.
     */
    public boolean acceptsAnyDimension() {
        return anyDimension;
    }

    /**
     * Base kernels with given scales and normalisation, for model files (the scales are read back as written).
     *
     * @param dim the input dimension the kernels were built for (0: any)
     * @throws IllegalArgumentException for an empty list, a null kernel, a wrong number of scales, a scale that
     *         is not positive and finite, or a negative dimension
     */
    public static MultipleKernel of(List<? extends Kernel<Vec>> kernels, double[] scales, Normalisation normalisation,
                                    int dim) {
        Objects.requireNonNull(normalisation, "normalisation");
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        List<Kernel<Vec>> list = checkList(kernels);
        return new MultipleKernel(list, checkScales(scales, list.size()), normalisation, dim);
    }

    private static double[] ones(int m) {
        double[] s = new double[m];
        Arrays.fill(s, 1.0);
        return s;
    }

    private static double[] checkScales(double[] values, int count) {
        if (values.length != count) {
            throw new IllegalArgumentException("expected " + count + " scales, found " + values.length);
        }
        for (int m = 0; m < values.length; m++) {
            if (!(values[m] > 0) || !Double.isFinite(values[m])) {
                throw new IllegalArgumentException("scale " + m + " must be > 0 and finite, got " + values[m]);
            }
        }
        return values.clone();
    }

    /**
     * The same kernels with s_m = 1 / sum_i k_m(x_i, x_i) over the training points (unit trace).
     *
     * @throws IllegalArgumentException for no points or a kernel whose trace is not positive and finite
     */
    public MultipleKernel withUnitTrace(List<? extends Vec> training) {
        if (training == null || training.isEmpty()) {
            throw new IllegalArgumentException("the training set must not be empty");
        }
        double[] s = new double[kernels.size()];
        for (int m = 0; m < s.length; m++) {
            Kernel<Vec> k = kernels.get(m);
            double trace = 0;
            for (Vec x : training) {
                trace += k.apply(x, x);
            }
            if (!(trace > 0) || !Double.isFinite(trace)) {
                throw new IllegalArgumentException("kernel " + m + " (" + k + ") has trace " + trace
                        + " on the training data; unit-trace scaling needs a positive finite trace");
            }
            s[m] = 1.0 / trace;
        }
        return new MultipleKernel(kernels, s, Normalisation.UNIT_TRACE, dim);
    }

    /**
     * The same kernels normalised to unit diagonal, scales 1: a kernel that has k(x, x) = 1 by construction
     * (Gaussian, Laplacian, group Gaussian, exponential chi-square, inverse distances, alignment kernels, a
     * normalised kernel, one of these on a single feature) is kept; any other is replaced by its cosine
     * normalisation k(x, z) / sqrt(k(x, x) k(z, z)) ({@link NormalizedKernel}).
     */
    public MultipleKernel withUnitDiagonal() {
        List<Kernel<Vec>> out = new ArrayList<>(kernels.size());
        for (Kernel<Vec> k : kernels) {
            out.add(hasUnitDiagonal(k) ? k : new NormalizedKernel<>(k));
        }
        return new MultipleKernel(List.copyOf(out), ones(out.size()), Normalisation.UNIT_DIAGONAL, dim);
    }

    private static boolean hasUnitDiagonal(Kernel<Vec> k) {
        Kernel<Vec> b = k instanceof SingleFeatureKernel sf ? sf.base() : k;
        return b instanceof GaussianKernel || b instanceof LaplacianKernel || b instanceof GroupGaussianKernel
                || b instanceof ExponentialChiSquareKernel || b instanceof InverseDistanceKernel
                || b instanceof InverseSquaredDistanceKernel || b instanceof AlignmentChannel
                || b instanceof GlobalAlignmentKernel || b instanceof NormalizedKernel;
    }

    /**
     * The same kernels with the given scales (normalisation {@link Normalisation#NONE}).
     *
     * @throws IllegalArgumentException for a wrong length or a scale that is not positive and finite
     */
    public MultipleKernel withScales(double[] values) {
        return new MultipleKernel(kernels, checkScales(values, kernels.size()), Normalisation.NONE, dim);
    }

    /** The number of kernels M. */
    public int count() {
        return kernels.size();
    }

    /** Kernel k_m (without its scale). */
    public Kernel<Vec> kernel(int m) {
        return kernels.get(m);
    }

    /** The kernels (without scales), unmodifiable. */
    public List<Kernel<Vec>> kernels() {
        return kernels;
    }

    /** Scale s_m. */
    public double scale(int m) {
        return scales[m];
    }

    /** A copy of the scales. */
    public double[] scales() {
        return scales.clone();
    }

    /** How the kernels were normalised. */
    public Normalisation normalisation() {
        return normalisation;
    }

    /** The input dimension the kernels were built for from data (per-feature and per-group lists), 0 when any. */
    public int dim() {
        return dim;
    }

    /** Scaled base kernel m, s_m k_m(x, z), evaluated on its own. */
    public double value(int m, Vec x, Vec z) {
        return scales[m] * kernels.get(m).apply(x, z);
    }

    /** Every scaled base kernel value s_m k_m(x, z), evaluated one kernel at a time (the reference path). */
    public double[] values(Vec x, Vec z) {
        double[] out = new double[kernels.size()];
        for (int m = 0; m < out.length; m++) {
            out[m] = scales[m] * kernels.get(m).apply(x, z);
        }
        return out;
    }

    KernelPlan plan() {
        return plan;
    }

    /** The training matrices on all cores (see {@link SharedKernelMatrices}). */
    public SharedKernelMatrices gram(List<? extends Vec> training) {
        return new SharedKernelMatrices(this, training, GramBuilder.allCores());
    }

    /** The training matrices built with the given Gram builder. */
    public SharedKernelMatrices gram(List<? extends Vec> training, GramBuilder builder) {
        return new SharedKernelMatrices(this, training, builder);
    }

    /**
     * The training matrices, precomputing all M base matrices only when M n^2 doubles fit
     * {@code denseBudgetBytes} (0: never, always on the fly from the shared per-subset data).
     */
    public SharedKernelMatrices gram(List<? extends Vec> training, long denseBudgetBytes) {
        return new SharedKernelMatrices(this, training, GramBuilder.allCores(), denseBudgetBytes);
    }

    /**
     * The combined kernel K_mu(x, z) = sum_m mu_m s_m k_m(x, z) on the fast path.
     *
     * @param mu M non-negative finite weights (copied)
     * @throws IllegalArgumentException for a wrong length or a negative or non-finite weight
     */
    public Combined combined(double[] mu) {
        double[] w = BaseKernelMatrices.checkWeights(mu, kernels.size());
        return whyNotDifferentiable(w) == null ? new DifferentiableCombined(w) : new Combined(w);
    }

    /**
     * Null when every base kernel with mu_m &gt; 0 has a gradient with respect to a point
     * ({@link KernelGradients#whyNotDifferentiable}), else why not, naming the first one that has none.
     */
    private String whyNotDifferentiable(double[] mu) {
        for (int m = 0; m < mu.length; m++) {
            if (mu[m] > 0) {
                String why = KernelGradients.whyNotDifferentiable(kernels.get(m));
                if (why != null) {
                    String spec;
                    try {
                        spec = Kernels.format(kernels.get(m));
                    } catch (IllegalArgumentException e) {
                        spec = String.valueOf(kernels.get(m));
                    }
                    return "the combination is not differentiable: kernel " + m + " of " + mu.length + ", " + spec
                            + " (weight " + mu[m] + "): " + why;
                }
            }
        }
        return null;
    }

    /**
     * The combined kernel sum_m mu_m s_m k_m(x, z) evaluated kernel by kernel through {@link Kernel#apply} (the
     * reference {@link #combined} is tested against; no shared work).
     *
     * @throws IllegalArgumentException as {@link #combined}
     */
    public Kernel<Vec> combinedOneByOne(double[] mu) {
        double[] w = BaseKernelMatrices.checkWeights(mu, kernels.size());
        return (x, z) -> {
            double s = 0;
            for (int m = 0; m < w.length; m++) {
                if (w[m] != 0) {
                    s += w[m] * (scales[m] * kernels.get(m).apply(x, z));
                }
            }
            return s;
        };
    }

    /**
     * The kernel as a {@link DifferentiableKernel}: a differentiable kernel itself; a weighted sum or a single
     * subset, feature or group kernel as the combination {@link #of}(its kernels)
     * {@code .combined}(its weights) (scales 1), which evaluates the same sum on the shared fast path and has a
     * gradient. This is how a model file's kernel specification ({@link Kernels#parse}) of a learned kernel
     * becomes differentiable again.
     *
     * @throws IllegalArgumentException saying why the kernel has no gradient, naming the base kernel
     */
    public static DifferentiableKernel differentiable(Kernel<Vec> kernel) {
        if (kernel instanceof DifferentiableKernel d) {
            return d;
        }
        String why = KernelGradients.whyNotDifferentiable(kernel);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        if (kernel instanceof WeightedSumKernel<?> s) {
            @SuppressWarnings("unchecked")
            List<Kernel<Vec>> kernels = (List<Kernel<Vec>>) (List<?>) s.kernels();
            double[] w = s.weights().stream().mapToDouble(Double::doubleValue).toArray();
            return of(kernels).combined(w).differentiable();
        }
        return of(List.of(kernel)).combined(new double[] {1.0}).differentiable();
    }

    /**
     * A learned combination K_mu = sum_m mu_m s_m k_m of the base kernels, evaluated on the fast path of
     * {@link KernelPlan} with the effective weights w_m = mu_m s_m. When every base kernel with mu_m &gt; 0 has
     * a gradient with respect to a point, {@link #combined} returns a {@link DifferentiableCombined}, which is a
     * {@link DifferentiableKernel}; {@link #differentiable} says which base kernel has none otherwise.
     * Immutable and thread-safe.
     */
    public sealed class Combined implements KernelCombination permits DifferentiableCombined {
        private final double[] mu;
        final double[] w;

        private Combined(double[] mu) {
            this.mu = mu;
            this.w = mu.clone();
            for (int m = 0; m < w.length; m++) {
                w[m] *= scales[m];
            }
        }

        /** The base kernels. */
        public MultipleKernel baseKernels() {
            return MultipleKernel.this;
        }

        /** A copy of the weights mu. */
        @Override
        public double[] weights() {
            return mu.clone();
        }

        /** Base kernel k_m (without its scale), as {@link MultipleKernel#kernel}. */
        @Override
        public Kernel<Vec> kernel(int m) {
            return kernels.get(m);
        }

        /** Scale s_m, as {@link MultipleKernel#scale}. */
        @Override
        public double scale(int m) {
            return scales[m];
        }

        /**
         * K_mu(x, z) with shared work per feature subset.
         *
         * @throws IllegalArgumentException for points of different dimensions or a feature out of range
         */
        @Override
        public double apply(Vec x, Vec z) {
            if (!anyDimension) {
                x.checkSameDim(z);
            }
            double s = 0;
            for (KernelPlan.Group grp : plan.groups) {
                if (!grp.active(w)) {
                    continue;
                }
                if (grp.feature == KernelPlan.ALL) {
                    s += grp.weighted(x.dot(z), x.squaredDistance(z), w);
                } else if (grp.feature == KernelPlan.LIST) {
                    checkFeature(grp.maxFeature(), x.dim());
                    double dot = 0, dist = 0;
                    for (int f : grp.features) {
                        double a = x.get(f), b = z.get(f);
                        double d = a - b;
                        dot += a * b;
                        dist += d * d;
                    }
                    s += grp.weighted(dot, dist, w);
                } else {
                    checkFeature(grp.feature, x.dim());
                    double a = x.get(grp.feature), b = z.get(grp.feature);
                    s += grp.weighted(a * b, (a - b) * (a - b), w);
                }
            }
            for (int m : plan.generic) {
                if (w[m] != 0) {
                    s += w[m] * kernels.get(m).apply(x, z);
                }
            }
            return s;
        }

        /**
         * The rows of K_mu between new points and the fixed {@code points}: {@link Rows#row} gives K_mu(x, z_c)
         * for every c, column-wise on the fast path.
         *
         * @throws IllegalArgumentException when the points differ in dimension or lack a feature a kernel reads
         */
        public Rows rows(List<? extends Vec> points) {
            return new Rows(this, points);
        }

        /**
         * The kernel part of a decision function, f(x) - b = sum_c coef_c K_mu(x, z_c), over the fixed points
         * (points with a zero coefficient dropped).
         *
         * @throws IllegalArgumentException for lengths that differ or points that do not suit the kernels
         */
        public Expansion expansion(List<? extends Vec> points, double[] coefficients) {
            if (points.size() != coefficients.length) {
                throw new IllegalArgumentException("expected " + points.size() + " coefficients, found "
                        + coefficients.length);
            }
            List<Vec> kept = new ArrayList<>();
            List<Double> coef = new ArrayList<>();
            for (int i = 0; i < coefficients.length; i++) {
                if (coefficients[i] != 0) {
                    kept.add(points.get(i));
                    coef.add(coefficients[i]);
                }
            }
            return new Expansion(new Rows(this, kept), coef.stream().mapToDouble(Double::doubleValue).toArray());
        }

        /**
         * Null when this combination has a gradient with respect to a point (it is a
         * {@link DifferentiableCombined}), else why not, naming the first base kernel with mu_m &gt; 0 that has none.
         */
        @Override
        public String whyNotDifferentiable() {
            return MultipleKernel.this.whyNotDifferentiable(mu);
        }

        /**
         * This kernel as a {@link DifferentiableKernel}.
         *
         * @throws IllegalArgumentException naming the first base kernel with mu_m &gt; 0 that has no gradient
         */
        public DifferentiableKernel differentiable() {
            throw new IllegalArgumentException(whyNotDifferentiable());
        }

        @Override
        public String toString() {
            return "MultipleKernel.Combined(M=" + kernels.size() + ")";
        }
    }

    /**
     * A combination K_mu = sum_m mu_m s_m k_m whose base kernels with mu_m &gt; 0 all have a gradient with respect
     * to a point (Gaussians, polynomials and linear kernels on all variables, one variable or a feature subset,
     * group Gaussians; {@link KernelGradients}): made by {@link #combined} for such weights. Per feature subset S
     * of {@link KernelPlan} (inner product s = x_S . z_S, squared distance d = ||x_S - z_S||^2):
     *
     * <pre>
     *   dK/dz_S = sum over the members of S of w_m (dk_m/ds x_S + 2 dk_m/dd (z_S - x_S)),
     *   Gaussian exp(-g d): dk/dd = -g k;  group Gaussian exp(-d / sigma): -k / sigma (0 for sigma = 0);
     *   polynomial (g s + c)^p: dk/ds = p g (g s + c)^(p-1)
     * </pre>
     *
     * and the other members one by one ({@link KernelGradients#addGradient}). Cost: that of one
     * {@link Combined#apply}. Immutable and thread-safe.
     */
    public final class DifferentiableCombined extends Combined implements DifferentiableKernel {

        private DifferentiableCombined(double[] mu) {
            super(mu);
        }

        /**
         * Adds {@code scale * dK_mu(x, z)/dz} to {@code acc} (length {@code z.dim()}).
         *
         * @throws IllegalArgumentException for points of different dimensions or a feature out of range
         */
        @Override
        public void addGradient(Vec x, Vec z, double scale, double[] acc) {
            x.checkSameDim(z);
            double[] d = new double[2];
            for (KernelPlan.Group grp : plan.groups) {
                if (!grp.active(w)) {
                    continue;
                }
                if (grp.feature == KernelPlan.ALL) {
                    grp.derivatives(x.dot(z), x.squaredDistance(z), w, d);
                    // d_s x + 2 d_d (z - x) = (d_s - 2 d_d) x + 2 d_d z
                    x.addTo(acc, scale * (d[0] - 2 * d[1]));
                    z.addTo(acc, scale * 2 * d[1]);
                } else if (grp.feature == KernelPlan.LIST) {
                    checkFeature(grp.maxFeature(), x.dim());
                    double dot = 0, dist = 0;
                    for (int f : grp.features) {
                        double a = x.get(f), b = z.get(f);
                        double diff = a - b;
                        dot += a * b;
                        dist += diff * diff;
                    }
                    grp.derivatives(dot, dist, w, d);
                    for (int f : grp.features) {
                        double a = x.get(f), b = z.get(f);
                        acc[f] += scale * (d[0] * a + 2 * d[1] * (b - a));
                    }
                } else {
                    checkFeature(grp.feature, x.dim());
                    double a = x.get(grp.feature), b = z.get(grp.feature);
                    grp.derivatives(a * b, (a - b) * (a - b), w, d);
                    acc[grp.feature] += scale * (d[0] * a + 2 * d[1] * (b - a));
                }
            }
            for (int m : plan.generic) {
                if (w[m] != 0) {
                    KernelGradients.addGradient(kernels.get(m), x, z, scale * w[m], acc);
                }
            }
        }

        /** This kernel. */
        @Override
        public DifferentiableKernel differentiable() {
            return this;
        }
    }

    private static void checkFeature(int feature, int dim) {
        if (feature >= dim) {
            throw new IllegalArgumentException("a base kernel reads feature " + feature
                    + " but the points have dimension " + dim);
        }
    }

    /**
     * Rows of a combined kernel K_mu between new points x and fixed points z_1..z_p, evaluated column-wise as the
     * training rows of {@link SharedKernelMatrices} are: per active feature subset the inner products and
     * squared distances to every z_c, one exp per Gaussian chain and point, loops over the points that the JIT
     * vectorises; alignment kernels keep the self-alignments of the z_c. Same member values as
     * {@link Combined#apply}, summed subset by subset (group Gaussians as exp(-dist (1 / sigma)), see
     * {@link KernelPlan.Active#accumulate}). Immutable; {@link #row} is thread-safe.
     */
    public static final class Rows {
        private final Vec[] z;
        private final double[] w;
        private final KernelPlan.Active[] active;
        /** Per active group: null (all variables), or the fixed points' values of its features (feature-major). */
        private final double[][][] columns;
        private final int[] generic;
        private final Kernel<Vec>[] genericKernel;
        /** Per generic alignment kernel: the fixed points' channels and their self-alignments log G(z, z). */
        private final Vec[][] series;
        private final double[][] selfLog;
        private final boolean anyDimension;

        @SuppressWarnings("unchecked")
        private Rows(Combined k, List<? extends Vec> points) {
            KernelPlan plan = k.baseKernels().plan;
            anyDimension = k.baseKernels().acceptsAnyDimension();
            int count = points.size();
            z = points.toArray(new Vec[0]);
            for (int c = 1; c < count; c++) {
                z[0].checkSameDim(z[c]);
            }
            w = k.w;
            active = plan.compile(w);
            columns = new double[active.length][][];
            for (int a = 0; a < active.length; a++) {
                int f = active[a].feature;
                if (f != KernelPlan.ALL) {
                    int[] fs = f == KernelPlan.LIST ? active[a].features : new int[] {f};
                    double[][] cols = new double[fs.length][count];
                    for (int c = 0; c < count; c++) {
                        for (int b = 0; b < fs.length; b++) {
                            checkFeature(fs[b], z[c].dim());
                            cols[b][c] = z[c].get(fs[b]);
                        }
                    }
                    columns[a] = cols;
                }
            }
            generic = Arrays.stream(plan.generic).filter(m -> w[m] != 0).toArray();
            genericKernel = new Kernel[generic.length];
            series = new Vec[generic.length][];
            selfLog = new double[generic.length][];
            List<Kernel<Vec>> kernels = k.baseKernels().kernels;
            for (int g = 0; g < generic.length; g++) {
                genericKernel[g] = kernels.get(generic[g]);
                if (genericKernel[g] instanceof AlignmentChannel ca) {
                    Vec[] ser = new Vec[count];
                    double[] self = new double[count];
                    for (int c = 0; c < count; c++) {
                        ser[c] = ca.channel(z[c]);
                        self[c] = ca.alignment().logValue(ser[c], ser[c]);
                    }
                    series[g] = ser;
                    selfLog[g] = self;
                }
            }
        }

        /** The number of fixed points. */
        public int size() {
            return z.length;
        }

        /**
         * out[c] = K_mu(x, z_c) for every fixed point z_c.
         *
         * @throws IllegalArgumentException for a point of another dimension or an output shorter than {@link #size}
         */
        public void row(Vec x, double[] out) {
            int count = z.length;
            if (out.length < count) {
                throw new IllegalArgumentException("expected an output of length >= " + count + ", found " + out.length);
            }
            if (count == 0) {
                return;
            }
            if (!anyDimension) {
                x.checkSameDim(z[0]);
            }
            for (int c = 0; c < count; c++) {
                out[c] = 0;
            }
            double[] dot = new double[count], dist = new double[count], tmp = new double[count];
            for (int a = 0; a < active.length; a++) {
                double[][] cols = columns[a];
                if (cols == null) {
                    for (int c = 0; c < count; c++) {
                        dot[c] = x.dot(z[c]);
                        dist[c] = x.squaredDistance(z[c]);
                    }
                } else if (cols.length == 1) {
                    double[] col = cols[0];
                    double xf = x.get(active[a].feature);
                    if (active[a].needsDot()) {
                        for (int c = 0; c < count; c++) {
                            dot[c] = xf * col[c];
                            double d = xf - col[c];
                            dist[c] = d * d;
                        }
                    } else {
                        for (int c = 0; c < count; c++) {
                            double d = xf - col[c];
                            dist[c] = d * d;
                        }
                    }
                } else {
                    int[] fs = active[a].features;
                    Arrays.fill(dot, 0, count, 0.0);
                    Arrays.fill(dist, 0, count, 0.0);
                    for (int b = 0; b < fs.length; b++) {
                        double xf = x.get(fs[b]);
                        double[] col = cols[b];
                        for (int c = 0; c < count; c++) {
                            dot[c] += xf * col[c];
                            double d = xf - col[c];
                            dist[c] += d * d;
                        }
                    }
                }
                active[a].accumulate(dot, dist, count, out, tmp, true);
            }
            for (int g = 0; g < generic.length; g++) {
                double wm = w[generic[g]];
                if (genericKernel[g] instanceof AlignmentChannel ca) {
                    Vec xc = ca.channel(x);
                    GlobalAlignmentKernel gak = ca.alignment();
                    double lx = gak.logValue(xc, xc);
                    for (int c = 0; c < count; c++) {
                        double l = gak.logValue(xc, series[g][c]);
                        double v = l == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(l - 0.5 * lx - 0.5 * selfLog[g][c]);
                        out[c] += wm * v;
                    }
                } else {
                    for (int c = 0; c < count; c++) {
                        out[c] += wm * genericKernel[g].apply(x, z[c]);
                    }
                }
            }
        }
    }

    /**
     * The kernel part of a decision function, f(x) - b = sum_c coef_c K_mu(x, z_c), over the points with a
     * non-zero coefficient ({@link Combined#expansion}): {@link Rows#row} then the weighted sum. Immutable;
     * {@link #value} is thread-safe.
     */
    public static final class Expansion {
        private final Rows rows;
        private final double[] coef;

        private Expansion(Rows rows, double[] coef) {
            this.rows = rows;
            this.coef = coef;
        }

        /** The number of points with a non-zero coefficient. */
        public int size() {
            return coef.length;
        }

        /**
         * sum_c coef_c K_mu(x, z_c).
         *
         * @throws IllegalArgumentException for a point of another dimension
         */
        public double value(Vec x) {
            int count = coef.length;
            if (count == 0) {
                return 0;
            }
            double[] sums = new double[count];
            rows.row(x, sums);
            double f = 0;
            for (int c = 0; c < count; c++) {
                f += coef[c] * sums[c];
            }
            return f;
        }
    }

    @Override
    public String toString() {
        return "MultipleKernel(M=" + kernels.size() + ", " + normalisation + ", " + plan + ")";
    }
}
