package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfusionMatrixTest {

    @Test
    void countsByHand() {
        // truth:     a a a b b c
        // predicted: a b a b c c
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b", "c"),
                new int[] {0, 0, 0, 1, 1, 2}, new int[] {0, 1, 0, 1, 2, 2});
        assertThat(m.counts()).isDeepEqualTo(new int[][] {{2, 1, 0}, {0, 1, 1}, {0, 0, 1}});
        assertThat(m.total()).isEqualTo(6);
        assertThat(m.accuracy()).isEqualTo(4.0 / 6.0);
        assertThat(m.recall(0)).isEqualTo(2.0 / 3.0);
        assertThat(m.precision(1)).isEqualTo(0.5); // predicted b: one a, one b
        assertThat(m.support(1)).isEqualTo(2);
        assertThat(m.accuracy()).isEqualTo(Metrics.accuracy(new int[] {0, 0, 0, 1, 1, 2}, new int[] {0, 1, 0, 1, 2, 2}));
        assertThat(m.toString()).isEqualTo(String.join("\n",
                "true\\pred         a         b         c",
                "        a         2         1         0",
                "        b         0         1         1",
                "        c         0         0         1"));
    }

    @Test
    void rejectsClassOutOfRangeAndDuplicateNames() {
        assertThatThrownBy(() -> new ConfusionMatrix(List.of("a", "b"), new int[] {0, 2}, new int[] {0, 1}))
                .hasMessage("true class of example 1 must be in [0, 2), got 2");
        assertThatThrownBy(() -> new ConfusionMatrix(List.of("a", "a"), new int[] {0}, new int[] {0}))
                .hasMessageContaining("distinct");
    }
    @Test
    void perClassF1MacroF1AndBalancedAccuracyMatchHandComputedValues() {
        // truth:     a a a b b c      counts (rows = truth)  a b c
        // predicted: a b a b c c                          a  2 1 0
        //                                                 b  0 1 1
        //                                                 c  0 0 1
        // a: tp 2, support 3, predicted 2: P = 1,   R = 2/3, F1 = 2*2 / (3 + 2) = 4/5
        // b: tp 1, support 2, predicted 2: P = 1/2, R = 1/2, F1 = 2*1 / (2 + 2) = 1/2
        // c: tp 1, support 1, predicted 2: P = 1/2, R = 1,   F1 = 2*1 / (1 + 2) = 2/3
        // macro F1 = (4/5 + 1/2 + 2/3) / 3 = (24 + 15 + 20) / 90 = 59/90
        // balanced accuracy = (2/3 + 1/2 + 1) / 3 = (4 + 3 + 6) / 18 = 13/18
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b", "c"),
                new int[] {0, 0, 0, 1, 1, 2}, new int[] {0, 1, 0, 1, 2, 2});
        assertThat(m.precision(0)).isEqualTo(1.0);
        assertThat(m.recall(2)).isEqualTo(1.0);
        assertThat(m.predicted(2)).isEqualTo(2);
        assertThat(m.f1(0)).isCloseTo(4.0 / 5.0, within(1e-15));
        assertThat(m.f1(1)).isEqualTo(0.5);
        assertThat(m.f1(2)).isCloseTo(2.0 / 3.0, within(1e-15));
        assertThat(m.macroF1()).isCloseTo(59.0 / 90.0, within(1e-15));
        assertThat(m.balancedAccuracy()).isCloseTo(13.0 / 18.0, within(1e-15));
    }

    @Test
    void aClassNeverPredictedScoresZeroNotNaNAsScikitLearnWithZeroDivisionZero() {
        // truth:     a a b b c    c is never predicted: P(c) = 0/0 -> 0, R(c) = 0/1 = 0, F1(c) = 0/(1 + 0) = 0
        // predicted: a a a b a    a: tp 2, support 2, predicted 4: F1 = 4/6 = 2/3
        //                         b: tp 1, support 2, predicted 1: F1 = 2/3
        // macro F1 = (2/3 + 2/3 + 0) / 3 = 4/9 (sklearn f1_score(average='macro', zero_division=0) 0.4444)
        // balanced accuracy = (1 + 1/2 + 0) / 3 = 1/2
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b", "c"),
                new int[] {0, 0, 1, 1, 2}, new int[] {0, 0, 0, 1, 0});
        assertThat(m.precision(2)).isEqualTo(0.0);
        assertThat(m.recall(2)).isEqualTo(0.0);
        assertThat(m.f1(2)).isEqualTo(0.0);
        assertThat(m.macroF1()).isCloseTo(4.0 / 9.0, within(1e-15));
        assertThat(m.balancedAccuracy()).isEqualTo(0.5);
    }

    @Test
    void aClassAbsentFromTruthAndPredictionsIsLeftOutOfTheAveragesAsScikitLearnLeavesItOut() {
        // truth a a b, predicted a b b; c neither: a: F1 = 2/(2 + 1) = 2/3, b: F1 = 2/(1 + 2) = 2/3
        // macro F1 over {a, b} = 2/3; balanced accuracy over {a, b} = (1/2 + 1) / 2 = 3/4
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b", "c"), new int[] {0, 0, 1}, new int[] {0, 1, 1});
        assertThat(m.f1(2)).isEqualTo(0.0);
        assertThat(m.recall(2)).isEqualTo(0.0);
        assertThat(m.macroF1()).isCloseTo(2.0 / 3.0, within(1e-15));
        assertThat(m.balancedAccuracy()).isEqualTo(0.75);
    }

    @Test
    void aClassOnlyPredictedCountsInMacroF1ButNotInBalancedAccuracy() {
        // truth a a b, predicted a c b: a: tp 1, support 2, predicted 1: F1 = 2/3; b: F1 = 1;
        // c: tp 0, support 0, predicted 1: F1 = 0/(0 + 1) = 0 -> macro F1 = (2/3 + 1 + 0) / 3 = 5/9
        // balanced accuracy leaves c out (sklearn: "y_pred contains classes not in y_true"): (1/2 + 1) / 2 = 3/4
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b", "c"), new int[] {0, 0, 1}, new int[] {0, 2, 1});
        assertThat(m.macroF1()).isCloseTo(5.0 / 9.0, within(1e-15));
        assertThat(m.balancedAccuracy()).isEqualTo(0.75);
    }

    @Test
    void anEmptyMatrixHasNaNAverages() {
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b"), new int[0], new int[0]);
        assertThat(m.macroF1()).isNaN();
        assertThat(m.balancedAccuracy()).isNaN();
        assertThat(m.f1(0)).isEqualTo(0.0);
    }

    @Test
    void sumAddsCountsMatchingClassesByName() {
        ConfusionMatrix ab = ConfusionMatrix.of(List.of("a", "b"), new int[][] {{3, 1}, {0, 2}});
        ConfusionMatrix ba = ConfusionMatrix.of(List.of("b", "a"), new int[][] {{4, 1}, {2, 5}});
        ConfusionMatrix ac = ConfusionMatrix.of(List.of("a", "c"), new int[][] {{1, 0}, {0, 1}});
        // a/a 3 + 5 + 1, a/b 1 + 2, b/a 0 + 1, b/b 2 + 4, c/c 1
        assertThat(ConfusionMatrix.sum(List.of(ab, ba, ac)))
                .isEqualTo(ConfusionMatrix.of(List.of("a", "b", "c"), new int[][] {{9, 3, 0}, {1, 6, 0}, {0, 0, 1}}));
        assertThat(ConfusionMatrix.sum(List.of(ab, ba, ac)).total()).isEqualTo(6 + 12 + 2);
        assertThat(ConfusionMatrix.sum(List.of(ab))).isEqualTo(ab);
    }

    @Test
    void ofRejectsBadShapesAndCounts() {
        assertThatThrownBy(() -> ConfusionMatrix.of(List.of("a", "b"), new int[][] {{1, 0}}))
                .hasMessage("counts must have one row per class, expected 2, found 1");
        assertThatThrownBy(() -> ConfusionMatrix.of(List.of("a", "b"), new int[][] {{1, 0}, {0}}))
                .hasMessage("row 1 of counts must have 2 entries, found 1");
        assertThatThrownBy(() -> ConfusionMatrix.of(List.of("a", "b"), new int[][] {{1, 0}, {-1, 0}}))
                .hasMessage("count (1, 0) must be >= 0, got -1");
        assertThatThrownBy(() -> ConfusionMatrix.sum(List.of()))
                .hasMessage("need at least one confusion matrix to sum, got 0");
    }
}
