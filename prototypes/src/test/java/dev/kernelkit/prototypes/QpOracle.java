package dev.kernelkit.prototypes;

import java.math.BigDecimal;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/** Independent reference: ojAlgo's convex QP solver for ½xᵀQx + cᵀx over x ≥ 0 (optionally on a support). */
final class QpOracle {
    private QpOracle() {
    }

    /** Minimiser of ½xᵀQx + cᵀx over x ≥ 0 with x_i = 0 outside {@code allowed} (null = all allowed). */
    static double[] solve(double[][] q, double[] c, boolean[] allowed) {
        int n = c.length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] v = new Variable[n];
        for (int i = 0; i < n; i++) {
            v[i] = model.addVariable("x" + i).lower(BigDecimal.ZERO);
            if (allowed != null && !allowed[i]) {
                v[i].upper(BigDecimal.ZERO);
            }
        }
        Expression obj = model.addExpression("objective").weight(BigDecimal.ONE);
        for (int i = 0; i < n; i++) {
            obj.set(i, c[i]);
            for (int j = 0; j < n; j++) {
                obj.set(i, j, 0.5 * q[i][j]);
            }
        }
        Optimisation.Result r = model.minimise();
        if (!r.getState().isFeasible()) {
            throw new IllegalStateException("ojAlgo failed: " + r.getState());
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.max(0.0, r.doubleValue(i));
        }
        return x;
    }

    /** Best f over all supports of size ≤ t (each a non-negative QP): a lower bound for any feasible point. */
    static double bruteForce(double[][] q, double[] c, int t) {
        int n = c.length;
        double best = 0; // empty support
        for (int mask = 1; mask < (1 << n); mask++) {
            if (Integer.bitCount(mask) > t) {
                continue;
            }
            boolean[] allowed = new boolean[n];
            for (int i = 0; i < n; i++) {
                allowed[i] = (mask >> i & 1) != 0;
            }
            double f = NonNegativeQuadraticPursuit.objective(q, c, solve(q, c, allowed));
            best = Math.min(best, f);
        }
        return best;
    }
}
