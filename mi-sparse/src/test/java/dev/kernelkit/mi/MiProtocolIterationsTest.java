package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Dimension;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Grid;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link MiProtocol#tunedIterations}: t_max chosen with (gamma, C) from one SparseMI run per point and split. */
class MiProtocolIterationsTest {
    private static final MiProtocol.OptionsFactory SPARSE_MI = (g, c) -> SparseMiOptions.defaults().withGamma(g)
            .withC(c).withExpansionVectors(2).withSeed(3).withTolerance(0);

    @Test
    void theSharedRunsMakeThePlainGridsChoicesAndAccuracies() {
        BagDataset data = SyntheticData.fourGaussianBags(10, 3, 6, 8);
        double[] gammas = {0.1, 0.5, 2};
        double[] cs = {1, 10};
        int[] iterations = {0, 1, 3, 8};
        Evaluation shared = MiProtocol.tunedIterations(SPARSE_MI, 3, 2, 6, gammas, cs, iterations, 1).run(data);
        // the same grid, every point a separate SparseMI fit with t_max = t
        Grid<Bag> plain = Grid.of(p -> SparseMi.trainer(SPARSE_MI.options(p.number(MiProtocol.GAMMA),
                        p.number(MiProtocol.C)).withMaxIterations(p.value(MiProtocol.ITERATIONS, Integer.class))),
                Dimension.of(MiProtocol.ITERATIONS, List.of(8, 3, 1, 0)), Dimension.of(MiProtocol.GAMMA, gammas),
                Dimension.of(MiProtocol.C, cs));
        Evaluation separate = MiProtocol.of(plain, 3, 2, 6, 1).run(data);
        assertThat(shared.chosen()).containsExactlyElementsOf(separate.chosen());
        assertThat(shared.scores()).containsExactly(separate.scores());
        for (int s = 0; s < shared.folds().size(); s++) {
            assertThat(shared.folds().get(s).selection().searched())
                    .containsExactlyElementsOf(separate.folds().get(s).selection().searched());
        }
        // the comparison is not vacuous: more than one t was chosen
        assertThat(java.util.Arrays.stream(MiProtocol.chosen(shared, MiProtocol.ITERATIONS)).distinct().count())
                .isGreaterThan(1);
    }

    @Test
    void tiesGoToTheLargerTThenToTheFirstGammaC() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 9);
        double[] gammas = {0.5, 2};
        Evaluation e = MiProtocol.tunedIterations(SPARSE_MI, 4, 2, 3, gammas, new double[] {10}, new int[] {0, 2, 5, 20},
                1).run(data);
        int ties = 0;
        for (int s = 0; s < e.folds().size(); s++) {
            var sel = e.folds().get(s).selection();
            double best = sel.searched().stream().mapToDouble(sp -> sp.score()).max().orElseThrow();
            // the best points in grid order: t descending, then gamma
            var tied = sel.searched().stream().filter(sp -> sp.score() == best).map(sp -> sp.point()).toList();
            int maxT = tied.stream().mapToInt(p -> p.value(MiProtocol.ITERATIONS, Integer.class)).max().orElseThrow();
            assertThat(sel.chosen().value(MiProtocol.ITERATIONS, Integer.class)).as("fold %d", s).isEqualTo(maxT);
            double firstGamma = tied.stream().filter(p -> p.value(MiProtocol.ITERATIONS, Integer.class) == maxT)
                    .mapToDouble(p -> p.number(MiProtocol.GAMMA)).findFirst().orElseThrow();
            assertThat(sel.chosen().number(MiProtocol.GAMMA)).as("fold %d", s).isEqualTo(firstGamma);
            ties += tied.stream().mapToInt(p -> p.value(MiProtocol.ITERATIONS, Integer.class)).distinct().count() > 1
                    ? 1 : 0;
        }
        // the check is not vacuous: in some fold several t tied at the best score
        assertThat(ties).isPositive();
    }

    @Test
    void badTGridsAreRejected() {
        assertThatThrownBy(() -> MiProtocol.tunedIterations(SPARSE_MI, 3, 1, 1, new double[] {1}, new double[] {1},
                new int[0], 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be empty");
        assertThatThrownBy(() -> MiProtocol.tunedIterations(SPARSE_MI, 3, 1, 1, new double[] {1}, new double[] {1},
                new int[] {5, 5}, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 0 and distinct, got [5, 5]");
        assertThatThrownBy(() -> MiProtocol.tunedIterations(SPARSE_MI, 3, 1, 1, new double[] {1}, new double[] {1},
                new int[] {-1, 5}, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 0 and distinct");
    }
}
