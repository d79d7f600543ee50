package dev.kernelkit.mi;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import java.util.Arrays;
import java.util.List;

/**
 * Expansion vectors as dense points of the input space; instances stay as given (dense or sparse).
 *
 * <p>When every instance is a {@link DenseVec}, the bulk methods run on packed copies of the
 * instances and give bit-for-bit the single-pair results: {@link #instanceDots} on panels of
 * {@value #PANEL} instances stored feature-major, with the four interleaved partial sums of
 * {@link DenseVec#dot(double[])} kept per instance so that each sum is formed in the same order
 * (the loop over instances vectorises; the single dot product is a reduction HotSpot does not
 * vectorise); {@link #addInstanceDirections} adds four instances per pass, each entry still
 * accumulated in increasing t; {@link #inners} forms z_a · z_b for all b at once from the points
 * stored feature-major. Memory: two copies of the instances (2 N d doubles).
 */
final class InputSpace implements PointSpace {
    /** Instances per panel of the packed feature-major copy. */
    static final int PANEL = 256;

    private final List<Vec> instances;
    private final int dim;
    /** The instances as rows (null unless all are dense). */
    private final double[][] rows;
    /** panels[p][k][i] = feature k of instance p * PANEL + i, zero-padded (null unless all are dense). */
    private final double[][][] panels;

    InputSpace(List<Vec> instances, int dim) {
        this.instances = instances;
        this.dim = dim;
        boolean dense = !instances.isEmpty();
        for (Vec v : instances) {
            if (!(v instanceof DenseVec) || v.dim() != dim) {
                dense = false;
                break;
            }
        }
        if (dense) {
            int n = instances.size();
            rows = new double[n][];
            panels = new double[(n + PANEL - 1) / PANEL][dim][PANEL];
            for (int t = 0; t < n; t++) {
                double[] x = instances.get(t).toArray();
                rows[t] = x;
                double[][] panel = panels[t / PANEL];
                int i = t % PANEL;
                for (int k = 0; k < dim; k++) {
                    panel[k][i] = x[k];
                }
            }
        } else {
            rows = null;
            panels = null;
        }
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

    /**
     * {@link DenseVec#dot(double[])} sums x[k] z[k] into four partial sums s_(k mod 4) over the
     * first 4 floor(d/4) features, the rest into s_0, and returns (s_0 + s_1) + (s_2 + s_3); here
     * the partial sums of a whole panel of instances are advanced together.
     */
    @Override
    public void instanceDots(double[][] p, double[][] out) {
        if (panels == null) {
            PointSpace.super.instanceDots(p, out);
            return;
        }
        int n = rows.length;
        int d4 = dim & ~3;
        double[] s0 = new double[PANEL];
        double[] s1 = new double[PANEL];
        double[] s2 = new double[PANEL];
        double[] s3 = new double[PANEL];
        for (int b = 0; b < panels.length; b++) {
            double[][] panel = panels[b];
            int from = b * PANEL;
            int count = Math.min(PANEL, n - from);
            for (int j = 0; j < p.length; j++) {
                double[] z = p[j];
                checkLength(z);
                Arrays.fill(s0, 0, count, 0.0);
                Arrays.fill(s1, 0, count, 0.0);
                Arrays.fill(s2, 0, count, 0.0);
                Arrays.fill(s3, 0, count, 0.0);
                for (int k = 0; k < d4; k += 4) {
                    double z0 = z[k];
                    double z1 = z[k + 1];
                    double z2 = z[k + 2];
                    double z3 = z[k + 3];
                    double[] x0 = panel[k];
                    double[] x1 = panel[k + 1];
                    double[] x2 = panel[k + 2];
                    double[] x3 = panel[k + 3];
                    for (int i = 0; i < count; i++) {
                        s0[i] += x0[i] * z0;
                        s1[i] += x1[i] * z1;
                        s2[i] += x2[i] * z2;
                        s3[i] += x3[i] * z3;
                    }
                }
                for (int k = d4; k < dim; k++) {
                    double zk = z[k];
                    double[] xk = panel[k];
                    for (int i = 0; i < count; i++) {
                        s0[i] += xk[i] * zk;
                    }
                }
                double[] oj = out[j];
                for (int i = 0; i < count; i++) {
                    oj[from + i] = (s0[i] + s1[i]) + (s2[i] + s3[i]);
                }
            }
        }
    }

    /**
     * As {@link DenseVec#addTo}, acc[q] += w x_t[q] one instance after the other; four instances
     * per pass, ((((acc + w_0 x_0) + w_1 x_1) + w_2 x_2) + w_3 x_3), the same sums in the same order.
     * A zero weight's term is skipped (adding 0 x_t[q] would not change acc: acc starts at +0 and
     * cannot become -0).
     */
    @Override
    public void addInstanceDirections(double[][] w, double[][] acc) {
        if (rows == null) {
            PointSpace.super.addInstanceDirections(w, acc);
            return;
        }
        int n = rows.length;
        int[] idx = new int[n];
        double[] wt = new double[n];
        for (int j = 0; j < w.length; j++) {
            double[] wj = w[j];
            int m = 0;
            for (int t = 0; t < n; t++) {
                if (wj[t] != 0) {
                    idx[m] = t;
                    wt[m] = wj[t];
                    m++;
                }
            }
            double[] g = acc[j];
            int r = 0;
            for (; r + 3 < m; r += 4) {
                double[] x0 = rows[idx[r]];
                double[] x1 = rows[idx[r + 1]];
                double[] x2 = rows[idx[r + 2]];
                double[] x3 = rows[idx[r + 3]];
                double w0 = wt[r];
                double w1 = wt[r + 1];
                double w2 = wt[r + 2];
                double w3 = wt[r + 3];
                for (int q = 0; q < dim; q++) {
                    g[q] = g[q] + w0 * x0[q] + w1 * x1[q] + w2 * x2[q] + w3 * x3[q];
                }
            }
            for (; r < m; r++) {
                double[] x = rows[idx[r]];
                double s = wt[r];
                for (int q = 0; q < dim; q++) {
                    g[q] += s * x[q];
                }
            }
        }
    }

    /** z_a · z_b as {@link #inner}, summed in increasing feature index, for b &ge; a at once; mirrored (the products commute). */
    @Override
    public void inners(double[][] p, double[][] out) {
        int m = p.length;
        double[][] cols = new double[dim][m];
        for (int a = 0; a < m; a++) {
            checkLength(p[a]);
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
