package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import java.util.ArrayList;
import java.util.List;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

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
 * convex QP
 *
 * <pre>
 *   min 1/2 c'Kc + C 1'xi + C lambda 1'delta
 *   s.t. y_i f(B_i) &ge; 1 - xi_i, xi &ge; 0,  f(x_ij) - f(B_i) &le; delta_i,  f(B_i) - sum_j beta_ij f(x_ij) &le; delta_i,
 * </pre>
 * solved with ojAlgo; the relaxation majorises J and is tight at the iterate, so the recorded J
 * never increases. Stops when J decreases by less than tolerance * max(1, |J|) or after
 * maxIterations steps. More than two classes: one-vs-rest. With lambda = 0 the first step is the
 * hinge-loss SVM on bags with the averaged set kernel (MI-Kernel) and cost C.
 */
public final class MiCccp {
    /** Ridge added to K in the QP so that ojAlgo's convex solver sees a positive definite matrix. */
    static final double RIDGE = 1e-8;

    private MiCccp() {
    }

    /**
     * Fits MI-CCCP.
     *
     * @throws IllegalArgumentException for fewer than two classes or an empty bag
     * @throws IllegalStateException when ojAlgo does not solve a step's QP
     */
    public static MiCccpModel fit(BagDataset data, MiCccpOptions options) {
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
        double[][] k = DenseKernelMatrix.compute(options.kernel(), instances).toArray();
        double[][] targets = SparseMi.targets(data);
        List<double[]> coef = new ArrayList<>();
        double[] bias = new double[targets.length];
        List<double[]> traces = new ArrayList<>();
        for (int t = 0; t < targets.length; t++) {
            Binary r = binary(k, members, targets[t], options);
            coef.add(r.c);
            bias[t] = r.b;
            traces.add(r.trace);
        }
        return new MiCccpModel(data.classNames(), data.dim(), options.kernel(), instances, coef, bias, traces);
    }

    /** One binary machine: instance coefficients c, bias b, and J after every CCCP step. */
    record Binary(double[] c, double b, double[] trace) {
    }

    static Binary binary(double[][] k, int[][] members, double[] y, MiCccpOptions o) {
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
        for (int step = 0; step < o.maxIterations(); step++) {
            double[] sol = solveStep(k, bagRow, members, y, beta, o);
            c = java.util.Arrays.copyOf(sol, n);
            b = sol[n];
            double[] fx = new double[n];
            for (int t = 0; t < n; t++) {
                fx[t] = dot(k[t], c);
            }
            double j = objective(k, bagRow, members, y, c, b, fx, o);
            trace.add(j);
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
                    break;
                }
            }
        }
        return new Binary(c, b, trace.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * J(c, b) = 1/2 c'Kc + C sum_i (1 - y_i f(B_i))_+ + C lambda sum_i |f(B_i) - max_j f(x_ij)|, with
     * fx the instance outputs without the bias.
     */
    static double objective(double[][] k, double[][] bagRow, int[][] members, double[] y, double[] c, double b,
                            double[] fx, MiCccpOptions o) {
        double reg = 0.5 * dot(c, fx);
        double hinge = 0;
        double gap = 0;
        for (int i = 0; i < members.length; i++) {
            double fb = dot(bagRow[i], c);
            hinge += Math.max(0.0, 1 - y[i] * (fb + b));
            double mx = Double.NEGATIVE_INFINITY;
            for (int t : members[i]) {
                mx = Math.max(mx, fx[t]);
            }
            gap += Math.abs(fb - mx);
        }
        return reg + o.c() * hinge + o.c() * o.lambda() * gap;
    }

    private static double[] solveStep(double[][] k, double[][] bagRow, int[][] members, double[] y, double[][] beta,
                                      MiCccpOptions o) {
        int n = k.length;
        int m = members.length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] c = new Variable[n];
        for (int t = 0; t < n; t++) {
            c[t] = model.addVariable("c" + t);
        }
        Variable b = model.addVariable("b");
        Variable[] xi = new Variable[m];
        for (int i = 0; i < m; i++) {
            xi[i] = model.addVariable("xi" + i).lower(0.0).weight(o.c());
        }
        Variable[] delta = new Variable[m];
        for (int i = 0; i < m; i++) {
            delta[i] = model.addVariable("delta" + i).weight(o.c() * o.lambda());
        }
        Expression reg = model.addExpression("regulariser").weight(1.0);
        for (int s = 0; s < n; s++) {
            reg.set(c[s], c[s], 0.5 * (k[s][s] + RIDGE));
            for (int t = s + 1; t < n; t++) {
                reg.set(c[s], c[t], k[s][t]);
            }
        }
        for (int i = 0; i < m; i++) {
            // y_i (bagRow_i c + b) + xi_i >= 1
            Expression h = model.addExpression("hinge" + i).lower(1.0);
            for (int s = 0; s < n; s++) {
                h.set(c[s], y[i] * bagRow[i][s]);
            }
            h.set(b, y[i]);
            h.set(xi[i], 1.0);
            // delta_i - (K c)_t + bagRow_i c >= 0 for every instance t of bag i
            for (int t : members[i]) {
                Expression e = model.addExpression("above" + t).lower(0.0);
                for (int s = 0; s < n; s++) {
                    e.set(c[s], bagRow[i][s] - k[t][s]);
                }
                e.set(delta[i], 1.0);
            }
            // delta_i - bagRow_i c + sum_j beta_ij (K c)_{ij} >= 0
            Expression lin = model.addExpression("below" + i).lower(0.0);
            for (int s = 0; s < n; s++) {
                double v = -bagRow[i][s];
                for (int p = 0; p < members[i].length; p++) {
                    v += beta[i][p] * k[members[i][p]][s];
                }
                lin.set(c[s], v);
            }
            lin.set(delta[i], 1.0);
        }
        Optimisation.Result r = model.minimise();
        if (r.getState() != Optimisation.State.OPTIMAL && r.getState() != Optimisation.State.DISTINCT) {
            throw new IllegalStateException("MI-CCCP step QP: ojAlgo ended in state " + r.getState());
        }
        double[] out = new double[n + 1];
        for (int q = 0; q <= n; q++) {
            out[q] = r.doubleValue(q);
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
