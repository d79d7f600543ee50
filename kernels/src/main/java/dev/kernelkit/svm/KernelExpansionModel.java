package dev.kernelkit.svm;

import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A fitted kernel expansion f(x) = sum_i beta_i k(s_i, x) + b over support vectors s_i; for an
 * SVM beta_i = alpha_i y_i (Chang and Lin 2011, eq. 13). Immutable.
 *
 * @param <T> the point type
 */
public final class KernelExpansionModel<T> {
    private final Kernel<T> kernel;
    private final List<T> supportVectors;
    private final double[] coefficients;
    private final double bias;

    private KernelExpansionModel(Kernel<T> kernel, List<T> supportVectors, double[] coefficients, double bias) {
        this.kernel = kernel;
        this.supportVectors = supportVectors;
        this.coefficients = coefficients;
        this.bias = bias;
    }

    /**
     * Rebuilds a model from its parts (used by model files).
     *
     * @throws IllegalArgumentException when the counts differ or a coefficient or the bias is not
     *         finite
     */
    public static <T> KernelExpansionModel<T> of(Kernel<T> kernel, List<? extends T> supportVectors,
                                                 double[] coefficients, double bias) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(supportVectors, "supportVectors");
        if (supportVectors.size() != coefficients.length) {
            throw new IllegalArgumentException("expected " + supportVectors.size() + " coefficients, found "
                    + coefficients.length);
        }
        for (int i = 0; i < coefficients.length; i++) {
            if (!Double.isFinite(coefficients[i])) {
                throw new IllegalArgumentException("coefficient " + i + " must be finite, got " + coefficients[i]);
            }
        }
        if (!Double.isFinite(bias)) {
            throw new IllegalArgumentException("bias must be finite, got " + bias);
        }
        return new KernelExpansionModel<>(kernel, List.copyOf(supportVectors), coefficients.clone(), bias);
    }

    /**
     * The model of a solved dual: support vectors are the points with alpha_i &gt; 0, with
     * coefficients alpha_i y_i, and the solution's bias.
     */
    public static <T> KernelExpansionModel<T> fromSolution(Kernel<T> kernel, List<? extends T> points,
                                                           double[] labels, SvmSolution solution) {
        if (points.size() != solution.size() || labels.length != solution.size()) {
            throw new IllegalArgumentException("expected " + solution.size() + " points and labels, found "
                    + points.size() + " points and " + labels.length + " labels");
        }
        List<T> sv = new ArrayList<>();
        int[] idx = solution.supportIndices();
        double[] coef = new double[idx.length];
        for (int k = 0; k < idx.length; k++) {
            sv.add(points.get(idx[k]));
            coef[k] = solution.alpha(idx[k]) * labels[idx[k]];
        }
        return of(kernel, sv, coef, solution.bias());
    }

    /** f(x) = sum_i beta_i k(s_i, x) + b, in O(#SV) kernel evaluations. */
    public double decision(T x) {
        double s = bias;
        for (int i = 0; i < coefficients.length; i++) {
            s += coefficients[i] * kernel.apply(supportVectors.get(i), x);
        }
        return s;
    }

    /** +1 when f(x) &gt; 0, else -1 (ties go to -1, as in LIBSVM's binary prediction). */
    public double predict(T x) {
        return decision(x) > 0 ? 1.0 : -1.0;
    }

    /** The kernel. */
    public Kernel<T> kernel() {
        return kernel;
    }

    /** The support vectors, unmodifiable. */
    public List<T> supportVectors() {
        return supportVectors;
    }

    /** A copy of the coefficients beta_i = alpha_i y_i. */
    public double[] coefficients() {
        return coefficients.clone();
    }

    /** The bias b. */
    public double bias() {
        return bias;
    }

    /** Number of support vectors. */
    public int supportVectorCount() {
        return coefficients.length;
    }

    @Override
    public String toString() {
        return "KernelExpansionModel(kernel=" + kernel + ", sv=" + coefficients.length + ", bias=" + bias + ")";
    }
}
