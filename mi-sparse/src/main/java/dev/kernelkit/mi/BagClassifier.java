package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;

/**
 * A fitted multi-instance classifier of this module (SparseMI, RS, RSVM, MI-Kernel, mi-SVM, MI-SVM,
 * MILES, MI-CCCP): a {@link Model} over bags with what the TNNLS 2013 tables report besides the
 * accuracy, the prediction cost in kernel evaluations per instance, and the machines that stopped
 * at an iteration cap. {@link #predict} is {@link Model#classOf} of {@link #decisions}.
 */
public interface BagClassifier extends Model<Bag> {

    /** The class of the largest decision value ({@link Model#classOf}: f &gt; 0 for two classes). */
    @Override
    default int predict(Bag bag) {
        return Model.classOf(decisions(bag));
    }

    /** Bags. */
    @Override
    default InputKind input() {
        return InputKind.BAGS;
    }

    /** Kernel evaluations per instance of a bag at prediction time (N_XV, or MI-Kernel's support instances). */
    int kernelEvaluationsPerInstance();

    /**
     * Machines of this model whose fit stopped at an iteration cap instead of its own convergence test
     * (mi-SVM / MI-SVM's round cap or their last SVM solve's SMO cap, MI-Kernel's SMO cap, MI-CCCP's step or
     * dual-solver caps); 0 for methods that do not report one (SparseMI, RS, RSVM, MILES: their
     * {@link dev.kernelkit.learn.FitReport#converged()} says whether the outer loop met its own test).
     */
    default int unconvergedMachines() {
        return 0;
    }

    /** How many of the per-machine convergence flags are false. */
    static int countFalse(boolean[] converged) {
        int count = 0;
        for (boolean c : converged) {
            count += c ? 0 : 1;
        }
        return count;
    }
}
