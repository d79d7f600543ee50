package dev.kernelkit.mkl;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.BaseKernelMatrices;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.optim.SimplexProjection;
import dev.kernelkit.svm.KernelProducts;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Soft margin multiple kernel learning (Xu, Tsang and Xu, "Soft Margin Multiple Kernel Learning",
 * IEEE TNNLS 24(5), 2013) and the baselines of its Table I, all on one C-SVC solver
 * ({@link SmoSolver}) warm-started from the previous alpha.
 *
 * <p>Symbols: M base matrices K_m, labels y, alpha the C-SVC dual for K(mu) = sum_m mu_m K_m,
 * beta = alpha o y, q_m = beta' K_m beta, h_m = q_m / 2, J(mu) = max_alpha 1'alpha - 1/2 sum_m mu_m q_m
 * the SVM dual optimum (dJ/dmu_m = -h_m by Danskin's theorem).
 *
 * <ul>
 *   <li>SM1 (eq. 11, Algorithm 1): mu on {sum mu = 1, 0 &le; mu &le; theta}; alternate the SVM
 *       solve and the closed form of {@link CappedSimplexUpdate} with a_m = 1/2 mu_m^2 q_m
 *       (= ||f_m||^2 / 2); stop when the relative duality (Frank-Wolfe) gap over the capped simplex,
 *       (sum_m mu_m g_m - min_v g'v) / J with g = -h ({@link #cappedFrankWolfeGap}), an upper bound on
 *       (J(mu) - min J) / J, is at most tolerance (default 0.01, SimpleMKL's).</li>
 *   <li>SM2 (eq. 13, Algorithm 2): min over the simplex of F(mu) = J(mu) + ||mu||^2 / (2 theta), whose
 *       gradient is g_m = -h_m + mu_m / theta (eq. 26). Algorithm 2 only asks each iteration for weights that
 *       lower F; ours come from the primal (Proposition 4, eq. 14): with the functions f_m = mu_m K_m beta of the
 *       SVM at mu held fixed, the weights minimising sum_m ||f_m||^2 / (2 mu_m) + ||mu||^2 / (2 theta) on the
 *       simplex ({@link SquareHingeUpdate}, the analogue of SM1's closed form, with the same a_m = 1/2 mu_m^2 q_m)
 *       never raise F, since F(mu') = min_f P(mu', f) &le; P(mu', f(mu)) &le; P(mu, f(mu)) = F(mu) for the jointly
 *       convex primal objective P. The step is tried lengthened first (mu_m (next_m / mu_m)^omega, omega doubling
 *       up to {@link #SM2_MAX_OVERRELAXATION} while the lengthened steps lower F; one SVM solve per trial), the
 *       plain step when it does not. Stop when the relative saddle-point duality gap (F(mu) - max_k G(alpha_k)) / F
 *       is at most tolerance, where G(alpha) = 1'alpha + min over the simplex of (-1/2 sum_m v_m q_m(alpha)
 *       + ||v||^2 / (2 theta)) ({@link #sm2Dual}, the minimiser v = P(theta q / 2),
 *       P = {@link SimplexProjection#ontoSimplex}, eq. 27) and alpha_k runs over every SVM solution of the fit,
 *       trials included. G(alpha) &le; min F for every feasible alpha, so the test bounds (F(mu) - min F) / F from
 *       above whether or not J is differentiable at mu; at the current alpha it is never larger than the
 *       Frank-Wolfe gap (sum_m mu_m g_m - min_m g_m) / F of the linearisation. That matters when mu sits on
 *       low-rank kernels (e.g. all weight on the kernels of one binary feature): the SVM dual has a face of
 *       optima, J has a kink, and the alphas of nearby points certify what the current one does not (Australian:
 *       a Frank-Wolfe gap of 2.6% forever, 0.2% certified by the neighbours). When neither step lowers F above
 *       its resolution (1e-9 |F|), the fit takes cutting-plane steps ({@link Run#sm2CuttingPlaneSteps}): every
 *       SVM solution alpha_k of the fit gives a cut s_k - 1/2 mu'q_k below J, the model of F built from them is
 *       minimised through its dual over the cut weights lambda, the averaged alpha-bar = sum_k lambda_k alpha_k is
 *       offered to the gap test (G(alpha-bar) is at least the model's lower bound, which certifies weights at a
 *       kink where no single alpha does), and the model's minimiser is tried as the next weights; up to
 *       {@link #SM2_BUNDLE_STEPS} such steps run until one lowers F or the gap test passes, otherwise the fit ends,
 *       converged only when the gap test passes. The averaged certificate is also tried every
 *       {@link #SM2_AGGREGATE_EVERY} iterations. In a grid search (shared starts), a fit whose penalty 1 / (2 theta)
 *       is within the tolerance of J also takes the SVM solutions of one shared anchor fit at theta
 *       {@link #SM2_ANCHOR_THETA} as cuts and certificates and starts from the anchor's weights when F is lower
 *       there ({@link Sm2Anchor}); most such fits are certified there with no solve of their own. The paper's
 *       projected-gradient step (P(mu - eta g) with Barzilai-Borwein steps and an Armijo search on the true F,
 *       Birgin, Martinez and Raydan, SIAM J. Optim. 2000) is kept as the reference, {@link Sm2Step#PROJECTED_GRADIENT}:
 *       at the protocol's 1% gap it took 2-7 times the SVM solves of the closed-form step at theta &ge; 1e-3 on
 *       Heart and Ringnorm folds (BENCHMARKS.md), slowed by Barzilai-Borwein steps of 1e-6 on an ill-conditioned
 *       J; to tight gaps (1e-7) on small problems it finishes in fewer solves, since it sets weights to exactly 0
 *       where the closed form only shrinks them geometrically.</li>
 *   <li>Lp-MKL: mu_m = ||f_m||^(2/(p+1)) / (sum_k ||f_k||^(2p/(p+1)))^(1/p) with ||f_m|| = mu_m sqrt(q_m)
 *       (Kloft et al., JMLR 2011, eq. 12); p = infinity gives mu = 1; stop when the relative duality gap
 *       over the p-norm ball, (||h||_r - mu'h) / J with r = p / (p - 1) ({@link #lpFrankWolfeGap}), is at
 *       most tolerance.</li>
 *   <li>SimpleMKL (Rakotomamonjy et al., JMLR 2008, Algorithm 1): reduced gradient on the simplex,
 *       moving to the first zero along the descent direction while J decreases, then a golden-section
 *       search (SimpleMKL's interval tolerance 0.1 of the step) on the true J; stop when the relative
 *       duality gap (J - 1'alpha + max_m h_m) / J &lt; tolerance.</li>
 *   <li>AveKernel: mu = 1/M, one SVM.</li>
 * </ul>
 * All methods start from uniform weights (M^(-1/p) each for Lp).
 */
public final class SoftMarginMkl {
    /** SimpleMKL's numerical precision: weights below it are set to 0 after a step. */
    static final double NUMERICAL_PRECISION = 1e-8;
    /** SimpleMKL's golden-section interval tolerance, relative to the largest step. */
    static final double GOLDEN_TOLERANCE = 0.1;
    /** Bounds of SM2's Barzilai-Borwein step (the spectral projected gradient's safeguards). */
    static final double SPG_MIN_STEP = 1e-10, SPG_MAX_STEP = 1e10;
    /** Armijo constant of the SM2 line search. */
    static final double ARMIJO = 1e-4;
    /** Trials of the SM2 line search before it stops. */
    static final int MAX_BACKTRACKS = 30;
    /**
     * Relative resolution of SM2's F as the warm-started SVM solves evaluate it: a line-search trial whose
     * Armijo decrease ARMIJO t |slope| is below SM2_RESOLUTION |F| cannot be told from the solver's noise
     * (on Australian, F moved by 1e-12..1e-9 relative between solves at the same weights), so the line
     * search stops there instead of accepting a "decrease" of rounding size.
     */
    static final double SM2_RESOLUTION = 1e-9;
    /**
     * Largest over-relaxation factor of SM2's closed-form step ({@link SquareHingeUpdate#overRelaxed}). On one
     * Ringnorm inner fold (560 points, 273 kernels, C = 100) the plain step (factor 1) needed 59-62 SVM solves per
     * theta from 1e-3 up, factor 2 needed 31-32, factor 4 17-20 and factor 8 20-29; Heart's fold needed 16 with 4.
     */
    static final double SM2_MAX_OVERRELAXATION = 4;
    /**
     * theta of the SM2 anchor fit that a grid search's larger-theta SM2 fits share ({@link Sm2Anchor}): far above the
     * paper's grid (1e-5..1e5), where ||mu||^2 / (2 theta) &le; 5e-7 is negligible against J for any C of interest,
     * so the anchor stands for the L1-MKL end of the theta path while keeping every formula finite.
     */
    static final double SM2_ANCHOR_THETA = 1e6;
    /**
     * The anchor stops at this share of the fits' tolerance: the rest is room for a fit's own penalty, so that the
     * anchor's weights pass that fit's gap test when its penalty is small.
     */
    static final double SM2_ANCHOR_TOLERANCE_SHARE = 0.5;
    /** Cutting-plane steps SM2 tries when its line search finds no step (each one SVM solve). */
    static final int SM2_BUNDLE_STEPS = 40;
    /** SM2 re-solves its cutting-plane model for a certificate every this many iterations. */
    static final int SM2_AGGREGATE_EVERY = 5;
    /** The most SVM solutions SM2's cutting-plane model keeps (oldest dropped first). */
    static final int SM2_CUTS = 300;
    /** Iterations of the model's dual ascent ({@link #sm2ModelWeights}). */
    static final int SM2_MODEL_ITERATIONS = 500;

    private SoftMarginMkl() {
    }

    /**
     * The trainer of the learner contract ({@link Trainers#of}), named by the method ({@code sm1}, {@code sm2},
     * {@code lp}, {@code simple}, {@code ave}): the SimpleMKL protocol kernels
     * ({@link MultipleKernel#simpleMklProtocol}) normalised to unit trace on the training data, then
     * {@link #fit(LabeledDataset, MultipleKernel, MklOptions, FitListener)}. The protocol standardises the data
     * first: wrap it in {@link dev.kernelkit.learn.ScaledModel#trainer} (as {@link MklCatalog} does).
     */
    public static Trainer<Vec, MklModel> trainer(MklOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(options.method().cliName(), InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> {
                    LabeledDataset d = LabeledDataset.of(data);
                    MultipleKernel k = MultipleKernel.simpleMklProtocol(d.dim()).withUnitTrace(d.points());
                    return fit(d, k, options, listener);
                });
    }

    /**
     * As {@link #trainer(MklOptions)} on the user's base kernels, normalised to unit trace on the training data.
     *
     * @throws IllegalArgumentException for an empty list or a null kernel
     */
    public static Trainer<Vec, MklModel> trainer(MklOptions options, List<? extends Kernel<Vec>> kernels) {
        Objects.requireNonNull(options, "options");
        MultipleKernel base = MultipleKernel.of(kernels);
        return Trainers.of(options.method().cliName(), InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> {
                    LabeledDataset d = LabeledDataset.of(data);
                    return fit(d, base.withUnitTrace(d.points()), options, listener);
                });
    }

    /** {@link #fit(LabeledDataset, MultipleKernel, MklOptions, FitListener)} with no listener. */
    public static MklModel fit(LabeledDataset data, MultipleKernel kernels, MklOptions options) {
        return fit(data, kernels, options, FitListener.SILENT);
    }

    /**
     * Fits an MKL classifier on vectors with the given (already scaled, e.g.
     * {@link MultipleKernel#withUnitTrace}) base kernels: one machine for two classes (the larger
     * label positive), one-vs-rest machines over the sorted labels for more. The training matrices
     * are built once and shared by the machines. The listener hears every machine's iterations (the
     * objective of {@link MklResult#objectives}); the model's fit report counts the time of the training
     * matrices too.
     *
     * @throws IllegalArgumentException for fewer than two classes or a bad option (see {@link #fitBinary})
     */
    public static MklModel fit(LabeledDataset data, MultipleKernel kernels, MklOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        requireTwoClasses(data);
        if (options.method() == MklMethod.SM1) {
            CappedSimplexUpdate.checkTheta(options.theta(), kernels.count());
        }
        return fit(data, kernels, kernels.gram(data.points()), options, listener, null, clock);
    }

    /** The sorted classes of {@code data}, or a clear error for fewer than two. */
    static double[] requireTwoClasses(LabeledDataset data) {
        double[] classes = data.classes();
        if (classes.length < 2) {
            throw new IllegalArgumentException("MKL needs at least 2 classes, got " + Arrays.toString(classes));
        }
        return classes;
    }

    /** The fit on training matrices already built from {@code data.points()} (shared by a grid search). */
    static MklModel fit(LabeledDataset data, MultipleKernel kernels, BaseKernelMatrices gram, MklOptions options,
                        FitListener listener) {
        return fit(data, kernels, gram, options, listener, null);
    }

    /**
     * As {@link #fit(LabeledDataset, MultipleKernel, BaseKernelMatrices, MklOptions, FitListener)}, taking the
     * first SVM solve from {@code starts} (null: none) when another fit of the grid search already solved it.
     */
    static MklModel fit(LabeledDataset data, MultipleKernel kernels, BaseKernelMatrices gram, MklOptions options,
                        FitListener listener, SharedStarts starts) {
        return fit(data, kernels, gram, options, listener, starts, Stopwatch.start());
    }

    private static MklModel fit(LabeledDataset data, MultipleKernel kernels, BaseKernelMatrices gram,
                                MklOptions options, FitListener listener, SharedStarts starts, Stopwatch clock) {
        double[] classes = requireTwoClasses(data);
        double[] labels = data.labels();
        int machines = classes.length == 2 ? 1 : classes.length;
        // sample i costs C w_{c(i)} by its own class in every machine, as in Svm; null: C for all
        double[] costs = options.classWeights().isNone() ? null
                : options.classWeights().costs(options.c(), data.classNames(), data.classIndices());
        List<MklResult> results = new ArrayList<>();
        for (int k = 0; k < machines; k++) {
            double positive = classes.length == 2 ? classes[1] : classes[k];
            double[] y = new double[labels.length];
            for (int i = 0; i < y.length; i++) {
                y[i] = labels[i] == positive ? 1.0 : -1.0;
            }
            results.add(fitBinary(gram, y, costs, options, listener, WarmStart.PREVIOUS_ALPHA, starts,
                    new Progress(options.method().cliName(), k, machines, clock), Sm2Step.CLOSED_FORM));
        }
        return MklModel.of(options, classes, kernels, data.points(), results, clock.elapsedSeconds());
    }

    /** {@link #fitBinary(BaseKernelMatrices, double[], MklOptions, FitListener)} with no listener. */
    public static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, MklOptions options) {
        return fitBinary(kernels, y, options, FitListener.SILENT);
    }

    /**
     * Learns the kernel weights and the SVM for labels y in {-1, +1}; the listener hears one
     * {@link FitProgress} per iteration (machine 0 of 1).
     *
     * @throws IllegalArgumentException for a label outside {-1, +1}, a single class, a label count
     *         different from n, or SM1's theta &lt; 1/M
     */
    public static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, MklOptions options, FitListener listener) {
        return fitBinary(kernels, y, options, listener, WarmStart.PREVIOUS_ALPHA);
    }

    /**
     * As {@link #fitBinary(BaseKernelMatrices, double[], MklOptions, FitListener)} with a choice of
     * warm start ({@link WarmStart#NONE} reproduces a straightforward implementation for benchmarks).
     */
    public static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, MklOptions options, FitListener listener,
                                      WarmStart warmStart) {
        return fitBinary(kernels, y, options, listener, warmStart, null);
    }

    /** As {@link #fitBinary(BaseKernelMatrices, double[], MklOptions, FitListener, WarmStart)} with shared first solves. */
    static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, MklOptions options, FitListener listener,
                               WarmStart warmStart, SharedStarts starts) {
        Objects.requireNonNull(options, "options");
        return fitBinary(kernels, y, options, listener, warmStart, starts,
                new Progress(options.method().cliName(), 0, 1, Stopwatch.start()), Sm2Step.CLOSED_FORM);
    }

    /**
     * As {@link #fitBinary(BaseKernelMatrices, double[], MklOptions, FitListener)} with SM2's weight step chosen:
     * tests and benchmarks hold the closed-form step against the paper's projected gradient.
     */
    static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, MklOptions options, Sm2Step sm2Step) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(sm2Step, "sm2Step");
        return fitBinary(kernels, y, options, FitListener.SILENT, WarmStart.PREVIOUS_ALPHA, null,
                new Progress(options.method().cliName(), 0, 1, Stopwatch.start()), sm2Step);
    }

    private static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, MklOptions options, FitListener listener,
                                       WarmStart warmStart, SharedStarts starts, Progress progress, Sm2Step sm2Step) {
        return fitBinary(kernels, y, null, options, listener, warmStart, starts, progress, sm2Step);
    }

    /**
     * @param costs the cost of each sample (class weights resolved over the training set's classes), or null:
     *        C for all, or, with class weights, the weights of the binary labels y (classes "-1" and "1")
     */
    private static MklResult fitBinary(BaseKernelMatrices kernels, double[] y, double[] costs, MklOptions options,
                                       FitListener listener, WarmStart warmStart, SharedStarts starts, Progress progress,
                                       Sm2Step sm2Step) {
        Objects.requireNonNull(warmStart, "warmStart");
        Objects.requireNonNull(kernels, "kernels");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        if (y.length != kernels.size()) {
            throw new IllegalArgumentException("expected " + kernels.size() + " labels, found " + y.length);
        }
        if (options.method() == MklMethod.SM1) {
            CappedSimplexUpdate.checkTheta(options.theta(), kernels.count());
        }
        if (starts != null && !starts.serves(kernels)) {
            throw new IllegalArgumentException("the shared first solves belong to other training matrices");
        }
        double[] cs = costs != null ? costs.clone() : binaryCosts(y, options);
        if (cs.length != y.length) {
            throw new IllegalArgumentException("expected " + y.length + " sample costs, found " + cs.length);
        }
        // shared first solves are keyed by C alone: a weighted fit solves its own
        SharedStarts shared = options.classWeights().isNone() ? starts : null;
        return new Run(kernels, y, cs, options, listener, warmStart, shared, progress, sm2Step).fit();
    }

    /** C for every sample, or C w_{c(i)} of the class weights over the binary labels' classes "-1" and "1". */
    private static double[] binaryCosts(double[] y, MklOptions options) {
        if (options.classWeights().isNone()) {
            double[] cs = new double[y.length];
            Arrays.fill(cs, options.c());
            return cs;
        }
        int[] index = new int[y.length];
        for (int i = 0; i < y.length; i++) {
            index[i] = y[i] > 0 ? 1 : 0;
        }
        return options.classWeights().costs(options.c(), List.of("-1", "1"), index);
    }

    /** SM2's kernel-weight step. */
    enum Sm2Step {
        /** The closed-form step of the primal, over-relaxed ({@link SquareHingeUpdate}); the default. */
        CLOSED_FORM,
        /** The paper's projected-gradient step (Algorithm 2): the reference. */
        PROJECTED_GRADIENT
    }

    /** Which machine of how many a binary fit is, and the clock of the whole fit, for its progress events. */
    private record Progress(String learner, int machine, int machines, Stopwatch clock) {
    }

    /**
     * The products of (beta, gamma) from those of (beta0, gamma0): P(beta, gamma) = P(beta0, gamma0)
     * + P(beta - beta0, gamma - gamma0), since P is linear in its coefficient vectors. Evaluates only the columns
     * where a coefficient changed, O(n |changed| M) instead of O(n |support| M); null when that is not fewer
     * columns than a full evaluation, or when the matrices do not provide products. {@code from} is not modified.
     */
    static double[][][] updatedProducts(BaseKernelMatrices k, double[][][] from, double[] beta0, double[] gamma0,
                                        double[] beta, double[] gamma) {
        int n = beta.length;
        double[] db = new double[n], dg = new double[n];
        int changed = 0, support = 0;
        for (int i = 0; i < n; i++) {
            db[i] = beta[i] - beta0[i];
            dg[i] = gamma[i] - gamma0[i];
            if (db[i] != 0 || dg[i] != 0) {
                changed++;
            }
            if (beta[i] != 0 || gamma[i] != 0) {
                support++;
            }
        }
        if (changed >= support) {
            return null;
        }
        double[][][] p = k.products(db, dg);
        if (p == null) {
            return null;
        }
        for (int v = 0; v < p.length; v++) {
            for (int mm = 0; mm < p[v].length; mm++) {
                double[] out = p[v][mm], base = from[v][mm];
                for (int i = 0; i < n; i++) {
                    out[i] += base[i];
                }
            }
        }
        return p;
    }

    /** The state of one fit. */
    private static final class Run {
        final BaseKernelMatrices k;
        final double[] y;
        /** The cost of each sample: C, or C w_{c(i)} with class weights. */
        final double[] cs;
        final MklOptions o;
        final FitListener listener;
        final Progress progress;
        final WarmStart warmStart;
        final SmoSolver smo;
        final Stopwatch clock = Stopwatch.start();
        final List<Double> history = new ArrayList<>();
        final int m;
        int solves;
        /**
         * Whether forms come from the products: for SM1, Lp, SimpleMKL's accepted iterates and SM2's closed-form
         * steps, whose every form-reading point is warm-started from a point with products (the forms of a trial
         * point then cost the products of its change, {@link #updatedProducts}, instead of a quadratic form over
         * the support); the projected-gradient reference of SM2 computes the forms of its line-search points anew.
         */
        final boolean preferProducts;
        /** Marks "the matrices do not provide products". */
        static final double[][][] NO_PRODUCTS = new double[0][][];

        /** First solves shared with the other fits of a grid search; null when the fit is on its own. */
        final SharedStarts starts;
        /** SM2's weight step. */
        final Sm2Step sm2Step;
        /** Whether this run is an SM2 anchor ({@link Sm2Anchor}): it never asks for an anchor itself. */
        boolean isAnchor;
        /** The point of the last {@link #result}. */
        Point last;

        Run(BaseKernelMatrices k, double[] y, double[] cs, MklOptions o, FitListener listener, WarmStart warmStart,
            SharedStarts starts, Progress progress, Sm2Step sm2Step) {
            this.cs = cs;
            this.sm2Step = sm2Step;
            this.progress = progress;
            this.starts = starts;
            this.warmStart = warmStart;
            this.k = k;
            this.y = y.clone();
            this.o = o;
            this.listener = listener;
            this.smo = new SmoSolver(o.solver());
            this.m = k.count();
            this.preferProducts = warmStart == WarmStart.PREVIOUS_ALPHA
                    && (o.method() != MklMethod.SM2 || sm2Step == Sm2Step.CLOSED_FORM);
        }

        /**
         * An SVM solve at weights mu: alpha, J(mu), and on first use the per-kernel forms q_m = beta' K_m beta
         * (beta = y o alpha) and products K_m beta, K_m gamma (gamma = y o C o [alpha_i = C]). SimpleMKL's
         * line-search points only need J; a point that a later solve warm-starts from hands that solve its
         * starting gradient through the products ({@link #warmProducts}), O(n M) instead of a kernel row
         * per support vector.
         */
        final class Point {
            final double[] mu;
            final SvmSolution svm;
            final double j;
            private final double[] beta;
            private double[] q;
            private double[] gamma;
            /** products of beta and gamma, [0 | 1][m][i]; null until needed, NO_PRODUCTS when not provided. */
            private double[][][] products;
            /** The point this one's solve was warm-started from, until this point's products are computed. */
            private Point parent;
            /** How many incremental updates separate {@link #products} from a full evaluation. */
            private int updates;
            /** The shared first solve this point is, or null. */
            private SharedStarts.Start shared;

            Point(double[] mu, SvmSolution svm, double j, double[] beta, Point parent) {
                this.mu = mu;
                this.svm = svm;
                this.j = j;
                this.beta = beta;
                this.parent = parent;
            }

            double[] q() {
                if (q == null) {
                    double[][][] p = preferProducts ? products() : null;
                    if (p == null) {
                        q = k.quadraticForms(beta);
                    } else {
                        q = new double[m];
                        for (int mm = 0; mm < m; mm++) {
                            double sum = 0;
                            double[] pm = p[0][mm];
                            for (int i = 0; i < beta.length; i++) {
                                sum += beta[i] * pm[i];
                            }
                            q[mm] = sum;
                        }
                    }
                }
                return q;
            }

            /** gamma_i = y_i C for alpha_i at the bound C (the SVM step is a hinge-loss SVM for every method). */
            double[] gamma() {
                if (gamma == null) {
                    gamma = new double[beta.length];
                    for (int i = 0; i < gamma.length; i++) {
                        if (svm.alpha(i) >= cs[i]) {
                            gamma[i] = y[i] * cs[i];
                        }
                    }
                }
                return gamma;
            }

            /**
             * The products of beta and gamma, computed once; null when the matrices do not provide them. When the
             * point this one was warm-started from has its products, only the columns where beta or gamma changed
             * are evaluated ({@link #updatedProducts}): a warm-started solve moves few alphas.
             */
            double[][][] products() {
                if (products == null) {
                    double[][][] p = computeProducts();
                    products = p == null ? NO_PRODUCTS : p;
                }
                return products == NO_PRODUCTS ? null : products;
            }

            /** The shared start's products, else the parent's updated by the change, else a full evaluation. */
            private double[][][] computeProducts() {
                if (shared != null) {
                    return shared.products(() -> k.products(beta, gamma()));
                }
                Point from = parent;
                parent = null;
                if (from != null && from.products != null && from.products != NO_PRODUCTS
                        && from.updates < MAX_PRODUCT_UPDATES) {
                    double[][][] p = updatedProducts(k, from.products, from.beta, from.gamma(), beta, gamma());
                    if (p != null) {
                        updates = from.updates + 1;
                        return p;
                    }
                }
                return k.products(beta, gamma());
            }

            /**
             * K(mu) v for a solve at weights mu warm-started here, when v is this point's beta or gamma (the
             * vectors the SMO asks for); null otherwise, and the SMO reads rows.
             */
            KernelProducts warmProducts(double[] mu) {
                return v -> {
                    int which = sameValues(v, beta) ? 0 : sameValues(v, gamma()) ? 1 : -1;
                    double[][][] p = which < 0 ? null : products();
                    if (p == null) {
                        return null;
                    }
                    double[] out = new double[v.length];
                    for (int mm = 0; mm < m; mm++) {
                        double w = mu[mm];
                        if (w != 0) {
                            double[] pm = p[which][mm];
                            for (int i = 0; i < out.length; i++) {
                                out[i] += w * pm[i];
                            }
                        }
                    }
                    return out;
                };
            }

            double[] h() {
                double[] qs = q();
                double[] h = new double[qs.length];
                for (int i = 0; i < h.length; i++) {
                    h[i] = 0.5 * qs[i];
                }
                return h;
            }

            double alphaSum() {
                double s = 0;
                for (int i = 0; i < svm.size(); i++) {
                    s += svm.alpha(i);
                }
                return s;
            }
        }

        /**
         * Consecutive incremental product updates before a full evaluation: bounds the rounding that the sums
         * P(parent) + P(change) accumulate (each adds at most a few ulps of the entries' magnitude).
         */
        static final int MAX_PRODUCT_UPDATES = 32;

        /** a[i] == b[i] for every i (numerically: 0.0 equals -0.0, unlike {@link Arrays#equals(double[], double[])}). */
        static boolean sameValues(double[] a, double[] b) {
            if (a.length != b.length) {
                return false;
            }
            for (int i = 0; i < a.length; i++) {
                if (a[i] != b[i]) {
                    return false;
                }
            }
            return true;
        }

        SvmProblem problem(double[] mu) {
            return new SvmProblem(k.combined(mu), y, cs, SvmLoss.HINGE);
        }

        Point solve(double[] mu, Point warm) {
            solves++;
            SvmSolution s;
            SharedStarts.Start start = null;
            if (warm == null && starts != null) {
                start = starts.get(mu, y, o.c(), o.solver(), () -> smo.solve(problem(mu), null));
                s = start.svm();
            } else if (warm == null || warmStart == WarmStart.NONE) {
                s = smo.solve(problem(mu), null);
            } else {
                s = smo.solve(problem(mu), warm.svm.alpha(), warm.warmProducts(mu));
            }
            double[] beta = new double[y.length];
            for (int i = 0; i < beta.length; i++) {
                beta[i] = s.alpha(i) * y[i];
            }
            // without warm starts no solve reads products, so no point keeps its parent alive
            Point p = new Point(mu.clone(), s, -s.objective(), beta, warmStart == WarmStart.NONE ? null : warm);
            p.shared = start;
            return p;
        }

        void record(double objective) {
            listener.onProgress(new FitProgress(progress.learner(), progress.machine(), progress.machines(), history.size(),
                    objective, progress.clock().elapsedSeconds()));
            history.add(objective);
        }

        MklResult result(Point p, boolean converged) {
            last = p;
            double[] hist = history.stream().mapToDouble(Double::doubleValue).toArray();
            double[] certificate = o.method() == MklMethod.SM2 && sm2BestDualAlpha != null ? sm2BestDualAlpha : p.svm.alpha();
            return new MklResult(o, p.mu, p.svm.alpha(), y, p.svm.bias(), hist, solves, converged,
                    clock.elapsedSeconds(), certificate);
        }

        double[] uniform(double value) {
            double[] mu = new double[m];
            Arrays.fill(mu, value);
            return mu;
        }

        MklResult fit() {
            return switch (o.method()) {
                case AVERAGE -> average();
                case SM1 -> sm1();
                case SM2 -> sm2();
                case LP -> lp();
                case SIMPLE -> simple();
            };
        }

        MklResult average() {
            Point p = solve(uniform(1.0 / m), null);
            record(p.j);
            return result(p, true);
        }

        MklResult sm1() {
            Point p = solve(uniform(1.0 / m), null);
            record(p.j);
            for (int t = 0; t < o.maxIterations(); t++) {
                if (sm1Gap(p) <= o.tolerance() * Math.abs(p.j)) {
                    return result(p, true);
                }
                double[] a = new double[m];
                for (int i = 0; i < m; i++) {
                    a[i] = 0.5 * p.mu[i] * p.mu[i] * Math.max(0.0, p.q()[i]);
                }
                p = solve(CappedSimplexUpdate.solve(a, o.theta()), p);
                record(p.j);
            }
            return result(p, sm1Gap(p) <= o.tolerance() * Math.abs(p.j));
        }

        /** The SM1 duality (Frank-Wolfe) gap of J at p over the capped simplex, g = -q / 2. */
        double sm1Gap(Point p) {
            double[] g = new double[m];
            for (int i = 0; i < m; i++) {
                g[i] = -0.5 * p.q()[i];
            }
            return cappedFrankWolfeGap(p.mu, g, o.theta());
        }

        double sm2Objective(Point p) {
            double s = 0;
            for (double v : p.mu) {
                s += v * v;
            }
            return p.j + s / (2.0 * o.theta());
        }

        /** The SM2 gradient g_m = dF/dmu_m = -q_m / 2 + mu_m / theta. */
        double[] sm2Gradient(Point p) {
            double[] g = new double[m];
            for (int i = 0; i < m; i++) {
                g[i] = -0.5 * p.q()[i] + p.mu[i] / o.theta();
            }
            return g;
        }

        /**
         * The best SM2 dual value G(alpha) over the SVM solutions of this fit so far and the averaged alphas of
         * {@link #sm2Aggregate}.
         */
        double sm2BestDual = Double.NEGATIVE_INFINITY;
        /** The alpha of {@link #sm2BestDual}. */
        double[] sm2BestDualAlpha;

        /** The SVM solutions of this fit (at most SM2_CUTS, oldest dropped first): alpha, 1'alpha and q. */
        final List<double[]> cutAlpha = new ArrayList<>();
        final List<Double> cutSum = new ArrayList<>();
        final List<double[]> cutQ = new ArrayList<>();
        /** The model weights of the cuts from the last {@link #sm2Aggregate} (warm start of the next). */
        double[] cutWeights = new double[0];

        /** An SVM solve for SM2: also raises the best dual value with the new alpha and adds its cut. */
        Point sm2Solve(double[] mu, Point warm) {
            Point p = solve(mu, warm);
            addCut(p.svm.alpha(), p.alphaSum(), p.q());
            return p;
        }

        /** Offers an SVM solution's alpha as a certificate and adds its cut (the oldest dropped beyond SM2_CUTS). */
        void addCut(double[] alpha, double alphaSum, double[] q) {
            offerDual(alpha, alphaSum, q);
            if (cutAlpha.size() == SM2_CUTS) {
                cutAlpha.remove(0);
                cutSum.remove(0);
                cutQ.remove(0);
                cutWeights = Arrays.copyOfRange(cutWeights, Math.min(1, cutWeights.length), cutWeights.length);
            }
            cutAlpha.add(alpha);
            cutSum.add(alphaSum);
            cutQ.add(q);
        }

        void offerDual(double[] alpha, double alphaSum, double[] q) {
            double dual = sm2Dual(alphaSum, q, o.theta());
            if (dual > sm2BestDual) {
                sm2BestDual = dual;
                sm2BestDualAlpha = alpha;
            }
        }

        /**
         * The cutting-plane step: J(mu) = max_alpha (1'alpha - 1/2 mu'q(alpha)) is at least every cut
         * s_k - 1/2 mu'q_k of the SVM solutions so far, so F's model max_k (s_k - 1/2 mu'q_k) + ||mu||^2 / (2 theta)
         * lies below F. Its dual, max over lambda in the simplex of D(lambda) = sum_k lambda_k s_k
         * + phi(sum_k lambda_k q_k) with phi(Q) = min over the simplex of (-1/2 Q'v + ||v||^2 / (2 theta)), is
         * solved by {@link #sm2ModelWeights}. The averaged alpha-bar = sum_k lambda_k alpha_k is a feasible SVM dual
         * point with G(alpha-bar) &ge; D(lambda) (q is convex in alpha and phi non-increasing), so it is offered as
         * a certificate; this certifies weights at a kink of J, where no single solver alpha does. Returns the
         * model's minimiser P(theta sum_k lambda_k q_k / 2), the next trial weights.
         */
        double[] sm2Aggregate() {
            int kk = cutAlpha.size();
            double[] s = new double[kk];
            double[][] q = new double[kk][];
            for (int c = 0; c < kk; c++) {
                s[c] = cutSum.get(c);
                q[c] = cutQ.get(c);
            }
            double[] start = Arrays.copyOf(cutWeights, kk);
            if (Arrays.stream(start).sum() <= 0) {
                Arrays.fill(start, 1.0 / kk);
            } else {
                start = SimplexProjection.ontoSimplex(start);
            }
            cutWeights = sm2ModelWeights(s, q, o.theta(), start, SM2_MODEL_ITERATIONS);
            double[] bar = new double[y.length];
            double[] modelQ = new double[m];
            double barSum = 0;
            for (int c = 0; c < kk; c++) {
                double w = cutWeights[c];
                if (w == 0) {
                    continue;
                }
                double[] a = cutAlpha.get(c);
                for (int i = 0; i < bar.length; i++) {
                    bar[i] += w * a[i];
                }
                for (int i = 0; i < m; i++) {
                    modelQ[i] += w * q[c][i];
                }
            }
            double[] beta = new double[y.length];
            for (int i = 0; i < bar.length; i++) {
                bar[i] = Math.min(cs[i], Math.max(0.0, bar[i]));
                beta[i] = bar[i] * y[i];
                barSum += bar[i];
            }
            offerDual(bar, barSum, k.quadraticForms(beta));
            double[] v = new double[m];
            for (int i = 0; i < m; i++) {
                v[i] = 0.5 * o.theta() * modelQ[i];
            }
            return SimplexProjection.ontoSimplex(v);
        }

        /** Whether the relative saddle-point gap (f - max_k G(alpha_k)) / |f| is within tolerance. */
        boolean sm2Certified(double f) {
            return f - sm2BestDual <= o.tolerance() * Math.abs(f);
        }

        MklResult sm2() {
            return sm2Step == Sm2Step.PROJECTED_GRADIENT ? sm2ProjectedGradient() : sm2ClosedForm();
        }

        /**
         * SM2 by alternating the SVM solve and the closed-form weight step of the primal ({@link SquareHingeUpdate}),
         * over-relaxed in log space ({@link SquareHingeUpdate#overRelaxed}): a relaxed trial is kept when it lowers F
         * above F's resolution (the factor then doubles, up to {@link #SM2_MAX_OVERRELAXATION}); otherwise the
         * plain step, which never raises F, is taken and the factor starts again at 2. When the plain step does not
         * lower F verifiably either, the cutting-plane steps ({@link #sm2CuttingPlaneSteps}) take over; the stop is
         * the saddle-point gap, as for {@link #sm2ProjectedGradient}.
         */
        MklResult sm2ClosedForm() {
            Point p = sm2Solve(uniform(1.0 / m), null);
            double f = sm2Objective(p);
            record(f);
            if (!sm2Certified(f) && mayUseAnchor(p)) {
                Sm2Anchor anchor = starts.sm2Anchor(anchorOptions(), y, this::computeAnchor);
                for (int c = 0; c < anchor.alphas().size(); c++) {
                    addCut(anchor.alphas().get(c), anchor.sums().get(c), anchor.forms().get(c));
                }
                Point a = anchorPoint(anchor);
                double fa = sm2Objective(a);
                if (fa < f) {
                    p = a;
                    f = fa;
                    record(f);
                }
            }
            double omega = 1;
            for (int t = 0; t < o.maxIterations(); t++) {
                if (t > 0 && t % SM2_AGGREGATE_EVERY == 0 && !sm2Certified(f)) {
                    sm2Aggregate();
                }
                if (sm2Certified(f)) {
                    return result(p, true);
                }
                double[] a = new double[m];
                for (int i = 0; i < m; i++) {
                    a[i] = 0.5 * p.mu[i] * p.mu[i] * Math.max(0.0, p.q()[i]);
                }
                double[] step = SquareHingeUpdate.solve(a, o.theta());
                Point next = null;
                if (omega > 1) {
                    Point c = sm2Solve(SquareHingeUpdate.overRelaxed(p.mu, step, omega), p);
                    if (sm2Objective(c) < f - SM2_RESOLUTION * Math.abs(f)) {
                        next = c;
                        omega = Math.min(SM2_MAX_OVERRELAXATION, 2 * omega);
                    } else if (sm2Certified(f)) {
                        return result(p, true); // the trial's alpha certifies mu
                    } else {
                        omega = 1;
                    }
                }
                if (next == null) {
                    Point c = sm2Solve(step, p);
                    if (sm2Objective(c) < f - SM2_RESOLUTION * Math.abs(f)) {
                        next = c;
                        omega = Math.min(SM2_MAX_OVERRELAXATION, 2);
                    } else {
                        // the step does not lower F above its resolution: a fixed point up to the SVM tolerance, or
                        // a kink of J where this alpha's forms do not describe J near mu
                        next = sm2CuttingPlaneSteps(p, f);
                        if (next == null) {
                            return result(p, sm2Certified(f));
                        }
                    }
                }
                p = next;
                f = sm2Objective(p);
                record(f);
            }
            if (!sm2Certified(f)) {
                sm2Aggregate();
            }
            return result(p, sm2Certified(f));
        }

        /** The options of the SM2 anchor this fit may share: theta {@link #SM2_ANCHOR_THETA}, a tighter tolerance. */
        MklOptions anchorOptions() {
            return o.withTheta(SM2_ANCHOR_THETA).withTolerance(o.tolerance() * SM2_ANCHOR_TOLERANCE_SHARE);
        }

        /**
         * Whether an SM2 fit in a grid search (shared starts) asks for the anchor: when its penalty at a single
         * kernel, 1 / (2 theta), is within the tolerance of J at the uniform weights (the first point, J0 &ge; min J), so
         * that the anchor's weights could be certified for this theta or be a better start than the uniform ones.
         */
        boolean mayUseAnchor(Point first) {
            return starts != null && !isAnchor && warmStart == WarmStart.PREVIOUS_ALPHA
                    && 1.0 / (2.0 * o.theta()) <= o.tolerance() * Math.abs(first.j);
        }

        /** The anchor fit: SM2 at the anchor's options from the uniform weights, its first solve shared. */
        Sm2Anchor computeAnchor() {
            Run r = new Run(k, y, cs, anchorOptions(), FitListener.SILENT, warmStart, starts, progress, Sm2Step.CLOSED_FORM);
            r.isAnchor = true;
            MklResult res = r.sm2ClosedForm();
            Point end = r.last;
            return new Sm2Anchor(end.mu, end.svm, end.j, end.q(), end.products(), end.updates, r.cutAlpha, r.cutSum,
                    r.cutQ, res.converged());
        }

        /** The anchor's last point in this run: its weights, SVM solution, forms and products (shared, read only). */
        Point anchorPoint(Sm2Anchor anchor) {
            double[] beta = new double[y.length];
            for (int i = 0; i < beta.length; i++) {
                beta[i] = anchor.svm().alpha(i) * y[i];
            }
            Point a = new Point(anchor.mu().clone(), anchor.svm(), anchor.j(), beta, null);
            a.q = anchor.q();
            a.products = anchor.products() == null ? NO_PRODUCTS : anchor.products();
            a.updates = anchor.productUpdates();
            return a;
        }

        /**
         * When the step of an SM2 iteration finds no verifiable decrease of F: up to {@link #SM2_BUNDLE_STEPS}
         * cutting-plane steps ({@link #sm2Aggregate}, one SVM solve each) until one lowers F above its resolution
         * (returned) or the gap test passes (null). Null too when none does: the fit ends there, converged only if
         * the gap test passes. (Before the cutting-plane steps, a single step to the minimiser of L(., alpha*) for the
         * best dual alpha* was tried; on 72 small two-binary-feature fits it left 8 unconverged, which the
         * cutting-plane steps certify, with F lower by up to 1.2%.)
         */
        Point sm2CuttingPlaneSteps(Point p, double f) {
            for (int b = 0; b < SM2_BUNDLE_STEPS; b++) {
                double[] trial = sm2Aggregate();
                if (sm2Certified(f)) {
                    return null;
                }
                Point c = sm2Solve(trial, p);
                if (sm2Objective(c) < f - SM2_RESOLUTION * Math.abs(f)) {
                    return c;
                }
            }
            sm2Aggregate();
            return null;
        }

        /**
         * SM2 by the paper's projected-gradient step (Algorithm 2, eq. 27) with Barzilai-Borwein steps and an Armijo
         * line search: the reference of {@link Sm2Step#PROJECTED_GRADIENT}.
         */
        MklResult sm2ProjectedGradient() {
            Point p = sm2Solve(uniform(1.0 / m), null);
            double f = sm2Objective(p);
            record(f);
            double[] g = sm2Gradient(p);
            double gmax = Arrays.stream(g).max().orElseThrow(), gmin = Arrays.stream(g).min().orElseThrow();
            double eta = gmax > gmin ? 1.0 / (gmax - gmin) : 1.0;
            for (int t = 0; t < o.maxIterations(); t++) {
                if (t > 0 && t % SM2_AGGREGATE_EVERY == 0 && !sm2Certified(f)) {
                    sm2Aggregate();
                }
                if (sm2Certified(f)) {
                    return result(p, true);
                }
                double[] v = new double[m];
                for (int i = 0; i < m; i++) {
                    v[i] = p.mu[i] - eta * g[i];
                }
                double[] d = SimplexProjection.ontoSimplex(v);
                double slope = 0;
                for (int i = 0; i < m; i++) {
                    d[i] -= p.mu[i];
                    slope += g[i] * d[i];
                }
                Point next = null;
                double step = 1.0;
                // slope >= 0: P(mu - eta g) = mu to rounding, stationary for this alpha's gradient, yet the gap
                // test above failed (a kink of J): no line search, straight to the cutting-plane steps below
                for (int trial = 0; trial < MAX_BACKTRACKS && slope < 0; trial++) {
                    if (ARMIJO * step * -slope < SM2_RESOLUTION * Math.abs(f)) {
                        break; // the required decrease is below F's resolution: no verifiable step left
                    }
                    Point c = sm2Solve(along(p.mu, step, d), p);
                    double fc = sm2Objective(c);
                    if (fc <= f + ARMIJO * step * slope) {
                        next = c;
                        f = fc;
                        break;
                    }
                    if (sm2Certified(f)) {
                        // the trial's alpha certifies the current mu (a kink of J: see the class comment)
                        return result(p, true);
                    }
                    // minimiser of the quadratic through f, slope and fc, kept in [0.1, 0.5] of the step
                    double quad = -slope * step * step / (2.0 * (fc - f - slope * step));
                    step = Math.min(0.5 * step, Math.max(0.1 * step, quad));
                }
                if (next == null) {
                    // no trial lowers F by the Armijo amount above F's resolution: d is no descent direction
                    // (J has a kink at mu: the solver's alpha gave a subgradient that does not describe J near
                    // mu) or the SVM tolerance hides any further decrease
                    next = sm2CuttingPlaneSteps(p, f);
                    if (next == null) {
                        return result(p, sm2Certified(f));
                    }
                    f = sm2Objective(next);
                }
                double[] gNext = sm2Gradient(next);
                double ss = 0, sy = 0;
                for (int i = 0; i < m; i++) {
                    double si = next.mu[i] - p.mu[i], yi = gNext[i] - g[i];
                    ss += si * si;
                    sy += si * yi;
                }
                // Barzilai-Borwein step s's / s'y (Birgin, Martinez and Raydan's spectral projected gradient)
                eta = sy > 0 ? Math.min(SPG_MAX_STEP, Math.max(SPG_MIN_STEP, ss / sy)) : SPG_MAX_STEP;
                p = next;
                g = gNext;
                record(f);
            }
            if (!sm2Certified(f)) {
                sm2Aggregate();
            }
            return result(p, sm2Certified(f));
        }

        /** mu + step d with rounding below 0 cut to 0 and the sum restored to 1. */
        double[] along(double[] mu, double step, double[] d) {
            double[] out = new double[m];
            double sum = 0;
            for (int i = 0; i < m; i++) {
                out[i] = Math.max(0.0, mu[i] + step * d[i]);
                sum += out[i];
            }
            for (int i = 0; i < m; i++) {
                out[i] /= sum;
            }
            return out;
        }

        MklResult lp() {
            double p = o.p();
            if (Double.isInfinite(p)) {
                Point pt = solve(uniform(1.0), null);
                record(pt.j);
                return result(pt, true);
            }
            Point pt = solve(uniform(Math.pow(m, -1.0 / p)), null);
            record(pt.j);
            for (int t = 0; t < o.maxIterations(); t++) {
                if (lpGap(pt, p) <= o.tolerance() * Math.abs(pt.j)) {
                    return result(pt, true);
                }
                double[] norm = new double[m];
                double denom = 0;
                for (int i = 0; i < m; i++) {
                    norm[i] = pt.mu[i] * Math.sqrt(Math.max(0.0, pt.q()[i]));
                    denom += Math.pow(norm[i], 2.0 * p / (p + 1.0));
                }
                if (!(denom > 0)) {
                    return result(pt, true);
                }
                denom = Math.pow(denom, 1.0 / p);
                double[] next = new double[m];
                for (int i = 0; i < m; i++) {
                    next[i] = Math.pow(norm[i], 2.0 / (p + 1.0)) / denom;
                }
                pt = solve(next, pt);
                record(pt.j);
            }
            return result(pt, lpGap(pt, p) <= o.tolerance() * Math.abs(pt.j));
        }

        /** The Lp duality (Frank-Wolfe) gap of J at pt over {mu &ge; 0, ||mu||_p &le; 1}: see {@link #lpFrankWolfeGap}. */
        double lpGap(Point pt, double p) {
            double[] h = pt.h();
            for (int i = 0; i < m; i++) {
                h[i] = Math.max(0.0, h[i]);
            }
            return lpFrankWolfeGap(pt.mu, h, p);
        }

        double dualityGap(Point p) {
            double hmax = Double.NEGATIVE_INFINITY;
            for (double q : p.q()) {
                hmax = Math.max(hmax, 0.5 * q);
            }
            return (p.j - p.alphaSum() + hmax) / p.j;
        }

        MklResult simple() {
            Point p = solve(uniform(1.0 / m), null);
            record(p.j);
            for (int t = 0; t < o.maxIterations(); t++) {
                if (dualityGap(p) < o.tolerance()) {
                    return result(p, true);
                }
                Point next = simpleStep(p);
                if (next == p) {
                    // no descent direction left (all reduced gradients zero within precision)
                    return result(p, true);
                }
                p = next;
                record(p.j);
            }
            return result(p, dualityGap(p) < o.tolerance());
        }

        /** One SimpleMKL update (mklsvmupdate): returns a point with J no larger, or p itself. */
        Point simpleStep(Point start) {
            double[] d = start.mu.clone();
            double[] grad = new double[m];
            int u = 0;
            for (int i = 0; i < m; i++) {
                grad[i] = -0.5 * start.q()[i];
                if (d[i] > d[u]) {
                    u = i;
                }
            }
            double[] desc = new double[m];
            double sum = 0;
            for (int i = 0; i < m; i++) {
                double r = grad[i] - grad[u];
                if (i != u && (d[i] > 0 || r < 0)) {
                    desc[i] = -r;
                    sum += desc[i];
                }
            }
            desc[u] = -sum;
            Point best = start;
            double stepMax = maxStep(d, desc);
            if (!(stepMax > 0)) {
                return start;
            }
            double deltaMax = stepMax;
            Point far = solve(axpy(d, stepMax, desc), best);
            while (far.j < best.j) {
                best = far;
                d = far.mu.clone();
                for (int i = 0; i < m; i++) {
                    if (d[i] <= NUMERICAL_PRECISION) {
                        desc[i] = 0;
                    }
                }
                double s = 0;
                for (int i = 0; i < m; i++) {
                    if (i != u) {
                        s += desc[i];
                    }
                }
                desc[u] = -s;
                stepMax = maxStep(d, desc);
                if (!(stepMax > 0)) {
                    return best;
                }
                deltaMax = stepMax;
                far = solve(axpy(d, stepMax, desc), best);
            }
            // golden-section search on [0, stepMax] from d (best) along desc
            double gold = (Math.sqrt(5.0) + 1.0) / 2.0;
            double lo = 0, hi = stepMax;
            Point pLo = best, pHi = far;
            while (hi - lo > GOLDEN_TOLERANCE * Math.abs(deltaMax) && hi > 1e-16) {
                double r = lo + (hi - lo) / gold;
                double l = lo + (r - lo) / gold;
                Point pr = solve(axpy(d, r, desc), best);
                Point pl = solve(axpy(d, l, desc), best);
                Point[] pts = {pLo, pl, pr, pHi};
                int arg = 0;
                for (int i = 1; i < 4; i++) {
                    if (pts[i].j < pts[arg].j) {
                        arg = i;
                    }
                }
                switch (arg) {
                    case 0 -> { hi = l; pHi = pl; }
                    case 1 -> { hi = r; pHi = pr; }
                    case 2 -> { lo = l; pLo = pl; }
                    default -> { lo = r; pLo = pr; }
                }
            }
            Point chosen = pLo.j <= pHi.j ? pLo : pHi;
            return chosen.j < best.j ? chosen : best;
        }

        double maxStep(double[] d, double[] desc) {
            double s = Double.POSITIVE_INFINITY;
            for (int i = 0; i < m; i++) {
                if (desc[i] < 0) {
                    s = Math.min(s, -d[i] / desc[i]);
                }
            }
            return Double.isInfinite(s) ? 0 : s;
        }

        double[] axpy(double[] d, double step, double[] desc) {
            double[] out = new double[m];
            double sum = 0;
            for (int i = 0; i < m; i++) {
                out[i] = Math.max(0.0, d[i] + step * desc[i]);
                if (out[i] <= NUMERICAL_PRECISION) {
                    out[i] = 0;
                }
                sum += out[i];
            }
            for (int i = 0; i < m; i++) {
                out[i] /= sum;
            }
            return out;
        }
    }

    /**
     * The SM2 dual value G(alpha) = min over the simplex of L(v, alpha), L(v, alpha) = 1'alpha
     * - 1/2 sum_m v_m q_m + ||v||^2 / (2 theta) with q_m = beta' K_m beta: the minimiser is the
     * projection v = P(theta q / 2) (L is ||v - theta q / 2||^2 / (2 theta) plus terms free of v). Since
     * F(mu) = max_alpha L(mu, alpha) &ge; L(mu, alpha) &ge; G(alpha) for every feasible alpha and mu,
     * G(alpha) is a lower bound on min F (weak duality of the saddle problem min_mu max_alpha L).
     *
     * @param alphaSum 1'alpha
     * @param q the quadratic forms beta' K_m beta at alpha
     */
    static double sm2Dual(double alphaSum, double[] q, double theta) {
        double[] v = new double[q.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.5 * theta * q[i];
        }
        double[] mu = SimplexProjection.ontoSimplex(v);
        double psi = 0;
        for (int i = 0; i < mu.length; i++) {
            psi += mu[i] * (mu[i] / (2.0 * theta) - 0.5 * q[i]);
        }
        return alphaSum + psi;
    }

    /**
     * Maximises the concave D(lambda) = sum_k lambda_k s_k + phi(sum_k lambda_k q_k) over the simplex, where
     * phi(Q) = min over the simplex of (-1/2 Q'v + ||v||^2 / (2 theta)) = {@link #sm2Dual}(0, Q, theta) and
     * dD/dlambda_k = s_k - 1/2 q_k'v(Q) with v(Q) = P(theta Q / 2): accelerated projected gradient ascent with
     * backtracking on the step (FISTA), at most the given iterations, returning the best lambda seen. Every
     * lambda gives a valid lower bound D(lambda) on the model's minimum, so an inexact solve costs tightness,
     * never validity.
     */
    static double[] sm2ModelWeights(double[] s, double[][] q, double theta, double[] start, int iterations) {
        int kk = s.length;
        double[] x = start.clone();
        double[] z = x.clone();
        double[] best = x.clone();
        double bestValue = modelValue(s, q, theta, x, null);
        double lip = 1.0;
        double t = 1;
        double[] grad = new double[kk];
        for (int it = 0; it < iterations; it++) {
            double fz = modelValue(s, q, theta, z, grad);
            double[] next = null;
            double fn = 0;
            for (int trial = 0; trial < 60; trial++) {
                double[] cand = new double[kk];
                for (int c = 0; c < kk; c++) {
                    cand[c] = z[c] + grad[c] / lip;
                }
                cand = SimplexProjection.ontoSimplex(cand);
                double lin = 0;
                double sq = 0;
                for (int c = 0; c < kk; c++) {
                    double d = cand[c] - z[c];
                    lin += grad[c] * d;
                    sq += d * d;
                }
                fn = modelValue(s, q, theta, cand, null);
                if (fn >= fz + lin - 0.5 * lip * sq - 1e-12 * Math.abs(fz)) {
                    next = cand;
                    break;
                }
                lip *= 2;
            }
            if (next == null) {
                break;
            }
            if (fn > bestValue) {
                bestValue = fn;
                best = next.clone();
            }
            double move = 0;
            for (int c = 0; c < kk; c++) {
                move = Math.max(move, Math.abs(next[c] - x[c]));
            }
            double tNext = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
            for (int c = 0; c < kk; c++) {
                z[c] = next[c] + (t - 1) / tNext * (next[c] - x[c]);
            }
            x = next;
            t = tNext;
            lip *= 0.9;
            if (move < 1e-12) {
                break;
            }
        }
        return best;
    }

    /** D(lambda) of {@link #sm2ModelWeights}; fills grad with its gradient when grad is not null. */
    private static double modelValue(double[] s, double[][] q, double theta, double[] lambda, double[] grad) {
        int m = q.length == 0 ? 0 : q[0].length;
        double[] big = new double[m];
        double lin = 0;
        for (int c = 0; c < s.length; c++) {
            if (lambda[c] != 0) {
                lin += lambda[c] * s[c];
                for (int i = 0; i < m; i++) {
                    big[i] += lambda[c] * q[c][i];
                }
            }
        }
        if (grad != null) {
            double[] v = new double[m];
            for (int i = 0; i < m; i++) {
                v[i] = 0.5 * theta * big[i];
            }
            v = SimplexProjection.ontoSimplex(v);
            for (int c = 0; c < s.length; c++) {
                double dot = 0;
                for (int i = 0; i < m; i++) {
                    dot += q[c][i] * v[i];
                }
                grad[c] = s[c] - 0.5 * dot;
            }
        }
        return lin + sm2Dual(0.0, big, theta);
    }

    /**
     * The Frank-Wolfe gap sum_m mu_m g_m - min_m g_m of a convex function with gradient g at mu on the
     * simplex: it is &ge; 0, 0 exactly at the minimiser, and bounds F(mu) - min F from above. For
     * SimpleMKL's J it is SimpleMKL's duality gap J - 1'alpha + max_m h_m.
     */
    static double frankWolfeGap(double[] mu, double[] g) {
        double dot = 0, min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < mu.length; i++) {
            dot += mu[i] * g[i];
            min = Math.min(min, g[i]);
        }
        return dot - min;
    }

    /**
     * The Frank-Wolfe gap sum_m mu_m g_m - min_v g'v of a convex function with gradient g at mu over the
     * capped simplex {sum v = 1, 0 &le; v &le; theta} (SM1MKL's domain): the minimising vertex puts
     * theta on the smallest g_m in ascending order until the mass 1 is used. It is &ge; 0 for a feasible
     * mu and bounds J(mu) - min J from above; theta &ge; 1 gives {@link #frankWolfeGap}.
     */
    static double cappedFrankWolfeGap(double[] mu, double[] g, double theta) {
        int m = g.length;
        double dot = 0;
        for (int i = 0; i < m; i++) {
            dot += mu[i] * g[i];
        }
        double[] sorted = g.clone();
        Arrays.sort(sorted);
        double left = 1.0, min = 0;
        for (int i = 0; i < m && left > 0; i++) {
            double v = Math.min(theta, left);
            min += v * sorted[i];
            left -= v;
        }
        return dot - min;
    }

    /**
     * The Frank-Wolfe gap of J at mu over the Lp-MKL domain {mu &ge; 0, ||mu||_p &le; 1}, with gradient
     * g = -h, h &ge; 0: min_v g'v = -||h||_r with r = p / (p - 1) the dual norm (Hoelder; r = infinity
     * for p = 1), so the gap is ||h||_r - mu'h; p = 1 gives {@link #frankWolfeGap}, SimpleMKL's gap.
     */
    static double lpFrankWolfeGap(double[] mu, double[] h, double p) {
        double dot = 0, max = 0;
        for (int i = 0; i < h.length; i++) {
            dot += mu[i] * h[i];
            max = Math.max(max, h[i]);
        }
        double norm;
        if (p == 1.0 || max == 0) {
            norm = max;
        } else {
            double r = p / (p - 1.0), s = 0;
            for (double v : h) {
                s += Math.pow(v / max, r);
            }
            norm = max * Math.pow(s, 1.0 / r);
        }
        return norm - dot;
    }
}
