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
 * vectorise), sixteen features per pass over the partial sums; {@link #addInstanceDirections}
 * adds eight instances per pass, each entry still accumulated in increasing t; both split the
 * points into blocks run in parallel on the common fork-join pool when the work is large (each
 * result is computed by one thread, so the split does not change it); {@link #inners} forms
 * z_a · z_b for all b at once from the points stored feature-major. Memory: two copies of the
 * instances (2 N d doubles).
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

    /**
     * {@link DenseVec#dot(double[])} sums x[k] z[k] into four partial sums s_(k mod 4) over the
     * first 4 floor(d/4) features, the rest into s_0, and returns (s_0 + s_1) + (s_2 + s_3); here
     * the partial sums of a whole panel of instances are advanced together, sixteen features per
     * pass (s_r gets the features r, r + 4, r + 8, r + 12 in that order, as in the single loop).
     * Blocks of points run in parallel on the common fork-join pool when the work is large.
     */
    @Override
    public void instanceDots(double[][] p, double[][] out) {
        if (panels == null) {
            PointSpace.super.instanceDots(p, out);
            return;
        }
        for (double[] z : p) {
            checkLength(z);
        }
        forBlocks(p.length, (from, to) -> panelDots(p, out, from, to));
    }

    private void panelDots(double[][] p, double[][] out, int fromPoint, int toPoint) {
        int n = rows.length;
        int d16 = dim & ~15;
        int d4 = dim & ~3;
        double[] s0 = new double[PANEL];
        double[] s1 = new double[PANEL];
        double[] s2 = new double[PANEL];
        double[] s3 = new double[PANEL];
        for (int b = 0; b < panels.length; b++) {
            double[][] panel = panels[b];
            int from = b * PANEL;
            int count = Math.min(PANEL, n - from);
            for (int j = fromPoint; j < toPoint; j++) {
                double[] z = p[j];
                Arrays.fill(s0, 0, count, 0.0);
                Arrays.fill(s1, 0, count, 0.0);
                Arrays.fill(s2, 0, count, 0.0);
                Arrays.fill(s3, 0, count, 0.0);
                int k = 0;
                for (; k < d16; k += 16) {
                    double z0 = z[k];
                    double z1 = z[k + 1];
                    double z2 = z[k + 2];
                    double z3 = z[k + 3];
                    double z4 = z[k + 4];
                    double z5 = z[k + 5];
                    double z6 = z[k + 6];
                    double z7 = z[k + 7];
                    double z8 = z[k + 8];
                    double z9 = z[k + 9];
                    double z10 = z[k + 10];
                    double z11 = z[k + 11];
                    double z12 = z[k + 12];
                    double z13 = z[k + 13];
                    double z14 = z[k + 14];
                    double z15 = z[k + 15];
                    double[] x0 = panel[k];
                    double[] x1 = panel[k + 1];
                    double[] x2 = panel[k + 2];
                    double[] x3 = panel[k + 3];
                    double[] x4 = panel[k + 4];
                    double[] x5 = panel[k + 5];
                    double[] x6 = panel[k + 6];
                    double[] x7 = panel[k + 7];
                    double[] x8 = panel[k + 8];
                    double[] x9 = panel[k + 9];
                    double[] x10 = panel[k + 10];
                    double[] x11 = panel[k + 11];
                    double[] x12 = panel[k + 12];
                    double[] x13 = panel[k + 13];
                    double[] x14 = panel[k + 14];
                    double[] x15 = panel[k + 15];
                    for (int i = 0; i < count; i++) {
                        s0[i] = (((s0[i] + x0[i] * z0) + x4[i] * z4) + x8[i] * z8) + x12[i] * z12;
                        s1[i] = (((s1[i] + x1[i] * z1) + x5[i] * z5) + x9[i] * z9) + x13[i] * z13;
                        s2[i] = (((s2[i] + x2[i] * z2) + x6[i] * z6) + x10[i] * z10) + x14[i] * z14;
                        s3[i] = (((s3[i] + x3[i] * z3) + x7[i] * z7) + x11[i] * z11) + x15[i] * z15;
                    }
                }
                for (; k < d4; k += 4) {
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
                for (; k < dim; k++) {
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
     * As {@link DenseVec#addTo}, acc[q] += w x_t[q] one instance after the other; eight instances
     * per pass, (((acc + w_0 x_0) + w_1 x_1) + ...) + w_7 x_7, the same sums in the same order.
     * A zero weight's term is skipped (adding 0 x_t[q] would not change acc: acc starts at +0 and
     * cannot become -0). Blocks of points run in parallel when the work is large.
     */
    @Override
    public void addInstanceDirections(double[][] w, double[][] acc) {
        if (rows == null) {
            PointSpace.super.addInstanceDirections(w, acc);
            return;
        }
        forBlocks(w.length, (from, to) -> addDirections(w, acc, from, to));
    }

    private void addDirections(double[][] w, double[][] acc, int fromPoint, int toPoint) {
        int n = rows.length;
        int[] idx = new int[n];
        double[] wt = new double[n];
        for (int j = fromPoint; j < toPoint; j++) {
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
            for (; r + 7 < m; r += 8) {
                double[] x0 = rows[idx[r]];
                double[] x1 = rows[idx[r + 1]];
                double[] x2 = rows[idx[r + 2]];
                double[] x3 = rows[idx[r + 3]];
                double[] x4 = rows[idx[r + 4]];
                double[] x5 = rows[idx[r + 5]];
                double[] x6 = rows[idx[r + 6]];
                double[] x7 = rows[idx[r + 7]];
                double w0 = wt[r];
                double w1 = wt[r + 1];
                double w2 = wt[r + 2];
                double w3 = wt[r + 3];
                double w4 = wt[r + 4];
                double w5 = wt[r + 5];
                double w6 = wt[r + 6];
                double w7 = wt[r + 7];
                for (int q = 0; q < dim; q++) {
                    g[q] = g[q] + w0 * x0[q] + w1 * x1[q] + w2 * x2[q] + w3 * x3[q] + w4 * x4[q] + w5 * x5[q]
                            + w6 * x6[q] + w7 * x7[q];
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

    /** Runs {@code body} over [0, points) in blocks, in parallel when points x N x d is large ({@link XvBlocks}). */
    private void forBlocks(int points, XvBlocks.Block body) {
        XvBlocks.run(points, (long) points * rows.length * dim, body);
    }

    /**
     * z_a · z_b as {@link #inner}, summed in increasing feature index, for b &ge; a at once;
     * mirrored (the products commute).
     */
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
