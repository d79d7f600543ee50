package dev.kernelkit.cvm;

import dev.kernelkit.svm.GrowingDualProblem;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.util.Threads;
import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * The Bădoiu–Clarkson (1+epsilon) core-set iteration for a minimum enclosing ball in kernel
 * feature space, as used by the Core Vector Machine (Tsang, Kwok and Cheung, JMLR 6:363–392,
 * 2005; spec §2.1, §3):
 *
 * <ol>
 *   <li>initialise the core set S_0 ({@link CoreSetOptions.Init}) and solve MEB(S_0);</li>
 *   <li>find a point with d_l^2 = ||c||^2 - 2 (K~a)_l + v_l &gt; (1+epsilon)^2 R^2, the furthest
 *       one found (exactly by a full scan, or the furthest of a random sample of 59 / 60);</li>
 *   <li>if none, stop (after an optional exact full scan); else append it to S with a = 0 and
 *       re-solve the core-set MEB dual, warm-started.</li>
 * </ol>
 *
 * The core-set MEB dual max a'v - a'K~a over the simplex is the kernels layer's SMO problem
 * min 1/2 a'Qa + p'a, y'a = 1, a &ge; 0 with Q = K~, p = -v/2, y = 1 (a {@link GrowingDualProblem},
 * solved by {@link SmoSolver}, spec §3.3 item 8): it stops on the Frank–Wolfe duality gap
 * a'G - min_t G_t &le; epsilon R^2 / 2 by default, which bounds f(a) - f*; in MEB terms that gap is half
 * the excess max_{t in S} d_t^2 - R^2 of the furthest core point over the current radius
 * (d_t^2 = ||c||^2 - 2 G_t), i.e. with gap &le; tol every core point lies within R^2 + 2 tol of the
 * centre; or by LibCVM's dynamic pairwise tolerance ({@link CoreSetOptions.InnerStop}).
 *
 * With a full scan at the end, every point lies within (1+epsilon) R of the centre and R is at
 * most the true MEB radius (up to the inner tolerance), so the ball is a (1+epsilon)-approximation;
 * the number of outer iterations is at most 2/epsilon (Bădoiu–Clarkson). Costs per iteration:
 * |S| kernel evaluations per candidate (rows cached against the core-set prefix by
 * {@link KernelRowCache}) plus the inner SMO on |S| points.
 */
public final class CoreSetSolver {
    private static final System.Logger LOG = System.getLogger(CoreSetSolver.class.getName());
    private static final double INITIAL_EPSILON = 0.1;
    private static final int RANDOM_INIT_SIZE = 20;
    private static final long INNER_ITERATION_CAP = 50_000_000L;
    /** LibCVM's SMO_EPS: the first tolerance of the dynamic scheme. */
    private static final double LIBCVM_INITIAL_TOLERANCE = 1e-3;
    /** A sampling round's first draws are split over threads from this many kernel entries on. */
    static final int PARALLEL_MIN_ENTRIES = 2048;

    private final MebProblem problem;
    private final CoreSetOptions options;
    private final int n;
    private final SplitMix rng;
    private final KernelRowCache cache;
    /** The core-set QP (its variables are the core positions) and the solver of the kernels layer. */
    private final GrowingDualProblem qp = new GrowingDualProblem(1.0);
    private final SmoSolver smo = new SmoSolver(SmoSolver.Options.defaults().withShrinking(false)
            .withMaxIterations(INNER_ITERATION_CAP));
    /** The weights a of the last solve, read by the candidate search. */
    private double[] weights = new double[0];
    /** The core positions t with a_t != 0, increasing (the first nonZeroCount entries). */
    private int[] nonZero = new int[16];
    private int nonZeroCount;
    private final PointSets.Flags inCore;
    /** Points drawn as sampling candidates before: their rows are worth caching. */
    private final PointSets.Flags drawn;
    private int[] core = new int[16];
    private final PointSets.Groups groups;
    private final int[] groupCoreCount = new int[2];
    private double centreNorm2;
    private double radius2;
    private long innerIterations;
    private long innerNanos;
    private int fullScans;
    private double dynamicTolerance = LIBCVM_INITIAL_TOLERANCE;
    private final Progress progress;
    /** Threads for the first draws of a sampling round (1 when the problem's entries are not thread-safe). */
    private final int threads;
    /** The fewest kernel entries of a round's first draws that are split over threads. */
    private final int parallelMinEntries;
    /** Sampling rounds whose first draws were split over threads. */
    private long parallelRounds;
    /** A sampling round: the points drawn, whether each was a first draw, and their d^2. */
    private int[] candidates = new int[0];
    private boolean[] firstDraw = new boolean[0];
    private double[] candidateD2 = new double[0];
    private int[] firstPositions = new int[0];
    private KernelRowCache.Buffers[] buffers;

