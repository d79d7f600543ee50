package dev.kernelkit.cli.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SparseMiCommandTest {

    private static String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return out + err.toString();
    }

    @Test
    void trainPredictAndCvOnTheRingProblem(@TempDir Path dir) throws Exception {
        BagDataset ring = SyntheticData.ringBags(15, 4, 6, 21);
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(ring, data);
        Path model = dir.resolve("ring.model");
        String train = run(0, "train", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10",
                "--model", model.toString());
        assertThat(train).contains("training_accuracy 1.0000").contains("bags 30");
        String twice = run(0, "train", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10",
                "--replicate", "2", "--iterations", "3");
        assertThat(twice).contains("bags 60").contains("instances " + 2 * ring.instanceCount());
        String predict = run(0, "predict", "--model", model.toString(), "--data", data.toString());
        assertThat(predict).contains("# accuracy 1.0000").contains("kernel_evals_per_instance 2");
        Path json = dir.resolve("cv.json");
        String cv = run(0, "cv", "--data", data.toString(), "--xv", "2", "--gamma", "0.5", "--c", "10", "--folds",
                "3", "--method", "rsvm", "--json", json.toString());
        assertThat(cv).contains("method rsvm");
        String mik = run(0, "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "10", "--folds", "3",
                "--method", "mikernel");
        assertThat(mik).contains("method mikernel").contains("accuracy ");
        String text = Files.readString(json);
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "xv", "train_seconds", "predict_seconds",
                "kernel_evals_per_instance"}) {
            assertThat(text).contains("\"" + key + "\"");
        }
    }

    @Test
    void badOptionsAreReportedByName(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(5, 3, 4, 2), data);
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            line.getErr().println(ex.getMessage());
            return 1;
        });
        assertThat(cl.execute("cv", "--data", data.toString(), "--gamma", "1")).isEqualTo(1);
        assertThat(err.toString()).contains("give both --gamma and --c");
        assertThat(cl.execute("cv", "--data", data.toString(), "--method", "best", "--gamma", "1", "--c", "1"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("--method must be sparsemi, mikernel, rsvm or rs, got 'best'");
    }

    @Test
    void compareWritesOneSummaryPerChosenMethodAndMarksTheOthers(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(9, 2, 4, 6), data);
        Path json = dir.resolve("compare.json");
        String out = run(0, "compare", "--data", data.toString(), "--folds", "3", "--xv", "2", "--iterations", "2",
                "--methods", "rsvm,mi-SVM,MI-SVM,miles", "--json", json.toString());
        assertThat(out).contains("cccp      not run (--methods)").contains("sparsemi  not run (--methods)");
        String text = Files.readString(json);
        assertThat(text).contains("\"methods\": {");
        for (String m : new String[] {"rsvm", "mi-SVM", "MI-SVM", "miles"}) {
            assertThat(text).contains("\"" + m + "\": {");
        }
        for (String m : new String[] {"sparsemi", "mikernel", "\"rs\"", "mi-svm", "cccp"}) {
            assertThat(text).doesNotContain(m.startsWith("\"") ? m : "\"" + m + "\"");
        }
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "vectors", "train_seconds", "predict_seconds"}) {
            assertThat(text.split("\"" + key + "\"", -1)).hasSize(5);
        }
    }

    @Test
    void compareRejectsAnUnknownMethod(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(5, 3, 4, 2), data);
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SparseMiCommand());
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            line.getErr().println(ex.getMessage());
            return 1;
        });
        assertThat(cl.execute("compare", "--data", data.toString(), "--methods", "best")).isEqualTo(1);
        assertThat(err.toString()).contains("unknown method 'best'");
    }
}
