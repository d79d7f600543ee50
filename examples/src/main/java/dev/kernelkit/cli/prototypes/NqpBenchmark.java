package dev.kernelkit.cli.prototypes;

import dev.kernelkit.prototypes.NonNegativeQuadraticPursuit;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.SplittableRandom;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Benchmark: NQP without a cardinality limit (T = n) against ojAlgo's convex QP on the same
 * non-negative problem min ½xᵀQx + cᵀx, x ≥ 0, with Q = BBᵀ + 0.01·I (B n × 50, seeded Gaussian)
 * and c ~ N(0, 1). Prints, per n, both times, their ratio and the relative objective gap.
 * Usage: {@code NqpBenchmark [n ...]} (default 200 1000 5000).
 */
public final class NqpBenchmark {
    private NqpBenchmark() {
    }

    /** Runs the benchmark for the sizes given as arguments. */
    public static void main(String[] args) {
        // As in Main: keep ojAlgo's hardware-profile notice out of the CSV on stdout.
        if (System.getProperty("shut.up.ojAlgo") == null) {
            System.setProperty("shut.up.ojAlgo", "true");
        }
        int[] sizes = args.length == 0 ? new int[] {200, 1000, 5000} : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println("n, nqp_seconds, ojalgo_seconds, time_ratio_ojalgo_over_nqp, f_nqp, f_ojalgo, relative_gap, nqp_support");
        for (int n : sizes) {
            SplittableRandom rnd = new SplittableRandom(n);
            int r = 50;
            double[][] b = new double[n][r];
            for (double[] row : b) {
                for (int a = 0; a < r; a++) {
                    row[a] = rnd.nextGaussian();
                }
            }
            double[][] q = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= i; j++) {
                    double s = 0;
                    for (int a = 0; a < r; a++) {
                        s += b[i][a] * b[j][a];
                    }
                    q[i][j] = s + (i == j ? 0.01 : 0);
                    q[j][i] = q[i][j];
                }
            }
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                c[i] = rnd.nextGaussian();
            }
            long t0 = System.nanoTime();
            NonNegativeQuadraticPursuit.Result res = NonNegativeQuadraticPursuit.solve(q, c,
                    NonNegativeQuadraticPursuit.Options.defaults(n).withPrune(false));
            double tNqp = (System.nanoTime() - t0) / 1e9;

            t0 = System.nanoTime();
            ExpressionsBasedModel model = new ExpressionsBasedModel();
            for (int i = 0; i < n; i++) {
                model.addVariable("x" + i).lower(BigDecimal.ZERO);
            }
            Expression obj = model.addExpression("objective").weight(BigDecimal.ONE);
            for (int i = 0; i < n; i++) {
                obj.set(i, c[i]);
                for (int j = 0; j < n; j++) {
                    obj.set(i, j, 0.5 * q[i][j]);
                }
            }
            Optimisation.Result or = model.minimise();
            double tOj = (System.nanoTime() - t0) / 1e9;
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = Math.max(0, or.doubleValue(i));
            }
            double fOj = NonNegativeQuadraticPursuit.objective(q, c, x);
            double fN = res.objective();
            System.out.printf(Locale.ROOT, "%d, %.4f, %.4f, %.2f, %.8g, %.8g, %.3g, %d%n", n, tNqp, tOj, tOj / tNqp, fN, fOj,
                    (fN - fOj) / Math.abs(fOj), res.support().length);
        }
    }
}
