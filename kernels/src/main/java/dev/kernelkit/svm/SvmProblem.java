package dev.kernelkit.svm;

import dev.kernelkit.gram.KernelMatrix;
import java.util.Arrays;
import java.util.Objects;

/**
 * A dual problem of LIBSVM's solver (Chang and Lin 2011, section 4.1) over a kernel matrix K:
 *
 * <pre>
 *   min_a  1/2 a'Qa + p'a   s.t.  y'a = delta,  0 &le; a_i &le; U_i,   Q_ij = y_i y_j K_ij (+ d_i on the diagonal)
 * </pre>
 *
 * <ul>
 *   <li>The binary SVM ({@link #SvmProblem(KernelMatrix, double[], double[], SvmLoss)}, {@link #of}):
 *       labels y in {-1, +1} of both classes, p = -e, delta = 0, per-sample C_i; U_i = C_i for the
 *       hinge loss, U_i = +infinity and d_i = 1/(2 C_i) for the squared hinge (see {@link SvmLoss}).</li>
 *   <li>The general problem ({@link #dual}): any linear term p, upper bounds U_i in (0, +infinity],
 *       signs y_i in {-1, +1} (one sign only is allowed) and right-hand side delta, no diagonal
 *       term; e.g. the MEB dual of a core vector machine (y = 1, p = -v/2, U = +infinity,
 *       delta = 1: the simplex).</li>
 *   <li>The grouped problem ({@link #grouped}): as the general one, but every variable belongs to one
 *       of G groups and each group has its own equality, sum_{t in group g} y_t a_t = delta_g. LIBSVM's
 *       nu-SVM dual is the case G = 2 (one group per sign); the dual of a step of MI-CCCP (Cheung and
 *       Kwok 2006) has one group for the hinge multipliers (y'a = 0) and one per bag (a scaled
 *       simplex). {@link SmoSolver} keeps the rows of such a problem in double precision.</li>
 * </ul>
 *
 * Immutable.
 */
public final class SvmProblem {
    private final KernelMatrix kernel;
    private final double[] y;
    private final double[] c;
    private final SvmLoss loss;
    private final double[] p;
    private final double[] upper;
    private final double delta;
    private final boolean svm;
    /** The group of each variable (null for one equality), and each group's right-hand side. */
    private final int[] group;
    private final double[] groupDelta;

    /**
     * The binary SVM dual.
     *
     * @throws IllegalArgumentException when sizes differ, a label is not +1/-1, a C_i is not a
     *         positive finite number, or only one class is present
     */
    public SvmProblem(KernelMatrix kernel, double[] y, double[] c, SvmLoss loss) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.loss = Objects.requireNonNull(loss, "loss");
        int n = kernel.size();
        if (y.length != n || c.length != n) {
            throw new IllegalArgumentException("expected " + n + " labels and costs, found "
                    + y.length + " labels and " + c.length + " costs");
        }
        boolean pos = false, neg = false;
        for (int i = 0; i < n; i++) {
            if (y[i] == 1.0) {
                pos = true;
            } else if (y[i] == -1.0) {
                neg = true;
            } else {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
            if (!(c[i] > 0) || !Double.isFinite(c[i])) {
                throw new IllegalArgumentException("C of sample " + i + " must be > 0 and finite, got " + c[i]);
            }
        }
        if (!pos || !neg) {
            throw new IllegalArgumentException("an SVM needs both classes, got only " + (pos ? "+1" : "-1"));
        }
        this.y = y.clone();
        this.c = c.clone();
        this.p = new double[n];
        Arrays.fill(p, -1.0);
        this.upper = new double[n];
        for (int i = 0; i < n; i++) {
            upper[i] = loss == SvmLoss.SQUARED_HINGE ? Double.POSITIVE_INFINITY : c[i];
        }
        this.delta = 0.0;
        this.svm = true;
        this.group = null;
        this.groupDelta = null;
    }

    private SvmProblem(KernelMatrix kernel, double[] y, double[] p, double[] upper, double delta, int[] group,
                       double[] groupDelta) {
        this.kernel = kernel;
        this.y = y;
        this.c = upper;
        this.loss = SvmLoss.HINGE;
        this.p = p;
        this.upper = upper;
        this.delta = delta;
        this.svm = false;
        this.group = group;
        this.groupDelta = groupDelta;
    }

    /** The binary SVM dual with the same C for every sample. */
    public static SvmProblem of(KernelMatrix kernel, double[] y, double c, SvmLoss loss) {
        double[] cs = new double[y.length];
        Arrays.fill(cs, c);
        return new SvmProblem(kernel, y, cs, loss);
    }

    /**
     * The general dual min 1/2 a'Qa + p'a s.t. y'a = delta, 0 &le; a_i &le; U_i with Q_ij = y_i y_j K_ij.
     * {@link SmoSolver} needs a feasible start when delta &ne; 0 (a = 0 is feasible otherwise).
     *
     * @param kernel K
     * @param y signs y_i in {-1, +1} (one sign for all is allowed)
     * @param linear the linear term p (finite)
     * @param upper the upper bounds U_i &gt; 0 (+infinity for none)
     * @param delta the right-hand side of y'a = delta (finite)
     * @throws IllegalArgumentException naming the first entry that breaks these rules, or the sizes
     */
    public static SvmProblem dual(KernelMatrix kernel, double[] y, double[] linear, double[] upper, double delta) {
        checkTerms(kernel, y, linear, upper);
        if (!Double.isFinite(delta)) {
            throw new IllegalArgumentException("delta must be finite, got " + delta);
        }
        return new SvmProblem(kernel, y.clone(), linear.clone(), upper.clone(), delta, null, null);
    }

