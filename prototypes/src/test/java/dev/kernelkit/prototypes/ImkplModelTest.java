package dev.kernelkit.prototypes;

import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitListener;
import java.io.IOException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ImkplModelTest {

    /**
     * Three tight clusters (jitter 1e-3) far apart on the diagonal, so that every single feature
     * separates them (the β-step may keep a single per-feature kernel): trivially separable.
     */
    static LabeledDataset tightClusters(int perClass, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] centres = {{0, 0}, {5, 5}, {10, 10}};
        List<Vec> x = new ArrayList<>();
        double[] y = new double[perClass * centres.length];
        int i = 0;
        for (int q = 0; q < centres.length; q++) {
            for (int r = 0; r < perClass; r++) {
                x.add(DenseVec.of(centres[q][0] + 1e-3 * rnd.nextGaussian(), centres[q][1] + 1e-3 * rnd.nextGaussian()));
                y[i++] = q + 1;
            }
        }
        return new LabeledDataset(x, y);
    }

    @Test
    void triviallySeparableToySetGivesFullAccuracyIpAndDr() {
        LabeledDataset train = tightClusters(10, 1);
        LabeledDataset test = tightClusters(6, 2);
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(2, 0.2, 0.2, 0.2));
        assertThat(Metrics.accuracy(test.labels(), model.predictLabels(test.points()))).isEqualTo(1.0);
        assertThat(PrototypeMeasures.discrimination(model, test)).isEqualTo(1.0);
        assertThat(PrototypeMeasures.ownClassCodeMass(model, PrototypeMeasures.codes(model, test), test.labels()))
                .isEqualTo(1.0);
        // IP: every prototype is pure (factor 1); exp(-S_j) < 1 only by the 1e-3 jitter.
        assertThat(PrototypeMeasures.interpretability(model)).isGreaterThan(0.995);
        for (int j = 0; j < model.prototypeCount(); j++) {
            double[] mass = model.classMass(j);
            assertThat(mass[model.prototypeClass(j)]).isEqualTo(Arrays.stream(mass).sum());
        }
    }

    @Test
    void ownClassCodeMassAveragesEachPointsOwnShareAndSkipsEmptyCodesByHand() {
        ImkplModel model = Imkpl.fit(tightClusters(10, 1), ImkplOptions.of(2, 0.2, 0.2, 0.2));
        double[] classes = model.classValues();
        int k = model.prototypeCount();
        int a = -1;
        int b = -1;
        for (int j = 0; j < k; j++) {
            if (model.prototypeClass(j) == 0 && a < 0) {
                a = j;
            } else if (model.prototypeClass(j) == 1 && b < 0) {
                b = j;
            }
        }
        double[][] codes = new double[3][k];
        codes[0][a] = 3;   // a point of class 0: 3 of its 4 units on a class-0 prototype
        codes[0][b] = 1;
        codes[1][b] = 2;   // a point of class 1 coded by a class-1 prototype only
        double[] labels = {classes[0], classes[1], classes[0]};   // the third code is 0: left out
        assertThat(PrototypeMeasures.ownClassCodeMass(model, codes, labels)).isCloseTo((0.75 + 1.0) / 2, within(1e-15));
        assertThat(PrototypeMeasures.meanCodeSize(codes)).isEqualTo(1.0);
        assertThatThrownBy(() -> PrototypeMeasures.ownClassCodeMass(model, codes, new double[] {classes[0]}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("equal size");
        assertThatThrownBy(() -> PrototypeMeasures.ownClassCodeMass(model, codes, new double[] {classes[0], 42, classes[0]}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("label 42.0 of test point 1");
    }

    @Test
    void synthetic75RejectsConstantAndReplicatedChannels() {
        LabeledDataset all = SyntheticChannels.generate(25, 11);
        var split = Splits.repeatedStratifiedHoldOut(all.labels(), 0.7, 1, 12).get(0);
        LabeledDataset train = all.subset(split.train());
        LabeledDataset test = all.subset(split.test());
        MultipleKernel kernels = MultipleKernel.gaussianPerGroup(train.points(), SyntheticChannels.channelGroups());
        // SIMPLEX_LP: with M = 9 kernels and k = 12 prototypes the default NORMALISED_LP's feasible set
        // collapses to the current beta (spec §4.3, M <= k + 1), so it cannot select channels here.
        ImkplOptions o = ImkplOptions.of(3, 0.2, 0.1, 0.2).withBetaStep(ImkplOptions.BetaStep.SIMPLEX_LP);
        ImkplModel model = Imkpl.fit(train, kernels, o, FitListener.SILENT);
        double[] beta = model.kernelWeights();
        double acc = Metrics.accuracy(test.labels(), model.predictLabels(test.points()));
        System.out.printf("synthetic: beta=%s acc=%.3f iters=%d%n", Arrays.toString(beta), acc,
                model.objectiveHistory().length - 1);
        double[] hist = model.objectiveHistory();
        for (int it = 1; it < hist.length; it++) {
            assertThat(hist[it]).as("J never increases across iterations").isLessThanOrEqualTo(hist[it - 1] * (1 + 1e-9));
        }
        assertThat(model.converged()).isTrue();
        assertThat(beta[7]).isZero();
        assertThat(beta[8]).isZero();
        assertThat(beta[0] > 1e-6 && beta[5] > 1e-6).as("both of channels 1 and 6").isFalse();
        assertThat(beta[2] > 1e-6 && beta[6] > 1e-6).as("both of channels 3 and 7").isFalse();
        assertThat(acc).isGreaterThanOrEqualTo(0.95);
    }

    @ParameterizedTest
    @EnumSource(value = ImkplOptions.DisForm.class, names = {"LABEL_ONLY", "LABEL_SQUARED"})
    void saveLoadRoundTripGivesIdenticalPredictionsCodesAndWeights(ImkplOptions.DisForm dis, @TempDir Path dir)
            throws Exception {
        LabeledDataset train = ImkplBlockStepsTest.blobs(10, 3, 5, 0.8, 21);
        LabeledDataset test = ImkplBlockStepsTest.blobs(5, 3, 5, 0.8, 21);
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(3, 0.1, 0.3, 0.1).withMaxIterations(5)
                .withDisForm(dis));
        Path f = dir.resolve("m.model");
        Models.save(model, f);
        ImkplModel back = Models.load(f, ImkplModel.class);
        assertThat(back.kernelWeights()).containsExactly(model.kernelWeights());
        assertThat(back.options()).isEqualTo(model.options());
        assertThat(back.objectiveHistory()).containsExactly(model.objectiveHistory());
        assertThat(back.report()).isEqualTo(model.report());
        for (Vec z : test.points()) {
            assertThat(back.codes(z)).containsExactly(model.codes(z));
            assertThat(back.predict(z)).isEqualTo(model.predict(z));
            assertThat(back.decisions(z)).containsExactly(model.decisions(z));
        }
        for (int j = 0; j < model.prototypeCount(); j++) {
            assertThat(back.prototype(j)).isEqualTo(model.prototype(j));
        }
        Files.writeString(f, Files.readString(f).replace("type = imkpl", "type = svm"));
        assertThatThrownBy(() -> Models.load(f, ImkplModel.class)).isInstanceOf(IOException.class)
                .hasMessageContaining("m.model");
    }

    @Test
    void alignmentKernelModelSurvivesSaveAndLoad(@TempDir Path dir) throws Exception {
        LabeledDataset all = SyntheticChannels.generate(4, 3);
        MultipleKernel kernels = MultipleKernel.alignmentPerGroup(all.points(), SyntheticChannels.channelGroups(), 5);
        ImkplModel model = Imkpl.fit(all, kernels, ImkplOptions.of(2, 0.1, 0.1, 0.1).withMaxIterations(2), FitListener.SILENT);
        Path f = dir.resolve("gak.model");
        Models.save(model, f);
        ImkplModel back = Models.load(f, ImkplModel.class);
        for (int m = 0; m < SyntheticChannels.CHANNELS; m++) {
            assertThat(back.baseKernels().kernel(m)).isEqualTo(kernels.kernel(m));
        }
        for (Vec z : all.points().subList(0, 4)) {
            assertThat(back.codes(z)).containsExactly(model.codes(z));
        }
    }

    @Test
    void sameSeedSameModel() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(10, 3, 5, 0.8, 22);
        ImkplOptions o = ImkplOptions.of(2, 0.1, 0.2, 0.1).withMaxIterations(4);
        ImkplModel a = Imkpl.fit(train, o);
        ImkplModel b = Imkpl.fit(train, o);
        assertThat(a.kernelWeights()).containsExactly(b.kernelWeights());
        assertThat(a.objectiveHistory()).containsExactly(b.objectiveHistory());
    }

    @Test
    void explanationNamesPrototypesAndTrainingSamplesWhoseContributionsGiveTheClassScores() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(10, 3, 4, 0.6, 23);
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(3, 0.2, 0.2, 0.2).withMaxIterations(5));
        Vec z = ImkplBlockStepsTest.blobs(2, 3, 4, 0.6, 23).x(0);
        ImkplModel.Explanation e = model.explain(z);
        assertThat(e.predicted()).isEqualTo(model.predictLabel(z));
        assertThat(e.prototypes()).isNotEmpty();
        double[] classes = model.classValues();
        double[] scores = new double[classes.length];
        double[] codes = model.codes(z);
        for (ImkplModel.PrototypeUse p : e.prototypes()) {
            assertThat(p.codeWeight()).isEqualTo(codes[p.prototype()]);
            for (ImkplModel.Constituent c : p.constituents()) {
                assertThat(train.y(c.trainingIndex())).isEqualTo(c.label());
                scores[Arrays.binarySearch(classes, c.label())] += c.contribution();
            }
        }
        double[] expected = e.classScores();
        for (int q = 0; q < classes.length; q++) {
            assertThat(scores[q]).isCloseTo(expected[q], org.assertj.core.api.Assertions.within(1e-12));
        }
    }

    @Test
    void badInputIsRejectedWithClearMessages() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(4, 2, 3, 0.5, 24);
        assertThatThrownBy(() -> ImkplOptions.of(-1, 0.1, 0.1, 0.1))
                .hasMessage("T must be >= 1 (or 0: min(15, the smallest class)), got -1");
        assertThatThrownBy(() -> ImkplOptions.of(2, -0.1, 0.1, 0.1)).hasMessage("lambda must be >= 0, got -0.1");
        assertThatThrownBy(() -> ImkplOptions.of(2, 0.1, -1, 0.1)).hasMessage("mu must be >= 0, got -1.0");
        assertThatThrownBy(() -> ImkplOptions.of(2, 0.1, 0.1, Double.NaN)).hasMessage("tau must be >= 0, got NaN");
        assertThatThrownBy(() -> Imkpl.fit(train, ImkplOptions.of(9, 0.1, 0.1, 0.1)))
                .hasMessage("T must be <= the number of training samples 8, got 9");
        assertThatThrownBy(() -> Imkpl.fit(train, ImkplOptions.of(5, 0.1, 0.1, 0.1)))
                .hasMessage("class 1.0 has 4 training samples, fewer than T = 5");
        LabeledDataset one = train.withLabels(new double[8]);
        assertThatThrownBy(() -> Imkpl.fit(one, ImkplOptions.of(2, 0.1, 0.1, 0.1)))
                .hasMessage("need at least 2 classes, got 1");
        ImkplModel model = Imkpl.fit(train, ImkplOptions.of(2, 0.1, 0.1, 0.1).withMaxIterations(2));
        assertThatThrownBy(() -> model.predict(DenseVec.of(1, 2)))
                .hasMessage("point has dimension 2, expected 3");
    }
}
