package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.io.Models;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.Param;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.testing.LearnerContract;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code kernelkit train} and {@code kernelkit learners}: every catalog learner trains from the command line,
 * its model file is read by {@code predict} with the predictions of the same learner fitted through the
 * library on the same file, given parameters reach the model, bad ones fail in one line before any work, and
 * {@code learners} lists every learner with its parameters.
 */
class TrainCommandTest {

    static Stream<Arguments> everyLearner() {
        return Learners.all().stream().map(l -> Arguments.of(l.name() + " (" + l.input().label() + ")", l));
    }

    /** The learner's small problem of LearnerContract written as LIBSVM (vectors) or CSV bags. */
    private static Path write(Learner<?> l, Path dir) throws Exception {
        Dataset<?> d = LearnerContract.problem(l);
        if (l.input() == InputKind.BAGS) {
            Path f = dir.resolve("data.csv");
            CsvBagFormat.write((BagDataset) d, f);
            return f;
        }
        Path f = dir.resolve("data.libsvm");
        LibsvmFormat.write((LabeledDataset) d, f);
        return f;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyLearner")
    @SuppressWarnings({"unchecked", "rawtypes"})
    void trainSavesEveryCatalogLearnerAndPredictGivesTheLibraryFitsPredictions(String label, Learner<?> l,
                                                                              @TempDir Path dir) throws Exception {
        Path data = write(l, dir);
        Path model = dir.resolve("m.model");
        Path json = dir.resolve("train.json");
        CliRun r = CliRun.of("train", "--learner", l.name(), "--data", data.toString(), "--model", model.toString(),
                "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("model written to " + model);

        // the same learner through the library, on the file read as train reads it
        Dataset d = ExampleFiles.read(data, ExampleFiles.formatOf(data, null), TrainCommand.DENSE_LEARNERS.contains(l.name()));
        FittedModel<Object> byLibrary = ((Learner) l).trainer(d, 1L).fit(d);
        Path predictions = dir.resolve("p.txt");
        CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--output",
                predictions.toString());
        assertThat(p.exitCode()).as(p.err()).isZero();
        List<String> lines = Files.readAllLines(predictions);
        assertThat(lines).hasSize(d.size());
        for (int i = 0; i < d.size(); i++) {
            String expected = byLibrary instanceof Model<Object> m ? m.classNames().get(m.predict(d.x(i)))
                    : Double.toString(((RegressionModel<Object>) byLibrary).predict(d.x(i)));
            assertThat(lines.get(i)).as("example %d", i).isEqualTo(expected);
        }
        JsonNode j = TestJson.read(json);
        assertThat(j.get("learner").asText()).isEqualTo(l.name());
        assertThat(j.get("n").asInt()).isEqualTo(d.size());
        assertThat(j.get("options").asText()).isEqualTo(byLibrary.report().options());
        Map<String, String> provenance = Models.loadWithProvenance(model).provenance();
        assertThat(provenance).containsEntry("learner", l.name()).containsEntry("data", "data.libsvm".equals(
                data.getFileName().toString()) ? "data.libsvm" : "data.csv").containsEntry("data_sha256",
                dev.kernelkit.eval.FoldJournal.sha256(data)).containsKeys("kernelkit", "java", "command", "time");
    }

    @Test
    void givenParametersReachTheModelAndTheModelFileCaseIgnored(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(40, 3, 2.5, 1), data);
        Path model = dir.resolve("m.model");
        Path json = dir.resolve("t.json");
        CliRun r = CliRun.of("train", "--learner", "svm", "--param", "C=7.5", "-p", "gamma=0.25", "--data", data.toString(),
                "--model", model.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(j.get("params").get("c").asText()).isEqualTo("7.5");
        assertThat(j.get("params").get("gamma").asText()).isEqualTo("0.25");
        assertThat(j.get("options").asText()).contains("gamma=0.25").contains("c=7.5");
        assertThat(Models.loadWithProvenance(model).provenance()).containsEntry("param.c", "7.5")
                .containsEntry("param.gamma", "0.25");
    }

    @Test
    void classWeightsReachTheModelFileOptionsLine(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(40, 3, 2.5, 1), data);
        Path model = dir.resolve("m.model");
        Path json = dir.resolve("t.json");
        CliRun r = CliRun.of("train", "--learner", "svm", "--param", "class-weight=+1=3, -1=0.5", "--data",
                data.toString(), "--model", model.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(j.get("params").get("class-weight").asText()).isEqualTo("+1=3, -1=0.5");
        assertThat(j.get("options").asText()).endsWith(", classWeights=+1=3.0,-1=0.5]");
        assertThat(Models.loadWithProvenance(model).model().report().options())
                .endsWith(", classWeights=+1=3.0,-1=0.5]");
    }

    @Test
    void aClassWeightNamingNoTrainingClassFailsWhenFittedAndWritesNoModel(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(40, 3, 2.5, 1), data);
        Path model = dir.resolve("m.model");
        CliRun r = CliRun.of("train", "--learner", "svm", "--param", "class-weight=pos=2", "--data", data.toString(),
                "--model", model.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        // the fit starts (its progress line), then fails in one line
        assertThat(r.err().lines().toList()).last().isEqualTo(
                "kernelkit: error: class weights: unknown class 'pos'; the training set's classes: -1, 1");
        assertThat(model).doesNotExist();
    }

    @Test
    void badParametersAndAWrongInputKindFailInOneLineAndWriteNoModel(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(40, 3, 2.5, 1), data);
        Path model = dir.resolve("m.model");
        String[][] cases = {
                {"--learner", "svm", "--param", "gama=1"},
                {"--learner", "svm", "--param", "c=-2"},
                {"--learner", "svm", "--param", "c"},
                {"--learner", "sparse-mi"},
                {"--learner", "no-such-learner"},
                {"--learner", "svm", "--param", "class-weight=1=0"},
        };
        String[] expected = {
                "kernelkit: error: learner 'svm' has no parameter 'gama'; its parameters: c, gamma, class-weight, duplicates",
                "kernelkit: error: learner 'svm': parameter c = '-2' is out of range (valid: > 0)",
                "kernelkit: error: --param: expected NAME=VALUE, got 'c'",
                "kernelkit: error: learner 'sparse-mi' learns from bags, but " + data + " holds vectors (libsvm)",
                "kernelkit: error: --learners: unknown learner 'no-such-learner'",
                "kernelkit: error: learner 'svm': parameter class-weight = '1=0' is invalid: class weights: weight of "
                        + "class '1' must be finite and > 0, got 0.0",
        };
        for (int k = 0; k < cases.length; k++) {
            List<String> args = new ArrayList<>(List.of("train", "--data", data.toString(), "--model", model.toString()));
            args.addAll(List.of(cases[k]));
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(String.join(" ", cases[k])).isEqualTo(1);
            assertThat(r.err().lines().toList()).as(r.err()).hasSize(1);
            assertThat(r.err()).startsWith(expected[k]);
            assertThat(model).doesNotExist();
        }
    }

