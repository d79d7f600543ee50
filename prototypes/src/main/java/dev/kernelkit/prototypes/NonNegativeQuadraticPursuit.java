package dev.kernelkit.prototypes;

import java.util.Arrays;
import java.util.Objects;

/**
 * Non-negative quadratic pursuit (NQP; Hosseini &amp; Hammer, CIKM 2019, Algorithm 2, eq. 12): a
 * greedy solver for
 *
 * <pre>
 *   minimise f(x) = ½ xᵀQx + cᵀx   subject to x ≥ 0 and at most T positive entries,
 * </pre>
 *
 * with Q symmetric positive semi-definite (n × n). Q is reached only through a
 * {@link Columns column supplier}: only the columns of the indices that enter the support are
 * ever requested, so an N × N matrix never has to be materialised.
 *
 * <p>Algorithm (spec {@code prototypes.md} §5.1 and §5.3):
 * <ol>
 *   <li>x = 0, support S = ∅, gradient g = c.</li>
 *   <li>Gauss–Southwell selection: the candidate j ∉ S with the most negative g_j; stop when no
 *       g_j &lt; −{@code descentTolerance}.</li>
 *   <li>Bordered Cholesky: w = L⁻¹Q_{S,j}; the new pivot Q_jj − wᵀw must exceed
 *       {@code pivotTolerance}·max(1, Q_jj) (scale-aware), else j depends on S and is banned for
 *       the rest of the call.</li>
 *   <li>Closed-form solve on S ∪ {j}: x_S = −Q_SS⁻¹c_S by two triangular solves.</li>
 *   <li>If an entry is negative: move along the segment from the previous iterate to the new
 *       solution up to the first zero crossing, drop the coordinates that reach zero, refactor
 *       and re-solve on the reduced support, and repeat until the solution is non-negative (the
 *       Lawson–Hanson inner loop; by convexity f does not increase).</li>
 *   <li>Progress test: the step is kept only when f decreased by more than
 *       {@code progressTolerance}·|f_prev|; otherwise it is undone and j is banned.</li>
 *   <li>Repeat until |S| = T, no descent candidate is left, or no progress is possible.</li>
 *   <li>Optional final pruning: entries below {@code pruneFraction} of the largest are set to zero
 *       and the rest re-solved on the reduced support (kept only when it stays non-negative and
 *       does not raise f).</li>
 * </ol>
 *
 * <p>Differences from the authors' reference code (described in spec §5.2): the reference
 * accepts the drop-and-resolve point without the zero-crossing step and bans dropped indices
 * forever; here a dropped index may re-enter (as in Lawson–Hanson), which is what makes the
 * method reach the exact non-negative QP optimum when T = n and Q is positive definite. The
 * returned f never exceeds 0 = f(0).
 *
 * <p>Cost: O(n·t + t²) per step with |S| = t (gradient update, selection, bordered factor),
 * O(t³) per drop-and-resolve; at most n accepted steps since f strictly decreases.
 */
public final class NonNegativeQuadraticPursuit {

    /** Read access to the columns of the symmetric matrix Q (n × n). */
    public interface Columns {
        /** The dimension n. */
        int size();

        /** Writes column j of Q into {@code out} (length n). */
        void column(int j, double[] out);
    }

