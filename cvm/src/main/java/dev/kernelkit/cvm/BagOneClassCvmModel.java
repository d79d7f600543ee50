package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import java.util.List;

/**
 * A fitted one-class CVM over bags ({@link OneClassCvm#fitBags}; {@link OneClassBallModel} with bags):
 * the enclosing ball of the training bags under a kernel between bags (such as the set kernel of
 * Gaertner et al., ICML 2002); a bag outside it ({@value #OUTLIER}, f(B) &le; 0) is flagged as
 * anomalous. Immutable.
 */
public final class BagOneClassCvmModel extends OneClassBallModel<Bag> {

    BagOneClassCvmModel(Kernel<Bag> kernel, double c, List<Bag> supportVectors, double[] alpha, double centreNorm2,
                        double radius2, int dim, FitReport report, CoreSetResult coreSet) {
        super(kernel, KernelSpace.BAGS, c, supportVectors, alpha, centreNorm2, radius2, dim, report, coreSet);
    }

    @Override
    public InputKind input() {
        return InputKind.BAGS;
    }

    @Override
    public String toString() {
        return "BagOneClassCvmModel(support bags=" + supportVectors().size() + ", R2=" + radius2() + ")";
    }
}
