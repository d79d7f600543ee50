package dev.kernelkit.cli.prototypes;

import dev.kernelkit.prototypes.NonNegativeQuadraticPursuit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.ojalgo.matrix.store.R064Store;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.convex.ConvexSolver;

/**
 * Benchmark: NQP without a cardinality limit (T = n) against ojAlgo's convex QP solver on the same
 * non-negative problem min ½xᵀQx + cᵀx, x ≥ 0, with Q = BBᵀ + 0.01·I (B n × 50, seeded Gaussian)
 * and c ~ N(0, 1). Prints, per n, both times, their ratio and the relative objective gap
 * (f_nqp − f_ojalgo)/|f_ojalgo|.
 *
 * <p>The reference is ojAlgo's {@link ConvexSolver} built directly from Q, c and the n bound rows
 * −x ≤ 0 (the {@code ExpressionsBasedModel} route stores n² quadratic entries as objects and does
 * not fit in memory at n = 5000). It runs under a time cap: ojAlgo's own {@code time_abort} option
 * is set to the cap and the solve runs in a daemon thread that is interrupted at the cap plus a
 * grace period. A reference that did not finish is reported as such, with its state, the time
 * spent and the objective of its last iterate (clipped to x ≥ 0) when it returned one; larger sizes
 * are then not attempted with ojAlgo.
 *
 * <p>Every row also reports the KKT violation of NQP's point ({@link #kktResidual}), a measure of
 * its distance from optimality that does not depend on the reference.
 *
 * <p>Usage: {@code NqpBenchmark [--cap SECONDS] [--no-reference] [n ...]} (defaults: cap 600 s,
 * n = 200 1000 5000; {@code --no-reference} times NQP only).
 */
public final class NqpBenchmark {
    /** Seconds granted beyond the cap before the reference thread is interrupted and abandoned. */
    static final double GRACE_SECONDS = 30;

    private NqpBenchmark() {
    }

    /**
     * One benchmark row.
     *
     * @param n             problem size
     * @param nqpSeconds    NQP time
     * @param refSeconds    ojAlgo time (up to the moment it returned or was abandoned)
     * @param refFinished   whether ojAlgo returned an optimal solution within the cap
     * @param refState      ojAlgo's final state ("ABANDONED" when it did not return at all, "SKIPPED"
     *                      when not run because a smaller size already did not finish)
     * @param fNqp          NQP's objective
     * @param fRef          objective of ojAlgo's (clipped) solution, NaN when it returned none
     * @param nqpSupport    number of positive entries of NQP's solution
     * @param kktResidual   KKT violation of NQP's solution relative to max|c| (see {@link #kktResidual});
     *                      not exactly 0 for NQP, whose relative progress test (1e-6, spec §5.2) stops
     *                      before the last small negative gradients are used, but a measure of distance from
     *                      optimality that needs no reference
     */
    record Row(int n, double nqpSeconds, double refSeconds, boolean refFinished, String refState, double fNqp,
               double fRef, int nqpSupport, double kktResidual) {
        /** (f_nqp − f_ref)/|f_ref|, NaN without a reference value. */
        double relativeGap() {
            return (fNqp - fRef) / Math.abs(fRef);
        }

        String csv() {
            return String.format(Locale.ROOT, "%d, %.4f, %.4f, %s, %s, %.2f, %.8g, %.8g, %.3g, %d, %.2g", n, nqpSeconds,
                    refSeconds, refFinished, refState, refSeconds / nqpSeconds, fNqp, fRef, relativeGap(), nqpSupport,
                    kktResidual);
        }
    }

    /**
     * KKT violation of x for min ½xᵀQx + cᵀx over x ≥ 0, relative to max|c|: with g = Qx + c, the
     * largest of |g_i| over x_i &gt; 0, max(0, −g_i) over x_i = 0, and max(0, −x_i). Zero exactly at the
     * optimum of the convex problem (Q PSD), whatever solver produced x.
     */
    static double kktResidual(double[][] q, double[] c, double[] x) {
        double worst = 0;
        double scale = 0;
        for (int i = 0; i < c.length; i++) {
            scale = Math.max(scale, Math.abs(c[i]));
            double g = c[i];
            for (int j = 0; j < c.length; j++) {
                if (x[j] != 0) {
                    g += q[i][j] * x[j];
                }
            }
            double v = x[i] > 0 ? Math.abs(g) : Math.max(0, -g);
            worst = Math.max(worst, Math.max(v, -x[i]));
        }
        return worst / (scale > 0 ? scale : 1.0);
    }

    /** The seeded test problem of size n: Q (n × n) and c. */
    static double[][][] problem(int n) {
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
        return new double[][][] {q, {c}};
    }