    /** Receives R^2 after the initial solve (iteration 0) and after every outer iteration. */
    @FunctionalInterface
    interface Progress {
        /** Nothing. */
        Progress NONE = (iteration, radius2) -> { };

        void iteration(int iteration, double radius2);
    }

    private CoreSetSolver(MebProblem problem, CoreSetOptions options, Progress progress, int threads,
                          int parallelMinEntries) {
        this.problem = problem;
        this.options = options;
        this.progress = progress;
        this.n = problem.size();
        this.rng = new SplitMix(options.seed());
        this.threads = problem.concurrentEntries() ? threads : 1;
        this.parallelMinEntries = parallelMinEntries;
        this.cache = new KernelRowCache(problem, options.cacheMb());
        this.inCore = PointSets.flags(problem);
        this.drawn = PointSets.flags(problem);
        this.groups = PointSets.groups(problem);
    }

    /**
     * Runs the core-set iteration.
     *
     * @throws IllegalArgumentException when the problem is empty or a group is not 0/1
     */
    public static CoreSetResult solve(MebProblem problem, CoreSetOptions options) {
        return solve(problem, options, Progress.NONE);
    }

    /** As {@link #solve(MebProblem, CoreSetOptions)}, reporting R^2 after every outer iteration. */
    static CoreSetResult solve(MebProblem problem, CoreSetOptions options, Progress progress) {
        if (problem.size() < 1) {
            throw new IllegalArgumentException("an enclosing ball needs at least one point, got 0");
        }
        return new CoreSetSolver(problem, options, progress, Threads.available(), PARALLEL_MIN_ENTRIES).run();
    }

    /**
     * As {@link #solve(MebProblem, CoreSetOptions)} on {@code threads} threads, splitting a round's
     * first draws from {@code parallelMinEntries} kernel entries on; {@code parallelRounds[0]} receives
     * the number of rounds that were split (for tests).
     */
    static CoreSetResult solve(MebProblem problem, CoreSetOptions options, int threads, int parallelMinEntries,
                               long[] parallelRounds) {
        if (problem.size() < 1) {
            throw new IllegalArgumentException("an enclosing ball needs at least one point, got 0");
        }
        CoreSetSolver s = new CoreSetSolver(problem, options, Progress.NONE, threads, parallelMinEntries);
        CoreSetResult r = s.run();
        parallelRounds[0] = s.parallelRounds;
        return r;
    }

    private CoreSetResult run() {
        long start = System.nanoTime();
        double[] trace = new double[64];
        int traceLen = 0;
        initialise();
        trace[traceLen++] = radius2;
        progress.iteration(0, radius2);
        int iterations = 0;
        boolean capped = false;
        int cap = Math.min(options.maxCoreVectors(), n);
        double target = options.epsilon();
        double eps = options.schedule() == CoreSetOptions.EpsilonSchedule.HALVING_FROM_0_1
                ? Math.max(target, INITIAL_EPSILON) : target;
        stages:
        while (true) {
            while (true) {
                if (qp.size() >= cap) {
                    capped = qp.size() < n;
                    break stages;
                }
                double threshold = (1 + eps) * (1 + eps) * radius2;
                int next = options.sampleSize() == 0 ? fullScan(threshold) : sampledSearch(threshold);
                // the exact check only where it decides the result: the last stage (every stage of
                // the fixed schedule); an intermediate stage of the halving schedule may end early
                if (next < 0 && options.sampleSize() > 0 && options.finalFullScan() && eps <= target) {
                    next = fullScan(threshold);
                }
                if (next < 0) {
                    break;
                }
                addCore(next);
                solveInner(eps);
                iterations++;
                if (qp.size() % 1000 == 0) {
                    double stage = eps;
                    LOG.log(System.Logger.Level.DEBUG, () -> status(start, stage));
                }
                if (traceLen == trace.length) {
                    trace = Arrays.copyOf(trace, 2 * traceLen);
                }
                trace[traceLen++] = radius2;
                progress.iteration(iterations, radius2);
            }
            if (eps <= target) {
                break;
            }
            eps = Math.max(target, eps * 0.5);
        }
        int s = qp.size();
        double[] alpha = qp.alphas();
        // ||c||^2 = a'K~a once more in double from the problem's entries: the solver's value
        // comes from float off-diagonal entries
        centreNorm2 = exactQuadratic(alpha, s);
        radius2 = offsetValue() - centreNorm2;
        LOG.log(System.Logger.Level.DEBUG, () -> status(start, target));
        return new CoreSetResult(Arrays.copyOf(core, s), alpha, centreNorm2, radius2, iterations,
                Arrays.copyOf(trace, traceLen), !capped, innerIterations, cache.computed(), fullScans,
                (System.nanoTime() - start) * 1e-9, innerNanos * 1e-9);
    }

