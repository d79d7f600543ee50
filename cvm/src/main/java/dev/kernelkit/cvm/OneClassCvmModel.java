package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Model;
import java.util.List;
import java.util.Objects;

/**
 * A fitted one-class CVM ({@link OneClassCvm}): support vectors (core vectors with a_i &gt; 0),
 * weights a_i, ||c||^2 and R^2 of the ball in the feature space of k~ = k + I/C. As a {@link Model}
 * it has the classes {@value #OUTLIER} (index 0) and {@value #INLIER} (index 1) and the one decision
 * value f(x) = R^2 - ||c - phi(x)||^2: an inlier when f(x) &gt; 0. Immutable.
 */
public final class OneClassCvmModel implements Model<Vec> {
    /** The name of class 0, points outside the ball. */
    public static final String OUTLIER = "outlier";
    /** The name of class 1, points inside the ball. */
    public static final String INLIER = "inlier";
    private static final List<String> CLASS_NAMES = List.of(OUTLIER, INLIER);

    private final Kernel<Vec> kernel;
    private final double c;
    private final List<Vec> supportVectors;
    private final double[] alpha;
    private final double centreNorm2;
    private final double radius2;
    private final int dim;
    private final FitReport report;
    private final CoreSetResult coreSet;

    OneClassCvmModel(Kernel<Vec> kernel, double c, List<Vec> supportVectors, double[] alpha, double centreNorm2,
                     double radius2, int dim, FitReport report, CoreSetResult coreSet) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(report, "report");
        if (supportVectors.size() != alpha.length) {
            throw new IllegalArgumentException("expected " + supportVectors.size() + " weights, found " + alpha.length);
        }
        for (Vec v : supportVectors) {
            if (v.dim() != dim) {
                throw new IllegalArgumentException("a support vector has dimension " + v.dim() + ", expected " + dim);
            }
        }
        this.kernel = kernel;
        this.c = c;
        this.supportVectors = List.copyOf(supportVectors);
        this.alpha = alpha.clone();
        this.centreNorm2 = centreNorm2;
        this.radius2 = radius2;
        this.dim = dim;
        this.report = report;
        this.coreSet = coreSet;
    }

    /** f(x) = R^2 - ||c - phi(x)||^2 with ||c - phi(x)||^2 = ||c||^2 - 2 sum a_i k(x_i, x) + k(x, x). */
    public double decision(Vec x) {
        double s = 0;
        for (int i = 0; i < alpha.length; i++) {
            s += alpha[i] * kernel.apply(supportVectors.get(i), x);
        }
        return radius2 - (centreNorm2 - 2 * s + kernel.apply(x, x));
    }

    /** {f(x)}. */
    @Override
    public double[] decisions(Vec x) {
        return new double[] {decision(x)};
    }

    /** 1 ({@value #INLIER}) when f(x) &gt; 0, else 0 ({@value #OUTLIER}). */
    @Override
    public int predict(Vec x) {
        return decision(x) > 0 ? 1 : 0;
    }

    /** +1 for an inlier, -1 for an outlier (the labels of {@code cvm predict}). */
    public double predictLabel(Vec x) {
        return predict(x) == 1 ? 1.0 : -1.0;
    }

    @Override
    public List<String> classNames() {
        return CLASS_NAMES;
    }

    @Override
    public FitReport report() {
        return report;
    }

    @Override
    public InputKind input() {
        return InputKind.VECTORS;
    }

    @Override
    public int dim() {
        return dim;
    }

    public Kernel<Vec> kernel() {
        return kernel;
    }

    public double c() {
        return c;
    }

    public List<Vec> supportVectors() {
        return supportVectors;
    }

    public double[] alpha() {
        return alpha.clone();
    }

    public double centreNorm2() {
        return centreNorm2;
    }

    public double radius2() {
        return radius2;
    }

    /** The core-set run (null for a loaded model). */
    public CoreSetResult coreSet() {
        return coreSet;
    }

    @Override
    public String toString() {
        return "OneClassCvmModel(sv=" + supportVectors.size() + ", R2=" + radius2 + ")";
    }
}