    /**
     * Runs NQP and (unless {@code skipReference}) ojAlgo on the problem of size n.
     *
     * @param capSeconds time cap of the ojAlgo reference (&gt; 0)
     */
    static Row run(int n, double capSeconds, boolean skipReference) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        if (!(capSeconds > 0) || !Double.isFinite(capSeconds)) {
            throw new IllegalArgumentException("cap must be > 0 seconds, got " + capSeconds);
        }
        double[][][] p = problem(n);
        double[][] q = p[0];
        double[] c = p[1][0];
        long t0 = System.nanoTime();
        NonNegativeQuadraticPursuit.Result res = NonNegativeQuadraticPursuit.solve(q, c,
                NonNegativeQuadraticPursuit.Options.defaults(n).withPrune(false));
        double tNqp = (System.nanoTime() - t0) / 1e9;
        double kkt = kktResidual(q, c, res.x());
        if (skipReference) {
            return new Row(n, tNqp, Double.NaN, false, "SKIPPED", res.objective(), Double.NaN, res.support().length, kkt);
        }

        // ojAlgo's convex form is min ½xᵀQx − Cᵀx subject to A_I x ≤ b_I: C = −c, A_I = −I, b_I = 0.
        R064Store qs = R064Store.FACTORY.make(n, n);
        R064Store cs = R064Store.FACTORY.make(n, 1);
        R064Store ai = R064Store.FACTORY.make(n, n);
        R064Store bi = R064Store.FACTORY.make(n, 1);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                qs.set(i, j, q[i][j]);
            }
            cs.set(i, 0, -c[i]);
            ai.set(i, i, -1.0);
        }
        Optimisation.Options opts = new Optimisation.Options();
        opts.time_abort = (long) Math.ceil(capSeconds * 1000);
        ExecutorService pool = Executors.newSingleThreadExecutor(rn -> {
            Thread th = new Thread(rn, "nqp-benchmark-ojalgo");
            th.setDaemon(true);
            return th;
        });
        long t1 = System.nanoTime();
        Future<Optimisation.Result> fut = pool.submit(() ->
                ConvexSolver.newBuilder().objective(qs, cs).inequalities(ai, bi).build(opts).solve());
        Optimisation.Result or = null;
        String state;
        try {
            or = fut.get((long) Math.ceil((capSeconds + GRACE_SECONDS) * 1000), TimeUnit.MILLISECONDS);
            state = or.getState().toString();
        } catch (TimeoutException e) {
            fut.cancel(true);
            state = "ABANDONED";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fut.cancel(true);
            state = "INTERRUPTED";
        } catch (ExecutionException e) {
            state = "ERROR " + e.getCause();
        } finally {
            pool.shutdownNow();
        }
        double tOj = (System.nanoTime() - t1) / 1e9;
        double fOj = Double.NaN;
        if (or != null && or.size() == n) {
            double[] x = new double[n];
            boolean finite = true;
            for (int i = 0; i < n; i++) {
                x[i] = Math.max(0, or.doubleValue(i));
                finite &= Double.isFinite(x[i]);
            }
            if (finite) {
                fOj = NonNegativeQuadraticPursuit.objective(q, c, x);
            }
        }
        boolean finished = or != null && or.getState().isOptimal();
        return new Row(n, tNqp, tOj, finished, state, res.objective(), fOj, res.support().length, kkt);
    }

    /** Runs the benchmark for the sizes given as arguments. */
    public static void main(String[] args) {
        // As in Main: keep ojAlgo's hardware-profile notice out of the CSV on stdout.
        if (System.getProperty("shut.up.ojAlgo") == null) {
            System.setProperty("shut.up.ojAlgo", "true");
        }
        double cap = 600;
        boolean skip = false;
        List<Integer> sizes = new ArrayList<>();
        for (int a = 0; a < args.length; a++) {
            if (args[a].equals("--no-reference")) {
                skip = true;
            } else if (args[a].equals("--cap")) {
                if (a + 1 >= args.length) {
                    throw new IllegalArgumentException("--cap needs a value in seconds");
                }
                cap = Double.parseDouble(args[++a]);
            } else {
                sizes.add(Integer.parseInt(args[a]));
            }
        }
        if (sizes.isEmpty()) {
            sizes = List.of(200, 1000, 5000);
        }
        System.out.println("n, nqp_seconds, ojalgo_seconds, ojalgo_finished, ojalgo_state, time_ratio_ojalgo_over_nqp, "
                + "f_nqp, f_ojalgo, relative_gap, nqp_support, nqp_kkt_residual");
        for (int n : sizes) {
            Row row = run(n, cap, skip);
            System.out.println(row.csv());
            if (!row.refFinished() && !row.refState().equals("SKIPPED")) {
                System.out.printf(Locale.ROOT, "# n = %d: ojAlgo did not finish in %.0f s (state %s, %.1f s spent); "
                        + "larger sizes run NQP only%n", n, cap, row.refState(), row.refSeconds());
                skip = true;
            }
            System.out.flush();
        }
        // An abandoned reference thread is a daemon: it does not keep the JVM alive.
    }
}
