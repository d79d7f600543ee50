package dev.kernelkit.cvm;

import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.Model;
import dev.kernelkit.svm.ExpansionBatch;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.List;
import java.util.Objects;

/**
 * A fitted one-class CVM ({@link OneClassCvm}) over any example type: the vector model
 * {@link OneClassCvmModel} and the bag model {@link BagOneClassCvmModel} are this class with their
 * input type. It keeps the support examples (core vectors with a_i &gt; 0), the weights a_i, ||c||^2
 * and R^2 of the ball in the feature space of k~ = k + I/C. As a {@link Model} it has the classes
 * {@value #OUTLIER} (index 0) and {@value #INLIER} (index 1) and the one decision value
 * f(x) = R^2 - ||c - phi(x)||^2 (LibCVM's CVDD, spec §2.4): an inlier when f(x) &gt; 0. Immutable.
 *
 * @param <X> the example type
 */
public abstract sealed class OneClassBallModel<X> implements Model<X> permits OneClassCvmModel, BagOneClassCvmModel {
    /** The name of class 0, examples outside the ball. */
    public static final String OUTLIER = "outlier";
    /** The name of class 1, examples inside the ball. */
    public static final String INLIER = "inlier";
    private static final List<String> CLASS_NAMES = List.of(OUTLIER, INLIER);

    private final Kernel<X> kernel;
    private final KernelSpace<X> space;
    private final double c;
    private final List<X> supportVectors;
    private final double[] alpha;
    private final double centreNorm2;
    private final double radius2;
    private final int dim;
    private final FitReport report;
    private final CoreSetResult coreSet;

    OneClassBallModel(Kernel<X> kernel, KernelSpace<X> space, double c, List<X> supportVectors, double[] alpha,
                      double centreNorm2, double radius2, int dim, FitReport report, CoreSetResult coreSet) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(report, "report");
        if (supportVectors.size() != alpha.length) {
            throw new IllegalArgumentException("expected " + supportVectors.size() + " weights, found " + alpha.length);
        }
        for (X v : supportVectors) {
            if (space.dim(v) != dim) {
                throw new IllegalArgumentException("a support example has dimension " + space.dim(v) + ", expected " + dim);
            }
        }
        this.kernel = kernel;
        this.space = space;
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
    public double decision(X x) {
        double s = 0;
        for (int i = 0; i < alpha.length; i++) {
            s += alpha[i] * kernel.apply(supportVectors.get(i), x);
        }
        return radius2 - (centreNorm2 - 2 * s + kernel.apply(x, x));
    }

    /**
     * {@link #decision} of many examples, the kernel values against the support examples from one lazy
     * kernel matrix (the same doubles as {@code kernel.apply}, summed in the same order).
     */
    public double[] decisions(List<? extends X> points) {
        KernelExpansionModel<X> e = KernelExpansionModel.of(kernel, supportVectors, alpha, 0.0);
        double[] s = ExpansionBatch.decisions(e, points, all -> space.matrix(all, kernel));
        double[] out = new double[s.length];
        for (int p = 0; p < out.length; p++) {
            X x = points.get(p);
            out[p] = radius2 - (centreNorm2 - 2 * s[p] + kernel.apply(x, x));
        }
        return out;
    }

    /** {f(x)}. */
    @Override
    public double[] decisions(X x) {
        return new double[] {decision(x)};
    }

    /** 1 ({@value #INLIER}) when f(x) &gt; 0, else 0 ({@value #OUTLIER}). */
    @Override
    public int predict(X x) {
        return decision(x) > 0 ? 1 : 0;
    }

    /** +1 for an inlier, -1 for an outlier (the labels of {@code cvm predict}). */
    public double predictLabel(X x) {
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
    public int dim() {
        return dim;
    }

    public Kernel<X> kernel() {
        return kernel;
    }

    public double c() {
        return c;
    }

    public List<X> supportVectors() {
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
}
