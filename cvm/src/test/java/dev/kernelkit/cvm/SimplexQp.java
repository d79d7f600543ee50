package dev.kernelkit.cvm;

import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/** Independent oracle: max a'v - a'Qa over the simplex (or the non-negative orthant) by ojAlgo's convex QP. */
final class SimplexQp {
    private SimplexQp() {
    }

    /** argmin a'Qa - a'v s.t. a &ge; 0, sum a = 1. */
    static double[] simplex(double[][] q, double[] v) {
        return solve(q, v, true);
    }

    /** argmin 1/2 a'Qa - v'a s.t. a &ge; 0. */
    static double[] orthant(double[][] q, double[] v) {
        double[][] half = new double[q.length][q.length];
        for (int i = 0; i < q.length; i++) {
            for (int j = 0; j < q.length; j++) {
                half[i][j] = 0.5 * q[i][j];
            }
        }
        return solve(half, v, false);
    }

    private static double[] solve(double[][] q, double[] v, boolean simplex) {
        int n = v.length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] a = new Variable[n];
        for (int i = 0; i < n; i++) {
            a[i] = model.addVariable("a" + i).lower(0);
        }
        Expression obj = model.addExpression("objective").weight(1);
        for (int i = 0; i < n; i++) {
            obj.set(a[i], -v[i]);
            for (int j = 0; j < n; j++) {
                obj.set(a[i], a[j], q[i][j]);
            }
        }
        if (simplex) {
            Expression sum = model.addExpression("sum").level(1);
            for (int i = 0; i < n; i++) {
                sum.set(a[i], 1.0);
            }
        }
        Optimisation.Result r = model.minimise();
        if (!r.getState().isFeasible()) {
            throw new AssertionError("ojAlgo QP failed: " + r.getState());
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.max(0, r.doubleValue(i));
        }
        return out;
    }

    static double quad(double[][] q, double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a.length; j++) {
                s += a[i] * q[i][j] * a[j];
            }
        }
        return s;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