    private void initialise() {
        if (options.init() == CoreSetOptions.Init.FURTHEST_PAIR || n == 1) {
            int z = rng.nextInt(n);
            int za = furthestFromPoint(z);
            int zb = furthestFromPoint(za);
            addCore(za);
            if (zb != za) {
                addCore(zb);
                qp.setAlpha(new double[] {0.5, 0.5});
            } else {
                qp.setAlpha(new double[] {1.0});
            }
        } else {
            int m = Math.min(RANDOM_INIT_SIZE, n);
            if (problem instanceof DistributedMebProblem d) {
                // the forecast of the initial draws (exact unless a point is drawn twice), then of the rounds
                SplitMix ahead = rng.copy();
                int[] init = new int[m];
                for (int k = 0; k < m; k++) {
                    init[k] = drawNonCore(k % 2, ahead);
                }
                d.prefetch(init, m, this::nextDraws);
            }
            for (int k = 0; k < m; k++) {
                addCore(drawNonCore(k % 2, rng));
            }
            double[] a = new double[m];
            Arrays.fill(a, 1.0 / m);
            qp.setAlpha(a);
        }
        solveInner(options.schedule() == CoreSetOptions.EpsilonSchedule.HALVING_FROM_0_1
                ? Math.max(options.epsilon(), INITIAL_EPSILON) : options.epsilon());
    }

    /** The point furthest from phi~(z): d^2 = K~_zz - 2 K~_zl + v_l (a sample when sampling is on). */
    private int furthestFromPoint(int z) {
        if (problem instanceof DistributedMebProblem d && (options.sampleSize() == 0 || n <= options.sampleSize())) {
            return d.furthestFrom(z);
        }
        double kzz = problem.entry(z, z);
        int best = z;
        double bestD = Double.NEGATIVE_INFINITY;
        if (options.sampleSize() == 0 || n <= options.sampleSize()) {
            for (int l = 0; l < n; l++) {
                double d = kzz - 2 * problem.entry(z, l) + problem.offset(l);
                if (l != z && d > bestD) {
                    bestD = d;
                    best = l;
                }
            }
        } else {
            // draw the sample first (the same random numbers: a draw does not depend on distances)
            int size = options.sampleSize();
            int[] sample = new int[size];
            for (int k = 0; k < size; k++) {
                sample[k] = rng.nextInt(n);
            }
            if (problem instanceof DistributedMebProblem d) {
                d.prefetch(sample, size, rounds -> new int[0]);
            }
            for (int k = 0; k < size; k++) {
                int l = sample[k];
                double d = kzz - 2 * problem.entry(z, l) + problem.offset(l);
                if (l != z && d > bestD) {
                    bestD = d;
                    best = l;
                }
            }
        }
        return best;
    }

    private String status(long start, double eps) {
        return String.format(java.util.Locale.ROOT,
                "core set %d, eps %.3g, %.2f s (inner SMO %.2f s, %d iterations%s), %d kernel entries, %d full scans",
                qp.size(), eps, (System.nanoTime() - start) * 1e-9, innerNanos * 1e-9, innerIterations,
                options.innerStop() == CoreSetOptions.InnerStop.LIBCVM_DYNAMIC ? ", tolerance " + dynamicTolerance : "",
                cache.computed(), fullScans);
    }

    /** a'K~a over the core positions with a &gt; 0, entries in double (symmetric: each pair once). */
    private double exactQuadratic(double[] alpha, int s) {
        int m = 0;
        int[] pos = new int[s];
        for (int a = 0; a < s; a++) {
            if (alpha[a] > 0) {
                pos[m++] = a;
            }
        }
        int[] pts = new int[m];
        for (int t = 0; t < m; t++) {
            pts[t] = core[pos[t]];
        }
        double[] row = new double[Math.max(1, m)];
        double sum = 0.0;
        for (int t = 0; t < m; t++) {
            problem.entries(pts[t], pts, 0, t, row);
            double off = 0.0;
            for (int u = 0; u < t; u++) {
                off += alpha[pos[u]] * row[u];
            }
            double at = alpha[pos[t]];
            sum += at * (2 * off + at * problem.entry(pts[t], pts[t]));
        }
        return sum;
    }

