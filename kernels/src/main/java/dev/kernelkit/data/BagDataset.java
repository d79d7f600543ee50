package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Labelled bags for multi-instance learning. Labels are class indices into {@link #classNames()}.
 * A binary data set has the class names {@code "-1"} and {@code "+1"} (in that order), so
 * {@link #sign(int)} gives the bag label y_i in {-1, +1}. Immutable.
 */
public final class BagDataset implements Dataset<Bag> {
    /** Class names of a binary bag data set, negative first. */
    public static final List<String> BINARY_CLASSES = List.of("-1", "+1");

    private final List<Bag> bags;
    private final List<String> classNames;
    private final int[] labels;
    private final int dim;

    /**
     * @param bags the bags
     * @param classNames distinct class names; {@link #BINARY_CLASSES} for binary data
     * @param labels for each bag, an index into classNames
     * @throws IllegalArgumentException on size mismatch, a label out of range, duplicate class
     *         names or bags of different dimensions
     */
    public BagDataset(List<Bag> bags, List<String> classNames, int[] labels) {
        Objects.requireNonNull(bags, "bags");
        Objects.requireNonNull(classNames, "classNames");
        if (bags.size() != labels.length) {
            throw new IllegalArgumentException("bags and labels must have equal size, got "
                    + bags.size() + " and " + labels.length);
        }
        if (classNames.stream().distinct().count() != classNames.size()) {
            throw new IllegalArgumentException("class names must be distinct, got " + classNames);
        }
        int d = bags.isEmpty() ? 0 : bags.get(0).dim();
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] < 0 || labels[i] >= classNames.size()) {
                throw new IllegalArgumentException("label of bag " + i + " must be in [0, "
                        + classNames.size() + "), got " + labels[i]);
            }
            if (bags.get(i).dim() != d) {
                throw new IllegalArgumentException("bag '" + bags.get(i).id() + "' has dimension "
                        + bags.get(i).dim() + ", expected " + d);
            }
        }
        this.bags = List.copyOf(bags);
        this.classNames = List.copyOf(classNames);
        this.labels = labels.clone();
        this.dim = d;
    }

    /** A binary data set from bags and their labels in {-1, +1}. */
    public static BagDataset binary(List<Bag> bags, double[] signs) {
        int[] l = new int[signs.length];
        for (int i = 0; i < signs.length; i++) {
            if (signs[i] == 1.0) {
                l[i] = 1;
            } else if (signs[i] == -1.0) {
                l[i] = 0;
            } else {
                throw new IllegalArgumentException("binary bag label " + i + " must be +1 or -1, got " + signs[i]);
            }
        }
        return new BagDataset(bags, BINARY_CLASSES, l);
    }

    /** Number of bags. */
    @Override
    public int size() {
        return labels.length;
    }

    /** Instance dimension. */
    @Override
    public int dim() {
        return dim;
    }

    /** Bag i. */
    public Bag bag(int i) {
        return bags.get(i);
    }

    /** Bag i (the {@link Dataset} name of {@link #bag}). */
    @Override
    public Bag x(int i) {
        return bags.get(i);
    }

    @Override
    public int classIndex(int i) {
        return labels[i];
    }

    @Override
    public int[] classIndices() {
        return labels.clone();
    }

    @Override
    public InputKind kind() {
        return InputKind.BAGS;
    }

    /**
     * The bags of a {@link Dataset} of bags: the data set itself when it is a BagDataset.
     *
     * @throws IllegalArgumentException when the data hold vectors
     */
    @SuppressWarnings("unchecked")
    public static BagDataset of(Dataset<?> data) {
        if (data instanceof BagDataset b) {
            return b;
        }
        if (data.kind() != InputKind.BAGS) {
            throw new IllegalArgumentException("expected bags, found " + data.kind().label());
        }
        Dataset<Bag> bagData = (Dataset<Bag>) data;
        List<Bag> out = new ArrayList<>(bagData.size());
        for (int i = 0; i < bagData.size(); i++) {
            out.add(bagData.x(i));
        }
        return new BagDataset(out, bagData.classNames(), bagData.classIndices());
    }

    /** All bags, unmodifiable. */
    public List<Bag> bags() {
        return bags;
    }

    /** Class names, unmodifiable. */
    @Override
    public List<String> classNames() {
        return classNames;
    }

    /** Number of classes. */
    @Override
    public int classCount() {
        return classNames.size();
    }

    /** Class index of bag i. */
    public int label(int i) {
        return labels[i];
    }

    /** A copy of the class indices. */
    public int[] labels() {
        return labels.clone();
    }

    /** True when the classes are exactly {@link #BINARY_CLASSES}. */
    public boolean isBinary() {
        return classNames.equals(BINARY_CLASSES);
    }

    /**
     * The bag label y_i in {-1, +1} of a binary data set.
     *
     * @throws IllegalStateException when the data set is not binary
     */
    public double sign(int i) {
        if (!isBinary()) {
            throw new IllegalStateException("data set is not binary: classes " + classNames);
        }
        return labels[i] == 1 ? 1.0 : -1.0;
    }

    /** Total number of instances over all bags. */
    public int instanceCount() {
        int n = 0;
        for (Bag b : bags) {
            n += b.size();
        }
        return n;
    }

    /** The bags at the given indices, same class names. */
    @Override
    public BagDataset subset(int[] indices) {
        List<Bag> b = new ArrayList<>(indices.length);
        int[] l = new int[indices.length];
        for (int k = 0; k < indices.length; k++) {
            b.add(bags.get(indices[k]));
            l[k] = labels[indices[k]];
        }
        return new BagDataset(b, classNames, l);
    }

    /** The same labels with other bags (for scaling). */
    public BagDataset withBags(List<Bag> newBags) {
        return new BagDataset(newBags, classNames, labels);
    }

    @Override
    public String toString() {
        return "BagDataset(bags=" + size() + ", instances=" + instanceCount() + ", d=" + dim
                + ", classes=" + classNames + ", counts=" + Arrays.toString(classCounts()) + ")";
    }

    /** Number of bags per class. */
    @Override
    public int[] classCounts() {
        int[] c = new int[classNames.size()];
        for (int l : labels) {
            c[l]++;
        }
        return c;
    }
}
