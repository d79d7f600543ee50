package dev.kernelkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.mi.LearnedKernelForSparseMi;
import dev.kernelkit.mi.SparseMiOnLearnedKernel;
import dev.kernelkit.mi.SparseMiOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Runs the composition-5 example (SM1MKL's per-feature kernel, then SparseMI) on its small problem. */
class SparseMiOnLearnedKernelExampleTest {

    @Test
    void sm1MklPutsItsWeightOnTheTwoFeaturesThatCarryTheClass() {
        BagDataset raw = SparseMiOnLearnedKernelExample.relevantAmongNoise(20, 8, 1);
        BagDataset data = FeatureScaling.STANDARD.fit(raw).apply(raw);
        SparseMiOnLearnedKernel.Fit fit = SparseMiOnLearnedKernel.fit(data,
                SparseMiOnLearnedKernelExample.sm1Mkl(data.dim()), new LearnedKernel.Average(),
                LearnedKernelForSparseMi.Form.LEARNED, SparseMiOptions.defaults().withC(10).withExpansionVectors(5),
                FitListener.SILENT);
        double[] w = fit.learned().featureWeights();
        // features 0 and 1 hold the witnesses, 2..9 are noise: they carry more weight than all eight noise ones
        double noise = 0;
        for (int f = 2; f < w.length; f++) {
            noise += w[f];
        }
        assertThat(w[0] + w[1]).isGreaterThan(noise);
        // the fitted SparseMI model separates the training bags better than chance (0.5)
        int correct = 0;
        for (int i = 0; i < data.size(); i++) {
            correct += fit.model().predict(data.bag(i)) == data.label(i) ? 1 : 0;
        }
        assertThat((double) correct / data.size()).isGreaterThan(0.8);
    }

    @Test
    void theComparisonRunsOnTheSmallProblemAndTheWeightedKernelsBeatChance() {
        BagDataset data = SparseMiOnLearnedKernelExample.relevantAmongNoise(20, 8, 2);
        SparseMiOnLearnedKernelExample.Result r = SparseMiOnLearnedKernelExample.run(data, 4, 1, 3, false, false);
        for (SparseMiOnLearnedKernelExample.Row row : new SparseMiOnLearnedKernelExample.Row[] {r.gaussian(),
                r.learned(), r.weighted()}) {
            assertThat(row.evaluation().scores()).as(row.method()).hasSize(4);
        }
        // two classes of 20 bags: chance is 0.5; the kernels that weigh the two class features are well above it
        assertThat(r.learned().evaluation().summary().mean()).isGreaterThan(0.7);
        assertThat(r.weighted().evaluation().summary().mean()).isGreaterThan(0.7);
        // the paired comparisons are on the same folds
        assertThat(r.learnedVsGaussian().reference().mean()).isEqualTo(r.gaussian().evaluation().summary().mean());
    }

    @Test
    void theMainRunsWithoutArguments() throws Exception {
        PrintStream old = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            SparseMiOnLearnedKernelExample.main(new String[0]);
        } finally {
            System.setOut(old);
            System.setErr(oldErr);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("SparseMI, one Gaussian:").contains("SparseMI, SM1MKL's learned kernel:")
                .contains("paired learned - gaussian");
    }
}
