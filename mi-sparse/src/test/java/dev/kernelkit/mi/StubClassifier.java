package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.learn.FitReport;
import java.util.List;

/**
 * A two-class {@link BagClassifier} test double given by its predicted class: the decision value is
 * +1 for class 1 and -1 for class 0, so {@link #predict} and {@link #decisions} agree.
 */
abstract class StubClassifier implements BagClassifier {
    private final int evaluations;

    StubClassifier(int evaluations) {
        this.evaluations = evaluations;
    }

    /** The class, 0 or 1, the double predicts for the bag. */
    abstract int classOf(Bag bag);

    @Override
    public int predict(Bag bag) {
        return classOf(bag);
    }

    @Override
    public double[] decisions(Bag bag) {
        return new double[] {classOf(bag) == 1 ? 1 : -1};
    }

    @Override
    public List<String> classNames() {
        return BagDataset.BINARY_CLASSES;
    }

    @Override
    public FitReport report() {
        return FitReport.of("stub", "stub", 0, 0);
    }

    @Override
    public int dim() {
        return 0;
    }

    @Override
    public int kernelEvaluationsPerInstance() {
        return evaluations;
    }
}
