package dev.kernelkit.data;

import java.util.Arrays;

/** A dense vector backed by a private copy of a {@code double[]}; immutable. */
public final class DenseVec implements Vec {
    private final double[] v;
    private final double sq;

    /** Copies {@code values}; rejects NaN and infinite entries. */
    public DenseVec(double[] values) {
        this(values.clone(), true);
    }

    private DenseVec(double[] owned, boolean check) {
        if (check) {
            for (int i = 0; i < owned.length; i++) {
                if (!Double.isFinite(owned[i])) {
                    throw new IllegalArgumentException("entry " + i + " must be finite, got " + owned[i]);
                }
            }
        }
        this.v = owned;
        double s = 0;
        for (double x : owned) {
            s += x * x;
        }
        this.sq = s;
    }

    /** Wraps an array the caller hands over and never touches again (no copy). */
    public static DenseVec wrap(double[] owned) {
        return new DenseVec(owned, true);
    }

    /** A vector from its entries. */
    public static DenseVec of(double... values) {
        return new DenseVec(values);
    }

    @Override
    public int dim() {
        return v.length;
    }

    @Override
    public double get(int i) {
        return v[i];
    }

    @Override
    public int storedCount() {
        return v.length;
    }

    @Override
    public double dot(Vec other) {
        checkSameDim(other);
        if (other instanceof SparseVec s) {
            return s.dot(v);
        }
        return dot(((DenseVec) other).v);
    }

    @Override
    public double dot(double[] dense) {
        if (dense.length != v.length) {
            throw new IllegalArgumentException("dimension mismatch: expected " + v.length + ", found " + dense.length);
        }
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int i = 0;
        int n = v.length;
        for (; i + 3 < n; i += 4) {
            s0 += v[i] * dense[i];
            s1 += v[i + 1] * dense[i + 1];
            s2 += v[i + 2] * dense[i + 2];
            s3 += v[i + 3] * dense[i + 3];
        }
        for (; i < n; i++) {
            s0 += v[i] * dense[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    @Override
    public double squaredNorm() {
        return sq;
    }

    @Override
    public void addTo(double[] acc, double scale) {
        for (int i = 0; i < v.length; i++) {
            acc[i] += scale * v[i];
        }
    }

    @Override
    public double[] toArray() {
        return v.clone();
    }

    /** The backing array itself, for reading in this package's loops; never modified. */
    double[] values() {
        return v;
    }

    /** Copies the entries into {@code out} starting at {@code offset}. */
    public void copyInto(double[] out, int offset) {
        System.arraycopy(v, 0, out, offset, v.length);
    }

    @Override
    public void forEachStored(EntryConsumer action) {
        for (int i = 0; i < v.length; i++) {
            action.accept(i, v[i]);
        }
    }

    @Override
    public DenseVec toDense() {
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DenseVec d && Arrays.equals(v, d.v);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(v);
    }

    @Override
    public String toString() {
        return "DenseVec" + Arrays.toString(v);
    }
}