    /**
     * The grouped dual min 1/2 a'Qa + p'a s.t. sum_{t : group_t = g} y_t a_t = delta_g for every group g,
     * 0 &le; a_i &le; U_i, with Q_ij = y_i y_j K_ij. {@link SmoSolver} needs a feasible start unless every
     * delta_g is 0, moves pairs of variables inside one group, and stops when no group has a pair that
     * violates the KKT conditions by eps or more.
     *
     * @param kernel K
     * @param y signs y_i in {-1, +1}
     * @param group the group g_i in [0, G) of each variable; every group has at least one variable
     * @param linear the linear term p (finite)
     * @param upper the upper bounds U_i &gt; 0 (+infinity for none)
     * @param delta the right-hand sides delta_g, one per group (finite)
     * @throws IllegalArgumentException naming the first entry that breaks these rules, or the sizes
     */
    public static SvmProblem grouped(KernelMatrix kernel, double[] y, int[] group, double[] linear, double[] upper,
                                     double[] delta) {
        checkTerms(kernel, y, linear, upper);
        int n = y.length;
        if (group.length != n) {
            throw new IllegalArgumentException("expected " + n + " group indices, found " + group.length);
        }
        if (delta.length == 0) {
            throw new IllegalArgumentException("a grouped problem needs at least one group, got none");
        }
        int[] count = new int[delta.length];
        for (int i = 0; i < n; i++) {
            if (group[i] < 0 || group[i] >= delta.length) {
                throw new IllegalArgumentException("group_" + i + " must be in [0, " + delta.length + "), got " + group[i]);
            }
            count[group[i]]++;
        }
        for (int g = 0; g < delta.length; g++) {
            if (!Double.isFinite(delta[g])) {
                throw new IllegalArgumentException("delta_" + g + " must be finite, got " + delta[g]);
            }
            if (count[g] == 0) {
                throw new IllegalArgumentException("group " + g + " has no variable");
            }
        }
        return new SvmProblem(kernel, y.clone(), linear.clone(), upper.clone(), 0.0, group.clone(), delta.clone());
    }

    private static void checkTerms(KernelMatrix kernel, double[] y, double[] linear, double[] upper) {
        Objects.requireNonNull(kernel, "kernel");
        int n = kernel.size();
        if (y.length != n || linear.length != n || upper.length != n) {
            throw new IllegalArgumentException("expected " + n + " signs, linear terms and upper bounds, found "
                    + y.length + ", " + linear.length + " and " + upper.length);
        }
        for (int i = 0; i < n; i++) {
            if (y[i] != 1.0 && y[i] != -1.0) {
                throw new IllegalArgumentException("y_" + i + " must be +1 or -1, got " + y[i]);
            }
            if (!Double.isFinite(linear[i])) {
                throw new IllegalArgumentException("linear term p_" + i + " must be finite, got " + linear[i]);
            }
            if (!(upper[i] > 0)) {
                throw new IllegalArgumentException("upper bound U_" + i + " must be > 0 (+infinity for none), got "
                        + upper[i]);
            }
        }
    }

    /** The kernel matrix K. */
    public KernelMatrix kernel() {
        return kernel;
    }

    /** Number of samples n. */
    public int size() {
        return y.length;
    }

    /** Label (sign) y_i. */
    public double y(int i) {
        return y[i];
    }

    /** Cost C_i of an SVM problem; the upper bound U_i of a general one. */
    public double c(int i) {
        return c[i];
    }

    /** A copy of the labels. */
    public double[] labels() {
        return y.clone();
    }

    /** A copy of the costs ({@link #c(int)}). */
    public double[] costs() {
        return c.clone();
    }

    /** The loss of an SVM problem; {@link SvmLoss#HINGE} (no diagonal term) for a general one. */
    public SvmLoss loss() {
        return loss;
    }

    /** The linear term p_i (-1 for an SVM). */
    public double linear(int i) {
        return p[i];
    }

    /** The upper bound U_i (C_i for the hinge loss, +infinity for the squared hinge). */
    public double upper(int i) {
        return upper[i];
    }

    /** The right-hand side delta of y'a = delta (0 for an SVM; 0 for a grouped problem, see {@link #delta(int)}). */
    public double delta() {
        return delta;
    }

    /** True for a problem made by {@link #grouped}: one equality per group. */
    public boolean isGrouped() {
        return group != null;
    }

    /** The number of equalities: the groups of a grouped problem, else 1. */
    public int groups() {
        return group == null ? 1 : groupDelta.length;
    }

    /** The group of variable i (0 unless the problem is grouped). */
    public int group(int i) {
        return group == null ? 0 : group[i];
    }

    /** The right-hand side of group g's equality ({@link #delta()} for the one group of an ungrouped problem). */
    public double delta(int g) {
        if (group == null) {
            if (g != 0) {
                throw new IndexOutOfBoundsException("an ungrouped problem has group 0 only, got " + g);
            }
            return delta;
        }
        return groupDelta[g];
    }

    /** True for the binary SVM dual (p = -e, delta = 0), false for a problem made by {@link #dual}. */
    public boolean isSvm() {
        return svm;
    }
}
