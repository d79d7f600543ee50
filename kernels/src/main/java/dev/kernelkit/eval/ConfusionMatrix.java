package dev.kernelkit.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A multi-class confusion matrix: entry (t, p) counts the examples of true class t predicted as
 * class p, classes named. Immutable.
 *
 * <p>Per-class scores follow scikit-learn with {@code zero_division=0}: with tp = count(c, c),
 * fp = (predicted as c) - tp and fn = support(c) - tp, precision = tp / (tp + fp), recall =
 * tp / (tp + fn) and F1 = 2 tp / (2 tp + fp + fn), each 0 when its denominator is 0. The averages
 * over classes follow scikit-learn's defaults too: {@link #macroF1()} averages over the classes that
 * occur in the truth or the predictions ({@code f1_score(average='macro')} without {@code labels}),
 * {@link #balancedAccuracy()} over the classes that occur in the truth
 * ({@code balanced_accuracy_score}). Every score is O(K) or O(K^2).
 */
public final class ConfusionMatrix {
    private final List<String> classNames;
    private final int[][] counts;
    private final int total;

    /**
     * Counts truth/prediction pairs.
     *
     * @param classNames distinct names of the classes 0..K-1
     * @param truth true class index of each example
     * @param predicted predicted class index of each example
     * @throws IllegalArgumentException on a length mismatch, no examples, duplicate names or a class
     *         index outside [0, K)
     */
    public ConfusionMatrix(List<String> classNames, int[] truth, int[] predicted) {
        checkNames(classNames);
        if (truth.length != predicted.length) {
            throw new IllegalArgumentException("truth and predictions must have equal length, got "
                    + truth.length + " and " + predicted.length);
        }
        int k = classNames.size();
        int[][] c = new int[k][k];
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] < 0 || truth[i] >= k) {
                throw new IllegalArgumentException("true class of example " + i + " must be in [0, " + k + "), got " + truth[i]);
            }
            if (predicted[i] < 0 || predicted[i] >= k) {
                throw new IllegalArgumentException("predicted class of example " + i + " must be in [0, " + k
                        + "), got " + predicted[i]);
            }
            c[truth[i]][predicted[i]]++;
        }
        this.classNames = List.copyOf(classNames);
        this.counts = c;
        this.total = truth.length;
    }

    private ConfusionMatrix(List<String> classNames, int[][] counts, int total) {
        this.classNames = classNames;
        this.counts = counts;
        this.total = total;
    }

    private static void checkNames(List<String> classNames) {
        Objects.requireNonNull(classNames, "classNames");
        if (classNames.isEmpty()) {
            throw new IllegalArgumentException("need at least one class name");
        }
        if (classNames.stream().distinct().count() != classNames.size()) {
            throw new IllegalArgumentException("class names must be distinct, got " + classNames);
        }
    }

    /** The class names, in index order. */
    public List<String> classNames() {
        return classNames;
    }

    /** Number of classes K. */
    public int classCount() {
        return classNames.size();
    }

    /** Examples of true class {@code truth} predicted as {@code predicted}. */
    public int count(int truth, int predicted) {
        return counts[truth][predicted];
    }

    /** A copy of the K x K counts, rows = true class. */
    public int[][] counts() {
        int[][] out = new int[counts.length][];
        for (int i = 0; i < counts.length; i++) {
            out[i] = counts[i].clone();
        }
        return out;
    }

    /** Number of examples. */
    public int total() {
        return total;
    }

    /** Number of examples of true class c. */
    public int support(int c) {
        int s = 0;
        for (int v : counts[c]) {
            s += v;
        }
        return s;
    }

    /** Trace / total; NaN when there are no examples. */
    public double accuracy() {
        int ok = 0;
        for (int i = 0; i < counts.length; i++) {
            ok += counts[i][i];
        }
        return total == 0 ? Double.NaN : (double) ok / total;
    }

    /** Number of examples predicted as class c. */
    public int predicted(int c) {
        int s = 0;
        for (int[] row : counts) {
            s += row[c];
        }
        return s;
    }

    /**
     * Recall of class c: count(c, c) / support(c), and 0 when the class has no examples
     * (scikit-learn's {@code zero_division=0}).
     */
    public double recall(int c) {
        int s = support(c);
        return s == 0 ? 0.0 : (double) counts[c][c] / s;
    }

    /**
     * Precision of class c: count(c, c) / (examples predicted as c), and 0 when nothing was predicted
     * as c (scikit-learn's {@code zero_division=0}).
     */
    public double precision(int c) {
        int s = predicted(c);
        return s == 0 ? 0.0 : (double) counts[c][c] / s;
    }

    /**
     * F1 of class c, the harmonic mean of its precision and recall: 2 tp / (2 tp + fp + fn), and 0
     * when the class is neither true nor predicted for any example (scikit-learn's
     * {@code zero_division=0}).
     */
    public double f1(int c) {
        int denominator = support(c) + predicted(c);
        return denominator == 0 ? 0.0 : 2.0 * counts[c][c] / denominator;
    }

    /**
     * Macro F1: the mean of {@link #f1(int)} over the classes that are the truth or the prediction of
     * at least one example (scikit-learn's {@code f1_score(average='macro', zero_division=0)}, whose
     * labels are those of y_true and y_pred); NaN when there are no examples.
     */
    public double macroF1() {
        double sum = 0;
        int classes = 0;
        for (int c = 0; c < counts.length; c++) {
            if (support(c) + predicted(c) > 0) {
                sum += f1(c);
                classes++;
            }
        }
        return classes == 0 ? Double.NaN : sum / classes;
    }

    /**
     * Balanced accuracy: the mean of {@link #recall(int)} over the classes with at least one example
     * (scikit-learn's {@code balanced_accuracy_score}, which leaves out a class that is only
     * predicted); NaN when there are no examples.
     */
    public double balancedAccuracy() {
        double sum = 0;
        int classes = 0;
        for (int c = 0; c < counts.length; c++) {
            if (support(c) > 0) {
                sum += recall(c);
                classes++;
            }
        }
        return classes == 0 ? Double.NaN : sum / classes;
    }

    /**
     * The matrix with the given names and counts (e.g. read back from a journal).
     *
     * @param counts K x K non-negative counts, rows = true class
     * @throws IllegalArgumentException for duplicate names, a non-square shape or a negative count
     */
    public static ConfusionMatrix of(List<String> classNames, int[][] counts) {
        Objects.requireNonNull(counts, "counts");
        checkNames(classNames);
        int k = classNames.size();
        if (counts.length != k) {
            throw new IllegalArgumentException("counts must have one row per class, expected " + k + ", found " + counts.length);
        }
        int[][] c = new int[k][];
        int total = 0;
        for (int t = 0; t < k; t++) {
            if (counts[t].length != k) {
                throw new IllegalArgumentException("row " + t + " of counts must have " + k + " entries, found " + counts[t].length);
            }
            for (int p = 0; p < k; p++) {
                if (counts[t][p] < 0) {
                    throw new IllegalArgumentException("count (" + t + ", " + p + ") must be >= 0, got " + counts[t][p]);
                }
                total = Math.addExact(total, counts[t][p]);
            }
            c[t] = counts[t].clone();
        }
        return new ConfusionMatrix(List.copyOf(classNames), c, total);
    }

    /**
     * The entry-wise sum of matrices, their classes matched by name: the classes are those of all
     * matrices in order of first appearance (the first matrix's order when all have the same names).
     *
     * @throws IllegalArgumentException when the list is empty
     */
    public static ConfusionMatrix sum(List<ConfusionMatrix> matrices) {
        Objects.requireNonNull(matrices, "matrices");
        if (matrices.isEmpty()) {
            throw new IllegalArgumentException("need at least one confusion matrix to sum, got 0");
        }
        List<String> names = new ArrayList<>();
        for (ConfusionMatrix m : matrices) {
            for (String name : m.classNames) {
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        int[][] c = new int[names.size()][names.size()];
        int total = 0;
        for (ConfusionMatrix m : matrices) {
            int[] at = new int[m.classCount()];
            for (int i = 0; i < at.length; i++) {
                at[i] = names.indexOf(m.classNames.get(i));
            }
            for (int t = 0; t < at.length; t++) {
                for (int p = 0; p < at.length; p++) {
                    c[at[t]][at[p]] = Math.addExact(c[at[t]][at[p]], m.counts[t][p]);
                }
            }
            total = Math.addExact(total, m.total);
        }
        return new ConfusionMatrix(List.copyOf(names), c, total);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConfusionMatrix m && classNames.equals(m.classNames) && Arrays.deepEquals(counts, m.counts);
    }

    @Override
    public int hashCode() {
        return 31 * classNames.hashCode() + Arrays.deepHashCode(counts);
    }

    /** An aligned text table: rows are true classes, columns predicted classes. */
    @Override
    public String toString() {
        int w = "true\\pred".length();
        for (String s : classNames) {
            w = Math.max(w, s.length());
        }
        for (int[] row : counts) {
            for (int v : row) {
                w = Math.max(w, Integer.toString(v).length());
            }
        }
        String fmt = "%" + w + "s";
        StringBuilder sb = new StringBuilder(String.format(fmt, "true\\pred"));
        for (String s : classNames) {
            sb.append(' ').append(String.format(fmt, s));
        }
        for (int i = 0; i < counts.length; i++) {
            sb.append('\n').append(String.format(fmt, classNames.get(i)));
            for (int v : counts[i]) {
                sb.append(' ').append(String.format(fmt, v));
            }
        }
        return sb.toString();
    }
}
