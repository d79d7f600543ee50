package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cvm train --engine}: this module has no Spark on its class path, so {@code --engine spark} is the one
 * error line naming the launcher and writes no model; {@code --master} needs {@code --engine spark}; options the
 * Spark path does not support are refused in one line naming them, before anything is read. (The Spark runs are
 * tested in kernelkit-spark, SparkCvmTrainCommandTest.)
 */
class CvmTrainEngineOptionTest {
    @TempDir
    static Path dir;
    static Path data;

    @BeforeAll
    static void data() throws Exception {
        data = dir.resolve("checkerboard.libsvm");
        LibsvmFormat.write(SyntheticData.checkerboard(100, 4, 3), data);
    }

    @Test
    void sparkEngineWithoutSparkOnTheClassPathIsOneErrorLineNamingTheLauncherAndWritesNoModel() {
        Path model = dir.resolve("spark.model");
        CliRun r = CliRun.of("cvm", "train", "--data", data.toString(), "--model", model.toString(), "--engine",
                "spark");

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --engine spark needs Spark on the class path: run "
                + "spark/bin/kernelkit-spark with the same arguments" + System.lineSeparator());
        assertThat(r.out()).isEmpty();
        assertThat(model).doesNotExist();
    }

    @Test
    void masterWithoutSparkEngineAnUnknownEngineAndUnsupportedOptionsAreOneLineErrors() {
        CliRun master = CliRun.of("cvm", "train", "--data", data.toString(), "--master", "local[2]");
        CliRun engine = CliRun.of("cvm", "train", "--data", data.toString(), "--engine", "flink");
        CliRun kernelFrom = CliRun.of("cvm", "train", "--data", data.toString(), "--engine", "spark",
                "--kernel-from", dir.resolve("other.model").toString(), "--method", "cvr");

        assertThat(master.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(master.err()).isEqualTo("kernelkit: error: --master local[2] applies only with --engine spark"
                + System.lineSeparator());
        assertThat(engine.err()).isEqualTo("kernelkit: error: --engine must be local or spark, got 'flink'"
                + System.lineSeparator());
        assertThat(kernelFrom.exitCode()).isEqualTo(Main.BAD_INPUT);
        // bvm in the JMLR mode trains on Spark now: without Spark here, it is the launcher's line
        CliRun bvmJmlr = CliRun.of("cvm", "train", "--data", data.toString(), "--engine", "spark", "--method", "bvm",
                "--mode", "jmlr");
        assertThat(bvmJmlr.err()).isEqualTo("kernelkit: error: --engine spark needs Spark on the class path: run "
                + "spark/bin/kernelkit-spark with the same arguments" + System.lineSeparator());
        assertThat(kernelFrom.err()).isEqualTo("kernelkit: error: --kernel-from, --method cvr (Spark trains cvm, bvm and one-class): not "
                + "supported with --engine spark yet (use --engine local)" + System.lineSeparator());
    }

    @Test
    void aFolderOfPartFilesOnTheLocalEngineIsOneLineNamingTheSparkEngine() throws Exception {
        Path parts = java.nio.file.Files.createDirectories(dir.resolve("parts"));
        CliRun r = CliRun.of("cvm", "train", "--data", parts.toString());

        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --data: " + parts + " is a folder: this engine reads one file "
                + "(a folder of part files trains with --engine spark, spark/bin/kernelkit-spark)"
                + System.lineSeparator());
    }
}
