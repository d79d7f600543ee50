package dev.kernelkit.mi;

import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.util.ArrayList;
import java.util.List;

/**
 * MI-CCCP (Cheung &amp; Kwok, ICML 2006, L1 loss), solved by the constrained concave-convex
 * procedure. With f(x) = sum_t c_t k(x, x_t) + b over the training instances and the bag output
 * f(B) = (1/|B|) sum_p f(x_p) (the mean map; the slides' representer over bags and instances
 * collapses to this because a bag's feature vector is the mean of its instances'), it minimises
 *
 * <pre>
 *   J = 1/2 c'Kc + C sum_i (1 - y_i f(B_i))_+ + C lambda sum_i |f(B_i) - max_j f(x_ij)|.
 * </pre>
 * The term max_j f(x_ij) is convex, so in the constraint f(B_i) - max_j f(x_ij) &le; delta_i it
 * is replaced by its linearisation sum_j beta_ij f(x_ij) at the current iterate (beta one-hot at
 * the argmax; uniform at the start c = 0, where every instance ties). Each CCCP step is then the
 * convex QP (solved through its dual by the kernels layer's SMO solver as a dual with one equality per
 * bag and one for the hinge multipliers, warm-started from the previous step's multipliers; see
 * smoStep)
 *
 * <pre>
 *   min 1/2 c'Kc + C 1'xi + C lambda 1'delta
 *   s.t. y_i f(B_i) &ge; 1 - xi_i, xi &ge; 0,  f(x_ij) - f(B_i) &le; delta_i,  f(B_i) - sum_j beta_ij f(x_ij) &le; delta_i,
 * </pre>
 * The relaxation majorises J and is tight at the iterate, so J does not increase up to the QP
 * solver's tolerance; a step that would raise the recorded J is discarded and ends the procedure.
 * Stops when J decreases by less than tolerance * max(1, |J|) or after maxIterations steps.
 * Note: with the mean map, f(B) &le; max_j f(x_ij) always, so |f(B) - max_j f(x_ij)| = max_j f(x_ij) - f(B)
 * and J is convex; its first step's QP (where the linearised row reads delta_i &ge; 0) is J itself, and
 * later steps only confirm that optimum (each adds a constraint that the first step's solution meets).
 * The procedure is kept general for other bag outputs. More than two classes: one-vs-rest. With
 * lambda = 0 the first step is the hinge-loss SVM on bags with the averaged set kernel (MI-Kernel)
 * and cost C.
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}) it reports J
 * after every kept CCCP step to the {@link FitListener} (iteration = the step, from 1); the fit
 * report holds the kept steps summed over machines, whether every machine converged, and the first
 * machine's J after each step.
 */
public final class MiCccp {
    /** The catalog name and fit-report learner of MI-CCCP. */
    public static final String NAME = "cccp";

    private MiCccp() {
    }

