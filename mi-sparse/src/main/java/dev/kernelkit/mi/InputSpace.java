package dev.kernelkit.mi;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.GramProduct;
import dev.kernelkit.gram.GramProducts;
import java.util.Arrays;
import java.util.List;

/**
 * Expansion vectors as dense points of the input space; instances stay as given (dense or sparse).
 *
 * <p>When every instance is a {@link DenseVec}, the two bulk products that are most of SparseMI's training time
 * are matrix products through the Gram matrices' {@link GramProduct} ({@link GramProducts#selected()}: OpenBLAS's
 * dgemm where module kernelkit-blas loads, else the pure-Java tile): {@link #instanceDots}, Z X' (the expansion
 * vectors against every instance), and {@link #addInstanceDirections}, W X over the instances with a non-zero
 * weight. Each entry is a sum over the same terms as the single-pair methods' ({@link DenseVec#dot},
 * {@link DenseVec#addTo}) in another order (fused, blocked), so it agrees with them to rounding, not bit for bit;
 * blocks of expansion vectors run in parallel on the common fork-join pool when the work is large, each block's
 * entries by one thread (the split does not change a result). {@link #inners}, Z Z', is a product too (made
 * exactly symmetric). Memory: three copies of the instances (columns, and the product's operands X and X'), a fourth
 * for the last subset of X' ({@link #addInstanceDirections}); {@link #close} frees the operands. Not for concurrent
 * use (one fit's calls, one after the other; each call may run its blocks in parallel itself).
 */
final class InputSpace implements PointSpace {
    private final List<Vec> instances;
    private final int dim;
    /** The instances column-major, cols[k * N + t] (null unless all are dense). */
    private final double[] cols;
    /** The product and its operands X (N x d) and X' (d x N) (null unless all instances are dense). */
    private final GramProduct product;
    private final GramProduct.Operand x;
    private final GramProduct.Operand xt;
    /** The instances of the last subset {@link #addInstanceDirections} packed, and that operand (X' over them). */
    private int[] lastUsed;
    private GramProduct.Operand lastSubset;
    /** The Java copy {@link #subset} packs from, kept for the next subset (at most d N values). */
    private double[] subsetScratch;

    InputSpace(List<Vec> instances, int dim) {
        this.instances = instances;
        this.dim = dim;
        boolean dense = !instances.isEmpty() && dim > 0;
        for (Vec v : instances) {
            if (!(v instanceof DenseVec) || v.dim() != dim) {
                dense = false;
                break;
            }
        }
        if (dense) {
            int n = instances.size();
            double[] rows = new double[Math.multiplyExact(n, dim)];
            cols = new double[rows.length];
            for (int t = 0; t < n; t++) {
                double[] v = instances.get(t).toArray();
                System.arraycopy(v, 0, rows, t * dim, dim);
                for (int k = 0; k < dim; k++) {
                    cols[k * n + t] = v[k];
                }
            }
            product = GramProducts.selected();
            x = product.pack(rows, n, dim);
            xt = product.pack(cols, dim, n);
        } else {
            cols = null;
            product = null;
            x = null;
            xt = null;
        }
    }

    /**
     * Frees the product's operands (native memory on the OpenBLAS path) now instead of when they are collected; the
     * space must not be used after.
     */
    void close() {
        if (product != null) {
            x.close();
            xt.close();
            synchronized (this) {
                if (lastSubset != null) {
                    lastSubset.close();
                    lastSubset = null;
                    lastUsed = null;
                    subsetScratch = null;
                }
            }
        }
    }

    /** Instance t. */
    Vec instance(int t) {
        return instances.get(t);
    }

    @Override
    public int instanceCount() {
        return instances.size();
    }

    @Override
    public int parameterDim() {
        return dim;
    }

    @Override
    public double instanceDot(int t, double[] p) {
        return instances.get(t).dot(p);
    }

    @Override
    public double instanceSquaredNorm(int t) {
        return instances.get(t).squaredNorm();
    }

    @Override
    public void addInstanceDirection(int t, double scale, double[] acc) {
        instances.get(t).addTo(acc, scale);
    }

