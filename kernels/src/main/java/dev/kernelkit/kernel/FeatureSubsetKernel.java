package dev.kernelkit.kernel;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.Arrays;
import java.util.Objects;

/**
 * A base kernel applied to a subset S of the features: k_S(x, z) = k(x_S, z_S), where x_S keeps
 * the features of S in increasing order (e.g. one feature group per base kernel in MKL). PSD
 * when the base is. A sparse point is projected in O(nnz log |S|) to a sparse point of dimension
 * |S|; a dense one in O(|S|). Immutable.
 */
public final class FeatureSubsetKernel implements Kernel<Vec> {
    private final int[] features;
    private final Kernel<Vec> base;

    /**
     * @param features distinct non-negative feature indices (any order; stored sorted)
     * @param base the kernel on the projected points
     * @throws IllegalArgumentException for an empty, negative or repeated index or a null base
     */
    public FeatureSubsetKernel(int[] features, Kernel<Vec> base) {
        Checks.notNull("features", features);
        this.base = Checks.notNull("base", base);
        if (features.length == 0) {
            throw new IllegalArgumentException("features must not be empty");
        }
        int[] f = features.clone();
        Arrays.sort(f);
        if (f[0] < 0) {
            throw new IllegalArgumentException("feature indices must be >= 0, got " + f[0]);
        }
        for (int i = 1; i < f.length; i++) {
            if (f[i] == f[i - 1]) {
                throw new IllegalArgumentException("feature indices must be distinct, got " + f[i] + " twice");
            }
        }
        this.features = f;
    }

    /** The feature indices, sorted, as a fresh copy. */
    public int[] features() {
        return features.clone();
    }

    /** The base kernel. */
    public Kernel<Vec> base() {
        return base;
    }

    @Override
    public double apply(Vec x, Vec z) {
        x.checkSameDim(z);
        int last = features[features.length - 1];
        if (last >= x.dim()) {
            throw new IllegalArgumentException("feature " + last + " out of range for dimension " + x.dim());
        }
        return base.apply(project(x), project(z));
    }

    /** x_S: the features of S of x, as a vector of dimension |S| (sparse stays sparse). */
    public Vec project(Vec x) {
        if (x instanceof SparseVec s) {
            int nnz = s.storedCount();
            int[] idx = new int[Math.min(nnz, features.length)];
            double[] val = new double[idx.length];
            int k = 0;
            for (int p = 0; p < nnz; p++) {
                int pos = Arrays.binarySearch(features, s.indexAt(p));
                if (pos >= 0) {
                    idx[k] = pos;
                    val[k] = s.valueAt(p);
                    k++;
                }
            }
            return new SparseVec(features.length, Arrays.copyOf(idx, k), Arrays.copyOf(val, k));
        }
        double[] out = new double[features.length];
        for (int i = 0; i < features.length; i++) {
            out[i] = x.get(features[i]);
        }
        return DenseVec.wrap(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FeatureSubsetKernel f && Arrays.equals(features, f.features) && base.equals(f.base);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(features) + Objects.hashCode(base);
    }

    @Override
    public String toString() {
        return "FeatureSubsetKernel[features=" + Arrays.toString(features) + ", base=" + base + "]";
    }
}
