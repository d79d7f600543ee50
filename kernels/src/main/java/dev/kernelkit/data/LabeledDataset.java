package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Labelled points: n vectors of one dimension with a real label each (+1/-1 for binary
 * classification, an integer class for multi-class data, any real for regression). As a
 * {@link Dataset} its classes are the distinct labels in increasing order ({@link #classes()}),
 * named by {@link #className(double)}. Immutable.
 */
public final class LabeledDataset implements Dataset<Vec> {
    private final List<Vec> x;
    private final double[] y;
    private final int dim;
    /** Classes and class indices, computed on first use (a benign race: every thread computes the same). */
    private volatile ClassIndex classIndex;

    private record ClassIndex(double[] classes, int[] indices, List<String> names) {
    }

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
    @Override
    public int size() {
        return y.length;
    }

    /** Dimension d shared by all points (0 for an empty set). */
    @Override
    public int dim() {
        return dim;
    }

    /** Point i. */
    @Override
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
        return index().classes.clone();
    }

    /** The index of point i's label in {@link #classes()}. */
    @Override
    public int classIndex(int i) {
        return index().indices[i];
    }

    @Override
    public int[] classIndices() {
        return index().indices.clone();
    }

    /** The classes as names ({@link #className(double)} of each of {@link #classes()}). */
    @Override
    public List<String> classNames() {
        return index().names;
    }

    @Override
    public int classCount() {
        return index().classes.length;
    }

    @Override
    public InputKind kind() {
        return InputKind.VECTORS;
    }

    /**
     * The name of a class label: an integral value without a decimal point ({@code -1}, {@code 1},
     * {@code 3}; {@code -0} for negative zero, which the data keep as a class of its own), any other
     * value as {@link Double#toString(double)}.
     */
    public static String className(double label) {
        if (label == 0 && Double.doubleToRawLongBits(label) != 0) {
            return "-0";
        }
        if (label == Math.rint(label) && Math.abs(label) < 1e15) {
            return Long.toString((long) label);
        }
        return Double.toString(label);
    }

    /**
     * The points of a {@link Dataset} of vectors: the data set itself when it is a LabeledDataset,
     * else its points labelled by their class names read as numbers (or by their class indices when
     * a name is not a number).
     *
     * @throws IllegalArgumentException when the data hold bags
     */
    @SuppressWarnings("unchecked")
    public static LabeledDataset of(Dataset<?> data) {
        if (data instanceof LabeledDataset d) {
            return d;
        }
        if (data.kind() != InputKind.VECTORS) {
            throw new IllegalArgumentException("expected vectors, found " + data.kind().label());
        }
        Dataset<Vec> v = (Dataset<Vec>) data;
        double[] values = new double[v.classCount()];
        boolean numeric = true;
        for (int c = 0; c < values.length && numeric; c++) {
            try {
                values[c] = Double.parseDouble(v.classNames().get(c));
            } catch (NumberFormatException e) {
                numeric = false;
            }
        }
        List<Vec> points = new ArrayList<>(v.size());
        double[] labels = new double[v.size()];
        for (int i = 0; i < v.size(); i++) {
            points.add(v.x(i));
            labels[i] = numeric ? values[v.classIndex(i)] : v.classIndex(i);
        }
        return new LabeledDataset(points, labels);
    }

    private ClassIndex index() {
        ClassIndex ci = classIndex;
        if (ci == null) {
            double[] classes = distinctSorted(y);
            int[] indices = new int[y.length];
            for (int i = 0; i < y.length; i++) {
                indices[i] = Arrays.binarySearch(classes, y[i]);
            }
            List<String> names = new ArrayList<>(classes.length);
            for (double c : classes) {
                names.add(className(c));
            }
            ci = new ClassIndex(classes, indices, List.copyOf(names));
            classIndex = ci;
        }
        return ci;
    }

    /**
     * The distinct values of y in increasing order of {@link Double#compare} (as a TreeSet of
     * Double would hold them): a short list searched linearly while there are few (class labels),
     * a TreeSet beyond.
     */
    private static double[] distinctSorted(double[] y) {
        double[] few = new double[16];
        int m = 0;
        for (int i = 0; i < y.length; i++) {
            double v = y[i];
            int t = 0;
            while (t < m && Double.compare(few[t], v) != 0) {
                t++;
            }
            if (t == m) {
                if (m == few.length) {
                    TreeSet<Double> s = new TreeSet<>();
                    for (double u : y) {
                        s.add(u);
                    }
                    return s.stream().mapToDouble(Double::doubleValue).toArray();
                }
                few[m++] = v;
            }
        }
        double[] classes = Arrays.copyOf(few, m);
        Arrays.sort(classes);
        return classes;
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
    @Override
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
