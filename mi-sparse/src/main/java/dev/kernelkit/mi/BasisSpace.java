package dev.kernelkit.mi;

import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Expansion vectors restricted to the span of Q basis vectors, z = B v (TNNLS 2013 Sec. IV-E).
 * Precomputes G = B'B (Q x Q) and P = X B (N x Q) with sparse dot products, so that
 * x·z = P_x v, ||z||² = v'Gv, d(x·z)/dv = P_x and d(z_q·z)/dv = G v_q: the cost is O(N Q) per
 * kernel row and a 65,000-dimensional sparse instance is never densified.
 */
final class BasisSpace implements PointSpace {
    private final List<Vec> basis;
    private final double[][] gram;
    private final double[][] projections;
    private final double[] instanceNorms;

    BasisSpace(List<Vec> instances, List<Vec> basis) {
        this.basis = List.copyOf(basis);
        int q = basis.size();
        gram = new double[q][q];
        for (int a = 0; a < q; a++) {
            for (int b = a; b < q; b++) {
                double v = basis.get(a).dot(basis.get(b));
                gram[a][b] = v;
                gram[b][a] = v;
            }
        }
        int n = instances.size();
        projections = new double[n][q];
        instanceNorms = new double[n];
        for (int t = 0; t < n; t++) {
            Vec x = instances.get(t);
            instanceNorms[t] = x.squaredNorm();
            for (int a = 0; a < q; a++) {
                projections[t][a] = x.dot(basis.get(a));
            }
        }
    }

    /** The basis vectors B. */
    List<Vec> basis() {
        return basis;
    }

    @Override
    public int instanceCount() {
        return projections.length;
    }

    @Override
    public int parameterDim() {
        return gram.length;
    }

    @Override
    public double instanceDot(int t, double[] p) {
        double[] row = projections[t];
        double s = 0;
        for (int a = 0; a < row.length; a++) {
            s += row[a] * p[a];
        }
        return s;
    }

    @Override
    public double instanceSquaredNorm(int t) {
        return instanceNorms[t];
    }

    @Override
    public void addInstanceDirection(int t, double scale, double[] acc) {
        double[] row = projections[t];
        for (int a = 0; a < row.length; a++) {
            acc[a] += scale * row[a];
        }
    }

    @Override
    public double inner(double[] p, double[] q) {
        double s = 0;
        for (int a = 0; a < gram.length; a++) {
            double ga = 0;
            double[] row = gram[a];
            for (int b = 0; b < row.length; b++) {
                ga += row[b] * q[b];
            }
            s += p[a] * ga;
        }
        return s;
    }

    @Override
    public void addMetricDirection(double[] q, double scale, double[] acc) {
        for (int a = 0; a < gram.length; a++) {
            double ga = 0;
            double[] row = gram[a];
            for (int b = 0; b < row.length; b++) {
                ga += row[b] * q[b];
            }
            acc[a] += scale * ga;
        }
    }

    /** z = B v as a sparse vector (union of the basis vectors' supports; no dense d-array). */
    SparseVec point(double[] v, int dim) {
        TreeMap<Integer, Double> acc = new TreeMap<>();
        for (int a = 0; a < v.length; a++) {
            double coef = v[a];
            if (coef == 0) {
                continue;
            }
            basis.get(a).forEachStored((i, x) -> acc.merge(i, coef * x, Double::sum));
        }
        int[] idx = new int[acc.size()];
        double[] val = new double[acc.size()];
        int k = 0;
        for (Map.Entry<Integer, Double> e : acc.entrySet()) {
            idx[k] = e.getKey();
            val[k] = e.getValue();
            k++;
        }
        return new SparseVec(dim, idx, val);
    }
}
