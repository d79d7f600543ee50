package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.optim.Cholesky;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every MI learner tells its {@link FitListener} and writes in its {@link FitReport}. */
class MiFitReportTest {
    private static final BagDataset BINARY = TestData.randomBags(30, 5, 3, 3.0, 23);
    private static final BagDataset THREE = TestData.randomMultiClassBags(36, 3, 4, 3, 3.0, 17);

    /** Collects the events of one fit. */
    static final class Recorder implements FitListener {
        final List<FitProgress> events = new ArrayList<>();

        @Override
        public void onProgress(FitProgress p) {
            events.add(p);
        }

        double[] objectives(int machine) {
            return events.stream().filter(e -> e.machine() == machine).mapToDouble(FitProgress::objective).toArray();
        }
    }

    static Stream<String> names() {
        return MiLearnerContractTest.NAMES.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    @SuppressWarnings("unchecked")
    void theEventsNameTheLearnerAndTheReportHoldsTheirObjectives(String name) {
        BagDataset data = name.equals(ReducedSet.NAME) ? BINARY : THREE;
        Learner<Bag> learner = (Learner<Bag>) Learners.find(name);
        Recorder rec = new Recorder();
        FittedModel<Bag> m = learner.trainer(data, 9).fit(data, rec);
        FitReport r = m.report();
        assertThat(r.learner()).isEqualTo(name);
        assertThat(rec.events).isNotEmpty();
        int machines = rec.events.get(0).machines();
        double last = 0;
        for (FitProgress e : rec.events) {
            assertThat(e.learner()).isEqualTo(name);
            assertThat(e.machines()).isEqualTo(machines);
            assertThat(e.machine()).isBetween(0, machines - 1);
            assertThat(e.seconds()).isGreaterThanOrEqualTo(last).isLessThanOrEqualTo(r.seconds());
            last = e.seconds();
        }
        if (name.equals(MiKernel.NAME) || name.equals(Miles.NAME)) {
            // one solve per machine: the report holds each machine's final objective
            assertThat(rec.events).hasSize(3);
            assertThat(r.objective()).containsExactly(rec.events.stream().mapToDouble(FitProgress::objective).toArray());
        } else {
            // an outer loop: the report holds the first machine's objective after every iteration
            assertThat(r.objective()).containsExactly(rec.objectives(0));
        }
        assertThat(r.options()).isEqualTo(String.valueOf(learner.trainer(data, 9).options()));
    }

    @Test
    void sparseMiReportsTheSeedItsIterationsAndWhetherItStoppedByItsOwnTest() {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.3).withC(5).withExpansionVectors(3).withSeed(41);
        SparseMiModel capped = SparseMi.fit(BINARY, o.withMaxIterations(1).withTolerance(0));
        assertThat(capped.stopReason()).isEqualTo(SparseMi.StopReason.MAX_ITERATIONS);
        assertThat(capped.report().converged()).isFalse();
        assertThat(capped.report().iterations()).isEqualTo(1);
        assertThat(capped.report().seed()).isEqualTo(41);
        SparseMiModel free = SparseMi.fit(BINARY, o.withMaxIterations(500).withTolerance(1e-3));
        assertThat(free.stopReason()).isNotEqualTo(SparseMi.StopReason.MAX_ITERATIONS);
        assertThat(free.report().converged()).isTrue();
        assertThat(free.report().iterations()).isEqualTo(free.iterations());
        assertThat(free.report().objective()).containsExactly(free.objectiveTrace());
        // RSVM is one exact inner solve: nothing to converge, one objective value
        SparseMiModel rsvm = RandomSparseSvm.fit(BINARY, o);
        assertThat(rsvm.report().converged()).isTrue();
        assertThat(rsvm.report().iterations()).isZero();
        assertThat(rsvm.report().objective()).containsExactly(rsvm.finalObjective());
        assertThat(rsvm.report().learner()).isEqualTo("rsvm");
    }

