package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Splits;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvaluationTest {

    static List<OuterFold> folds(double[] scores, int perRepeat) {
        Grid<dev.kernelkit.data.Vec> g = Grid.single(TestLearners.svm(1, 1));
        List<OuterFold> out = new ArrayList<>();
        for (int s = 0; s < scores.length; s++) {
            Selection sel = new Selection(g.first(), Double.NaN, List.of(), 0, 0, 0, 0);
            out.add(new OuterFold(s, s / perRepeat, s % perRepeat, new Splits.Split(new int[] {0}, new int[] {1}), sel,
                    scores[s], 0, 0, 0, Map.of(), FitReport.of("x", "o", 0, 0)));
        }
        return out;
    }

    @Test
    void sdOverRepeatsAndOverFoldsOfHandBuiltScores() {
        // 2 folds x 3 repeats, repeat by repeat
        double[] scores = {0.5, 1.0, 0.5, 0.5, 1.0, 1.0};
        Evaluation e = Evaluation.of(Resampling.stratifiedKFold(2, 3, 1), "accuracy", folds(scores, 2));
        // repeat means (0.5 + 1) / 2 = 0.75, (0.5 + 0.5) / 2 = 0.5, (1 + 1) / 2 = 1
        assertThat(e.repeatMeans()).containsExactly(0.75, 0.5, 1.0);
        // their mean 0.75; deviations 0, -0.25, 0.25; sd sqrt((0 + 0.0625 + 0.0625) / 2) = 0.25
        assertThat(e.repeatSummary().mean()).isEqualTo(0.75);
        assertThat(e.repeatSummary().sd()).isCloseTo(0.25, within(1e-15));
        // over the six folds: mean 4.5 / 6 = 0.75, every deviation ±0.25, sd sqrt(6 * 0.0625 / 5) = 0.2738613
        assertThat(e.summary().mean()).isEqualTo(0.75);
        assertThat(e.summary().sd()).isCloseTo(Math.sqrt(0.075), within(1e-15));
        assertThat(e).hasToString("accuracy 0.7500 ± 0.2739 over 6 outer splits; sd over 3 repeats 0.2500");
        // one repeat: sd over repeats is 0
        Evaluation once = Evaluation.of(Resampling.stratifiedKFold(3, 1, 1), "accuracy",
                folds(new double[] {0.2, 0.4, 0.9}, 3));
        assertThat(once.repeatMeans()).hasSize(1);
        assertThat(once.repeatMeans()[0]).isCloseTo(0.5, within(1e-15));
        assertThat(once.repeatSummary().sd()).isZero();
    }

    @Test
    void foldsMustBeTheResamplingsSplitsInOrder() {
        assertThatThrownBy(() -> Evaluation.of(Resampling.stratifiedKFold(2, 2, 1), "accuracy",
                folds(new double[] {1, 1, 1}, 2))).hasMessageStartingWith("expected 4 outer folds");
        List<OuterFold> swapped = new ArrayList<>(folds(new double[] {1, 0}, 2));
        swapped.add(0, swapped.remove(1));
        assertThatThrownBy(() -> Evaluation.of(Resampling.stratifiedKFold(2, 1, 1), "accuracy", swapped))
                .hasMessage("outer fold 0 has index 1");
    }
}
