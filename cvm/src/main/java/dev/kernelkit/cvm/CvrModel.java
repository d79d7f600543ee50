package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.Objects;

/**
 * A fitted core vector regression ({@link CoreVectorRegression}): f(x) = sum beta_i k(x_i, x) + b
 * with beta_i = C (lambda_i - lambda_i*), the recovered insensitive-zone width epsbar, the fit
 * report and the core-set run. Immutable.
 */
public final class CvrModel implements RegressionModel<Vec> {
    private final KernelExpansionModel<Vec> expansion;
    private final double epsilonBar;
    private final int coreSize;
    private final int dim;
    private final FitReport report;
    private final CoreSetResult coreSet;

    CvrModel(KernelExpansionModel<Vec> expansion, double epsilonBar, int coreSize, int dim, FitReport report,
             CoreSetResult coreSet) {
        this.expansion = Objects.requireNonNull(expansion, "expansion");
        this.report = Objects.requireNonNull(report, "report");
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        for (Vec v : expansion.supportVectors()) {
            if (v.dim() != dim) {
                throw new IllegalArgumentException("an expansion vector has dimension " + v.dim() + ", expected " + dim);
            }
        }
        this.epsilonBar = epsilonBar;
        this.coreSize = coreSize;
        this.dim = dim;
        this.coreSet = coreSet;
    }

    /** f(x). */
    @Override
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

    /** The core-set run (null for a loaded model). */
    public CoreSetResult coreSet() {
        return coreSet;
    }

    @Override
    public String toString() {
        return "CvrModel(sv=" + expansion.supportVectorCount() + ", core=" + coreSize + ", epsbar=" + epsilonBar + ")";
    }
}
