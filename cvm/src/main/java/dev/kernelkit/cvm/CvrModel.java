package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.svm.KernelExpansionModel;

/**
 * A fitted core vector regression ({@link CoreVectorRegression}): f(x) = sum beta_i k(x_i, x) + b
 * with beta_i = C (lambda_i - lambda_i*), the recovered insensitive-zone width epsbar and the
 * core-set run. Immutable.
 */
public final class CvrModel {
    private final KernelExpansionModel<Vec> expansion;
    private final double epsilonBar;
    private final int coreSize;
    private final CoreSetResult report;

    CvrModel(KernelExpansionModel<Vec> expansion, double epsilonBar, int coreSize, CoreSetResult report) {
        this.expansion = expansion;
        this.epsilonBar = epsilonBar;
        this.coreSize = coreSize;
        this.report = report;
    }

    /** f(x). */
    public double predict(Vec x) {
        return expansion.decision(x);
    }

    /** The expansion (support vectors, coefficients C(lambda - lambda*), bias). */
    public KernelExpansionModel<Vec> expansion() {
        return expansion;
    }

    /** The width epsbar of the insensitive zone (optimised by the primal). */
    public double epsilonBar() {
        return epsilonBar;
    }

    /** Core-set size (copies of points, both signs counted). */
    public int coreSize() {
        return coreSize;
    }

    /** The core-set run (null for a loaded model). */
    public CoreSetResult report() {
        return report;
    }
}
