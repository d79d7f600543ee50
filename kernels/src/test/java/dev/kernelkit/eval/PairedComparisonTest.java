package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PairedComparisonTest {

    // 2 folds x 2 repeats, ordered repeat by repeat.
    private static final double[] OURS = {0.5, 1.0, 0.75, 0.75};
    private static final double[] REF = {0.5, 0.5, 1.0, 0.5};

    @Test
    void differenceMeanSdAndCorrectedErrorMatchHandArithmetic() {
        PairedComparison p = PairedComparison.of(OURS, REF, 2);
        // differences 0, 0.5, -0.25, 0.25: mean 0.5 / 4 = 0.125; squared deviations 0.015625,
        // 0.140625, 0.140625, 0.015625 sum to 0.3125; sample sd sqrt(0.3125 / 3) = 0.3227486
        assertThat(p.difference().mean()).isCloseTo(0.125, within(1e-15));
        assertThat(p.difference().sd()).isCloseTo(Math.sqrt(0.3125 / 3), within(1e-15));
        assertThat(p.difference().n()).isEqualTo(4);
        // corrected se = sd sqrt(1/4 + 1/(2 - 1)) = 0.3227486 * sqrt(1.25) = 0.3608439
        assertThat(p.correctedStandardError()).isCloseTo(0.3608439, within(1e-7));
        // each side over all folds: ours mean 3 / 4 = 0.75, ref 2.5 / 4 = 0.625
        assertThat(p.ours().mean()).isCloseTo(0.75, within(1e-15));
        assertThat(p.reference().mean()).isCloseTo(0.625, within(1e-15));
    }

    @Test
    void holdOutUsesTheTestToTrainingRatio() {
        // 4 hold-out splits of 30 % test: n_test / n_train = 3 / 7; differences as above
        PairedComparison p = PairedComparison.of(OURS, REF, 1, 3.0 / 7);
        // se = 0.3227486 * sqrt(1/4 + 3/7) = 0.3227486 * sqrt(0.6785714) = 0.3227486 * 0.8237545 = 0.2658656
        assertThat(p.correctedStandardError()).isCloseTo(0.2658656, within(1e-7));
        assertThat(p.repeats()).isEqualTo(4);
        assertThat(p.line("a", "b")).contains("over 4 hold-out splits");
    }

    @Test
    void perRepeatMeansSpreadAndTieCountAsAtLeast() {
        PairedComparison p = PairedComparison.of(OURS, REF, 2);
        // repeat 1: ours (0.5 + 1) / 2 = 0.75, ref (0.5 + 0.5) / 2 = 0.5;
        // repeat 2: ours (0.75 + 0.75) / 2 = 0.75, ref (1 + 0.5) / 2 = 0.75 (a tie)
        assertThat(p.oursRepeatMeans()).containsExactly(0.75, 0.75);
        assertThat(p.referenceRepeatMeans()).containsExactly(0.5, 0.75);
        assertThat(p.differenceRepeatMeans()).containsExactly(0.25, 0.0);
        assertThat(p.repeats()).isEqualTo(2);
        assertThat(p.repeatsOursAtLeast()).isEqualTo(2);
        // spread of ref's repeat means: mean 0.625, sd sqrt(2 * 0.125^2 / 1) = 0.1767767
        assertThat(PairedComparison.spread(p.referenceRepeatMeans())).isCloseTo(0.1767767, within(1e-7));
        assertThat(PairedComparison.spread(p.oursRepeatMeans())).isZero();
        // swapped sides: reference >= ours only in the tied repeat
        assertThat(PairedComparison.of(REF, OURS, 2).repeatsOursAtLeast()).isEqualTo(1);
    }

    @Test
    void lineReportsPercentagePoints() {
        String line = PairedComparison.of(OURS, REF, 2).line("mikernel", "weka-MISMO");
        assertThat(line).contains("mikernel - weka-MISMO over 2 folds x 2 repeats: +12.50 ± 32.27")
                .contains("corrected se 36.08").contains("in 2/2 repeats").contains("[+25.00 +0.00]");
    }

    @Test
    void twoRunsOnTheSameSplitsCompareAndOtherSplitsAreRefused() {
        Resampling cv = Resampling.stratifiedKFold(3, 2, 4);
        Evaluation a = ModelSelection.crossValidation(cv, TestLearners.svm(0.5, 1)).run(ModelSelectionTest.BLOBS);
        Evaluation b = ModelSelection.crossValidation(cv, TestLearners.svm(5, 0.1)).run(ModelSelectionTest.BLOBS);
        PairedComparison p = PairedComparison.of(a, b);
        PairedComparison byHand = PairedComparison.of(a.scores(), b.scores(), 3);
        assertThat(p.correctedStandardError()).isEqualTo(byHand.correctedStandardError());
        assertThat(p.testTrainRatio()).isEqualTo(0.5);
        assertThat(p.difference()).isEqualTo(byHand.difference());
        Evaluation other = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 2, 5), TestLearners.svm(5, 0.1))
                .run(ModelSelectionTest.BLOBS);
        assertThatThrownBy(() -> PairedComparison.of(a, other)).hasMessageStartingWith("a paired comparison needs the same splits");
        // hold-out: the mean test / training ratio of the splits, here 18 / 42
        Resampling ho = Resampling.stratifiedHoldOut(0.7, 3, 1);
        PairedComparison h = PairedComparison.of(
                ModelSelection.crossValidation(ho, TestLearners.svm(0.5, 1)).run(ModelSelectionTest.BLOBS),
                ModelSelection.crossValidation(ho, TestLearners.svm(5, 0.1)).run(ModelSelectionTest.BLOBS));
        assertThat(h.testTrainRatio()).isCloseTo(18.0 / 42, within(1e-15));
    }

    @Test
    void rejectsUnpairedOrRaggedFolds() {
        assertThatThrownBy(() -> PairedComparison.of(new double[] {1, 0, 1}, new double[] {1, 0}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same folds");
        assertThatThrownBy(() -> PairedComparison.of(new double[] {1, 0, 1}, new double[] {1, 0, 1}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a positive multiple of 2");
        assertThatThrownBy(() -> PairedComparison.of(new double[] {1}, new double[] {1}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("folds must be >= 2, got 1");
        assertThatThrownBy(() -> PairedComparison.of(new double[] {1}, new double[] {1}, 1, 0))
                .hasMessage("testTrainRatio must be finite and > 0, got 0.0");
    }
}
