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
 *       delta = 1: the simplex) or a step of a CCCP procedure.</li>
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
    }

    private SvmProblem(KernelMatrix kernel, double[] y, double[] p, double[] upper, double delta) {
        this.kernel = kernel;
        this.y = y;
        this.c = upper;
        this.loss = SvmLoss.HINGE;
        this.p = p;
        this.upper = upper;
        this.delta = delta;
        this.svm = false;
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
        if (!Double.isFinite(delta)) {
            throw new IllegalArgumentException("delta must be finite, got " + delta);
        }
        return new SvmProblem(kernel, y.clone(), linear.clone(), upper.clone(), delta);
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

    /** The right-hand side delta of y'a = delta (0 for an SVM). */
    public double delta() {
        return delta;
    }

    /** True for the binary SVM dual (p = -e, delta = 0), false for a problem made by {@link #dual}. */
    public boolean isSvm() {
        return svm;
    }
}
