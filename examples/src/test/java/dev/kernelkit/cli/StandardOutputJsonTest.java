package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --json -} (and {@code --json /dev/stdout}) in a fresh JVM, as a shell pipe sees it: standard
 * output carries the JSON document and nothing else (so {@code kernelkit ... --json - | jq} works), and
 * the command's own lines go to standard error; {@code predict}, whose predictions go to standard
 * output, refuses {@code --json -} without {@code --output FILE} in one line.
 */
class StandardOutputJsonTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("run.out").toFile()).redirectError(dir.resolve("run.err").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the run ends").isTrue();
        return new CliRun(p.exitValue(), Files.readString(dir.resolve("run.out")), Files.readString(dir.resolve("run.err")));
    }

    /** The whole of {@code text} as one JSON object (fails on anything before or after it). */
    private static JsonNode onlyJson(String text) throws Exception {
        ObjectMapper mapper = new ObjectMapper()
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        JsonNode j = mapper.readTree(text);
        assertThat(j.isObject()).as(text).isTrue();
        return j;
    }

    @Test
    void svmCvWithJsonDashWritesOnlyTheJsonToStdoutAndItsTableToStderr() throws Exception {
        Path data = CliEndToEndTest.blobs(dir, "d.libsvm", 40, 1);
        for (String target : new String[] {"-", "/dev/stdout"}) {
            CliRun r = run("svm", "cv", "--data", data.toString(), "--folds", "2", "--gamma", "0.5", "--c", "1",
                    "--json", target);
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode j = onlyJson(r.out());
            assertThat(j.get("accuracy_mean").isNumber()).isTrue();
            assertThat(r.err()).as("the command's own lines").contains("accuracy");
        }
    }

    @Test
    void compareWithJsonDashWritesOnlyTheJsonToStdout() throws Exception {
        Path data = CliEndToEndTest.blobs(dir, "d.libsvm", 40, 2);
        CliRun r = run("compare", "--data", data.toString(), "--learners", "svm,l2-svm", "--splits", "2", "--seed", "1", "--json", "-");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(onlyJson(r.out()).get("learners")).isNotNull();
        assertThat(r.err()).contains("svm");
    }

    @Test
    void predictRefusesJsonDashWhileThePredictionsGoToStdout() throws Exception {
        Path data = CliEndToEndTest.blobs(dir, "d.libsvm", 40, 3);
        Path model = dir.resolve("m.model");
        assertThat(run("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                model.toString()).exitCode()).isZero();
        CliRun r = run("predict", "--model", model.toString(), "--data", data.toString(), "--json", "-");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("kernelkit: error: --json -: the predictions go to standard output");
        assertThat(r.out()).isEmpty();

        Path out = dir.resolve("p.txt");
        CliRun ok = run("predict", "--model", model.toString(), "--data", data.toString(), "--output", out.toString(),
                "--json", "-");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(onlyJson(ok.out()).get("accuracy")).isNotNull();
        assertThat(Files.readAllLines(out)).hasSize(40);
    }
}
