package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import java.util.List;

/**
 * A fitted core vector machine (or ball vector machine) classifier over bags
 * ({@link CoreVectorClassifier} with the bag data set's class names; the machines' kernel is a kernel
 * between bags, such as the set kernel of Gaertner et al., ICML 2002): {@link CoreVectorMachine#fitBags},
 * {@link BallVectorMachine#fitBags}. Immutable.
 */
public final class BagCvmModel extends CoreVectorClassifier<Bag> {

    BagCvmModel(List<String> classNames, CvmOptions.MultiClass multiClass, List<CvmMachine<Bag>> machines, int dim,
                FitReport report) {
        super(classNames, multiClass, machines, dim, report);
    }

    @Override
    public InputKind input() {
        return InputKind.BAGS;
    }

    @Override
    public String toString() {
        return "BagCvmModel(classes=" + classNames() + ", " + multiClass() + ", machines=" + machines() + ")";
    }
}
