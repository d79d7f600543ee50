package dev.kernelkit.svm;

import dev.kernelkit.gram.KernelMatrix;

/**
 * Sequential minimal optimisation for the dual problems of LIBSVM's solver (Fan, Chen and Lin,
 * "Working set selection using second order information for training SVM", JMLR 6, 2005; Chang
 * and Lin, "LIBSVM: a library for support vector machines", 2011, sections 4.1-4.1.3):
 *
 * <pre>
 *   min_a  f(a) = 1/2 a'Qa + p'a   s.t.  y'a = delta,  0 &le; a_i &le; U_i,   y_i in {-1, +1}
 * </pre>
 *
 * The binary SVM is p = -e, delta = 0, Q_ij = y_i y_j K_ij and U_i = C_i for the hinge loss, and
 * Q + diag(1/(2 C_i)), U_i = +infinity for the squared hinge (a variable is then never "at its upper
 * bound"); {@link SvmProblem#dual} gives any p, U and delta over a kernel matrix, and a
 * {@link GrowingDualProblem} a problem whose variables are appended one at a time with their rows
 * of Q (the core-set QP of a core vector machine: y = 1, U = +infinity, delta = 1, the simplex), and
 * {@link SvmProblem#grouped} one equality per group of variables (the step of MI-CCCP). There is one
 * SMO loop for all of them.
 *
 * <p>Symbols: G = grad f(a) = Qa + p; I_up = {t : a_t &lt; U_t, y_t = 1 or a_t &gt; 0, y_t = -1},
 * I_low the reverse; m(a) = max_{I_up} -y_t G_t, M(a) = min_{I_low} -y_t G_t. Each iteration picks
 * i = argmax m(a) and j by the second-order rule (WSS 2 of the paper, with tau = 1e-12 for
 * non-positive curvature), solves the two-variable sub-problem analytically (moving along
 * y_i a_i + y_j a_j = const, so y'a = delta stays as the start set it) and updates G with rows
 * Q_i, Q_j. It stops when m(a) - M(a) &lt; eps ({@link Stop.Rule#MAX_VIOLATION}, LIBSVM's rule and
 * the one of every {@link SvmProblem}); a growing problem may also stop on the Frank–Wolfe duality
 * gap or by LibCVM's pairwise rule ({@link Stop}). Shrinking (every min(n, 1000) iterations)
 * removes bounded variables that cannot move; their gradients are rebuilt from G_bar_i =
 * sum_{a_j = U_j} U_j Q_ij plus the free variables before the final check. The bias is b = -rho
 * with rho the mean of y_i G_i over free variables (the midpoint of the feasible interval when
 * there are none).
 *
 * <p>Kernel rows: the solver keeps its own LRU cache of Q rows, stored as {@code float} like
 * LIBSVM, restricted to the active set and bounded by {@link Options#cacheMb()}; shrinking swaps
 * indices inside the cache so rows of shrunk points are never computed. Rows are read with
 * {@link KernelMatrix#row(int, int[], int, double[])}, which lazy matrices compute on the fly. A
 * growing problem holds its own float rows and its diagonal in double (see there).
 *
 * <p>A growing problem over a simplex (every y = 1, no upper bounds: the core-set QP) runs the same
 * loop with its two passes over the variables reduced to what that problem needs (no signs, no
 * bound sets: i is the first smallest G_t, j is chosen among a_t &gt; 0, ties to the first index),
 * and a step that moves mass m from j to i updates G += m (Q_i - Q_j) with the row difference in
 * float, as LibCVM's {@code Solver_Lag} and this project's earlier dedicated simplex SMO did: core
 * vector machines give the same results as with that solver, bit for bit, at the same speed.
 *
 * <p>A grouped problem ({@link SvmProblem#grouped}: one equality sum_{t in g} y_t a_t = delta_g per group
 * g, LIBSVM's nu-SVM solver being the case of two groups) runs the same loop with the selection made
 * per group: m_g and M_g are m(a) and M(a) over the variables of group g, the group with the largest
 * violation m_g - M_g is worked on (i its argmax, j by WSS 2 inside it, so every equality stays as the
 * start set it), and the solve stops when max_g (m_g - M_g) &lt; eps. Its rows are kept in double
 * precision ({@code DoubleRowCache}, within {@link Options#cacheMb()}): with float rows each G_t carries
 * an error of about 6e-8 sum_s |Q_ts a_s|, and on the first step of MI-CCCP on 16 random bags (C 5,
 * lambda 10, multipliers up to 50) the loop with float off-diagonal entries ended its 10^7 pairs at a
 * violation of 4-8e-7 on three seeds, where the double rows reach the tolerance 1e-7 on all three (the
 * slowest, seed 23, after 1.05 million pairs). It is never shrunk: on a step of MI-CCCP (Fox, 1,536 variables in 181 groups) LIBSVM's
 * shrinking rule applied per group took 3.7 times as many pair steps (595,510 against 160,628). A
 * grouped problem needs a feasible start unless every delta_g is 0; its {@link SvmSolution#bias()} is
 * -rho of group 0 and {@link SvmSolution#groupRho(int)} gives rho_g of every group (computed per group as
 * LIBSVM's Solver_NU does: for nu-SVC with group 0 the positive and group 1 the negative class, r_1 = rho_0
 * and r_2 = -rho_1).
 *
 * <p>A grouped problem with two groups that are the two signs (group 0 every y = +1, group 1 every y = -1: the
 * nu-SVC dual of {@link NuSvm}) is solved as LIBSVM's {@code Solver_NU} does, on the float rows and with the
 * shrinking of the ungrouped loop: i_+ and i_- are the argmax of -y_t G_t over I_up within each sign, j is chosen by
 * WSS 2 among I_low of both signs (each against the i of its sign), the solve stops when max_s (m_s - M_s) &lt; eps,
 * a bounded variable is shrunk by Solver_NU's rule (it cannot join a violating pair of its own sign), and rho_g
 * is computed per sign (the double rows without shrinking of the general grouped path cost a nu-SVC on tens of
 * thousands of points full double rows and every variable in every pass; they are kept for other groups).
 *
 * <p>A warm start alpha of a problem with delta = 0 is projected to the feasible set: clipped to
 * [0, U_i], then y'a = 0 is restored by scaling the alphas of the class with the larger sum down to
 * the other class's sum (an imbalance below 1e-12 relative is rounding and left alone); a problem
 * with delta &ne; 0 needs a feasible start (checked, as LIBSVM's solver takes one). The gradient is
 * then computed from it, from the kernel rows of its non-zero entries or from products a caller
 * supplies ({@link #solve(SvmProblem, double[], KernelProducts)}). Not thread-safe per call state;
 * one instance may be shared (each {@link #solve} call of an {@link SvmProblem} has its own state; a
 * growing problem keeps its state between solves).
 */
public final class SmoSolver implements SvmSolver {
    private static final System.Logger LOG = System.getLogger(SmoSolver.class.getName());
    private static final double TAU = 1e-12;

    /**
     * Options of {@link SmoSolver}; the defaults are LIBSVM's ({@code -e 0.001 -h 1 -m 200}).
     *
     * @param eps stopping tolerance on the KKT gap m(a) - M(a), &gt; 0 (LIBSVM default 1e-3)
     * @param shrinking whether to shrink the active set (LIBSVM default on)
     * @param maxIterations iteration cap, &ge; 0; 0 means LIBSVM's max(10^7, 100 n)
     * @param cacheMb size of the Q-row cache in megabytes (2^20 bytes), &gt; 0 (LIBSVM default 100,
     *        ours 200); at least two full rows are always kept
     */
    public record Options(double eps, boolean shrinking, long maxIterations, double cacheMb) {
        /** @throws IllegalArgumentException naming the option and the value out of range */
        public Options {
            if (!(eps > 0) || !Double.isFinite(eps)) {
                throw new IllegalArgumentException("eps must be > 0 and finite, got " + eps);
            }
            if (maxIterations < 0) {
                throw new IllegalArgumentException("maxIterations must be >= 0 (0 = automatic), got " + maxIterations);
            }
            if (!(cacheMb > 0) || !Double.isFinite(cacheMb)) {
                throw new IllegalArgumentException("cacheMb must be > 0 and finite, got " + cacheMb);
            }
        }

        /** eps = 1e-3, shrinking on, automatic iteration cap, 200 MB cache. */
        public static Options defaults() {
            return new Options(1e-3, true, 0, 200);
        }

        /** A copy with another tolerance. */
        public Options withEps(double value) {
            return new Options(value, shrinking, maxIterations, cacheMb);
        }

        /** A copy with shrinking on or off. */
        public Options withShrinking(boolean value) {
            return new Options(eps, value, maxIterations, cacheMb);
        }

        /** A copy with another iteration cap (0 = automatic). */
        public Options withMaxIterations(long value) {
            return new Options(eps, shrinking, value, cacheMb);
        }

        /** A copy with another cache size. */
        public Options withCacheMb(double value) {
            return new Options(eps, shrinking, maxIterations, value);
        }

        /** The iteration cap for n samples: {@link #maxIterations()} or max(10^7, 100 n). */
        public long iterationCap(int n) {
            return maxIterations > 0 ? maxIterations : Math.max(10_000_000L, 100L * n);
        }
    }

