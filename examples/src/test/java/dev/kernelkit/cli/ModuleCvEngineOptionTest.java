package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --engine} on the module commands' {@code cv} ({@code svm cv}, {@code cvm cv}): this module has no Spark
 * on its class path, so {@code --engine spark} is the one error line naming the launcher, with no output, JSON
 * or journal; {@code --master} needs {@code --engine spark}; {@code --kernel-from} runs on this machine only; the
 * default engine is named in the JSON. (The Spark runs themselves are tested in kernelkit-spark.)
 */
class ModuleCvEngineOptionTest {
    @TempDir
    static Path dir;
    static Path moons;

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(30, 0.3, 4), moons);
    }

    /** The command's words and its fast fixed parameters. */
    private static List<String> command(String which, String... more) {
        List<String> a = new ArrayList<>(which.equals("svm")
                ? List.of("svm", "cv", "--data", moons.toString(), "--gamma", "1", "--c", "1", "--folds", "3")
                : List.of("cvm", "cv", "--data", moons.toString(), "--gamma", "1", "--folds", "3", "--cache-mb", "16"));
        a.addAll(List.of(more));
        return a;
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm"})
    void sparkEngineWithoutSparkOnTheClassPathIsOneErrorLineNamingTheLauncher(String which) {
        Path json = dir.resolve(which + "-spark.json");
        CliRun r = CliRun.of(command(which, "--engine", "spark", "--json", json.toString()).toArray(String[]::new));

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --engine spark needs Spark on the class path: run "
                + "spark/bin/kernelkit-spark with the same arguments" + System.lineSeparator());
        assertThat(r.out()).isEmpty();
        assertThat(json).doesNotExist();
        assertThat(Journals.journalFile(json)).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm"})
    void masterWithoutSparkEngineIsRefusedInOneLine(String which) {
        CliRun r = CliRun.of(command(which, "--master", "local[2]").toArray(String[]::new));

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --master local[2] applies only with --engine spark"
                + System.lineSeparator());
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm"})
    void kernelFromWithSparkEngineIsRefusedInOneLine(String which) {
        CliRun r = CliRun.of(command(which, "--engine", "spark", "--kernel-from", dir.resolve("m.model").toString())
                .toArray(String[]::new));

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --kernel-from runs on this machine only: give --engine local"
                + System.lineSeparator());
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm"})
    void localEngineIsTheDefaultAndTheJsonNamesItWithoutTaskCounts(String which) throws Exception {
        Path json = dir.resolve(which + "-local.json");
        CliRun r = CliRun.of(command(which, "--json", json.toString()).toArray(String[]::new));

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(j.get("engine").asText()).isEqualTo("local");
        assertThat(j.get("master").isNull()).isTrue();
        assertThat(j.has("tasks")).isFalse();
        assertThat(j.has("longest_fit_seconds")).isFalse();
        assertThat(r.out()).doesNotContain("tasks");
    }
}
