package dev.kernelkit.svm;

import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.KernelMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import libsvm.svm;
import libsvm.svm_model;
import libsvm.svm_node;
import libsvm.svm_parameter;
import libsvm.svm_problem;

/**
 * The reference solver: LIBSVM 3.31 (Chang and Lin 2011) C-SVC with a precomputed kernel on the
 * same {@link SvmProblem}, used to check {@link SmoSolver}. Only small and medium n: the kernel is
 * handed over as n^2 {@code svm_node}s.
 *
 * <p>How the duals are mapped onto LIBSVM's C-SVC:
 * <ul>
 *   <li>Hinge, C constant within each class: C = 1 with class weights (C_+, C_-).</li>
 *   <li>Hinge, C varying within a class: LIBSVM has no per-sample C, so sample i is repeated
 *       m_i = C_i / c_min(class) times, which must be an integer (to 1e-9 relative; at most 20 n
 *       rows in total). Copies have identical Q rows, so the dual over the copies is the original
 *       dual in the sums of the copies' alphas, each sum bounded by m_i c_min = C_i; alpha_i is
 *       reported as that sum. Other C vectors raise an {@link IllegalArgumentException}.</li>
 *   <li>Squared hinge: precomputed K + diag(1/(2 C_i)) with C = 1e30, a bound no alpha reaches.</li>
 * </ul>
 * LIBSVM's static state is confined here: calls hold a global lock, {@code svm.rand} is seeded,
 * the print hook captures LIBSVM's messages (for the iteration count) instead of printing, and
 * {@code svm_check_parameter}'s message becomes an {@link IllegalArgumentException}. The
 * objective and the KKT gap are recomputed from alpha and K; the bias is -rho with the sign of
 * LIBSVM's label order undone.
 */
public final class LibsvmSolver implements SvmSolver {
    private static final Object LOCK = new Object();
    private static final double HUGE_C = 1e30;
    private static final Pattern ITER = Pattern.compile("#iter = (\\d+)");
    private static final Pattern OBJ = Pattern.compile("obj = (\\S+),");

    private final double eps;
    private final boolean shrinking;
    private final double cacheMb;

    /** LIBSVM with eps = 1e-3, shrinking on, 200 MB cache. */
    public LibsvmSolver() {
        this(1e-3, true, 200);
    }

    /**
     * @param eps LIBSVM's {@code -e}, &gt; 0
     * @param shrinking LIBSVM's {@code -h}
     * @param cacheMb LIBSVM's {@code -m}, &gt; 0
     */
    public LibsvmSolver(double eps, boolean shrinking, double cacheMb) {
        if (!(eps > 0) || !Double.isFinite(eps)) {
            throw new IllegalArgumentException("eps must be > 0 and finite, got " + eps);
        }
        if (!(cacheMb > 0) || !Double.isFinite(cacheMb)) {
            throw new IllegalArgumentException("cacheMb must be > 0 and finite, got " + cacheMb);
        }
        this.eps = eps;
        this.shrinking = shrinking;
        this.cacheMb = cacheMb;
    }

    /**
     * Solves with LIBSVM. LIBSVM cannot warm start, so {@code initialAlpha} is only checked for
     * length and otherwise ignored (the optimum does not depend on it).
     */
    @Override
    public SvmSolution solve(SvmProblem problem, double[] initialAlpha) {
        if (!problem.isSvm()) {
            throw new IllegalArgumentException("LibsvmSolver solves SVM problems only (p = -e, y'a = 0), not a general dual");
        }
        int n = problem.size();
        if (initialAlpha != null && initialAlpha.length != n) {
            throw new IllegalArgumentException("initial alpha must have length " + n + ", found " + initialAlpha.length);
        }
        KernelMatrix k = problem.kernel();
        boolean squared = problem.loss() == SvmLoss.SQUARED_HINGE;
        double[] y = problem.labels();
        double[] c = problem.costs();

        int[] copies = new int[n];
        double basePos = Double.POSITIVE_INFINITY;
        double baseNeg = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            if (y[i] > 0) {
                basePos = Math.min(basePos, c[i]);
            } else {
                baseNeg = Math.min(baseNeg, c[i]);
            }
        }
        int rows = 0;
        for (int i = 0; i < n; i++) {
            if (squared) {
                copies[i] = 1;
            } else {
                double base = y[i] > 0 ? basePos : baseNeg;
                double m = c[i] / base;
                long r = Math.round(m);
                if (Math.abs(m - r) > 1e-9 * m) {
                    throw new IllegalArgumentException("LibsvmSolver needs each C_i to be an integer multiple of the"
                            + " smallest C of its class; C_" + i + " = " + c[i] + " is " + m + " times " + base);
                }
                copies[i] = (int) r;
            }
            rows += copies[i];
            if (rows > 20 * n) {
                throw new IllegalArgumentException("LibsvmSolver: per-sample C needs more than 20 n = " + (20 * n)
                        + " repeated rows (largest ratio C_i / C_min " + (c[i] / (y[i] > 0 ? basePos : baseNeg)) + ")");
            }
        }
        int[] origin = new int[rows];
        for (int i = 0, r = 0; i < n; i++) {
            for (int m = 0; m < copies[i]; m++) {
                origin[r++] = i;
            }
        }

