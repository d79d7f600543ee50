package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MiCrossValidationTest {

    @Test
    void sparseMiSolvesTheRingProblemOnHeldOutFolds() {
        BagDataset data = SyntheticData.ringBags(20, 4, 8, 9);
        MiCrossValidation.Result r = MiCrossValidation.run(data,
                (train, gamma, c) -> SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c)
                        .withExpansionVectors(2)), 5, 1, 3, new double[] {0.5}, new double[] {10});
        assertThat(r.accuracies()).hasSize(5);
        assertThat(r.accuracy().mean()).isGreaterThanOrEqualTo(0.95);
        assertThat(r.kernelEvaluationsPerInstance()).isEqualTo(2.0);
        assertThat(r.gammas()).containsOnly(0.5);
    }

    @Test
    void tuningSeesOnlyTrainingBagsAndPicksFromTheGrid() {
        BagDataset data = SyntheticData.ringBags(12, 3, 5, 10);
        Set<String> seenByLearner = new HashSet<>();
        int[] fits = {0};
        MiCrossValidation.Learner recording = (train, gamma, c) -> {
            fits[0]++;
            train.bags().forEach(b -> seenByLearner.add(b.id()));
            assertThat(train.size()).isLessThan(data.size());
            return SparseMi.fit(train, SparseMiOptions.defaults().withGamma(gamma).withC(c).withExpansionVectors(1)
                    .withMaxIterations(5));
        };
        MiCrossValidation.Result r = MiCrossValidation.run(data, recording, 3, 1, 4, new double[] {0.1, 1},
                new double[] {1, 10});
        // 3 outer folds x (4 grid points x 3 inner folds + 1 final fit) = 39 fits.
        assertThat(fits[0]).isEqualTo(39);
        for (double g : r.gammas()) {
            assertThat(g).isIn(0.1, 1.0);
        }
        for (double c : r.cs()) {
            assertThat(c).isIn(1.0, 10.0);
        }
        assertThat(seenByLearner).hasSize(data.size());
    }

    @Test
    void emptyGridIsAnError() {
        BagDataset data = SyntheticData.ringBags(6, 3, 5, 10);
        assertThatThrownBy(() -> MiCrossValidation.run(data, (t, g, c) -> null, 3, 1, 1, new double[0],
                new double[] {1})).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 gammas");
    }

    @Test
    void accuracyCountsCorrectBags() {
        BagDataset data = SyntheticData.ringBags(5, 3, 5, 10);
        BagClassifier alwaysPositive = new BagClassifier() {
            @Override
            public int predict(Bag bag) {
                return 1;
            }

            @Override
            public int kernelEvaluationsPerInstance() {
                return 0;
            }
        };
        // 5 positive bags of 10: accuracy 0.5.
        assertThat(MiCrossValidation.accuracy(alwaysPositive, data)).isEqualTo(0.5);
    }
}
