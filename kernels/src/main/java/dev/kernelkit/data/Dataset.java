package dev.kernelkit.data;

import java.util.List;

/**
 * Labelled examples as every trainer reads them: n examples of one input kind (vectors or bags),
 * each with a class index into {@link #classNames()}. {@link dev.kernelkit.data.LabeledDataset}
 * (vectors, real labels whose sorted distinct values are the classes) and
 * {@link dev.kernelkit.data.BagDataset} (bags, named classes) implement it. Immutable.
 *
 * @param <X> the example type ({@link dev.kernelkit.data.Vec} or {@link dev.kernelkit.data.Bag})
 */
public interface Dataset<X> {

    /** Number of examples n. */
    int size();

    /** Example i. */
    X x(int i);

    /** The class index of example i, in [0, {@link #classCount()}). */
    int classIndex(int i);

    /** A copy of the class indices of all examples, in example order. */
    int[] classIndices();

    /** The class names, in class-index order. */
    List<String> classNames();

    /** Number of classes. */
    default int classCount() {
        return classNames().size();
    }

    /** The feature dimension of a vector, or of a bag's instances (0 for an empty set). */
    int dim();

    /** The examples at the given indices, in that order (indices may repeat). */
    Dataset<X> subset(int[] indices);

    /** Whether the examples are vectors or bags. */
    InputKind kind();

    /** How many examples each class has, in class-index order. */
    default int[] classCounts() {
        int[] counts = new int[classCount()];
        for (int i = 0; i < size(); i++) {
            counts[classIndex(i)]++;
        }
        return counts;
    }
}
