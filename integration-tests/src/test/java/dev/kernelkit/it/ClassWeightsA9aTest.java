package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.eval.ConfusionMatrix;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.RealData;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Class weights on real imbalanced data: a9a (24 % positive), a seeded 8,000-row subsample of the training
 * file (seed 1), the whole test file (16,281 rows), the Gaussian SVM at the benchmarks' LIBSVM setting
 * (gamma 0.05, C 1). {@code class-weight=balanced} (w_+ = n / (2 n_+), w_- = n / (2 n_-)) must give a higher
 * balanced accuracy on the test file than the unweighted SVM at the same C and gamma. Needs
 * {@code KERNELKIT_DATA}; skipped otherwise.
 */
class ClassWeightsA9aTest {
    private static final double GAMMA = 0.05;
    private static final double C = 1.0;
    private static final int TRAIN_ROWS = 8000;

    /** {@code rows} indices of [0, n) drawn without replacement by a seeded shuffle, in increasing order. */
    static int[] subsample(int n, int rows, long seed) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < rows; i++) {
            int j = i + rnd.nextInt(n - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        int[] out = Arrays.copyOf(idx, rows);
        Arrays.sort(out);
        return out;
    }

    @Test
    void balancedClassWeightsRaiseTheTestBalancedAccuracyOnA9a() throws Exception {
        LabeledDataset all = LibsvmFormat.read(RealData.file("a9a/a9a.libsvm"));
        LabeledDataset test = LibsvmFormat.read(RealData.file("a9a/a9a.t.libsvm"), all.dim());
        LabeledDataset train = all.subset(subsample(all.size(), TRAIN_ROWS, 1));
        assertThat(test.classNames()).isEqualTo(train.classNames());
        SvmOptions plain = SvmOptions.of(new GaussianKernel(GAMMA)).withC(C);
        ConfusionMatrix unweighted = score(Svm.fit(train, plain), test);
        ConfusionMatrix balanced = score(Svm.fit(train, plain.withClassWeights(ClassWeights.BALANCED)), test);
        System.out.printf("a9a %d train rows (seed 1) / %d test rows, gamma %s, C %s: train class counts %s;%n"
                        + "  unweighted: balanced accuracy %.4f, accuracy %.4f, counts %s%n"
                        + "  balanced:   balanced accuracy %.4f, accuracy %.4f, counts %s%n",
                train.size(), test.size(), GAMMA, C, Arrays.toString(train.classCounts()),
                unweighted.balancedAccuracy(), unweighted.accuracy(), Arrays.deepToString(unweighted.counts()),
                balanced.balancedAccuracy(), balanced.accuracy(), Arrays.deepToString(balanced.counts()));
        assertThat(balanced.balancedAccuracy()).isGreaterThan(unweighted.balancedAccuracy());
    }

    private static ConfusionMatrix score(SvmModel model, LabeledDataset test) {
        return new ConfusionMatrix(test.classNames(), test.classIndices(), Metrics.predictions(model, test));
    }
}
