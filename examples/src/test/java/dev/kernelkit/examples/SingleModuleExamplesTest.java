package dev.kernelkit.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.cvm.CvmMachine;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.prototypes.ImkplModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every single-module example main on a small problem and checks what it claims to show. */
class SingleModuleExamplesTest {

    @Test
    void svmExampleSavesAModelThatLoadsWithIdenticalDecisionsAndCrossValidatesAboveNinetyPercent(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("svm.model");
        SvmExample.Result r = SvmExample.run(200, file, 1);
        assertThat(Files.size(file)).isPositive();
        assertThat(r.loadedLearner()).isEqualTo("svm");
        assertThat(r.reloadDifference()).isZero();
        // two moons at noise 0.2 with a Gaussian SVM: a few points wrong; chance is 0.5
        assertThat(r.testAccuracy()).isGreaterThan(0.9);
        assertThat(r.crossValidation().folds()).hasSize(10);
        assertThat(r.crossValidation().summary().mean()).isGreaterThan(0.9);
        assertThat(r.nested().folds()).hasSize(5);
        for (OuterFold f : r.nested().folds()) {
            assertThat(f.chosen().number("gamma")).isIn(0.1, 0.5, 2.0);
            assertThat(f.chosen().number("C")).isIn(1.0, 10.0, 100.0);
        }
        assertThat(r.nested().summary().mean()).isGreaterThan(0.9);
    }

    @Test
    void everyMiBaselineLearnsTheRingProblemAndTheSparseOnesPredictWithTenKernelEvaluations() {
        List<MiBaselinesExample.Row> rows = MiBaselinesExample.run(30, 1);
        assertThat(rows).extracting(MiBaselinesExample.Row::learner)
                .containsExactly("mikernel", "mi-SVM", "MI-SVM", "miles", "cccp", "rs", "rsvm", "sparse-mi");
        for (MiBaselinesExample.Row row : rows) {
            // one centre instance decides a positive bag; chance is 0.5
            assertThat(row.testAccuracy()).as(row.learner()).isGreaterThanOrEqualTo(0.8);
        }
        for (MiBaselinesExample.Row row : rows.subList(5, 8)) {
            assertThat(row.kernelEvaluationsPerInstance()).as(row.learner()).isEqualTo(10);
        }
        // MI-Kernel expands over every instance of its support bags: far more than 10
        assertThat(rows.get(0).kernelEvaluationsPerInstance()).isGreaterThan(10);
    }

    @Test
    void oneClassCvmFlagsTheAnomaliesAndAlmostNoNormalPoint() {
        OneClassCvmExample.Result r = OneClassCvmExample.run(1000, 1);
        // anomalies lie at least six cluster standard deviations from both centres
        assertThat(r.anomaliesFlagged()).isGreaterThanOrEqualTo(0.95);
        assertThat(r.normalFlagged()).isLessThanOrEqualTo(0.05);
        assertThat(r.trainingFlagged()).isLessThanOrEqualTo(0.05);
        // the ball is described by a small part of the data
        assertThat(r.supportVectors()).isLessThan(r.trainingSize() / 5);
        assertThat(r.model().predictName(dev.kernelkit.data.DenseVec.of(-2, 0))).isEqualTo("inlier");
    }

    @Test
    void coreVectorRegressionRecoversTheSincFunctionToWellBelowTheNoise() {
        CoreVectorRegressionExample.Result r = CoreVectorRegressionExample.run(400, 1);
        // targets carry N(0, 0.1^2) noise: the error to noisy targets cannot be far below 0.1, the error to the
        // noise-free function should be well below it, and far below the constant predictor's (sd of sinc on [-3, 3])
        assertThat(r.rmseToNoisy()).isBetween(0.08, 0.13);
        assertThat(r.rmseToTruth()).isLessThan(0.05);
        assertThat(r.rmseOfMean()).isGreaterThan(0.3);
        assertThat(r.coreVectors()).isLessThan(r.trainingSize());
        assertThat(r.model().predict(dev.kernelkit.data.DenseVec.of(0))).isCloseTo(1.0, within(0.1));
    }

