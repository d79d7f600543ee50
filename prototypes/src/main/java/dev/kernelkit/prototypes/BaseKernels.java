package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import dev.kernelkit.kernel.GlobalAlignmentKernel;
import dev.kernelkit.data.DenseVec;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The IMKPL base kernels (spec {@code prototypes.md} §2): one kernel per feature group, either a
 * Gaussian or (for multivariate time series, one channel per group) the normalised global
 * alignment kernel {@link GlobalAlignmentKernel} on the group's features read as a univariate
 * series ({@link #alignmentPerGroup}). The Gaussian is
 *
 * <pre>
 *   K_m(x, z) = exp(−‖x_{G_m} − z_{G_m}‖² / σ_m),   σ_m = mean of ‖x_{i,G_m} − x_{s,G_m}‖² over all training pairs i &lt; s,
 * </pre>
 *
 * where G_m is a set of input features. With one group per input dimension ({@link #perFeature})
 * this is the paper's "Gaussian on one dimension, width = average distance over the data"; feature
 * groups ({@link #perGroup}) serve multi-channel data (one group per channel). A constant group
 * (σ_m = 0) gives the all-ones kernel. Every K_m has K_m(x, x) = 1, so the unit-diagonal
 * normalisation of §2 holds by construction and every K_m is PSD.
 *
 * <p>Alignment kernels: σ by {@link GlobalAlignmentKernel#withDefaults} on the training series of
 * the group, no band (spec §2: GAK parameters are not recoverable, the kernels module's defaults
 * are used). The normalised GAK has unit diagonal and is positive definite by construction (its
 * local kernel κ = k/(2 − k)), so no eigenvalue clipping is needed. Their training Gram matrices
 * are computed once per evaluator and kept (M_GAK·N² doubles).
 *
 * <p>Closed form of the width: Σ_{i&lt;s} (a_i − a_s)² = N·Σ_i (a_i − ā)², so σ_m = 2·Σ_{f∈G_m}
 * Σ_i (x_if − x̄_f)² / (N − 1). Kernels are evaluated on demand; nothing of size M·N² is ever stored.
 * Immutable.
 */
public final class BaseKernels {
    private final int dim;
    private final int[][] groups;
    private final double[] sigma;
    private final GlobalAlignmentKernel[] gak;   // null entries: Gaussian groups

    private BaseKernels(int dim, int[][] groups, double[] sigma, GlobalAlignmentKernel[] gak) {
        this.dim = dim;
        this.groups = groups;
        this.sigma = sigma;
        this.gak = gak;
    }

    /**
     * One normalised global alignment kernel per feature group (a channel of a time series; the
     * group's features, in the given order, are the series), bandwidth from the training data.
     *
     * @throws IllegalArgumentException for fewer than 2 samples, an empty group or an index outside
     *         the data dimension
     */
    public static BaseKernels alignmentPerGroup(LabeledDataset train, int[][] groups, long seed) {
        BaseKernels g = perGroup(train, groups);
        GlobalAlignmentKernel[] k = new GlobalAlignmentKernel[g.groups.length];
        for (int m = 0; m < k.length; m++) {
            java.util.List<Vec> series = new java.util.ArrayList<>();
            for (Vec x : train.points()) {
                series.add(g.channel(m, x));
            }
            k[m] = GlobalAlignmentKernel.withDefaults(series, 1, seed + m);
        }
        return new BaseKernels(g.dim, g.groups, g.sigma, k);
    }

    /** Whether kernel m is an alignment kernel (otherwise a Gaussian). */
    public boolean isAlignment(int m) {
        return gak[m] != null;
    }

    /** The alignment kernel of group m, or null for a Gaussian group. */
    public GlobalAlignmentKernel alignmentKernel(int m) {
        return gak[m];
    }

    /** The features of group m of x as a series. */
    Vec channel(int m, Vec x) {
        int[] g = groups[m];
        double[] v = new double[g.length];
        for (int a = 0; a < g.length; a++) {
            v[a] = x.get(g[a]);
        }
        return DenseVec.wrap(v);
    }

    /** One base kernel per input dimension, widths from the training data. */
    public static BaseKernels perFeature(LabeledDataset train) {
        int[][] g = new int[train.dim()][];
        for (int f = 0; f < g.length; f++) {
            g[f] = new int[] {f};
        }
        return perGroup(train, g);
    }

    /**
     * One base kernel per feature group, widths from the training data.
     *
     * @throws IllegalArgumentException for fewer than 2 samples, an empty group, or an index outside
     *         the data dimension
     */
    public static BaseKernels perGroup(LabeledDataset train, int[][] groups) {
        Objects.requireNonNull(train, "train");
        Objects.requireNonNull(groups, "groups");
        int n = train.size();
        if (n < 2) {
            throw new IllegalArgumentException("need at least 2 training samples for the kernel widths, got " + n);
        }
        if (groups.length == 0) {
            throw new IllegalArgumentException("need at least one feature group");
        }
        int d = train.dim();
        double[] mean = new double[d];
        for (Vec x : train.points()) {
            x.addTo(mean, 1.0 / n);
        }
        double[] ss = new double[d];
        for (Vec x : train.points()) {
            for (int f = 0; f < d; f++) {
                double v = x.get(f) - mean[f];
                ss[f] += v * v;
            }
        }
        int[][] g = new int[groups.length][];
        double[] sig = new double[groups.length];
        for (int m = 0; m < groups.length; m++) {
            if (groups[m] == null || groups[m].length == 0) {
                throw new IllegalArgumentException("feature group " + m + " must not be empty");
            }
            g[m] = groups[m].clone();
            double s = 0;
            for (int f : g[m]) {
                if (f < 0 || f >= d) {
                    throw new IllegalArgumentException("feature group " + m + " has index " + f
                            + " outside the data dimension " + d);
                }
                s += ss[f];
            }
            sig[m] = 2.0 * s / (n - 1);
        }
        return new BaseKernels(d, g, sig, new GlobalAlignmentKernel[g.length]);
    }

    /** The number M of base kernels. */
    public int count() {
        return groups.length;
    }

    /** The input dimension the kernels expect. */
    public int dim() {
        return dim;
    }

    /** The width σ_m (0 for a constant group: the all-ones kernel). */
    public double sigma(int m) {
        return sigma[m];
    }

    /** The features of group m (a copy). */
    public int[] group(int m) {
        return groups[m].clone();
    }

    /** K_m(a, b). */
    public double value(int m, Vec a, Vec b) {
        if (gak[m] != null) {
            return gak[m].apply(channel(m, a), channel(m, b));
        }
        if (sigma[m] == 0) {
            return 1.0;
        }
        double s = 0;
        for (int f : groups[m]) {
            double v = a.get(f) - b.get(f);
            s += v * v;
        }
        return Math.exp(-s / sigma[m]);
    }

    /** Fast evaluation on a fixed set of points (column-major copy of the features used). */
    Evaluator on(java.util.List<? extends Vec> points) {
        return new Evaluator(points);
    }

    /** K_m(i, s) for points of one set (training set), with features stored column-major. */
    final class Evaluator {
        private final double[][] cols;
        private final Vec[][] series;      // alignment groups: the channel of every point
        private final double[][] gram;     // alignment groups: n*n training Gram, row-major
        private final double[][] selfLog;  // alignment groups: log G(x_s, x_s)
        final int n;

        Evaluator(java.util.List<? extends Vec> points) {
            n = points.size();
            series = new Vec[groups.length][];
            gram = new double[groups.length][];
            selfLog = new double[groups.length][];
            for (int m = 0; m < groups.length; m++) {
                if (gak[m] == null) {
                    continue;
                }
                Vec[] ser = new Vec[n];
                for (int i = 0; i < n; i++) {
                    ser[i] = channel(m, points.get(i));
                }
                series[m] = ser;
                double[] self = new double[n];
                GlobalAlignmentKernel k = gak[m];
                java.util.stream.IntStream.range(0, n).parallel().forEach(i -> self[i] = k.logValue(ser[i], ser[i]));
                double[] gm = new double[n * n];
                java.util.stream.IntStream.range(0, n).parallel().forEach(i -> {
                    for (int s2 = i; s2 < n; s2++) {
                        double l = s2 == i ? self[i] : k.logValue(ser[i], ser[s2]);
                        double v = l == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(l - 0.5 * self[i] - 0.5 * self[s2]);
                        gm[i * n + s2] = v;
                        gm[s2 * n + i] = v;
                    }
                });
                gram[m] = gm;
                selfLog[m] = self;
            }
            cols = new double[dim][];
            boolean[] used = new boolean[dim];
            for (int[] g : groups) {
                for (int f : g) {
                    used[f] = true;
                }
            }
            for (int f = 0; f < dim; f++) {
                if (used[f]) {
                    cols[f] = new double[n];
                }
            }
            for (int i = 0; i < n; i++) {
                Vec x = points.get(i);
                for (int f = 0; f < dim; f++) {
                    if (cols[f] != null) {
                        cols[f][i] = x.get(f);
                    }
                }
            }
        }

        /**
         * The combined Gram matrix Σ_m β_m K_m over these points into {@code out} (row-major n × n),
         * rows in parallel, kernel by kernel along a row so that the data columns are read in order.
         * Entry (i, s) adds β_m K_m(x_i, x_s) over the kernels with β_m &gt; 0 in index order, with the
         * arithmetic of {@link #value}: the result equals Σ_m β_m·value(m, i, s) bit for bit.
         */
        void combinedInto(double[] beta, double[] out) {
            int[] active = java.util.stream.IntStream.range(0, beta.length).filter(q -> beta[q] > 0).toArray();
            java.util.stream.IntStream.range(0, n).parallel().forEach(i -> {
                double[] row = new double[n];
                for (int q : active) {
                    addScaledRow(q, i, beta[q], row);
                }
                for (int s = i; s < n; s++) {
                    out[i * n + s] = row[s];
                    out[s * n + i] = row[s];
                }
            });
        }

        /** row[s] += w·K_m(x_i, x_s) for s = i..n−1, each term computed as w·value(m, i, s). */
        private void addScaledRow(int m, int i, double w, double[] row) {
            if (gram[m] == null && sigma[m] != 0 && groups[m].length == 1) {
                double sg = sigma[m];
                double[] c = cols[groups[m][0]];
                double ci = c[i];
                for (int s = i; s < n; s++) {
                    double v = ci - c[s];
                    row[s] += w * Math.exp(-v * v / sg);
                }
                return;
            }
            for (int s = i; s < n; s++) {
                row[s] += w * value(m, i, s);
            }
        }

        /** K_m(x_i, x_s). */
        double value(int m, int i, int s) {
            if (gram[m] != null) {
                return gram[m][i * n + s];
            }
            double sg = sigma[m];
            if (sg == 0) {
                return 1.0;
            }
            int[] g = groups[m];
            if (g.length == 1) {
                double[] c = cols[g[0]];
                double v = c[i] - c[s];
                return Math.exp(-v * v / sg);
            }
            double acc = 0;
            for (int f : g) {
                double v = cols[f][i] - cols[f][s];
                acc += v * v;
            }
            return Math.exp(-acc / sg);
        }

        /** K_m(z, x_s) for every s. */
        void crossRow(int m, Vec z, double[] out) {
            if (gak[m] != null) {
                Vec zc = channel(m, z);
                GlobalAlignmentKernel k = gak[m];
                double lz = k.logValue(zc, zc);
                for (int s2 = 0; s2 < n; s2++) {
                    double l = k.logValue(zc, series[m][s2]);
                    out[s2] = l == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(l - 0.5 * lz - 0.5 * selfLog[m][s2]);
                }
                return;
            }
            double sg = sigma[m];
            if (sg == 0) {
                Arrays.fill(out, 0, n, 1.0);
                return;
            }
            int[] g = groups[m];
            Arrays.fill(out, 0, n, 0.0);
            for (int f : g) {
                double zf = z.get(f);
                double[] c = cols[f];
                for (int s = 0; s < n; s++) {
                    double v = zf - c[s];
                    out[s] += v * v;
                }
            }
            double inv = 1.0 / sg;
            for (int s = 0; s < n; s++) {
                out[s] = Math.exp(-out[s] * inv);
            }
        }
    }

    void write(ModelFileWriter w, String prefix) {
        w.putInt(prefix + "dim", dim);
        w.putInt(prefix + "count", groups.length);
        w.putDoubles(prefix + "sigma", sigma);
        for (int m = 0; m < groups.length; m++) {
            w.putInts(prefix + "group." + m, groups[m]);
            if (gak[m] != null) {
                w.putDouble(prefix + "gak." + m + ".sigma", gak[m].sigma());
                w.putInt(prefix + "gak." + m + ".triangular", gak[m].triangular());
            }
        }
    }

    static BaseKernels read(ModelFile f, String prefix) throws IOException {
        int d = f.getInt(prefix + "dim");
        int count = f.getInt(prefix + "count");
        if (d < 1 || count < 1) {
            throw new IOException(f.fileName() + ": expected dim >= 1 and count >= 1 for '" + prefix
                    + "', found " + d + " and " + count);
        }
        double[] sig = f.getDoubles(prefix + "sigma", count);
        int[][] g = new int[count][];
        for (int m = 0; m < count; m++) {
            g[m] = f.getInts(prefix + "group." + m);
            for (int x : g[m]) {
                if (x < 0 || x >= d) {
                    throw new IOException(f.fileName() + ": feature index " + x + " of '" + prefix + "group."
                            + m + "' outside dimension " + d);
                }
            }
            if (!(sig[m] >= 0) || !Double.isFinite(sig[m])) {
                throw new IOException(f.fileName() + ": width " + sig[m] + " of base kernel " + m
                        + " must be finite and >= 0");
            }
        }
        GlobalAlignmentKernel[] k = new GlobalAlignmentKernel[count];
        for (int m = 0; m < count; m++) {
            if (f.has(prefix + "gak." + m + ".sigma")) {
                try {
                    k[m] = new GlobalAlignmentKernel(f.getDouble(prefix + "gak." + m + ".sigma"),
                            f.getInt(prefix + "gak." + m + ".triangular"), 1);
                } catch (IllegalArgumentException e) {
                    throw new IOException(f.fileName() + ": alignment kernel " + m + ": " + e.getMessage());
                }
            }
        }
        return new BaseKernels(d, g, sig, k);
    }
}
