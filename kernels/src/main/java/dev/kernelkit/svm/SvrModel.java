package dev.kernelkit.svm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.RegressionModel;
import java.util.Objects;

/**
 * A fitted epsilon-SVR ({@link EpsilonSvr}): f(x) = sum_i (alpha_i - alpha_i*) k(x_i, x) + b over the
 * points with alpha_i &ne; alpha_i*, and its fit report. Immutable.
 */
public final class SvrModel implements RegressionModel<Vec> {
    private final KernelExpansionModel<Vec> expansion;
    private final int dim;
    private final FitReport report;

    /**
     * @throws IllegalArgumentException for a negative dimension or a support vector of another dimension
     */
    public SvrModel(KernelExpansionModel<Vec> expansion, int dim, FitReport report) {
        this.expansion = Objects.requireNonNull(expansion, "expansion");
        this.report = Objects.requireNonNull(report, "report");
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        for (Vec v : expansion.supportVectors()) {
            if (v.dim() != dim) {
                throw new IllegalArgumentException("a support vector has dimension " + v.dim() + ", expected " + dim);
            }
        }
        this.dim = dim;
    }

    /** f(x). */
    @Override
    public double predict(Vec x) {
        return expansion.decision(x);
    }

    /** The expansion (support vectors, coefficients alpha_i - alpha_i*, bias). */
    public KernelExpansionModel<Vec> expansion() {
        return expansion;
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

    @Override
    public String toString() {
        return "SvrModel(sv=" + expansion.supportVectorCount() + ", bias=" + expansion.bias() + ")";
    }
}
