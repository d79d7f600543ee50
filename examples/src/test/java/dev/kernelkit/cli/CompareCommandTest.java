package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kernelkit compare}: its JSON equals a hand-run of the harness on the same splits, the
 * summaries computed here from the fold accuracies (mean, sample sd, sd of the repeat means, the
 * paired difference and sd(d) sqrt(1/J + n_test/n_train)); mismatched learners are refused before
 * anything runs.
 */
class CompareCommandTest {
    private static final double TOL = 1e-12;

    @TempDir
    static Path dir;
    static Path moons;
    static LabeledDataset data;

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(60, 0.3, 4), moons);
        data = LibsvmFormat.read(moons);
    }

    /** The outer test accuracies of a learner, run here on the harness. */
    private static double[] handRun(String learner, Resampling outer, long seed, boolean tune) {
        Learner<Vec> l = Learners.vectors(learner);
        ModelSelection<Vec> ms = tune
                ? ModelSelection.of(outer, (part, s) -> Grid.ofTrainers(l.grid(part, seed)),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(seed + 1000, 1000)))
                : ModelSelection.of(outer, (part, s) -> Grid.single(l.trainer(part, seed)),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(seed + 1000, 1000)));
        Evaluation e = ms.withThreads(1).run(data);
        return e.scores();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double sd(double[] v) {
        if (v.length == 1) {
            return 0;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / (v.length - 1));
    }

    private static double[] repeatMeans(double[] v, int perRepeat) {
        double[] out = new double[v.length / perRepeat];
        for (int r = 0; r < out.length; r++) {
            double[] block = java.util.Arrays.copyOfRange(v, r * perRepeat, (r + 1) * perRepeat);
            out[r] = mean(block);
        }
        return out;
    }

    private static void assertLearner(JsonNode j, double[] ours, double[] reference, int perRepeat, double testTrainRatio) {
        assertThat(TestJson.doubles(j.get("fold_accuracies"))).containsExactly(
                java.util.Arrays.stream(ours).boxed().toArray(Double[]::new));
        assertThat(j.get("accuracy_mean").doubleValue()).isCloseTo(mean(ours), within(TOL));
        assertThat(j.get("accuracy_sd").doubleValue()).isCloseTo(sd(ours), within(TOL));
        assertThat(j.get("accuracy_sd_over_repeats").doubleValue()).isCloseTo(sd(repeatMeans(ours, perRepeat)), within(TOL));
        double[] d = new double[ours.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = ours[i] - reference[i];
        }
        assertThat(j.get("paired_difference").doubleValue()).isCloseTo(mean(d), within(TOL));
        assertThat(j.get("paired_se").doubleValue()).isCloseTo(sd(d) * Math.sqrt(1.0 / d.length + testTrainRatio),
                within(TOL));
        assertThat(j.get("train_seconds_mean").doubleValue()).isGreaterThanOrEqualTo(0);
        assertThat(j.get("predict_seconds_mean").doubleValue()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void repeatedKFoldJsonEqualsAHandRunOfTheHarnessOnTheSameSplits() throws Exception {
        Path json = dir.resolve("kfold.json");
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,cvm", "--folds", "3",
                "--repeats", "2", "--seed", "7", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        Resampling outer = Resampling.stratifiedKFold(3, 2, 7);
        double[] svm = handRun("svm", outer, 7, false);
        double[] cvm = handRun("cvm", outer, 7, false);
        JsonNode j = TestJson.read(json);
        assertThat(TestJson.keys(j.get("learners"))).containsExactly("svm", "cvm");
        // n_test / n_train = 1 / (k - 1) for a k-fold
        assertLearner(j.get("learners").get("svm"), svm, svm, 3, 0.5);
        assertLearner(j.get("learners").get("cvm"), cvm, svm, 3, 0.5);
        assertThat(j.get("splits").get("count").asInt()).isEqualTo(6);
        assertThat(j.get("splits").get("folds").asInt()).isEqualTo(3);
        assertThat(j.get("splits").get("repeats").asInt()).isEqualTo(2);
        // the table names both learners; progress went to stderr
        assertThat(r.out()).contains("svm").contains("cvm").contains("diff to svm");
        assertThat(r.err()).contains("compare: cvm split 6/6");
        // every documented key is in the document, at the top, per learner or in "splits"
        List<String> present = new java.util.ArrayList<>(TestJson.keys(j));
        present.addAll(TestJson.keys(j.get("learners").get("cvm")));
        present.addAll(TestJson.keys(j.get("learners").get("cvm").get("confusion_matrix")));
        present.addAll(TestJson.keys(j.get("splits")));
        assertThat(present).containsAll(ReadmeKeys.read().get("compare"));
    }

    @Test
    void tunedHoldOutJsonEqualsAHandRunOfTheHarnessOnTheSameSplits() throws Exception {
        Path json = dir.resolve("holdout.json");
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "l2-svm,svm", "--splits", "3",
                "--test-fraction", "0.25", "--seed", "11", "--tune", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        // progress lines a person can read: the chosen point by its place in the grid, not an options record
        assertThat(r.err()).containsPattern("compare: svm split 1/3: accuracy [0-9.]+% \\(.*chose grid point \\d+ of 20 "
                + "\\(inner score [0-9.]+%\\)\\)").doesNotContain("Options[");
        Resampling outer = Resampling.stratifiedHoldOut(0.75, 3, 11);
        double[] l2 = handRun("l2-svm", outer, 11, true);
        double[] svm = handRun("svm", outer, 11, true);
        double ratio = 0;
        List<Splits.Split> splits = outer.splits(data);
        for (Splits.Split s : splits) {
            ratio += (double) s.testSize() / s.trainSize() / splits.size();
        }
        JsonNode j = TestJson.read(json);
        assertLearner(j.get("learners").get("l2-svm"), l2, l2, 1, ratio);
        assertLearner(j.get("learners").get("svm"), svm, l2, 1, ratio);
        assertThat(j.get("learners").get("svm").get("chosen")).hasSize(3);
        assertThat(j.get("splits").get("test_fraction").doubleValue()).isEqualTo(0.25);
        assertThat(j.get("tune").asBoolean()).isTrue();
    }

    @Test
    void aTunedRunHoldsAGivenClassWeightWhileItSearchesCAndGammaAndRefusesWhatAGridCannotHold() throws Exception {
        Path json = dir.resolve("weighted.json");
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm", "--splits", "2",
                "--test-fraction", "0.25", "--seed", "3", "--tune", "--param", "svm.class-weight=balanced",
                "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode chosen = TestJson.read(json).get("learners").get("svm").get("chosen");
        assertThat(chosen).hasSize(2);
        for (JsonNode c : chosen) {
            assertThat(c.toString()).as("the chosen options hold the weights").contains("balanced");
        }
        CliRun refused = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,cvm", "--seed", "3",
                "--tune", "--param", "cvm.c=10");
        PredictCommandTest.assertOneErrorLine(refused, "learner 'cvm': --param c cannot be combined with --tune");
        assertThat(refused.out()).isEmpty();
    }

    @Test
    void aBagLearnerOnVectorDataIsRefusedBeforeAnythingRuns() throws Exception {
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,mikernel", "--seed", "1");
        PredictCommandTest.assertOneErrorLine(r, "learner 'mikernel' learns from bags, but " + moons
                + " holds vectors (libsvm)");
        assertThat(r.out()).isEmpty();
        Path bags = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(6, 2, 4, 1), bags);
        r = CliRun.of("compare", "--data", bags.toString(), "--learners", "sparsemi,sm1", "--seed", "1");
        PredictCommandTest.assertOneErrorLine(r, "learner 'sm1' learns from vectors, but " + bags + " holds bags (csv-bags)");
        r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,bag-cvm", "--seed", "1");
        PredictCommandTest.assertOneErrorLine(r, "learner 'bag-cvm' learns from bags, but " + moons
                + " holds vectors (libsvm)");
    }

    /**
     * On bag data the method names cvm and svm mean the learners over bags (bag-cvm, bag-svm: the set
     * kernel), as issue #22's list of bag learners has them; the runs are those of the catalog learners.
     */
    @Test
    void onBagDataCvmAndSvmAreTheSetKernelLearners() throws Exception {
        Path bags = dir.resolve("ring-small.csv");
        CsvBagFormat.write(SyntheticData.ringBags(15, 3, 6, 2), bags);
        Path json = dir.resolve("bags.json");
        CliRun r = CliRun.of("compare", "--data", bags.toString(), "--learners", "mikernel,cvm,svm", "--folds", "3",
                "--seed", "4", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(TestJson.keys(j.get("learners"))).containsExactly("mikernel", "bag-cvm", "bag-svm");
        dev.kernelkit.data.BagDataset d = CsvBagFormat.read(bags);
        for (String name : List.of("bag-cvm", "bag-svm")) {
            Evaluation e = CompareCommand.selection(Learners.bags(name), Resampling.stratifiedKFold(3, 1, 4), 4, false, 3,
                    dev.kernelkit.data.FeatureScaling.NONE).run(d);
            assertThat(j.get("learners").get(name).get("accuracy_mean").doubleValue()).isEqualTo(e.summary().mean());
        }
        assertThat(CompareCommand.learner("cvm", dev.kernelkit.data.InputKind.BAGS).name()).isEqualTo("bag-cvm");
        assertThat(CompareCommand.learner("cvm", dev.kernelkit.data.InputKind.VECTORS).name()).isEqualTo("cvm");
        assertThat(CompareCommand.learner("SVM", dev.kernelkit.data.InputKind.BAGS).name()).isEqualTo("bag-svm");
    }

    @Test
    void unknownAmbiguousRegressionAndRepeatedLearnersAreRefused() {
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,nope",
                "--seed", "1"), "unknown learner 'nope'", "known: svm");
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,mi-svm",
                "--seed", "1"), "'mi-svm' is ambiguous: mi-SVM or MI-SVM");
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,cvr",
                "--seed", "1"), "learner 'cvr' is a regression learner");
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", moons.toString(), "--learners", "svm,SVM",
                "--seed", "1"), "lists 'svm' twice");
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", moons.toString(), "--learners", "svm",
                "--folds", "3", "--splits", "2", "--seed", "1"), "either --folds K or --splits S");
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", moons.toString(), "--learners", "svm",
                "--folds", "31", "--seed", "1"), "folds = 31 exceeds the 30 examples");
    }

    @Test
    void catalogNamesMatchExactlyOrLoosely() {
        assertThat(CompareCommand.learner("sparsemi").name()).isEqualTo("sparse-mi");
        assertThat(CompareCommand.learner("MI-SVM").name()).isEqualTo("MI-SVM");
        assertThat(CompareCommand.learner("mi-SVM").name()).isEqualTo("mi-SVM");
        assertThat(Map.of("sm1", CompareCommand.learner("SM1").name())).containsEntry("sm1", "sm1");
    }
}
