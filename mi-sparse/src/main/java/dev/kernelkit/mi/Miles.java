package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.gram.CrossKernelMatrix;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * MILES (Chen, Bi &amp; Wang, TPAMI 2006): every bag is embedded as
 * s(X) = (max_p k(x_p, x_k))_{k=1..N} over all N training instances x_k (eq. 5), and a 1-norm SVM
 * (eq. 8) is trained on the embedded bags as a linear programme,
 *
 * <pre>
 *   min  sum_k (u_k + v_k) + C sum_i xi_i
 *   s.t. y_i ((u - v)·s(X_i) + b) + xi_i &ge; 1,   u, v, xi &ge; 0,   b free,   w = u - v,
 * </pre>
 * solved by {@code OneNormSvmSimplex}, a primal simplex method made for this LP (it treats w, b and
 * the margin residuals as free variables with piecewise-linear costs, so a residual changing sign or
 * a weight passing through 0 is a step of the ratio test instead of a pivot, and it prices the
 * instance features by column generation). It ends at an optimum of the LP to its reduced-cost
 * tolerance; the LP has many optima (near-duplicate embedded columns all cost 1), and which one is
 * returned is deterministic for the data. The L1 penalty makes w sparse: only the instances with
 * w_k &ne; 0 are kept, and prediction evaluates the kernel against them only. More than two
 * classes: one-vs-rest (the largest f_c).
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}) it reports each
 * machine's LP (iteration 1, its optimal objective) to the {@link FitListener}; the fit report
 * counts one iteration per LP and holds the machines' optimal objectives (an LP that does not end
 * optimal is an error, so the report says converged).
 */
public final class Miles {
    /** The catalog name and fit-report learner of MILES. */
    public static final String NAME = "miles";

    /** Training instances per block of the embedding's cross kernel matrix (bounds its memory). */
    static final int EMBED_BLOCK = 256;

    /**
     * Up to this many training instances the training embedding comes from the symmetric Gram
     * matrix (half the kernel evaluations of the cross blocks, at most 32 MB); above, from blocks.
     */
    static final int GRAM_LIMIT = 2048;

    private Miles() {
    }

    /**
     * The solution of the 1-norm SVM LP: weights w, bias b, slacks xi and the optimal objective
     * ||w||_1 + C sum_i xi_i.
     */
    public record OneNormSvm(double[] weights, double bias, double[] slacks, double objective) {
        public OneNormSvm {
            weights = weights.clone();
            slacks = slacks.clone();
        }

        /** f(s) = w·s + b. */
        public double decision(double[] s) {
            double f = bias;
            for (int k = 0; k < weights.length; k++) {
                f += weights[k] * s[k];
            }
            return f;
        }
    }