    /**
     * When a solve of a {@link GrowingDualProblem} stops (an {@link SvmProblem} always stops by
     * {@link Rule#MAX_VIOLATION} at {@link Options#eps()}).
     *
     * @param rule the stopping rule
     * @param tolerance its tolerance, &gt; 0
     */
    public record Stop(Rule rule, double tolerance) {
        /** The stopping rules. */
        public enum Rule {
            /** LIBSVM's: the maximal violation m(a) - M(a) is below the tolerance. */
            MAX_VIOLATION,
            /**
             * The Frank–Wolfe duality gap a'G - delta min_t G_t is below the tolerance; for problems over
             * the simplex {a &ge; 0, 1'a = delta} only (every y_i = 1, no upper bounds). By convexity
             * f(a) - f* &le; G'(a - a*) &le; a'G - delta min_t G_t, so the gap bounds the objective error;
             * it is never larger than delta (m(a) - M(a)) and often far smaller.
             */
            FRANK_WOLFE_GAP,
            /**
             * LibCVM 2.2's ({@code Solver_Lag}): only a pair violating by at least the tolerance is
             * worked on (j is chosen among those), the solve ends when there is none, and also after a
             * step that moved less than tolerance^2 in total (|da_i| + |da_j|).
             */
            LIBCVM_PAIRWISE
        }