    @Test
    void restartsReportTheGivenOptionsAndSeedAndTheKeptStartsTrace() {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.3).withC(5).withExpansionVectors(3).withSeed(7)
                .withMaxIterations(10).withRestarts(3);
        Recorder rec = new Recorder();
        SparseMiModel m = SparseMi.fit(BINARY, o, rec);
        assertThat(m.report().options()).isEqualTo(o.toString());
        assertThat(m.report().seed()).isEqualTo(7);
        assertThat(m.report().objective()).containsExactly(m.objectiveTrace());
        // every start is heard from its iteration 0
        assertThat(rec.events.stream().filter(e -> e.iteration() == 0).count()).isEqualTo(3);
    }

    /**
     * RS's objective is the squared residual ||Psi - sum_j p_j psi(z_j)||²: its start is c'Kc
     * for the dense solution's coefficients c (recomputed here pair by pair), it never increases,
     * and it is at least the residual of the best combination of the same vectors, the
     * projection of Psi onto their span: c'Kc - b' K_Z^{-1} b with b = K_ZX c (an exact
     * lower bound the greedy coefficients cannot beat).
     */
    @Test
    void reducedSetsResidualStartsAtTheDenseNormDecreasesAndStaysAboveTheProjection() {
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(0.3).withC(5).withExpansionVectors(4);
        SparseMiModel m = ReducedSet.fit(BINARY, o);
        double[] res = m.report().objective();
        assertThat(res).hasSize(5);
        assertThat(m.report().iterations()).isEqualTo(4);

        List<Vec> all = new ArrayList<>();
        BINARY.bags().forEach(b -> all.addAll(b.instances()));
        double[] c = SparseMi.fit(BINARY, o.withMaxIterations(0), all, FitListener.SILENT).beta(0);
        GaussianKernel k = (GaussianKernel) o.kernel();
        double norm = 0;
        for (int s = 0; s < all.size(); s++) {
            for (int t = 0; t < all.size(); t++) {
                norm += c[s] * c[t] * k.apply(all.get(s), all.get(t));
            }
        }
        assertThat(res[0]).isCloseTo(norm, within(1e-9 * norm));
        for (int j = 1; j < res.length; j++) {
            assertThat(res[j]).as("residual after vector %d", j).isLessThanOrEqualTo(res[j - 1]);
        }
        List<Vec> z = m.expansionVectors();
        int q = z.size();
        double[][] kz = new double[q][q];
        double[] b = new double[q];
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                kz[i][j] = k.apply(z.get(i), z.get(j));
            }
            for (int t = 0; t < all.size(); t++) {
                b[i] += k.apply(z.get(i), all.get(t)) * c[t];
            }
        }
        double[] w = b.clone();
        Cholesky.solveInPlace(kz, w);
        double projection = norm;
        for (int i = 0; i < q; i++) {
            projection -= b[i] * w[i];
        }
        assertThat(res[q]).isGreaterThanOrEqualTo(projection - 1e-9 * norm);
        assertThat(res[q]).isLessThan(res[0]);
    }

    @Test
    void miSvmAndCccpReportTheirRoundsAndStepsSummedOverMachines() {
        MiSvmModel mi = MiSvm.fit(THREE, MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE).withGamma(0.3).withC(10));
        long rounds = 0;
        for (int r : mi.rounds()) {
            rounds += r;
        }
        assertThat(mi.report().iterations()).isEqualTo(rounds);
        assertThat(mi.report().converged()).isEqualTo(mi.unconvergedMachines() == 0);
        assertThat(mi.report().objective()).hasSize(mi.rounds()[0]);

        MiCccpModel cccp = MiCccp.fit(THREE, MiCccpOptions.defaults().withGamma(0.3).withMaxIterations(3));
        long steps = 0;
        for (int c = 0; c < cccp.machineCount(); c++) {
            steps += cccp.objectiveTrace(c).length;
        }
        assertThat(cccp.report().iterations()).isEqualTo(steps);
        assertThat(cccp.report().objective()).containsExactly(cccp.objectiveTrace(0));
        assertThat(cccp.report().converged()).isEqualTo(cccp.unconvergedMachines() == 0);
    }
}
