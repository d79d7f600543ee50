package dev.kernelkit.mi;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A primal simplex method made for the 1-norm SVM linear programme of MILES (Chen, Bi &amp; Wang,
 * TPAMI 2006, eq. 8), written as a piecewise-linear programme in the free variables w, b and the
 * margin residuals r:
 *
 * <pre>
 *   min  sum_k |w_k| + C sum_i max(r_i, 0)
 *   s.t. sum_k a_ik w_k + y_i b + r_i = 1   (i = 1..m),   a_ik = y_i s_ik,
 * </pre>
 * which is the LP min sum_k (u_k + v_k) + C sum_i xi_i s.t. y_i ((u - v)·s_i + b) + xi_i &ge; 1 with
 * w = u - v and r_i = xi_i - t_i (t_i the margin's surplus). Every variable is free with a convex
 * cost that has one breakpoint, at 0 (slopes -1 / +1 for w_k, 0 / C for r_i, none for b), so a
 * basis of m columns with the non-basic variables at 0 is always feasible, and each basic variable
 * is charged the slope of the side of 0 it is on. This is Fourer's simplex method for
 * piecewise-linear programmes ("A simplex algorithm for piecewise-linear programming I", Math.
 * Programming 33, 1985): its ratio test walks along the entering direction past every breakpoint
 * at which the objective still decreases (a residual that changes sign, a weight that passes
 * through 0), flipping those variables' slopes, and stops at the first breakpoint after which the
 * slope would be &ge; 0, whose variable leaves the basis. In the u/v/xi/t form each of those
 * crossings would be a simplex pivot of its own (on a Fox training part, about 9 pivots in 10).
 *
 * <p>Linear algebra: the basis has m columns (m = bags, about 100-200 in the benchmarks) against n
 * instance features (about 1,000), so the method keeps the explicit m x m basis inverse, updated
 * per pivot and recomputed every {@value #REFACTOR} pivots from the inverse of its weight and bias
 * columns on the rows that no residual column covers (Gauss-Jordan with partial pivoting). Pricing is partial, i.e. column generation on the LP: a full pass g = A^T pi over the rows
 * of A (reduced costs 1 - g_k upwards and 1 + g_k downwards for w_k) keeps the {@code candidates}
 * features with the most negative reduced costs; the next pivots choose among those and the m + 1
 * bias and residual columns (always priced) until none of them improves, then the next full pass.
 * The method stops only when a full pass finds no reduced cost below -{@value #DUAL_TOL} (relative
 * to the column's slopes): then pi (one multiplier per bag) is feasible for the dual LP, 0 &le;
 * pi_i &le; C, |sum_i pi_i a_ik| &le; 1, sum_i pi_i y_i = 0, with the same objective.
 *
 * <p>Degeneracy: the LP is heavily dual-degenerate (near-duplicate embedded columns all cost 1, so
 * there are many optima), which a primal method does not mind. Against primal degeneracy (bags
 * exactly on the margin, duplicated bags) the right-hand side 1 is perturbed to 1 + eps_i with
 * seeded eps_i in [{@value #PERTURBATION}, 2 &times; {@value #PERTURBATION}), and the stopping
 * breakpoint is chosen by Harris's rule (the largest pivot among the breakpoints within the
 * tolerance {@value #PRIMAL_TOL} of the first). At the perturbed optimum the right-hand side 1 is
 * restored: the basic values move by about the perturbation; a basic variable that changed side
 * gets the other slope, and the primal method continues from there (each basis is feasible) until
 * no side changes and no pivot is left. Techniques as in Koberstein, "The dual simplex method,
 * techniques for a fast and stable implementation", PhD thesis, Paderborn 2005 (Harris ratio test,
 * perturbation, partial pricing, the bound-flipping ratio test this walk is the primal analogue of).
 *
 * <p>Single-use, not thread-safe; each solve builds its own instance.
 */
final class OneNormSvmSimplex {
    /** Reduced costs above -DUAL_TOL (times the column's largest slope, at least 1) count as optimal. */
    static final double DUAL_TOL = 1e-9;
    /** Basic values within PRIMAL_TOL on the wrong side of their breakpoint count as on it. */
    static final double PRIMAL_TOL = 1e-9;
    /** The smallest pivot element accepted, relative to the largest entry of the pivot column. */
    private static final double PIVOT_TOL = 1e-9;
    /** The scale of the seeded right-hand-side perturbation. */
    static final double PERTURBATION = 1e-7;
    /** Pivots between two recomputations of the basis inverse. */
    static final int REFACTOR = 128;

    private final int m;
    private final int n;
    private final double c;
    /** The slack weight C_i of every row (class weights), or null when every row weighs {@link #c}. */
    private final double[] costs;
    /** a_ik = y_i s_ik, row-major (rows of length n: the pricing pass). */
    private final double[][] rows;
    /** The same, column-major (columns of length m: entering columns and candidate prices). */
    private final double[][] cols;
    private final double[] y;
    private final long maxPivots;

    // variables: w_k = k (k < n), b = n, r_i = n + 1 + i
    private final int bias;
    private final int r0;
    private final int columns;

    private final int[] head;
    private final int[] position;
    /** +1 or -1: the side of 0 of each basic variable (its slope); unused for b. */
    private final int[] side;
    private final double[] binv;
    private final double[] xB;
    private final double[] pi;
    private final double[] rhs;
    private final double[] g;
    private final int[] candidate;
    private final double[] candidateKey;
    private int candidateCount;
    // ratio-test scratch
    private final double[] ratio;
    private final double[] jump;
    private final int[] order;
    private int sinceRefactor;
    private long pivots;
    private long fullPricings;
    private long flips;

    /**
     * @param features m rows of n embedded features s_ik (checked by the caller)
     * @param y labels in {-1, +1}
     * @param c the slack weight C &gt; 0
     * @param candidates features kept per full pricing pass (n or more: a full pass every pivot)
     * @param maxPivots the pivot budget
     */
    OneNormSvmSimplex(double[][] features, double[] y, double c, int candidates, long maxPivots) {
        this(features, y, c, null, candidates, maxPivots);
    }

    /**
     * As the other constructor, row i's slack weighted C_i = {@code costs[i]} (null: C for every row): the LP
     * min ||w||_1 + sum_i C_i xi_i, whose dual bounds pi_i by C_i.
     */
    OneNormSvmSimplex(double[][] features, double[] y, double c, double[] costs, int candidates, long maxPivots) {
        this.m = features.length;
        this.n = m == 0 ? 0 : features[0].length;
        this.c = c;
        this.costs = costs == null ? null : costs.clone();
        this.y = y.clone();
        this.rows = new double[m][n];
        this.cols = new double[n][m];
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < n; k++) {
                double a = y[i] * features[i][k];
                rows[i][k] = a;
                cols[k][i] = a;
            }
        }
        this.maxPivots = maxPivots;
        this.bias = n;
        this.r0 = n + 1;
        this.columns = r0 + m;
        this.head = new int[m];
        this.position = new int[columns];
        this.side = new int[m];
        this.binv = new double[m * m];
        this.xB = new double[m];
        this.pi = new double[m];
        this.rhs = new double[m];
        this.g = new double[n];
        int kept = Math.max(1, Math.min(candidates, n));
        this.candidate = new int[kept];
        this.candidateKey = new double[kept];
        this.ratio = new double[m];
        this.jump = new double[m];
        this.order = new int[m];
    }

    /**
     * The optimal basic solution, the dual multipliers pi (one per bag) and the work done: pivots,
     * full pricing passes and breakpoints passed in ratio tests.
     */
    record Solution(double[] weights, double bias, double[] duals, long pivots, long fullPricings, long flips) {
    }

    /**
     * Solves the LP from the residual basis r = 1 (w = 0, b = 0).
     *
     * @param seed the seed of the right-hand-side perturbation
     * @throws IllegalStateException when the pivot budget runs out or the basis becomes singular
     *         (neither happened on the data and tests it was written for)
     */
    Solution solve(long seed) {
        Arrays.fill(position, -1);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < m; i++) {
            head[i] = r0 + i;
            position[r0 + i] = i;
            side[i] = 1;
            rhs[i] = 1.0 + PERTURBATION * (1.0 + random.nextDouble());
        }
        refactor();
        primal();
        Arrays.fill(rhs, 1.0);
        for (int round = 0; ; round++) {
            // a fresh inverse for the true right-hand side; the last round ends without a pivot, so the
            // solution comes from a fresh inverse
            refactor();
            boolean changed = resyncSides();
            boolean moved = primal();
            if (!changed && !moved) {
                break;
            }
            if (round >= 100) {
                throw new IllegalStateException(describe() + ": still changing after 100 rounds without the "
                        + "perturbation");
            }
        }
        double[] w = new double[n];
        for (int k = 0; k < n; k++) {
            w[k] = value(k);
        }
        return new Solution(w, value(bias), pi.clone(), pivots, fullPricings, flips);
    }

    private double value(int j) {
        int p = position[j];
        return p < 0 ? 0.0 : xB[p];
    }

    private String describe() {
        return "MILES LP (" + m + " bags, " + n + " instance features, C = " + c + ")";
    }

    /** The slope of variable j on side s (+1: above 0, -1: below). */
    private double slope(int j, int s) {
        if (j < n) {
            return s;
        }
        if (j == bias) {
            return 0.0;
        }
        return s > 0 ? cost(j) : 0.0;
    }

    /** The slack weight of residual column j (j &gt; bias). */
    private double cost(int j) {
        return costs == null ? c : costs[j - r0];
    }

    /** The increase of the slope at variable j's breakpoint (0 for b: it has none). */
    private double kink(int j) {
        if (j < n) {
            return 2.0;
        }
        return j == bias ? 0.0 : cost(j);
    }

    private double tolerance(int j) {
        return j > bias ? DUAL_TOL * Math.max(1.0, cost(j)) : DUAL_TOL;
    }

    /** pi · a_j. */
    private double price(int j) {
        if (j < n) {
            double[] a = cols[j];
            double s0 = 0, s1 = 0;
            int i = 0;
            for (; i + 1 < m; i += 2) {
                s0 += pi[i] * a[i];
                s1 += pi[i + 1] * a[i + 1];
            }
            if (i < m) {
                s0 += pi[i] * a[i];
            }
            return s0 + s1;
        }
        if (j == bias) {
            double s = 0;
            for (int i = 0; i < m; i++) {
                s += pi[i] * y[i];
            }
            return s;
        }
        return pi[j - r0];
    }

    /**
     * The two directional reduced costs of non-basic j at 0: out[0] = c+_j - pi·a_j (moving up), out[1] =
     * pi·a_j - c-_j (moving down); j is optimal at 0 when both are &ge; 0.
     */
    private double[] reducedCosts(int j, double pa, double[] out) {
        out[0] = slope(j, 1) - pa;      // moving up
        out[1] = pa - slope(j, -1);     // moving down
        return out;
    }

    /** alpha = B^-1 a_j. */
    private double[] ftran(int j) {
        double[] alpha = new double[m];
        if (j >= r0) {
            int r = j - r0;
            for (int i = 0; i < m; i++) {
                alpha[i] = binv[i * m + r];
            }
            return alpha;
        }
        double[] a = j < n ? cols[j] : y;
        for (int i = 0; i < m; i++) {
            double s = 0;
            int row = i * m;
            for (int l = 0; l < m; l++) {
                s += binv[row + l] * a[l];
            }
            alpha[i] = s;
        }
        return alpha;
    }

    /** g = A^T pi over all features (one pass over the rows). */
    private void priceAllFeatures() {
        Arrays.fill(g, 0.0);
        for (int i = 0; i < m; i++) {
            double p = pi[i];
            if (p == 0) {
                continue;
            }
            double[] a = rows[i];
            for (int k = 0; k < n; k++) {
                g[k] += p * a[k];
            }
        }
    }

    /**
     * Primal simplex pivots until no reduced cost is below the tolerance.
     *
     * @return whether any pivot was made
     */
    private boolean primal() {
        boolean moved = false;
        candidateCount = 0;
        double[] d = new double[2];
        while (true) {
            if (sinceRefactor >= REFACTOR) {
                refactor();
            }
            long choice = enteringMinor(d);
            if (choice < 0) {
                choice = enteringFull(d);
                if (choice < 0) {
                    return moved;
                }
            }
            int q = (int) (choice >> 1);
            int sigma = (choice & 1) == 0 ? 1 : -1;
            double[] alpha = ftran(q);
            ratioTestAndPivot(q, sigma, alpha);
            moved = true;
        }
    }

    private static long encode(int j, int sigma) {
        return ((long) j << 1) | (sigma > 0 ? 0 : 1);
    }

    /** The best improving (column, direction) among the candidates and the bias and residual columns, or -1. */
    private long enteringMinor(double[] d) {
        long best = -1;
        double bestD = 0;
        int keep = 0;
        for (int t = 0; t < candidateCount; t++) {
            int j = candidate[t];
            if (position[j] >= 0) {
                continue;
            }
            reducedCosts(j, price(j), d);
            double tol = tolerance(j);
            if (d[0] < -tol || d[1] < -tol) {
                candidate[keep++] = j;
                if (d[0] < bestD) {
                    bestD = d[0];
                    best = encode(j, 1);
                }
                if (d[1] < bestD) {
                    bestD = d[1];
                    best = encode(j, -1);
                }
            }
        }
        candidateCount = keep;
        long slackBest = enteringNonFeature(d, bestD);
        return slackBest >= 0 ? slackBest : best;
    }

    /** The best improving bias or residual column if it beats {@code bound}, else -1. */
    private long enteringNonFeature(double[] d, double bound) {
        long best = -1;
        double bestD = bound;
        for (int j = bias; j < columns; j++) {
            if (position[j] >= 0) {
                continue;
            }
            reducedCosts(j, price(j), d);
            double tol = tolerance(j);
            if (d[0] < -tol && d[0] < bestD) {
                bestD = d[0];
                best = encode(j, 1);
            }
            if (d[1] < -tol && d[1] < bestD) {
                bestD = d[1];
                best = encode(j, -1);
            }
        }
        return best;
    }

    /** A full pricing pass: refills the candidates and returns the best improving (column, direction), or -1. */
    private long enteringFull(double[] d) {
        fullPricings++;
        priceAllFeatures();
        candidateCount = 0;
        long best = -1;
        double bestD = 0;
        for (int k = 0; k < n; k++) {
            if (position[k] >= 0) {
                continue;
            }
            double gk = g[k];
            double dk = 1.0 - Math.abs(gk);
            if (!(dk < -DUAL_TOL)) {
                continue;
            }
            if (dk < bestD) {
                bestD = dk;
                best = encode(k, gk > 0 ? 1 : -1);
            }
            // keep the most negative reduced costs (insertion into a short sorted list)
            int p;
            if (candidateCount < candidate.length) {
                p = candidateCount++;
            } else if (dk < candidateKey[candidateCount - 1]) {
                p = candidateCount - 1;
            } else {
                continue;
            }
            while (p > 0 && candidateKey[p - 1] > dk) {
                candidateKey[p] = candidateKey[p - 1];
                candidate[p] = candidate[p - 1];
                p--;
            }
            candidateKey[p] = dk;
            candidate[p] = k;
        }
        long slackBest = enteringNonFeature(d, bestD);
        return slackBest >= 0 ? slackBest : best;
    }

    /**
     * Moves the entering column q in direction sigma past every breakpoint at which the objective
     * still decreases, then pivots it in for the variable at the stopping breakpoint (Harris's
     * choice among the near-ties).
     */
    private void ratioTestAndPivot(int q, int sigma, double[] alpha) {
        double scale = 0;
        for (double a : alpha) {
            scale = Math.max(scale, Math.abs(a));
        }
        double tol = PIVOT_TOL * Math.max(1.0, scale);
        // breakpoints: basic i moving towards 0 (beta_i = sigma alpha_i is its rate of decrease)
        int count = 0;
        for (int i = 0; i < m; i++) {
            int j = head[i];
            if (j == bias) {
                continue;
            }
            double beta = sigma * alpha[i];
            if (side[i] * beta > tol) {
                ratio[i] = Math.max(0.0, xB[i] / beta);
                jump[i] = kink(j) * Math.abs(beta);
                order[count++] = i;
            }
        }
        // walk the breakpoints in increasing order (selection: usually only a few are passed)
        double slopeNow = sigma * (slope(q, sigma) - price(q));
        int stop = 0;
        while (stop < count) {
            int min = stop;
            for (int t = stop + 1; t < count; t++) {
                if (ratio[order[t]] < ratio[order[min]]) {
                    min = t;
                }
            }
            int i = order[min];
            order[min] = order[stop];
            order[stop] = i;
            if (!(slopeNow + jump[i] < 0)) {
                break;
            }
            slopeNow += jump[i];
            stop++;
        }
        if (stop == count) {
            throw new IllegalStateException(describe() + ": unbounded ray in column " + q
                    + ", impossible for an LP bounded below by 0 (numerical breakdown)");
        }
        // Harris: among the breakpoints from the stopping one on, the largest pivot within the tolerance
        double bound = Double.POSITIVE_INFINITY;
        for (int t = stop; t < count; t++) {
            int i = order[t];
            bound = Math.min(bound, (side[i] * xB[i] + PRIMAL_TOL) / Math.abs(alpha[i]));
        }
        int r = order[stop];
        double largest = 0;
        for (int t = stop; t < count; t++) {
            int i = order[t];
            if (ratio[i] <= bound && Math.abs(alpha[i]) > largest) {
                largest = Math.abs(alpha[i]);
                r = i;
            }
        }
        double theta = ratio[r];
        // passed breakpoints change side: their slopes, and so pi, change
        for (int t = 0; t < stop; t++) {
            int i = order[t];
            int j = head[i];
            double delta = slope(j, -side[i]) - slope(j, side[i]);
            side[i] = -side[i];
            int row = i * m;
            for (int l = 0; l < m; l++) {
                pi[l] += delta * binv[row + l];
            }
            flips++;
        }
        double dq = slope(q, sigma) - price(q);
        pivot(r, q, sigma, alpha, theta, dq);
    }

    /** Column q enters at row r with value sigma theta; alpha = B^-1 a_q, dq = its cost on side sigma - pi · a_q. */
    private void pivot(int r, int q, int sigma, double[] alpha, double theta, double dq) {
        if (pivots >= maxPivots) {
            throw new IllegalStateException(describe() + ": no optimum after " + pivots + " simplex pivots");
        }
        double step = sigma * theta;
        for (int i = 0; i < m; i++) {
            xB[i] -= step * alpha[i];
        }
        xB[r] = step;
        double ar = alpha[r];
        int rowR = r * m;
        for (int l = 0; l < m; l++) {
            binv[rowR + l] /= ar;
        }
        for (int i = 0; i < m; i++) {
            double f = alpha[i];
            if (i == r || f == 0) {
                continue;
            }
            int row = i * m;
            for (int l = 0; l < m; l++) {
                binv[row + l] -= f * binv[rowR + l];
            }
        }
        for (int l = 0; l < m; l++) {
            pi[l] += dq * binv[rowR + l];
        }
        position[head[r]] = -1;
        head[r] = q;
        position[q] = r;
        side[r] = sigma;
        pivots++;
        sinceRefactor++;
    }

    /**
     * Gives every basic variable the slope of the side it is on (beyond the tolerance) and
     * recomputes pi when any changed.
     *
     * @return whether a side changed
     */
    private boolean resyncSides() {
        boolean changed = false;
        for (int i = 0; i < m; i++) {
            if (head[i] != bias && side[i] * xB[i] < -PRIMAL_TOL) {
                side[i] = -side[i];
                changed = true;
                flips++;
            }
        }
        if (changed) {
            computePi();
        }
        return changed;
    }

    /**
     * Recomputes B^-1, x_B = B^-1 rhs and pi = c_B^T B^-1. The residual columns of the basis are
     * unit vectors e_i: with R the rows they cover and F the other (weight and bias) columns, B is
     * [[F_Rc, 0], [F_R, I]] up to permutations, so B^-1 = [[G, 0], [-F_R G, I]] with
     * G = F_Rc^-1, a p x p inverse (p = |F|, Gauss-Jordan with partial pivoting): m p^2 work
     * instead of m^3.
     */
    private void refactor() {
        int[] fPos = new int[m];
        int p = 0;
        boolean[] covered = new boolean[m];
        for (int pos = 0; pos < m; pos++) {
            int j = head[pos];
            if (j >= r0) {
                covered[j - r0] = true;
            } else {
                fPos[p++] = pos;
            }
        }
        int[] rc = new int[p];
        int count = 0;
        for (int i = 0; i < m; i++) {
            if (!covered[i]) {
                rc[count++] = i;
            }
        }
        // f = F_Rc (p x p): entry (a, b) = column fPos[b] at row rc[a]
        double[] f = new double[p * p];
        for (int b = 0; b < p; b++) {
            double[] col = head[fPos[b]] == bias ? y : cols[head[fPos[b]]];
            for (int a = 0; a < p; a++) {
                f[a * p + b] = col[rc[a]];
            }
        }
        double[] inv = invert(f, p);
        Arrays.fill(binv, 0.0);
        // rows of the F variables: G on the columns Rc
        for (int b = 0; b < p; b++) {
            int row = fPos[b] * m;
            for (int a = 0; a < p; a++) {
                binv[row + rc[a]] = inv[b * p + a];
            }
        }
        // rows of the residuals r_i: e_i on column i, -F_i G on the columns Rc
        double[] fi = new double[p];
        for (int pos = 0; pos < m; pos++) {
            int j = head[pos];
            if (j < r0) {
                continue;
            }
            int i = j - r0;
            int row = pos * m;
            binv[row + i] = 1.0;
            for (int b = 0; b < p; b++) {
                fi[b] = head[fPos[b]] == bias ? y[i] : cols[head[fPos[b]]][i];
            }
            for (int b = 0; b < p; b++) {
                double v = fi[b];
                if (v == 0) {
                    continue;
                }
                int gRow = b * p;
                for (int a = 0; a < p; a++) {
                    binv[row + rc[a]] -= v * inv[gRow + a];
                }
            }
        }
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int l = 0; l < m; l++) {
                s += binv[i * m + l] * rhs[l];
            }
            xB[i] = s;
        }
        computePi();
        sinceRefactor = 0;
    }

    /** The inverse of the p x p row-major matrix a (overwritten), by Gauss-Jordan with partial pivoting. */
    private double[] invert(double[] a, int p) {
        double[] inv = new double[p * p];
        for (int i = 0; i < p; i++) {
            inv[i * p + i] = 1.0;
        }
        for (int col = 0; col < p; col++) {
            int best = col;
            double max = Math.abs(a[col * p + col]);
            for (int i = col + 1; i < p; i++) {
                double v = Math.abs(a[i * p + col]);
                if (v > max) {
                    max = v;
                    best = i;
                }
            }
            if (!(max > 1e-13)) {
                throw new IllegalStateException(describe() + ": the simplex basis became singular after "
                        + pivots + " pivots");
            }
            if (best != col) {
                swapRows(a, p, col, best);
                swapRows(inv, p, col, best);
            }
            double scale = 1.0 / a[col * p + col];
            for (int l = 0; l < p; l++) {
                a[col * p + l] *= scale;
                inv[col * p + l] *= scale;
            }
            for (int i = 0; i < p; i++) {
                double v = a[i * p + col];
                if (i == col || v == 0) {
                    continue;
                }
                for (int l = col; l < p; l++) {
                    a[i * p + l] -= v * a[col * p + l];
                }
                for (int l = 0; l < p; l++) {
                    inv[i * p + l] -= v * inv[col * p + l];
                }
            }
        }
        return inv;
    }

    private void computePi() {
        Arrays.fill(pi, 0.0);
        for (int p = 0; p < m; p++) {
            double cb = slope(head[p], side[p]);
            if (cb == 0) {
                continue;
            }
            for (int l = 0; l < m; l++) {
                pi[l] += cb * binv[p * m + l];
            }
        }
    }

    private static void swapRows(double[] a, int p, int i, int j) {
        for (int l = 0; l < p; l++) {
            double t = a[i * p + l];
            a[i * p + l] = a[j * p + l];
            a[j * p + l] = t;
        }
    }
}
