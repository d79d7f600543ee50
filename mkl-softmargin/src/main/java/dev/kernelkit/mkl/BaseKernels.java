package dev.kernelkit.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An ordered list of M base kernels k_1..k_M on vectors with a scale s_m per kernel, so that base
 * kernel m is s_m k_m(x, z). The scales normalise each kernel to unit trace on the training data
 * ({@link #withUnitTrace}) and are applied unchanged to test points, as in SimpleMKL
 * (Rakotomamonjy et al., JMLR 2008) and the experiments of Xu, Tsang and Xu (TNNLS 2013, V-B).
 *
 * <p>{@link #simpleMklProtocol} builds the paper's list: Gaussian kernels exp(-||x - z||^2 /
 * (2 sigma^2)) with sigma in {2^-3, ..., 2^6} and polynomial kernels (&lt;x, z&gt; + 1)^d with
 * d in {1, 2, 3}, each on all variables and on every single variable: 13 (d + 1) kernels.
 * Training matrices ({@link #gram}) share one inner-product matrix per feature subset across
 * those kernels instead of storing M dense matrices. Immutable.
 */
public final class BaseKernels {
    /** The Gaussian bandwidths sigma of the protocol, 2^-3 .. 2^6. */
    public static final List<Double> PROTOCOL_SIGMAS = List.of(0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0);
    /** The polynomial degrees of the protocol. */
    public static final List<Integer> PROTOCOL_DEGREES = List.of(1, 2, 3);

    private final List<Kernel<Vec>> kernels;
    private final double[] scales;
    private final KernelPlan plan;

    private BaseKernels(List<Kernel<Vec>> kernels, double[] scales) {
        this.kernels = kernels;
        this.scales = scales;
        this.plan = KernelPlan.of(kernels);
    }

    /**
     * The given kernels with scale 1.
     *
     * @throws IllegalArgumentException for an empty list or a null kernel
     */
    public static BaseKernels of(List<? extends Kernel<Vec>> kernels) {
        if (kernels == null || kernels.isEmpty()) {
            throw new IllegalArgumentException("the kernel list must not be empty");
        }
        for (int m = 0; m < kernels.size(); m++) {
            if (kernels.get(m) == null) {
                throw new IllegalArgumentException("kernel " + m + " is null");
            }
        }
        double[] ones = new double[kernels.size()];
        Arrays.fill(ones, 1.0);
        return new BaseKernels(List.copyOf(kernels), ones);
    }

    /**
     * The SimpleMKL protocol list for points of dimension d (unscaled; call {@link #withUnitTrace}):
     * for the subset "all variables", then each variable 0..d-1, the ten Gaussians (ascending
     * sigma) followed by the three polynomials.
     *
     * @throws IllegalArgumentException when d &lt; 1
     */
    public static BaseKernels simpleMklProtocol(int dim) {
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
        return new BaseKernels(List.copyOf(list), ones(list.size()));
    }

    private static double[] ones(int m) {
        double[] s = new double[m];
        Arrays.fill(s, 1.0);
        return s;
    }

    /**
     * The same kernels with s_m = 1 / sum_i k_m(x_i, x_i) over the training points (unit trace).
     *
     * @throws IllegalArgumentException for no points or a kernel whose trace is not positive and finite
     */
    public BaseKernels withUnitTrace(List<? extends Vec> training) {
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
        return new BaseKernels(kernels, s);
    }

    /**
     * The same kernels with the given scales (e.g. read from a model file).
     *
     * @throws IllegalArgumentException for a wrong length or a scale that is not positive and finite
     */
    public BaseKernels withScales(double[] values) {
        if (values.length != kernels.size()) {
            throw new IllegalArgumentException("expected " + kernels.size() + " scales, found " + values.length);
        }
        for (int m = 0; m < values.length; m++) {
            if (!(values[m] > 0) || !Double.isFinite(values[m])) {
                throw new IllegalArgumentException("scale " + m + " must be > 0 and finite, got " + values[m]);
            }
        }
        return new BaseKernels(kernels, values.clone());
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

    /** Every scaled base kernel value s_m k_m(x, z), evaluated one kernel at a time (the reference path). */
    public double[] values(Vec x, Vec z) {
        double[] out = new double[kernels.size()];
        for (int m = 0; m < out.length; m++) {
            out[m] = scales[m] * kernels.get(m).apply(x, z);
        }
        return out;
    }

    /** mu_m s_m for every m: the weights {@link #weightedSum} reads. */
    double[] effectiveWeights(double[] mu) {
        double[] w = BaseKernelMatrices.checkWeights(mu, kernels.size());
        for (int m = 0; m < w.length; m++) {
            w[m] *= scales[m];
        }
        return w;
    }

    /**
     * sum_m w_m k_m(x, z) with shared work per feature subset (w from {@link #effectiveWeights}).
     *
     * @throws IllegalArgumentException for points of different dimensions or a feature out of range
     */
    double weightedSum(Vec x, Vec z, double[] w) {
        x.checkSameDim(z);
        double s = 0;
        for (KernelPlan.Group grp : plan.groups) {
            if (!grp.active(w)) {
                continue;
            }
            if (grp.feature == KernelPlan.ALL) {
                s += grp.weighted(x.dot(z), x.squaredDistance(z), w);
            } else {
                if (grp.feature >= x.dim()) {
                    throw new IllegalArgumentException("a base kernel reads feature " + grp.feature
                            + " but the points have dimension " + x.dim());
                }
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
     * The kernel part of a decision function, f(x) - b = sum_c coef_c sum_m w_m k_m(x, z_c), laid out for
     * column-wise evaluation (w from {@link #effectiveWeights}; points with a zero coefficient are dropped).
     */
    Expansion expansion(List<Vec> z, double[] coef, double[] w) {
        return new Expansion(z, coef, w);
    }

    /**
     * f(x) - b of one machine, evaluated column-wise over its points as the training rows of
     * {@link SharedKernelMatrices} are: per feature subset, the inner products and squared distances to every
     * point, then one exp per Gaussian chain and point and loops over the points that the JIT vectorises. Same
     * member values as {@link #weightedSum}, summed in a different order. Immutable; {@link #value} is thread-safe.
     */
    final class Expansion {
        private final Vec[] z;
        private final double[] coef;
        private final double[] w;
        private final KernelPlan.Active[] active;
        private final double[][] columns;

        private Expansion(List<Vec> points, double[] coefficients, double[] weights) {
            int count = 0;
            for (double c : coefficients) {
                count += c != 0 ? 1 : 0;
            }
            z = new Vec[count];
            coef = new double[count];
            for (int i = 0, c = 0; i < coefficients.length; i++) {
                if (coefficients[i] != 0) {
                    z[c] = points.get(i);
                    coef[c++] = coefficients[i];
                }
            }
            w = weights.clone();
            active = plan.compile(w);
            columns = new double[active.length][];
            for (int a = 0; a < active.length; a++) {
                int f = active[a].feature;
                if (f != KernelPlan.ALL) {
                    double[] col = new double[count];
                    for (int c = 0; c < count; c++) {
                        if (f >= z[c].dim()) {
                            throw new IllegalArgumentException("a base kernel reads feature " + f
                                    + " but the points have dimension " + z[c].dim());
                        }
                        col[c] = z[c].get(f);
                    }
                    columns[a] = col;
                }
            }
        }

        /**
         * sum_c coef_c sum_m w_m k_m(x, z_c).
         *
         * @throws IllegalArgumentException for a point of another dimension
         */
        double value(Vec x) {
            int count = z.length;
            if (count == 0) {
                return 0;
            }
            x.checkSameDim(z[0]);
            double[] sums = new double[count], dot = new double[count], dist = new double[count], tmp = new double[count];
            for (int a = 0; a < active.length; a++) {
                double[] col = columns[a];
                if (col == null) {
                    for (int c = 0; c < count; c++) {
                        dot[c] = x.dot(z[c]);
                        dist[c] = x.squaredDistance(z[c]);
                    }
                } else {
                    double xf = x.get(active[a].feature);
                    for (int c = 0; c < count; c++) {
                        dot[c] = xf * col[c];
                        double d = xf - col[c];
                        dist[c] = d * d;
                    }
                }
                active[a].accumulate(dot, dist, count, sums, tmp);
            }
            for (int m : plan.generic) {
                if (w[m] != 0) {
                    for (int c = 0; c < count; c++) {
                        sums[c] += w[m] * kernels.get(m).apply(x, z[c]);
                    }
                }
            }
            double f = 0;
            for (int c = 0; c < count; c++) {
                f += coef[c] * sums[c];
            }
            return f;
        }
    }

    @Override
    public String toString() {
        return "BaseKernels(M=" + kernels.size() + ", " + plan + ")";
    }
}
