package dev.kernelkit.cli.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.prototypes.NonNegativeQuadraticPursuit;
import org.junit.jupiter.api.Test;

class NqpBenchmarkTest {

    @Test
    void smallProblemBothSolversFinishAndAgreeOnTheObjective() {
        NqpBenchmark.Row row = NqpBenchmark.run(40, 60, false);
        assertThat(row.refFinished()).as(row.csv()).isTrue();
        assertThat(row.refState()).isEqualTo("OPTIMAL");
        // Both solve the same convex non-negative QP without a cardinality limit: same optimum.
        assertThat(Math.abs(row.relativeGap())).as(row.csv()).isLessThan(1e-6);
        // f(0) = 0 is feasible, and c has negative entries, so the optimum is strictly negative.
        assertThat(row.fRef()).isNegative();
    }

    @Test
    void referenceObjectiveIsRecomputedFromItsSolutionNotTakenFromOjAlgo() {
        // The reported f of the reference must equal ½xᵀQx + cᵀx at NQP's optimum up to the gap:
        // recompute NQP's value independently from the benchmark's problem.
        double[][][] p = NqpBenchmark.problem(25);
        NonNegativeQuadraticPursuit.Result r = NonNegativeQuadraticPursuit.solve(p[0], p[1][0],
                NonNegativeQuadraticPursuit.Options.defaults(25).withPrune(false));
        NqpBenchmark.Row row = NqpBenchmark.run(25, 60, false);
        assertThat(row.fNqp()).isEqualTo(r.objective());
        assertThat(row.fRef()).isCloseTo(r.objective(), org.assertj.core.data.Offset.offset(1e-6 * Math.abs(r.objective())));
    }

    @Test
    void aCapShorterThanTheSolveIsReportedAsNotFinished() {
        // 1 ms of ojAlgo iterations cannot solve a 400-variable QP with 400 bound rows (the
        // previous ExpressionsBasedModel route needed 40 s at n = 200).
        NqpBenchmark.Row row = NqpBenchmark.run(400, 0.001, false);
        assertThat(row.refFinished()).as(row.csv()).isFalse();
        assertThat(row.refState()).isNotEqualTo("OPTIMAL");
        assertThat(row.csv()).contains(", false, ");
    }

    @Test
    void skippedReferenceStillTimesNqp() {
        NqpBenchmark.Row row = NqpBenchmark.run(30, 1, true);
        assertThat(row.refState()).isEqualTo("SKIPPED");
        assertThat(row.fRef()).isNaN();
        assertThat(row.fNqp()).isNegative();
    }

    @Test
    void kktResidualIsZeroAtAHandSolvedOptimumAndPositiveElsewhere() {
        // Q = [[2, 0], [0, 2]], c = (−2, 4): optimum x = (1, 0) (g = Qx + c = (0, 4): g_1 = 0 on the
        // support, g_2 = 4 ≥ 0 off it). At x = (0, 0), g = (−2, 4): violation 2, relative to max|c| = 4: 0.5.
        // At x = (2, 0), g = (2, 4): |g_1| = 2 on the support: again 0.5.
        double[][] q = {{2, 0}, {0, 2}};
        double[] c = {-2, 4};
        assertThat(NqpBenchmark.kktResidual(q, c, new double[] {1, 0})).isZero();
        assertThat(NqpBenchmark.kktResidual(q, c, new double[] {0, 0})).isEqualTo(0.5);
        assertThat(NqpBenchmark.kktResidual(q, c, new double[] {2, 0})).isEqualTo(0.5);
    }

    @Test
    void rejectsBadSizeAndCap() {
        assertThatThrownBy(() -> NqpBenchmark.run(0, 1, false)).hasMessageContaining("n must be >= 1, got 0");
        assertThatThrownBy(() -> NqpBenchmark.run(5, -2, false)).hasMessageContaining("cap must be > 0 seconds, got -2");
    }
}
