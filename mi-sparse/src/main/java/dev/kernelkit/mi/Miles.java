package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * MILES (Chen, Bi &amp; Wang, TPAMI 2006): every bag is embedded as
 * s(X) = (max_p k(x_p, x_k))_{k=1..N} over all N training instances x_k (eq. 5), and a 1-norm SVM
 * (eq. 8) is trained on the embedded bags as a linear programme,
 *
 * <pre>
 *   min  sum_k (u_k + v_k) + C sum_i xi_i
 *   s.t. y_i ((u - v)·s(X_i) + b) + xi_i &ge; 1,   u, v, xi &ge; 0,   b free,   w = u - v,
 * </pre>
 * solved with ojAlgo's {@link ExpressionsBasedModel}. The costs of u_k and v_k are perturbed to
 * 1 + {@value #COST_PERTURBATION} r (r uniform in [0, 1), seeded by the problem size): the LP is
 * heavily dual-degenerate (near-duplicate embedded columns all cost 1), and ojAlgo's dual simplex
 * stalled on it (a Fox training part at C = 100: still running after 120 s, against 3 s perturbed).
 * Any w is priced within the factor 1 + {@value #COST_PERTURBATION} of its true cost, so the
 * solution is optimal for the true LP to that relative tolerance; the reported objective is the
 * true one. A solve that reaches {@link #iterationCap} iterations is repeated with a ten times
 * larger perturbation and another seed, at most {@value #PERTURBATION_ATTEMPTS} attempts, so no fit
 * runs unbounded. The L1 penalty makes w sparse: only the instances with w_k &ne; 0 are kept, and
 * prediction evaluates the kernel against them only. More than two classes: one-vs-rest (the
 * largest f_c).
 *
 * <p>As a learner of the contract ({@link #trainer}, catalog name {@value #NAME}) it reports each
 * machine's LP (iteration 1, its optimal objective) to the {@link FitListener}; the fit report
 * counts one iteration per LP and holds the machines' optimal objectives (an LP that does not end
 * optimal is an error, so the report says converged).
 */
public final class Miles {
    /** The catalog name and fit-report learner of MILES. */
    public static final String NAME = "miles";
    /**
     * Relative perturbation of the weight costs. 1e-7 and smaller did not break the stall on the Fox
     * fold that exposed it (ojAlgo still running after 120 s); 1e-6 and 1e-5 solve it in 3 s with
     * objectives equal to 1e-9.
     */
    static final double COST_PERTURBATION = 1e-5;

    /**
     * Attempts per LP: attempt a uses the perturbation 1e-5 * 10^a with its own seed and stops after
     * {@link #iterationCap} simplex iterations; the session-5 Fox compare (460 LPs with 1e-5 alone) ran
     * for over 75 minutes against about 15 expected from single-fit times, so stalls with 1e-5 were
     * not ruled out. The last attempt's 1e-3 prices any w within 0.1% of its cost.
     */
    static final int PERTURBATION_ATTEMPTS = 3;

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
        double[][] s = new double[data.size()][];
        for (int i = 0; i < data.size(); i++) {
            s[i] = embed(data.bag(i), instances, options.kernel());
        }
        double[][] targets = SparseMi.targets(data);
        List<OneNormSvm> svms = new ArrayList<>(targets.length);
        TreeSet<Integer> kept = new TreeSet<>();
        double[] objectives = new double[targets.length];
        for (int c = 0; c < targets.length; c++) {
            OneNormSvm svm = oneNormSvm(s, targets[c], options.c());
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
     * Solves the 1-norm SVM LP on feature rows {@code features} with labels y in {-1, +1}.
     * Weights below 1e-12 in magnitude (solver round-off around a non-basic zero) are set to 0.
     *
     * @throws IllegalArgumentException when sizes differ, a label is not ±1 or c is not positive
     * @throws IllegalStateException when ojAlgo does not return an optimal solution
     */
    public static OneNormSvm oneNormSvm(double[][] features, double[] y, double c) {
        int m = features.length;
        if (y.length != m) {
            throw new IllegalArgumentException("expected " + m + " labels, found " + y.length);
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        int n = m == 0 ? 0 : features[0].length;
        for (int i = 0; i < m; i++) {
            if (y[i] != 1.0 && y[i] != -1.0) {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
            if (features[i].length != n) {
                throw new IllegalArgumentException("feature row " + i + " has " + features[i].length
                        + " entries, expected " + n);
            }
        }
        return oneNormSvm(features, y, c, iterationCap(m, n));
    }

    /** {@link #oneNormSvm(double[][], double[], double)} with a given simplex iteration cap per attempt. */
    static OneNormSvm oneNormSvm(double[][] features, double[] y, double c, int cap) {
        int m = features.length;
        int n = m == 0 ? 0 : features[0].length;
        Optimisation.State last = null;
        for (int attempt = 0; attempt < PERTURBATION_ATTEMPTS; attempt++) {
            double eps = COST_PERTURBATION * Math.pow(10, attempt);
            Optimisation.Result r = solve(features, y, c, eps, new SplittableRandom(31L * n + m + 7919L * attempt), cap);
            last = r.getState();
            if (last == Optimisation.State.OPTIMAL || last == Optimisation.State.DISTINCT) {
                return solution(r, m, n, c);
            }
        }
        throw new IllegalStateException("MILES LP (" + m + " bags, " + n + " instance features, C = " + c
                + "): ojAlgo ended in state " + last + " with cost perturbations " + COST_PERTURBATION + " to "
                + COST_PERTURBATION * Math.pow(10, PERTURBATION_ATTEMPTS - 1) + ", " + cap + " simplex iterations each");
    }

    /**
     * The simplex iteration cap of one attempt: 10 (m + 2n + 1), ten times the LP's column count.
     * A Fox training part (180 bags, 1,180 instances) needs 1,000-3,000 iterations; the stalled
     * unperturbed solve of that part reaches the cap of 25,400 after about 10 s.
     */
    static int iterationCap(int m, int n) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1000L, 10L * (m + 2L * n + 1)));
    }

    private static Optimisation.Result solve(double[][] features, double[] y, double c, double eps,
                                             SplittableRandom tieBreak, int iterationCap) {
        int m = features.length;
        int n = m == 0 ? 0 : features[0].length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        model.options.iterations_abort = iterationCap;
        Variable[] u = new Variable[n];
        Variable[] v = new Variable[n];
        for (int k = 0; k < n; k++) {
            u[k] = model.addVariable("u" + k).lower(0.0).weight(1.0 + eps * tieBreak.nextDouble());
        }
        for (int k = 0; k < n; k++) {
            v[k] = model.addVariable("v" + k).lower(0.0).weight(1.0 + eps * tieBreak.nextDouble());
        }
        Variable b = model.addVariable("b");
        Variable[] xi = new Variable[m];
        for (int i = 0; i < m; i++) {
            xi[i] = model.addVariable("xi" + i).lower(0.0).weight(c);
        }
        for (int i = 0; i < m; i++) {
            Expression e = model.addExpression("margin" + i).lower(1.0);
            for (int k = 0; k < n; k++) {
                double a = y[i] * features[i][k];
                if (a != 0) {
                    e.set(u[k], a);
                    e.set(v[k], -a);
                }
            }
            e.set(b, y[i]);
            e.set(xi[i], 1.0);
        }
        return model.minimise();
    }

    private static OneNormSvm solution(Optimisation.Result r, int m, int n, double c) {
        double[] w = new double[n];
        double objective = 0;
        for (int k = 0; k < n; k++) {
            double val = r.doubleValue(k) - r.doubleValue(n + k);
            w[k] = Math.abs(val) < 1e-12 ? 0.0 : val;
            objective += Math.abs(w[k]);
        }
        double bias = r.doubleValue(2 * n);
        double[] slack = new double[m];
        for (int i = 0; i < m; i++) {
            slack[i] = Math.max(0.0, r.doubleValue(2 * n + 1 + i));
            objective += c * slack[i];
        }
        return new OneNormSvm(w, bias, slack, objective);
    }
}
