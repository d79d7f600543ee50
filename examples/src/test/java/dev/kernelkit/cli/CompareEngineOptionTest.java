package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --engine}: this module has no Spark on its class path, so {@code --engine spark}
 * is the one error line naming the launcher; {@code --master} needs {@code --engine spark}; the
 * default engine is named in the JSON. (The Spark runs themselves are tested in kernelkit-spark.)
 */
class CompareEngineOptionTest {
    @TempDir
    static Path dir;
    static Path moons;

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(30, 0.3, 4), moons);
    }

    @Test
    void sparkEngineWithoutSparkOnTheClassPathIsOneErrorLineNamingTheLauncherAndExitOne() {
        Path json = dir.resolve("spark.json");
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm", "--folds", "3", "--seed", "1",
                "--engine", "spark", "--json", json.toString());

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --engine spark needs Spark on the class path: run "
                + "spark/bin/kernelkit-spark with the same arguments" + System.lineSeparator());
        assertThat(r.out()).isEmpty();
        assertThat(json).doesNotExist();
    }

    @Test
    void masterWithoutSparkEngineIsRefusedInOneLineBeforeTheDataAreRead() {
        CliRun r = CliRun.of("compare", "--data", dir.resolve("absent.libsvm").toString(), "--learners", "svm",
                "--seed", "1", "--master", "local[2]");

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --master local[2] applies only with --engine spark"
                + System.lineSeparator());
    }

    @Test
    void unknownEngineIsRefusedInOneLine() {
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm", "--seed", "1",
                "--engine", "yarn");

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --engine must be local or spark, got 'yarn'"
                + System.lineSeparator());
    }

    @Test
    void localEngineIsTheDefaultAndTheJsonNamesItWithoutTaskCounts() throws Exception {
        Path json = dir.resolve("local.json");
        CliRun r = CliRun.of("compare", "--data", moons.toString(), "--learners", "svm", "--folds", "3", "--seed", "1",
                "--json", json.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = TestJson.read(json);
        assertThat(j.get("engine").asText()).isEqualTo("local");
        assertThat(j.get("master").isNull()).isTrue();
        assertThat(j.has("tasks")).isFalse();
        assertThat(j.has("longest_fit_seconds")).isFalse();
        assertThat(r.out()).doesNotContain("tasks");
        assertThat(Files.exists(Journals.journalFile(json))).isFalse();
    }
}
