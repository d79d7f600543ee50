package dev.kernelkit.cvm;

import java.util.Arrays;

/**
 * Sequential minimal optimisation over the probability simplex for the core-set MEB dual
 * (spec §3.3 item 8, LibCVM's {@code Solver_Lag}):
 *
 * <pre>
 *   min_a  f(a) = 1/2 a'Qa - 1/2 v'a   s.t.  a &ge; 0, 1'a = 1
 * </pre>
 *
 * (half of min a'Qa - a'v). Gradient G = Qa - v/2 is kept up to date. Each step takes
 * i = argmin_t G_t (the variable to increase) and, among a_j &gt; 0 with G_j &gt; G_i, the j that
 * maximises the second-order gain (G_j - G_i)^2 / P_ij with P_ij = Q_ii + Q_jj - 2 Q_ij (TAU when
 * P_ij &le; 0), then moves mass delta = min((G_j - G_i) / P_ij, a_j) from j to i. It stops when the
 * Frank–Wolfe duality gap a'G - min_t G_t is below the tolerance. By convexity
 * f(a) - f* &le; G'(a - a*) &le; a'G - min_t G_t, so the gap bounds f(a) - f* from above; in MEB terms
 * it is half the excess max_{t in S} d_t^2 - R^2 of the furthest core point over the current
 * radius (d_t^2 = ||c||^2 - 2 G_t), i.e. with gap &le; tol every core point lies within
 * R^2 + 2 tol of the centre. It is never larger than the pairwise KKT gap
 * max_{a_j &gt; 0} G_j - min_t G_t (which needs every support point to be tight, not just the
 * a-weighted average) and is usually far smaller on ill-conditioned core sets.
 *
 * <p>The core set only grows by appending ({@link #add}); every solve warm-starts from the previous
 * a with a = 0 on the new point. Storage (the many-core-vector regime, e.g. a9a with more than
 * 10,000 core vectors): Q is kept as one row per core position in 32-bit floats, as LibCVM does,
 * each row with its own capacity grown by a quarter when the core set outgrows it (about
 * 4.5 |S|^2 bytes, 0.76 GB at 13,000 core vectors; the earlier s x power-of-two doubles took
 * 2 GB). The diagonal (which carries the 1/C term, too small for a float next to k + 1 at large
 * C) is kept in double: the gradient update adds the difference between the double diagonal and
 * its float copy in the row, so the iteration is exactly SMO on Q with float off-diagonal
 * entries. G and a are doubles. Not thread-safe.
 */
final class SimplexSmo {
    private static final double TAU = 1e-12;

    private float[][] q = new float[16][];
    private double[] alpha = new double[16];
    private double[] grad = new double[16];
    private double[] v = new double[16];
    private double[] qd = new double[16];
    /** qd - (float) qd: what the float diagonal entry in the row misses. */
    private double[] qdErr = new double[16];
    private int size;

    /** Result of one {@link #solve}: iterations and the final gap. */
    record Stats(long iterations, double gap, boolean converged) {
    }

    int size() {
        return size;
    }

    double alpha(int a) {
        return alpha[a];
    }

    double[] alphas() {
        return Arrays.copyOf(alpha, size);
    }

    /** The live weight array (length &ge; size; entries past size are 0). Callers must not modify it. */
    double[] alphaView() {
        return alpha;
    }

    /** Q_ab of two core positions as the solver uses it (double diagonal, float off-diagonal). */
    double get(int a, int b) {
        return a == b ? qd[a] : q[a][b];
    }

    /**
     * Appends a point with a = 0.
     *
     * @param row K~ between the new point and the current core positions 0..size-1 (at least size
     *        entries; float, as stored)
     * @param diag K~ of the new point with itself
     * @param offset its linear term v
     */
    void add(float[] row, double diag, double offset) {
        int s = size;
        if (s == q.length) {
            int cap = s + Math.max(16, s / 4);
            q = Arrays.copyOf(q, cap);
            alpha = Arrays.copyOf(alpha, cap);
            grad = Arrays.copyOf(grad, cap);
            v = Arrays.copyOf(v, cap);
            qd = Arrays.copyOf(qd, cap);
            qdErr = Arrays.copyOf(qdErr, cap);
        }
        float[] r = new float[capacity(s + 1)];
        System.arraycopy(row, 0, r, 0, s);
        r[s] = (float) diag;
        q[s] = r;
        qd[s] = diag;
        qdErr[s] = diag - (float) diag;
        for (int t = 0; t < s; t++) {
            float[] qt = q[t];
            if (qt.length <= s) {
                qt = Arrays.copyOf(qt, capacity(s + 1));
                q[t] = qt;
            }
            qt[s] = row[t];
        }
        double g = -0.5 * offset;
        for (int j = 0; j < s; j++) {
            g += alpha[j] * r[j];
        }
        grad[s] = g;
        alpha[s] = 0.0;
        v[s] = offset;
        size = s + 1;
    }

    /** Row capacity for len columns: a quarter of head room. */
    private static int capacity(int len) {
        return len + Math.max(16, len / 4);
    }

    /** Sets a (length size, on the simplex) and recomputes the gradient. */
    void setAlpha(double[] a) {
        System.arraycopy(a, 0, alpha, 0, size);
        for (int t = 0; t < size; t++) {
            double g = -0.5 * v[t];
            for (int j = 0; j < size; j++) {
                g += get(t, j) * alpha[j];
            }
            grad[t] = g;
        }
    }

