package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import java.util.List;

/**
 * A fitted one-class CVM over vectors ({@link OneClassCvm#fit}; {@link OneClassBallModel} with
 * vectors): support vectors (core vectors with a_i &gt; 0), weights a_i, ||c||^2 and R^2 of the ball
 * in the feature space of k~ = k + I/C; the classes {@value #OUTLIER} (index 0) and {@value #INLIER}
 * (index 1), and the one decision value f(x) = R^2 - ||c - phi(x)||^2. Immutable.
 */
public final class OneClassCvmModel extends OneClassBallModel<Vec> {

    OneClassCvmModel(Kernel<Vec> kernel, double c, List<Vec> supportVectors, double[] alpha, double centreNorm2,
                     double radius2, int dim, FitReport report, CoreSetResult coreSet) {
        super(kernel, KernelSpace.VECTORS, c, supportVectors, alpha, centreNorm2, radius2, dim, report, coreSet);
    }

    @Override
    public InputKind input() {
        return InputKind.VECTORS;
    }

    @Override
    public String toString() {
        return "OneClassCvmModel(sv=" + supportVectors().size() + ", R2=" + radius2() + ")";
    }
}
