package dev.kernelkit.data;

import java.util.Arrays;

/**
 * A sparse vector: strictly increasing 0-based indices with their values; immutable.
 * Explicit zeros are dropped at construction.
 */
public final class SparseVec implements Vec {
    private final int dim;
    private final int[] idx;
    private final double[] val;
    private final double sq;

    /**
     * Copies the arrays; indices must be strictly increasing in [0, dim), values finite.
     *
     * @throws IllegalArgumentException naming the offending position and value
     */
    public SparseVec(int dim, int[] indices, double[] values) {
        if (dim < 0) {
            throw new IllegalArgumentException("dim must be >= 0, got " + dim);
        }
        if (indices.length != values.length) {
            throw new IllegalArgumentException("indices and values must have equal length, got "
                    + indices.length + " and " + values.length);
        }
        int nz = 0;
        for (double x : values) {
            if (x != 0.0) {
                nz++;
            }
        }
        int[] ii = new int[nz];
        double[] vv = new double[nz];
        int k = 0;
        int prev = -1;
        double s = 0;
        for (int p = 0; p < indices.length; p++) {
            int i = indices[p];
            double x = values[p];
            if (i <= prev) {
                throw new IllegalArgumentException("indices must be strictly increasing, got " + i + " after " + prev);
            }
            if (i >= dim) {
                throw new IllegalArgumentException("index " + i + " out of range for dimension " + dim);
            }
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("value at index " + i + " must be finite, got " + x);
            }
            prev = i;
            if (x != 0.0) {
                ii[k] = i;
                vv[k] = x;
                s += x * x;
                k++;
            }
        }
        this.dim = dim;
        this.idx = ii;
        this.val = vv;
        this.sq = s;
    }

    @Override
    public int dim() {
        return dim;
    }

    @Override
    public double get(int i) {
        if (i < 0 || i >= dim) {
            throw new IndexOutOfBoundsException("index " + i + " out of range for dimension " + dim);
        }
        int p = Arrays.binarySearch(idx, i);
        return p >= 0 ? val[p] : 0.0;
    }

    @Override
    public int storedCount() {
        return idx.length;
    }

    /** The stored index at position p (0 &le; p &lt; storedCount()). */
    public int indexAt(int p) {
        return idx[p];
    }

    /** The stored value at position p (0 &le; p &lt; storedCount()). */
    public double valueAt(int p) {
        return val[p];
    }

    @Override
    public double dot(Vec other) {
        checkSameDim(other);
        if (other instanceof DenseVec d) {
            return d.dot(this);
        }
        SparseVec o = (SparseVec) other;
        int[] ai = idx, bi = o.idx;
        double[] av = val, bv = o.val;
        int a = 0, b = 0;
        int na = ai.length, nb = bi.length;
        double s = 0;
        while (a < na && b < nb) {
            int x = ai[a], y = bi[b];
            if (x == y) {
                s += av[a++] * bv[b++];
            } else if (x < y) {
                a++;
            } else {
                b++;
            }
        }
        return s;
    }

    @Override
    public double dot(double[] dense) {
        if (dense.length != dim) {
            throw new IllegalArgumentException("dimension mismatch: expected " + dim + ", found " + dense.length);
        }
        double s = 0;
        for (int p = 0; p < idx.length; p++) {
            s += val[p] * dense[idx[p]];
        }
        return s;
    }

    @Override
    public double squaredNorm() {
        return sq;
    }

    @Override
    public void addTo(double[] acc, double scale) {
        for (int p = 0; p < idx.length; p++) {
            acc[idx[p]] += scale * val[p];
        }
    }

    @Override
    public double[] toArray() {
        double[] out = new double[dim];
        for (int p = 0; p < idx.length; p++) {
            out[idx[p]] = val[p];
        }
        return out;
    }

    @Override
    public void forEachStored(EntryConsumer action) {
        for (int p = 0; p < idx.length; p++) {
            action.accept(idx[p], val[p]);
        }
    }

    @Override
    public DenseVec toDense() {
        return DenseVec.wrap(toArray());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SparseVec s && dim == s.dim && Arrays.equals(idx, s.idx) && Arrays.equals(val, s.val);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * dim + Arrays.hashCode(idx)) + Arrays.hashCode(val);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SparseVec(dim=").append(dim).append(")[");
        for (int p = 0; p < idx.length; p++) {
            if (p > 0) {
                sb.append(' ');
            }
            sb.append(idx[p]).append(':').append(val[p]);
        }
        return sb.append(']').toString();
    }
}
