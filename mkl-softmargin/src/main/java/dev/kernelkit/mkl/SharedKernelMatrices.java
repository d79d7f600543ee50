package dev.kernelkit.mkl;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.LinearKernel;
import java.util.List;

/**
 * The training matrices of a {@link BaseKernels} list without one dense n x n matrix per kernel:
 * the all-variables kernels share one linear Gram matrix G (the squared distance is
 * G_ii + G_jj - 2 G_ij), single-variable kernels read the column x_j of the training data
 * (O(n) memory each), and Gaussian widths in ratios 2^s share one exp per entry (see
 * {@link KernelPlan}). Only kernels of other types get their own dense Gram matrix. Memory: 8 n^2
 * bytes for G plus 8 n^2 per "generic" kernel, against 8 n^2 M for M dense matrices. When the M
 * dense matrices fit a budget (default {@link #DEFAULT_DENSE_BUDGET_BYTES}, e.g. Heart's 182
 * kernels on 189 points need 52 MB), they are precomputed once from the same shared data, since
 * then a row costs M multiply-adds per entry instead of kernel evaluations.
 *
 * <p>Entries are computed on demand: a row of K(mu) costs O(n) per active subset plus O(n) per
 * active kernel (one exp per Gaussian chain). Rows and quadratic forms are evaluated column-wise
 * (all entries of a row for one chain step at a time, {@link KernelPlan.Active#accumulate}), so that the
 * JIT vectorises the squarings and sums; per pair, the chain's dependent squarings made this path 3.5
 * times slower (Banana, BENCHMARKS.md). The SVM solver's own row cache keeps the rows it
 * needs during one solve. Immutable and safe for concurrent reads.
 */
public final class SharedKernelMatrices implements BaseKernelMatrices {
    private final BaseKernels kernels;
    private final KernelPlan plan;
    private final double[] scales;
    private final int n;
    /** Row-major linear Gram matrix over all variables, or null when no group needs it. */
    private final double[] g;
    /** The diagonal of g (read contiguously by the row loops), or null with g. */
    private final double[] gDiag;
    /** Training column per group (null for the all-variables group). */
    private final double[][] columns;
    /** Dense Gram matrix of each generic kernel (null for grouped kernels). */
    private final DenseKernelMatrix[] generic;
    /**
     * Every unscaled base matrix k_m(x_i, x_j), row-major (the scales live in the weights), when M n^2 doubles fit the dense budget (small n): rows
     * and quadratic forms then cost M multiply-adds per entry instead of kernel evaluations; null otherwise.
     */
    private final double[][] dense;

    /** Supports at least this large are split over the cores in {@link #quadraticForms} (on-the-fly path). */
    static final int PARALLEL_MIN_SUPPORT = 256;

    /** Default budget for precomputing all M base matrices: 256 MB. */
    public static final long DEFAULT_DENSE_BUDGET_BYTES = 256L << 20;

    SharedKernelMatrices(BaseKernels kernels, List<? extends Vec> points, GramBuilder builder) {
        this(kernels, points, builder, DEFAULT_DENSE_BUDGET_BYTES);
    }

