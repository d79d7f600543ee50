package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.cli.Main;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Model;
import dev.kernelkit.data.Vec;
import dev.kernelkit.spark.ml.TransformBench;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TransformBench} (the 10^7-row transform benchmark) on a few thousand rows of the shared session: the rows
 * it generates on the executors are the rows it writes to the LIBSVM file (read back by {@link LibsvmFormat}: the
 * checkerboard labels of their points), and the Spark predictions of its sample and its count of correct rows are
 * the one-machine model's ({@link Models#load}) on that file.
 */
class TransformBenchTest {
    private final SparkSession spark = SharedSpark.session();

    @Test
    @SuppressWarnings("unchecked")
    void sparkPredictionsAndCorrectCountEqualTheModelFileOnTheWrittenRows(@TempDir Path dir) throws Exception {
        LibsvmFormat.write(SyntheticData.checkerboard(400, 4, 3), dir.resolve("train.libsvm"));
        Path modelFile = dir.resolve("cvm.model");
        StringWriter err = new StringWriter();
        assertThat(Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err, true), "cvm", "train", "--data",
                dir.resolve("train.libsvm").toString(), "--model", modelFile.toString(), "--seed", "1"))
                .as(err.toString()).isZero();
        int n = 3000;
        TransformBench.Options o = TransformBench.parse("--model", modelFile.toString(), "--rows", "" + n,
                "--partitions", "3", "--seed", "7", "--libsvm", dir.resolve("rows.libsvm").toString(), "--sample",
                dir.resolve("sample.txt").toString(), "--sample-rows", "" + n);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TransformBench.run(spark, o, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        Map<String, String> printed = new HashMap<>();
        for (String line : bytes.toString(StandardCharsets.UTF_8).split("\n")) {
            String[] kv = line.split(" ", 2);
            printed.put(kv[0], kv[1]);
        }
        LabeledDataset rows = LibsvmFormat.readDense(dir.resolve("rows.libsvm"), 2);
        assertThat(rows.size()).isEqualTo(n);
        Model<Vec> model = (Model<Vec>) Models.load(modelFile);
        long correct = 0;
        for (int i = 0; i < n; i++) {
            Vec x = rows.x(i);
            assertThat(x.get(0)).isBetween(0.0, 1.0);
            assertThat(rows.y(i)).as("row %d", i).isEqualTo(SyntheticData.checkerboardLabel(x.get(0), x.get(1), 4));
            correct += Double.parseDouble(model.classNames().get(model.predict(x))) == rows.y(i) ? 1 : 0;
        }
        List<String> sample = Files.readAllLines(dir.resolve("sample.txt"));
        assertThat(sample).hasSize(n);
        for (String line : sample) {
            String[] s = line.split(" ");
            int i = Integer.parseInt(s[0]);
            assertThat(Double.parseDouble(s[1])).as("row %d", i)
                    .isEqualTo(Double.parseDouble(model.classNames().get(model.predict(rows.x(i)))));
        }
        assertThat(printed.get("rows")).isEqualTo("" + n);
        assertThat(printed.get("correct")).isEqualTo("" + correct);
        assertThat(correct).as("a CVM learns the 4 x 4 checkerboard").isGreaterThan(n * 8L / 10);
    }

    @Test
    void badOptionsAreOneLineNamingTheOptionAndValue() {
        assertThatThrownBy(() -> TransformBench.parse("--model", "m", "--rows", "0"))
                .hasMessage("--rows must be >= 1, got 0");
        assertThatThrownBy(() -> TransformBench.parse("--model", "m", "--rows", "ten"))
                .hasMessage("--rows must be an integer, got 'ten'");
        assertThatThrownBy(() -> TransformBench.parse("--rows", "5")).hasMessage("--model FILE is required");
    }
}