    @Test
    void sparseMiMovesItsExpansionVectorFromTheRingToTheCentreWithAMonotoneObjective() {
        SparseMiExample.Result r = SparseMiExample.run(20, 3);
        assertThat(norm(r.start())).isGreaterThan(1.9);
        // the positive instances are N(0, 0.3^2 I) around the centre
        assertThat(norm(r.expansionVector())).isLessThan(0.5);
        double[] g = r.objectives();
        assertThat(g.length).isGreaterThan(1);
        for (int i = 1; i < g.length; i++) {
            assertThat(g[i]).as("g(Z) at iteration %d", i).isLessThanOrEqualTo(g[i - 1] * (1 + 1e-12));
        }
        assertThat(r.trainingAccuracy()).isGreaterThanOrEqualTo(0.95);
        assertThat(r.model().kernelEvaluationsPerInstance()).isEqualTo(1);
    }

    @Test
    void imkplClassifiesTheChannelsIgnoresTheConstantOnesAndExplainsWithTrainingSamples() {
        PrototypeExample.Result r = PrototypeExample.run(25, 11);
        // 4 classes: chance is 0.25
        assertThat(r.accuracy()).isGreaterThan(0.8);
        double[] w = r.channelWeights();
        assertThat(w).hasSize(9);
        assertThat(Arrays.stream(w).sum()).isCloseTo(1.0, within(1e-9));
        // channels 8 and 9 are the same sine for every class: no weight
        assertThat(w[7] + w[8]).isLessThan(1e-9);
        ImkplModel.Explanation why = r.explanation();
        assertThat(why.prototypes()).isNotEmpty();
        for (ImkplModel.PrototypeUse p : why.prototypes()) {
            for (ImkplModel.Constituent c : p.constituents()) {
                assertThat(c.trainingIndex()).isBetween(0, r.trainingSize() - 1);
                assertThat(c.label()).isIn(1.0, 2.0, 3.0, 4.0);
            }
        }
        assertThat(why.predicted()).isIn(1.0, 2.0, 3.0, 4.0);
    }

    @Test
    void sm1MklSeparatesTheMoonsAndGivesTheNoiseOnlyKernelsAlmostNoWeight() {
        SoftMarginMklExample.Result r = SoftMarginMklExample.run(200, 1);
        assertThat(r.testAccuracy()).isGreaterThan(0.85);
        double[] mu = r.mu();
        assertThat(Arrays.stream(mu).sum()).isCloseTo(1.0, within(1e-6));
        double noiseOnly = 0;
        for (int m = 0; m < mu.length; m++) {
            assertThat(mu[m]).isLessThanOrEqualTo(r.theta() + 1e-9);
            Kernel<Vec> k = r.kernels().kernel(m);
            if (k instanceof SingleFeatureKernel s && s.feature() >= 2) {
                noiseOnly += mu[m];
            }
        }
        // 26 kernels read only feature 3 or 4 (pure noise): together under 1 % of the weight
        assertThat(noiseOnly).isLessThan(0.01);
        double[] obj = r.objectives();
        assertThat(obj[obj.length - 1]).isLessThan(obj[0]);
    }

    @Test
    void theCoreVectorMachineLearnsTheCheckerboardFromASmallCoreSet() {
        CoreVectorMachineExample.Result r = CoreVectorMachineExample.run(4000, 2000, 1);
        assertThat(r.testAccuracy()).isGreaterThan(0.95);
        CvmMachine<Vec> m = r.machine();
        assertThat(m.coreSize()).isLessThan(r.trainingSize() / 4);
        assertThat(r.jmlrCoreVectors()).isPositive();
    }

    @Test
    void theCheapMainsRunWithoutArgumentsAndPrintWhatTheyShow() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            SvmExample.main(new String[0]);
            OneClassCvmExample.main(new String[0]);
            CoreVectorRegressionExample.main(new String[0]);
            SparseMiExample.main(new String[0]);
            PrototypeExample.main(new String[0]);
            SoftMarginMklExample.main(new String[0]);
        } finally {
            System.setOut(old);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        for (String s : Set.of("test accuracy of the loaded model", "nested 5-fold CV", "of the anomalies",
                "to the noise-free sinc", "expansion vector:", "channel weights:", "kernels selected (mu > 1e-5)")) {
            assertThat(out).contains(s);
        }
    }

    private static double norm(Vec v) {
        double s = 0;
        for (int j = 0; j < v.dim(); j++) {
            s += v.get(j) * v.get(j);
        }
        return Math.sqrt(s);
    }
}
