package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.svm.GrowingDualProblem;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SmoSolver.Stop;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * The core-set QP of {@link CoreSetSolver} (max a'v - a'Qa over the simplex) as a problem of the
 * kernels layer's SMO ({@link GrowingDualProblem}, y = 1, p = -v/2, delta = 1), grown one point at a
 * time as the core-set loop grows it, against the independent ojAlgo QP of {@link SimplexQp}.
 */
class CoreSetDualTest {

    /**
     * Q = yy'(K + 1) + I/C on random 3-d points (Gaussian K), off-diagonal entries rounded to
     * float (as the growing problem stores them), so that the ojAlgo oracle solves the very same problem.
     */
    private static double[][] problem(int n, double c, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][3];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                x[i][d] = r.nextDouble(-1, 1);
            }
            y[i] = r.nextBoolean() ? 1 : -1;
        }
        double[][] q = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double d2 = 0;
                for (int d = 0; d < 3; d++) {
                    d2 += (x[i][d] - x[j][d]) * (x[i][d] - x[j][d]);
                }
                double v = y[i] * y[j] * (Math.exp(-d2) + 1);
                q[i][j] = i == j ? 2 + 1 / c : (float) v;
            }
        }
        return q;
    }

    /** Adds the points one at a time (a = 1 on the first), solving after each, as the core-set loop does. */
    private static GrowingDualProblem grow(double[][] q, double eta, ToLongFunction<GrowingDualProblem> solve) {
        GrowingDualProblem qp = new GrowingDualProblem(1.0);
        for (int s = 0; s < q.length; s++) {
            float[] row = new float[s];
            for (int t = 0; t < s; t++) {
                row[t] = (float) q[s][t];
            }
            qp.add(row, q[s][s], -0.5 * eta);
            if (s == 0) {
                qp.setAlpha(new double[] {1.0});
            }
            solve.applyAsLong(qp);
        }
        return qp;
    }

    private static SmoSolver solver() {
        return new SmoSolver(SmoSolver.Options.defaults().withMaxIterations(10_000_000));
    }

    private static double objective(double[][] q, double[] a, double eta) {
        // f(a) = 1/2 a'Qa - 1/2 eta sum(a)
        return 0.5 * SimplexQp.quad(q, a) - 0.5 * eta * Arrays.stream(a).sum();
    }

    @Test
    void frankWolfeStopLeavesAnObjectiveErrorBelowTheToleranceAgainstOjAlgo() {
        double c = 10;
        double[][] q = problem(40, c, 3);
        double eta = 2 + 1 / c;
        double[] v = new double[q.length];
        Arrays.fill(v, eta);
        double[] exact = SimplexQp.simplex(q, v);
        double fStar = objective(q, exact, eta);
        for (double tol : new double[] {1e-3, 1e-6, 1e-10}) {
            GrowingDualProblem qp = grow(q, eta,
                    s -> solver().solve(s, new Stop(Stop.Rule.FRANK_WOLFE_GAP, tol)).iterations());
            double f = objective(q, qp.alphas(), eta);
            // f(a) - f* <= gap < tol (convexity); ojAlgo's own optimum is good to ~1e-9
            assertThat(f - fStar).isLessThan(tol + 1e-9);
            assertThat(Arrays.stream(qp.alphas()).sum()).isCloseTo(1.0, within(1e-12));
            // the solver's objective and a'Qa (from its G) agree with plain loops over the float problem up to
            // the drift of G: a simplex step adds move (Q_i - Q_j) with the row difference rounded to float
            assertThat(qp.objective()).isCloseTo(f, within(1e-8));
            assertThat(qp.quadratic()).isCloseTo(SimplexQp.quad(q, qp.alphas()), within(1e-8));
        }
    }

    @Test
    void frankWolfeGapReportedAtTheStopIsAPrimalDualBoundRecomputedByLoops() {
        double[][] q = problem(30, 100, 9);
        double eta = 2 + 1 / 100.0;
        GrowingDualProblem qp = grow(q, eta, s -> 0);
        double tol = 1e-6;
        SmoSolver.Outcome out = solver().solve(qp, new Stop(Stop.Rule.FRANK_WOLFE_GAP, tol));
        assertThat(out.converged()).isTrue();
        double[] a = qp.alphas();
        // G = Qa - eta/2 by loops; gap = a'G - min G
        double[] g = new double[a.length];
        for (int t = 0; t < a.length; t++) {
            g[t] = -0.5 * eta;
            for (int j = 0; j < a.length; j++) {
                g[t] += q[t][j] * a[j];
            }
        }
        double ag = 0;
        for (int t = 0; t < a.length; t++) {
            ag += a[t] * g[t];
        }
        double gap = ag - Arrays.stream(g).min().orElseThrow();
        assertThat(out.gap()).isLessThan(tol);
        // the solver's G drifts from Qa + p by float-rounded row differences (about 1e-8 here)
        assertThat(out.gap()).isCloseTo(gap, within(1e-7));
        assertThat(gap).isLessThan(tol + 1e-7);
    }

    @Test
    void libcvmPairwiseStopReachesTheOjAlgoOptimumWithATightToleranceAndLeavesNoPairAboveIt() {
        double c = 100;
        double[][] q = problem(40, c, 4);
        double eta = 2 + 1 / c;
        double[] v = new double[q.length];
        Arrays.fill(v, eta);
        double[] exact = SimplexQp.simplex(q, v);
        double tol = 1e-7;
        GrowingDualProblem qp = grow(q, eta,
                s -> solver().solve(s, new Stop(Stop.Rule.LIBCVM_PAIRWISE, tol)).iterations());
        double[] a = qp.alphas();
        assertThat(objective(q, a, eta) - objective(q, exact, eta)).isLessThan(1e-8);
        // the pairwise gap max_{a_j > 0} G_j - min_t G_t, G = Qa - eta/2 recomputed by loops
        double[] g = new double[a.length];
        for (int t = 0; t < a.length; t++) {
            for (int j = 0; j < a.length; j++) {
                g[t] += q[t][j] * a[j];
            }
        }
        double gMin = Arrays.stream(g).min().orElseThrow();
        double gap = 0;
        for (int t = 0; t < a.length; t++) {
            if (a[t] > 0) {
                gap = Math.max(gap, g[t] - gMin);
            }
        }
        // below tol unless the last step moved less than tol^2 (then the gap is at most about tol)
        assertThat(gap).isLessThan(2 * tol);
    }

    @Test
    void libcvmPairwiseStopWithTheInitialToleranceDoesNoStepWhenNoPairViolatesIt() {
        // Q = [[2, 1], [1, 2]] (diagonal 2, a double; off-diagonal 1, exact in float), a = (0.6, 0.4):
        // G = Qa + p with p = 0 is (1.6, 1.4); the only pair gap is 0.2 < 0.3, so no step;
        // with tol 0.1 SMO moves delta = 0.2 / (2 + 2 - 2) = 0.1 from point 0 to point 1 -> (0.5, 0.5)
        GrowingDualProblem qp = new GrowingDualProblem(1.0);
        qp.add(new float[0], 2.0, 0.0);
        qp.add(new float[] {1f}, 2.0, 0.0);
        qp.setAlpha(new double[] {0.6, 0.4});
        assertThat(solver().solve(qp, new Stop(Stop.Rule.LIBCVM_PAIRWISE, 0.3)).iterations()).isZero();
        assertThat(qp.alphas()).containsExactly(0.6, 0.4);
        assertThat(solver().solve(qp, new Stop(Stop.Rule.LIBCVM_PAIRWISE, 0.1)).iterations()).isEqualTo(1);
        assertThat(qp.alpha(0)).isCloseTo(0.5, within(1e-15));
        assertThat(qp.alpha(1)).isCloseTo(0.5, within(1e-15));
    }

    @Test
    void floatRowsKeepTheDoubleDiagonalSoASmallOneOverCStillCounts() {
        // two identical points at C = 1e6: Q = [[2 + 1e-6, 2], [2, 2 + 1e-6]]; by symmetry the
        // optimum is a = (1/2, 1/2) with a'Qa = (2 (2 + 1e-6) + 2 * 2) / 4 = 2 + 5e-7. A float
        // diagonal (2.00000095) would give 2 + 4.77e-7.
        double d = 2 + 1e-6;
        GrowingDualProblem qp = new GrowingDualProblem(1.0);
        qp.add(new float[0], d, 0.0);
        qp.setAlpha(new double[] {1.0});
        qp.add(new float[] {2f}, d, 0.0);
        solver().solve(qp, new Stop(Stop.Rule.FRANK_WOLFE_GAP, 1e-15));
        assertThat(qp.alpha(0)).isCloseTo(0.5, within(1e-9));
        assertThat(qp.quadratic()).isCloseTo(2 + 5e-7, within(1e-13));
        assertThat(qp.entry(0, 0)).isEqualTo(d);
    }
}