        svm_problem prob = new svm_problem();
        prob.l = rows;
        prob.y = new double[rows];
        prob.x = new svm_node[rows][];
        double[] kRow = new double[n];
        for (int r = 0; r < rows; r++) {
            int i = origin[r];
            prob.y[r] = y[i];
            if (r == 0 || origin[r - 1] != i) {
                k.row(i, kRow);
            }
            svm_node[] nodes = new svm_node[rows + 1];
            nodes[0] = node(0, r + 1);
            for (int s = 0; s < rows; s++) {
                int j = origin[s];
                double v = kRow[j];
                if (squared && j == i) {
                    v += 1.0 / (2.0 * c[i]);
                }
                nodes[s + 1] = node(s + 1, v);
            }
            prob.x[r] = nodes;
        }

        svm_parameter param = baseParameter(eps, shrinking, cacheMb);
        param.kernel_type = svm_parameter.PRECOMPUTED;
        if (squared) {
            param.C = HUGE_C;
        } else {
            param.C = 1.0;
            param.nr_weight = 2;
            param.weight_label = new int[] {1, -1};
            param.weight = new double[] {basePos, baseNeg};
        }
        Trained t = train(prob, param);
        svm_model model = t.model;

        double sign = model.label[0] == 1 ? 1.0 : -1.0;
        double[] alpha = new double[n];
        for (int s = 0; s < model.l; s++) {
            int r = model.sv_indices[s] - 1;
            alpha[origin[r]] += sign * model.sv_coef[0][s] * y[origin[r]];
        }
        double bias = -sign * model.rho[0];

