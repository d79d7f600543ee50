package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.Model;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Classification metrics over plain arrays.
 *
 * <ul>
 *   <li>{@link #accuracy}: fraction of positions where prediction equals truth.</li>
 *   <li>{@link #auc}: area under the ROC curve as the Mann&ndash;Whitney statistic
 *       AUC = (R_+ - n_+(n_+ + 1)/2) / (n_+ n_-), R_+ the sum of the ranks of the positive scores,
 *       tied scores sharing their average rank (so a tied positive/negative pair counts 1/2).
 *       O(n log n).</li>
 *   <li>{@link #averagePrecision}: AP = &Sigma;_k (R_k - R_{k-1}) P_k over the distinct score
 *       thresholds in decreasing order, P_k and R_k the precision and recall when every example
 *       scoring &ge; the k-th threshold is called positive (the step-wise definition of
 *       scikit-learn's {@code average_precision_score}; no interpolation). O(n log n).</li>
 *   <li>{@link #meanAveragePrecision}: the mean over classes of the one-vs-rest AP.</li>
 * </ul>
 */
public final class Metrics {

    private Metrics() {
    }

    /**
     * Fraction of equal entries.
     *
     * @throws IllegalArgumentException when the lengths differ or are 0
     */
    public static double accuracy(int[] truth, int[] predicted) {
        checkLengths(truth.length, predicted.length);
        int ok = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] == predicted[i]) {
                ok++;
            }
        }
        return (double) ok / truth.length;
    }

    /**
     * The fraction of examples a model classifies as their label. Classes are compared by name, so
     * a model trained on a part that lacked a class still scores on data that have it.
     *
     * @throws IllegalArgumentException for an empty data set
     */
    public static <X> double accuracy(Model<X> model, Dataset<X> data) {
        return accuracy(data.classIndices(), predictions(model, data));
    }

    /**
     * The model's prediction of every example as a class index of {@code data} (-1 for a class
     * name the data do not have).
     */
    public static <X> int[] predictions(Model<X> model, Dataset<X> data) {
        List<String> modelNames = model.classNames();
        List<String> dataNames = data.classNames();
        int[] map = new int[modelNames.size()];
        for (int c = 0; c < map.length; c++) {
            map[c] = dataNames.indexOf(modelNames.get(c));
        }
        int[] out = new int[data.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = map[model.predict(data.x(i))];
        }
        return out;
    }

    /** Fraction of equal entries of two label arrays (exact comparison, -0.0 equals 0.0). */
    public static double accuracy(double[] truth, double[] predicted) {
        checkLengths(truth.length, predicted.length);
        int ok = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] == predicted[i]) {
                ok++;
            }
        }
        return (double) ok / truth.length;
    }

    /** Which labels equal {@code positiveLabel}: the boolean truth for {@link #auc} and {@link #averagePrecision}. */
    public static boolean[] positives(double[] labels, double positiveLabel) {
        boolean[] p = new boolean[labels.length];
        for (int i = 0; i < labels.length; i++) {
            p[i] = labels[i] == positiveLabel;
        }
        return p;
    }

    /** Which class indices equal {@code positiveClass}. */
    public static boolean[] positives(int[] labels, int positiveClass) {
        boolean[] p = new boolean[labels.length];
        for (int i = 0; i < labels.length; i++) {
            p[i] = labels[i] == positiveClass;
        }
        return p;
    }

    /**
     * Area under the ROC curve, ties by average ranks.
     *
     * @param positive whether each example is positive
     * @param scores the scores (higher means more positive), finite
     * @throws IllegalArgumentException on a length mismatch, a non-finite score, or when one of the
     *         two classes is absent
     */
    public static double auc(boolean[] positive, double[] scores) {
        checkScores(positive, scores);
        int n = scores.length;
        int nPos = 0;
        for (boolean b : positive) {
            if (b) {
                nPos++;
            }
        }
        int nNeg = n - nPos;
        if (nPos == 0 || nNeg == 0) {
            throw new IllegalArgumentException("AUC needs positive and negative examples, got " + nPos
                    + " positive and " + nNeg + " negative");
        }
        int[] order = ascendingOrder(scores);
        double rankSumPos = 0;
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && scores[order[j + 1]] == scores[order[i]]) {
                j++;
            }
            double avgRank = 0.5 * ((i + 1) + (j + 1)); // ranks are 1-based
            for (int k = i; k <= j; k++) {
                if (positive[order[k]]) {
                    rankSumPos += avgRank;
                }
            }
            i = j + 1;
        }
        return (rankSumPos - 0.5 * nPos * (nPos + 1.0)) / ((double) nPos * nNeg);
    }

    /**
     * Average precision (step-wise, tied scores form one threshold).
     *
     * @throws IllegalArgumentException on a length mismatch, a non-finite score, or no positive example
     */
    public static double averagePrecision(boolean[] positive, double[] scores) {
        checkScores(positive, scores);
        int n = scores.length;
        int nPos = 0;
        for (boolean b : positive) {
            if (b) {
                nPos++;
            }
        }
        if (nPos == 0) {
            throw new IllegalArgumentException("average precision needs at least one positive example, got none among " + n);
        }
        int[] order = ascendingOrder(scores);
        double ap = 0;
        double prevRecall = 0;
        int tp = 0;
        int fp = 0;
        int i = n - 1;
        while (i >= 0) {
            int j = i;
            while (j - 1 >= 0 && scores[order[j - 1]] == scores[order[i]]) {
                j--;
            }
            for (int k = j; k <= i; k++) {
                if (positive[order[k]]) {
                    tp++;
                } else {
                    fp++;
                }
            }
            double recall = (double) tp / nPos;
            double precision = (double) tp / (tp + fp);
            ap += (recall - prevRecall) * precision;
            prevRecall = recall;
            i = j - 1;
        }
        return ap;
    }

    /**
     * Mean over the classes 0..K-1 of the one-vs-rest average precision, class k scored by
     * {@code scores[i][k]}.
     *
     * @param truth class index of each example, in [0, K)
     * @param scores n rows of K scores
     * @throws IllegalArgumentException on ragged or mismatched shapes, a class index out of range, or
     *         a class without examples (its AP is undefined)
     */
    public static double meanAveragePrecision(int[] truth, double[][] scores) {
        Objects.requireNonNull(truth, "truth");
        checkLengths(truth.length, scores.length);
        int k = scores[0].length;
        if (k < 1) {
            throw new IllegalArgumentException("scores must have at least one column, got 0");
        }
        for (int i = 0; i < scores.length; i++) {
            if (scores[i].length != k) {
                throw new IllegalArgumentException("row " + i + " of scores has " + scores[i].length
                        + " columns, expected " + k);
            }
            if (truth[i] < 0 || truth[i] >= k) {
                throw new IllegalArgumentException("class index " + i + " must be in [0, " + k + "), got " + truth[i]);
            }
        }
        double sum = 0;
        double[] column = new double[truth.length];
        for (int c = 0; c < k; c++) {
            boolean[] pos = positives(truth, c);
            boolean any = false;
            for (boolean b : pos) {
                any |= b;
            }
            if (!any) {
                throw new IllegalArgumentException("class " + c + " has no examples: its average precision is undefined");
            }
            for (int i = 0; i < truth.length; i++) {
                column[i] = scores[i][c];
            }
            sum += averagePrecision(pos, column);
        }
        return sum / k;
    }

    private static int[] ascendingOrder(double[] scores) {
        Integer[] boxed = new Integer[scores.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (a, b) -> Double.compare(scores[a], scores[b]));
        int[] out = new int[boxed.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    private static void checkScores(boolean[] positive, double[] scores) {
        checkLengths(positive.length, scores.length);
        for (int i = 0; i < scores.length; i++) {
            if (!Double.isFinite(scores[i])) {
                throw new IllegalArgumentException("score " + i + " must be finite, got " + scores[i]);
            }
        }
    }

    private static void checkLengths(int a, int b) {
        if (a != b) {
            throw new IllegalArgumentException("truth and predictions must have equal length, got " + a + " and " + b);
        }
        if (a == 0) {
            throw new IllegalArgumentException("need at least one example, got 0");
        }
    }
}
