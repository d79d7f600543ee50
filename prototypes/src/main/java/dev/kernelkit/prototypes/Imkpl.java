package dev.kernelkit.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Aggregate;
import dev.kernelkit.eval.Dimension;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Interpretable multiple-kernel prototype learning (IMKPL; Hosseini &amp; Hammer, CIKM 2019; spec
 * {@code prototypes.md} §3–§4). Minimises, by alternating block steps,
 *
 * <pre>
 *   J(Γ, U, β) = ‖Φ(X) − Φ(X)UΓ‖²_F + λ·tr((L⊙D)UΓ) + μ·Σ_j Σ_{q≠c_j} (Hu_j)_q² + τ·J_ls(β)
 *   s.t. γ_i ≥ 0, ‖γ_i‖₀ ≤ T;  u_j ≥ 0, ‖u_j‖₀ ≤ T, u_jᵀK(β)u_j = 1;  β ≥ 0, Σβ = 1
 * </pre>
 *
 * with K(β) = Σ_m β_m K_m over unit-diagonal base kernels ({@link MultipleKernel}, normalisation
 * {@link MultipleKernel.Normalisation#UNIT_DIAGONAL}),
 * J_ls(β) = Σ_i [Σ_{N⁺_i} D_is + Σ_{N⁻_i} K_it] over the κ = T nearest same- and other-class
 * samples, and k = c·T prototypes seeded from T samples of each class.
 *
 * <p>Each outer iteration: (1) codes γ_i by one {@link NonNegativeQuadraticPursuit NQP} per
 * sample, in parallel (Q = 2UᵀKU, c = λUᵀw_i − 2UᵀK_{:,i}; a prototype equal to e_i is hidden
 * when coding x_i); (2) prototypes u_j, one NQP each in random order (Q = 2(‖γ^j‖²K + μP_j),
 * c = λWγ^jᵀ − 2Kr_j, Q reached through columns), then u_j ← u_j/n_j, γ^j ← n_j·γ^j; (3) β by an
 * LP (ojAlgo) over the coefficients a_m + λb_m + τℓ_m ({@link ImkplOptions.BetaStep}). Every block
 * keeps the current value when the new one is not better, so J does not increase within an
 * iteration. Stops when |J_t − J_{t−1}| ≤ tol·|J_{t−1}| or after the iteration cap.
 * {@link ImkplOptions.BetaStep#FIXED} gives ISKPL (β = 1/M, the average kernel).
 *
 * <p>When r of the capped β-step ({@link ImkplOptions#KERNEL_CAP_BY_INNER_CV}) or the prediction rule
 * ({@link ImkplOptions.PredictionRule#BY_INNER_CV}) is left to inner CV ({@link ImkplOptions#recommended}, the
 * default), {@link #fit} first chooses them by stratified inner CV on the training set alone
 * ({@link #chooseByInnerCv}), then fits once at the choice; the model holds the chosen options and the fit
 * report's options line the inner accuracies.
 *
 * <p>Cost per iteration (n samples, M kernels, k prototypes): O(M_active·n²) for the combined
 * kernel, O(n·k·T) + n NQPs of size k for the codes, O(k·n·T) + k NQPs of size n for the
 * prototypes, O(M·(n·T² + k·T²)) kernel evaluations for the β coefficients.
 */
public final class Imkpl {

    /** The learner name of IMKPL. */
    public static final String NAME = "imkpl";
    /** The learner name of ISKPL (β fixed at the average kernel, {@link ImkplOptions.BetaStep#FIXED}). */
    public static final String NAME_SINGLE_KERNEL = "iskpl";

    private Imkpl() {
    }

    /** The learner name of these options: {@value #NAME_SINGLE_KERNEL} for a fixed β, else {@value #NAME}. */
    public static String learnerName(ImkplOptions options) {
        return options.betaStep() == ImkplOptions.BetaStep.FIXED ? NAME_SINGLE_KERNEL : NAME;
    }

    /**
     * The trainer of the learner contract ({@link Trainers#of}), named {@code imkpl} or (β-step FIXED)
     * {@code iskpl}: one Gaussian base kernel per input dimension on the training data (spec §2), then
     * {@link #fit(LabeledDataset, MultipleKernel, ImkplOptions, FitListener)}.
     */
    public static Trainer<Vec, ImkplModel> trainer(ImkplOptions options) {
        Objects.requireNonNull(options, "options");
        return Trainers.of(learnerName(options), InputKind.VECTORS, Task.CLASSIFICATION, options, (data, listener) -> {
            LabeledDataset d = LabeledDataset.of(data);
            checkData(d, options);
            return fit(d, MultipleKernel.gaussianPerFeature(d.points()), options, listener);
        });
    }

    /** Fits IMKPL with one Gaussian base kernel per input dimension (spec §2). */
    public static ImkplModel fit(LabeledDataset train, ImkplOptions options) {
        Objects.requireNonNull(train, "train");
        checkData(train, options);
        return fit(train, MultipleKernel.gaussianPerFeature(train.points()), options, FitListener.SILENT);
    }

    /**
     * Fits IMKPL on given base kernels, reporting J after initialisation (iteration 0) and after each outer
     * iteration to the listener.
     *
     * @throws IllegalArgumentException for fewer than 2 classes, T larger than the number of samples,
     *         a class with fewer than T samples, kernels built for another input dimension, or kernels
     *         that are not normalised to unit diagonal (spec §2)
     */
    public static ImkplModel fit(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                 FitListener listener) {
        Objects.requireNonNull(train, "train");
        Objects.requireNonNull(kernels, "kernels");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        checkData(train, options);
        checkKernels(train, kernels);
        options = options.resolveT(smallestClass(train));
        if (!options.innerCv()) {
            return fitResolved(train, kernels, options, listener, options.toString());
        }
        Stopwatch clock = Stopwatch.start();
        UniformStart start = new UniformStart(kernels, train.points());   // read by the inner folds and the final fit
        InnerChoice choice = chooseByInnerCv(train, kernels, options, start);
        ImkplModel m = fitResolved(train, kernels, choice.options(), listener, options + "; " + choice.describe(),
                new BaseValueMemo(kernels, train.points(), BaseValueMemo.defaultBudgetBytes()), start);
        FitReport r = m.report();
        FitReport withTuning = new FitReport(r.learner(), r.options(), r.seed(), r.iterations(), r.converged(),
                r.objective(), clock.elapsedSeconds());
        return m.withReport(withTuning);
    }

    /**
     * The candidates for r of the capped β-step when it is chosen by inner CV: c·T (one kernel per prototype,
     * the former default), ⌈M/20⌉ and ⌈M/5⌉ (5 % and 20 % of the base kernels: inner CV on TOX-171 settled
     * between 300 and 1,200 of its 5,748, RESULTS.md), each clamped to [1, M], ascending, duplicates dropped.
     */
    public static int[] kernelCapCandidates(int classes, int t, int kernels) {
        java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
        for (long r : new long[] {(long) classes * t, (kernels + 19L) / 20, (kernels + 4L) / 5}) {
            set.add((int) Math.max(1, Math.min(kernels, r)));
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The prediction rules inner CV chooses among, in tie-breaking order (the paper's vote first). */
    static final List<ImkplOptions.PredictionRule> RULES = List.of(ImkplOptions.PredictionRule.PROTOTYPE_VOTE,
            ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION, ImkplOptions.PredictionRule.NEAREST_PROTOTYPE);

    /**
     * What inner CV chose.
     *
     * @param options    the options with r and the rule resolved
     * @param folds      folds used (0: inner CV impossible, a class has fewer than 2 samples; the fallback r = c·T
     *                   and the vote are used)
     * @param caps       the r candidates (one value when r was fixed)
     * @param rules      the rule candidates (one when the rule was fixed)
     * @param accuracy   mean inner accuracy per (cap, rule)
     */
    record InnerChoice(ImkplOptions options, int folds, int[] caps, List<ImkplOptions.PredictionRule> rules,
                       double[][] accuracy) {
        String describe() {
            if (folds == 0) {
                return "inner CV impossible (a class has fewer than 2 samples): kernelCap=" + options.kernelCap()
                        + ", predictionRule=" + options.predictionRule();
            }
            StringBuilder sb = new StringBuilder(folds + "-fold inner CV chose kernelCap=" + options.kernelCap()
                    + ", predictionRule=" + options.predictionRule() + " (mean inner accuracy");
            for (int a = 0; a < caps.length; a++) {
                for (int b = 0; b < rules.size(); b++) {
                    sb.append(String.format(java.util.Locale.ROOT, " r=%d/%s %.4f", caps[a], rules.get(b), accuracy[a][b]));
                }
            }
            return sb.append(')').toString();
        }
    }

    /**
     * Chooses r (when {@code kernelCap} is {@link ImkplOptions#KERNEL_CAP_BY_INNER_CV} with the capped β-step)
     * and the prediction rule (when {@link ImkplOptions.PredictionRule#BY_INNER_CV}) by stratified inner CV on
     * {@code train} alone: one fit per candidate r and fold, every rule candidate scored on the same fit; the
     * highest mean accuracy wins, ties to the smaller r and then to the earlier rule of {@link #RULES}. Each inner fit
     * runs at most {@link ImkplOptions#innerIterationCap} outer iterations. Folds =
     * min(innerFolds, smallest class size); a fold whose training part has a class with fewer than T samples is
     * fitted with T lowered to that count. The base kernels are the given ones (built on all of {@code train}).
     */
    static InnerChoice chooseByInnerCv(LabeledDataset train, MultipleKernel kernels, ImkplOptions options) {
        return chooseByInnerCv(train, kernels, options, new UniformStart(kernels, train.points()));
    }

    /** As above, the folds' starting kernels read from {@code start} (over train's points). */
    static InnerChoice chooseByInnerCv(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                       UniformStart start) {
        double[] classes = train.classes();
        int[] y = classIndices(train, classes);
        int[] count = new int[classes.length];
        for (int v : y) {
            count[v]++;
        }
        int smallest = Arrays.stream(count).min().orElse(0);
        boolean tuneCap = options.betaStep() == ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP
                && options.kernelCap() == ImkplOptions.KERNEL_CAP_BY_INNER_CV;
        boolean tuneRule = options.predictionRule() == ImkplOptions.PredictionRule.BY_INNER_CV;
        int fixedCap = options.kernelCap() == ImkplOptions.KERNEL_CAP_BY_INNER_CV ? 0 : options.kernelCap();
        int[] caps = tuneCap ? kernelCapCandidates(classes.length, options.t(), kernels.count()) : new int[] {fixedCap};
        List<ImkplOptions.PredictionRule> rules = tuneRule ? RULES : List.of(options.predictionRule());
        int folds = Math.min(options.innerFolds(), smallest);
        if (folds < 2) {
            ImkplOptions o = options.withKernelCap(tuneCap ? 0 : fixedCap)
                    .withPredictionRule(tuneRule ? ImkplOptions.PredictionRule.PROTOTYPE_VOTE : options.predictionRule());
            return new InnerChoice(o, 0, caps, rules, new double[caps.length][rules.size()]);
        }
        // the harness: grid r x rule (r slowest, the order of ties), the stratified k-fold seeded options.seed() on
        // the class indices, mean accuracy over the folds, the first best point; the rules of one r read one fit
        // per fold (shared work), at T clamped to the fold's smallest class
        final int nFolds = folds;
        InnerSplits inner = (part, s) -> dev.kernelkit.data.Splits.stratifiedKFold(
                classIndices(LabeledDataset.of(part), classes), nFolds, options.seed());
        double[] capValues = Arrays.stream(caps).asDoubleStream().toArray();
        Grid<Vec> grid = Grid.<Vec>of(p -> resolvedTrainer(kernels, options.withKernelCap(caps[p.index(0)])
                        .withPredictionRule(rules.get(p.index(1)))),
                        Dimension.of(INNER_CAP, capValues), Dimension.unordered(INNER_RULE, rules))
                .withSharedWork(part -> new FoldFits(LabeledDataset.of(part), kernels, start), (p, part, fits) -> fits.at(caps[p.index(0)], () -> {
                    LabeledDataset tr = fits.train;
                    int[] c2 = new int[classes.length];
                    for (int v : classIndices(tr, classes)) {
                        c2[v]++;
                    }
                    int tFold = Math.min(options.t(), Arrays.stream(c2).min().orElse(1));
                    ImkplOptions o = options.withT(tFold).withKernelCap(caps[p.index(0)])
                            .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE)
                            .withMaxIterations(options.innerIterationCap());
                    return tuneCap ? fits.start.fit(o)
                            : fitResolved(tr, kernels, o, FitListener.SILENT, o.toString(), fits.memo, fits.uniform, true);
                }).withPredictionRule(rules.get(p.index(1))));
        // select() draws no outer split: the resampling only completes the definition
        Selection sel = ModelSelection.of(Resampling.stratifiedHoldOut(0.5, 1, options.seed()), grid, inner)
                .withMetric(Metric.of("accuracy", true, (model, data) -> {
                    LabeledDataset d = LabeledDataset.of(data);
                    return Metrics.accuracy(d.labels(), ((ImkplModel) model).predictLabels(d.points()));
                }))
                .withAggregate(Aggregate.MEAN)
                .withChooser(sr -> sr.best(sr.grid().points()))
                .select(train, 0);
        double[][] acc = new double[caps.length][rules.size()];
        for (ScoredPoint sp : sel.searched()) {
            acc[sp.point().index(0)][sp.point().index(1)] = sp.score();
        }
        Point best = sel.chosen();
        return new InnerChoice(options.withKernelCap(caps[best.index(0)]).withPredictionRule(rules.get(best.index(1))),
                folds, caps, rules, acc);
    }

    /** Grid dimension names of {@link #chooseByInnerCv}. */
    private static final String INNER_CAP = "kernel_cap";
    private static final String INNER_RULE = "prediction_rule";

    /** A contract trainer at resolved options on fixed base kernels (the grid's trainer; inner fits share work). */
    private static Trainer<Vec, ImkplModel> resolvedTrainer(MultipleKernel kernels, ImkplOptions o) {
        return Trainers.of(learnerName(o), InputKind.VECTORS, Task.CLASSIFICATION, o,
                (d, listener) -> fitResolved(LabeledDataset.of(d), kernels, o, listener, o.toString()));
    }

    /**
     * The fits of one inner fold, one per r, made on first use and read by every rule of that r (which score the
     * held-out part from one set of kernel rows); their β-steps share one memo of base-kernel values (exact: the fits
     * are those of separate runs, ImkplSharedWorkTest).
     */
    private static final class FoldFits {
        private final java.util.Map<Integer, ImkplModel> models = new java.util.HashMap<>();
        final LabeledDataset train;
        final BaseValueMemo memo;
        final UniformStart uniform;
        final SharedStart start;

        FoldFits(LabeledDataset train, MultipleKernel kernels, UniformStart uniform) {
            this.train = train;
            this.memo = new BaseValueMemo(kernels, train.points(), BaseValueMemo.defaultBudgetBytes());
            this.uniform = uniform;
            this.start = new SharedStart(train, kernels, memo, uniform);
        }

        synchronized ImkplModel at(int cap, java.util.function.Supplier<ImkplModel> fit) {
            // the rules of this r score the fold's held-out part from one set of kernel rows
            return models.computeIfAbsent(cap, k -> fit.get().sharingScoredProjections(uniform));
        }
    }

    /**
     * The fits of several r of the capped β-step on one training set with otherwise equal options: they agree up to
     * the first β-step's choice of kernels (initialisation, the first code and prototype steps, the neighbourhood
     * refresh and the β coefficients), which is computed once, on the first fit, and copied for every r
     * ({@link ImkplState#ImkplState(ImkplState, ImkplOptions, int)}). Each fit equals {@link #fitResolved} at its options
     * bit for bit (ImkplSharedWorkTest). Not thread-safe: the fits of one inner fold run one after another.
     */
    static final class SharedStart {
        private final LabeledDataset train;
        private final MultipleKernel kernels;
        private final BaseValueMemo memo;
        private final UniformStart uniform;
        private final double[] classes;
        private ImkplState first;
        private ImkplState.BetaProblem pending;
        private double j0;

        SharedStart(LabeledDataset train, MultipleKernel kernels, BaseValueMemo memo) {
            this(train, kernels, memo, null);
        }

        /** As above, the starting K(β) read from {@code uniform} (null: computed). */
        SharedStart(LabeledDataset train, MultipleKernel kernels, BaseValueMemo memo, UniformStart uniform) {
            this.train = train;
            this.kernels = kernels;
            this.memo = memo;
            this.uniform = uniform;
            this.classes = train.classes();
        }

        /** The fit at {@code options} (capped β-step, resolved r and rule; on the first call any such options). */
        ImkplModel fit(ImkplOptions options) {
            if (options.betaStep() != ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP || options.innerCv()) {
                throw new IllegalArgumentException("a shared start serves the capped beta-step at a resolved r and rule, got "
                        + options);
            }
            Stopwatch clock = Stopwatch.start();
            if (first == null) {
                first = new ImkplState(kernels, train.points(), classIndices(train, classes), classes.length, options, memo,
                        uniform);
                j0 = first.objective();
                first.codeStep();
                first.prototypeStep();
                pending = first.prepareBetaStep();
            }
            ImkplState st = new ImkplState(first, options, 1);
            return iterate(st, j0, pending, kernels, classes, train, FitListener.SILENT, options.toString(), clock, true);
        }
    }

    private static void checkKernels(LabeledDataset train, MultipleKernel kernels) {
        if (kernels.dim() != 0 && kernels.dim() != train.dim()) {
            throw new IllegalArgumentException("base kernels expect dimension " + kernels.dim() + ", data has "
                    + train.dim());
        }
        if (kernels.normalisation() != MultipleKernel.Normalisation.UNIT_DIAGONAL) {
            throw new IllegalArgumentException("IMKPL needs base kernels normalised to unit diagonal (spec §2), got "
                    + kernels.normalisation() + "; use MultipleKernel.withUnitDiagonal()");
        }
    }

    /** Fits with options whose r and prediction rule are resolved; {@code optionsText} goes into the report. */
    private static ImkplModel fitResolved(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                          FitListener listener, String optionsText) {
        return fitResolved(train, kernels, options, listener, optionsText,
                new BaseValueMemo(kernels, train.points(), BaseValueMemo.defaultBudgetBytes()));
    }

    /** As above, the β-steps reading base-kernel values through {@code memo} (made for these kernels and train.points()). */
    static ImkplModel fitResolved(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                  FitListener listener, String optionsText, BaseValueMemo memo) {
        return fitResolved(train, kernels, options, listener, optionsText, memo, null);
    }

    /** As above, the starting K(β) read from {@code uniform} (null: computed). */
    static ImkplModel fitResolved(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                  FitListener listener, String optionsText, BaseValueMemo memo, UniformStart uniform) {
        return fitResolved(train, kernels, options, listener, optionsText, memo, uniform, false);
    }

    /** As above; with {@code kernelFromState} the model reads K(β) between its points from the fit's (inner CV). */
    private static ImkplModel fitResolved(LabeledDataset train, MultipleKernel kernels, ImkplOptions options,
                                          FitListener listener, String optionsText, BaseValueMemo memo,
                                          UniformStart uniform, boolean kernelFromState) {
        Stopwatch clock = Stopwatch.start();
        double[] classes = train.classes();
        int[] y = classIndices(train, classes);
        ImkplState st = new ImkplState(kernels, train.points(), y, classes.length, options, memo, uniform);
        double j = st.objective();
        listener.onProgress(new FitProgress(learnerName(options), 0, 1, 0, j, clock.elapsedSeconds()));
        return iterate(st, j, null, kernels, classes, train, listener, optionsText, clock, kernelFromState);
    }

    /**
     * The outer iterations of a fit from state {@code st} of objective {@code j0} at iteration 0; with {@code pending}
     * (the coefficients of st's first β-step, prepared after its first code and prototype steps), iteration 1 only
     * applies it. With {@code kernelFromState} the model reads K(β) between its points from the state (inner CV's fits).
     */
    private static ImkplModel iterate(ImkplState st, double j0, ImkplState.BetaProblem pending, MultipleKernel kernels,
                                      double[] classes, LabeledDataset train, FitListener listener, String optionsText,
                                      Stopwatch clock, boolean kernelFromState) {
        ImkplOptions options = st.o;
        String name = learnerName(options);
        List<Double> history = new ArrayList<>();
        double j = j0;
        history.add(j);
        boolean converged = false;
        for (int it = 1; it <= options.maxIterations(); it++) {
            if (it == 1 && pending != null) {
                st.applyBetaStep(pending);
            } else {
                st.codeStep();
                st.prototypeStep();
                st.betaStep();
            }
            double jn = st.objectiveAfterBetaStep();
            history.add(jn);
            listener.onProgress(new FitProgress(name, 0, 1, it, jn, clock.elapsedSeconds()));
            boolean small = Math.abs(jn - j) <= options.tolerance() * Math.abs(j);
            j = jn;
            if (small) {
                converged = true;
                break;
            }
        }
        double[] trace = history.stream().mapToDouble(Double::doubleValue).toArray();
        FitReport report = new FitReport(name, optionsText, options.seed(), trace.length - 1, converged, trace,
                clock.elapsedSeconds());
        return toModel(st, kernels, classes, train.points(), options, report, kernelFromState);
    }

    /** The number of samples of the smallest class of {@code train}. */
    static int smallestClass(LabeledDataset train) {
        double[] classes = train.classes();
        int[] count = new int[classes.length];
        for (int v : classIndices(train, classes)) {
            count[v]++;
        }
        return Arrays.stream(count).min().orElse(0);
    }

    static void checkData(LabeledDataset train, ImkplOptions options) {
        options = options.resolveT(smallestClass(train));
        int n = train.size();
        if (options.t() > n) {
            throw new IllegalArgumentException("T must be <= the number of training samples " + n + ", got "
                    + options.t());
        }
        double[] classes = train.classes();
        if (classes.length < 2) {
            throw new IllegalArgumentException("need at least 2 classes, got " + classes.length);
        }
        int[] y = classIndices(train, classes);
        int[] count = new int[classes.length];
        for (int v : y) {
            count[v]++;
        }
        for (int q = 0; q < classes.length; q++) {
            if (count[q] < options.t()) {
                throw new IllegalArgumentException("class " + classes[q] + " has " + count[q]
                        + " training samples, fewer than T = " + options.t());
            }
        }
    }

    static int[] classIndices(LabeledDataset data, double[] classes) {
        int[] y = new int[data.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = Arrays.binarySearch(classes, data.y(i));
        }
        return y;
    }

    /**
     * The model of state {@code st}; with {@code kernelFromState}, K(β) between its points is read from st's (for
     * inner CV's fits, which only score a held-out part: st's K(β) is updated by the kernels that change, so it equals
     * a fresh K(β) to rounding, not bit for bit; a returned model computes its own).
     */
    static ImkplModel toModel(ImkplState st, MultipleKernel kernels, double[] classes,
                              List<? extends Vec> x, ImkplOptions options, FitReport report, boolean kernelFromState) {
        int[] local = new int[st.n];
        Arrays.fill(local, -1);
        List<Vec> points = new ArrayList<>();
        List<Integer> trainIdx = new ArrayList<>();
        int[][] idx = new int[st.k][];
        double[][] val = new double[st.k][];
        int[] pcls = new int[st.k];
        for (int j = 0; j < st.k; j++) {
            int[] sup = ImkplState.support(st.u[j]);
            idx[j] = new int[sup.length];
            val[j] = new double[sup.length];
            for (int a = 0; a < sup.length; a++) {
                int s = sup[a];
                if (local[s] < 0) {
                    local[s] = points.size();
                    points.add(x.get(s));
                    trainIdx.add(s);
                }
                idx[j][a] = local[s];
                val[j][a] = st.u[j][s];
            }
            pcls[j] = st.classOf(st.u[j], st.protoClass[j]);
        }
        int[] ti = trainIdx.stream().mapToInt(Integer::intValue).toArray();
        int[] pc = new int[ti.length];
        for (int a = 0; a < ti.length; a++) {
            pc[a] = st.y[ti[a]];
        }
        double[] kp = kernelFromState ? UniformStart.subMatrix(st.kc, st.n, ti) : null;
        return new ImkplModel(kernels, st.beta.clone(), classes, points, ti, pc, idx, val, pcls, options.t(), options,
                report, kp);
    }
}