    @Test
    void aModelThatPredictsOneClassOnItsTrainingDataSaysSoInOneWarningLine(@TempDir Path dir) throws Exception {
        // 3 to 1 imbalanced blobs: at a tiny C the SVM predicts the majority class everywhere
        LabeledDataset blobs = TestData.gaussianBlobs(80, 3, 2.5, 1);
        List<Integer> keep = new ArrayList<>();
        int minority = 0;
        for (int i = 0; i < blobs.size(); i++) {
            if (blobs.classIndex(i) == 0 || minority++ < 13) {
                keep.add(i);
            }
        }
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(blobs.subset(keep.stream().mapToInt(Integer::intValue).toArray()), data);
        Path model = dir.resolve("m.model");
        CliRun tiny = CliRun.of("train", "--learner", "svm", "--param", "c=1e-6", "--data", data.toString(), "--model",
                model.toString());
        assertThat(tiny.exitCode()).isZero();
        assertThat(tiny.err().lines().filter(s -> s.contains("warning")).toList()).hasSize(1).first().asString()
                .contains("predicts the one class");
        CliRun fine = CliRun.of("train", "--learner", "svm", "--data", data.toString(), "--model", model.toString());
        assertThat(fine.err()).doesNotContain("warning");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void trainWithProbabilityAndPredictWriteTheProbabilitiesOfTheSameCalibrationBuiltByHand(@TempDir Path dir)
            throws Exception {
        LabeledDataset blobs = TestData.gaussianBlobs(60, 3, 1.5, 2);
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(blobs, data);
        Path model = dir.resolve("m.model");
        CliRun t = CliRun.of("train", "--learner", "svm", "--probability", "--scale", "standard", "--data", data.toString(),
                "--model", model.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
        Path csv = dir.resolve("p.csv");
        CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", data.toString(), "--probability",
                "--decisions", "--output", csv.toString());
        assertThat(p.exitCode()).as(p.err()).isZero();
        List<String> lines = Files.readAllLines(csv);
        LabeledDataset d = LibsvmFormat.read(data);
        // by hand: standardise on all data, Platt on 5-fold decision values of the scaled data, seed 1
        dev.kernelkit.data.FittedScaler scaler = dev.kernelkit.data.FeatureScaling.STANDARD.fit(d);
        LabeledDataset scaled = scaler.apply(d);
        dev.kernelkit.learn.Trainer<dev.kernelkit.data.Vec, ? extends Model<dev.kernelkit.data.Vec>> svm =
                (dev.kernelkit.learn.Trainer) Learners.vectors("svm").trainer(scaled, 1L);
        dev.kernelkit.learn.CalibratedModel<dev.kernelkit.data.Vec> byHand = dev.kernelkit.learn.Calibrated.trainer(svm, 5,
                1L).fit(scaled);
        assertThat(lines.get(0)).isEqualTo("prediction,p_" + byHand.classNames().get(0) + ",p_"
                + byHand.classNames().get(1) + ",decision");
        assertThat(lines).hasSize(d.size() + 1);
        for (int i = 0; i < d.size(); i++) {
            String[] cells = lines.get(i + 1).split(",");
            dev.kernelkit.data.Vec x = scaler.apply(d.x(i));
            double[] expected = byHand.probabilities(x);
            assertThat(Double.parseDouble(cells[1])).isEqualTo(expected[0]);
            assertThat(Double.parseDouble(cells[2])).isEqualTo(expected[1]);
            assertThat(expected[0] + expected[1]).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
            assertThat(Double.parseDouble(cells[3])).isEqualTo(byHand.decisions(x)[0]);
            assertThat(cells[0]).isEqualTo(byHand.classNames().get(byHand.predict(x)));
        }
        // a model without probability outputs: one line naming it, nothing written
        Path plain = dir.resolve("plain.model");
        assertThat(CliRun.of("train", "--learner", "svm", "--data", data.toString(), "--model", plain.toString())
                .exitCode()).isZero();
        Path none = dir.resolve("none.csv");
        CliRun refused = CliRun.of("predict", "--model", plain.toString(), "--data", data.toString(), "--probability",
                "--output", none.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).startsWith("kernelkit: error: the model " + plain + " (type svm) was trained without "
                + "probability outputs");
        assertThat(refused.err().lines()).hasSize(1);
        assertThat(none).doesNotExist();
    }

    @Test
    void learnersListsEveryLearnerWithItsParametersInTheTableAndTheJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("l.json");
        CliRun r = CliRun.of("learners", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        List<String> names = new ArrayList<>();
        j.get("learners").forEach(n -> names.add(n.get("name").asText()));
        assertThat(names).containsExactlyElementsOf(Learners.all().stream().map(Learner::name).toList());
        for (JsonNode n : j.get("learners")) {
            Learner<?> l = Learners.find(n.get("name").asText());
            List<String> params = new ArrayList<>();
            n.get("parameters").forEach(p -> params.add(p.get("name").asText()));
            assertThat(params).containsExactlyElementsOf(l.params().stream().map(Param::name).toList());
            assertThat(r.out()).contains(l.name()).contains(l.description());
        }
        // every documented key is somewhere in the document
        assertThat(allKeys(j)).containsAll(ReadmeKeys.read().get("learners"));
    }

    @Test
    void trainsJsonHoldsTheKeysTheReadmeDocuments(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(40, 3, 2.5, 1), data);
        Path json = dir.resolve("t.json");
        CliRun r = CliRun.of("train", "--learner", "cvm", "--data", data.toString(), "--model",
                dir.resolve("m.model").toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(TestJson.keys(j)).containsAll(ReadmeKeys.read().get("train"))
                .contains("accuracy_mean", "accuracy_sd", "train_seconds", "command", "jvm_flags");
    }

    private static List<String> allKeys(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.add(e.getKey());
                out.addAll(allKeys(e.getValue()));
            }
        } else if (node.isArray()) {
            node.forEach(n -> out.addAll(allKeys(n)));
        }
        return out;
    }
}