    /** The trainer of the learner contract ({@value #NAME}): {@link #fit(BagDataset, MiCccpOptions, FitListener)}. */
    public static Trainer<Bag, MiCccpModel> trainer(MiCccpOptions options) {
        return Trainers.of(NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

    /**
     * Fits MI-CCCP.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     */
    public static MiCccpModel fit(BagDataset data, MiCccpOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits MI-CCCP, reporting J after every kept CCCP step of every machine to the listener.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     */
    public static MiCccpModel fit(BagDataset data, MiCccpOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        SparseMi.checkData(data);
        List<Vec> instances = new ArrayList<>(data.instanceCount());
        int[][] members = new int[data.size()][];
        for (int i = 0; i < data.size(); i++) {
            Bag b = data.bag(i);
            members[i] = new int[b.size()];
            for (int p = 0; p < b.size(); p++) {
                members[i][p] = instances.size();
                instances.add(b.instance(p));
            }
        }
        // the blocked product of GramBuilder (one thread: the protocols run fits in parallel) for the Gaussian,
        // linear and polynomial kernels, kernel.apply per symmetric pair for others
        double[][] k = new GramBuilder(1).gram(options.kernel(), instances).toArray();
        double[][] targets = SparseMi.targets(data);
        List<double[]> coef = new ArrayList<>();
        double[] bias = new double[targets.length];
        List<double[]> traces = new ArrayList<>();
        boolean[] converged = new boolean[targets.length];
        long steps = 0;
        // class weights: bag i's losses cost C_i = C w_{c(i)} (null: C for every bag; equal weights are the fit at C w)
        double[] costs = options.classWeights().isNone() ? null
                : options.classWeights().costs(options.c(), data.classNames(), data.classIndices());
        MiCccpOptions solve = options;
        if (costs != null && java.util.Arrays.stream(costs).allMatch(v -> v == costs[0])) {
            solve = options.withC(costs[0]).withClassWeights(ClassWeights.NONE);
        }
        double[] bagCosts = solve == options ? costs : null;
        MiCccpOptions o = solve;
        for (int t = 0; t < targets.length; t++) {
            int machine = t;
            Binary r = binary(k, members, targets[t], o, bagCosts, (step, j) -> listener.onProgress(
                    new FitProgress(NAME, machine, targets.length, step, j, clock.elapsedSeconds())));
            coef.add(r.c);
            bias[t] = r.b;
            traces.add(r.trace);
            converged[t] = r.converged;
            steps += r.trace.length;
        }
        FitReport report = new FitReport(NAME, options.toString(), 0, steps, BagClassifier.countFalse(converged) == 0,
                traces.get(0), clock.elapsedSeconds());
        return new MiCccpModel(data.classNames(), data.dim(), options.kernel(), instances, coef, bias, traces, converged,
                report);
    }

    /** Hears J after every kept CCCP step (step = 1, 2, ...). */
    @FunctionalInterface
    interface StepListener {
        void onStep(int step, double objective);
    }

    /**
     * One binary machine: instance coefficients c, bias b, J after every CCCP step, and whether the procedure
     * stopped by its own test with every kept step's dual solved to tolerance.
     */
    record Binary(double[] c, double b, double[] trace, boolean converged) {
    }

    /** A CCCP step's dual solution and whether the solver met its tolerance before its iteration cap. */
    record Step(double[] solution, boolean converged) {
    }

    static Binary binary(double[][] k, int[][] members, double[] y, MiCccpOptions o) {
        return binary(k, members, y, o, (step, j) -> { });
    }

    static Binary binary(double[][] k, int[][] members, double[] y, MiCccpOptions o, StepListener onStep) {
        return binary(k, members, y, o, null, onStep);
    }

    /** As {@link #binary(double[][], int[][], double[], MiCccpOptions, StepListener)}, bag i costing costs[i] (null: C). */
    static Binary binary(double[][] k, int[][] members, double[] y, MiCccpOptions o, double[] costs,
                         StepListener onStep) {
        int n = k.length;
        int m = members.length;
        double[][] beta = new double[m][];
        for (int i = 0; i < m; i++) {
            beta[i] = new double[members[i].length];
            java.util.Arrays.fill(beta[i], 1.0 / members[i].length);
        }
        // Rows of the linear maps c -> (Kc)_t (instance outputs without b) and c -> mean over bag.
        double[][] bagRow = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int t : members[i]) {
                for (int s = 0; s < n; s++) {
                    bagRow[i][s] += k[t][s] / members[i].length;
                }
            }
        }
        List<Double> trace = new ArrayList<>();
        double[] c = null;
        double b = 0;
        // The dual feasible set does not depend on beta, so each step starts from the last step's multipliers.
        double[] theta = null;
        boolean stepsConverged = true;
        boolean stopped = false;
        for (int step = 0; step < o.maxIterations(); step++) {
            double[] nextTheta = null;
            double[] nextC;
            Step solved;
            if (o.stepSolver() == MiCccpOptions.StepSolver.SMO) {
                solved = smoStep(k, bagRow, members, y, beta, o, costs, theta);
                nextTheta = solved.solution();
                nextC = gammaOf(nextTheta, members, y, beta, m);
            } else {
                solved = fistaStep(k, bagRow, members, y, beta, o, costs);
                nextC = java.util.Arrays.copyOf(solved.solution(), n);
            }
            double nextB = bestBias(bagRow, y, nextC, costs);
            double[] fx = new double[n];
            for (int t = 0; t < n; t++) {
                fx[t] = dot(k[t], nextC);
            }
            double j = objective(k, bagRow, members, y, nextC, nextB, fx, o, costs);
            if (step > 0 && j > trace.get(step - 1)) {
                // The step's QP is solved to a tolerance, not exactly: a rise of J (of the order of that
                // tolerance) means the iterate is a fixed point up to solver accuracy. Keep the last one.
                stopped = true;
                break;
            }
            stepsConverged &= solved.converged();
            theta = nextTheta;
            c = nextC;
            b = nextB;
            trace.add(j);
            onStep.onStep(trace.size(), j);
            for (int i = 0; i < m; i++) {
                int best = 0;
                for (int p = 1; p < members[i].length; p++) {
                    if (fx[members[i][p]] > fx[members[i][best]]) {
                        best = p;
                    }
                }
                java.util.Arrays.fill(beta[i], 0.0);
                beta[i][best] = 1.0;
            }
            if (step > 0) {
                double prev = trace.get(step - 1);
                if (prev - j < o.tolerance() * Math.max(1.0, Math.abs(prev))) {
                    stopped = true;
                    break;
                }
            }
        }
        return new Binary(c, b, trace.stream().mapToDouble(Double::doubleValue).toArray(), stopped && stepsConverged);
    }

    /**
     * J(c, b) = 1/2 c'Kc + C sum_i (1 - y_i f(B_i))_+ + C lambda sum_i |f(B_i) - max_j f(x_ij)|, with
     * fx the instance outputs without the bias.
     */
    static double objective(double[][] k, double[][] bagRow, int[][] members, double[] y, double[] c, double b,
                            double[] fx, MiCccpOptions o) {
        return objective(k, bagRow, members, y, c, b, fx, o, null);
    }

    /** J with bag i's hinge and L1 losses weighted C_i = costs[i] and C_i lambda (null: C and C lambda). */
    static double objective(double[][] k, double[][] bagRow, int[][] members, double[] y, double[] c, double b,
                            double[] fx, MiCccpOptions o, double[] costs) {
        double reg = 0.5 * dot(c, fx);
        double hinge = 0;
        double gap = 0;
        for (int i = 0; i < members.length; i++) {
            double fb = dot(bagRow[i], c);
            double w = costs == null ? 1.0 : costs[i];
            hinge += w * Math.max(0.0, 1 - y[i] * (fb + b));
            double mx = Double.NEGATIVE_INFINITY;
            for (int t : members[i]) {
                mx = Math.max(mx, fx[t]);
            }
            gap += w * Math.abs(fb - mx);
        }
        return costs == null ? reg + o.c() * hinge + o.c() * o.lambda() * gap : reg + hinge + o.lambda() * gap;
    }

    /**
     * Solves one CCCP step through its dual (derived from the QP in the class comment with
     * multipliers a_i for the hinge rows, u_t for the "above" rows and v_i for the linearised row):
     *
     * <pre>
     *   max sum_i a_i - 1/2 gamma'K gamma   s.t. 0 &le; a &le; C, sum_i y_i a_i = 0,
     *                                         u, v &ge; 0, sum_{t in B_i} u_t + v_i = C lambda,
     *   gamma_t = (y_i a_i + sum_{s in B_i} u_s - v_i) / n_i - u_t + v_i beta_it   (t in B_i),
     * </pre>
     * where w = sum_t gamma_t phi(x_t). The feasible set is a product of blocks (box with one
     * equality for a, a scaled simplex per bag for (u_i, v_i)), so accelerated projected gradient
     * ascent (FISTA with gradient-based adaptive restart) applies. The primal c = gamma; b exactly minimises the
     * hinge term for that c. This was the solver until the SMO of {@link #smoStep}, which is faster; it
     * is kept as the reference for that solver ({@link MiCccpOptions.StepSolver#PROJECTED_GRADIENT}).
     *
     * @return c (n entries) followed by b, and whether it met its tolerance within {@link #MAX_DUAL_ITERATIONS}
     */
    static Step fistaStep(double[][] k, double[][] bagRow, int[][] members, double[] y, double[][] beta,
                          MiCccpOptions o) {
        return fistaStep(k, bagRow, members, y, beta, o, null);
    }

    /** As {@link #fistaStep(double[][], double[][], int[][], double[], double[][], MiCccpOptions)}, bag i costing costs[i]. */
    static Step fistaStep(double[][] k, double[][] bagRow, int[][] members, double[] y, double[][] beta,
                          MiCccpOptions o, double[] costs) {
        boolean converged = false;
        int n = k.length;
        int m = members.length;
        double[] upperA = bagCosts(o, costs, m);
        double[] cap = new double[m];
        double largest = 0;
        for (int i = 0; i < m; i++) {
            cap[i] = upperA[i] * o.lambda();
            largest = Math.max(largest, upperA[i]);
        }
        int dimTheta = m + n + m;
        // Lipschitz constant of the dual gradient: the largest eigenvalue of M'KM, by power iteration.
        double[] th = new double[dimTheta];
        java.util.Arrays.fill(th, 1.0);
        double lip = 0;
        for (int it = 0; it < 50; it++) {
            double[] g = times(k, gammaOf(th, members, y, beta, m));
            double[] h = adjoint(g, members, y, beta, m, n);
            double norm = Math.sqrt(dot(h, h));
            if (norm == 0) {
                break;
            }
            lip = norm / Math.sqrt(dot(th, th));
            for (int q = 0; q < dimTheta; q++) {
                th[q] = h[q] / norm;
            }
        }
        double step = 1.0 / (1.05 * lip + 1e-12);
        double[] x = project(new double[dimTheta], members, y, upperA, cap, m, n);
        double[] z = x.clone();
        double t = 1;
        for (int it = 0; it < MAX_DUAL_ITERATIONS; it++) {
            double[] gam = gammaOf(z, members, y, beta, m);
            double[] kg = times(k, gam);
            double[] h = adjoint(kg, members, y, beta, m, n);
            double[] next = new double[dimTheta];
            for (int q = 0; q < dimTheta; q++) {
                next[q] = z[q] + step * ((q < m ? 1.0 : 0.0) - h[q]);
            }
            next = project(next, members, y, upperA, cap, m, n);
            double move = 0;
            double restart = 0;
            for (int q = 0; q < dimTheta; q++) {
                move = Math.max(move, Math.abs(next[q] - x[q]));
                restart += (z[q] - next[q]) * (next[q] - x[q]);
            }
            double tNext = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
            if (restart > 0) {
                // gradient-based adaptive restart (O'Donoghue & Candes 2015): momentum points uphill
                tNext = 1;
                z = next.clone();
            } else {
                for (int q = 0; q < dimTheta; q++) {
                    z[q] = next[q] + (t - 1) / tNext * (next[q] - x[q]);
                }
            }
            x = next;
            t = tNext;
            if (move <= DUAL_TOLERANCE * Math.max(1.0, largest)) {
                converged = true;
                break;
            }
        }
        double[] c = gammaOf(x, members, y, beta, m);
        double[] out = java.util.Arrays.copyOf(c, n + 1);
        out[n] = bestBias(bagRow, y, c);
        return new Step(out, converged);
    }

    /**
     * Solves one CCCP step's dual (the problem of {@link #fistaStep}) by the kernels layer's SMO solver
     * ({@link SmoSolver}) as a grouped dual ({@link SvmProblem#grouped}): min 1/2 theta'Q theta - sum_i a_i
     * with Q = M'KM (gamma = M theta), one equality group for the hinge multipliers (sum_i y_i a_i = 0,
     * 0 &le; a_i &le; C, signs y_i) and one per bag (sum_{t in B_i} u_t + v_i = C lambda, 0 &le; u, v &le; C lambda,
     * sign +1). Q is read through {@link CccpStepMatrix}, whose rows are computed from K and the bag
     * membership in O(n + m) each and kept by the solver in double precision. The solver moves pairs inside
     * one group (WSS 2 in the group with the largest violation) and stops when no group has a pair that
     * violates the KKT conditions by {@link #SMO_TOLERANCE} times max(1, the largest |gradient entry|) or
     * more, the rule of the private SMO this replaces: the scale is taken at the start and checked at the
     * end (a solve is repeated, warm, with the end's scale if that is smaller and the gap exceeds it). The
     * iteration cap is LIBSVM's, max(10^7, 100 (2m + n)) pair steps; badly conditioned steps (a Gaussian
     * kernel on a few clustered points with C lambda of 50, see MiCccpTest) can reach it, and the step then
     * reports that it did not converge. With lambda = 0 only the a_i are variables (u = v = 0).
     *
     * @param start a feasible multiplier vector (the last step's), or null for a = 0, u = 0, v = C lambda
     * @return the multipliers theta = (a, u by instance index, v), and whether the solver met its tolerance
     */
    static Step smoStep(double[][] k, double[][] bagRow, int[][] members, double[] y, double[][] beta,
                        MiCccpOptions o, double[] start) {
        return smoStep(k, bagRow, members, y, beta, o, null, start);
    }

    /** As {@link #smoStep(double[][], double[][], int[][], double[], double[][], MiCccpOptions, double[])}, bag i costing costs[i]. */
    static Step smoStep(double[][] k, double[][] bagRow, int[][] members, double[] y, double[][] beta,
                        MiCccpOptions o, double[] costs, double[] start) {
        int n = k.length;
        int m = members.length;
        double[] upperA = bagCosts(o, costs, m);
        double[] cap = new double[m];
        for (int i = 0; i < m; i++) {
            cap[i] = upperA[i] * o.lambda();
        }
        boolean blocks = o.c() * o.lambda() > 0;
        double[] th;
        if (start != null) {
            th = start.clone();
        } else {
            th = new double[2 * m + n];
            for (int i = 0; i < m; i++) {
                th[m + n + i] = cap[i];
            }
        }
        CccpStepMatrix q = new CccpStepMatrix(k, bagRow, members, beta, blocks);
        int l = q.size();
        double[] sign = new double[l];
        double[] linear = new double[l];
        double[] upper = new double[l];
        int[] group = new int[l];
        double[] delta = new double[blocks ? m + 1 : 1];
        for (int i = 0; i < m; i++) {
            sign[i] = y[i];
            linear[i] = -1.0;
            upper[i] = upperA[i];
        }
        if (blocks) {
            for (int i = 0; i < m; i++) {
                int first = q.blockStart(i);
                for (int p = 0; p <= members[i].length; p++) {
                    sign[first + p] = 1.0;
                    upper[first + p] = cap[i];
                    group[first + p] = 1 + i;
                }
                delta[1 + i] = cap[i];
            }
        }
        SvmProblem problem = SvmProblem.grouped(q, sign, group, linear, upper, delta);
        double scale = gradientScale(k, members, y, beta, th, blocks);
        // no shrinking: a grouped problem is never shrunk (SmoSolver); the automatic cap
        SmoSolver.Options solverOptions = SmoSolver.Options.defaults().withEps(SMO_TOLERANCE * scale);
        SvmSolution sol = new SmoSolver(solverOptions).solve(problem, toPositions(th, q, members, m, n, blocks));
        th = fromPositions(sol.alpha(), q, members, m, n, blocks);
        // the tolerance is relative to the largest gradient entry at the end (as the private SMO had it):
        // solve again, warm, in the rare case the gradient shrank below the start's scale
        for (int round = 0; round < 3 && sol.converged(); round++) {
            double end = gradientScale(k, members, y, beta, th, blocks);
            if (sol.kktGap() <= SMO_TOLERANCE * end) {
                break;
            }
            sol = new SmoSolver(solverOptions.withEps(SMO_TOLERANCE * end)).solve(problem, sol.alpha());
            th = fromPositions(sol.alpha(), q, members, m, n, blocks);
        }
        return new Step(th, sol.converged());
    }

    /** theta = (a, u by instance, v) in the positions of {@link CccpStepMatrix} (a, then each bag's u's and v). */
    private static double[] toPositions(double[] th, CccpStepMatrix q, int[][] members, int m, int n, boolean blocks) {
        double[] alpha = new double[q.size()];
        System.arraycopy(th, 0, alpha, 0, m);
        if (blocks) {
            for (int i = 0; i < m; i++) {
                int first = q.blockStart(i);
                for (int p = 0; p < members[i].length; p++) {
                    alpha[first + p] = th[m + members[i][p]];
                }
                alpha[first + members[i].length] = th[m + n + i];
            }
        }
        return alpha;
    }

    /** The inverse of {@link #toPositions}; u = v = 0 without blocks (lambda = 0). */
    private static double[] fromPositions(double[] alpha, CccpStepMatrix q, int[][] members, int m, int n,
                                          boolean blocks) {
        double[] th = new double[2 * m + n];
        System.arraycopy(alpha, 0, th, 0, m);
        if (blocks) {
            for (int i = 0; i < m; i++) {
                int first = q.blockStart(i);
                for (int p = 0; p < members[i].length; p++) {
                    th[m + members[i][p]] = alpha[first + p];
                }
                th[m + n + i] = alpha[first + members[i].length];
            }
        }
        return th;
    }

    /**
     * max(1, the largest |G_e|) over the step's variables at theta, with the dual gradient G read from the
     * instance outputs f = K gamma(theta): G(a_i) = y_i mean_i f - 1, G(u_t) = mean_i f - f_t,
     * G(v_i) = sum_j beta_ij f_j - mean_i f (only the a_i when lambda = 0).
     */
    static double gradientScale(double[][] k, int[][] members, double[] y, double[][] beta, double[] th,
                                boolean blocks) {
        int m = members.length;
        int n = k.length;
        double[] h = adjoint(times(k, gammaOf(th, members, y, beta, m)), members, y, beta, m, n);
        double scale = 1.0;
        int end = blocks ? 2 * m + n : m;
        for (int e = 0; e < end; e++) {
            scale = Math.max(scale, Math.abs(e < m ? h[e] - 1 : h[e]));
        }
        return scale;
    }

    /** C_i of every bag: costs, or C for every bag when costs is null. */
    private static double[] bagCosts(MiCccpOptions o, double[] costs, int m) {
        if (costs != null) {
            return costs;
        }
        double[] out = new double[m];
        java.util.Arrays.fill(out, o.c());
        return out;
    }

    /** Stop the SMO when the largest pair violation is at most this times max(1, the largest |gradient| entry). */
    static final double SMO_TOLERANCE = 1e-7;

    /** Cap on dual iterations per CCCP step. */
    static final int MAX_DUAL_ITERATIONS = 20000;
    /** Stop the dual ascent when no multiplier moves by more than this times max(1, C). */
    static final double DUAL_TOLERANCE = 1e-9;

    /** gamma(theta), theta = (a_1..a_m, u_1..u_n, v_1..v_m). */
    static double[] gammaOf(double[] th, int[][] members, double[] y, double[][] beta, int m) {
        int n = th.length - 2 * m;
        double[] g = new double[n];
        for (int i = 0; i < m; i++) {
            int[] b = members[i];
            double usum = 0;
            for (int t : b) {
                usum += th[m + t];
            }
            double v = th[m + n + i];
            double common = (y[i] * th[i] + usum - v) / b.length;
            for (int p = 0; p < b.length; p++) {
                g[b[p]] = common - th[m + b[p]] + v * beta[i][p];
            }
        }
        return g;
    }

    /** M'g: the gradient of 1/2 gamma'K gamma with respect to theta, given g = K gamma. */
    private static double[] adjoint(double[] g, int[][] members, double[] y, double[][] beta, int m, int n) {
        double[] h = new double[2 * m + n];
        for (int i = 0; i < m; i++) {
            int[] b = members[i];
            double mean = 0;
            double wb = 0;
            for (int p = 0; p < b.length; p++) {
                mean += g[b[p]];
                wb += beta[i][p] * g[b[p]];
            }
            mean /= b.length;
            h[i] = y[i] * mean;
            for (int t : b) {
                h[m + t] = mean - g[t];
            }
            h[m + n + i] = wb - mean;
        }
        return h;
    }

    /** Projection onto {0 &le; a &le; C, y'a = 0} x prod_i {(u_i, v_i) &ge; 0, sum = C lambda}. */
    private static double[] project(double[] th, int[][] members, double[] y, double[] c, double[] cap, int m, int n) {
        double[] out = th.clone();
        // a: clip(a - tau y, 0, C) with y'a = 0; S(tau) = sum y_i clip(...) is non-increasing in tau.
        double lo = -1.0;
        double hi = 1.0;
        while (ySum(th, y, m, c, lo) < 0) {
            lo *= 2;
        }
        while (ySum(th, y, m, c, hi) > 0) {
            hi *= 2;
        }
        for (int it = 0; it < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo) + Math.abs(hi)); it++) {
            double mid = 0.5 * (lo + hi);
            if (ySum(th, y, m, c, mid) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double tau = 0.5 * (lo + hi);
        for (int i = 0; i < m; i++) {
            out[i] = Math.min(c[i], Math.max(0.0, th[i] - tau * y[i]));
        }
        for (int i = 0; i < m; i++) {
            int[] b = members[i];
            if (cap[i] == 0) {
                for (int t : b) {
                    out[m + t] = 0;
                }
                out[m + n + i] = 0;
                continue;
            }
            double[] block = new double[b.length + 1];
            for (int p = 0; p < b.length; p++) {
                block[p] = th[m + b[p]];
            }
            block[b.length] = th[m + n + i];
            double[] pr = dev.kernelkit.optim.SimplexProjection.ontoSimplex(block, cap[i]);
            for (int p = 0; p < b.length; p++) {
                out[m + b[p]] = pr[p];
            }
            out[m + n + i] = pr[b.length];
        }
        return out;
    }

    private static double ySum(double[] th, double[] y, int m, double[] c, double tau) {
        double s = 0;
        for (int i = 0; i < m; i++) {
            s += y[i] * Math.min(c[i], Math.max(0.0, th[i] - tau * y[i]));
        }
        return s;
    }

    /** argmin_b sum_i (1 - y_i (g_i + b))_+ with g_i = bagRow_i c: the best breakpoint (convex, piecewise linear). */
    static double bestBias(double[][] bagRow, double[] y, double[] c) {
        return bestBias(bagRow, y, c, null);
    }

    /** argmin_b sum_i w_i (1 - y_i (g_i + b))_+, w_i = costs[i] (null: 1): the best breakpoint. */
    static double bestBias(double[][] bagRow, double[] y, double[] c, double[] costs) {
        int m = bagRow.length;
        double[] g = new double[m];
        for (int i = 0; i < m; i++) {
            g[i] = dot(bagRow[i], c);
        }
        double best = 0;
        double bestVal = Double.POSITIVE_INFINITY;
        for (int j = 0; j < m; j++) {
            double b = y[j] - g[j];
            double v = 0;
            for (int i = 0; i < m; i++) {
                v += costs == null ? Math.max(0.0, 1 - y[i] * (g[i] + b))
                        : costs[i] * Math.max(0.0, 1 - y[i] * (g[i] + b));
            }
            if (v < bestVal) {
                bestVal = v;
                best = b;
            }
        }
        return best;
    }

    private static double[] times(double[][] k, double[] v) {
        double[] out = new double[k.length];
        for (int i = 0; i < k.length; i++) {
            out[i] = dot(k[i], v);
        }
        return out;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
