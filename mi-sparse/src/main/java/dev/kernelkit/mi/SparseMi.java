package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * SparseMI: a sparse kernel SVM for multi-instance bags (Fu, Lu, Ting &amp; Zhang, IEEE TNNLS
 * 24(9):1377-1389, 2013, Algorithm 1).
 *
 * <p>The bag score is the label-mean f(X) = (1/n) sum_p sum_j beta_j k(x_p, z_j) + rho over N_XV
 * learned expansion vectors Z. For fixed Z, (beta, rho) minimise the squared-hinge SVM objective
 * Q = 1/2 beta' K_Z beta + C sum_i max(0, 1 - y_i f(X_i))^2 (eq. 12; solved exactly by a finite
 * Newton method); Z follows gradient descent on the optimal value g(Z) (eq. 13, 17, 18) with the
 * paper's step control: the first trial that lowers g is accepted (lambda doubles if it was the
 * first trial), otherwise lambda halves, at most s_max trials per iteration and t_max iterations.
 * The trial point is Z - lambda grad / ||grad||_F by default (lambda a step length), or the printed
 * Z - lambda grad ({@link SparseMiOptions.StepRule}).
 * The recorded g is therefore strictly decreasing. The loop ends at t_max, when a step lowers g by
 * less than the relative tolerance, when s_max trials all fail, or (with
 * {@link SparseMiOptions.TrialLimit#PRINTED}, the printed "s &ge; s_max" clause) after a step found
 * only at trial s_max. The inner problem is solved exactly by Newton (default) or, as in the paper,
 * by L-BFGS to a relative tolerance ({@link SparseMiOptions.InnerSolver}). {@link #path} keeps the
 * model after every iteration of one run (the paper's Fig. 4). More than two classes: one-vs-rest problems
 * sharing Z, g and its gradient summed (eq. 19-20). With basis vectors (Sec. IV-E) Z = B V and V
 * is optimised; sparse instances are never densified.
 *
 * <p>Kernels: Gaussian (the paper's), polynomial and linear on the fast path of x·z, ||x||², ||z||²; a kernel
 * learned by MKL or IMKPL (a weighted sum of Gaussians and polynomials on feature subsets,
 * {@code MultipleKernel.DifferentiableCombined}) or a per-feature weighted Gaussian on the general path in the
 * input space, with the kernel's own values and gradient ({@link SparseMiOptions#kernel}; {@link
 * LearnedKernelForSparseMi} prepares a learned kernel).
 *
 * <p>Symbols: C = {@code options.c()}, N_XV = {@code expansionVectors}, t_max = {@code
 * maxIterations}, s_max = {@code maxStepTrials}, lambda_0 = {@code initialStep}. Cost per outer
 * iteration: up to s_max + 1 evaluations of N * N_XV kernel values and inner Newton solves in
 * N_XV + 1 variables, i.e. linear in the number of instances N.
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}) it reports g(Z)
 * to the {@link FitListener} at the start (iteration 0) and after every accepted outer step; the
 * model's {@link FitReport} holds the iterations, the trace of g, whether the loop stopped by its
 * own test (not at t_max), the seed and the seconds.
 */
public final class SparseMi {
    /** The catalog name and fit-report learner of SparseMI. */
    public static final String NAME = "sparse-mi";
    private static final System.Logger LOG = System.getLogger(SparseMi.class.getName());
    /** Start r of {@code restarts} uses the seed {@code seed + r * RESTART_SEED_STEP}. */
    static final long RESTART_SEED_STEP = 1_000_003L;

    /** Why the outer loop stopped. */
    public enum StopReason {
        /** t_max iterations done. */
        MAX_ITERATIONS,
        /** An accepted step lowered g by less than the tolerance, or the gradient vanished. */
        CONVERGED,
        /** None of the s_max trial steps lowered g. */
        NO_DECREASE,
        /** The step was accepted only at trial s_max, with {@link SparseMiOptions.TrialLimit#PRINTED}. */
        TRIAL_LIMIT
    }

    /**
     * The model after {@code iteration} accepted outer steps of one run of Algorithm 1: exactly the
     * model a fit with t_max = {@code iteration} returns (XVs, weights, objective trace; its fit report
     * is the run's so far).
     *
     * @param iteration t, the accepted outer steps (0: the initial XVs, RSVM for random ones)
     * @param trials the trial s at which step t was accepted (0 for t = 0)
     * @param model the model at Z(t)
     */
    public record Snapshot(int iteration, int trials, SparseMiModel model) {
    }

    private SparseMi() {
    }

    /** The trainer of the learner contract ({@value #NAME}): {@link #fit(BagDataset, SparseMiOptions, FitListener)}. */
    public static Trainer<Bag, SparseMiModel> trainer(SparseMiOptions options) {
        return Trainers.of(NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

    /** Fits with a silent listener. */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits SparseMI with the options' initialisation. With {@code restarts} R &gt; 1, Algorithm 1 is
     * run from R initialisations (seeds {@code seed + r * 1000003}) and the model with the lowest final
     * g(Z) is returned (the first on ties); the listener hears every start in turn (each from
     * iteration 0) and the fit report's seconds cover all of them (its options and seed are the
     * given ones, its iterations and objective trace those of the kept start).
     *
     * @throws IllegalArgumentException when the data has fewer than two classes, or N_XV (or Q)
     *         exceeds the number of training instances for an instance-based initialisation
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options, FitListener listener) {
        return fit(NAME, data, options, null, listener);
    }

    /**
     * Fits SparseMI from given initial expansion vectors in the input space (N_XV is their
     * count; the options' expansionVectors, init, basisVectors and restarts are ignored). With
     * {@code maxIterations = 0} this is a reduced SVM on fixed XVs.
     *
     * @throws IllegalArgumentException as {@link #fit(BagDataset, SparseMiOptions, FitListener)},
     *         or when an initial XV has the wrong dimension
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options, List<? extends Vec> initialXvs,
                                    FitListener listener) {
        return fit(NAME, data, options, initialXvs, listener);
    }

    /**
     * As {@link #fit(BagDataset, SparseMiOptions, List, FitListener)} for the learner {@code learner}
     * (SparseMI, or RSVM and RS, which are SparseMI fits on fixed XVs): its name goes into the
     * progress events and the fit report.
     */
    static SparseMiModel fit(String learner, BagDataset data, SparseMiOptions options, List<? extends Vec> initialXvs,
                             FitListener listener) {
        if (initialXvs != null || options.restarts() == 1) {
            return fitOnce(learner, data, options, initialXvs, listener).model();
        }
        Stopwatch clock = Stopwatch.start();
        SparseMiModel best = null;
        for (int r = 0; r < options.restarts(); r++) {
            SparseMiOptions start = options.withSeed(options.seed() + RESTART_SEED_STEP * r).withRestarts(1);
            SparseMiModel m = fitOnce(learner, data, start, null, listener).model();
            if (best == null || m.finalObjective() < best.finalObjective()) {
                best = m;
            }
        }
        double seconds = clock.elapsedSeconds();
        double g = best.finalObjective();
        int restarts = options.restarts();
        LOG.log(System.Logger.Level.DEBUG, () -> "SparseMI: kept the lowest g = " + g + " of " + restarts + " starts");
        FitReport kept = best.report();
        return best.withReport(new FitReport(learner, options.toString(), options.seed(), kept.iterations(),
                kept.converged(), kept.objective(), seconds));
    }

    /**
     * One run of Algorithm 1 with the model kept after every outer iteration listed in {@code at}
     * (ascending, &ge; 0): snapshot t is the model a fit with t_max = t would return, so a single run
     * gives the accuracy against t (the paper's Fig. 4) and any earlier stop. When the loop stops at
     * t' before a listed t (its own test, or t_max), the snapshot at t is the final model (iteration
     * t'). {@code restarts} must be 1.
     *
     * @return one snapshot per entry of {@code at}, in order
     * @throws IllegalArgumentException for restarts &gt; 1, an empty or not strictly ascending
     *         {@code at} or a negative entry, and as {@link #fit(BagDataset, SparseMiOptions, FitListener)}
     */
    public static List<Snapshot> path(BagDataset data, SparseMiOptions options, int[] at) {
        if (options.restarts() != 1) {
            throw new IllegalArgumentException("path needs restarts = 1, got " + options.restarts());
        }
        if (at == null || at.length == 0) {
            throw new IllegalArgumentException("path needs at least one iteration to keep");
        }
        for (int i = 0; i < at.length; i++) {
            if (at[i] < 0 || (i > 0 && at[i] <= at[i - 1])) {
                throw new IllegalArgumentException("the iterations to keep must be >= 0 and strictly ascending, got "
                        + java.util.Arrays.toString(at));
            }
        }
        List<Snapshot> kept = new ArrayList<>(at.length);
        int[] next = {0};
        Snapshot[] last = new Snapshot[1];
        fitOnce(NAME, data, options, null, FitListener.SILENT, snap -> {
            last[0] = snap;
            while (next[0] < at.length && at[next[0]] == snap.iteration()) {
                kept.add(snap);
                next[0]++;
            }
        });
        while (kept.size() < at.length) {
            kept.add(last[0]);
        }
        return List.copyOf(kept);
    }

    /** A fit and the XV kernel matrix K_Z (without the ridge) at its final XVs, as the fit computed it. */
    record WithKernel(SparseMiModel model, double[][] kz) {
    }

    /**
     * As {@link #fit(String, BagDataset, SparseMiOptions, List, FitListener)} from given initial XVs,
     * handing back K_Z at the returned XVs too (RS reads ||Psi||² = c'K_Z c of its dense start from it).
     */
    static WithKernel fitKeepingKernel(String learner, BagDataset data, SparseMiOptions options,
                                       List<? extends Vec> initialXvs, FitListener listener) {
        if (initialXvs == null) {
            throw new IllegalArgumentException("initialXvs must be given");
        }
        return fitOnce(learner, data, options, initialXvs, listener);
    }

    /**
     * As {@link #fit(String, BagDataset, SparseMiOptions, List, FitListener)} from given initial XVs, with the
     * first inner solve of every binary problem started from {@code warm[p]} = (beta_1 .. beta_N_XV, rho) instead
     * of zero (a warm start across N_XV: {@link WarmSizes}). The inner optimum is unique, so the warm start changes
     * only how fast Newton reaches it, not where it is (up to rounding).
     *
     * @throws IllegalArgumentException as that method, or when {@code warm} does not hold one row of N_XV + 1
     *         values per binary problem
     */
    static SparseMiModel fitWarm(String learner, BagDataset data, SparseMiOptions options,
                                 List<? extends Vec> initialXvs, double[][] warm, FitListener listener) {
        if (initialXvs == null || warm == null) {
            throw new IllegalArgumentException("a warm start needs initial XVs and coefficients");
        }
        int problems = targets(data).length;
        if (warm.length != problems) {
            throw new IllegalArgumentException("expected warm coefficients for " + problems + " binary problem(s), found "
                    + warm.length);
        }
        for (double[] w : warm) {
            if (w.length != initialXvs.size() + 1) {
                throw new IllegalArgumentException("expected " + (initialXvs.size() + 1)
                        + " warm coefficients (beta per XV and rho), found " + w.length);
            }
        }
        return fitOnce(learner, data, options, initialXvs, listener, null, warm).model();
    }

    /** One start: the initialisation of the options (or the given XVs), then Algorithm 1. */
    private static WithKernel fitOnce(String learner, BagDataset data, SparseMiOptions options,
                                      List<? extends Vec> initialXvs, FitListener listener) {
        return fitOnce(learner, data, options, initialXvs, listener, null, null);
    }

    /** As the other fitOnce, handing the model after every outer iteration (0 included) to {@code snapshots} when given. */
    private static WithKernel fitOnce(String learner, BagDataset data, SparseMiOptions options,
                                      List<? extends Vec> initialXvs, FitListener listener,
                                      java.util.function.Consumer<Snapshot> snapshots) {
        return fitOnce(learner, data, options, initialXvs, listener, snapshots, null);
    }

    /** As the other fitOnce, the first inner solves started from {@code warm} when given (null: from zero). */
    private static WithKernel fitOnce(String learner, BagDataset data, SparseMiOptions options,
                                      List<? extends Vec> initialXvs, FitListener listener,
                                      java.util.function.Consumer<Snapshot> snapshots, double[][] warm) {
        Stopwatch clock = Stopwatch.start();
        checkData(data);
        boolean dotProduct = DotProductKernel.supports(options.kernel());
        if (dotProduct) {
            checkNorms(data);
        }
        List<Vec> instances = new ArrayList<>(data.instanceCount());
        int[] bagOf = new int[data.instanceCount()];
        for (int i = 0; i < data.size(); i++) {
            for (Vec x : data.bag(i).instances()) {
                bagOf[instances.size()] = i;
                instances.add(x);
            }
        }
        double[][] targets = targets(data);
        // class weights: bag i costs C w_{c(i)} in the loss (null: every bag costs C, the unweighted fit)
        double[] bagCosts = options.classWeights().isNone() ? null
                : options.classWeights().costs(options.c(), data.classNames(), data.classIndices());
        SplittableRandom rnd = new SplittableRandom(options.seed());
        int dim = data.dim();
        PointSpace space;
        double[][] z;
        BasisSpace basis = null;
        if (initialXvs != null) {
            if (initialXvs.isEmpty()) {
                throw new IllegalArgumentException("initialXvs must not be empty");
            }
            z = new double[initialXvs.size()][];
            for (int j = 0; j < z.length; j++) {
                Vec v = initialXvs.get(j);
                if (v.dim() != dim) {
                    throw new IllegalArgumentException("initial XV " + j + " has dimension " + v.dim()
                            + ", expected " + dim);
                }
                z[j] = v.toArray();
            }
            space = new InputSpace(instances, dim);
        } else if (options.basisVectors() > 0) {
            int q = options.basisVectors();
            requireInstances("basisVectors", q, instances.size());
            int[] chosen = options.init() == XvInit.SVM
                    ? XvInitializer.svmSelection(data, instances, options.kernel(), targets, options.c(), bagCosts,
                            q)
                    : XvInitializer.randomInstances(instances.size(), q, rnd);
            List<Vec> b = new ArrayList<>(q);
            for (int t : chosen) {
                b.add(instances.get(t));
            }
            basis = new BasisSpace(instances, b);
            space = basis;
            z = new double[options.expansionVectors()][q];
            for (int j = 0; j < z.length; j++) {
                z[j][j] = 1.0;
            }
        } else {
            int k = options.expansionVectors();
            requireInstances("expansionVectors", k, instances.size());
            space = new InputSpace(instances, dim);
            switch (options.init()) {
                case KMEANS -> z = XvInitializer.kmeans(instances, k, options.seed());
                case SVM -> z = rows(instances, XvInitializer.svmSelection(data, instances, options.kernel(),
                        targets, options.c(), bagCosts, k));
                default -> z = rows(instances, XvInitializer.randomInstances(instances.size(), k, rnd));
            }
        }
        try {
            SparseMiObjective objective = dotProduct
                    ? new SparseMiObjective(DotProductKernel.of(options.kernel()), space, bagOf, data.size(), targets,
                            options.c(), options.ridge(), options.innerSolver(), options.innerTolerance())
                    : new SparseMiObjective(options.kernel(), (InputSpace) space, bagOf, data.size(), targets,
                            options.c(), options.ridge(), options.innerSolver(), options.innerTolerance());
            objective.withBagCosts(bagCosts);
            double lambda = !Double.isNaN(options.initialStep()) ? options.initialStep()
                    : options.maxIterations() == 0 ? Double.NaN : defaultStep(space, z);
            SparseMiObjective.Evaluation current = objective.evaluate(z, warm);
            List<Double> trace = new ArrayList<>();
            trace.add(current.value);
            listener.onProgress(new FitProgress(learner, 0, 1, 0, current.value, clock.elapsedSeconds()));
            StopReason reason = StopReason.MAX_ITERATIONS;
            int iterations = 0;
            int nxv = z.length;
            int pd = space.parameterDim();
            if (snapshots != null) {
                snapshots.accept(snapshot(learner, data, options, basis, current, trace, 0, 0, clock));
            }
            while (iterations < options.maxIterations()) {
                double[][] grad = objective.gradient(current);
                double norm = 0;
                for (double[] row : grad) {
                    for (double v : row) {
                        norm += v * v;
                    }
                }
                norm = Math.sqrt(norm);
                if (!(norm > 0)) {
                    reason = StopReason.CONVERGED;
                    break;
                }
                // x · g_j once per iteration: each trial's x · z is then x · z0 - s x · g (no product per trial)
                double[][] directionDots = objective.directionDots(grad);
                SparseMiObjective.Evaluation accepted = null;
                int acceptedAt = 0;
                for (int s = 1; s <= options.maxStepTrials(); s++) {
                    double scale = options.stepRule() == SparseMiOptions.StepRule.GRADIENT ? lambda : lambda / norm;
                    double[][] trial = new double[nxv][pd];
                    for (int j = 0; j < nxv; j++) {
                        for (int q = 0; q < pd; q++) {
                            trial[j][q] = current.z[j][q] - scale * grad[j][q];
                        }
                    }
                    SparseMiObjective.Evaluation e = objective.evaluate(trial,
                            new SparseMiObjective.Step(current, directionDots, scale), current.w);
                    if (e.value < current.value) {
                        accepted = e;
                        acceptedAt = s;
                        if (s == 1) {
                            lambda *= 2;
                        }
                        break;
                    }
                    lambda /= 2;
                }
                if (accepted == null) {
                    reason = StopReason.NO_DECREASE;
                    break;
                }
                double before = current.value;
                current = accepted;
                iterations++;
                trace.add(current.value);
                listener.onProgress(new FitProgress(learner, 0, 1, iterations, current.value, clock.elapsedSeconds()));
                if (snapshots != null) {
                    snapshots.accept(snapshot(learner, data, options, basis, current, trace, iterations, acceptedAt,
                            clock));
                }
                if (before - current.value <= options.tolerance() * Math.abs(before)) {
                    reason = StopReason.CONVERGED;
                    break;
                }
                if (options.trialLimit() == SparseMiOptions.TrialLimit.PRINTED
                        && acceptedAt == options.maxStepTrials()) {
                    reason = StopReason.TRIAL_LIMIT;
                    break;
                }
            }
            List<Vec> xvs = new ArrayList<>(nxv);
            for (double[] p : current.z) {
                xvs.add(basis != null ? basis.point(p, dim) : DenseVec.of(p));
            }
            double seconds = clock.elapsedSeconds();
            StopReason stop = reason;
            LOG.log(System.Logger.Level.DEBUG, () -> "SparseMI: " + nxv + " XVs, " + trace.size()
                    + " objective values, stopped: " + stop);
            double[] traceArr = trace.stream().mapToDouble(Double::doubleValue).toArray();
            // t_max = 0 (RSVM, RS) is one exact inner solve: nothing to converge
            boolean converged = reason != StopReason.MAX_ITERATIONS || options.maxIterations() == 0;
            FitReport report = new FitReport(learner, options.toString(), options.seed(), iterations, converged,
                    traceArr, seconds);
            return new WithKernel(new SparseMiModel(options.kernel(), data.classNames(), dim, xvs, current.w, traceArr,
                    reason, report), current.kz);
        } finally {
            if (space instanceof InputSpace input) {
                input.close(); // its native operands now rather than when the collector finds them
            }
        }
    }

    /**
     * The model at the current point of a run, as a fit stopped here by t_max = {@code iteration}
     * would return it (stop reason MAX_ITERATIONS, or the converged flag of t_max = 0).
     */
    private static Snapshot snapshot(String learner, BagDataset data, SparseMiOptions options, BasisSpace basis,
                                     SparseMiObjective.Evaluation current, List<Double> trace, int iteration,
                                     int trials, Stopwatch clock) {
        int dim = data.dim();
        List<Vec> xvs = new ArrayList<>(current.z.length);
        for (double[] p : current.z) {
            xvs.add(basis != null ? basis.point(p, dim) : DenseVec.of(p));
        }
        double[] traceArr = trace.stream().mapToDouble(Double::doubleValue).toArray();
        SparseMiOptions as = options.withMaxIterations(iteration);
        FitReport report = new FitReport(learner, as.toString(), options.seed(), iteration, iteration == 0, traceArr,
                clock.elapsedSeconds());
        return new Snapshot(iteration, trials, new SparseMiModel(options.kernel(), data.classNames(), dim, xvs,
                current.w, traceArr, StopReason.MAX_ITERATIONS, report));
    }

    /** y = +1 for class 1 of a two-class set; one-vs-rest rows for more classes. */
    static double[][] targets(BagDataset data) {
        int k = data.classCount();
        int problems = k == 2 ? 1 : k;
        double[][] y = new double[problems][data.size()];
        for (int p = 0; p < problems; p++) {
            int positive = k == 2 ? 1 : p;
            for (int i = 0; i < data.size(); i++) {
                y[p][i] = data.label(i) == positive ? 1.0 : -1.0;
            }
        }
        return y;
    }

    /** @throws IllegalArgumentException for fewer than two bags or classes */
    static void checkData(BagDataset data) {
        int[] counts = data.classCounts();
        int present = 0;
        for (int cnt : counts) {
            if (cnt > 0) {
                present++;
            }
        }
        if (present < 2) {
            throw new IllegalArgumentException("training data must contain at least two classes, found "
                    + (data.size() == 0 ? "no bags" : "only class '" + data.classNames().get(data.label(0)) + "'"));
        }
        for (Bag b : data.bags()) {
            if (b.size() == 0) {
                throw new IllegalArgumentException("bag '" + b.id() + "' has no instances");
            }
        }
    }

    /** The largest squared instance norm SparseMI accepts: a + b + 2|x·z| &le; 4 max(a, b) stays finite. */
    static final double MAX_SQUARED_NORM = Double.MAX_VALUE / 4;

    /**
     * The kernel reads the squared distance as ||x||² + ||z||² - 2 x·z (TNNLS 2013's Gaussian, and
     * the basis-vector mode, work on inner products); that sum overflows beyond
     * {@link #MAX_SQUARED_NORM} and would give kernel values that are not a kernel.
     *
     * @throws IllegalArgumentException naming the first bag and instance whose squared norm is larger
     */
    static void checkNorms(BagDataset data) {
        for (Bag b : data.bags()) {
            for (int p = 0; p < b.size(); p++) {
                double sq = b.instance(p).squaredNorm();
                if (!(sq <= MAX_SQUARED_NORM)) {
                    throw new IllegalArgumentException("instance " + p + " of bag '" + b.id() + "' has squared norm "
                            + sq + ", above the " + MAX_SQUARED_NORM + " at which the kernel's ||x||^2 + ||z||^2 - 2 x.z "
                            + "overflows; rescale the features (e.g. standardise them)");
                }
            }
        }
    }

    private static void requireInstances(String name, int k, int n) {
        if (k > n) {
            throw new IllegalArgumentException(name + " must be <= the number of training instances (" + n
                    + ") when initialised from instances, got " + k);
        }
    }

    private static double[][] rows(List<Vec> instances, int[] idx) {
        double[][] z = new double[idx.length][];
        for (int j = 0; j < idx.length; j++) {
            z[j] = instances.get(idx[j]).toArray();
        }
        return z;
    }

    /**
     * lambda_0: the mean pairwise distance between the initial XVs (the paper's default); for one
     * XV, its mean distance to (up to 1000 of) the training instances.
     */
    static double defaultStep(PointSpace space, double[][] z) {
        double sum = 0;
        int count = 0;
        if (z.length > 1) {
            double[] norms = new double[z.length];
            for (int a = 0; a < z.length; a++) {
                norms[a] = space.inner(z[a], z[a]);
            }
            for (int a = 0; a < z.length; a++) {
                double aa = norms[a];
                for (int b = a + 1; b < z.length; b++) {
                    double d2 = aa + norms[b] - 2 * space.inner(z[a], z[b]);
                    sum += Math.sqrt(Math.max(d2, 0));
                    count++;
                }
            }
        } else {
            double zz = space.inner(z[0], z[0]);
            int n = Math.min(space.instanceCount(), 1000);
            for (int t = 0; t < n; t++) {
                double d2 = space.instanceSquaredNorm(t) + zz - 2 * space.instanceDot(t, z[0]);
                sum += Math.sqrt(Math.max(d2, 0));
                count++;
            }
        }
        double mean = sum / count;
        return mean > 0 ? mean : 1.0;
    }
}
