package dev.kernelkit.spark.cvm;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.io.Serializable;
import java.util.Objects;

/**
 * One labelled training vector as Spark ships it: the label, the dimension and the entries (a dense
 * vector's values, or a sparse vector's stored indices and values). {@link #vec()} rebuilds the very
 * vector (dense or sparse, the same doubles), so kernel values on an executor equal the driver's.
 *
 * @param label the class label
 * @param dim the dimension
 * @param indices a sparse vector's stored indices (0-based, increasing), or null for a dense vector
 * @param values the dense values, or the sparse vector's stored values
 */
public record LabeledRow(double label, int dim, int[] indices, double[] values) implements Serializable {

    /** Checks the entry arrays against each other. */
    public LabeledRow {
        Objects.requireNonNull(values, "values");
        if (indices != null ? indices.length != values.length : values.length != dim) {
            throw new IllegalArgumentException("a row of dimension " + dim + " with " + values.length + " values"
                    + (indices != null ? " and " + indices.length + " indices" : ""));
        }
    }

    /** The row of a vector (dense stays dense, sparse stays sparse). */
    public static LabeledRow of(double label, Vec v) {
        if (v instanceof SparseVec s) {
            int[] idx = new int[s.storedCount()];
            double[] val = new double[idx.length];
            for (int p = 0; p < idx.length; p++) {
                idx[p] = s.indexAt(p);
                val[p] = s.valueAt(p);
            }
            return new LabeledRow(label, v.dim(), idx, val);
        }
        return new LabeledRow(label, v.dim(), null, v.toArray());
    }

    /** The vector: a {@link SparseVec} when the row has indices, else a {@link DenseVec}. */
    public Vec vec() {
        return indices == null ? DenseVec.of(values.clone()) : new SparseVec(dim, indices.clone(), values.clone());
    }
}