    /** (Qa)_a for a core position. */
    double qAlpha(int a) {
        return grad[a] + 0.5 * v[a];
    }

    /** a'Qa = ||c||^2. */
    double quadratic() {
        double s = 0.0;
        for (int t = 0; t < size; t++) {
            if (alpha[t] > 0) {
                s += alpha[t] * (grad[t] + 0.5 * v[t]);
            }
        }
        return s;
    }

    /** a'v. */
    double linear() {
        double s = 0.0;
        for (int t = 0; t < size; t++) {
            s += alpha[t] * v[t];
        }
        return s;
    }

    /** The squared radius a'v - a'Qa. */
    double radius2() {
        return linear() - quadratic();
    }

    /**
     * Runs SMO from the current a until the Frank–Wolfe gap a'G - min_t G_t is below {@code tol}.
     * The gradient update of one step, the search for the next i and the gap share one pass over
     * the core set.
     */
    Stats solve(double tol, long maxIterations) {
        long it = 0;
        int i = -1;
        double gMin = Double.POSITIVE_INFINITY;
        double aG = 0.0;
        for (int t = 0; t < size; t++) {
            double g = grad[t];
            if (g < gMin) {
                gMin = g;
                i = t;
            }
            aG += alpha[t] * g;
        }
        double gap = aG - gMin;
        while (gap >= tol && it < maxIterations) {
            int j = partner(i, gMin, 0.0);
            if (j < 0) {
                break;
            }
            double delta = step(i, j, gMin);
            float[] qi = q[i];
            float[] qj = q[j];
            int nextI = -1;
            gMin = Double.POSITIVE_INFINITY;
            aG = 0.0;
            for (int t = 0; t < size; t++) {
                double g = grad[t] + delta * (qi[t] - qj[t]);
                grad[t] = g;
                if (g < gMin) {
                    gMin = g;
                    nextI = t;
                }
                aG += alpha[t] * g;
            }
            i = nextI;
            gap = aG - gMin;
            it++;
        }
        return new Stats(it, gap, gap < tol);
    }

    /**
     * LibCVM's stopping rule ({@code Solver_Lag::Solve}, spec §3.3 item 8): the same steps, but a
     * pair is taken only when its gradient difference G_j - G_i is at least {@code tol} (pairwise
     * KKT gap), and the solve also stops when a step moves less than tol^2 in total
     * (|delta a_i| + |delta a_j|). Returns 0 iterations when no pair violates tol at the start;
     * the caller then lowers tol (LibCVM's dynamic tolerance).
     */
    Stats solvePairwise(double tol, long maxIterations) {
        long it = 0;
        double gap = 0.0;
        while (it < maxIterations) {
            int i = -1;
            double gMin = Double.POSITIVE_INFINITY;
            for (int t = 0; t < size; t++) {
                if (grad[t] < gMin) {
                    gMin = grad[t];
                    i = t;
                }
            }
            gap = 0.0;
            for (int t = 0; t < size; t++) {
                if (alpha[t] > 0 && grad[t] - gMin > gap) {
                    gap = grad[t] - gMin;
                }
            }
            int j = partner(i, gMin, tol);
            if (j < 0) {
                break;
            }
            double delta = step(i, j, gMin);
            float[] qi = q[i];
            float[] qj = q[j];
            for (int t = 0; t < size; t++) {
                grad[t] += delta * (qi[t] - qj[t]);
            }
            it++;
            if (2 * delta < tol * tol) {
                break;
            }
        }
        return new Stats(it, gap, gap < tol);
    }

    /** Curvature P_ij of the pair chosen by the last {@link #partner} call. */
    private double partnerCurvature;

    /**
     * The j with a_j &gt; 0 and G_j - G_i &gt;= minDiff (and &gt; 0) that maximises the second-order
     * gain (G_j - G_i)^2 / P_ij, or -1 when there is none; leaves P_ij in {@link #partnerCurvature}.
     */
    private int partner(int i, double gMin, double minDiff) {
        float[] qi = q[i];
        double qii = qd[i];
        int j = -1;
        double best = -1.0;
        double bestP = 1.0;
        for (int t = 0; t < size; t++) {
            if (alpha[t] > 0) {
                double diff = grad[t] - gMin;
                if (diff > 0 && diff >= minDiff) {
                    double p = qii + qd[t] - 2.0 * qi[t];
                    if (p <= 0) {
                        p = TAU;
                    }
                    double gain = diff * diff / p;
                    if (gain > best) {
                        best = gain;
                        j = t;
                        bestP = p;
                    }
                }
            }
        }
        partnerCurvature = bestP;
        return j;
    }

    /**
     * Moves delta = min((G_j - G_i) / P_ij, a_j) of weight from j to i and applies the diagonal
     * correction to G_i and G_j (the rows hold float diagonals: add what they miss of the double
     * ones); the caller adds delta (q_i - q_j) to the whole gradient. Returns delta.
     */
    private double step(int i, int j, double gMin) {
        double delta = (grad[j] - gMin) / partnerCurvature;
        if (delta >= alpha[j]) {
            delta = alpha[j];
            alpha[j] = 0.0;
        } else {
            alpha[j] -= delta;
        }
        alpha[i] += delta;
        grad[i] += delta * qdErr[i];
        grad[j] -= delta * qdErr[j];
        return delta;
    }
}