        double[] grad = gradient(k, y, c, alpha, squared);
        double obj = 0;
        for (int i = 0; i < n; i++) {
            obj += alpha[i] * (grad[i] - 1.0);
        }
        obj /= 2;
        double gap = kktGap(alpha, grad, y, c, squared);
        return new SvmSolution(alpha, bias, obj, t.iterations, gap, !t.hitCap);
    }

    /** G = Qa - e with Q = yy'.K (+ diag(1/(2C)) for the squared hinge), in O(n sv). */
    private static double[] gradient(KernelMatrix k, double[] y, double[] c, double[] alpha, boolean squared) {
        int n = y.length;
        double[] g = new double[n];
        java.util.Arrays.fill(g, -1.0);
        double[] row = new double[n];
        for (int j = 0; j < n; j++) {
            if (alpha[j] > 0) {
                k.row(j, row);
                double s = alpha[j] * y[j];
                for (int i = 0; i < n; i++) {
                    g[i] += s * y[i] * row[i];
                }
                if (squared) {
                    g[j] += alpha[j] / (2.0 * c[j]);
                }
            }
        }
        return g;
    }

    private static double kktGap(double[] alpha, double[] g, double[] y, double[] c, boolean squared) {
        double up = Double.NEGATIVE_INFINITY;
        double low = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < y.length; t++) {
            boolean atUpper = !squared && alpha[t] >= c[t];
            boolean atLower = alpha[t] <= 0;
            double v = -y[t] * g[t];
            if ((y[t] > 0 && !atUpper) || (y[t] < 0 && !atLower)) {
                up = Math.max(up, v);
            }
            if ((y[t] > 0 && !atLower) || (y[t] < 0 && !atUpper)) {
                low = Math.max(low, -v);
            }
        }
        double gap = up + low;
        return Double.isFinite(gap) ? Math.max(gap, 0.0) : 0.0;
    }

    private static svm_node node(int index, double value) {
        svm_node nd = new svm_node();
        nd.index = index;
        nd.value = value;
        return nd;
    }

    private static svm_parameter baseParameter(double eps, boolean shrinking, double cacheMb) {
        svm_parameter param = new svm_parameter();
        param.svm_type = svm_parameter.C_SVC;
        param.degree = 3;
        param.gamma = 0;
        param.coef0 = 0;
        param.cache_size = cacheMb;
        param.eps = eps;
        param.C = 1;
        param.nr_weight = 0;
        param.weight_label = new int[0];
        param.weight = new double[0];
        param.nu = 0.5;
        param.p = 0.1;
        param.shrinking = shrinking ? 1 : 0;
        param.probability = 0;
        return param;
    }

    private record Trained(svm_model model, long iterations, double objective, boolean hitCap) {
    }

    private static Trained train(svm_problem prob, svm_parameter param) {
        synchronized (LOCK) {
            String err = svm.svm_check_parameter(prob, param);
            if (err != null) {
                throw new IllegalArgumentException("LIBSVM rejected its parameters: " + err);
            }
            StringBuilder log = new StringBuilder();
            svm.svm_set_print_string_function(log::append);
            try {
                svm.rand.setSeed(0L);
                svm_model model = svm.svm_train(prob, param);
                String text = log.toString();
                Matcher mi = ITER.matcher(text);
                long iterations = mi.find() ? Long.parseLong(mi.group(1)) : -1;
                Matcher mo = OBJ.matcher(text);
                double obj = mo.find() ? Double.parseDouble(mo.group(1)) : Double.NaN;
                return new Trained(model, iterations, obj, text.contains("reaching max number of iterations"));
            } finally {
                svm.svm_set_print_string_function(s -> { });
            }
        }
    }

    /**
     * A binary SVM trained by LIBSVM with its own RBF kernel exp(-gamma ||x - z||^2) on sparse
     * {@code svm_node} input (the benchmark's reference run).
     *
     * @param seconds wall time of {@code svm_train} alone (conversion excluded)
     * @param objective the dual objective LIBSVM reports
     * @param iterations LIBSVM's iteration count
     */
    public record RbfRun(RbfModel model, double seconds, double objective, long iterations) {
    }

    /** A trained LIBSVM model with predictions through {@code svm_predict_values}. */
    public static final class RbfModel {
        private final svm_model model;
        private final double sign;

        private RbfModel(svm_model model) {
            this.model = model;
            this.sign = model.label[0] == 1 ? 1.0 : -1.0;
        }

        /** Decision value f(x) in our sign convention (positive means +1). */
        public double decision(Vec x) {
            double[] dec = new double[1];
            svm.svm_predict_values(model, nodes(x), dec);
            return sign * dec[0];
        }

        /** +1 or -1, as LIBSVM predicts it. */
        public double predict(Vec x) {
            return svm.svm_predict(model, nodes(x));
        }

        /** Number of support vectors. */
        public int supportVectorCount() {
            return model.l;
        }
    }

    /**
     * Trains LIBSVM C-SVC with its RBF kernel on sparse input (labels +1/-1, one C for all).
     *
     * @throws IllegalArgumentException on bad labels or parameters LIBSVM rejects
     */
    public static RbfRun trainRbf(List<? extends Vec> points, double[] labels, double gamma, double c,
                                  double cacheMb, double eps, boolean shrinking) {
        Objects.requireNonNull(points, "points");
        if (points.size() != labels.length) {
            throw new IllegalArgumentException("expected " + points.size() + " labels, found " + labels.length);
        }
        if (!(gamma > 0) || !Double.isFinite(gamma)) {
            throw new IllegalArgumentException("gamma must be > 0 and finite, got " + gamma);
        }
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] != 1.0 && labels[i] != -1.0) {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + labels[i]);
            }
        }
        svm_problem prob = new svm_problem();
        prob.l = labels.length;
        prob.y = labels.clone();
        prob.x = new svm_node[labels.length][];
        for (int i = 0; i < labels.length; i++) {
            prob.x[i] = nodes(points.get(i));
        }
        svm_parameter param = baseParameter(eps, shrinking, cacheMb);
        param.kernel_type = svm_parameter.RBF;
        param.gamma = gamma;
        param.C = c;
        long t0 = System.nanoTime();
        Trained t = train(prob, param);
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new RbfRun(new RbfModel(t.model), seconds, t.objective, t.iterations);
    }

    /** A vector as LIBSVM's 1-based sparse nodes (stored entries only). */
    static svm_node[] nodes(Vec x) {
        List<svm_node> out = new ArrayList<>(x.storedCount());
        if (x instanceof SparseVec s) {
            for (int p = 0; p < s.storedCount(); p++) {
                out.add(node(s.indexAt(p) + 1, s.valueAt(p)));
            }
        } else {
            x.forEachStored((i, v) -> {
                if (v != 0.0) {
                    out.add(node(i + 1, v));
                }
            });
        }
        return out.toArray(new svm_node[0]);
    }
}
