package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResamplingTest {

    /** Three classes with labels 3, -1, 7 (unsorted, non-contiguous), sizes 12, 9, 6. */
    static LabeledDataset threeClasses() {
        List<Vec> x = TestData.randomDense(27, 2, 5);
        double[] y = new double[27];
        for (int i = 0; i < 27; i++) {
            y[i] = i < 12 ? 3 : (i < 21 ? -1 : 7);
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void repeatROfARepeatedCvEqualsTheSingleCvSeededSeedPlusR() {
        LabeledDataset d = threeClasses();
        List<Splits.Split> all = Resampling.stratifiedKFold(4, 3, 17).splits(d);
        assertThat(all).hasSize(12);
        for (int r = 0; r < 3; r++) {
            List<Splits.Split> single = Resampling.stratifiedKFold(4, 1, 17 + r).splits(d);
            assertThat(all.subList(4 * r, 4 * r + 4)).isEqualTo(single);
            // and the splits mi-sparse and the CLI draw from the raw labels
            assertThat(single).isEqualTo(Splits.stratifiedKFold(d.labels(), 4, 17 + r));
        }
        // plain cross-validation: the scores of repeat r are those of the single run seeded seed + r
        Evaluation repeated = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 3, 40),
                TestLearners.svm(0.5, 1)).run(ModelSelectionTest.BLOBS);
        for (int r = 0; r < 3; r++) {
            Evaluation single = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 40 + r),
                    TestLearners.svm(0.5, 1)).run(ModelSelectionTest.BLOBS);
            for (int f = 0; f < 3; f++) {
                assertThat(repeated.folds().get(3 * r + f).score()).isEqualTo(single.folds().get(f).score());
            }
            assertThat(repeated.repeatMeans()[r]).isEqualTo(single.repeatMeans()[0]);
        }
    }

    @Test
    void bagsSplitByTheirIntLabelsAndHoldOutsFollowSplits() {
        BagDataset bags = ModelSelectionTest.BAGS;
        assertThat(Resampling.stratifiedKFold(3, 2, 9).splits(bags))
                .isEqualTo(Splits.repeatedStratifiedKFold(bags.labels(), 3, 2, 9));
        LabeledDataset d = threeClasses();
        assertThat(Resampling.stratifiedHoldOut(0.7, 4, 2).splits(d))
                .isEqualTo(Splits.repeatedStratifiedHoldOut(d.labels(), 0.7, 4, 2));
        assertThat(Resampling.holdOut(0.6, 2, 3).splits(d)).isEqualTo(Splits.repeatedHoldOut(27, 0.6, 2, 3));
        assertThat(Resampling.kFold(4, 2, 3).splits(d)).isEqualTo(Splits.repeatedKFold(27, 4, 2, 3));
        assertThat(Resampling.stratifiedHoldOut(0.7, 4, 2).splitsPerRepeat()).isEqualTo(1);
        assertThat(Resampling.stratifiedHoldOut(0.7, 4, 2).size()).isEqualTo(4);
        assertThat(Resampling.stratifiedKFold(10, 10, 1)).hasToString("stratified 10-fold CV x 10 repeats, seed 1");
    }

    @Test
    void innerPartitionsAreSeededLikeMiSparse() {
        LabeledDataset d = threeClasses();
        long seed = 5;
        for (int s = 0; s < 3; s++) {
            List<Splits.Split> inner = InnerSplits.stratifiedKFold(3, 2, SeedRule.affine(seed + 7919, 7919), 104729)
                    .splits(d, s);
            // MiCrossValidation.innerSplits(labels, seed + 7919 (s + 1), 2) written out
            List<Splits.Split> hand = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                hand.addAll(Splits.stratifiedKFold(d.labels(), 3, seed + 7919L * (s + 1) + 104729L * r));
            }
            assertThat(inner).isEqualTo(hand);
        }
        // the affine rule equals seed + step (s + 1) even when the sum wraps around
        long big = Long.MAX_VALUE - 3;
        assertThat(SeedRule.affine(big + 1000, 1000).seed(7)).isEqualTo(big + 1000L * (7 + 1));
        assertThat(SeedRule.constant(9).seed(123)).isEqualTo(9);
        assertThat(SeedRule.affine(1000, 1)).hasToString("1000 + 1 s");
    }

    @Test
    void badSplitsAreRefusedNamingTheParameterAndValue() {
        LabeledDataset d = threeClasses();
        assertThatThrownBy(() -> Resampling.stratifiedKFold(1, 1, 1)).hasMessage("folds must be >= 2, got 1");
        assertThatThrownBy(() -> Resampling.stratifiedKFold(2, 0, 1)).hasMessage("repeats must be >= 1, got 0");
        assertThatThrownBy(() -> Resampling.stratifiedHoldOut(1.0, 1, 1)).hasMessage("trainFraction must be in (0, 1), got 1.0");
        assertThatThrownBy(() -> Resampling.stratifiedKFold(7, 1, 1).splits(d))
                .hasMessageStartingWith("folds = 7 exceeds the 6 examples of class '7'");
        assertThatThrownBy(() -> Resampling.kFold(28, 1, 1).splits(d))
                .hasMessageStartingWith("folds = 28 exceeds the 27 examples");
        assertThatThrownBy(() -> Resampling.of(List.of(), 1)).hasMessage("splits: need at least one outer split, got 0");
        List<Splits.Split> two = Splits.stratifiedKFold(d.labels(), 2, 1);
        assertThatThrownBy(() -> Resampling.of(two, 3))
                .hasMessage("splitsPerRepeat must be >= 1 and divide the 2 splits, got 3");
        assertThatThrownBy(() -> Resampling.of(two, 2).splits(d.subset(new int[] {0, 1, 2})))
                .hasMessageContaining("holds index").hasMessageContaining("the data have 3 examples");
        LabeledDataset oneOfAClass = new LabeledDataset(TestData.randomDense(5, 2, 1), new double[] {1, 1, 1, 2, 1});
        assertThatThrownBy(() -> Resampling.stratifiedHoldOut(0.5, 1, 1).splits(oneOfAClass))
                .hasMessageStartingWith("class '2' has 1 example");
        assertThatThrownBy(() -> InnerSplits.stratifiedKFold(1, SeedRule.constant(1))).hasMessage("inner folds must be >= 2, got 1");
        assertThatThrownBy(() -> InnerSplits.stratifiedKFold(3, 0, SeedRule.constant(1), 1))
                .hasMessage("inner partitions must be >= 1, got 0");
        assertThatThrownBy(() -> InnerSplits.stratifiedKFold(7, SeedRule.constant(1)).splits(d, 4))
                .hasMessage("inner folds = 7 exceeds the 6 examples of class '7': a stratified fold needs one of each "
                        + "class (the training part of outer split 4)");
    }
}
