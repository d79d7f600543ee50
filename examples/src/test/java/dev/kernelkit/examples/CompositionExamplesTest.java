package dev.kernelkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs every composition example on a small problem, so that none of them can rot. */
class CompositionExamplesTest {

    @Test
    void learnedKernelFromSm1MklTrainsAnSvmAndACvmThatSeparateTheMoonsAndIgnoresTheNoiseFeatures() {
        LearnedKernelExample.Result r = LearnedKernelExample.run(150, 3, 1);
        // two moons at noise 0.15 are separable up to a few points; chance is 0.5
        assertThat(r.mklAccuracy()).isGreaterThan(0.9);
        assertThat(r.svmAccuracy()).isGreaterThan(0.9);
        assertThat(r.cvmAccuracy()).isGreaterThan(0.9);
        // the kernel weight on the two moon features outweighs that on the three noise features together
        double[] w = r.kernel().featureWeights();
        assertThat(w[0] + w[1]).isGreaterThan(w[2] + w[3] + w[4]);
    }

    @Test
    void kernelLearningOnASubsampleThenACvmOnAllPointsLearnsTheCheckerboard() {
        LabeledDataset train = SyntheticData.checkerboard(3000, 4, 1);
        LabeledDataset test = SyntheticData.checkerboard(1000, 4, 2);
        KernelLearningAtScaleExample.Result r = KernelLearningAtScaleExample.run(train, test, 300, 100.0, 1);
        assertThat(r.subsample()).isEqualTo(300);
        // a 4 x 4 checkerboard without label noise: a Gaussian machine on 3000 points gets well above 90 %
        assertThat(r.composedAccuracy()).isGreaterThan(0.9);
        assertThat(r.gaussianAccuracy()).isGreaterThan(0.9);
        assertThat(r.kernel().dim()).isEqualTo(2);
    }

    @Test
    void imkplKeepsTheInformativeFeaturesAndAnSvmOnThemBeatsChance() {
        LabeledDataset data = SelectFeaturesThenSvmExample.informativeAmongNoise(4, 30, 8, 200, 1);
        List<SelectFeaturesThenSvmExample.Row> rows = SelectFeaturesThenSvmExample.run(data, 1, 3, new int[] {8}, 10, 1);
        assertThat(rows).hasSize(1);
        SelectFeaturesThenSvmExample.Row r = rows.get(0);
        assertThat(r.kept()).hasSize(8);
        // features 0..7 carry the class, 8..199 are noise: most kept ones are informative
        long informative = Arrays.stream(r.kept()).filter(f -> f < 8).count();
        assertThat(informative).isGreaterThanOrEqualTo(6);
        // 4 classes: chance is 0.25
        assertThat(r.keptFeaturesSvmAccuracy()).isGreaterThan(0.8);
        assertThat(r.learnedKernelSvmAccuracy()).isGreaterThan(0.8);
        // 8 features drawn at random are almost all noise: the same SVM on them stays near chance
        assertThat(r.randomFeaturesSvmAccuracy()).isLessThan(r.keptFeaturesSvmAccuracy() - 0.3);
    }

    @Test
    void randomFeaturesAreDistinctAscendingAndSeeded() {
        int[] a = SelectFeaturesThenSvmExample.randomFeatures(50, 10, 3);
        assertThat(a).hasSize(10).isSorted().doesNotHaveDuplicates();
        assertThat(Arrays.stream(a).allMatch(f -> f >= 0 && f < 50)).isTrue();
        assertThat(SelectFeaturesThenSvmExample.randomFeatures(50, 10, 3)).containsExactly(a);
        assertThat(SelectFeaturesThenSvmExample.randomFeatures(5, 5, 3)).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void theMainsRunWithoutArguments() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            LearnedKernelExample.main(new String[0]);
            SelectFeaturesThenSvmExample.main(new String[0]);
        } finally {
            System.setOut(old);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("test accuracy: SM1MKL").contains("svm-kept-features");
    }
}
