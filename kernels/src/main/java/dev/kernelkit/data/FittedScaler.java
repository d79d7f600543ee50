package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A feature scaling with its training statistics: {@code z_j = (g(x_j) - offset_j) / scale_j},
 * g = log1p for {@link FeatureScaling#LOG1P_MINMAX}, else the identity. Made by
 * {@link FeatureScaling#fit}, or rebuilt from saved numbers with {@link #of}. Immutable.
 *
 * <p>A sparse input stays sparse when the transform maps 0 to 0 in every feature (all offsets
 * 0); otherwise the output is dense. {@link FeatureScaling#NONE} returns its input unchanged.
 * Cost O(d) per dense vector, O(nnz) per sparse vector kept sparse.
 */
public final class FittedScaler {
    private final FeatureScaling kind;
    private final double[] offset;
    private final double[] scale;
    private final boolean zeroPreserving;

    FittedScaler(FeatureScaling kind, double[] offset, double[] scale) {
        this.kind = kind;
        this.offset = offset;
        this.scale = scale;
        boolean zp = true;
        for (double o : offset) {
            if (o != 0.0) {
                zp = false;
                break;
            }
        }
        this.zeroPreserving = zp;
    }

    /**
     * Rebuilds a fitted scaler from its numbers (e.g. read from a model file).
     *
     * @throws IllegalArgumentException for arrays of different lengths, a non-finite offset or a
     *         scale that is not finite and &gt; 0
     */
    public static FittedScaler of(FeatureScaling kind, double[] offsets, double[] scales) {
        Objects.requireNonNull(kind, "kind");
        if (offsets.length != scales.length) {
            throw new IllegalArgumentException("offsets and scales must have equal length, got " + offsets.length
                    + " and " + scales.length);
        }
        for (int j = 0; j < offsets.length; j++) {
            if (!Double.isFinite(offsets[j])) {
                throw new IllegalArgumentException("offset " + j + " must be finite, got " + offsets[j]);
            }
            if (!(scales[j] > 0) || !Double.isFinite(scales[j])) {
                throw new IllegalArgumentException("scale " + j + " must be finite and > 0, got " + scales[j]);
            }
            if (kind == FeatureScaling.NONE && (offsets[j] != 0 || scales[j] != 1)) {
                throw new IllegalArgumentException("scaling none needs offset 0 and scale 1, got " + offsets[j]
                        + " and " + scales[j] + " for feature " + j);
            }
        }
        return new FittedScaler(kind, offsets.clone(), scales.clone());
    }

    /** Which scaling this is. */
    public FeatureScaling kind() {
        return kind;
    }

    /** The dimension it was fitted on. */
    public int dim() {
        return offset.length;
    }

    /** A copy of the offsets (mean or minimum per feature, after log1p where used). */
    public double[] offsets() {
        return offset.clone();
    }

    /** A copy of the scales (standard deviation or range per feature; 1 for constant features). */
    public double[] scales() {
        return scale.clone();
    }

    /**
     * Scales one vector with the training statistics.
     *
     * @throws IllegalArgumentException for a dimension other than {@link #dim()} or (log1p) a value &le; -1
     */
    public Vec apply(Vec v) {
        if (v.dim() != offset.length) {
            throw new IllegalArgumentException("dimension mismatch: scaler fitted on " + offset.length
                    + " features, found " + v.dim());
        }
        if (kind == FeatureScaling.NONE) {
            return v;
        }
        boolean log = kind.usesLog1p();
        if (v instanceof SparseVec s && zeroPreserving) {
            int k = s.storedCount();
            int[] idx = new int[k];
            double[] val = new double[k];
            for (int p = 0; p < k; p++) {
                int j = s.indexAt(p);
                double x = s.valueAt(p);
                double g = log ? FeatureScaling.checkedLog1p(x, j, "the vector") : x;
                idx[p] = j;
                val[p] = (g - offset[j]) / scale[j];
            }
            return new SparseVec(s.dim(), idx, val);
        }
        double[] out = v.toArray();
        for (int j = 0; j < out.length; j++) {
            double x = out[j];
            // log1p(+-0) is +-0: zeros (most entries of one-hot data) skip the call
            double g = log && x != 0.0 ? FeatureScaling.checkedLog1p(x, j, "the vector") : x;
            out[j] = (g - offset[j]) / scale[j];
        }
        return DenseVec.wrap(out);
    }

    /** Scales every point; labels unchanged. */
    public LabeledDataset apply(LabeledDataset data) {
        if (kind == FeatureScaling.NONE) {
            checkDim(data.dim(), data.size());
            return data;
        }
        List<Vec> out = new ArrayList<>(data.size());
        for (Vec v : data.points()) {
            out.add(apply(v));
        }
        return data.withPoints(out);
    }

    /** Scales every instance of every bag; bag ids and labels unchanged. */
    public BagDataset apply(BagDataset data) {
        if (kind == FeatureScaling.NONE) {
            checkDim(data.dim(), data.size());
            return data;
        }
        List<Bag> out = new ArrayList<>(data.size());
        for (Bag b : data.bags()) {
            out.add(apply(b));
        }
        return data.withBags(out);
    }

    /**
     * Scales every instance of one bag; its id unchanged.
     *
     * @throws IllegalArgumentException for an instance dimension other than {@link #dim()}
     */
    public Bag apply(Bag bag) {
        if (kind == FeatureScaling.NONE) {
            checkDim(bag.dim(), bag.size());
            return bag;
        }
        List<Vec> inst = new ArrayList<>(bag.size());
        for (Vec v : bag.instances()) {
            inst.add(apply(v));
        }
        return new Bag(bag.id(), inst);
    }

    /**
     * Scales every example of a data set of vectors or bags; labels unchanged.
     *
     * @throws IllegalArgumentException for a dimension other than {@link #dim()}
     */
    @SuppressWarnings("unchecked")
    public <X> Dataset<X> apply(Dataset<X> data) {
        if (data.kind() == InputKind.BAGS) {
            return (Dataset<X>) apply(BagDataset.of(data));
        }
        return (Dataset<X>) apply(LabeledDataset.of(data));
    }

    /**
     * Scales one example, a {@link Vec} or a {@link Bag}.
     *
     * @throws IllegalArgumentException for another type or a dimension other than {@link #dim()}
     */
    @SuppressWarnings("unchecked")
    public <X> X applyTo(X example) {
        if (example instanceof Vec v) {
            return (X) apply(v);
        }
        if (example instanceof Bag b) {
            return (X) apply(b);
        }
        throw new IllegalArgumentException("can only scale vectors and bags, got "
                + (example == null ? "null" : example.getClass().getSimpleName()));
    }

    private void checkDim(int d, int n) {
        if (n > 0 && d != offset.length) {
            throw new IllegalArgumentException("dimension mismatch: scaler fitted on " + offset.length
                    + " features, found " + d);
        }
    }

    @Override
    public String toString() {
        return "FittedScaler(" + kind.cliName() + ", d=" + offset.length + ", offsets=" + abbreviate(offset)
                + ", scales=" + abbreviate(scale) + ")";
    }

    private static String abbreviate(double[] a) {
        return a.length <= 6 ? Arrays.toString(a) : Arrays.toString(Arrays.copyOf(a, 6)).replace("]", ", ...]");
    }
}
