package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Ball Vector Machine (Tsang, Kocsor and Kwok, "Simpler Core Vector Machines with Enclosing
 * Balls", ICML 2007; spec §4, following LibCVM 2.2's bvm.cpp): the two-class L2-SVM's feature
 * space (k~ = yy'(k + 1) + I/C, constant diagonal kappa~ = kappa + 1 + 1/C required) augmented by
 * one coordinate; the enclosing ball has the fixed radius r = sqrt(kappa~) and centre
 * [sum a_i phi~(z_i) ; a_aug], started at the first training point with a_aug = sqrt(kappa~). No QP:
 * for a sampled point l with d^2 = ||c||^2 + kappa~ - 2 (K~a)_l &gt; (1+eps)^2 r^2 - a_aug^2 the
 * centre moves towards [phi~(z_l) ; 0] until that point lies on the radius-r sphere:
 *
 * <pre>
 *   beta = sqrt(r^2 / (d^2 + a_aug^2)),  a &lt;- beta a,  a_aug &lt;- beta a_aug,  a_l &lt;- a_l + (1 - beta),
 *   ||c||^2 &lt;- beta ||c||^2 + (1 - beta) kappa~ - beta (1 - beta) d^2.
 * </pre>
 *
 * Sampling: up to {@code maxSampleRounds} rounds of {@code sampleSize} candidates, half from each
 * class (core vectors may be re-chosen); a non-core candidate whose k~ with a core vector is at
 * least kappa~ (1 - eps - eps^2/2) is skipped as a near-duplicate; with more than 400 core vectors,
 * up to 20 refinement steps sample only core vectors before each global search. Epsilon follows
 * the options' schedule. Recovery of w, b and f as for {@link CoreVectorMachine}.
 *
 * <p>Over bags ({@link #fitBags}) the same iteration runs on a kernel between bags with constant
 * k(B, B), the normalised set kernel k_set(B, B') / sqrt(k_set(B, B) k_set(B', B')) (Gaertner et al.,
 * ICML 2002).
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}; {@link #bagTrainer},
 * {@value #BAG_NAME}): the fit report
 * counts the centre updates (summed over machines) and traces kappa~ - ||c||^2 (the MEB dual value
 * at the current weights) of the first machine each time a core vector is added; the listener hears
 * the same events (iteration = centre updates so far).
 */
public final class BallVectorMachine {
    /** The learner's catalog name. */
    public static final String NAME = "bvm";
    /** The catalog name of the ball vector machine over bags ({@code bvm} on bag data). */
    public static final String BAG_NAME = "bag-bvm";
    private static final int REFINE_ABOVE = 400;
    private static final int REFINE_STEPS = 20;
    private static final double INITIAL_EPSILON = 0.1;
    private static final long UPDATE_CAP = 20_000_000L;

    private BallVectorMachine() {
    }

    /** The trainer of the learner contract: {@link #fit(LabeledDataset, CvmOptions, FitListener)} with these options. */
    public static Trainer<Vec, CvmModel> trainer(CvmOptions options) {
        java.util.Objects.requireNonNull(options, "options");
        return Trainers.of(NAME, InputKind.VECTORS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(LabeledDataset.of(data), options, listener));
    }

    /** The trainer of the learner contract over bags: {@link #fitBags(BagDataset, BagCvmOptions, FitListener)}. */
    public static Trainer<Bag, BagCvmModel> bagTrainer(BagCvmOptions options) {
        java.util.Objects.requireNonNull(options, "options");
        return Trainers.of(BAG_NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fitBags(BagDataset.of(data), options, listener));
    }

    /**
     * Fits a classifier (two classes, or several by the options' multi-class reduction).
     *
     * @throws IllegalArgumentException when k(x, x) is not constant, for fewer than two classes
     */
    public static CvmModel fit(LabeledDataset data, CvmOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /** As {@link #fit(LabeledDataset, CvmOptions)}, reporting each time a core vector is added. */
    public static CvmModel fit(LabeledDataset data, CvmOptions options, FitListener listener) {
        return CoreVectorMachine.fitVectors(data, options, BallVectorMachine::fitBinary, NAME, listener);
    }

    /**
     * Fits a classifier over bags; the bag kernel must have constant k(B, B), e.g. the normalised set
     * kernel {@code SetKernel.normalized(instanceKernel)}.
     *
     * @throws IllegalArgumentException when k(B, B) is not constant, for fewer than two classes
     */
    public static BagCvmModel fitBags(BagDataset data, BagCvmOptions options) {
        return fitBags(data, options, FitListener.SILENT);
    }

    /** As {@link #fitBags(BagDataset, BagCvmOptions)}, reporting each time a core vector is added. */
    public static BagCvmModel fitBags(BagDataset data, BagCvmOptions options, FitListener listener) {
        return CoreVectorMachine.fitBags(data, options, BallVectorMachine::fitBinary, BAG_NAME, listener);
    }

    /**
     * Fits one machine on labels in {-1, +1}.
     *
     * @throws IllegalArgumentException when k(x, x) is not constant or a label is not +1 / -1
     */
    public static CvmMachine<Vec> fitBinary(List<? extends Vec> points, double[] y, CvmOptions options) {
        List<Vec> x = List.copyOf(points);
        KernelMatrix k = KernelSpace.VECTORS.matrix(x, options.kernel());
        return fitBinary(x, k, y.clone(), CoreVectorMachine.diagonal(k), CoreVectorMachine.setting(options),
                CoreSetSolver.Progress.NONE).machine();
    }

    static <X> CoreVectorMachine.Fitted<X> fitBinary(List<X> x, KernelMatrix k, double[] y, double[] diag,
                                                    CoreVectorMachine.Setting<X> setting,
                                                    CoreSetSolver.Progress progress) {
        CoreVectorMachine.checkSigns(y);
        double lo = Arrays.stream(diag).min().orElse(0);
        double hi = Arrays.stream(diag).max().orElse(0);
        if (hi - lo > 1e-12 * Math.max(1.0, Math.abs(hi))) {
            throw new IllegalArgumentException("the ball vector machine needs a kernel with constant k(x, x), got values from "
                    + lo + " to " + hi + " (" + setting.kernel() + ")"
                    + (setting.space() == KernelSpace.BAGS ? "; on bags use the normalised set kernel" : ""));
        }
        long start = System.nanoTime();
        TwoClassL2Problem problem = new TwoClassL2Problem(k, y, diag, setting.c());
        Solver s = new Solver(problem, setting.coreSet(), progress);
        s.run();
        return new CoreVectorMachine.Fitted<>(CoreVectorMachine.machine(x, y, s.core(), s.alphas(), s.centreNorm2,
                s.r2 - s.centreNorm2, problem.eta(), setting, s.updates, s.converged, (System.nanoTime() - start) * 1e-9),
                s.trace());
    }

    /**
     * A ball vector machine classifier found over problems whose points live elsewhere (Spark partitions), one per
     * machine as {@link CoreVectorMachine#fitDistributed(List, double[], int, CvmOptions, FitListener)} takes them
     * (two classes, one-vs-rest or one-vs-one), whose k(x, x) the caller checked constant. The iteration draws each
     * sampling round's candidates and tells the problem ({@link DistributedMebProblem#prefetch}); an exact scan (no
     * sampling, or the final full scan of the JMLR reference) ranks the core points here and hands the others to the
     * problem ({@link DistributedMebProblem#furthestOutsideBall}). On the same points, order and options the core
     * sets, weights and model are those of {@link #fit(LabeledDataset, CvmOptions)}.
     *
     * @param dim the points' dimension
     * @throws IllegalArgumentException as CoreVectorMachine's
     */
    public static CvmModel fitDistributed(List<CoreVectorMachine.DistributedMachine> machines, double[] classes,
                                          int dim, CvmOptions options, FitListener listener) {
        java.util.Objects.requireNonNull(options, "options");
        return CoreVectorMachine.fitDistributed(machines, classes, dim, options, listener, NAME,
                (problem, setting, progress) -> {
                    long start = System.nanoTime();
                    Solver s = new Solver(problem, setting.coreSet(), progress);
                    s.run();
                    return new CoreVectorMachine.DistributedFit(s.core(), s.alphas(), s.centreNorm2,
                            s.r2 - s.centreNorm2, s.updates, s.converged, (System.nanoTime() - start) * 1e-9,
                            s.trace());
                });
    }

    /** The BVM iteration; package-private so tests can drive single updates. */
    static final class Solver {
        final MebProblem problem;
        final CoreSetOptions options;
        final double kappa;
        final double r2;
        final KernelRowCache cache;
        final SplittableRandom rng;
        final int n;
        int[] core = new int[16];
        final PointSets.Positions position;
        double[] alpha = new double[16];
        /** (K~a) at each core position, kept current by every update (LibCVM's cached values). */
        double[] kaCore = new double[16];
        int size;
        double aug;
        double centreNorm2;
        long updates;
        boolean converged = true;
        final PointSets.Groups groups;
        final CoreSetSolver.Progress progress;
        /** kappa~ - ||c||^2 at the start and each time a core vector was added. */
        double[] trace = new double[64];
        int traceLength;

        Solver(MebProblem problem, CoreSetOptions options) {
            this(problem, options, CoreSetSolver.Progress.NONE);
        }

        Solver(MebProblem problem, CoreSetOptions options, CoreSetSolver.Progress progress) {
            this.problem = problem;
            this.options = options;
            this.progress = progress;
            this.n = problem.size();
            this.kappa = problem.entry(0, 0);
            this.r2 = kappa;
            this.cache = new KernelRowCache(problem, options.cacheMb());
            this.rng = new SplittableRandom(options.seed());
            this.position = PointSets.positions(problem);
            this.groups = PointSets.groups(problem);
            // start: core = {point 0}, a = 1, a_aug = sqrt(kappa~), ||c||^2 = kappa~
            append(0);
            alpha[0] = 1.0;
            kaCore[0] = kappa;
            aug = Math.sqrt(kappa);
            centreNorm2 = kappa;
            record();
        }

        /** Records kappa~ - ||c||^2 in the trace and tells the listener (iteration = updates so far). */
        private void record() {
            if (traceLength == trace.length) {
                trace = Arrays.copyOf(trace, 2 * traceLength);
            }
            double value = kappa - centreNorm2;
            trace[traceLength++] = value;
            progress.iteration((int) Math.min(Integer.MAX_VALUE, updates), value);
        }

        double[] trace() {
            return Arrays.copyOf(trace, traceLength);
        }

        private void append(int l) {
            if (size == core.length) {
                core = Arrays.copyOf(core, 2 * size);
                alpha = Arrays.copyOf(alpha, 2 * size);
                kaCore = Arrays.copyOf(kaCore, 2 * size);
            }
            core[size] = l;
            alpha[size] = 0.0;
            position.put(l, size);
            size++;
        }

        /**
         * (K~a)_l over the core set: O(1) for a core point, |S| cached (float) kernel entries
         * otherwise; used to rank candidates.
         */
        double kAlpha(int l) {
            int pl = position.get(l);
            if (pl >= 0) {
                return kaCore[pl];
            }
            float[] row = cache.row(l, core, size);
            double s = 0;
            for (int j = 0; j < size; j++) {
                s += alpha[j] * row[j];
            }
            return s;
        }

        /** K~(l, core_j) for every core position, in double from the problem (the update is exact). */
        private double[] exactRow(int l) {
            double[] row = new double[size];
            problem.entries(l, core, 0, size, row);
            return row;
        }

        /** ||c - phi~(z_l)||^2 (without the augmented coordinate). */
        double distance2(int l) {
            return centreNorm2 + kappa - 2 * kAlpha(l);
        }

        /**
         * Moves the centre so that point l lands on the radius-r sphere. The candidate was ranked
         * with float kernel rows; the update recomputes (K~a)_l and d^2 in double (a no-op when
         * the exact point is not outside the radius-r ball after all). {@code rankedD2} is the
         * squared distance the candidate was ranked by; only the exact one is used.
         */
        void update(int l, double rankedD2) {
            double kaL;
            int pl = position.get(l);
            if (pl >= 0) {
                kaL = kaCore[pl];
            } else {
                double[] r = exactRow(l);
                kaL = 0;
                for (int j = 0; j < size; j++) {
                    kaL += alpha[j] * r[j];
                }
            }
            double d2 = centreNorm2 + kappa - 2 * kaL;
            updates++;
            if (!(d2 + aug * aug > r2)) {
                return;
            }
            double beta = Math.sqrt(r2 / (d2 + aug * aug));
            boolean added = position.get(l) < 0;
            if (added) {
                append(l);
                kaCore[size - 1] = kaL;
            }
            // row of l against the whole core set, itself included
            double[] row = exactRow(l);
            for (int j = 0; j < size; j++) {
                alpha[j] *= beta;
                kaCore[j] = beta * kaCore[j] + (1 - beta) * row[j];
            }
            aug *= beta;
            alpha[position.get(l)] += 1 - beta;
            centreNorm2 = beta * centreNorm2 + (1 - beta) * kappa - beta * (1 - beta) * d2;
            if (added) {
                record();
            }
        }

        void run() {
            double target = options.epsilon();
            double eps = options.schedule() == CoreSetOptions.EpsilonSchedule.HALVING_FROM_0_1
                    ? Math.max(target, INITIAL_EPSILON) : target;
            int cap = Math.min(options.maxCoreVectors(), n);
            while (true) {
                while (true) {
                    if (size >= cap && size < n || updates >= UPDATE_CAP) {
                        converged = false;
                        return;
                    }
                    double threshold = (1 + eps) * (1 + eps) * r2 - aug * aug;
                    if (size > REFINE_ABOVE) {
                        for (int step = 0; step < REFINE_STEPS; step++) {
                            int best = -1;
                            double bestD = threshold;
                            for (int k = 0; k < options.sampleSize(); k++) {
                                int l = core[rng.nextInt(size)];
                                double d = distance2(l);
                                if (d > bestD) {
                                    bestD = d;
                                    best = l;
                                }
                            }
                            if (best < 0) {
                                break;
                            }
                            update(best, bestD);
                            threshold = (1 + eps) * (1 + eps) * r2 - aug * aug;
                        }
                    }
                    double dupLimit = kappa * (1 - eps - eps * eps / 2);
                    int best = -1;
                    double bestD = threshold;
                    if (options.sampleSize() == 0) {
                        best = fullScan(threshold);
                        bestD = best < 0 ? threshold : distance2(best);
                    } else {
                        int[] drawn = new int[options.sampleSize()];
                        for (int round = 0; round < options.maxSampleRounds() && best < 0; round++) {
                            // a round's draws do not depend on distances: drawn first (the same random numbers),
                            // so that a distributed problem fetches them in one pass
                            for (int k = 0; k < drawn.length; k++) {
                                int g = k < options.sampleSize() / 2 ? 0 : 1;
                                int pool = groups.size(g) > 0 ? g : 1 - g;
                                drawn[k] = groups.member(pool, rng.nextInt(groups.size(pool)));
                            }
                            if (problem instanceof DistributedMebProblem d) {
                                d.prefetch(drawn, drawn.length, rounds -> new int[0]);
                            }
                            for (int k = 0; k < drawn.length; k++) {
                                int l = drawn[k];
                                if (position.get(l) < 0 && nearDuplicate(l, dupLimit)) {
                                    continue;
                                }
                                double d = distance2(l);
                                if (d > bestD) {
                                    bestD = d;
                                    best = l;
                                }
                            }
                        }
                        if (best < 0 && options.finalFullScan()) {
                            best = fullScan(bestD);
                            bestD = best < 0 ? bestD : distance2(best);
                        }
                    }
                    if (best < 0) {
                        break;
                    }
                    update(best, bestD);
                }
                if (eps <= target) {
                    return;
                }
                eps = Math.max(target, eps * 0.5);
            }
        }

        /**
         * The first point (lowest index) with the largest d^2 above the threshold, or -1: every point here, or, for a
         * distributed problem, the core points here (their d^2 from the maintained (K~a) values) and the others in
         * one pass of the problem's, the larger d^2 winning and the lower index between equal ones.
         */
        private int fullScan(double threshold) {
            int best = -1;
            double bestD = threshold;
            if (problem instanceof DistributedMebProblem d) {
                int[] sorted = Arrays.copyOf(core, size);
                Arrays.sort(sorted);
                for (int l : sorted) {
                    double dl = distance2(l);
                    if (dl > bestD) {
                        bestD = dl;
                        best = l;
                    }
                }
                int far = d.furthestOutsideBall(threshold, centreNorm2 + kappa, core, alpha, size);
                if (far >= 0) {
                    double df = distance2(far);
                    if (df > bestD || df == bestD && far < best) {
                        best = far;
                    }
                }
                return best;
            }
            for (int l = 0; l < n; l++) {
                double dl = distance2(l);
                if (dl > bestD) {
                    bestD = dl;
                    best = l;
                }
            }
            return best;
        }

        private boolean nearDuplicate(int l, double limit) {
            float[] row = cache.row(l, core, size);
            for (int j = 0; j < size; j++) {
                if (row[j] >= limit) {
                    return true;
                }
            }
            return false;
        }

        int[] core() {
            return Arrays.copyOf(core, size);
        }

        double[] alphas() {
            return Arrays.copyOf(alpha, size);
        }
    }
}
