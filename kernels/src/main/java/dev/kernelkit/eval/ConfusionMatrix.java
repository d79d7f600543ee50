package dev.kernelkit.eval;

import java.util.List;
import java.util.Objects;

/**
 * A multi-class confusion matrix: entry (t, p) counts the examples of true class t predicted as
 * class p, classes named. Immutable.
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
        Objects.requireNonNull(classNames, "classNames");
        if (classNames.isEmpty()) {
            throw new IllegalArgumentException("need at least one class name");
        }
        if (classNames.stream().distinct().count() != classNames.size()) {
            throw new IllegalArgumentException("class names must be distinct, got " + classNames);
        }
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

    /** Recall of class c: count(c, c) / support(c); NaN when the class has no examples. */
    public double recall(int c) {
        int s = support(c);
        return s == 0 ? Double.NaN : (double) counts[c][c] / s;
    }

    /** Precision of class c: count(c, c) / (examples predicted as c); NaN when nothing was predicted as c. */
    public double precision(int c) {
        int s = 0;
        for (int[] row : counts) {
            s += row[c];
        }
        return s == 0 ? Double.NaN : (double) counts[c][c] / s;
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