    /** The trainer of the learner contract ({@value #NAME}): {@link #fit(BagDataset, MilesOptions, FitListener)}. */
    public static Trainer<Bag, MilesModel> trainer(MilesOptions options) {
        return Trainers.of(NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

    /**
     * Fits MILES.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     * @throws IllegalStateException when the LP solver does not report an optimal solution
     */
    public static MilesModel fit(BagDataset data, MilesOptions options) {
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * Fits MILES, reporting each machine's LP to the listener.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     * @throws IllegalStateException when the LP solver does not report an optimal solution
     */
    public static MilesModel fit(BagDataset data, MilesOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        SparseMi.checkData(data);
        List<Vec> instances = new ArrayList<>(data.instanceCount());
        for (Bag b : data.bags()) {
            instances.addAll(b.instances());
        }
        double[][] s = embedTraining(data.bags(), instances, options.kernel());
        double[][] targets = SparseMi.targets(data);
        List<OneNormSvm> svms = new ArrayList<>(targets.length);
        TreeSet<Integer> kept = new TreeSet<>();
        double[] objectives = new double[targets.length];
        // class weights: bag i's slack costs C w_{c(i)} in every machine (null: C for every bag)
        double[] costs = options.classWeights().isNone() ? null
                : options.classWeights().costs(options.c(), data.classNames(), data.classIndices());
        for (int c = 0; c < targets.length; c++) {
            OneNormSvm svm = costs == null ? oneNormSvm(s, targets[c], options.c())
                    : oneNormSvm(s, targets[c], options.c(), costs, pivotBudget(s.length, s[0].length));
            svms.add(svm);
            objectives[c] = svm.objective();
            listener.onProgress(new FitProgress(NAME, c, targets.length, 1, svm.objective(), clock.elapsedSeconds()));
            for (int k = 0; k < svm.weights.length; k++) {
                if (svm.weights[k] != 0) {
                    kept.add(k);
                }
            }
        }
        List<Vec> keptInstances = new ArrayList<>(kept.size());
        int[] keptIndex = kept.stream().mapToInt(Integer::intValue).toArray();
        for (int k : keptIndex) {
            keptInstances.add(instances.get(k));
        }
        double[][] w = new double[svms.size()][keptIndex.length];
        double[] b = new double[svms.size()];
        for (int c = 0; c < svms.size(); c++) {
            for (int j = 0; j < keptIndex.length; j++) {
                w[c][j] = svms.get(c).weights[keptIndex[j]];
            }
            b[c] = svms.get(c).bias;
        }
        FitReport report = new FitReport(NAME, options.toString(), 0, targets.length, true, objectives,
                clock.elapsedSeconds());
        return new MilesModel(data.classNames(), data.dim(), options.kernel(), keptInstances, keptIndex, w, b, report);
    }

    /**
     * The embeddings {@link #embed} of all bags against the points z, by blocks of the cross kernel
     * matrix between about {@value #EMBED_BLOCK} bag instances and the points ({@link GramBuilder#cross}
     * on one thread: the blocked product for the Gaussian kernel, {@code kernel.apply} per pair for
     * others). The values equal {@link #embed}'s up to the round-off of the blocked sums (the same
     * expression ||x||^2 + ||z||^2 - 2 x·z, summed in another order).
     */
    static double[][] embedAll(List<Bag> bags, List<? extends Vec> points, Kernel<Vec> kernel) {
        GramBuilder builder = new GramBuilder(1);
        int n = points.size();
        double[][] s = new double[bags.size()][];
        int first = 0;
        while (first < bags.size()) {
            int last = first;
            List<Vec> block = new ArrayList<>();
            while (last < bags.size() && (block.isEmpty() || block.size() + bags.get(last).size() <= EMBED_BLOCK)) {
                block.addAll(bags.get(last).instances());
                last++;
            }
            CrossKernelMatrix k = builder.cross(kernel, block, points);
            double[] row = new double[n];
            int p = 0;
            for (int i = first; i < last; i++) {
                double[] si = new double[n];
                java.util.Arrays.fill(si, Double.NEGATIVE_INFINITY);
                for (int q = 0; q < bags.get(i).size(); q++, p++) {
                    k.row(p, row);
                    for (int j = 0; j < n; j++) {
                        si[j] = Math.max(si[j], row[j]);
                    }
                }
                s[i] = si;
            }
            first = last;
        }
        return s;
    }

    /**
     * The embeddings of the training bags against their own instances (bags in order, instances
     * in order): rows of the symmetric Gram matrix ({@link GramBuilder#gram}, one thread) maximised
     * over each bag when there are at most {@value #GRAM_LIMIT} instances, else {@link #embedAll}.
     * Equal to {@link #embed} up to the round-off of the blocked sums.
     */
    static double[][] embedTraining(List<Bag> bags, List<Vec> instances, Kernel<Vec> kernel) {
        int n = instances.size();
        if (n > GRAM_LIMIT) {
            return embedAll(bags, instances, kernel);
        }
        DenseKernelMatrix k = new GramBuilder(1).gram(kernel, instances);
        double[][] s = new double[bags.size()][];
        double[] row = new double[n];
        int p = 0;
        for (int i = 0; i < bags.size(); i++) {
            double[] si = new double[n];
            java.util.Arrays.fill(si, Double.NEGATIVE_INFINITY);
            for (int q = 0; q < bags.get(i).size(); q++, p++) {
                k.row(p, row);
                for (int j = 0; j < n; j++) {
                    si[j] = Math.max(si[j], row[j]);
                }
            }
            s[i] = si;
        }
        return s;
    }

    /** s(X) = (max_p k(x_p, z_k))_k: the MILES embedding of a bag against the points z. */
    public static double[] embed(Bag bag, List<? extends Vec> points, Kernel<Vec> kernel) {
        double[] s = new double[points.size()];
        for (int k = 0; k < s.length; k++) {
            double best = Double.NEGATIVE_INFINITY;
            Vec z = points.get(k);
            for (Vec x : bag.instances()) {
                best = Math.max(best, kernel.apply(x, z));
            }
            s[k] = best;
        }
        return s;
    }

    /**
     * Solves the 1-norm SVM LP on feature rows {@code features} with labels y in {-1, +1} by a primal
     * simplex method made for it ({@code OneNormSvmSimplex}: the LP as a piecewise-linear programme
     * in w, b and the margin residuals, optimal to reduced costs of -1e-9). The slacks are recomputed
     * from the solution, xi_i = max(0, 1 - y_i f(s_i)), and the objective is ||w||_1 + C sum_i xi_i
     * of those. Weights below 1e-12 in magnitude (round-off of a basic weight that is 0) are set to 0.
     * The right-hand-side perturbation is seeded by the problem size, so a solve is a pure function
     * of its arguments.
     *
     * @throws IllegalArgumentException when there are no rows, sizes differ, a value is not finite, a
     *         label is not ±1 or c is not positive
     * @throws IllegalStateException when the simplex method breaks down numerically or exceeds its
     *         pivot budget of 50 (m + n) + 10,000 pivots (a clear error instead of an unbounded run)
     */
    public static OneNormSvm oneNormSvm(double[][] features, double[] y, double c) {
        int m = features.length;
        if (y.length != m) {
            throw new IllegalArgumentException("expected " + m + " labels, found " + y.length);
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (m == 0) {
            throw new IllegalArgumentException("the 1-norm SVM needs at least one feature row, got none");
        }
        int n = features[0].length;
        for (int i = 0; i < m; i++) {
            if (y[i] != 1.0 && y[i] != -1.0) {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
            if (features[i].length != n) {
                throw new IllegalArgumentException("feature row " + i + " has " + features[i].length
                        + " entries, expected " + n);
            }
            for (int k = 0; k < n; k++) {
                if (!Double.isFinite(features[i][k])) {
                    throw new IllegalArgumentException("feature " + k + " of row " + i + " is not finite: "
                            + features[i][k]);
                }
            }
        }
        return oneNormSvm(features, y, c, pivotBudget(m, n));
    }

    /** Magnitude below which a solved weight counts as 0 (the kept-instance threshold). */
    static final double ZERO_WEIGHT = 1e-12;

    /** Features the simplex method keeps per full pricing pass ({@link OneNormSvmSimplex}). */
    static final int PRICING_CANDIDATES = 40;

    /**
     * The pivot budget of one LP: 50 (m + n) + 10,000. A Fox training part (180 bags, 1,180
     * instances) needs up to about 4,000 pivots.
     */
    static long pivotBudget(int m, int n) {
        return 50L * (m + (long) n) + 10_000L;
    }

    /** {@link #oneNormSvm(double[][], double[], double)} with a given pivot budget, inputs checked. */
    static OneNormSvm oneNormSvm(double[][] features, double[] y, double c, long budget) {
        return oneNormSvm(features, y, c, null, budget);
    }

    /** As {@link #oneNormSvm(double[][], double[], double, long)}, row i's slack weighted costs[i] (null: c). */
    static OneNormSvm oneNormSvm(double[][] features, double[] y, double c, double[] costs, long budget) {
        int m = features.length;
        int n = features[0].length;
        OneNormSvmSimplex.Solution sol = new OneNormSvmSimplex(features, y, c, costs, PRICING_CANDIDATES, budget)
                .solve(31L * n + m);
        double[] w = sol.weights();
        double objective = 0;
        for (int k = 0; k < n; k++) {
            if (Math.abs(w[k]) < ZERO_WEIGHT) {
                w[k] = 0.0;
            }
            objective += Math.abs(w[k]);
        }
        double[] slack = new double[m];
        for (int i = 0; i < m; i++) {
            double f = sol.bias();
            double[] s = features[i];
            for (int k = 0; k < n; k++) {
                f += w[k] * s[k];
            }
            slack[i] = Math.max(0.0, 1.0 - y[i] * f);
            objective += (costs == null ? c : costs[i]) * slack[i];
        }
        return new OneNormSvm(w, sol.bias(), slack, objective);
    }
}
