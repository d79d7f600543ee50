package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SparseMi#path} (the model after every outer iteration of one run), the printed
 * "s &ge; s_max" stop ({@link SparseMiOptions.TrialLimit#PRINTED}) and the L-BFGS inner solve
 * ({@link SparseMiOptions.InnerSolver#LBFGS}), each against an independent fit.
 */
class SparseMiPathTest {
    private static final BagDataset DATA = TestData.randomBags(30, 5, 3, 1.5, 17);
    private static final SparseMiOptions BASE = SparseMiOptions.defaults().withGamma(0.5).withC(10)
            .withExpansionVectors(4).withSeed(5).withMaxIterations(20).withTolerance(0);

    /** The XVs, weights and objective trace of two models are the same doubles; so are their decisions. */
    private static void assertSameModel(SparseMiModel actual, SparseMiModel expected, String what) {
        assertThat(actual.expansionVectors()).as("%s: XV count", what).hasSameSizeAs(expected.expansionVectors());
        for (int j = 0; j < expected.expansionVectors().size(); j++) {
            assertThat(actual.expansionVectors().get(j).toArray()).as("%s: XV %d", what, j)
                    .containsExactly(expected.expansionVectors().get(j).toArray());
        }
        assertThat(actual.beta(0)).as("%s: beta", what).containsExactly(expected.beta(0));
        assertThat(actual.rho(0)).as("%s: rho", what).isEqualTo(expected.rho(0));
        assertThat(actual.objectiveTrace()).as("%s: trace", what).containsExactly(expected.objectiveTrace());
        for (Bag b : DATA.bags()) {
            assertThat(actual.decision(b)).as("%s: decision of %s", what, b.id()).isEqualTo(expected.decision(b));
        }
    }

    @Test
    void theSnapshotAtTEqualsAFreshFitWithTMaxT() {
        int[] at = {0, 1, 2, 5, 10, 20};
        List<SparseMi.Snapshot> path = SparseMi.path(DATA, BASE, at);
        assertThat(path).hasSize(at.length);
        // the run does not stop before t_max here, so every snapshot is a distinct iteration
        assertThat(SparseMi.fit(DATA, BASE).iterations()).isEqualTo(20);
        for (int i = 0; i < at.length; i++) {
            assertThat(path.get(i).iteration()).isEqualTo(at[i]);
            assertSameModel(path.get(i).model(), SparseMi.fit(DATA, BASE.withMaxIterations(at[i])), "t = " + at[i]);
        }
    }

    @Test
    void theSnapshotAtZeroIsRsvmWithTheSameSeed() {
        SparseMi.Snapshot zero = SparseMi.path(DATA, BASE, new int[] {0}).get(0);
        assertThat(zero.trials()).isZero();
        assertSameModel(zero.model(), RandomSparseSvm.fit(DATA, BASE), "RSVM");
    }

    @Test
    void snapshotsPastAnEarlyStopAreTheFinalModel() {
        // a tolerance of 5% of g ends the loop long before t_max = 40
        SparseMiOptions early = BASE.withMaxIterations(40).withTolerance(0.05);
        SparseMiModel fit = SparseMi.fit(DATA, early);
        assertThat(fit.iterations()).isBetween(1, 39);
        assertThat(fit.stopReason()).isEqualTo(SparseMi.StopReason.CONVERGED);
        List<SparseMi.Snapshot> path = SparseMi.path(DATA, early, new int[] {fit.iterations(), 40});
        assertSameModel(path.get(0).model(), fit, "at the stop");
        assertSameModel(path.get(1).model(), fit, "past the stop");
        assertThat(path.get(1).iteration()).isEqualTo(fit.iterations());
    }

    @Test
    void thePrintedTrialLimitStopsAtTheFirstStepAcceptedOnlyAtTrialSMax() {
        // s_max = 2: with some initial step length, a step is accepted only at its second trial
        int[] all = new int[31];
        for (int t = 0; t <= 30; t++) {
            all[t] = t;
        }
        int checked = 0;
        for (double lambda : new double[] {0.25, 0.5, 1, 2, 4, 8, 16}) {
            SparseMiOptions o = BASE.withMaxIterations(30).withInitialStep(lambda);
            o = new SparseMiOptions(o.c(), o.kernel(), o.expansionVectors(), o.maxIterations(), 2, o.initialStep(),
                    o.tolerance(), o.init(), o.basisVectors(), o.ridge(), o.seed(), o.restarts(), o.stepRule(),
                    o.innerSolver(), o.innerTolerance(), o.trialLimit());
            List<SparseMi.Snapshot> path = SparseMi.path(DATA, o, all);
            int first = -1;
            for (SparseMi.Snapshot s : path) {
                assertThat(s.trials()).isBetween(s.iteration() == 0 ? 0 : 1, 2);
                if (first < 0 && s.trials() == 2) {
                    first = s.iteration();
                }
            }
            SparseMiModel printed = SparseMi.fit(DATA, o.withTrialLimit(SparseMiOptions.TrialLimit.PRINTED));
            if (first < 0) {
                // no step needed s_max trials: the printed clause never fires
                assertSameModel(printed, SparseMi.fit(DATA, o), "lambda " + lambda + ", no late step");
                continue;
            }
            checked++;
            assertThat(printed.stopReason()).isEqualTo(SparseMi.StopReason.TRIAL_LIMIT);
            assertThat(printed.iterations()).isEqualTo(first);
            assertSameModel(printed, path.get(first).model(), "lambda " + lambda + ", printed stop");
            // the default goes on past that step (unless that was its last)
            SparseMiModel plain = SparseMi.fit(DATA, o);
            assertThat(plain.iterations()).isGreaterThanOrEqualTo(first);
        }
        assertThat(checked).as("initial steps with a step accepted at trial s_max").isPositive();
    }

    @Test
    void lbfgsAtATightToleranceGivesNewtonsOptimalValueAndALooseOneNeverBeatsIt() {
        // t_max = 0: the same random XVs, one inner solve each; Newton's is the exact minimum of Q
        SparseMiOptions rsvm = BASE.withMaxIterations(0);
        double exact = SparseMi.fit(DATA, rsvm).finalObjective();
        double tight = SparseMi.fit(DATA, rsvm.withInnerSolver(SparseMiOptions.InnerSolver.LBFGS, 1e-12))
                .finalObjective();
        double loose = SparseMi.fit(DATA, rsvm.withInnerSolver(SparseMiOptions.InnerSolver.LBFGS, 1e-2))
                .finalObjective();
        assertThat(Math.abs(tight - exact)).isLessThanOrEqualTo(1e-8 * Math.abs(exact));
        assertThat(loose).isGreaterThanOrEqualTo(exact);
        // a whole run with the loose inner solve: g recorded non-increasing (checked by the model) and below its start
        SparseMiModel run = SparseMi.fit(DATA, BASE.withInnerSolver(SparseMiOptions.InnerSolver.LBFGS, 1e-3));
        assertThat(run.iterations()).isPositive();
        assertThat(run.finalObjective()).isLessThan(run.objectiveTrace()[0]);
    }

    @Test
    void pathAndTheNewOptionsRejectBadArguments() {
        assertThatThrownBy(() -> SparseMi.path(DATA, BASE, new int[] {2, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("strictly ascending, got [2, 1]");
        assertThatThrownBy(() -> SparseMi.path(DATA, BASE, new int[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one iteration");
        assertThatThrownBy(() -> SparseMi.path(DATA, BASE.withRestarts(2), new int[] {0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("restarts = 1, got 2");
        assertThatThrownBy(() -> BASE.withInnerSolver(null, 1e-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("innerSolver must not be null");
        assertThatThrownBy(() -> BASE.withInnerSolver(SparseMiOptions.InnerSolver.LBFGS, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("innerTolerance must be in (0, 1), got 1.0");
        assertThatThrownBy(() -> BASE.withTrialLimit(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("trialLimit must not be null");
        assertThat(SparseMiOptions.defaults().innerSolver()).isEqualTo(SparseMiOptions.InnerSolver.NEWTON);
        assertThat(SparseMiOptions.defaults().trialLimit()).isEqualTo(SparseMiOptions.TrialLimit.NO_DECREASE);
    }
}
