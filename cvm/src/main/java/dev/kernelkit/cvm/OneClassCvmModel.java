package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.List;

/**
 * A fitted one-class CVM ({@link OneClassCvm}): support vectors (core vectors with a_i &gt; 0),
 * weights a_i, ||c||^2 and R^2 of the ball in the feature space of k~ = k + I/C. Immutable.
 */
public final class OneClassCvmModel {
    private final Kernel<Vec> kernel;
    private final double c;
    private final List<Vec> supportVectors;
    private final double[] alpha;
    private final double centreNorm2;
    private final double radius2;
    private final CoreSetResult report;

    OneClassCvmModel(Kernel<Vec> kernel, double c, List<Vec> supportVectors, double[] alpha, double centreNorm2,
                     double radius2, CoreSetResult report) {
        if (supportVectors.size() != alpha.length) {
            throw new IllegalArgumentException("expected " + supportVectors.size() + " weights, found " + alpha.length);
        }
        this.kernel = kernel;
        this.c = c;
        this.supportVectors = List.copyOf(supportVectors);
        this.alpha = alpha.clone();
        this.centreNorm2 = centreNorm2;
        this.radius2 = radius2;
        this.report = report;
    }

    /** R^2 - ||c - phi(x)||^2 with ||c - phi(x)||^2 = ||c||^2 - 2 sum a_i k(x_i, x) + k(x, x). */
    public double decision(Vec x) {
        double s = 0;
        for (int i = 0; i < alpha.length; i++) {
            s += alpha[i] * kernel.apply(supportVectors.get(i), x);
        }
        return radius2 - (centreNorm2 - 2 * s + kernel.apply(x, x));
    }

    /** +1 (normal) when the decision value is &ge; 0, else -1 (novel). */
    public double predict(Vec x) {
        return decision(x) >= 0 ? 1.0 : -1.0;
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
    public CoreSetResult report() {
        return report;
    }
}
