package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Labelled points: n vectors of one dimension with a real label each (+1/-1 for binary
 * classification, an integer class for multi-class data, any real for regression). Immutable.
 */
public final class LabeledDataset {
    private final List<Vec> x;
    private final double[] y;
    private final int dim;

    /**
     * @throws IllegalArgumentException when sizes differ, a label is not finite or dimensions differ
     */
    public LabeledDataset(List<? extends Vec> points, double[] labels) {
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(labels, "labels");
        if (points.size() != labels.length) {
            throw new IllegalArgumentException("points and labels must have equal size, got "
                    + points.size() + " and " + labels.length);
        }
        int d = points.isEmpty() ? 0 : points.get(0).dim();
        for (int i = 0; i < labels.length; i++) {
            if (!Double.isFinite(labels[i])) {
                throw new IllegalArgumentException("label " + i + " must be finite, got " + labels[i]);
            }
            if (points.get(i).dim() != d) {
                throw new IllegalArgumentException("point " + i + " has dimension " + points.get(i).dim()
                        + ", expected " + d);
            }
        }
        this.x = List.copyOf(points);
        this.y = labels.clone();
        this.dim = d;
    }

    /** Number of points n. */
    public int size() {
        return y.length;
    }

    /** Dimension d shared by all points (0 for an empty set). */
    public int dim() {
        return dim;
    }

    /** Point i. */
    public Vec x(int i) {
        return x.get(i);
    }

    /** Label of point i. */
    public double y(int i) {
        return y[i];
    }

    /** All points, unmodifiable. */
    public List<Vec> points() {
        return x;
    }

    /** A copy of the labels. */
    public double[] labels() {
        return y.clone();
    }

    /** Distinct labels in increasing order. */
    public double[] classes() {
        TreeSet<Double> s = new TreeSet<>();
        for (double v : y) {
            s.add(v);
        }
        return s.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** True when every label is +1 or -1. */
    public boolean isBinarySigned() {
        for (double v : y) {
            if (v != 1.0 && v != -1.0) {
                return false;
            }
        }
        return true;
    }

    /** The points at the given indices, in that order (indices may repeat). */
    public LabeledDataset subset(int[] indices) {
        List<Vec> px = new ArrayList<>(indices.length);
        double[] py = new double[indices.length];
        for (int k = 0; k < indices.length; k++) {
            px.add(x.get(indices[k]));
            py[k] = y[indices[k]];
        }
        return new LabeledDataset(px, py);
    }

    /** The same points with other labels (for one-vs-rest relabelling). */
    public LabeledDataset withLabels(double[] labels) {
        return new LabeledDataset(x, labels);
    }

    /** The same labels with other points (for scaling). */
    public LabeledDataset withPoints(List<? extends Vec> points) {
        return new LabeledDataset(points, y);
    }

    @Override
    public String toString() {
        return "LabeledDataset(n=" + size() + ", d=" + dim + ", classes=" + Arrays.toString(classes()) + ")";
    }
}