    private void addCore(int l) {
        int s = qp.size();
        float[] row = cache.row(l, core, s);
        qp.add(row, problem.entry(l, l), -0.5 * problem.offset(l));
        if (s == core.length) {
            core = Arrays.copyOf(core, 2 * s);
        }
        core[s] = l;
        inCore.set(l);
        groupCoreCount[problem.group(l)]++;
    }

    private void solveInner(double eps) {
        long t0 = System.nanoTime();
        if (options.innerStop() == CoreSetOptions.InnerStop.LIBCVM_DYNAMIC) {
            double floor = options.innerTolerance() > 0 ? options.innerTolerance() : options.epsilon();
            while (true) {
                long it = smo.solve(qp, new SmoSolver.Stop(SmoSolver.Stop.Rule.LIBCVM_PAIRWISE, dynamicTolerance))
                        .iterations();
                innerIterations += it;
                if (it > 0 || dynamicTolerance <= floor) {
                    break;
                }
                dynamicTolerance = Math.max(floor, dynamicTolerance * 0.5);
            }
        } else {
            double av = offsetValue();
            double r2Before = Math.max(av - qp.quadratic(), 0.0);
            double tol = options.innerTolerance() > 0 ? options.innerTolerance()
                    : Math.max(eps * r2Before / 2, 1e-15 * Math.max(1.0, Math.abs(av)));
            innerIterations += smo.solve(qp, new SmoSolver.Stop(SmoSolver.Stop.Rule.FRANK_WOLFE_GAP, tol)).iterations();
        }
        innerNanos += System.nanoTime() - t0;
        centreNorm2 = qp.quadratic();
        radius2 = offsetValue() - centreNorm2;
        weights = qp.alphas();
        if (nonZero.length < weights.length) {
            nonZero = new int[Math.max(2 * nonZero.length, weights.length)];
        }
        nonZeroCount = 0;
        for (int t = 0; t < weights.length; t++) {
            if (weights[t] != 0.0) {
                nonZero[nonZeroCount++] = t;
            }
        }
    }

    /** a'v = -2 p'a (p = -v/2; scaling by powers of two is exact, so this is a'v to the bit). */
    private double offsetValue() {
        return -2.0 * qp.linearValue();
    }

    /** d_l^2 = ||c||^2 - 2 (K~a)_l + v_l. */
    private double distance2(int l) {
        return centreNorm2 - 2 * cache.weightedSum(l, core, weights, qp.size()) + problem.offset(l);
    }

    /**
     * d_l^2 of a sampling candidate on its first draw, the same double as {@link #distance2}: only
     * the kernel entries against core points with a != 0 are computed (a random candidate of a large
     * set is rarely drawn again, and at large C most core weights are 0), the cache is only read,
     * so the first draws of a round may be computed on several threads, each with its own buffers.
     */
    private double firstDrawDistance2(int l, KernelRowCache.Buffers buf) {
        double k = cache.weightedSumOfNonZero(l, core, weights, qp.size(), nonZero, nonZeroCount, buf);
        return centreNorm2 - 2 * k + problem.offset(l);
    }

    private int fullScan(double threshold) {
        fullScans++;
        if (problem instanceof DistributedMebProblem d) {
            return d.furthestBeyond(threshold, centreNorm2, core, weights, qp.size());
        }
        int best = -1;
        double bestD = threshold;
        for (int l = 0; l < n; l++) {
            if (!inCore.get(l)) {
                double d = distance2(l);
                if (d > bestD) {
                    bestD = d;
                    best = l;
                }
            }
        }
        return best;
    }

    /**
     * The furthest of a round of sampled candidates beyond the threshold (-1: none in any round).
     * A round draws all its candidates first (the same random numbers as drawing each before
     * computing it: a draw does not depend on distances), then computes d^2 of the first draws,
     * split over {@link #threads} threads when the round needs at least {@value #PARALLEL_MIN_ENTRIES}
     * kernel entries, then those drawn before, in draw order on this thread (their full rows are
     * cached and extended, as for the full scan), and picks the first largest in draw order. Every
     * d^2 is the same double whichever path computes it, so the result does not depend on the
     * number of threads.
     */
    private int sampledSearch(double threshold) {
        int size = options.sampleSize();
        if (candidates.length < size) {
            candidates = new int[size];
            firstDraw = new boolean[size];
            candidateD2 = new double[size];
            firstPositions = new int[size];
        }
        for (int round = 0; round < options.maxSampleRounds(); round++) {
            int firstCount = 0;
            for (int k = 0; k < size; k++) {
                int l = drawNonCore(options.balancedSampling() ? k % 2 : -1, rng);
                if (l < 0) {
                    return -1;
                }
                candidates[k] = l;
                firstDraw[k] = !drawn.get(l);
                if (firstDraw[k]) {
                    drawn.set(l);
                    firstPositions[firstCount++] = k;
                }
            }
            if (problem instanceof DistributedMebProblem d) {
                d.prefetch(candidates, size, this::nextDraws);
            }
            computeFirstDraws(firstCount);
            for (int k = 0; k < size; k++) {
                if (!firstDraw[k]) {
                    candidateD2[k] = distance2(candidates[k]);
                }
            }
            int best = -1;
            double bestD = threshold;
            for (int k = 0; k < size; k++) {
                if (candidateD2[k] > bestD) {
                    bestD = candidateD2[k];
                    best = candidates[k];
                }
            }
            if (best >= 0) {
                return best;
            }
        }
        return -1;
    }

