package dev.kernelkit.kernel;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import java.util.List;

/**
 * The gradient dk(x, z)/dz of the composite vector kernels whose base kernels have one, for methods that move
 * a point (SparseMI's expansion vectors, TNNLS 2013 eq. 18) on a kernel an MKL or IMKPL model learned:
 *
 * <ul>
 *   <li>any {@link DifferentiableKernel} (Gaussian, polynomial, linear, {@link WeightedGaussianKernel}, a
 *       differentiable {@link KernelCombination}): its own gradient;</li>
 *   <li>{@link SingleFeatureKernel} k(x_j, z_j): the base kernel's derivative at the two scalars, in
 *       coordinate j only (Gaussian 2 gamma (x_j - z_j) k, polynomial p gamma (gamma x_j z_j + c)^(p-1) x_j,
 *       linear x_j);</li>
 *   <li>{@link FeatureSubsetKernel} k(x_S, z_S): the base kernel's gradient at the projections, placed back
 *       on the features of S;</li>
 *   <li>{@link GroupGaussianKernel} exp(-||x_G - z_G||^2 / sigma): (2 / sigma) (x_f - z_f) k for f in G, 0
 *       for sigma = 0 (the all-ones kernel);</li>
 *   <li>{@link WeightedSumKernel} sum_m w_m k_m: sum_m w_m dk_m/dz over the kernels with w_m &gt; 0.</li>
 * </ul>
 *
 * Anything else (chi-square, Laplacian, inverse distances, sigmoid, normalised and power kernels, alignment
 * kernels) has no gradient here: {@link #whyNotDifferentiable} names it. Cost: that of one kernel evaluation
 * plus O(|S|) per subset kernel; sparse points are projected, never densified.
 */
public final class KernelGradients {
    private KernelGradients() {
    }

    /**
     * Null when {@link #addGradient} can differentiate {@code kernel}, else why not, naming the first base
     * kernel (with positive weight) that has no gradient.
     */
    public static String whyNotDifferentiable(Kernel<Vec> kernel) {
        if (kernel instanceof KernelCombination c) {
            return c.whyNotDifferentiable();
        }
        if (kernel instanceof DifferentiableKernel || kernel instanceof GroupGaussianKernel) {
            return null;
        }
        if (kernel instanceof SingleFeatureKernel s) {
            return whyNotDifferentiable(s.base());
        }
        if (kernel instanceof FeatureSubsetKernel f) {
            return whyNotDifferentiable(f.base());
        }
        if (kernel instanceof WeightedSumKernel<?> s) {
            for (int m = 0; m < s.kernels().size(); m++) {
                if (s.weights().get(m) > 0) {
                    @SuppressWarnings("unchecked")
                    String why = whyNotDifferentiable((Kernel<Vec>) s.kernels().get(m));
                    if (why != null) {
                        return why;
                    }
                }
            }
            return null;
        }
        return "base kernel " + describe(kernel) + " has no gradient with respect to a point (differentiable: "
                + "gaussian, polynomial, linear, weighted-gaussian and group Gaussians, alone, on one feature, on a "
                + "feature subset or in a weighted sum of these)";
    }

    /** Whether {@link #addGradient} can differentiate {@code kernel}. */
    public static boolean isDifferentiable(Kernel<Vec> kernel) {
        return whyNotDifferentiable(kernel) == null;
    }

    /**
     * Adds {@code scale * dk(x, z)/dz} to {@code acc} (length {@code z.dim()}).
     *
     * @throws IllegalArgumentException when the kernel has no gradient ({@link #whyNotDifferentiable}), or the
     *         points differ in dimension or lack a feature the kernel reads
     */
    public static void addGradient(Kernel<Vec> kernel, Vec x, Vec z, double scale, double[] acc) {
        if (kernel instanceof DifferentiableKernel d) {
            d.addGradient(x, z, scale, acc);
        } else if (kernel instanceof SingleFeatureKernel s) {
            addSingleFeature(s, x, z, scale, acc);
        } else if (kernel instanceof FeatureSubsetKernel f) {
            addSubset(f, x, z, scale, acc);
        } else if (kernel instanceof GroupGaussianKernel g) {
            addGroupGaussian(g, x, z, scale, acc);
        } else if (kernel instanceof WeightedSumKernel<?> s) {
            for (int m = 0; m < s.kernels().size(); m++) {
                double w = s.weights().get(m);
                if (w > 0) {
                    @SuppressWarnings("unchecked")
                    Kernel<Vec> k = (Kernel<Vec>) s.kernels().get(m);
                    addGradient(k, x, z, scale * w, acc);
                }
            }
        } else {
            String why = whyNotDifferentiable(kernel);
            throw new IllegalArgumentException(why != null ? why : "no gradient for " + describe(kernel));
        }
    }

    private static void addSingleFeature(SingleFeatureKernel s, Vec x, Vec z, double scale, double[] acc) {
        x.checkSameDim(z);
        int f = s.feature();
        if (f >= x.dim()) {
            throw new IllegalArgumentException("feature " + f + " out of range for dimension " + x.dim());
        }
        double a = x.get(f), b = z.get(f);
        Kernel<Vec> base = s.base();
        if (base instanceof GaussianKernel g) {
            double diff = a - b;
            acc[f] += scale * 2.0 * g.gamma() * diff * Math.exp(-g.gamma() * (diff * diff));
        } else if (base instanceof LinearKernel) {
            acc[f] += scale * a;
        } else if (base instanceof PolynomialKernel p) {
            acc[f] += scale * p.degree() * p.gamma() * Checks.intPow(p.gamma() * (a * b) + p.offset(), p.degree() - 1) * a;
        } else {
            double[] one = new double[1];
            addGradient(base, DenseVec.of(a), DenseVec.of(b), scale, one);
            acc[f] += one[0];
        }
    }

    private static void addSubset(FeatureSubsetKernel f, Vec x, Vec z, double scale, double[] acc) {
        x.checkSameDim(z);
        int[] features = f.features();
        int last = features[features.length - 1];
        if (last >= x.dim()) {
            throw new IllegalArgumentException("feature " + last + " out of range for dimension " + x.dim());
        }
        double[] part = new double[features.length];
        addGradient(f.base(), f.project(x), f.project(z), scale, part);
        for (int i = 0; i < features.length; i++) {
            acc[features[i]] += part[i];
        }
    }

    private static void addGroupGaussian(GroupGaussianKernel g, Vec x, Vec z, double scale, double[] acc) {
        double k = g.apply(x, z);
        if (g.width() == 0) {
            return;
        }
        double c = scale * 2.0 / g.width() * k;
        for (int a = 0; a < g.size(); a++) {
            int f = g.feature(a);
            acc[f] += c * (x.get(f) - z.get(f));
        }
    }

    /** The kernel's specification where {@link Kernels#format} knows it, else its toString. */
    static String describe(Kernel<?> kernel) {
        try {
            return Kernels.format(kernel);
        } catch (IllegalArgumentException e) {
            return String.valueOf(kernel);
        }
    }
}
