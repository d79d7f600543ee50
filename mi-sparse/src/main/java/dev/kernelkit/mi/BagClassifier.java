package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;

/** A fitted multi-instance classifier: the common face of SparseMI, RSVM, RS and MI-Kernel models. */
public interface BagClassifier {

    /** The predicted class index (into the training data's class names). */
    int predict(Bag bag);

    /** Kernel evaluations per instance of a bag at prediction time (N_XV, or MI-Kernel's support instances). */
    int kernelEvaluationsPerInstance();
}
