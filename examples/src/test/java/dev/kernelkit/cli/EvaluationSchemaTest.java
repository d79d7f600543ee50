package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One output schema: every command that evaluates a learner on outer splits writes, in each evaluation
 * block of its JSON, {@code accuracy_mean}, {@code accuracy_sd}, {@code accuracy_sd_over_repeats},
 * {@code fold_accuracies} (as many as the splits), {@code train_seconds_mean} and {@code train_seconds_total},
 * the classification metrics' keys ({@code balanced_accuracy_mean}, {@code macro_f1_mean}, {@code auc_mean},
 * {@code average_precision_mean}, {@code confusion_matrix}; null where a command's models keep none) except
 * for mkl, and at the top {@code command}, {@code metric} (what the inner CV maximised, accuracy by default) and
 * the environment keys; accuracy_mean is the mean of fold_accuracies.
 */
class EvaluationSchemaTest {

    private record Run(String command, String[] args, Function<JsonNode, List<JsonNode>> blocks, boolean metrics,
                       int splits) {
    }

    @Test
    void everyModuleCommandTakesMetricAndNamesItInItsJson(@TempDir Path dir) throws Exception {
        Path blobs = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 3), blobs);
        Path rings = dir.resolve("rings.csv");
        CsvBagFormat.write(SyntheticData.ringBags(15, 3, 5, 2), rings);
        String b = blobs.toString();
        String r = rings.toString();
        List<String[]> runs = List.of(
                new String[] {"svm", "cv", "--data", b, "--c", "1", "--folds", "3", "--metric", "auc"},
                new String[] {"cvm", "cv", "--data", b, "--folds", "3", "--metric", "f1"},
                new String[] {"sparse-mi", "cv", "--data", r, "--xv", "2", "--gamma-grid", "0.5,2", "--c-grid", "1",
                    "--folds", "3", "--iterations", "3", "--metric", "balanced-accuracy"},
                new String[] {"sparse-mi", "compare", "--data", r, "--folds", "3", "--xv", "2", "--methods",
                    "mikernel,miles", "--gamma-grid", "0.5,2", "--c-grid", "1", "--metric", "auc"},
                new String[] {"mkl", "cv", "--data", b, "--method", "sm1", "--c-grid", "1,10", "--nu-grid", "1",
                    "--inner-folds", "2", "--splits", "2", "--seed", "4", "--metric", "balanced-accuracy"},
                new String[] {"mkl", "compare", "--data", b, "--methods", "sm1,ave", "--c-grid", "1,10", "--nu-grid",
                    "1", "--inner-folds", "2", "--splits", "2", "--seed", "2", "--metric", "f1"},
                new String[] {"prototypes", "cv", "--data", b, "--t", "2", "--splits", "2", "--max-iterations", "5",
                    "--seed", "5", "--tune", "t=2;t=3", "--inner-folds", "2", "--metric", "balanced-accuracy"});
        for (String[] run : runs) {
            String name = run[0] + "-" + run[1];
            Path json = dir.resolve(name + ".json");
            List<String> args = new ArrayList<>(List.of(run));
            args.add("--json");
            args.add(json.toString());
            CliRun c = CliRun.of(args.toArray(String[]::new));
            assertThat(c.exitCode()).as(name + ": " + c.err()).isZero();
            assertThat(TestJson.read(json).path("metric").asText()).as(name).isEqualTo(run[run.length - 1]);
        }
    }

    @Test
    void everyEvaluatingCommandWritesTheSchemaKeysInEachEvaluationBlock(@TempDir Path dir) throws Exception {
        Path blobs = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 3), blobs);
        Path rings = dir.resolve("rings.csv");
        CsvBagFormat.write(SyntheticData.ringBags(15, 3, 5, 2), rings);
        String b = blobs.toString();
        String r = rings.toString();
        Function<JsonNode, List<JsonNode>> top = j -> List.of(j);
        Function<JsonNode, List<JsonNode>> methods = j -> {
            List<JsonNode> out = new ArrayList<>();
            j.get("methods").forEach(out::add);
            return out;
        };
        Function<JsonNode, List<JsonNode>> learners = j -> {
            List<JsonNode> out = new ArrayList<>();
            j.get("learners").forEach(out::add);
            return out;
        };
        List<Run> runs = List.of(
                new Run("compare", new String[] {"compare", "--data", b, "--learners", "svm,cvm", "--folds", "3",
                        "--seed", "1"}, learners, true, 3),
                new Run("svm cv", new String[] {"svm", "cv", "--data", b, "--gamma", "0.5", "--c", "1", "--folds", "3"},
                        top, true, 3),
                new Run("cvm cv", new String[] {"cvm", "cv", "--data", b, "--folds", "3"}, top, true, 3),
                new Run("sparse-mi cv", new String[] {"sparse-mi", "cv", "--data", r, "--xv", "2", "--gamma", "0.5",
                        "--c", "1", "--folds", "3"}, top, true, 3),
                new Run("sparse-mi compare", new String[] {"sparse-mi", "compare", "--data", r, "--folds", "3", "--xv",
                        "2", "--methods", "mikernel,miles", "--gamma-grid", "0.5", "--c-grid", "1"}, methods, true, 3),
                new Run("mkl cv", new String[] {"mkl", "cv", "--data", b, "--method", "sm1", "--c-grid", "1",
                        "--nu-grid", "1", "--inner-folds", "2", "--splits", "2", "--seed", "4"}, top, false, 2),
                new Run("mkl compare", new String[] {"mkl", "compare", "--data", b, "--methods", "sm1,ave", "--c-grid",
                        "1", "--nu-grid", "1", "--inner-folds", "2", "--splits", "2", "--seed", "2"}, methods, false, 2),
                new Run("prototypes cv", new String[] {"prototypes", "cv", "--data", b, "--t", "2", "--splits", "2",
                        "--max-iterations", "5", "--seed", "5"}, top, true, 2));
        for (Run run : runs) {
            Path json = dir.resolve(run.command().replace(' ', '-') + ".json");
            List<String> args = new ArrayList<>(List.of(run.args()));
            args.add("--json");
            args.add(json.toString());
            CliRun c = CliRun.of(args.toArray(String[]::new));
            assertThat(c.exitCode()).as(run.command() + ": " + c.err()).isZero();
            JsonNode j = TestJson.read(json);
            assertThat(j.get("command").asText()).as(run.command()).isEqualTo(run.command());
            assertThat(TestJson.keys(j)).as(run.command()).contains("java_version", "jvm_flags", "available_processors");
            // what the inner CV maximised (--metric, accuracy by default), named at the top
            assertThat(j.path("metric").asText()).as(run.command()).isEqualTo("accuracy");
            for (JsonNode block : run.blocks().apply(j)) {
                List<String> keys = TestJson.keys(block);
                assertThat(keys).as(run.command()).contains("accuracy_mean", "accuracy_sd", "accuracy_sd_over_repeats",
                        "fold_accuracies", "train_seconds_mean", "train_seconds_total");
                List<Double> folds = TestJson.doubles(block.get("fold_accuracies"));
                assertThat(folds).as(run.command()).hasSize(run.splits());
                assertThat(block.get("accuracy_mean").asDouble()).as(run.command())
                        .isCloseTo(folds.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                                org.assertj.core.api.Assertions.within(1e-12));
                if (run.metrics()) {
                    assertThat(keys).as(run.command()).contains("balanced_accuracy_mean", "macro_f1_mean", "auc_mean",
                            "average_precision_mean", "confusion_matrix");
                }
            }
        }
    }
}