    @Override
    public double inner(double[] p, double[] q) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += p[i] * q[i];
        }
        return s;
    }

    @Override
    public void addMetricDirection(double[] q, double scale, double[] acc) {
        for (int i = 0; i < q.length; i++) {
            acc[i] += scale * q[i];
        }
    }

    /** out[j][t] = x_t · z_j for every expansion vector j and instance t: the product Z X' (see the class note). */
    @Override
    public void instanceDots(double[][] p, double[][] out) {
        if (product == null) {
            PointSpace.super.instanceDots(p, out);
            return;
        }
        int n = instances.size();
        for (double[] z : p) {
            checkLength(z);
        }
        // each block packs its own rows (a few MB at most, so the allocator reuses its memory)
        forBlocks(p.length, n, (from, to) -> {
            double[] packed = new double[(to - from) * dim];
            for (int j = from; j < to; j++) {
                System.arraycopy(p[j], 0, packed, (j - from) * dim, dim);
            }
            try (GramProduct.Operand z = product.pack(packed, to - from, dim)) {
                product.products(z, 0, to - from, x, 0, n, Arrays.copyOfRange(out, from, to));
            }
        });
    }

    /**
     * acc[j] += sum_t w[j][t] x_t for every j: the product W X over the {@code used} instances (the others carry no
     * weight and add nothing), see the class note. The packed operand of the last {@code used} subset is kept and
     * reused when the next call has the same subset (on the MUSK2-shaped set about a third of the calls use all
     * instances, and subsets often change between calls).
     */
    @Override
    public void addInstanceDirections(double[][] w, int[] used, double[][] acc) {
        if (product == null) {
            PointSpace.super.addInstanceDirections(w, used, acc);
            return;
        }
        int m = w.length;
        int n = instances.size();
        int k = used == null ? n : used.length;
        if (m == 0 || k == 0) {
            return;
        }
        GramProduct.Operand cols = k == n ? xt : subset(used);
        forBlocks(m, k, (from, to) -> {
            double[] weights = new double[(to - from) * k];
            for (int j = from; j < to; j++) {
                double[] wj = w[j];
                int base = (j - from) * k;
                if (k == n) {
                    System.arraycopy(wj, 0, weights, base, n);
                } else {
                    for (int c = 0; c < k; c++) {
                        weights[base + c] = wj[used[c]];
                    }
                }
            }
            double[][] sums = new double[to - from][dim];
            try (GramProduct.Operand wo = product.pack(weights, to - from, k)) {
                product.products(wo, 0, to - from, cols, 0, dim, sums);
            }
            for (int j = from; j < to; j++) {
                double[] g = acc[j];
                double[] s = sums[j - from];
                for (int q = 0; q < dim; q++) {
                    g[q] += s[q];
                }
            }
        });
    }

    /** X' over the instances {@code used} (d x k), packed once per distinct subset (the last one is kept). */
    private synchronized GramProduct.Operand subset(int[] used) {
        if (lastUsed != null && Arrays.equals(lastUsed, used)) {
            return lastSubset;
        }
        int k = used.length;
        int n = instances.size();
        int size = Math.multiplyExact(dim, k);
        if (subsetScratch == null || subsetScratch.length < size) {
            subsetScratch = new double[size];
        }
        double[] sub = subsetScratch;
        for (int q = 0; q < dim; q++) {
            // row q of X' gathered: reads within one row of cols, writes in order
            int in = q * n;
            int out = q * k;
            for (int c = 0; c < k; c++) {
                sub[out + c] = cols[in + used[c]];
            }
        }
        if (lastSubset != null) {
            lastSubset.close();
        }
        lastSubset = product.pack(sub, dim, k);
        lastUsed = used.clone();
        return lastSubset;
    }

    /** Runs {@code body} over [0, points) in blocks, in parallel when points x inner x d is large ({@link XvBlocks}). */
    private void forBlocks(int points, int inner, XvBlocks.Block body) {
        XvBlocks.run(points, (long) points * inner * dim, body);
    }

    /**
     * z_a · z_b for all a, b: the product Z Z' (dense instances; {@link #inner}'s sums in another order, see the
     * class note), made exactly symmetric from its upper triangle; otherwise {@link #inner}'s loop for b &ge; a,
     * mirrored.
     */
    @Override
    public void inners(double[][] p, double[][] out) {
        int m = p.length;
        for (double[] z : p) {
            checkLength(z);
        }
        if (product != null && m > 0) {
            double[] packed = new double[Math.multiplyExact(m, dim)];
            for (int a = 0; a < m; a++) {
                System.arraycopy(p[a], 0, packed, a * dim, dim);
            }
            try (GramProduct.Operand z = product.pack(packed, m, dim)) {
                forBlocks(m, m, (from, to) -> product.products(z, from, to - from, z, 0, m,
                        Arrays.copyOfRange(out, from, to)));
            }
            for (int a = 0; a < m; a++) {
                for (int b = a + 1; b < m; b++) {
                    out[b][a] = out[a][b];
                }
            }
            return;
        }
        double[][] cols = new double[dim][m];
        for (int a = 0; a < m; a++) {
            for (int k = 0; k < dim; k++) {
                cols[k][a] = p[a][k];
            }
        }
        for (int a = 0; a < m; a++) {
            double[] za = p[a];
            double[] oa = out[a];
            Arrays.fill(oa, a, m, 0.0);
            for (int k = 0; k < dim; k++) {
                double zk = za[k];
                double[] ck = cols[k];
                for (int b = a; b < m; b++) {
                    oa[b] += zk * ck[b];
                }
            }
            for (int b = a + 1; b < m; b++) {
                out[b][a] = oa[b];
            }
        }
    }

    private void checkLength(double[] z) {
        if (z.length != dim) {
            throw new IllegalArgumentException("dimension mismatch: expected " + dim + ", found " + z.length);
        }
    }
}
