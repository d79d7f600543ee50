package dev.kernelkit.learn;

/** What a learner learns: a classifier, a one-class (novelty) detector, or a regressor. */
public enum Task {
    /** Labelled examples of at least two classes; the model predicts a class index. */
    CLASSIFICATION,
    /**
     * Examples of the normal class only (labels ignored); the model predicts class 1 ("inlier") or
     * 0 ("outlier").
     */
    ONE_CLASS,
    /** Real-valued targets ({@link dev.kernelkit.data.LabeledDataset#y}); the model predicts a real value. */
    REGRESSION
}
