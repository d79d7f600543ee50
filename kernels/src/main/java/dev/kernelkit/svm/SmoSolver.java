package dev.kernelkit.svm;

import dev.kernelkit.gram.KernelMatrix;

/**
 * Sequential minimal optimisation for the binary SVM dual, the algorithm of LIBSVM (Fan, Chen and
 * Lin, "Working set selection using second order information for training SVM", JMLR 6, 2005;
 * Chang and Lin, "LIBSVM: a library for support vector machines", 2011, sections 4.1-4.1.3):
 *
 * <pre>
 *   min_a  f(a) = 1/2 a'Qa - e'a   s.t.  y'a = 0,  0 &le; a_i &le; U_i
 * </pre>
 *
 * with Q_ij = y_i y_j K_ij and U_i = C_i for the hinge loss, and Q + diag(1/(2 C_i)), U_i = +infinity
 * for the squared hinge (a variable is then never "at its upper bound").
 *
 * <p>Symbols: G = grad f(a) = Qa - e; I_up = {t : a_t &lt; U_t, y_t = 1 or a_t &gt; 0, y_t = -1},
 * I_low the reverse; m(a) = max_{I_up} -y_t G_t, M(a) = min_{I_low} -y_t G_t. Each iteration picks
 * i = argmax m(a) and j by the second-order rule (WSS 2 of the paper, with tau = 1e-12 for
 * non-positive curvature), solves the two-variable sub-problem analytically and updates G with
 * rows Q_i, Q_j. It stops when m(a) - M(a) &lt; eps. Shrinking (every min(n, 1000) iterations)
 * removes bounded variables that cannot move; their gradients are rebuilt from G_bar_i =
 * sum_{a_j = U_j} U_j Q_ij plus the free variables before the final check. The bias is b = -rho
 * with rho the mean of y_i G_i over free variables (the midpoint of the feasible interval when
 * there are none).
 *
 * <p>Kernel rows: the solver keeps its own LRU cache of Q rows, stored as {@code float} like
 * LIBSVM, restricted to the active set and bounded by {@link Options#cacheMb()}; shrinking swaps
 * indices inside the cache so rows of shrunk points are never computed. Rows are read with
 * {@link KernelMatrix#row(int, int[], int, double[])}, which lazy matrices compute on the fly.
 *
 * <p>A warm start alpha is projected to the feasible set: clipped to [0, U_i], then y'a = 0 is
 * restored by scaling the alphas of the class with the larger sum down to the other class's sum
 * (an imbalance below 1e-12 relative is rounding and left alone); the gradient is then computed
 * from it, from the kernel rows of its non-zero entries or from products a caller supplies
 * ({@link #solve(SvmProblem, double[], KernelProducts)}). Not thread-safe per call state; one instance may be
 * shared (each {@link #solve} call has its own state).
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

    /** The state of one solve, in LIBSVM's permuted index space (active variables first). */
    private static final class Run {
        private static final byte LOWER = 0;
        private static final byte UPPER = 1;
        private static final byte FREE = 2;

        private final KernelMatrix kernel;
        private final int l;
        private final double eps;
        private final boolean shrinking;
        private final long maxIter;
        private final boolean squared;
        private final QRowCache cache;

        private final int[] perm;      // perm[t] = original index of position t
        private final double[] y;
        private final double[] upper;  // U_t (C_t or +infinity)
        private final double[] diagExtra;
        private final double[] qd;     // Q_tt
        private final double[] alpha;
        private final double[] g;
        private final double[] gBar;
        private final byte[] status;
        private final boolean[] inUp;  // t in I_up: a_t < U_t for y_t = +1, a_t > 0 for y_t = -1
        private final boolean[] inLow; // t in I_low: the reverse
        // argmax of -y_t G_t over I_up, computed inside the gradient update of the last step
        private boolean nextValid;
        private int nextGmaxIdx;
        private double nextGmax;
        private int activeSize;
        private boolean unshrink;

        private final int[] colBuf;
        private final double[] rowBuf;
        private final int[] swapPairs;
        /** Supplier of the starting gradient's products, or null (rows). */
        private final KernelProducts products;

        Run(SvmProblem problem, double[] initialAlpha, Options options, KernelProducts products) {
            this.products = initialAlpha == null ? null : products;
            kernel = problem.kernel();
            l = problem.size();
            eps = options.eps();
            shrinking = options.shrinking();
            maxIter = options.iterationCap(l);
            squared = problem.loss() == SvmLoss.SQUARED_HINGE;
            cache = new QRowCache(l, (long) (options.cacheMb() * (1 << 20)));
            perm = new int[l];
            y = problem.labels();
            upper = new double[l];
            diagExtra = new double[l];
            qd = new double[l];
            for (int t = 0; t < l; t++) {
                perm[t] = t;
                double c = problem.c(t);
                upper[t] = squared ? Double.POSITIVE_INFINITY : c;
                diagExtra[t] = squared ? 1.0 / (2.0 * c) : 0.0;
                qd[t] = kernel.diagonal(t) + diagExtra[t];
            }
            alpha = initialAlpha == null ? new double[l] : projectToFeasible(initialAlpha, y, upper);
            g = new double[l];
            gBar = new double[l];
            status = new byte[l];
            inUp = new boolean[l];
            inLow = new boolean[l];
            colBuf = new int[l];
            rowBuf = new double[l];
            swapPairs = new int[2 * l];
        }

        private float[] getQ(int i, int len) {
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
            swap(y, i, j);
            swap(upper, i, j);
            swap(diagExtra, i, j);
            swap(qd, i, j);
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
                    if (isUpper(i)) {
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
                g[t] = -1.0;
            }
            if (!gradientFromProducts()) {
                gradientFromRows();
            }

            long iter = 0;
            int counter = Math.min(l, 1000) + 1;
            int[] ws = new int[2];
            boolean converged = false;
            while (iter < maxIter) {
                if (--counter == 0) {
                    counter = Math.min(l, 1000);
                    if (shrinking) {
                        doShrinking();
                    }
                }
                if (!selectWorkingSet(ws)) {
                    reconstructGradient();
                    activeSize = l;
                    if (!selectWorkingSet(ws)) {
                        converged = true;
                        break;
                    }
                    counter = 1;
                }
                iter++;
                takeStep(ws[0], ws[1]);
            }
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
            double rho = calculateRho();
            double v = 0;
            for (int t = 0; t < l; t++) {
                v += alpha[t] * (g[t] - 1.0);
            }
            double[] out = new double[l];
            for (int t = 0; t < l; t++) {
                out[perm[t]] = alpha[t];
            }
            return new SvmSolution(out, -rho, v / 2, iter, kktGap(), converged);
        }

        private void takeStep(int i, int j) {
            float[] qi = getQ(i, activeSize);
            float[] qj = getQ(j, activeSize);
            double ci = upper[i];
            double cj = upper[j];
            double oldAi = alpha[i];
            double oldAj = alpha[j];
            if (y[i] != y[j]) {
                double quad = qd[i] + qd[j] + 2 * qi[j];
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
            } else {
                double quad = qd[i] + qd[j] - 2 * qi[j];
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
            }
            double dai = alpha[i] - oldAi;
            double daj = alpha[j] - oldAj;
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

        /** WSS 2 of Fan et al. (2005); false when the active set is optimal to eps. */
        private boolean selectWorkingSet(int[] out) {
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
            float[] qi = i != -1 ? getQ(i, n) : null;
            double yi2 = i != -1 ? 2.0 * y[i] : 0;
            double qdi = i != -1 ? qd[i] : 0;
            boolean[] low = inLow;
            double[] qdd = qd;
            for (int t = 0; t < n; t++) {
                if (low[t]) {
                    double yg = yy[t] * gg[t];
                    if (yg >= gmax2) {
                        gmax2 = yg;
                    }
                    double gradDiff = gmax + yg;
                    if (gradDiff > 0) {
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
            if (gmax + gmax2 < eps || gminIdx == -1) {
                return false;
            }
            out[0] = gmaxIdx;
            out[1] = gminIdx;
            return true;
        }

        /** m(a) - M(a) over all l variables (G must be complete). */
        private double kktGap() {
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
            for (int j = activeSize; j < l; j++) {
                g[j] = gBar[j] - 1.0;
            }
            int nrFree = 0;
            for (int j = 0; j < activeSize; j++) {
                if (isFree(j)) {
                    nrFree++;
                }
            }
            if ((long) nrFree * l > 2L * activeSize * (l - activeSize)) {
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

        private double calculateRho() {
            int nrFree = 0;
            double ub = Double.POSITIVE_INFINITY;
            double lb = Double.NEGATIVE_INFINITY;
            double sumFree = 0;
            for (int t = 0; t < activeSize; t++) {
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
