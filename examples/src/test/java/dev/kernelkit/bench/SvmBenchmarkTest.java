package dev.kernelkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The SVM benchmark on a small synthetic sparse problem: both solvers must agree. */
class SvmBenchmarkTest {

    /** Sparse binary-valued points (a9a-like): label from a noisy linear rule on the active features. */
    static LabeledDataset sparseBinary(int n, int d, long seed) {
        SplittableRandom weights = new SplittableRandom(99); // the same rule for train and test
        double[] w = new double[d];
        for (int k = 0; k < d; k++) {
            w[k] = weights.nextGaussian();
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int[] idx = rnd.ints(0, d).distinct().limit(3 + rnd.nextInt(5)).sorted().toArray();
            double[] v = new double[idx.length];
            double s = 0;
            for (int p = 0; p < idx.length; p++) {
                v[p] = 1.0;
                s += w[idx[p]];
            }
            x.add(new SparseVec(d, idx, v));
            y[i] = s + 0.7 * rnd.nextGaussian() > 0 ? 1 : -1;
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void oursAndLibsvmReachTheSameObjectiveAndAccuracy() {
        LabeledDataset train = sparseBinary(3000, 40, 1);
        LabeledDataset test = sparseBinary(1000, 40, 2);
        SvmBenchmark.Result r = SvmBenchmark.run(new SvmBenchmark.Options(train, test, 0.2, 1.0, 20, 1e-3));
        assertThat(r.objectiveRelativeDifference()).isLessThan(1e-3);
        assertThat(Math.abs(r.accuracyOurs() - r.accuracyLibsvm())).isLessThanOrEqualTo(1e-3);
        assertThat(r.accuracyOurs()).isGreaterThan(0.7);
        assertThat(Math.abs(r.supportVectorsOurs() - r.supportVectorsLibsvm()))
                .isLessThanOrEqualTo(r.supportVectorsLibsvm() / 100 + 2);
        assertThat(r.oursSeconds()).isPositive();
        assertThat(r.libsvmSeconds()).isPositive();
        assertThat(r.iterationsLibsvm()).isPositive();
        assertThat(r.toMap()).containsKeys("ours_seconds", "libsvm_seconds", "accuracy_ours", "accuracy_libsvm",
                "objective_ours", "objective_libsvm");
    }

    @Test
    void withoutTestDataAccuraciesAreNaN() {
        SvmBenchmark.Result r = SvmBenchmark.run(new SvmBenchmark.Options(sparseBinary(200, 10, 3), null, 0.5, 1,
                10, 1e-3));
        assertThat(r.accuracyOurs()).isNaN();
        assertThat(r.accuracyLibsvm()).isNaN();
        assertThat(r.objectiveRelativeDifference()).isLessThan(1e-3);
    }

    @Test
    void invalidOptionsAreRejected() {
        LabeledDataset train = sparseBinary(20, 12, 4);
        assertThatThrownBy(() -> new SvmBenchmark.Options(train, null, -1, 1, 10, 1e-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("gamma must be > 0 and finite, got -1.0");
        assertThatThrownBy(() -> new SvmBenchmark.Options(train, null, 1, 0, 10, 1e-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("c must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> new SvmBenchmark.Options(train.withLabels(new double[20]), null, 1, 1, 10, 1e-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("train labels must be +1/-1, got classes [0.0]");
    }
}