    /** d^2 of the first draws firstPositions[0..count), on up to {@link #threads} threads. */
    private void computeFirstDraws(int count) {
        int parts = (long) count * nonZeroCount >= parallelMinEntries ? Math.min(threads, count) : 1;
        if (buffers == null || buffers.length < parts) {
            buffers = new KernelRowCache.Buffers[parts];
            for (int t = 0; t < parts; t++) {
                buffers[t] = new KernelRowCache.Buffers();
            }
        }
        if (parts <= 1) {
            firstDraws(0, count, buffers[0]);
        } else {
            RecursiveAction[] tasks = new RecursiveAction[parts];
            for (int t = 0; t < parts; t++) {
                int from = (int) ((long) count * t / parts);
                int to = (int) ((long) count * (t + 1) / parts);
                KernelRowCache.Buffers buf = buffers[t];
                tasks[t] = new RecursiveAction() {
                    @Override
                    protected void compute() {
                        firstDraws(from, to, buf);
                    }
                };
            }
            ForkJoinTask.invokeAll(tasks);
            parallelRounds++;
        }
        for (int t = 0; t < parts; t++) {
            cache.merge(buffers[t]);
        }
    }

    private void firstDraws(int from, int to, KernelRowCache.Buffers buf) {
        for (int i = from; i < to; i++) {
            int k = firstPositions[i];
            candidateD2[k] = firstDrawDistance2(candidates[k], buf);
        }
    }

    /**
     * The candidates the next {@code rounds} sampling rounds will draw if the core set stays as it is
     * (drawn from a copy of the random stream: the solver's own draws are unchanged); a round that
     * would find every point in the core set ends the list.
     */
    private int[] nextDraws(int rounds) {
        SplitMix ahead = rng.copy();
        int size = options.sampleSize();
        int[] out = new int[rounds * size];
        int count = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < size; k++) {
                int l = drawNonCore(options.balancedSampling() ? k % 2 : -1, ahead);
                if (l < 0) {
                    return Arrays.copyOf(out, count);
                }
                out[count++] = l;
            }
        }
        return out;
    }

    /**
     * A uniformly drawn point not in the core set, from group {@code g} when it still has one
     * (any group when g is -1 or exhausted); -1 when every point is in the core set.
     */
    private int drawNonCore(int g, SplitMix rng) {
        int size0 = groups.size(0);
        int size1 = groups.size(1);
        int left0 = size0 - groupCoreCount[0];
        int left1 = size1 - groupCoreCount[1];
        if (left0 + left1 == 0) {
            return -1;
        }
        int pool;
        if (g == 0 && left0 > 0 || g == 1 && left1 == 0) {
            pool = 0;
        } else if (g == 1 || left0 == 0) {
            pool = 1;
        } else {
            // uniform over all points not in the core set
            if ((left0 + left1) * 4 < n) {
                int k = rng.nextInt(left0 + left1);
                for (int l = 0; l < n; l++) {
                    if (!inCore.get(l) && k-- == 0) {
                        return l;
                    }
                }
            }
            while (true) {
                int l = rng.nextInt(n);
                if (!inCore.get(l)) {
                    return l;
                }
            }
        }
        int left = pool == 0 ? left0 : left1;
        int poolSize = pool == 0 ? size0 : size1;
        if (left * 4 < poolSize) {
            // few left: pick the k-th remaining one directly
            int k = rng.nextInt(left);
            for (int m = 0; m < poolSize; m++) {
                int l = groups.member(pool, m);
                if (!inCore.get(l) && k-- == 0) {
                    return l;
                }
            }
        }
        while (true) {
            int l = groups.member(pool, rng.nextInt(poolSize));
            if (!inCore.get(l)) {
                return l;
            }
        }
    }
}
