package dev.kernelkit.spark;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.Dataset;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A data set in plain arrays, as Spark broadcasts it: every vector's entries (dense, or a sparse
 * vector's stored indices and values), the labels, and for bags their ids and class names. An
 * executor rebuilds the very data set the driver holds ({@link #dataset()}: equal vectors, labels,
 * classes and order), once per copy of the broadcast value.
 */
final class ShippedData implements Serializable {
    private static final long serialVersionUID = 1L;

    /** One vector: {@code indices == null} for a dense one. */
    private static final class ShippedVec implements Serializable {
        private static final long serialVersionUID = 1L;
        final int dim;
        final int[] indices;
        final double[] values;

        ShippedVec(Vec v) {
            dim = v.dim();
            if (v instanceof SparseVec s) {
                indices = new int[s.storedCount()];
                values = new double[s.storedCount()];
                for (int p = 0; p < indices.length; p++) {
                    indices[p] = s.indexAt(p);
                    values[p] = s.valueAt(p);
                }
            } else {
                indices = null;
                values = v.toArray();
            }
        }

        Vec vec() {
            return indices == null ? DenseVec.of(values) : new SparseVec(dim, indices, values);
        }
    }

    private final boolean bags;
    private final List<List<ShippedVec>> examples;
    private final List<String> bagIds;
    private final double[] labels;
    private final List<String> classNames;
    private final int[] classIndices;
    private transient volatile Dataset<?> rebuilt;

    private ShippedData(boolean bags, List<List<ShippedVec>> examples, List<String> bagIds, double[] labels,
                        List<String> classNames, int[] classIndices) {
        this.bags = bags;
        this.examples = examples;
        this.bagIds = bagIds;
        this.labels = labels;
        this.classNames = classNames;
        this.classIndices = classIndices;
    }

    /**
     * The data in plain arrays.
     *
     * @throws IllegalArgumentException unless the data are a {@link LabeledDataset} or a {@link BagDataset}
     */
    static ShippedData of(Dataset<?> data) {
        if (data instanceof LabeledDataset d) {
            List<List<ShippedVec>> xs = new ArrayList<>(d.size());
            for (Vec v : d.points()) {
                xs.add(List.of(new ShippedVec(v)));
            }
            return new ShippedData(false, xs, null, d.labels(), null, null);
        }
        if (data instanceof BagDataset d) {
            List<List<ShippedVec>> xs = new ArrayList<>(d.size());
            List<String> ids = new ArrayList<>(d.size());
            for (Bag b : d.bags()) {
                List<ShippedVec> instances = new ArrayList<>(b.size());
                for (Vec v : b.instances()) {
                    instances.add(new ShippedVec(v));
                }
                xs.add(instances);
                ids.add(b.id());
            }
            return new ShippedData(true, xs, ids, null, new ArrayList<>(d.classNames()), d.labels());
        }
        throw new IllegalArgumentException("data must be a LabeledDataset or a BagDataset to go to Spark, got "
                + (data == null ? "null" : data.getClass().getName()));
    }

    /** The data set (built on the first call of each copy, then kept). */
    Dataset<?> dataset() {
        Dataset<?> d = rebuilt;
        if (d == null) {
            d = build();
            rebuilt = d;
        }
        return d;
    }

    private Dataset<?> build() {
        if (!bags) {
            List<Vec> points = new ArrayList<>(examples.size());
            for (List<ShippedVec> x : examples) {
                points.add(x.get(0).vec());
            }
            return new LabeledDataset(points, labels);
        }
        List<Bag> list = new ArrayList<>(examples.size());
        for (int i = 0; i < examples.size(); i++) {
            List<Vec> instances = new ArrayList<>(examples.get(i).size());
            for (ShippedVec v : examples.get(i)) {
                instances.add(v.vec());
            }
            list.add(new Bag(bagIds.get(i), instances));
        }
        return new BagDataset(list, classNames, classIndices);
    }
}
