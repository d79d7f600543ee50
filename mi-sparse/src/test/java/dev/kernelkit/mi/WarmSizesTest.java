package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.Point;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.svm.SquaredHingeProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@link WarmSizes}: SparseMI over ascending N_XV, each size after the first started from the previous model, and
 * {@link MiProtocol#warmGrid} / {@link MiProtocol#tunedSizeWarm}, the N_XV search on such chains.
 */
class WarmSizesTest {
    private static final BagDataset DATA = SyntheticData.ringBags(16, 4, 5, 21);
    private static final SparseMiOptions OPTIONS = SparseMiOptions.defaults().withGamma(0.5).withC(10)
            .withMaxIterations(8).withSeed(5);

    private static void assertSameModel(SparseMiModel actual, SparseMiModel expected) {
        assertThat(actual.expansionVectors()).hasSameSizeAs(expected.expansionVectors());
        for (int j = 0; j < expected.expansionVectors().size(); j++) {
            assertThat(actual.expansionVectors().get(j).toArray()).containsExactly(
                    expected.expansionVectors().get(j).toArray());
        }
        for (int p = 0; p < expected.problems(); p++) {
            assertThat(actual.beta(p)).containsExactly(expected.beta(p));
            assertThat(actual.rho(p)).isEqualTo(expected.rho(p));
        }
        assertThat(actual.objectiveTrace()).containsExactly(expected.objectiveTrace());
    }

    private static List<double[]> rows(List<Vec> xvs) {
        List<double[]> out = new ArrayList<>();
        for (Vec v : xvs) {
            out.add(v.toArray());
        }
        return out;
    }

    @Test
    void theFirstSizeIsTheColdFitBitForBit() {
        SparseMiModel chained = new WarmSizes.Chain(DATA, OPTIONS, new int[] {3, 6, 12}, 2).model(0);
        assertSameModel(chained, SparseMi.fit(DATA, OPTIONS.withExpansionVectors(3)));
    }

    @Test
    void aWarmSizeStartsFromThePreviousFinalXvsFollowedByTheInstancesAColdFitWouldAdd() {
        int[] sizes = {3, 7};
        SparseMiModel first = SparseMi.fit(DATA, OPTIONS.withExpansionVectors(3));
        // t_max 0 for the warm size: the model holds its initial XVs
        SparseMiModel warm = new WarmSizes.Chain(DATA, OPTIONS, sizes, 0).model(1);
        // a cold RSVM fit at 7 keeps its 7 random initial instances: the draw a cold SparseMI fit starts from
        SparseMiModel cold = SparseMi.fit(DATA, OPTIONS.withExpansionVectors(7).withMaxIterations(0));
        List<double[]> z = rows(warm.expansionVectors());
        assertThat(z).hasSize(7);
        for (int j = 0; j < 3; j++) {
            assertThat(z.get(j)).containsExactly(first.expansionVectors().get(j).toArray());
        }
        for (int j = 3; j < 7; j++) {
            assertThat(z.get(j)).containsExactly(cold.expansionVectors().get(j).toArray());
        }
        assertThat(warm.iterations()).isZero();
    }

    @Test
    void theWarmCoefficientsChangeOnlyTheStartOfTheInnerSolveNotItsOptimum() {
        int[] sizes = {3, 7};
        SparseMiModel warm = new WarmSizes.Chain(DATA, OPTIONS, sizes, 0).model(1);
        // the same XVs solved from zero, through the public fixed-XV fit
        SparseMiModel fromZero = SparseMi.fit(DATA, OPTIONS.withMaxIterations(0), warm.expansionVectors(),
                FitListener.SILENT);
        double[] a = warm.beta(0);
        double[] b = fromZero.beta(0);
        for (int j = 0; j < a.length; j++) {
            assertThat(a[j]).isCloseTo(b[j], org.assertj.core.data.Offset.offset(1e-8 * (1 + Math.abs(b[j]))));
        }
        assertThat(warm.rho(0)).isCloseTo(fromZero.rho(0), org.assertj.core.data.Offset.offset(1e-8));
        assertThat(warm.finalObjective()).isCloseTo(fromZero.finalObjective(),
                org.assertj.core.data.Offset.offset(1e-9 * fromZero.finalObjective()));
    }

    @Test
    void aWarmStartedInnerSolveEndsAtTheKktPointOfTheInnerProblem() {
        // the warm start of fitWarm against an independent solve of the inner problem (its KKT point: the
        // gradient of Q vanishes at the returned (beta, rho))
        SparseMiModel first = SparseMi.fit(DATA, OPTIONS.withExpansionVectors(4));
        double[][] warm = {new double[5]};
        warm[0][4] = 0.3;
        SparseMiModel m = SparseMi.fitWarm(SparseMi.NAME, DATA, OPTIONS.withMaxIterations(0),
                first.expansionVectors(), warm, FitListener.SILENT);
        double[] w = new double[5];
        System.arraycopy(m.beta(0), 0, w, 0, 4);
        w[4] = m.rho(0);
        SquaredHingeProblem q = innerProblem(m.expansionVectors());
        double[] grad = new double[5];
        q.valueAndGradient(w, grad);
        for (double g : grad) {
            assertThat(Math.abs(g)).isLessThan(1e-8);
        }
    }

    /** The inner problem at fixed XVs, built here from the definition (mean kernel rows, K_Z + ridge). */
    private static SquaredHingeProblem innerProblem(List<Vec> xvs) {
        int k = xvs.size();
        double gamma = 0.5;
        double[][] a = new double[DATA.size()][k];
        double[] y = new double[DATA.size()];
        for (int i = 0; i < DATA.size(); i++) {
            Bag bag = DATA.bag(i);
            for (Vec x : bag.instances()) {
                for (int j = 0; j < k; j++) {
                    a[i][j] += Math.exp(-gamma * sq(x.toArray(), xvs.get(j).toArray())) / bag.size();
                }
            }
            y[i] = DATA.label(i) == 1 ? 1 : -1;
        }
        double[][] r = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                r[i][j] = Math.exp(-gamma * sq(xvs.get(i).toArray(), xvs.get(j).toArray()));
            }
            r[i][i] += OPTIONS.ridge();
        }
        return new SquaredHingeProblem(a, y, OPTIONS.c(), r);
    }

    private static double sq(double[] p, double[] q) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += (p[i] - q[i]) * (p[i] - q[i]);
        }
        return s;
    }

    @Test
    void aWarmSizeRunsAtMostTheWarmIterationsAndItsObjectiveFallsFromItsStart() {
        SparseMiModel m = new WarmSizes.Chain(DATA, OPTIONS, new int[] {3, 9}, 4).model(1);
        assertThat(m.iterations()).isLessThanOrEqualTo(4);
        assertThat(m.expansionVectors()).hasSize(9);
        double[] trace = m.objectiveTrace();
        for (int t = 1; t < trace.length; t++) {
            assertThat(trace[t]).isLessThan(trace[t - 1]);
        }
    }

    @Test
    void sizesAboveTheInstancesAreClampedAndTheLaterSizesAreTheSameModel() {
        int n = DATA.instanceCount();
        WarmSizes.Chain chain = new WarmSizes.Chain(DATA, OPTIONS, new int[] {2, n + 5, n + 50}, 2);
        SparseMiModel all = chain.model(1);
        assertThat(all.expansionVectors()).hasSize(n);
        assertThat(chain.model(2)).isSameAs(all);
    }

    @Test
    void threadsAskingForSizesOfOneChainGetTheModelsOfASequentialChain() throws Exception {
        int[] sizes = {2, 4, 6, 8};
        List<SparseMiModel> sequential = WarmSizes.fit(DATA, OPTIONS, sizes, 3, 3);
        WarmSizes.Chain shared = new WarmSizes.Chain(DATA, OPTIONS, sizes, 3);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<SparseMiModel>> got = new ArrayList<>();
            for (int i = sizes.length - 1; i >= 0; i--) {
                int idx = i;
                got.add(pool.submit(() -> shared.model(idx)));
            }
            for (int i = 0; i < sizes.length; i++) {
                assertSameModel(got.get(sizes.length - 1 - i).get(), sequential.get(i));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void optionsAWarmStartCannotFollowAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new WarmSizes.Chain(DATA, OPTIONS.withInit(XvInit.KMEANS), new int[] {2, 4}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("random initial XVs");
        assertThatThrownBy(() -> new WarmSizes.Chain(DATA, OPTIONS.withBasisVectors(12), new int[] {2, 4}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("basisVectors 12");
        assertThatThrownBy(() -> new WarmSizes.Chain(DATA, OPTIONS.withRestarts(2), new int[] {2, 4}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("restarts = 1, got 2");
        assertThatThrownBy(() -> new WarmSizes.Chain(DATA, OPTIONS, new int[] {4, 4}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ascending");
        assertThatThrownBy(() -> MiProtocol.warmGrid((g, c) -> OPTIONS, new int[] {2, 4}, new double[] {1},
                new double[] {1}, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("warmIterations must be >= 0, got -1");
    }

    @Test
    void theWarmGridsSharedFitGivesTheModelItsTrainerGives() {
        int[] sizes = {2, 5, 9};
        Grid<Bag> grid = MiProtocol.warmGrid((g, c) -> OPTIONS.withGamma(g).withC(c), sizes, new double[] {0.5},
                new double[] {1, 10}, 3);
        for (Point p : grid.points()) {
            SparseMiModel viaTrainer = (SparseMiModel) grid.trainer(p).fit(DATA);
            List<SparseMiModel> chain = WarmSizes.fit(DATA, OPTIONS.withGamma(0.5).withC(p.number(MiProtocol.C)),
                    sizes, p.index(MiProtocol.XV), 3);
            assertSameModel(viaTrainer, chain.get(chain.size() - 1));
        }
    }

    @Test
    void theWarmSearchScoresTheFirstSizeAsTheColdSearchDoes() {
        int[] sizes = {2, 5};
        double[] gammas = {0.25, 1};
        double[] cs = {1, 10};
        // one N_XV: both searches fit only the first size, cold, so every choice and accuracy agrees
        Evaluation warm = MiProtocol.tunedSizeWarm((g, c) -> OPTIONS.withGamma(g).withC(c), 3, 1, 7, gammas, cs,
                new int[] {sizes[0]}, 1, MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER,
                MiProtocol.LargeSizes.CLAMP, 3).run(DATA);
        Evaluation cold = MiProtocol.tunedSize((g, c, k) -> SparseMi.trainer(OPTIONS.withGamma(g).withC(c)
                        .withExpansionVectors(k)), 3, 1, 7, gammas, cs, new int[] {sizes[0]}, 1,
                MiProtocol.SizeSearch.STAGED, MiProtocol.SizeTies.LARGER, MiProtocol.LargeSizes.CLAMP).run(DATA);
        assertThat(warm.scores()).containsExactly(cold.scores());
        assertThat(warm.chosen()).isEqualTo(cold.chosen());
    }
}
