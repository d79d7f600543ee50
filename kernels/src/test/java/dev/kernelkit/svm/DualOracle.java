package dev.kernelkit.svm;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Independent checks for the SVM solvers: the dual solved by ojAlgo's generic convex QP, the
 * gradient, KKT residual and bias computed from alpha and K with plain double loops, and seeded
 * random problems.
 */
final class DualOracle {
    private DualOracle() {
    }

    /** A small problem: points, labels, per-sample C, loss, kernel and held-out points. */
    record Case(String name, List<Vec> x, double[] y, double[] c, SvmLoss loss, Kernel<Vec> kernel,
                List<Vec> heldOut) {
        double[][] gram() {
            int n = x.size();
            double[][] k = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    k[i][j] = kernel.apply(x.get(i), x.get(j));
                }
            }
            return k;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * A seeded random problem. The kernels are chosen so that K is positive definite (linear
     * with d &ge; n + 2, cubic polynomial with C(d+3, 3) &ge; n, Gaussian on distinct points),
     * which makes alpha unique and "same support set" a well-posed check.
     */
    static Case randomCase(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = 10 + rnd.nextInt(71);
        int kind = (int) (seed % 3);
        SvmLoss loss = (seed / 3) % 2 == 0 ? SvmLoss.HINGE : SvmLoss.SQUARED_HINGE;
        int d;
        Kernel<Vec> kernel;
        String kname;
        switch (kind) {
            case 0 -> {
                d = 2 + rnd.nextInt(6);
                double gamma = 0.2 + rnd.nextDouble();
                kernel = (a, b) -> Math.exp(-gamma * a.squaredDistance(b));
                kname = "gaussian(" + String.format("%.3f", gamma) + ")";
            }
            case 1 -> {
                d = n + 2;
                kernel = Vec::dot;
                kname = "linear";
            }
            default -> {
                d = 8;
                kernel = (a, b) -> Math.pow(1 + 0.5 * a.dot(b), 3);
                kname = "poly3";
            }
        }
        double[] w = new double[d];
        for (int k = 0; k < d; k++) {
            w[k] = rnd.nextGaussian();
        }
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double[] v = new double[d];
            for (int k = 0; k < d; k++) {
                v[k] = rnd.nextGaussian() * (kind == 1 ? 0.3 : 1.0);
            }
            x.add(DenseVec.wrap(v));
            double s = 0;
            for (int k = 0; k < d; k++) {
                s += w[k] * v[k];
            }
            y[i] = (s + 0.5 * rnd.nextGaussian() >= 0) ? 1 : -1;
        }
        y[0] = 1;
        y[1] = -1;
        double c0 = Math.exp(rnd.nextDouble() * 4 - 2);
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            c[i] = loss == SvmLoss.HINGE ? c0 * (1 + rnd.nextInt(3)) : c0 * (0.5 + rnd.nextDouble());
        }
        List<Vec> held = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            double[] v = new double[d];
            for (int k = 0; k < d; k++) {
                v[k] = rnd.nextGaussian() * (kind == 1 ? 0.3 : 1.0);
            }
            held.add(DenseVec.wrap(v));
        }
        return new Case("seed " + seed + ": n=" + n + " d=" + d + " " + kname + " " + loss + " c0="
                + String.format("%.3f", c0), x, y, c, loss, kernel, held);
    }

    /** The dual of {@link SvmLoss} solved by ojAlgo's convex QP; returns alpha. */
    static double[] solveQp(double[][] k, double[] y, double[] c, SvmLoss loss) {
        int n = y.length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] a = new Variable[n];
        for (int i = 0; i < n; i++) {
            a[i] = model.addVariable("a" + i).lower(0);
            if (loss == SvmLoss.HINGE) {
                a[i].upper(c[i]);
            }
        }
        Expression obj = model.addExpression("objective").weight(1);
        for (int i = 0; i < n; i++) {
            obj.set(a[i], -1.0);
            for (int j = 0; j < n; j++) {
                double q = y[i] * y[j] * k[i][j];
                if (i == j && loss == SvmLoss.SQUARED_HINGE) {
                    q += 1.0 / (2.0 * c[i]);
                }
                obj.set(a[i], a[j], 0.5 * q);
            }
        }
        Expression eq = model.addExpression("balance").level(0);
        for (int i = 0; i < n; i++) {
            eq.set(a[i], y[i]);
        }
        Optimisation.Result r = model.minimise();
        if (!r.getState().isFeasible()) {
            throw new AssertionError("ojAlgo QP failed: " + r.getState());
        }
        double[] alpha = new double[n];
        for (int i = 0; i < n; i++) {
            alpha[i] = Math.max(0, r.doubleValue(i));
            if (loss == SvmLoss.HINGE) {
                alpha[i] = Math.min(alpha[i], c[i]);
            }
        }
        return alpha;
    }

    /** G = Qa - e with plain double loops. */
    static double[] gradient(double[][] k, double[] y, double[] c, SvmLoss loss, double[] alpha) {
        int n = y.length;
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += y[i] * y[j] * k[i][j] * alpha[j];
            }
            if (loss == SvmLoss.SQUARED_HINGE) {
                s += alpha[i] / (2.0 * c[i]);
            }
            g[i] = s - 1.0;
        }
        return g;
    }

    /** 1/2 a'Qa - e'a. */
    static double objective(double[][] k, double[] y, double[] c, SvmLoss loss, double[] alpha) {
        double[] g = gradient(k, y, c, loss, alpha);
        double v = 0;
        for (int i = 0; i < y.length; i++) {
            v += alpha[i] * (g[i] - 1.0);
        }
        return v / 2;
    }

    /** m(a) - M(a): the largest KKT violation over pairs, from alpha and K alone. */
    static double kktResidual(double[][] k, double[] y, double[] c, SvmLoss loss, double[] alpha) {
        double[] g = gradient(k, y, c, loss, alpha);
        double m = Double.NEGATIVE_INFINITY;
        double bigM = Double.POSITIVE_INFINITY;
        for (int t = 0; t < y.length; t++) {
            boolean belowUpper = loss == SvmLoss.SQUARED_HINGE || alpha[t] < c[t];
            boolean aboveLower = alpha[t] > 0;
            boolean inUp = y[t] > 0 ? belowUpper : aboveLower;
            boolean inLow = y[t] > 0 ? aboveLower : belowUpper;
            double v = -y[t] * g[t];
            if (inUp) {
                m = Math.max(m, v);
            }
            if (inLow) {
                bigM = Math.min(bigM, v);
            }
        }
        return m - bigM;
    }

    /**
     * The bias from the KKT conditions: the mean of -y_i G_i over free variables, else the
     * midpoint of the interval the bounded ones allow (the rule LIBSVM documents).
     */
    static double bias(double[][] k, double[] y, double[] c, SvmLoss loss, double[] alpha) {
        double[] g = gradient(k, y, c, loss, alpha);
        double sum = 0;
        int free = 0;
        double ub = Double.POSITIVE_INFINITY;
        double lb = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < y.length; t++) {
            double tol = 1e-8 * c[t];
            boolean atUpper = loss == SvmLoss.HINGE && alpha[t] >= c[t] - tol;
            boolean atLower = alpha[t] <= tol;
            double yg = y[t] * g[t];
            if (!atUpper && !atLower) {
                sum += yg;
                free++;
            } else if ((atUpper && y[t] < 0) || (atLower && y[t] > 0)) {
                ub = Math.min(ub, yg);
            } else {
                lb = Math.max(lb, yg);
            }
        }
        double rho = free > 0 ? sum / free : (ub + lb) / 2;
        return -rho;
    }

    /** f(z) = sum_i alpha_i y_i k(x_i, z) + b. */
    static double decision(Case cs, double[] alpha, double b, Vec z) {
        double s = b;
        for (int i = 0; i < alpha.length; i++) {
            if (alpha[i] != 0) {
                s += alpha[i] * cs.y()[i] * cs.kernel().apply(cs.x().get(i), z);
            }
        }
        return s;
    }

    /** Indices with alpha_i &gt; 1e-8 C_i. */
    static List<Integer> supportSet(double[] alpha, double[] c) {
        List<Integer> s = new ArrayList<>();
        for (int i = 0; i < alpha.length; i++) {
            if (alpha[i] > 1e-8 * c[i]) {
                s.add(i);
            }
        }
        return s;
    }
}
