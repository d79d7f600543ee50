package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;

/** A fitted multi-instance classifier: the common face of SparseMI, RSVM, RS and MI-Kernel models. */
public interface BagClassifier {

    /** The predicted class index (into the training data's class names). */
    int predict(Bag bag);

    /** Kernel evaluations per instance of a bag at prediction time (N_XV, or MI-Kernel's support instances). */
    int kernelEvaluationsPerInstance();

    /**
     * Machines of this model whose fit stopped at an iteration cap instead of its own convergence test
     * (mi-SVM / MI-SVM's round cap or their last SVM solve's SMO cap, MI-Kernel's SMO cap, MI-CCCP's step or
     * dual-solver caps); 0 for methods that do not report one.
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

    /**
     * The class index for one-vs-rest decision values: with one machine (two classes) index 1 when
     * f > 0, else 0; with one machine per class the first index of the largest value.
     */
    static int classOf(double[] f) {
        if (f.length == 1) {
            return f[0] > 0 ? 1 : 0;
        }
        int best = 0;
        for (int c = 1; c < f.length; c++) {
            if (f[c] > f[best]) {
                best = c;
            }
        }
        return best;
    }
}
