package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code predict --engine}: this module has no Spark on its class path, so {@code --engine spark} is the one
 * error line naming the launcher and writes nothing; {@code --master} needs {@code --engine spark}; options of
 * the local engine only are refused with it. (The Spark runs are tested in kernelkit-spark.)
 */
class PredictEngineOptionTest {
    @TempDir
    static Path dir;
    static Path moons;
    static Path model;

    @BeforeAll
    static void data() throws Exception {
        moons = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(30, 0.3, 4), moons);
        model = dir.resolve("svm.model");
        CliRun t = CliRun.of("train", "--learner", "svm", "--data", moons.toString(), "--model", model.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
    }

    @Test
    void sparkEngineWithoutSparkOnTheClassPathIsOneErrorLineNamingTheLauncherAndWritesNothing() {
        Path out = dir.resolve("predictions");
        CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", moons.toString(), "--output",
                out.toString(), "--engine", "spark");

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --engine spark needs Spark on the class path: run "
                + "spark/bin/kernelkit-spark with the same arguments" + System.lineSeparator());
        assertThat(r.out()).isEmpty();
        assertThat(out).doesNotExist();
    }

    @Test
    void masterWithoutSparkEngineAndLocalOnlyOptionsWithItAreOneLineErrors() {
        CliRun master = CliRun.of("predict", "--model", model.toString(), "--data", moons.toString(), "--master",
                "local[2]");
        CliRun labelColumn = CliRun.of("predict", "--model", model.toString(), "--data", moons.toString(), "--output",
                dir.resolve("d").toString(), "--engine", "spark", "--label-column", "y");
        CliRun noOutput = CliRun.of("predict", "--model", model.toString(), "--data", moons.toString(), "--engine",
                "spark");

        assertThat(master.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(master.err()).isEqualTo("kernelkit: error: --master local[2] applies only with --engine spark"
                + System.lineSeparator());
        assertThat(labelColumn.err()).isEqualTo("kernelkit: error: --label-column applies to --engine local only: "
                + "--engine spark scores labelled LIBSVM data or CSV bags" + System.lineSeparator());
        assertThat(noOutput.err()).isEqualTo("kernelkit: error: --engine spark needs --output DIR: a new folder, one "
                + "predictions file per partition" + System.lineSeparator());
    }
}
