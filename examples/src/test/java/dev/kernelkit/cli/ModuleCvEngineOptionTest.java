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
 * {@code --engine} on the module commands' {@code cv} ({@code svm}, {@code cvm}, {@code mkl}, {@code sparse-mi},
 * {@code prototypes}), {@code mkl compare} and {@code sparse-mi compare}: this module has no Spark
 * on its class path, so {@code --engine spark} is the one error line naming the launcher, with no output, JSON
 * or journal; {@code --master} needs {@code --engine spark}; {@code --kernel-from} runs on this machine only; the
 * default engine is named in the JSON. (The Spark runs themselves are tested in kernelkit-spark.)
 */
class ModuleCvEngineOptionTest {
    @TempDir
    static Path dir;
    static Path moons;
    static Path ring;
    static Path three;

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(30, 0.3, 4), moons);
        ring = dir.resolve("ring.csv");
        dev.kernelkit.data.CsvBagFormat.write(SyntheticData.ringBags(10, 4, 6, 21), ring);
        three = dir.resolve("three.libsvm");
        java.util.SplittableRandom q = new java.util.SplittableRandom(3);
        List<dev.kernelkit.data.Vec> xs = new ArrayList<>();
        double[] ys = new double[30];
        for (int i = 0; i < ys.length; i++) {
            xs.add(dev.kernelkit.data.DenseVec.of(i % 3 + 0.3 * q.nextGaussian(), q.nextGaussian()));
            ys[i] = i % 3 + 1;
        }
        LibsvmFormat.write(new dev.kernelkit.data.LabeledDataset(xs, ys), three);
    }

    /** The command's words and its fast fixed parameters. */
    private static List<String> command(String which, String... more) {
        List<String> a = new ArrayList<>(switch (which) {
            case "svm" -> List.of("svm", "cv", "--data", moons.toString(), "--gamma", "1", "--c", "1", "--folds", "3");
            case "cvm" -> List.of("cvm", "cv", "--data", moons.toString(), "--gamma", "1", "--folds", "3", "--cache-mb",
                    "16");
            case "mkl" -> List.of("mkl", "cv", "--data", moons.toString(), "--method", "ave", "--c", "1", "--splits", "2",
                    "--kernel", "linear");
            case "sparse-mi" -> List.of("sparse-mi", "cv", "--data", ring.toString(), "--xv", "2", "--gamma", "0.5", "--c",
                    "10", "--folds", "3");
            case "mkl-compare" -> List.of("mkl", "compare", "--data", moons.toString(), "--methods", "ave,sm1", "--c",
                    "1", "--theta", "1", "--splits", "2", "--kernel", "linear");
            case "sparse-mi-compare" -> List.of("sparse-mi", "compare", "--data", ring.toString(), "--methods", "rsvm",
                    "--xv", "2", "--gamma-grid", "0.5", "--c-grid", "10", "--folds", "3");
            case "prototypes" -> List.of("prototypes", "cv", "--data", three.toString(), "--t", "2", "--splits", "1",
                    "--max-iterations", "2", "--inner-folds", "2");
            default -> throw new IllegalArgumentException(which);
        });
        a.addAll(List.of(more));
        return a;
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm", "mkl", "mkl-compare", "sparse-mi", "sparse-mi-compare", "prototypes"})
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
    @ValueSource(strings = {"svm", "cvm", "mkl", "mkl-compare", "sparse-mi", "sparse-mi-compare", "prototypes"})
    void masterWithoutSparkEngineIsRefusedInOneLine(String which) {
        CliRun r = CliRun.of(command(which, "--master", "local[2]").toArray(String[]::new));

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --master local[2] applies only with --engine spark"
                + System.lineSeparator());
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm", "sparse-mi"})
    void kernelFromWithSparkEngineIsRefusedInOneLine(String which) {
        CliRun r = CliRun.of(command(which, "--engine", "spark", "--kernel-from", dir.resolve("m.model").toString())
                .toArray(String[]::new));

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --kernel-from runs on this machine only: give --engine local"
                + System.lineSeparator());
    }

    @ParameterizedTest
    @ValueSource(strings = {"svm", "cvm", "mkl", "mkl-compare", "sparse-mi", "sparse-mi-compare", "prototypes"})
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

    @org.junit.jupiter.api.Test
    void reproduceWithSparkEngineWithoutSparkIsOneErrorLineBeforeAnyRun() {
        Path json = dir.resolve("reproduce.json");
        CliRun r = CliRun.of("reproduce", "test-table", "--quick", "--runs", "svm", "--data-dir", dir.toString(),
                "--json", json.toString(), "--engine", "spark");

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --engine spark needs Spark on the class path: run "
                + "spark/bin/kernelkit-spark with the same arguments" + System.lineSeparator());
        assertThat(json).doesNotExist();
    }

    @org.junit.jupiter.api.Test
    void reproduceNamesTheCommandOfARunLine() {
        assertThat(dev.kernelkit.cli.reproduce.ReproduceCommand.commandOf(List.of("svm", "cv", "--data", "f")))
                .isEqualTo("svm cv");
        assertThat(dev.kernelkit.cli.reproduce.ReproduceCommand.commandOf(List.of("compare", "--data", "f")))
                .isEqualTo("compare");
        assertThat(dev.kernelkit.cli.reproduce.ReproduceCommand.commandOf(List.of("sparse-mi", "compare", "--data", "f")))
                .isEqualTo("sparse-mi compare");
    }
}