    SharedKernelMatrices(BaseKernels kernels, List<? extends Vec> points, GramBuilder builder, long denseBudgetBytes) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("the training set must not be empty");
        }
        this.kernels = kernels;
        this.plan = kernels.plan();
        this.scales = kernels.scales();
        this.n = points.size();
        int dim = points.get(0).dim();
        for (int i = 1; i < n; i++) {
            if (points.get(i).dim() != dim) {
                throw new IllegalArgumentException("point " + i + " has dimension " + points.get(i).dim()
                        + ", expected " + dim + " like point 0");
            }
        }
        this.g = plan.needsAll() ? toRowMajor(builder.gram(new LinearKernel(), points)) : null;
        this.gDiag = g == null ? null : new double[n];
        for (int i = 0; g != null && i < n; i++) {
            gDiag[i] = g[i * n + i];
        }
        this.columns = new double[plan.groups.size()][];
        for (int gi = 0; gi < columns.length; gi++) {
            int f = plan.groups.get(gi).feature;
            if (f != KernelPlan.ALL) {
                if (f >= dim) {
                    throw new IllegalArgumentException("a base kernel reads feature " + f
                            + " but the points have dimension " + dim);
                }
                double[] col = new double[n];
                for (int i = 0; i < n; i++) {
                    col[i] = points.get(i).get(f);
                }
                columns[gi] = col;
            }
        }
        this.generic = new DenseKernelMatrix[plan.count];
        for (int m : plan.generic) {
            generic[m] = builder.gram(kernels.kernel(m), points);
        }
        this.dense = (long) plan.count * n * n * Double.BYTES <= denseBudgetBytes ? precompute() : null;
    }

    /** All unscaled base matrices k_m(x_i, x_j) from the shared per-subset data (one pass over the pairs i &le; j). */
    private double[][] precompute() {
        int count = plan.count;
        double[][] out = new double[count][n * n];
        double[] vals = new double[count];
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                pairValues(i, j, vals);
                for (int m = 0; m < count; m++) {
                    double v = vals[m];
                    out[m][i * n + j] = v;
                    out[m][j * n + i] = v;
                }
            }
        }
        return out;
    }

    /** Whether all base matrices are held densely (M n^2 doubles within the budget). */
    public boolean isDense() {
        return dense != null;
    }

    /** Per-thread scratch of the column-wise loops: inner products, squared distances, member values, coefficients. */
    private final ThreadLocal<double[][]> scratch = ThreadLocal.withInitial(() -> new double[4][0]);

    private double[][] scratch(int count) {
        double[][] s = scratch.get();
        if (s[0].length < count) {
            for (int t = 0; t < s.length; t++) {
                s[t] = new double[count];
            }
        }
        return s;
    }

    /**
     * Inner products dot[c] and squared distances dist[c] of x_i with x_j, j = idx[from + c] (j = c when idx is
     * null), c &lt; count, on one group's feature subset: the linear Gram matrix for the all-variables group (col
     * null), else the training column col. The same values as {@link #pairValues}.
     */
    private void pairs(int i, int[] idx, int from, int count, double[] col, double[] dot, double[] dist) {
        if (col == null) {
            int base = i * n;
            double gii = gDiag[i];
            for (int c = 0; c < count; c++) {
                int j = idx == null ? c : idx[from + c];
                double d = g[base + j];
                dot[c] = d;
                dist[c] = j == i ? 0.0 : Math.max(0.0, gii + gDiag[j] - 2.0 * d);
            }
        } else {
            double xi = col[i];
            for (int c = 0; c < count; c++) {
                double xj = col[idx == null ? c : idx[from + c]];
                double d = xi - xj;
                dot[c] = xi * xj;
                dist[c] = d * d;
            }
        }
    }

    /** Unscaled k_m(x_i, x_j) for every m. */
    private void pairValues(int i, int j, double[] vals) {
        List<KernelPlan.Group> groups = plan.groups;
        for (int gi = 0; gi < groups.size(); gi++) {
            KernelPlan.Group grp = groups.get(gi);
            double dot, dist;
            if (grp.feature == KernelPlan.ALL) {
                dot = g[i * n + j];
                dist = i == j ? 0.0 : Math.max(0.0, gDiag[i] + gDiag[j] - 2.0 * dot);
            } else {
                double xi = columns[gi][i], xj = columns[gi][j];
                dot = xi * xj;
                dist = (xi - xj) * (xi - xj);
            }
            grp.values(dot, dist, vals);
        }
        for (int m : plan.generic) {
            vals[m] = generic[m].get(i, j);
        }
    }

    private static double[] toRowMajor(DenseKernelMatrix k) {
        int n = k.size();
        double[] out = new double[n * n];
        double[] row = new double[n];
        for (int i = 0; i < n; i++) {
            k.row(i, row);
            System.arraycopy(row, 0, out, i * n, n);
        }
        return out;
    }

    /** The base kernels these matrices were built from. */
    public BaseKernels kernels() {
        return kernels;
    }

    @Override
    public int count() {
        return plan.count;
    }

    @Override
    public int size() {
        return n;
    }

    /** The single base matrix K_m (scaled), computed on demand. */
    public KernelMatrix matrix(int m) {
        double[] unit = new double[plan.count];
        unit[m] = 1.0;
        return combined(unit);
    }

    @Override
    public KernelMatrix combined(double[] mu) {
        double[] w = BaseKernelMatrices.checkWeights(mu, plan.count);
        for (int m = 0; m < w.length; m++) {
            w[m] *= scales[m];
        }
        return new Combined(w);
    }

    /** Indices i with beta_i != 0. */
    static int[] support(double[] beta) {
        int count = 0;
        for (double b : beta) {
            if (b != 0) {
                count++;
            }
        }
        int[] s = new int[count];
        int k = 0;
        for (int i = 0; i < beta.length; i++) {
            if (beta[i] != 0) {
                s[k++] = i;
            }
        }
        return s;
    }

    @Override
    public double[] quadraticForms(double[] beta) {
        if (beta.length != n) {
            throw new IllegalArgumentException("expected " + n + " coefficients, found " + beta.length);
        }
        int[] s = support(beta);
        int count = plan.count;
        double[] q = new double[count];
        if (dense != null) {
            for (int m = 0; m < count; m++) {
                double[] k = dense[m];
                double sum = 0;
                for (int a = 0; a < s.length; a++) {
                    int base = s[a] * n;
                    double r = 0;
                    for (int b = 0; b < s.length; b++) {
                        r += k[base + s[b]] * beta[s[b]];
                    }
                    sum += beta[s[a]] * r;
                }
                q[m] = scales[m] * sum;
            }
            return q;
        }
        // rows of the upper triangle in interleaved chunks (balanced work), one accumulator per chunk; each row
        // i = s[a] against s[a..] column-wise, group by group
        int chunks = s.length < PARALLEL_MIN_SUPPORT ? 1 : 4 * Runtime.getRuntime().availableProcessors();
        double[][] parts = new double[chunks][];
        java.util.stream.IntStream range = java.util.stream.IntStream.range(0, chunks);
        List<KernelPlan.Group> groups = plan.groups;
        (chunks > 1 ? range.parallel() : range).forEach(c -> {
            double[] acc = new double[count];
            double[][] sc = scratch(s.length);
            double[] dot = sc[0], dist = sc[1], tmp = sc[2], coef = sc[3];
            for (int a = c; a < s.length; a += chunks) {
                int i = s[a];
                int len = s.length - a;
                for (int b = 0; b < len; b++) {
                    coef[b] = (b == 0 ? 1.0 : 2.0) * beta[i] * beta[s[a + b]];
                }
                for (int gi = 0; gi < groups.size(); gi++) {
                    pairs(i, s, a, len, columns[gi], dot, dist);
                    groups.get(gi).accumulateForms(dot, dist, coef, len, acc, tmp);
                }
                for (int m : plan.generic) {
                    double sum = 0;
                    for (int b = 0; b < len; b++) {
                        sum += coef[b] * generic[m].get(i, s[a + b]);
                    }
                    acc[m] += sum;
                }
            }
            parts[c] = acc;
        });
        for (double[] acc : parts) {
            for (int m = 0; m < count; m++) {
                q[m] += acc[m];
            }
        }
        for (int m = 0; m < count; m++) {
            q[m] *= scales[m];
        }
        return q;
    }

    /** Indices i with some coefficients[v][i] != 0, in order. */
    static int[] unionSupport(double[][] coefficients, int n) {
        boolean[] used = new boolean[n];
        int count = 0;
        for (double[] c : coefficients) {
            if (c.length != n) {
                throw new IllegalArgumentException("expected " + n + " coefficients, found " + c.length);
            }
            for (int i = 0; i < n; i++) {
                if (c[i] != 0 && !used[i]) {
                    used[i] = true;
                    count++;
                }
            }
        }
        int[] s = new int[count];
        for (int i = 0, k = 0; i < n; i++) {
            if (used[i]) {
                s[k++] = i;
            }
        }
        return s;
    }

    /** Memory for the per-thread accumulators of {@link #products}; fewer threads, or null, beyond it. */
    static final long PRODUCTS_BUDGET_BYTES = 256L << 20;

    @Override
    public double[][][] products(double[]... coefficients) {
        int[] s = unionSupport(coefficients, n);
        int vs = coefficients.length, count = plan.count;
        double[][][] out = new double[vs][count][n];
        if (dense != null) {
            double[] coef = new double[vs];
            for (int j : s) {
                for (int v = 0; v < vs; v++) {
                    coef[v] = coefficients[v][j];
                }
                for (int m = 0; m < count; m++) {
                    KernelPlan.axpyEach(coef, out, m, dense[m], j * n, n);
                }
            }
        } else {
            long perChunk = 8L * vs * count * n;
            if (perChunk > PRODUCTS_BUDGET_BYTES) {
                return null;
            }
            int chunks = s.length < PARALLEL_MIN_SUPPORT ? 1
                    : (int) Math.min(Runtime.getRuntime().availableProcessors(), PRODUCTS_BUDGET_BYTES / perChunk);
            double[][][][] parts = new double[chunks][][][];
            List<KernelPlan.Group> groups = plan.groups;
            java.util.stream.IntStream range = java.util.stream.IntStream.range(0, chunks);
            (chunks > 1 ? range.parallel() : range).forEach(c -> {
                double[][][] acc = c == 0 ? out : new double[vs][count][n];
                double[][] sc = scratch(n);
                double[] dot = sc[0], dist = sc[1], tmp = sc[2];
                double[] coef = new double[vs];
                for (int a = c; a < s.length; a += chunks) {
                    int j = s[a];
                    for (int v = 0; v < vs; v++) {
                        coef[v] = coefficients[v][j];
                    }
                    for (int gi = 0; gi < groups.size(); gi++) {
                        pairs(j, null, 0, n, columns[gi], dot, dist);
                        groups.get(gi).accumulateProducts(dot, dist, n, coef, acc, tmp);
                    }
                    for (int m : plan.generic) {
                        for (int i = 0; i < n; i++) {
                            double kv = generic[m].get(j, i);
                            for (int v = 0; v < vs; v++) {
                                acc[v][m][i] += coef[v] * kv;
                            }
                        }
                    }
                }
                parts[c] = acc;
            });
            for (int c = 1; c < chunks; c++) {
                for (int v = 0; v < vs; v++) {
                    for (int m = 0; m < count; m++) {
                        double[] o = out[v][m], p = parts[c][v][m];
                        for (int i = 0; i < n; i++) {
                            o[i] += p[i];
                        }
                    }
                }
            }
        }
        for (int v = 0; v < vs; v++) {
            for (int m = 0; m < count; m++) {
                double sm = scales[m];
                double[] o = out[v][m];
                for (int i = 0; i < n; i++) {
                    o[i] *= sm;
                }
            }
        }
        return out;
    }

    /** K(mu) with the scales folded into the weights w_m = mu_m s_m. */
    private final class Combined implements KernelMatrix {
        private final double[] w;
        private final KernelPlan.Active[] active;
        private final double[][] cols;

        private final int[] activeKernels;

        Combined(double[] w) {
            this.w = w;
            this.activeKernels = java.util.stream.IntStream.range(0, w.length).filter(m -> w[m] != 0).toArray();
            this.active = plan.compile(w);
            this.cols = new double[active.length][];
            for (int a = 0; a < active.length; a++) {
                int f = active[a].feature;
                if (f != KernelPlan.ALL) {
                    for (int gi = 0; gi < plan.groups.size(); gi++) {
                        if (plan.groups.get(gi).feature == f) {
                            cols[a] = columns[gi];
                        }
                    }
                }
            }
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public double get(int i, int j) {
            double s = 0;
            if (dense != null) {
                for (int m : activeKernels) {
                    s += w[m] * dense[m][i * n + j];
                }
                return s;
            }
            for (int a = 0; a < active.length; a++) {
                KernelPlan.Active grp = active[a];
                if (cols[a] == null) {
                    double dot = g[i * n + j];
                    double dist = i == j ? 0.0 : Math.max(0.0, gDiag[i] + gDiag[j] - 2.0 * dot);
                    s += grp.weighted(dot, dist);
                } else {
                    double xi = cols[a][i], xj = cols[a][j];
                    s += grp.weighted(xi * xj, (xi - xj) * (xi - xj));
                }
            }
            for (int m : plan.generic) {
                if (w[m] != 0) {
                    s += w[m] * generic[m].get(i, j);
                }
            }
            return s;
        }

        @Override
        public void row(int i, double[] out) {
            row(i, null, n, out);
        }

        @Override
        public void row(int i, int[] idx, int count, double[] out) {
            for (int c = 0; c < count; c++) {
                out[c] = 0;
            }
            if (dense != null) {
                int base = i * n;
                for (int m : activeKernels) {
                    double wm = w[m];
                    double[] k = dense[m];
                    if (idx == null) {
                        for (int c = 0; c < count; c++) {
                            out[c] += wm * k[base + c];
                        }
                    } else {
                        for (int c = 0; c < count; c++) {
                            out[c] += wm * k[base + idx[c]];
                        }
                    }
                }
                return;
            }
            if (active.length > 0) {
                double[][] sc = scratch(count);
                for (int a = 0; a < active.length; a++) {
                    pairs(i, idx, 0, count, cols[a], sc[0], sc[1]);
                    active[a].accumulate(sc[0], sc[1], count, out, sc[2]);
                }
            }
            for (int m : plan.generic) {
                if (w[m] != 0) {
                    for (int c = 0; c < count; c++) {
                        out[c] += w[m] * generic[m].get(i, idx == null ? c : idx[c]);
                    }
                }
            }
        }
    }
}
