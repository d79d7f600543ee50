package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.io.ModelFile;
import dev.kernelkit.io.ModelFileWriter;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The IMKPL base kernels (spec {@code prototypes.md} §2): one Gaussian per feature group,
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
 * <p>Closed form of the width: Σ_{i&lt;s} (a_i − a_s)² = N·Σ_i (a_i − ā)², so σ_m = 2·Σ_{f∈G_m}
 * Σ_i (x_if − x̄_f)² / (N − 1). Kernels are evaluated on demand; nothing of size M·N² is ever stored.
 * Immutable.
 */
public final class GaussianBaseKernels {
    private final int dim;
    private final int[][] groups;
    private final double[] sigma;

    private GaussianBaseKernels(int dim, int[][] groups, double[] sigma) {
        this.dim = dim;
        this.groups = groups;
        this.sigma = sigma;
    }

    /** One base kernel per input dimension, widths from the training data. */
    public static GaussianBaseKernels perFeature(LabeledDataset train) {
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
    public static GaussianBaseKernels perGroup(LabeledDataset train, int[][] groups) {
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
        return new GaussianBaseKernels(d, g, sig);
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
        final int n;

        Evaluator(java.util.List<? extends Vec> points) {
            n = points.size();
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

        /** K_m(x_i, x_s). */
        double value(int m, int i, int s) {
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
        }
    }

    static GaussianBaseKernels read(ModelFile f, String prefix) throws IOException {
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
        return new GaussianBaseKernels(d, g, sig);
    }
}
