package dev.kernelkit.svm;

/**
 * A dual problem of {@link SmoSolver} whose variables are appended one at a time and which is
 * re-solved, warm, after each addition:
 *
 * <pre>
 *   min_a  1/2 a'Qa + p'a   s.t.  y'a = delta,  0 &le; a_i &le; U_i
 * </pre>
 *
 * over the variables added so far. This is the core-set QP of a core vector machine (Tsang, Kwok
 * and Cheung, JMLR 6:363–392, 2005): the dual of the minimum enclosing ball of the core set,
 * max a'v - a'K~a over the simplex, is min 1/2 a'Qa + p'a with Q = K~, p = -v/2, y = 1,
 * U = +infinity and delta = 1, and the core set only grows by appending (a = 0 on the new point,
 * as LibCVM's {@code Solver_Lag} does).
 *
 * <p>Rows of Q are given by the caller (entries include the signs, Q_ij = y_i y_j K_ij) and kept as
 * 32-bit floats, as LIBSVM and LibCVM keep theirs, each row with a quarter of head room (about
 * 4.5 |S|^2 bytes for |S| variables). The diagonal is kept in double as well, and the loop adds
 * what a row's float diagonal misses of it to G_i, G_j after each step, so the iteration is exactly
 * SMO on Q with float off-diagonal entries: a small diagonal term (the 1/C of a CVM at large C,
 * below a float's resolution next to k + 1) still counts. The state (a, G) persists between solves;
 * {@link #add} computes the new entry of G from its row. Not thread-safe.
 */
public final class GrowingDualProblem {
    private final SmoSolver.Run run;
    private boolean simplex = true;

    /**
     * An empty problem with right-hand side delta.
     *
     * @throws IllegalArgumentException for a delta that is not finite
     */
    public GrowingDualProblem(double delta) {
        if (!Double.isFinite(delta)) {
            throw new IllegalArgumentException("delta must be finite, got " + delta);
        }
        this.run = new SmoSolver.Run(delta);
        this.simplex = delta > 0;
    }

    SmoSolver.Run run() {
        return run;
    }

    /** True when the problem is over a simplex {a &ge; 0, 1'a = delta}: every y_i = 1, no upper bound, delta &gt; 0. */
    public boolean isSimplex() {
        return simplex;
    }

    /** The number of variables. */
    public int size() {
        return run.size();
    }

    /** The right-hand side delta of y'a = delta. */
    public double delta() {
        return run.delta();
    }

    /** Appends a variable of a simplex problem (y = 1, no upper bound) with a = 0; see {@link #add(float[], double, double, double, double)}. */
    public void add(float[] row, double diagonal, double linear) {
        add(row, diagonal, linear, 1.0, Double.POSITIVE_INFINITY);
    }

    /**
     * Appends variable s = {@link #size()} with a_s = 0.
     *
     * @param row Q_{s,t} for the variables t &lt; s (at least s entries; only those are read)
     * @param diagonal Q_ss (finite)
     * @param linear p_s (finite)
     * @param y y_s, +1 or -1
     * @param upper U_s &gt; 0, +infinity for none
     * @throws IllegalArgumentException naming the value that breaks these rules
     */
    public void add(float[] row, double diagonal, double linear, double y, double upper) {
        int s = size();
        if (row.length < s) {
            throw new IllegalArgumentException("row must have at least " + s + " entries, found " + row.length);
        }
        if (!Double.isFinite(diagonal) || !Double.isFinite(linear)) {
            throw new IllegalArgumentException("diagonal and linear term must be finite, got " + diagonal + " and " + linear);
        }
        if (y != 1.0 && y != -1.0) {
            throw new IllegalArgumentException("y must be +1 or -1, got " + y);
        }
        if (!(upper > 0)) {
            throw new IllegalArgumentException("upper bound must be > 0 (+infinity for none), got " + upper);
        }
        simplex &= y == 1.0 && upper == Double.POSITIVE_INFINITY;
        run.append(row, diagonal, linear, y, upper);
    }

    /**
     * Sets alpha (for instance a uniform start over the first variables) and recomputes G = Qa + p.
     *
     * @param alpha one value per variable, within its bounds, with y'a = delta to 1e-12 relative
     * @throws IllegalArgumentException when alpha is not feasible
     */
    public void setAlpha(double[] alpha) {
        run.setAlpha(alpha);
    }

    /** a_i. */
    public double alpha(int i) {
        return run.alpha(i);
    }

    /** A copy of alpha. */
    public double[] alphas() {
        return run.alphas();
    }

    /** G_i = (Qa)_i + p_i, as the solver keeps it. */
    public double gradient(int i) {
        return run.gradient(i);
    }

    /** Q_ij as the solver uses it: the double diagonal, float off-diagonal entries. */
    public double entry(int i, int j) {
        return run.entry(i, j);
    }

    /** (Qa)_i = G_i - p_i. */
    public double qAlpha(int i) {
        return run.gradient(i) - run.linear(i);
    }

    /** a'Qa, from G (sum over a_i &gt; 0 of a_i (G_i - p_i)). */
    public double quadratic() {
        double s = 0.0;
        for (int t = 0; t < run.size(); t++) {
            double a = run.alpha(t);
            if (a > 0) {
                s += a * (run.gradient(t) - run.linear(t));
            }
        }
        return s;
    }

    /** p'a. */
    public double linearValue() {
        double s = 0.0;
        for (int t = 0; t < run.size(); t++) {
            s += run.alpha(t) * run.linear(t);
        }
        return s;
    }

    /** The objective 1/2 a'Qa + p'a. */
    public double objective() {
        return 0.5 * quadratic() + linearValue();
    }

    @Override
    public String toString() {
        return "GrowingDualProblem(n=" + size() + ", delta=" + delta() + (simplex ? ", simplex" : "") + ")";
    }
}
