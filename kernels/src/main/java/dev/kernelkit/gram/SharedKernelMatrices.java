package dev.kernelkit.gram;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.AlignmentChannel;
import dev.kernelkit.kernel.GlobalAlignmentKernel;
import dev.kernelkit.kernel.LinearKernel;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The training matrices of a {@link MultipleKernel} without one dense n x n matrix per kernel:
 * the all-variables kernels share one linear Gram matrix G (the squared distance is
 * G_ii + G_jj - 2 G_ij), single-variable kernels read the column x_j of the training data
 * (O(n) memory each), group Gaussians the columns of their group, and Gaussian widths in ratios 2^s
 * share one exp per entry (see {@link KernelPlan}). Only kernels of other types get their own dense Gram
 * matrix (a {@link AlignmentChannel}'s from the self-alignments of the training series, computed once
 * per series). Memory: 8 n^2
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
    private final MultipleKernel kernels;
    private final KernelPlan plan;
    private final double[] scales;
    private final int n;
    /** Row-major linear Gram matrix over all variables, or null when no group needs it. */
    private final double[] g;
    /** The diagonal of g (read contiguously by the row loops), or null with g. */
    private final double[] gDiag;
    /**
     * Training columns per group: null for the all-variables group, one column for a single-variable group, one per
     * feature (in the group's order) for a feature-list group.
     */
    private final double[][][] columns;
    /** Dense Gram matrix of each generic kernel (null for grouped kernels). */
    private final DenseKernelMatrix[] generic;
    /**
     * Every unscaled base matrix k_m(x_i, x_j), row-major (the scales live in the weights), when M n^2 doubles fit the dense budget (small n): rows
     * and quadratic forms then cost M multiply-adds per entry instead of kernel evaluations; null otherwise.
     */
    private final double[][] dense;
    /**
     * The members {@link #values} evaluates in one flat loop (a Gaussian chain member or a group Gaussian of a
     * one-variable group): kernel index, the group's column, the chain's gamma or the width, the squarings (-1 for a
     * group Gaussian); every other kernel goes through {@link #value}. Null with {@link #dense}.
     */
    private final int[] flatKernel;
    private final double[][] flatColumn;
    private final double[] flatParameter;
    private final int[] flatSquarings;
    private final int[] otherKernels;
    /**
     * The flat members' columns again, row-major (x_i of member a at i · A + a, A members), made on the first
     * {@link #values} call when they fit in {@link #FLAT_ROWS_BUDGET_BYTES}: one pair then reads two contiguous rows
     * instead of two entries of every column.
     */
    private volatile double[] flatRows;

    /** Largest row-major copy of the one-variable columns kept for {@link #values}: 16 MB. */
    static final long FLAT_ROWS_BUDGET_BYTES = 16L << 20;

    /** Supports at least this large are split over the cores in {@link #quadraticForms} (on-the-fly path). */
    static final int PARALLEL_MIN_SUPPORT = 256;

    /** Largest budget for precomputing all M base matrices: 256 MB (the default on heaps of 2 GB and more). */
    public static final long DEFAULT_DENSE_BUDGET_BYTES = 256L << 20;

    SharedKernelMatrices(MultipleKernel kernels, List<? extends Vec> points, GramBuilder builder) {
        this(kernels, points, builder, defaultDenseBudgetBytes());
    }

    /**
     * The dense budget used when none is given: {@link #DEFAULT_DENSE_BUDGET_BYTES}, but at most an eighth of the
     * maximum heap, so that the few training parts a protocol holds at once (its inner folds run in parallel) keep
     * their precomputed matrices within a stated share of -Xmx; above it the entries are computed on demand from
     * the same shared data (equal to the dense path's to rounding, MultipleKernelTest).
     */
    public static long defaultDenseBudgetBytes() {
        return Math.min(DEFAULT_DENSE_BUDGET_BYTES, Runtime.getRuntime().maxMemory() / 8);
    }

    SharedKernelMatrices(MultipleKernel kernels, List<? extends Vec> points, GramBuilder builder, long denseBudgetBytes) {
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
        this.g = plan.needsAll() ? builder.gram(new LinearKernel(), points).rowMajorArray() : null;
        this.gDiag = g == null ? null : new double[n];
        for (int i = 0; g != null && i < n; i++) {
            gDiag[i] = g[i * n + i];
        }
        this.columns = new double[plan.groups.size()][][];
        for (int gi = 0; gi < columns.length; gi++) {
            KernelPlan.Group grp = plan.groups.get(gi);
            if (grp.feature != KernelPlan.ALL) {
                int f = grp.maxFeature();
                if (f >= dim) {
                    throw new IllegalArgumentException("a base kernel reads feature " + f
                            + " but the points have dimension " + dim);
                }
                int[] fs = grp.feature == KernelPlan.LIST ? grp.features : new int[] {grp.feature};
                double[][] cols = new double[fs.length][n];
                for (int i = 0; i < n; i++) {
                    Vec x = points.get(i);
                    for (int a = 0; a < fs.length; a++) {
                        cols[a][i] = x.get(fs[a]);
                    }
                }
                columns[gi] = cols;
            }
        }
        this.generic = new DenseKernelMatrix[plan.count];
        for (int m : plan.generic) {
            generic[m] = kernels.kernel(m) instanceof AlignmentChannel a ? alignmentGram(a, points)
                    : builder.gram(kernels.kernel(m), points);
        }
        this.dense = (long) plan.count * n * n * Double.BYTES <= denseBudgetBytes ? precompute() : null;
        List<Integer> fk = new java.util.ArrayList<>();
        List<double[]> fc = new java.util.ArrayList<>();
        List<Double> fp = new java.util.ArrayList<>();
        List<Integer> fs = new java.util.ArrayList<>();
        boolean[] flat = new boolean[plan.count];
        for (int gi = 0; dense == null && gi < columns.length; gi++) {
            KernelPlan.Group grp = plan.groups.get(gi);
            if (grp.feature < 0) {
                continue;
            }
            for (int c = 0; c < grp.chainGamma.length; c++) {
                for (int k = 0; k < grp.chainKernel[c].length; k++) {
                    fk.add(grp.chainKernel[c][k]);
                    fc.add(columns[gi][0]);
                    fp.add(grp.chainGamma[c]);
                    fs.add(grp.chainSquarings[c][k]);
                }
            }
            for (int k = 0; k < grp.widthKernel.length; k++) {
                fk.add(grp.widthKernel[k]);
                fc.add(columns[gi][0]);
                fp.add(grp.width[k]);
                fs.add(-1);
            }
        }
        for (int m : fk) {
            flat[m] = true;
        }
        this.flatKernel = fk.stream().mapToInt(Integer::intValue).toArray();
        this.flatColumn = fc.toArray(new double[0][]);
        this.flatParameter = fp.stream().mapToDouble(Double::doubleValue).toArray();
        this.flatSquarings = fs.stream().mapToInt(Integer::intValue).toArray();
        this.otherKernels = IntStream.range(0, plan.count).filter(m -> !flat[m]).toArray();
    }

    /** {@link #flatRows}, made on first use; null when they would not fit in {@link #FLAT_ROWS_BUDGET_BYTES}. */
    private double[] flatRows() {
        double[] r = flatRows;
        int a = flatKernel.length;
        if (r != null || a == 0 || (long) n * a * Double.BYTES > FLAT_ROWS_BUDGET_BYTES) {
            return r;
        }
        synchronized (this) {
            if (flatRows == null) {
                double[] rows = new double[n * a];
                for (int b = 0; b < a; b++) {
                    double[] col = flatColumn[b];
                    for (int i = 0; i < n; i++) {
                        rows[i * a + b] = col[i];
                    }
                }
                flatRows = rows;
            }
            return flatRows;
        }
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

    /**
     * The Gram matrix of a channel alignment kernel: log G of every series with itself once, then
     * exp(log G(x_i, x_j) - log G(x_i, x_i) / 2 - log G(x_j, x_j) / 2) for i &le; j, rows in parallel (the values of
     * {@link GlobalAlignmentKernel#apply} with a third of its alignments).
     */
    static DenseKernelMatrix alignmentGram(AlignmentChannel a, List<? extends Vec> points) {
        int n = points.size();
        GlobalAlignmentKernel k = a.alignment();
        Vec[] ser = new Vec[n];
        for (int i = 0; i < n; i++) {
            ser[i] = a.channel(points.get(i));
        }
        double[] self = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> self[i] = k.logValue(ser[i], ser[i]));
        double[] gm = new double[n * n];
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int s2 = i; s2 < n; s2++) {
                double l = s2 == i ? self[i] : k.logValue(ser[i], ser[s2]);
                double v = l == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(l - 0.5 * self[i] - 0.5 * self[s2]);
                gm[i * n + s2] = v;
                gm[s2 * n + i] = v;
            }
        });
        return DenseKernelMatrix.wrapRowMajor(n, gm);
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
    private void pairs(int i, int[] idx, int from, int count, double[][] cols, double[] dot, double[] dist) {
        pairs(i, idx, from, count, cols, true, dot, dist);
    }

    /** As {@link #pairs(int, int[], int, int, double[][], double[], double[])}; without {@code withDot} dot is left alone off the all-variables group. */
    private void pairs(int i, int[] idx, int from, int count, double[][] cols, boolean withDot, double[] dot,
                       double[] dist) {
        if (cols == null) {
            int base = i * n;
            double gii = gDiag[i];
            for (int c = 0; c < count; c++) {
                int j = idx == null ? from + c : idx[from + c];
                double d = g[base + j];
                dot[c] = d;
                dist[c] = j == i ? 0.0 : Math.max(0.0, gii + gDiag[j] - 2.0 * d);
            }
        } else if (cols.length == 1) {
            double[] col = cols[0];
            double xi = col[i];
            if (withDot) {
                for (int c = 0; c < count; c++) {
                    double xj = col[idx == null ? from + c : idx[from + c]];
                    double d = xi - xj;
                    dot[c] = xi * xj;
                    dist[c] = d * d;
                }
            } else {
                for (int c = 0; c < count; c++) {
                    double d = xi - col[idx == null ? from + c : idx[from + c]];
                    dist[c] = d * d;
                }
            }
        } else {
            for (int c = 0; c < count; c++) {
                dot[c] = 0;
                dist[c] = 0;
            }
            for (double[] col : cols) {
                double xi = col[i];
                for (int c = 0; c < count; c++) {
                    double xj = col[idx == null ? from + c : idx[from + c]];
                    double d = xi - xj;
                    dot[c] += xi * xj;
                    dist[c] += d * d;
                }
            }
        }
    }

    /** Inner product and squared distance of x_i and x_j on group gi's feature subset, as {@link #pairs} computes them. */
    private void pair(int gi, int i, int j, double[] out) {
        double[][] cols = columns[gi];
        if (cols == null) {
            double dot = g[i * n + j];
            out[0] = dot;
            out[1] = i == j ? 0.0 : Math.max(0.0, gDiag[i] + gDiag[j] - 2.0 * dot);
        } else if (cols.length == 1) {
            double xi = cols[0][i], xj = cols[0][j];
            out[0] = xi * xj;
            out[1] = (xi - xj) * (xi - xj);
        } else {
            double dot = 0, dist = 0;
            for (double[] col : cols) {
                double xi = col[i], xj = col[j];
                double d = xi - xj;
                dot += xi * xj;
                dist += d * d;
            }
            out[0] = dot;
            out[1] = dist;
        }
    }

    /** Unscaled k_m(x_i, x_j) for every m. */
    private void pairValues(int i, int j, double[] vals) {
        List<KernelPlan.Group> groups = plan.groups;
        double[] dd = new double[2];
        for (int gi = 0; gi < groups.size(); gi++) {
            pair(gi, i, j, dd);
            groups.get(gi).values(dd[0], dd[1], vals);
        }
        for (int m : plan.generic) {
            vals[m] = generic[m].get(i, j);
        }
    }

    /**
     * The entries (i, j) of every base matrix, out[m] = {@link #value}(m, i, j) bit for bit: the Gaussians on one
     * variable in one flat loop over row-major copies of their columns (IMKPL's per-feature kernels: about half the
     * time of {@code value} kernel by kernel, nearly all of it the exps), every other kernel by {@link #value}.
     *
     * @throws IndexOutOfBoundsException for an index out of range
     * @throws IllegalArgumentException  when out is not of length {@link #count()}
     */
    public void values(int i, int j, double[] out) {
        java.util.Objects.checkIndex(i, n);
        java.util.Objects.checkIndex(j, n);
        if (out.length != plan.count) {
            throw new IllegalArgumentException("expected " + plan.count + " values, found room for " + out.length);
        }
        if (dense != null) {
            for (int m = 0; m < out.length; m++) {
                out[m] = scales[m] * dense[m][i * n + j];
            }
            return;
        }
        int count = flatKernel.length;
        double[] rows = flatRows();
        for (int a = 0; a < count; a++) {
            double xi, xj;
            if (rows != null) {
                xi = rows[i * count + a];
                xj = rows[j * count + a];
            } else {
                xi = flatColumn[a][i];
                xj = flatColumn[a][j];
            }
            double dist = (xi - xj) * (xi - xj);
            double p = flatParameter[a];
            int sq = flatSquarings[a];
            double v;
            if (sq < 0) {
                v = KernelPlan.widthValue(dist, p);
            } else {
                v = Math.exp(-p * dist);
                for (int t = sq; t > 0; t--) {
                    v *= v;
                }
            }
            int m = flatKernel[a];
            out[m] = scales[m] * v;
        }
        for (int m : otherKernels) {
            out[m] = value(m, i, j);
        }
    }

    /**
     * The entry (i, j) of base matrix K_m, s_m k_m(x_i, x_j), with the arithmetic of {@link #combined} at the
     * unit weight e_m.
     *
     * @throws IndexOutOfBoundsException for an index out of range
     */
    public double value(int m, int i, int j) {
        java.util.Objects.checkIndex(m, plan.count);
        java.util.Objects.checkIndex(i, n);
        java.util.Objects.checkIndex(j, n);
        double v;
        if (dense != null) {
            v = dense[m][i * n + j];
        } else if (plan.groupOf[m] < 0) {
            v = generic[m].get(i, j);
        } else {
            int gi = plan.groupOf[m];
            double[][] cols = columns[gi];
            double dot, dist;
            if (cols == null) {
                dot = g[i * n + j];
                dist = i == j ? 0.0 : Math.max(0.0, gDiag[i] + gDiag[j] - 2.0 * dot);
            } else if (cols.length == 1) {
                double xi = cols[0][i], xj = cols[0][j];
                dot = xi * xj;
                dist = (xi - xj) * (xi - xj);
            } else {
                dot = 0;
                dist = 0;
                for (double[] col : cols) {
                    double xi = col[i], xj = col[j];
                    double d = xi - xj;
                    dot += xi * xj;
                    dist += d * d;
                }
            }
            v = plan.groups.get(gi).value(m, dot, dist);
        }
        return scales[m] * v;
    }

    /** The base kernels these matrices were built from. */
    public MultipleKernel kernels() {
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
    public static int[] unionSupport(double[][] coefficients, int n) {
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

    /**
     * The combined matrix sum_m w_m K_m as a dense row-major n x n array: rows in parallel, each row's entries
     * j &ge; i computed as {@link KernelMatrix#row} computes them and mirrored, so the result equals the entries of
     * {@link #combined} bit for bit at half the work.
     *
     * @param mu M non-negative finite weights
     * @param out the n x n array to fill (row-major)
     * @throws IllegalArgumentException for bad weights or an array of another length
     */
    public void combinedInto(double[] mu, double[] out) {
        if (out.length != n * n) {
            throw new IllegalArgumentException("expected an array of " + n + " x " + n + " = " + (n * n)
                    + " entries, found " + out.length);
        }
        Combined c = (Combined) combined(mu);
        IntStream.range(0, n).parallel().forEach(i -> {
            double[] row = new double[n - i];
            c.rowFrom(i, i, row);
            for (int j = i; j < n; j++) {
                out[i * n + j] = row[j - i];
                out[j * n + i] = row[j - i];
            }
        });
    }

    /** K(mu) with the scales folded into the weights w_m = mu_m s_m. */
    private final class Combined implements KernelMatrix {
        private final double[] w;
        private final KernelPlan.Active[] active;
        /** The group index of every active group (into plan.groups and columns). */
        private final int[] activeGroup;

        private final int[] activeKernels;

        Combined(double[] w) {
            this.w = w;
            this.activeKernels = IntStream.range(0, w.length).filter(m -> w[m] != 0).toArray();
            List<KernelPlan.Active> list = new java.util.ArrayList<>();
            List<Integer> gis = new java.util.ArrayList<>();
            for (int gi = 0; gi < plan.groups.size(); gi++) {
                KernelPlan.Active a = plan.groups.get(gi).compile(w);
                if (a != null) {
                    list.add(a);
                    gis.add(gi);
                }
            }
            this.active = list.toArray(KernelPlan.Active[]::new);
            this.activeGroup = gis.stream().mapToInt(Integer::intValue).toArray();
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
            double[] dd = new double[2];
            for (int a = 0; a < active.length; a++) {
                pair(activeGroup[a], i, j, dd);
                s += active[a].weighted(dd[0], dd[1]);
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
            rowOf(i, idx, 0, count, out);
        }

        /** Entries (i, from), ..., (i, n - 1) into out[0 .. n - from). */
        void rowFrom(int i, int from, double[] out) {
            rowOf(i, null, from, n - from, out);
        }

        /** out[c] = K(mu)(i, j_c), j_c = idx[c] (idx given, from = 0) or from + c (idx null), c &lt; count. */
        private void rowOf(int i, int[] idx, int from, int count, double[] out) {
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
                            out[c] += wm * k[base + from + c];
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
                    pairs(i, idx, from, count, columns[activeGroup[a]], active[a].needsDot(), sc[0], sc[1]);
                    active[a].accumulate(sc[0], sc[1], count, out, sc[2], false);
                }
            }
            for (int m : plan.generic) {
                if (w[m] != 0) {
                    for (int c = 0; c < count; c++) {
                        out[c] += w[m] * generic[m].get(i, idx == null ? from + c : idx[c]);
                    }
                }
            }
        }
    }
}