        /** @throws IllegalArgumentException for a null rule or a tolerance that is not &gt; 0 and finite */
        public Stop {
            if (rule == null) {
                throw new IllegalArgumentException("rule must not be null");
            }
            if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
                throw new IllegalArgumentException("tolerance must be > 0 and finite, got " + tolerance);
            }
        }
    }

    /**
     * What one solve of a {@link GrowingDualProblem} did.
     *
     * @param iterations SMO iterations (working-set updates)
     * @param gap the stopping rule's measure at the last check (m(a) - M(a), or the Frank–Wolfe gap)
     * @param converged whether the rule was met (not the iteration cap, nor LibCVM's small-step stop)
     */
    public record Outcome(long iterations, double gap, boolean converged) {
    }

    private final Options options;

    /** A solver with {@link Options#defaults()}. */
    public SmoSolver() {
        this(Options.defaults());
    }

    /** A solver with the given options. */
    public SmoSolver(Options options) {
        this.options = java.util.Objects.requireNonNull(options, "options");
    }

    /** The options. */
    public Options options() {
        return options;
    }

    @Override
    public SvmSolution solve(SvmProblem problem, double[] initialAlpha) {
        return new Run(problem, initialAlpha, options, null).solve();
    }

    /**
     * As {@link #solve(SvmProblem, double[])}, with the starting gradient built from products K(y o a) and
     * K(y o U o [a at its bound]) supplied by {@code products} rather than from the kernel rows of every
     * non-zero a_i (the same G and G_bar up to rounding; rows are still read for the iterations).
     * Falls back to rows when the supplier returns null.
     */
    public SvmSolution solve(SvmProblem problem, double[] initialAlpha, KernelProducts products) {
        return new Run(problem, initialAlpha, options, products).solve();
    }

    /**
     * Solves a growing problem from its current alpha (warm) until {@code stop} holds or the
     * iteration cap {@link Options#iterationCap} is reached; the problem keeps the new alpha and
     * gradient. Shrinking is never used on it (its variables grow between solves), whatever
     * {@link Options#shrinking()} says; {@link Options#eps()} and {@link Options#cacheMb()} do not
     * apply.
     *
     * @throws IllegalStateException for the Frank–Wolfe rule on a problem that is not over a simplex
     */
    public Outcome solve(GrowingDualProblem problem, Stop stop) {
        java.util.Objects.requireNonNull(stop, "stop");
        Run run = problem.run();
        if (stop.rule() == Stop.Rule.FRANK_WOLFE_GAP && !problem.isSimplex()) {
            throw new IllegalStateException("the Frank-Wolfe gap stops only problems over a simplex (every y_i = 1, "
                    + "no upper bounds, delta > 0)");
        }
        double tol = stop.tolerance();
        run.configure(tol, false, stop.rule() == Stop.Rule.LIBCVM_PAIRWISE ? Math.nextDown(tol) : 0.0,
                stop.rule() == Stop.Rule.FRANK_WOLFE_GAP, stop.rule() == Stop.Rule.LIBCVM_PAIRWISE ? tol * tol : 0.0,
                problem.isSimplex());
        long iterations = run.iterate(options.iterationCap(problem.size()));
        return new Outcome(iterations, run.lastGap, run.converged);
    }

    /**
     * Checks a start for {0 &le; a_i &le; U_i, y'a = delta} (y'a within 1e-12 (max(1, |delta|) + sum a_i)) and
     * copies it.
     *
     * @throws IllegalArgumentException naming the first entry out of bounds, or y'a and delta
     */
    static double[] checkFeasible(double[] alpha, double[] y, double[] upper, int n, double delta) {
        if (alpha.length != n) {
            throw new IllegalArgumentException("alpha must have length " + n + ", found " + alpha.length);
        }
        double s = 0;
        double scale = Math.max(1.0, Math.abs(delta));
        for (int i = 0; i < n; i++) {
            double v = alpha[i];
            if (!(v >= 0) || !(v <= upper[i]) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("alpha " + i + " must be finite and in [0, " + upper[i] + "], got " + v);
            }
            s += y[i] * v;
            scale += v;
        }
        if (Math.abs(s - delta) > 1e-12 * scale) {
            throw new IllegalArgumentException("a start must satisfy y'a = delta = " + delta + ", got y'a = " + s);
        }
        return java.util.Arrays.copyOf(alpha, n);
    }

    /**
     * Projects alpha onto {0 &le; a_i &le; U_i, y'a = 0}: clip, then scale the class with the
     * larger alpha sum down to the other class's sum (which keeps every a_i within its bounds).
     */
    static double[] projectToFeasible(double[] alpha, double[] y, double[] upper) {
        int n = y.length;
        if (alpha.length != n) {
            throw new IllegalArgumentException("initial alpha must have length " + n + ", found " + alpha.length);
        }
        double[] a = new double[n];
        double sp = 0;
        double sn = 0;
        for (int i = 0; i < n; i++) {
            double v = alpha[i];
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("initial alpha " + i + " must not be NaN");
            }
            v = Math.min(Math.max(v, 0.0), upper[i]);
            if (Double.isInfinite(v)) {
                throw new IllegalArgumentException("initial alpha " + i + " must be finite, got " + alpha[i]);
            }
            a[i] = v;
            if (y[i] > 0) {
                sp += v;
            } else {
                sn += v;
            }
        }
        // An imbalance at rounding level (as any SMO solution carries) is left alone: scaling it
        // away would move alphas off their bounds by an ulp and turn them into free variables.
        if (Math.abs(sp - sn) > 1e-12 * Math.max(sp, sn)) {
            double target = Math.min(sp, sn);
            boolean scalePositive = sp > sn;
            double factor = target / (scalePositive ? sp : sn);
            for (int i = 0; i < n; i++) {
                if ((y[i] > 0) == scalePositive) {
                    a[i] *= factor;
                }
            }
        }
        return a;
    }

    /**
     * The state of a solve, in LIBSVM's permuted index space (active variables first), and the one SMO
     * loop ({@link #iterate}). Two kinds: over an {@link SvmProblem} (rows from its kernel matrix
     * through a {@link QRowCache}, solved once), and the stored rows of a {@link GrowingDualProblem}
     * (appended one variable at a time, never shrunk, solved again after each addition).
     */
    static final class Run {
        private static final byte LOWER = 0;
        private static final byte UPPER = 1;
        private static final byte FREE = 2;

        private final KernelMatrix kernel;   // null for stored rows
        private final QRowCache cache;       // null for stored rows
        private final boolean squared;
        private int l;
        private long maxIter;

        // the stopping rule of the current loop (see configure)
        private double eps;
        private boolean shrinking;
        /** j must have a gradient difference above this: 0, or just below LibCVM's tolerance. */
        private double jThreshold;
        /** Stop on the Frank–Wolfe gap a'G - delta min G instead of m(a) - M(a). */
        private boolean frankWolfe;
        /**
         * A simplex problem of stored rows: a pair step moves mass from j to i, G is updated by
         * move (Q_i - Q_j) and ties go to the first index, as LibCVM's Solver_Lag and the earlier
         * core-set solver did (so core vector machines give the same results as before); false: LIBSVM.
         */
        private boolean simplexForm;
        /** Stop after a step with |da_i| + |da_j| below this (LibCVM); 0 = never. */
        private double minMove;
        private double lastMove;
        /** The stopping rule's measure at its last check, and whether the last loop met the rule. */
        double lastGap;
        boolean converged;

        private int[] perm;      // perm[t] = original index of position t
        private double[] y;
        private double[] upper;  // U_t (C_t or +infinity)
        private double[] diagExtra;
        private double[] qd;     // Q_tt
        private double[] p;      // the linear term
        private double[] alpha;
        private double[] g;
        private double[] gBar;
        private byte[] status;
        private boolean[] inUp;  // t in I_up: a_t < U_t for y_t = +1, a_t > 0 for y_t = -1
        private boolean[] inLow; // t in I_low: the reverse
        /** Stored rows: row t holds Q_t0 .. Q_t,l-1 as floats (its capacity may be larger); else null. */
        private float[][] rows;
        /** Stored rows: qd - (float) qd, what the float diagonal in a row misses of the double one. */
        private double[] qdErr;
        /** Stored rows: the right-hand side delta (for the Frank–Wolfe gap). */
        private double delta;
        // argmax of -y_t G_t over I_up, computed inside the gradient update of the last step
        private boolean nextValid;
        private int nextGmaxIdx;
        private double nextGmax;
        private int activeSize;
        private boolean unshrink;

        private final int[] colBuf;
        private final double[] rowBuf;
        private final int[] swapPairs;
        private final int[] ws = new int[2];
        /** Supplier of the starting gradient's products, or null (rows). */
        private final KernelProducts products;

        // a grouped problem (SvmProblem#grouped): positions sorted by group, double rows, never shrunk
        private final boolean grouped;
        /**
         * A grouped problem whose two groups are the two signs (group 0 = y +1, group 1 = y -1: nu-SVC): solved
         * as LIBSVM's Solver_NU on the float rows of the ungrouped loop, with its selection, shrinking and rho.
         */
        private final boolean signGroups;
        /**
         * An epsilon-SVR problem (its kernel a {@link SvrKernelMatrix} over n points, 2n variables): as LIBSVM's
         * SVR_Q, the cache holds the n kernel rows in float, by point, once for both variables of a point; else
         * null. The loop's hot passes (selection, gradient and G_bar updates, gradient reconstruction) read the
         * kernel row of a variable's point directly, with Q_it = y_i y_t K_{real(i), real(t)} applied as signs
         * (exact: the float Q entry is +-K, and every product and sum only changes sign), instead of gathering a
         * signed row of Q over the 2n positions first as SVR_Q does; {@link #svrQ} gathers one for the rest.
         */
        private final QRowCache svrCache;
        private final KernelMatrix svrBase;
        private final int svrN;
        private float[][] svrBuf;
        private int svrNext;
        private double[] svrRow;
        /** Epsilon-SVR: the point (perm[t] mod n) of position t, swapped with the positions; else null. */
        private int[] real;
        /**
         * Epsilon-SVR: G_bar by point, G_bar_t = y_t svrBar[real(t)] (gBar is not used): both variables of a point
         * add the same terms +-U_s y_s K in the same order, so one sum per point is theirs with the sign, bit for bit,
         * and a bound change updates n contiguous entries instead of 2n gathered ones; else null.
         */
        private double[] svrBar;
        /** Group g holds positions groupStart[g] .. groupStart[g + 1] - 1. */
        private int[] groupStart;
        /** Whether the problem's variables were already sorted by group (perm is the identity). */
        private boolean inOrder;
        private DoubleRowCache doubleRows;
        /** Per group: max of -y_t G_t over I_up, min over I_low (set by {@link #groupExtremes}). */
        private double[] groupUp;
        private double[] groupLow;
        /** -y_t, and 0 or -infinity (t not in I_up), 0 or +infinity (t not in I_low). */
        private double[] negY;
        private double[] upPenalty;
        private double[] lowPenalty;

        Run(SvmProblem problem, double[] initialAlpha, Options options, KernelProducts products) {
            kernel = problem.kernel();
            l = problem.size();
            signGroups = groupsAreSigns(problem);
            grouped = problem.isGrouped() && !signGroups;
            // an epsilon-SVR problem builds its G_bar by point from rows (svrBar)
            this.products = initialAlpha == null || problem.isGrouped() || kernel instanceof SvrKernelMatrix ? null
                    : products;
            configure(options.eps(), options.shrinking() && !grouped, 0.0, false, 0.0, false);
            maxIter = options.iterationCap(l);
            squared = problem.loss() == SvmLoss.SQUARED_HINGE;
            long cacheBytes = (long) (options.cacheMb() * (1 << 20));
            if (!grouped && !signGroups && kernel instanceof SvrKernelMatrix svr) {
                svrBase = svr.base();
                svrN = svrBase.size();
                svrCache = new QRowCache(svrN, cacheBytes);
                svrBuf = new float[2][l];
                svrRow = new double[svrN];
                cache = new QRowCache(l, 0); // empty: shrinking's swaps are free, rows come from svrCache
                svrBar = new double[svrN];
                real = new int[l];
                for (int t = 0; t < l; t++) {
                    real[t] = t < svrN ? t : t - svrN; // perm is the identity here
                }
            } else {
                svrBase = null;
                svrN = 0;
                svrCache = null;
                cache = grouped ? null : new QRowCache(l, cacheBytes);
            }
            perm = new int[l];
            if (grouped) {
                // positions sorted by group (stable): group g is the range groupStart[g] .. groupStart[g + 1) - 1
                int groups = problem.groups();
                groupStart = new int[groups + 1];
                for (int t = 0; t < l; t++) {
                    groupStart[problem.group(t) + 1]++;
                }
                for (int g = 0; g < groups; g++) {
                    groupStart[g + 1] += groupStart[g];
                }
                int[] fill = java.util.Arrays.copyOf(groupStart, groups);
                inOrder = true;
                for (int t = 0; t < l; t++) {
                    int pos = fill[problem.group(t)]++;
                    perm[pos] = t;
                    inOrder &= pos == t;
                }
                groupUp = new double[groups];
                groupLow = new double[groups];
                upPenalty = new double[l];
                lowPenalty = new double[l];
                doubleRows = new DoubleRowCache(l, cacheBytes);
            } else {
                for (int t = 0; t < l; t++) {
                    perm[t] = t;
                }
            }
            y = new double[l];
            upper = new double[l];
            diagExtra = new double[l];
            qd = new double[l];
            p = new double[l];
            for (int t = 0; t < l; t++) {
                int o = perm[t];
                y[t] = problem.y(o);
                double c = problem.c(o);
                upper[t] = problem.upper(o);
                diagExtra[t] = squared ? 1.0 / (2.0 * c) : 0.0;
                qd[t] = kernel.diagonal(o) + diagExtra[t];
                p[t] = problem.linear(o);
            }
            if (grouped) {
                negY = new double[l];
                for (int t = 0; t < l; t++) {
                    negY[t] = -y[t];
                }
                alpha = groupedStart(problem, initialAlpha);
            } else if (signGroups) {
                alpha = signGroupedStart(problem, initialAlpha);
            } else if (initialAlpha == null) {
                if (problem.delta() != 0) {
                    throw new IllegalArgumentException("a problem with y'a = delta = " + problem.delta()
                            + " needs a feasible start, got none");
                }
                alpha = new double[l];
            } else if (problem.delta() == 0) {
                alpha = projectToFeasible(initialAlpha, y, upper);
            } else {
                alpha = checkFeasible(initialAlpha, y, upper, l, problem.delta());
            }
            g = new double[l];
            gBar = new double[l];
            status = new byte[l];
            inUp = new boolean[l];
            inLow = new boolean[l];
            colBuf = new int[l];
            rowBuf = new double[l];
            swapPairs = new int[2 * l];
        }

        /**
         * The start of a grouped problem in the solver's positions: alpha = 0 when there is none (every
         * delta_g must then be 0), else the given one, checked for its bounds and every group's equality
         * (each sum within 1e-12 (max(1, |delta_g|) + the group's sum of a_t)).
         */
        private double[] groupedStart(SvmProblem problem, double[] initialAlpha) {
            int groups = problem.groups();
            double[] a = new double[l];
            if (initialAlpha == null) {
                for (int g = 0; g < groups; g++) {
                    if (problem.delta(g) != 0) {
                        throw new IllegalArgumentException("a grouped problem with delta_" + g + " = " + problem.delta(g)
                                + " needs a feasible start, got none");
                    }
                }
                return a;
            }
            if (initialAlpha.length != l) {
                throw new IllegalArgumentException("alpha must have length " + l + ", found " + initialAlpha.length);
            }
            for (int g = 0; g < groups; g++) {
                double sum = 0;
                double scale = Math.max(1.0, Math.abs(problem.delta(g)));
                for (int t = groupStart[g]; t < groupStart[g + 1]; t++) {
                    double v = initialAlpha[perm[t]];
                    if (!(v >= 0) || !(v <= upper[t]) || Double.isInfinite(v)) {
                        throw new IllegalArgumentException("alpha " + perm[t] + " must be finite and in [0, " + upper[t]
                                + "], got " + v);
                    }
                    a[t] = v;
                    sum += y[t] * v;
                    scale += v;
                }
                if (Math.abs(sum - problem.delta(g)) > 1e-12 * scale) {
                    throw new IllegalArgumentException("a start must satisfy group " + g + "'s equality = " + problem.delta(g)
                            + ", got " + sum);
                }
            }
            return a;
        }

        /** Whether a problem is grouped with group 0 the variables of y = +1 and group 1 those of y = -1. */
        private static boolean groupsAreSigns(SvmProblem problem) {
            if (!problem.isGrouped() || problem.groups() != 2) {
                return false;
            }
            for (int t = 0, n = problem.size(); t < n; t++) {
                if (problem.group(t) != (problem.y(t) > 0 ? 0 : 1)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The start of a problem grouped by sign (positions = the problem's indices): alpha = 0 when there is none
         * (both deltas must then be 0), else the given one, checked for its bounds and both equalities (within
         * 1e-12 (max(1, |delta_g|) + the group's sum of a_t)).
         */
        private double[] signGroupedStart(SvmProblem problem, double[] initialAlpha) {
            if (initialAlpha == null) {
                for (int g = 0; g < 2; g++) {
                    if (problem.delta(g) != 0) {
                        throw new IllegalArgumentException("a grouped problem with delta_" + g + " = " + problem.delta(g)
                                + " needs a feasible start, got none");
                    }
                }
                return new double[l];
            }
            if (initialAlpha.length != l) {
                throw new IllegalArgumentException("alpha must have length " + l + ", found " + initialAlpha.length);
            }
            double[] sum = new double[2];
            double[] scale = {Math.max(1.0, Math.abs(problem.delta(0))), Math.max(1.0, Math.abs(problem.delta(1)))};
            for (int t = 0; t < l; t++) {
                double v = initialAlpha[t];
                if (!(v >= 0) || !(v <= upper[t]) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException("alpha " + t + " must be finite and in [0, " + upper[t] + "], got "
                            + v);
                }
                int g = y[t] > 0 ? 0 : 1;
                sum[g] += y[t] * v;
                scale[g] += v;
            }
            for (int g = 0; g < 2; g++) {
                if (Math.abs(sum[g] - problem.delta(g)) > 1e-12 * scale[g]) {
                    throw new IllegalArgumentException("a start must satisfy group " + g + "'s equality = "
                            + problem.delta(g) + ", got " + sum[g]);
                }
            }
            return initialAlpha.clone();
        }

        /** An empty problem with stored rows and right-hand side delta ({@link GrowingDualProblem}). */
        Run(double delta) {
            kernel = null;
            cache = null;
            svrCache = null;
            svrBase = null;
            svrN = 0;
            signGroups = false;
            grouped = false;
            products = null;
            squared = false;
            colBuf = null;
            rowBuf = null;
            swapPairs = null;
            this.delta = delta;
            int cap = 16;
            perm = new int[cap];
            y = new double[cap];
            upper = new double[cap];
            diagExtra = new double[cap];
            qd = new double[cap];
            p = new double[cap];
            alpha = new double[cap];
            g = new double[cap];
            gBar = new double[cap];
            status = new byte[cap];
            inUp = new boolean[cap];
            inLow = new boolean[cap];
            rows = new float[cap][];
            qdErr = new double[cap];
        }

        /** Sets the stopping rule of the next {@link #iterate} (see {@link Stop}). */
        void configure(double eps, boolean shrinking, double jThreshold, boolean frankWolfe, double minMove,
                       boolean simplexForm) {
            this.simplexForm = simplexForm;
            this.eps = eps;
            this.shrinking = shrinking;
            this.jThreshold = jThreshold;
            this.frankWolfe = frankWolfe;
            this.minMove = minMove;
        }

        int size() {
            return l;
        }

        /**
         * Appends a variable with a = 0 (stored rows only): Q_{l,t} = q[t] for t &lt; l, Q_ll = qll, p_l = lin,
         * sign yl, bound ul; its gradient entry is p_l + sum_t Q_lt a_t.
         */
        void append(float[] q, double qll, double lin, double yl, double ul) {
            int s = l;
            if (s == rows.length) {
                int cap = s + Math.max(16, s / 4);
                perm = java.util.Arrays.copyOf(perm, cap);
                y = java.util.Arrays.copyOf(y, cap);
                upper = java.util.Arrays.copyOf(upper, cap);
                diagExtra = java.util.Arrays.copyOf(diagExtra, cap);
                qd = java.util.Arrays.copyOf(qd, cap);
                p = java.util.Arrays.copyOf(p, cap);
                alpha = java.util.Arrays.copyOf(alpha, cap);
                g = java.util.Arrays.copyOf(g, cap);
                gBar = java.util.Arrays.copyOf(gBar, cap);
                status = java.util.Arrays.copyOf(status, cap);
                inUp = java.util.Arrays.copyOf(inUp, cap);
                inLow = java.util.Arrays.copyOf(inLow, cap);
                rows = java.util.Arrays.copyOf(rows, cap);
                qdErr = java.util.Arrays.copyOf(qdErr, cap);
            }
            float[] r = new float[rowCapacity(s + 1)];
            System.arraycopy(q, 0, r, 0, s);
            r[s] = (float) qll;
            rows[s] = r;
            for (int t = 0; t < s; t++) {
                float[] rt = rows[t];
                if (rt.length <= s) {
                    rt = java.util.Arrays.copyOf(rt, rowCapacity(s + 1));
                    rows[t] = rt;
                }
                rt[s] = q[t];
            }
            double gs = lin;
            double bs = 0.0;
            for (int t = 0; t < s; t++) {
                gs += alpha[t] * r[t];
                if (status[t] == UPPER) {
                    bs += upper[t] * r[t];
                }
            }
            perm[s] = s;
            y[s] = yl;
            upper[s] = ul;
            diagExtra[s] = 0.0;
            qd[s] = qll;
            qdErr[s] = qll - (float) qll;
            p[s] = lin;
            alpha[s] = 0.0;
            g[s] = gs;
            gBar[s] = bs;
            l = s + 1;
            activeSize = l;
            updateStatus(s);
            nextValid = false;
        }

        /** Row capacity for len columns: a quarter of head room. */
        private static int rowCapacity(int len) {
            return len + Math.max(16, len / 4);
        }

        /** Sets a feasible alpha (stored rows only) and recomputes G = Qa + p (double diagonal) and G_bar. */
        void setAlpha(double[] a) {
            double[] start = checkFeasible(a, y, upper, l, delta);
            System.arraycopy(start, 0, alpha, 0, l);
            for (int t = 0; t < l; t++) {
                updateStatus(t);
            }
            for (int t = 0; t < l; t++) {
                float[] rt = rows[t];
                double gt = p[t];
                double bt = 0.0;
                for (int j = 0; j < l; j++) {
                    double q = j == t ? qd[t] : rt[j];
                    gt += q * alpha[j];
                    if (status[j] == UPPER) {
                        bt += upper[j] * q;
                    }
                }
                g[t] = gt;
                gBar[t] = bt;
            }
            nextValid = false;
        }

        double alpha(int t) {
            return alpha[t];
        }

        double[] alphas() {
            return java.util.Arrays.copyOf(alpha, l);
        }

        double gradient(int t) {
            return g[t];
        }

        double linear(int t) {
            return p[t];
        }

        double y(int t) {
            return y[t];
        }

        double upper(int t) {
            return upper[t];
        }

        double delta() {
            return delta;
        }

        /** Q_ab as the loop uses it: the double diagonal, float off-diagonal entries (stored rows). */
        double entry(int a, int b) {
            return a == b ? qd[a] : rows[a][b];
        }

        private float[] getQ(int i, int len) {
            float[][] stored = rows;
            if (stored != null) {
                return stored[i];
            }
            if (svrCache != null) {
                return svrQ(i, len);
            }
            int start = cache.getData(i, len);
            float[] data = cache.data();
            if (start < len) {
                int count = len - start;
                System.arraycopy(perm, start, colBuf, 0, count);
                kernel.row(perm[i], colBuf, count, rowBuf);
                double yi = y[i];
                for (int k = 0; k < count; k++) {
                    data[start + k] = (float) (yi * y[start + k] * rowBuf[k]);
                }
                if (squared && i >= start && i < len) {
                    data[i] = (float) (rowBuf[i - start] + diagExtra[i]);
                }
            }
            return data;
        }

        /**
         * Row i of Q of an epsilon-SVR problem over positions 0 .. len - 1: y_i y_t K_{i mod n, t mod n} from the
         * cached float kernel row of point i mod n (computed whole on a miss), into the buffer not returned last.
         */
        private float[] svrQ(int i, int len) {
            int n = svrN;
            float[] k = svrKernelRow(i);
            float[] buf = svrBuf[svrNext];
            svrNext ^= 1;
            int[] pm = perm;
            double[] yy = y;
            float yi = (float) y[i];
            for (int t = 0; t < len; t++) {
                int o = pm[t];
                float v = k[o < n ? o : o - n];
                buf[t] = yi * (float) yy[t] * v;
            }
            return buf;
        }

        /**
         * The float kernel row (n entries, by point) of the point of position i of an epsilon-SVR problem, from the
         * cache or computed whole on a miss. It stays valid while one other row is read (the cache keeps at least
         * two full rows and evicts least recently used first).
         */
        private float[] svrKernelRow(int i) {
            int n = svrN;
            int point = real[i];
            int start = svrCache.getData(point, n);
            float[] k = svrCache.data();
            if (start < n) {
                svrBase.row(point, svrRow);
                for (int t = start; t < n; t++) {
                    k[t] = (float) svrRow[t];
                }
            }
            return k;
        }

        /**
         * Row i of Q of a grouped problem in double precision over all l positions: from the cache, else
         * computed from the kernel matrix (in the problem's order when the groups were already sorted).
         */
        private double[] getQd(int i) {
            double[] r = doubleRows.get(i);
            if (r != null) {
                return r;
            }
            r = doubleRows.allocate(i, l);
            if (inOrder) {
                kernel.row(i, r);
            } else {
                kernel.row(perm[i], perm, l, r);
            }
            double yi = y[i];
            for (int k = 0; k < l; k++) {
                r[k] *= yi * y[k];
            }
            return r;
        }

        private void updateStatus(int t) {
            if (alpha[t] >= upper[t]) {
                status[t] = UPPER;
            } else if (alpha[t] <= 0) {
                status[t] = LOWER;
            } else {
                status[t] = FREE;
            }
            boolean belowUpper = status[t] != UPPER;
            boolean aboveLower = status[t] != LOWER;
            inUp[t] = y[t] > 0 ? belowUpper : aboveLower;
            inLow[t] = y[t] > 0 ? aboveLower : belowUpper;
            if (upPenalty != null) {
                upPenalty[t] = inUp[t] ? 0.0 : Double.NEGATIVE_INFINITY;
                lowPenalty[t] = inLow[t] ? 0.0 : Double.POSITIVE_INFINITY;
            }
        }

        private boolean isUpper(int t) {
            return status[t] == UPPER;
        }

        private boolean isLower(int t) {
            return status[t] == LOWER;
        }

        private boolean isFree(int t) {
            return status[t] == FREE;
        }

        /** Swaps positions i and j of the solver's arrays; the cache follows in {@link #doShrinking}. */
        private void swapIndex(int i, int j) {
            swap(perm, i, j);
            if (real != null) {
                swap(real, i, j);
            }
            swap(y, i, j);
            swap(upper, i, j);
            swap(diagExtra, i, j);
            swap(qd, i, j);
            swap(p, i, j);
            swap(alpha, i, j);
            swap(g, i, j);
            swap(gBar, i, j);
            byte s = status[i];
            status[i] = status[j];
            status[j] = s;
            boolean b = inUp[i];
            inUp[i] = inUp[j];
            inUp[j] = b;
            b = inLow[i];
            inLow[i] = inLow[j];
            inLow[j] = b;
        }

        private static void swap(double[] a, int i, int j) {
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }

        private static void swap(int[] a, int i, int j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }

        /** G += Q a and G_bar = sum over a_i = U_i of U_i Q_i, from the (cached) rows of every non-zero a_i. */
        private void gradientFromRows() {
            for (int i = 0; i < l; i++) {
                if (!isLower(i)) {
                    float[] qi = getQ(i, l);
                    double ai = alpha[i];
                    for (int j = 0; j < l; j++) {
                        g[j] += ai * qi[j];
                    }
                    if (isUpper(i) && svrBar != null) {
                        svrBarUpdate(svrKernelRow(i), upper[i] * y[i]);
                    } else if (isUpper(i)) {
                        double ui = upper[i];
                        for (int j = 0; j < l; j++) {
                            gBar[j] += ui * qi[j];
                        }
                    }
                }
            }
        }

        /**
         * G_j += y_j (K(y o a))_j + d_j a_j (d the squared hinge's diagonal term) and G_bar_j = y_j (K(y o U o
         * [a = U]))_j from the supplied products; false (nothing changed) when there is no supplier or it
         * declines. Called before any swap, so indices are the problem's.
         */
        private boolean gradientFromProducts() {
            if (products == null) {
                return false;
            }
            double[] beta = new double[l];
            double[] atBound = new double[l];
            boolean anyNonZero = false, anyAtBound = false;
            for (int t = 0; t < l; t++) {
                beta[t] = y[t] * alpha[t];
                anyNonZero |= alpha[t] != 0;
                if (isUpper(t)) {
                    atBound[t] = y[t] * upper[t];
                    anyAtBound = true;
                }
            }
            if (!anyNonZero) {
                return true;
            }
            double[] kb = products.times(beta);
            double[] ku = anyAtBound ? products.times(atBound) : new double[l];
            if (kb == null || ku == null) {
                return false;
            }
            if (kb.length != l || ku.length != l) {
                throw new IllegalStateException("kernel products must have length " + l + ", got " + kb.length
                        + " and " + ku.length);
            }
            for (int t = 0; t < l; t++) {
                g[t] += y[t] * kb[t] + diagExtra[t] * alpha[t];
                gBar[t] = y[t] * ku[t];
            }
            return true;
        }

        SvmSolution solve() {
            for (int t = 0; t < l; t++) {
                updateStatus(t);
            }
            activeSize = l;
            for (int t = 0; t < l; t++) {
                g[t] = p[t];
            }
            if (grouped) {
                for (int i = 0; i < l; i++) {
                    if (alpha[i] != 0) {
                        double[] qi = getQd(i);
                        double ai = alpha[i];
                        for (int j = 0; j < l; j++) {
                            g[j] += ai * qi[j];
                        }
                    }
                }
            } else if (!gradientFromProducts()) {
                gradientFromRows();
            }

            long iter = iterate(maxIter);
            boolean converged = this.converged;
            if (!converged) {
                if (activeSize < l) {
                    reconstructGradient();
                    activeSize = l;
                }
                converged = kktGap() < eps;
                if (!converged) {
                    LOG.log(System.Logger.Level.WARNING, "SMO reached its iteration cap of " + maxIter
                            + " with KKT gap " + kktGap() + " >= eps " + eps);
                }
            }
            double[] groupRho = null;
            if (grouped) {
                groupRho = new double[groupUp.length];
                for (int grp = 0; grp < groupRho.length; grp++) {
                    groupRho[grp] = calculateRho(groupStart[grp], groupStart[grp + 1], 0);
                }
            } else if (signGroups) {
                groupRho = new double[] {calculateRho(0, l, 1), calculateRho(0, l, -1)};
            }
            double rho = groupRho != null ? groupRho[0] : calculateRho(0, activeSize, 0);
            double v = 0;
            for (int t = 0; t < l; t++) {
                v += alpha[t] * (g[t] + p[t]);
            }
            double[] out = new double[l];
            for (int t = 0; t < l; t++) {
                out[perm[t]] = alpha[t];
            }
            return new SvmSolution(out, -rho, v / 2, iter, kktGap(), converged, groupRho);
        }

        /**
         * The SMO loop: from the current alpha and G, at most {@code maxIter} working-set updates until
         * the rule set by {@link #configure} holds ({@link #converged}) or LibCVM's small-step stop ends it.
         */
        long iterate(long maxIter) {
            long iter = 0;
            int counter = Math.min(l, 1000) + 1;
            int[] ws = this.ws;
            converged = false;
            nextValid = false;
            while (iter < maxIter) {
                if (--counter == 0) {
                    counter = Math.min(l, 1000);
                    if (shrinking) {
                        if (signGroups) {
                            doSignGroupShrinking();
                        } else {
                            doShrinking();
                        }
                    }
                }
                if (!select(ws)) {
                    if (activeSize == l) {
                        // nothing is shrunk: selecting again over the same set would give the same answer
                        converged = true;
                        break;
                    }
                    reconstructGradient();
                    activeSize = l;
                    if (!select(ws)) {
                        converged = true;
                        break;
                    }
                    counter = 1;
                }
                iter++;
                if (grouped) {
                    takeGroupedStep(ws[0], ws[1]);
                } else if (svrCache != null) {
                    takeSvrStep(ws[0], ws[1]);
                } else {
                    takeStep(ws[0], ws[1]);
                }
                if (lastMove < minMove) {
                    break;
                }
            }
            return iter;
        }

        /**
         * The two-variable sub-problem of LIBSVM's solver for y_i &ne; y_j: moves alpha_i and alpha_j along
         * a_i - a_j = const to the minimum of f on that line within the box (curvature Q_ii + Q_jj + 2 Q_ij,
         * TAU when it is not positive). Split from {@link #solveSameSign} so that each stays small enough
         * for the JIT to inline into the steps (one method of both has 522 bytes of bytecode, above
         * HotSpot's FreqInlineSize of 325).
         */
        private void solveOppositeSign(int i, int j, double qij) {
            double ci = upper[i];
            double cj = upper[j];
            double quad = qd[i] + qd[j] + 2 * qij;
            if (quad <= 0) {
                quad = TAU;
            }
            double delta = (-g[i] - g[j]) / quad;
            double diff = alpha[i] - alpha[j];
            alpha[i] += delta;
            alpha[j] += delta;
            if (diff > 0) {
                if (alpha[j] < 0) {
                    alpha[j] = 0;
                    alpha[i] = diff;
                }
            } else if (alpha[i] < 0) {
                alpha[i] = 0;
                alpha[j] = -diff;
            }
            if (diff > ci - cj) {
                if (alpha[i] > ci) {
                    alpha[i] = ci;
                    alpha[j] = ci - diff;
                }
            } else if (alpha[j] > cj) {
                alpha[j] = cj;
                alpha[i] = cj + diff;
            }
        }

        /**
         * The two-variable sub-problem for y_i = y_j: along a_i + a_j = const (curvature Q_ii + Q_jj - 2 Q_ij,
         * TAU when it is not positive). Returns the mass moved from j to i (used by simplex problems).
         */
        private double solveSameSign(int i, int j, double qij) {
            double ci = upper[i];
            double cj = upper[j];
            double oldAj = alpha[j];
            double quad = qd[i] + qd[j] - 2 * qij;
            if (quad <= 0) {
                quad = TAU;
            }
            double delta = (g[i] - g[j]) / quad;
            double sum = alpha[i] + alpha[j];
            alpha[i] -= delta;
            alpha[j] += delta;
            if (sum > ci) {
                if (alpha[i] > ci) {
                    alpha[i] = ci;
                    alpha[j] = sum - ci;
                }
            } else if (alpha[j] < 0) {
                alpha[j] = 0;
                alpha[i] = sum;
            }
            if (sum > cj) {
                if (alpha[j] > cj) {
                    alpha[j] = cj;
                    alpha[i] = sum - cj;
                }
            } else if (alpha[i] < 0) {
                alpha[i] = 0;
                alpha[j] = sum;
            }
            return alpha[j] == 0 ? oldAj : -delta;
        }

        private void takeStep(int i, int j) {
            float[] qi = getQ(i, activeSize);
            float[] qj = getQ(j, activeSize);
            double ci = upper[i];
            double cj = upper[j];
            double oldAi = alpha[i];
            double oldAj = alpha[j];
            // the mass moved from j to i by a step of a simplex problem (i has the smallest G there)
            double move = 0.0;
            if (y[i] != y[j]) {
                solveOppositeSign(i, j, qi[j]);
            } else {
                move = solveSameSign(i, j, qi[j]);
            }
            double dai = alpha[i] - oldAi;
            double daj = alpha[j] - oldAj;
            boolean mass = simplexForm;
            if (qdErr != null) {
                // stored rows hold float diagonals: add what they miss of the double ones
                if (mass) {
                    g[i] += move * qdErr[i];
                    g[j] -= move * qdErr[j];
                } else {
                    g[i] += dai * qdErr[i];
                    g[j] += daj * qdErr[j];
                }
            }
            if (minMove > 0) {
                lastMove = mass ? 2 * move : Math.abs(dai) + Math.abs(daj);
            }
            boolean ui = isUpper(i);
            boolean uj = isUpper(j);
            updateStatus(i);
            updateStatus(j);
            // G += Q_i da_i + Q_j da_j, fused with the first pass of the next working-set selection
            double[] gg = g;
            double[] yy = y;
            boolean[] up = inUp;
            int n = activeSize;
            double gmax = Double.NEGATIVE_INFINITY;
            int gmaxIdx = -1;
            if (mass) {
                // a simplex problem (every y = 1, every k in I_up): G += move (Q_i - Q_j), the row difference
                // in float, and the next i is the first smallest G_k (LibCVM's Solver_Lag)
                double gmin = Double.POSITIVE_INFINITY;
                for (int k = 0; k < n; k++) {
                    double gk = gg[k] + move * (qi[k] - qj[k]);
                    gg[k] = gk;
                    if (gk < gmin) {
                        gmin = gk;
                        gmaxIdx = k;
                    }
                }
                gmax = -gmin;
            } else {
                for (int k = 0; k < n; k++) {
                    double gk = gg[k] + (qi[k] * dai + qj[k] * daj);
                    gg[k] = gk;
                    if (up[k]) {
                        double v = -yy[k] * gk;
                        if (v >= gmax) {
                            gmax = v;
                            gmaxIdx = k;
                        }
                    }
                }
            }
            nextGmax = gmax;
            nextGmaxIdx = gmaxIdx;
            nextValid = true;
            if (ui != isUpper(i)) {
                float[] row = getQ(i, l);
                double s = ui ? -ci : ci;
                for (int k = 0; k < l; k++) {
                    gBar[k] += s * row[k];
                }
            }
            if (uj != isUpper(j)) {
                float[] row = getQ(j, l);
                double s = uj ? -cj : cj;
                for (int k = 0; k < l; k++) {
                    gBar[k] += s * row[k];
                }
            }
        }

        /**
         * {@link #takeStep} of an epsilon-SVR problem from the kernel rows of i's and j's points: Q_it = y_i y_t K_it
         * (the float entry of the signed row, +-K exactly), so Q_it da_i + Q_jt da_j = y_t (K_it (y_i da_i) + K_jt
         * (y_j da_j)) and U Q_it = y_t ((U y_i) K_it) hold bit for bit (a product or sum of negated operands is the
         * negated result); the 2n-entry signed rows are never gathered.
         */
        private void takeSvrStep(int i, int j) {
            float[] ki = svrKernelRow(i);
            float[] kj = svrKernelRow(j);
            int[] rr = real;
            double ci = upper[i];
            double cj = upper[j];
            double oldAi = alpha[i];
            double oldAj = alpha[j];
            double qij = y[i] * y[j] * ki[rr[j]];
            if (y[i] != y[j]) {
                solveOppositeSign(i, j, qij);
            } else {
                solveSameSign(i, j, qij);
            }
            double dai = alpha[i] - oldAi;
            double daj = alpha[j] - oldAj;
            if (minMove > 0) {
                lastMove = Math.abs(dai) + Math.abs(daj);
            }
            boolean ui = isUpper(i);
            boolean uj = isUpper(j);
            updateStatus(i);
            updateStatus(j);
            double ydai = y[i] * dai;
            double ydaj = y[j] * daj;
            double[] gg = g;
            double[] yy = y;
            boolean[] up = inUp;
            double gmax = Double.NEGATIVE_INFINITY;
            int gmaxIdx = -1;
            for (int k = 0, n = activeSize; k < n; k++) {
                int r = rr[k];
                double gk = gg[k] + yy[k] * (ki[r] * ydai + kj[r] * ydaj);
                gg[k] = gk;
                if (up[k]) {
                    double v = -yy[k] * gk;
                    if (v >= gmax) {
                        gmax = v;
                        gmaxIdx = k;
                    }
                }
            }
            nextGmax = gmax;
            nextGmaxIdx = gmaxIdx;
            nextValid = true;
            if (ui != isUpper(i)) {
                svrBarUpdate(ki, (ui ? -ci : ci) * y[i]);
            }
            if (uj != isUpper(j)) {
                svrBarUpdate(kj, (uj ? -cj : cj) * y[j]);
            }
        }

        /**
         * G_bar_t += s Q_it = y_t ((s y_i) K_it) for every position t, as svrBar[p] += sy K_ip over the n points with
         * sy = s y_i (epsilon-SVR).
         */
        private void svrBarUpdate(float[] k, double sy) {
            double[] bar = svrBar;
            for (int p = 0, n = svrN; p < n; p++) {
                bar[p] += sy * k[p];
            }
        }

        /**
         * A step of a grouped problem: the pair (i, j) of one group, rows in double; G += Q_i da_i + Q_j da_j,
         * then the per-group extremes of the next selection ({@link #groupExtremes}).
         */
        private void takeGroupedStep(int i, int j) {
            double[] qi = getQd(i);
            double[] qj = getQd(j);
            double oldAi = alpha[i];
            double oldAj = alpha[j];
            if (y[i] != y[j]) {
                solveOppositeSign(i, j, qi[j]);
            } else {
                solveSameSign(i, j, qi[j]);
            }
            double dai = alpha[i] - oldAi;
            double daj = alpha[j] - oldAj;
            updateStatus(i);
            updateStatus(j);
            // G += Q_i da_i + Q_j da_j (one pass the JIT vectorises), then the groups' extremes
            double[] gg = g;
            for (int k = 0, n = l; k < n; k++) {
                gg[k] += qi[k] * dai + qj[k] * daj;
            }
            groupExtremes();
            nextValid = true;
        }

        /**
         * Per group g: m_g = max of -y_t G_t over I_up, M_g = min over I_low (infinite when the set is empty),
         * branch-free through the penalties 0 / -+infinity of the positions outside I_up / I_low.
         */
        private void groupExtremes() {
            double[] gg = g;
            double[] ny = negY;
            double[] upP = upPenalty;
            double[] lowP = lowPenalty;
            int[] start = groupStart;
            for (int grp = 0, groups = groupUp.length; grp < groups; grp++) {
                double mUp = Double.NEGATIVE_INFINITY;
                double mLow = Double.POSITIVE_INFINITY;
                for (int k = start[grp], end = start[grp + 1]; k < end; k++) {
                    double v = ny[k] * gg[k];
                    double a = v + upP[k];
                    double b = v + lowP[k];
                    mUp = a > mUp ? a : mUp;
                    mLow = b < mLow ? b : mLow;
                }
                groupUp[grp] = mUp;
                groupLow[grp] = mLow;
            }
        }

        /**
         * The working set of a grouped problem: the group with the largest violation m_g - M_g (the stopping
         * measure is the largest one, LIBSVM's nu-SVM rule for G groups), i its argmax of -y_t G_t over I_up,
         * j by WSS 2 among that group's I_low. False when every group's violation is below eps.
         */
        private boolean selectGrouped(int[] out) {
            if (!nextValid) {
                groupExtremes();
            }
            nextValid = false;
            int groups = groupUp.length;
            int best = -1;
            double gap = Double.NEGATIVE_INFINITY;
            for (int grp = 0; grp < groups; grp++) {
                double v = groupUp[grp] - groupLow[grp];
                if (v > gap) {
                    gap = v;
                    best = grp;
                }
            }
            lastGap = Double.isFinite(gap) ? Math.max(gap, 0.0) : 0.0;
            if (!(gap >= eps)) {
                return false;
            }
            return pairInGroup(best, out) < Double.POSITIVE_INFINITY;
        }

        /** The working set by the rule of the problem's kind; false when the active set meets the stopping rule. */
        private boolean select(int[] out) {
            return grouped ? selectGrouped(out) : signGroups ? selectSignGroups(out)
                    : svrCache != null ? selectSvrWorkingSet(out) : selectWorkingSet(out);
        }

        /**
         * LIBSVM's Solver_NU selection for a problem grouped by sign: i_+ and i_- the argmax of -y_t G_t over I_up
         * among y = +1 and among y = -1, j by WSS 2 among I_low of both signs (each against the i of its sign),
         * i the one of j's sign; false when max over the signs of m_s - M_s is below eps (or no j qualifies).
         */
        private boolean selectSignGroups(int[] out) {
            nextValid = false;
            int n = activeSize;
            double[] gg = g;
            double[] yy = y;
            double gmaxp = Double.NEGATIVE_INFINITY;
            double gmaxn = Double.NEGATIVE_INFINITY;
            int ip = -1;
            int in = -1;
            for (int t = 0; t < n; t++) {
                if (inUp[t]) {
                    double v = -yy[t] * gg[t];
                    if (yy[t] > 0) {
                        if (v >= gmaxp) {
                            gmaxp = v;
                            ip = t;
                        }
                    } else if (v >= gmaxn) {
                        gmaxn = v;
                        in = t;
                    }
                }
            }
            float[] qip = ip != -1 ? getQ(ip, n) : null;
            float[] qin = in != -1 ? getQ(in, n) : null;
            double qdp = ip != -1 ? qd[ip] : 0;
            double qdn = in != -1 ? qd[in] : 0;
            double gmaxp2 = Double.NEGATIVE_INFINITY;
            double gmaxn2 = Double.NEGATIVE_INFINITY;
            int jmin = -1;
            double objDiffMin = Double.POSITIVE_INFINITY;
            boolean[] low = inLow;
            double[] qdd = qd;
            for (int t = 0; t < n; t++) {
                if (!low[t]) {
                    continue;
                }
                double yg = yy[t] * gg[t];
                double gradDiff;
                double quad;
                if (yy[t] > 0) {
                    gmaxp2 = yg >= gmaxp2 ? yg : gmaxp2;
                    if (ip == -1) {
                        continue;
                    }
                    gradDiff = gmaxp + yg;
                    quad = qdp + qdd[t] - 2.0 * qip[t];
                } else {
                    gmaxn2 = yg >= gmaxn2 ? yg : gmaxn2;
                    if (in == -1) {
                        continue;
                    }
                    gradDiff = gmaxn + yg;
                    quad = qdn + qdd[t] - 2.0 * qin[t];
                }
                if (gradDiff > 0) {
                    double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : TAU);
                    if (objDiff <= objDiffMin) {
                        jmin = t;
                        objDiffMin = objDiff;
                    }
                }
            }
            double gap = Math.max(gmaxp + gmaxp2, gmaxn + gmaxn2);
            lastGap = gap;
            if (gap < eps || jmin == -1) {
                return false;
            }
            out[0] = yy[jmin] > 0 ? ip : in;
            out[1] = jmin;
            return true;
        }

        /**
         * WSS 2 inside group grp: i the (last) argmax of -y_t G_t over its I_up, j the second-order choice
         * among its I_low; returns -(gradient difference)^2 / curvature of that pair, +infinity when there
         * is no j.
         */
        private double pairInGroup(int grp, int[] out) {
            double gmax = groupUp[grp];
            int i = -1;
            for (int t = groupStart[grp], end = groupStart[1 + grp]; t < end; t++) {
                if (inUp[t] && -y[t] * g[t] >= gmax) {
                    i = t;
                }
            }
            double[] qi = getQd(i);
            double yi2 = 2.0 * y[i];
            double qdi = qd[i];
            int j = -1;
            double objDiffMin = Double.POSITIVE_INFINITY;
            for (int t = groupStart[grp], end = groupStart[1 + grp]; t < end; t++) {
                if (inLow[t]) {
                    double gradDiff = gmax + y[t] * g[t];
                    if (gradDiff > 0) {
                        double quad = qdi + qd[t] - yi2 * y[t] * qi[t];
                        double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : TAU);
                        if (objDiff <= objDiffMin) {
                            j = t;
                            objDiffMin = objDiff;
                        }
                    }
                }
            }
            out[0] = i;
            out[1] = j;
            return objDiffMin;
        }

        /**
         * WSS 2 of Fan et al. (2005), j among I_low with gradient difference above {@link #jThreshold};
         * false when the active set meets the stopping rule (or no j qualifies).
         */
        private boolean selectWorkingSet(int[] out) {
            double gmax = Double.NEGATIVE_INFINITY;
            double gmax2 = Double.NEGATIVE_INFINITY;
            int gmaxIdx = -1;
            int gminIdx = -1;
            double objDiffMin = Double.POSITIVE_INFINITY;
            int n = activeSize;
            double[] gg = g;
            double[] yy = y;
            boolean simplex = simplexForm;
            if (nextValid) {
                gmax = nextGmax;
                gmaxIdx = nextGmaxIdx;
                nextValid = false;
            } else if (simplex) {
                // every t is in I_up: i is the first smallest G_t
                double gmin = Double.POSITIVE_INFINITY;
                for (int t = 0; t < n; t++) {
                    if (gg[t] < gmin) {
                        gmin = gg[t];
                        gmaxIdx = t;
                    }
                }
                gmax = -gmin;
            } else {
                boolean[] up = inUp;
                for (int t = 0; t < n; t++) {
                    if (up[t]) {
                        double v = -yy[t] * gg[t];
                        if (v >= gmax) {
                            gmax = v;
                            gmaxIdx = t;
                        }
                    }
                }
            }
            int i = gmaxIdx;
            float[] qi = i != -1 ? getQ(i, n) : null;
            double yi2 = i != -1 ? 2.0 * y[i] : 0;
            double qdi = i != -1 ? qd[i] : 0;
            boolean[] low = inLow;
            double[] qdd = qd;
            double threshold = jThreshold;
            double gap;
            if (simplex) {
                // y = 1, I_low = {a_t > 0}: G_t - G_i is the gradient difference, 2 Q_it the cross term;
                // also a'G for the Frank-Wolfe gap; ties to the first j
                double[] aa = alpha;
                double aG = 0.0;
                boolean fw = frankWolfe;
                for (int t = 0; t < n; t++) {
                    if (low[t]) {
                        double gt = gg[t];
                        if (fw) {
                            aG += aa[t] * gt;
                        } else if (gt >= gmax2) {
                            gmax2 = gt;
                        }
                        double gradDiff = gmax + gt;
                        if (gradDiff > threshold) {
                            double quad = qdi + qdd[t] - 2.0 * qi[t];
                            double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : TAU);
                            if (objDiff < objDiffMin) {
                                gminIdx = t;
                                objDiffMin = objDiff;
                            }
                        }
                    }
                }
                // Frank-Wolfe: a'G - delta min_t G_t, min_t G_t = -gmax
                gap = fw ? aG + delta * gmax : gmax + gmax2;
            } else {
                for (int t = 0; t < n; t++) {
                    if (low[t]) {
                        double yg = yy[t] * gg[t];
                        if (yg >= gmax2) {
                            gmax2 = yg;
                        }
                        double gradDiff = gmax + yg;
                        if (gradDiff > threshold) {
                            // Q_it y_i y_t = K_it: quad = K_ii + K_tt - 2 K_it (LIBSVM's two branches in one)
                            double quad = qdi + qdd[t] - yi2 * yy[t] * qi[t];
                            double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : TAU);
                            if (objDiff <= objDiffMin) {
                                gminIdx = t;
                                objDiffMin = objDiff;
                            }
                        }
                    }
                }
                gap = gmax + gmax2;
            }
            lastGap = gap;
            if (gap < eps || gminIdx == -1) {
                return false;
            }
            out[0] = gmaxIdx;
            out[1] = gminIdx;
            return true;
        }

        /**
         * {@link #selectWorkingSet} of an epsilon-SVR problem (a method of its own, so that the general one stays as
         * it was for the JIT): the second-order term reads the kernel row of i's point, y_i y_t Q_it = K_it, so
         * quad = K_ii + K_tt - 2 K_it is the same double as the general loop's.
         */
        private boolean selectSvrWorkingSet(int[] out) {
            double gmax = Double.NEGATIVE_INFINITY;
            double gmax2 = Double.NEGATIVE_INFINITY;
            int gmaxIdx = -1;
            int gminIdx = -1;
            double objDiffMin = Double.POSITIVE_INFINITY;
            int n = activeSize;
            double[] gg = g;
            double[] yy = y;
            if (nextValid) {
                gmax = nextGmax;
                gmaxIdx = nextGmaxIdx;
                nextValid = false;
            } else {
                boolean[] up = inUp;
                for (int t = 0; t < n; t++) {
                    if (up[t]) {
                        double v = -yy[t] * gg[t];
                        if (v >= gmax) {
                            gmax = v;
                            gmaxIdx = t;
                        }
                    }
                }
            }
            int i = gmaxIdx;
            float[] ki = i != -1 ? svrKernelRow(i) : null;
            double qdi = i != -1 ? qd[i] : 0;
            boolean[] low = inLow;
            double[] qdd = qd;
            int[] rr = real;
            double threshold = jThreshold;
            for (int t = 0; t < n; t++) {
                if (low[t]) {
                    double yg = yy[t] * gg[t];
                    if (yg >= gmax2) {
                        gmax2 = yg;
                    }
                    double gradDiff = gmax + yg;
                    if (gradDiff > threshold) {
                        double quad = qdi + qdd[t] - 2.0 * ki[rr[t]];
                        double objDiff = -(gradDiff * gradDiff) / (quad > 0 ? quad : TAU);
                        if (objDiff <= objDiffMin) {
                            gminIdx = t;
                            objDiffMin = objDiff;
                        }
                    }
                }
            }
            double gap = gmax + gmax2;
            lastGap = gap;
            if (gap < eps || gminIdx == -1) {
                return false;
            }
            out[0] = gmaxIdx;
            out[1] = gminIdx;
            return true;
        }

        /** m(a) - M(a) over all l variables (G must be complete); the largest over the groups of a grouped problem. */
        private double kktGap() {
            if (signGroups) {
                // per sign s: m_s = max of -y_t G_t over I_up, -M_s = max of y_t G_t over I_low
                double[] up = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
                double[] low = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
                for (int t = 0; t < l; t++) {
                    int s = y[t] > 0 ? 0 : 1;
                    if (inUp[t]) {
                        up[s] = Math.max(up[s], -y[t] * g[t]);
                    }
                    if (inLow[t]) {
                        low[s] = Math.max(low[s], y[t] * g[t]);
                    }
                }
                double gap = 0.0;
                for (int s = 0; s < 2; s++) {
                    double v = up[s] + low[s];
                    if (Double.isFinite(v)) {
                        gap = Math.max(gap, v);
                    }
                }
                return gap;
            }
            if (grouped) {
                groupExtremes();
                nextValid = false;
                double gap = 0.0;
                for (int grp = 0; grp < groupUp.length; grp++) {
                    double v = groupUp[grp] - groupLow[grp];
                    if (Double.isFinite(v)) {
                        gap = Math.max(gap, v);
                    }
                }
                return gap;
            }
            double up = Double.NEGATIVE_INFINITY;
            double low = Double.NEGATIVE_INFINITY;
            for (int t = 0; t < l; t++) {
                if (y[t] > 0) {
                    if (!isUpper(t)) {
                        up = Math.max(up, -g[t]);
                    }
                    if (!isLower(t)) {
                        low = Math.max(low, g[t]);
                    }
                } else {
                    if (!isLower(t)) {
                        up = Math.max(up, g[t]);
                    }
                    if (!isUpper(t)) {
                        low = Math.max(low, -g[t]);
                    }
                }
            }
            double gap = up + low;
            return Double.isFinite(gap) ? Math.max(gap, 0.0) : 0.0;
        }

        private void reconstructGradient() {
            nextValid = false;
            if (activeSize == l) {
                return;
            }
            if (svrBar != null) {
                for (int j = activeSize; j < l; j++) {
                    g[j] = y[j] * svrBar[real[j]] + p[j];
                }
            } else {
                for (int j = activeSize; j < l; j++) {
                    g[j] = gBar[j] + p[j];
                }
            }
            int nrFree = 0;
            for (int j = 0; j < activeSize; j++) {
                if (isFree(j)) {
                    nrFree++;
                }
            }
            if (svrCache != null) {
                reconstructSvrGradient((long) nrFree * l > 2L * activeSize * (l - activeSize));
            } else if ((long) nrFree * l > 2L * activeSize * (l - activeSize)) {
                for (int i = activeSize; i < l; i++) {
                    float[] qi = getQ(i, activeSize);
                    double s = 0;
                    for (int j = 0; j < activeSize; j++) {
                        if (isFree(j)) {
                            s += alpha[j] * qi[j];
                        }
                    }
                    g[i] += s;
                }
            } else {
                for (int i = 0; i < activeSize; i++) {
                    if (isFree(i)) {
                        float[] qi = getQ(i, l);
                        double ai = alpha[i];
                        for (int j = activeSize; j < l; j++) {
                            g[j] += ai * qi[j];
                        }
                    }
                }
            }
        }

        /**
         * {@link #reconstructGradient}'s two ways for an epsilon-SVR problem from kernel rows (by inactive position
         * when {@code byInactive}, else by free active position): sum_j a_j Q_ij = y_i sum_j y_j (a_j K_ij),
         * bit for bit the sums over the signed rows of Q (each term only changes sign).
         */
        private void reconstructSvrGradient(boolean byInactive) {
            int[] rr = real;
            if (byInactive) {
                for (int i = activeSize; i < l; i++) {
                    float[] ki = svrKernelRow(i);
                    double s = 0;
                    for (int j = 0; j < activeSize; j++) {
                        if (isFree(j)) {
                            s += y[j] * (alpha[j] * ki[rr[j]]);
                        }
                    }
                    g[i] += y[i] * s;
                }
            } else {
                for (int i = 0; i < activeSize; i++) {
                    if (isFree(i)) {
                        float[] ki = svrKernelRow(i);
                        double ya = y[i] * alpha[i];
                        for (int j = activeSize; j < l; j++) {
                            g[j] += y[j] * (ya * ki[rr[j]]);
                        }
                    }
                }
            }
        }

        private boolean beShrunk(int i, double gmax1, double gmax2) {
            if (isUpper(i)) {
                return y[i] > 0 ? -g[i] > gmax1 : -g[i] > gmax2;
            } else if (isLower(i)) {
                return y[i] > 0 ? g[i] > gmax2 : g[i] > gmax1;
            }
            return false;
        }

        private void doShrinking() {
            nextValid = false;
            double gmax1 = Double.NEGATIVE_INFINITY;
            double gmax2 = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < activeSize; i++) {
                if (y[i] > 0) {
                    if (!isUpper(i) && -g[i] >= gmax1) {
                        gmax1 = -g[i];
                    }
                    if (!isLower(i) && g[i] >= gmax2) {
                        gmax2 = g[i];
                    }
                } else {
                    if (!isUpper(i) && -g[i] >= gmax2) {
                        gmax2 = -g[i];
                    }
                    if (!isLower(i) && g[i] >= gmax1) {
                        gmax1 = g[i];
                    }
                }
            }
            if (!unshrink && gmax1 + gmax2 <= eps * 10) {
                unshrink = true;
                reconstructGradient();
                activeSize = l;
            }
            int swaps = 0;
            for (int i = 0; i < activeSize; i++) {
                if (beShrunk(i, gmax1, gmax2)) {
                    activeSize--;
                    while (activeSize > i) {
                        if (!beShrunk(activeSize, gmax1, gmax2)) {
                            swapIndex(i, activeSize);
                            swapPairs[2 * swaps] = i;
                            swapPairs[2 * swaps + 1] = activeSize;
                            swaps++;
                            break;
                        }
                        activeSize--;
                    }
                }
            }
            cache.swapIndices(swapPairs, swaps);
        }

        /**
         * LIBSVM's Solver_NU shrinking for a problem grouped by sign: a bounded variable leaves the active set when
         * it cannot enter a violating pair of its own sign (Solver_NU's be_shrunk); the gradient is rebuilt once,
         * when the larger of the two signs' violations first falls to 10 eps.
         */
        private void doSignGroupShrinking() {
            nextValid = false;
            // per sign: m_s = max -y_t G_t over I_up (gmax1 for +1, gmax3 for -1), -M_s = max y_t G_t over I_low
            // (gmax2 for +1, gmax4 for -1)
            double gmax1 = Double.NEGATIVE_INFINITY;
            double gmax2 = Double.NEGATIVE_INFINITY;
            double gmax3 = Double.NEGATIVE_INFINITY;
            double gmax4 = Double.NEGATIVE_INFINITY;
            for (int t = 0; t < activeSize; t++) {
                double yg = y[t] * g[t];
                if (y[t] > 0) {
                    if (inUp[t] && -yg > gmax1) {
                        gmax1 = -yg;
                    }
                    if (inLow[t] && yg > gmax2) {
                        gmax2 = yg;
                    }
                } else {
                    if (inUp[t] && -yg > gmax3) {
                        gmax3 = -yg;
                    }
                    if (inLow[t] && yg > gmax4) {
                        gmax4 = yg;
                    }
                }
            }
            if (!unshrink && Math.max(gmax1 + gmax2, gmax3 + gmax4) <= eps * 10) {
                unshrink = true;
                reconstructGradient();
                activeSize = l;
            }
            int swaps = 0;
            for (int t = 0; t < activeSize; t++) {
                if (signGroupShrunk(t, gmax1, gmax2, gmax3, gmax4)) {
                    activeSize--;
                    while (activeSize > t) {
                        if (!signGroupShrunk(activeSize, gmax1, gmax2, gmax3, gmax4)) {
                            swapIndex(t, activeSize);
                            swapPairs[2 * swaps] = t;
                            swapPairs[2 * swaps + 1] = activeSize;
                            swaps++;
                            break;
                        }
                        activeSize--;
                    }
                }
            }
            cache.swapIndices(swapPairs, swaps);
        }

        /**
         * Solver_NU's be_shrunk in the signs' m and M: a bounded variable in I_low only is shrunk when -y_t G_t is
         * above its sign's m, one in I_up only when -y_t G_t is below its sign's M.
         */
        private boolean signGroupShrunk(int t, double gmax1, double gmax2, double gmax3, double gmax4) {
            if (isFree(t)) {
                return false;
            }
            double yg = y[t] * g[t];
            boolean positive = y[t] > 0;
            if (!inUp[t]) {
                // in I_low only: it could be j only with -y_t G_t < m_s
                return -yg > (positive ? gmax1 : gmax3);
            }
            // in I_up only: it could be i only with -y_t G_t > M_s = -(gmax2 or gmax4)
            return yg > (positive ? gmax2 : gmax4);
        }

        /**
         * rho over the positions first .. end - 1 (the active variables, or one group of a grouped problem: the
         * multiplier of its equality) whose sign is {@code sign} (0: every sign): the mean of y_t G_t over the free
         * ones, else the midpoint of the interval the bounded ones leave (LIBSVM's calculate_rho; per group or
         * per sign, Solver_NU's r_1 and -r_2).
         */
        private double calculateRho(int first, int end, int sign) {
            int nrFree = 0;
            double ub = Double.POSITIVE_INFINITY;
            double lb = Double.NEGATIVE_INFINITY;
            double sumFree = 0;
            for (int t = first; t < end; t++) {
                if (sign != 0 && y[t] != sign) {
                    continue;
                }
                double yg = y[t] * g[t];
                if (isUpper(t)) {
                    if (y[t] < 0) {
                        ub = Math.min(ub, yg);
                    } else {
                        lb = Math.max(lb, yg);
                    }
                } else if (isLower(t)) {
                    if (y[t] > 0) {
                        ub = Math.min(ub, yg);
                    } else {
                        lb = Math.max(lb, yg);
                    }
                } else {
                    nrFree++;
                    sumFree += yg;
                }
            }
            return nrFree > 0 ? sumFree / nrFree : (ub + lb) / 2;
        }
    }
}