    /**
     * Options of the pursuit.
     *
     * @param maxNonZeros       T, the maximum number of positive entries (≥ 1)
     * @param descentTolerance  a candidate must have gradient &lt; −this (reference: 1e-6)
     * @param pivotTolerance    relative Cholesky pivot threshold (reference: 1e-4)
     * @param progressTolerance minimum relative decrease of f per accepted step (reference: 1e-6)
     * @param prune             whether to zero small entries at the end (reference: yes)
     * @param pruneFraction     pruning level relative to the largest entry (reference: 0.01)
     */
    public record Options(int maxNonZeros, double descentTolerance, double pivotTolerance,
                          double progressTolerance, boolean prune, double pruneFraction) {
        /** Validates every field. */
        public Options {
            if (maxNonZeros < 1) {
                throw new IllegalArgumentException("maxNonZeros (T) must be >= 1, got " + maxNonZeros);
            }
            requireNonNegative("descentTolerance", descentTolerance);
            if (!(pivotTolerance > 0) || !Double.isFinite(pivotTolerance)) {
                throw new IllegalArgumentException("pivotTolerance must be > 0, got " + pivotTolerance);
            }
            requireNonNegative("progressTolerance", progressTolerance);
            if (!(pruneFraction >= 0 && pruneFraction < 1)) {
                throw new IllegalArgumentException("pruneFraction must be in [0, 1), got " + pruneFraction);
            }
        }

        /** The reference constants (spec §5.2) with cardinality limit T. */
        public static Options defaults(int maxNonZeros) {
            return new Options(maxNonZeros, 1e-6, 1e-4, 1e-6, true, 0.01);
        }

        /** The same options with pruning switched on or off. */
        public Options withPrune(boolean p) {
            return new Options(maxNonZeros, descentTolerance, pivotTolerance, progressTolerance, p, pruneFraction);
        }

        /** The same options with another T. */
        public Options withMaxNonZeros(int t) {
            return new Options(t, descentTolerance, pivotTolerance, progressTolerance, prune, pruneFraction);
        }

        private static void requireNonNegative(String name, double v) {
            if (!(v >= 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException(name + " must be >= 0, got " + v);
            }
        }
    }

    /** The solution: x (≥ 0, at most T non-zeros), f(x), the support and the number of accepted steps. */
    public static final class Result {
        private final double[] x;
        private final double objective;
        private final int[] support;
        private final int steps;

        Result(double[] x, double objective, int[] support, int steps) {
            this.x = x;
            this.objective = objective;
            this.support = support;
            this.steps = steps;
        }

        /** A copy of the solution vector. */
        public double[] x() {
            return x.clone();
        }

        /** Entry i of the solution. */
        public double x(int i) {
            return x[i];
        }

        /** f(x) = ½xᵀQx + cᵀx (≤ 0). */
        public double objective() {
            return objective;
        }

        /** The indices of the positive entries, increasing. */
        public int[] support() {
            return support.clone();
        }

        /** Number of accepted pursuit steps. */
        public int steps() {
            return steps;
        }
    }

    private NonNegativeQuadraticPursuit() {
    }

    /** Solves with a dense symmetric Q (convenience for small problems; Q is not copied). */
    public static Result solve(double[][] q, double[] c, Options options) {
        Objects.requireNonNull(q, "Q");
        int n = q.length;
        for (int i = 0; i < n; i++) {
            if (q[i].length != n) {
                throw new IllegalArgumentException("Q must be square: row " + i + " has length " + q[i].length
                        + ", expected " + n);
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double a = q[i][j], b = q[j][i];
                if (Math.abs(a - b) > 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)))) {
                    throw new IllegalArgumentException("Q must be symmetric: Q[" + i + "][" + j + "] = " + a
                            + " but Q[" + j + "][" + i + "] = " + b);
                }
            }
        }
        return solve(dense(q), c, options, null);
    }

    /**
     * Wraps a dense symmetric matrix as a column supplier (no copy; q must not change while the wrapper is used). When q
     * is symmetric bit for bit (checked here, once), column j is read as row j, one contiguous copy instead of a load
     * from every row; else entry by entry.
     */
    public static Columns dense(double[][] q) {
        boolean symmetric = true;
        for (int i = 0; i < q.length && symmetric; i++) {
            double[] qi = q[i];
            symmetric = qi.length == q.length;
            for (int j = 0; j < i && symmetric; j++) {
                symmetric = Double.doubleToRawLongBits(qi[j]) == Double.doubleToRawLongBits(q[j][i]);
            }
        }
        boolean byRow = symmetric;
        return new Columns() {
            @Override
            public int size() {
                return q.length;
            }

            @Override
            public void column(int j, double[] out) {
                if (byRow) {
                    System.arraycopy(q[j], 0, out, 0, q.length);
                    return;
                }
                for (int i = 0; i < q.length; i++) {
                    out[i] = q[i][j];
                }
            }
        };
    }

    /**
     * Solves with Q given by its columns.
     *
     * @param excluded indices that must stay 0 (may be {@code null})
     * @throws IllegalArgumentException on a length mismatch, a non-finite c, or a column that shows Q is
     *         not positive semi-definite (negative diagonal entry)
     */
    public static Result solve(Columns q, double[] c, Options options, boolean[] excluded) {
        Objects.requireNonNull(q, "Q");
        Objects.requireNonNull(c, "c");
        Objects.requireNonNull(options, "options");
        int n = q.size();
        if (c.length != n) {
            throw new IllegalArgumentException("c has length " + c.length + ", expected " + n);
        }
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(c[i])) {
                throw new IllegalArgumentException("c[" + i + "] must be finite, got " + c[i]);
            }
        }
        if (excluded != null && excluded.length != n) {
            throw new IllegalArgumentException("excluded has length " + excluded.length + ", expected " + n);
        }
        return new Run(q, c, options, excluded).run();
    }

    /** f(x) = ½xᵀQx + cᵀx for a dense symmetric Q (used by callers' safeguards and tests). */
    public static double objective(double[][] q, double[] c, double[] x) {
        double f = 0;
        for (int i = 0; i < x.length; i++) {
            if (x[i] == 0) {
                continue;
            }
            double qi = 0;
            for (int j = 0; j < x.length; j++) {
                qi += q[i][j] * x[j];
            }
            f += x[i] * (0.5 * qi + c[i]);
        }
        return f;
    }

    /** One call's state. */
    private static final class Run {
        final Columns q;
        final double[] c;
        final Options o;
        final int n;
        final boolean[] banned;
        /** The columns of Q read so far (null: not yet), by index: an array, not a map, so a lookup boxes nothing. */
        final double[][] cols;

        int[] s = new int[0];         // support
        double[] xs = new double[0];  // solution on the support
        double[][] l = new double[0][]; // lower Cholesky factor of Q_SS (row i has i+1 entries)
        double f = 0;
        int steps = 0;

        Run(Columns q, double[] c, Options o, boolean[] excluded) {
            this.q = q;
            this.c = c;
            this.o = o;
            this.n = q.size();
            this.banned = excluded == null ? new boolean[n] : excluded.clone();
            this.cols = new double[n][];
        }

        double[] col(int j) {
            double[] out = cols[j];
            if (out == null) {
                out = new double[n];
                q.column(j, out);
                if (!(out[j] >= 0) || !Double.isFinite(out[j])) {
                    throw new IllegalArgumentException("Q must be positive semi-definite: Q[" + j + "][" + j + "] = "
                            + out[j]);
                }
                cols[j] = out;
            }
            return out;
        }

        Result run() {
            int maxIter = 4 * n + 4 * o.maxNonZeros() + 10;
            double[] g = c.clone();
            boolean[] inS = new boolean[n];
            for (int iter = 0; iter < maxIter && s.length < o.maxNonZeros(); iter++) {
                int j = -1;
                double best = -o.descentTolerance();
                for (int i = 0; i < n; i++) {
                    if (!inS[i] && !banned[i] && g[i] < best) {
                        best = g[i];
                        j = i;
                    }
                }
                if (j < 0) {
                    break;
                }
                double[] qj = col(j);
                int t = s.length;
                double[] w = new double[t];
                for (int a = 0; a < t; a++) {
                    double v = qj[s[a]];
                    for (int b = 0; b < a; b++) {
                        v -= l[a][b] * w[b];
                    }
                    w[a] = v / l[a][a];
                }
                double pivot = qj[j];
                for (double v : w) {
                    pivot -= v * v;
                }
                if (!(pivot > o.pivotTolerance() * Math.max(1.0, qj[j]))) {
                    banned[j] = true;
                    continue;
                }
                int[] prevS = s;
                double[] prevX = xs;
                double[][] prevL = l;
                double prevF = f;

                int[] s1 = Arrays.copyOf(s, t + 1);
                s1[t] = j;
                double[][] l1 = Arrays.copyOf(l, t + 1);
                double[] row = Arrays.copyOf(w, t + 1);
                row[t] = Math.sqrt(pivot);
                l1[t] = row;
                double[] x1 = solveOn(s1, l1);
                double[] xPrev = Arrays.copyOf(prevX, t + 1);
                // Lawson–Hanson inner loop: step to the first zero crossing, drop, re-solve.
                while (hasNegative(x1)) {
                    double alpha = 1.0;
                    for (int a = 0; a < x1.length; a++) {
                        if (x1[a] < 0) {
                            double r = xPrev[a] / (xPrev[a] - x1[a]);
                            if (r < alpha) {
                                alpha = r;
                            }
                        }
                    }
                    double[] z = new double[x1.length];
                    int keep = 0;
                    int argmin = -1;
                    double minVal = Double.POSITIVE_INFINITY;
                    for (int a = 0; a < x1.length; a++) {
                        z[a] = xPrev[a] + alpha * (x1[a] - xPrev[a]);
                        if (z[a] < minVal) {
                            minVal = z[a];
                            argmin = a;
                        }
                    }
                    boolean[] drop = new boolean[x1.length];
                    drop[argmin] = true; // the coordinate that defines alpha reaches 0
                    for (int a = 0; a < x1.length; a++) {
                        if (z[a] <= 1e-12 * Math.max(1.0, Math.abs(xPrev[a]))) {
                            drop[a] = true;
                        }
                        if (!drop[a]) {
                            keep++;
                        }
                    }
                    int[] s2 = new int[keep];
                    double[] zPrev = new double[keep];
                    int p = 0;
                    for (int a = 0; a < x1.length; a++) {
                        if (!drop[a]) {
                            s2[p] = s1[a];
                            zPrev[p] = z[a];
                            p++;
                        }
                    }
                    s1 = s2;
                    xPrev = zPrev;
                    l1 = factor(s1);
                    if (l1 == null) { // numerically dependent after all: fall back to the previous state
                        s1 = null;
                        break;
                    }
                    x1 = solveOn(s1, l1);
                }
                boolean accepted = false;
                if (s1 != null) {
                    double f1 = 0;
                    for (int a = 0; a < s1.length; a++) {
                        f1 += 0.5 * c[s1[a]] * x1[a]; // at the support optimum, f = ½ c_Sᵀ x_S
                    }
                    double decrease = prevF - f1;
                    if (decrease > 0 && decrease > o.progressTolerance() * Math.abs(prevF)) {
                        accepted = true;
                        s = s1;
                        xs = x1;
                        l = l1;
                        f = f1;
                        steps++;
                    }
                }
                if (!accepted) {
                    s = prevS;
                    xs = prevX;
                    l = prevL;
                    f = prevF;
                    banned[j] = true;
                    continue;
                }
                Arrays.fill(inS, false);
                System.arraycopy(c, 0, g, 0, n);
                for (int a = 0; a < s.length; a++) {
                    inS[s[a]] = true;
                    double[] qa = col(s[a]);
                    double xa = xs[a];
                    for (int i = 0; i < n; i++) {
                        g[i] += qa[i] * xa;
                    }
                }
            }
            if (o.prune() && s.length > 1) {
                prune();
            }
            double[] x = new double[n];
            int[] order = s.clone();
            for (int a = 0; a < s.length; a++) {
                x[s[a]] = xs[a];
            }
            Arrays.sort(order);
            return new Result(x, f, order, steps);
        }

        private void prune() {
            double max = 0;
            for (double v : xs) {
                max = Math.max(max, v);
            }
            double level = o.pruneFraction() * max;
            int keep = 0;
            for (double v : xs) {
                if (v >= level) {
                    keep++;
                }
            }
            if (keep == s.length) {
                return;
            }
            int[] s2 = new int[keep];
            double[] x2 = new double[keep];
            int p = 0;
            for (int a = 0; a < s.length; a++) {
                if (xs[a] >= level) {
                    s2[p] = s[a];
                    x2[p] = xs[a];
                    p++;
                }
            }
            double[][] l2 = factor(s2);
            if (l2 != null) {
                double[] r = solveOn(s2, l2);
                if (!hasNegative(r)) {
                    double fr = 0;
                    for (int a = 0; a < s2.length; a++) {
                        fr += 0.5 * c[s2[a]] * r[a];
                    }
                    s = s2;
                    xs = r;
                    l = l2;
                    f = fr;
                    return;
                }
            }
            double fp = value(s2, x2);
            if (fp <= 0) {
                s = s2;
                xs = x2;
                l = l2;
                f = fp;
            }
        }

        private double value(int[] sup, double[] x) {
            double v = 0;
            for (int a = 0; a < sup.length; a++) {
                double[] qa = col(sup[a]);
                double qx = 0;
                for (int b = 0; b < sup.length; b++) {
                    qx += qa[sup[b]] * x[b];
                }
                v += x[a] * (0.5 * qx + c[sup[a]]);
            }
            return v;
        }

        /** Cholesky factor of Q_SS from scratch; null when a pivot falls below the threshold. */
        private double[][] factor(int[] sup) {
            int t = sup.length;
            double[][] f2 = new double[t][];
            for (int a = 0; a < t; a++) {
                double[] qa = col(sup[a]);
                double[] row = new double[a + 1];
                for (int b = 0; b <= a; b++) {
                    double v = qa[sup[b]];
                    double[] rb = b < a ? f2[b] : row;
                    for (int k = 0; k < b; k++) {
                        v -= row[k] * rb[k];
                    }
                    if (b < a) {
                        row[b] = v / f2[b][b];
                    } else {
                        if (!(v > o.pivotTolerance() * Math.max(1.0, qa[sup[a]]))) {
                            return null;
                        }
                        row[a] = Math.sqrt(v);
                    }
                }
                f2[a] = row;
            }
            return f2;
        }

        /** x_S = −(L Lᵀ)⁻¹ c_S. */
        private double[] solveOn(int[] sup, double[][] fac) {
            int t = sup.length;
            double[] y = new double[t];
            for (int a = 0; a < t; a++) {
                double v = -c[sup[a]];
                for (int b = 0; b < a; b++) {
                    v -= fac[a][b] * y[b];
                }
                y[a] = v / fac[a][a];
            }
            for (int a = t - 1; a >= 0; a--) {
                double v = y[a];
                for (int b = a + 1; b < t; b++) {
                    v -= fac[b][a] * y[b];
                }
                y[a] = v / fac[a][a];
            }
            return y;
        }

        private static boolean hasNegative(double[] v) {
            for (double x : v) {
                if (x < 0) {
                    return true;
                }
            }
            return false;
        }
    }
}
