package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A classifier's predictions on labelled data, from one pass over the examples: the true and the
 * predicted class of every example as indices into {@link #classNames()} (the model's class names,
 * then those of the data the model does not know) and, when asked for and the model has two
 * classes, every example's decision value f (the predicted class is then {@link Model#classOf} of
 * it, so the model is evaluated once per example). The positive class of {@link #auc} and
 * {@link #averagePrecision} is the model's class 1, the one it predicts for f &gt; 0.
 * Package-private: the harness and the built-in metrics share it.
 */
final class Predictions {
    private final List<String> classNames;
    private final int modelClasses;
    private final int[] truth;
    private final int[] predicted;
    private final double[] decisions;

    private Predictions(List<String> classNames, int modelClasses, int[] truth, int[] predicted, double[] decisions) {
        this.classNames = classNames;
        this.modelClasses = modelClasses;
        this.truth = truth;
        this.predicted = predicted;
        this.decisions = decisions;
    }

    /**
     * Predicts every example once.
     *
     * @param withDecisions whether to keep the decision values of a two-class model (then read
     *        instead of {@link Model#predict})
     * @throws IllegalArgumentException when the data are empty or a two-class model gives other than
     *         one decision value
     */
    static <X> Predictions of(Model<X> model, Dataset<X> data, boolean withDecisions) {
        if (data.size() == 0) {
            throw new IllegalArgumentException("need at least one example, got 0");
        }
        List<String> names = new ArrayList<>(model.classNames());
        int modelClasses = names.size();
        List<String> dataNames = data.classNames();
        int[] map = new int[dataNames.size()];
        for (int c = 0; c < map.length; c++) {
            int at = names.indexOf(dataNames.get(c));
            if (at < 0) {
                at = names.size();
                names.add(dataNames.get(c));
            }
            map[c] = at;
        }
        int n = data.size();
        int[] truth = new int[n];
        int[] predicted = new int[n];
        double[] decisions = withDecisions && modelClasses == 2 ? new double[n] : null;
        for (int i = 0; i < n; i++) {
            X x = data.x(i);
            truth[i] = map[data.classIndex(i)];
            if (decisions == null) {
                predicted[i] = model.predict(x);
            } else {
                double[] f = model.decisions(x);
                if (f.length != 1) {
                    throw new IllegalArgumentException("a two-class model must give one decision value, got " + f.length);
                }
                decisions[i] = f[0];
                predicted[i] = Model.classOf(f);
            }
        }
        return new Predictions(List.copyOf(names), modelClasses, truth, predicted, decisions);
    }

    /** The class names the indices point into. */
    List<String> classNames() {
        return classNames;
    }

    /**
     * Fraction of examples predicted as their class ({@link Metrics#accuracy(int[], int[])}).
     *
     * @throws IllegalArgumentException when there are no examples
     */
    double accuracy() {
        return Metrics.accuracy(truth, predicted);
    }

    /** Number of examples predicted as their class. */
    int correct() {
        int ok = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] == predicted[i]) {
                ok++;
            }
        }
        return ok;
    }

    /** The confusion matrix over {@link #classNames()}. */
    ConfusionMatrix confusionMatrix() {
        return new ConfusionMatrix(classNames, truth, predicted);
    }

    /** Whether the model and the data have two classes between them and the decision values were kept. */
    boolean twoClass() {
        return decisions != null && classNames.size() == 2;
    }

    /**
     * ROC AUC of the decision values, class 1 positive ({@link Metrics#auc}).
     *
     * @throws IllegalArgumentException unless {@link #twoClass()}, and as {@link Metrics#auc}
     */
    double auc() {
        checkTwoClass("AUC");
        return Metrics.auc(Metrics.positives(truth, 1), decisions);
    }

    /**
     * Average precision of the decision values, class 1 positive ({@link Metrics#averagePrecision}).
     *
     * @throws IllegalArgumentException unless {@link #twoClass()}, and as {@link Metrics#averagePrecision}
     */
    double averagePrecision() {
        checkTwoClass("average precision");
        return Metrics.averagePrecision(Metrics.positives(truth, 1), decisions);
    }

    /**
     * What an outer fold keeps: the confusion matrix and, where defined (two classes, finite
     * decision values, both classes among the examples for the AUC, a positive one for the average
     * precision), the AUC and average precision.
     */
    FoldClassification classification() {
        OptionalDouble auc = OptionalDouble.empty();
        OptionalDouble ap = OptionalDouble.empty();
        if (twoClass() && allFinite(decisions)) {
            int positives = 0;
            for (int t : truth) {
                positives += t == 1 ? 1 : 0;
            }
            if (positives > 0) {
                ap = OptionalDouble.of(averagePrecision());
                if (positives < truth.length) {
                    auc = OptionalDouble.of(auc());
                }
            }
        }
        return new FoldClassification(confusionMatrix(), auc, ap);
    }

    private void checkTwoClass(String what) {
        if (modelClasses != 2) {
            throw new IllegalArgumentException("the " + what + " needs a two-class classifier, got " + modelClasses
                    + " classes " + classNames.subList(0, modelClasses));
        }
        if (classNames.size() != 2) {
            throw new IllegalArgumentException("the " + what + " needs data of the classifier's two classes "
                    + classNames.subList(0, 2) + ", got also " + classNames.subList(2, classNames.size()));
        }
        if (decisions == null) {
            throw new IllegalStateException("the decision values were not kept");
        }
    }

    private static boolean allFinite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
