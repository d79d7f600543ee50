package dev.kernelkit.cli.prototypes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class PrototypesCommandTest {

    private static int run(StringWriter out, String... args) {
        CommandLine cl = new CommandLine(new PrototypesCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void demoWritesAccuracyAndNineChannelWeights(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("demo.json");
        StringWriter out = new StringWriter();
        assertThat(run(out, "demo", "--json", json.toString())).isZero();
        String text = Files.readString(json);
        // The 28 test samples of the 4 well-separated classes are all classified correctly (the
        // experiment's known outcome); JSON may write the number 1.0 as 1.
        java.util.regex.Matcher acc = java.util.regex.Pattern.compile("\"accuracy\": ([0-9.eE+-]+)").matcher(text);
        assertThat(acc.find()).as(text).isTrue();
        assertThat(Double.parseDouble(acc.group(1))).isEqualTo(1.0);
        String weights = text.substring(text.indexOf('[') + 1, text.indexOf(']'));
        assertThat(weights.split(",")).hasSize(9);
        assertThat(out.toString()).contains("channel 9");
    }

    @Test
    void trainPredictAndCvOnAFile(@TempDir Path dir) throws Exception {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        java.util.List<dev.kernelkit.data.Vec> xs = new java.util.ArrayList<>();
        double[] ys = new double[30];
        for (int i = 0; i < 30; i++) {
            int q = i % 3;
            xs.add(dev.kernelkit.data.DenseVec.of(q + 0.3 * rnd.nextGaussian(), -q + 0.3 * rnd.nextGaussian(),
                    rnd.nextGaussian()));
            ys[i] = q + 1;
        }
        LabeledDataset data = new LabeledDataset(xs, ys);
        Path file = dir.resolve("d.libsvm");
        LibsvmFormat.write(data, file);
        Path model = dir.resolve("m.model");
        StringWriter out = new StringWriter();
        assertThat(run(out, "train", "--data", file.toString(), "--model", model.toString(), "--t", "2",
                "--max-iterations", "3")).isZero();
        assertThat(Files.exists(model)).isTrue();
        StringWriter pred = new StringWriter();
        assertThat(run(pred, "predict", "--data", file.toString(), "--model", model.toString())).isZero();
        assertThat(pred.toString().lines().filter(l -> !l.startsWith("#")).count()).isEqualTo(data.size());
        Path json = dir.resolve("cv.json");
        assertThat(run(new StringWriter(), "cv", "--data", file.toString(), "--t", "2", "--splits", "2",
                "--max-iterations", "2", "--json", json.toString())).isZero();
        String text = Files.readString(json);
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "ip_mean", "dr_mean", "kernels_selected_mean",
                "train_seconds_mean"}) {
            assertThat(text).contains("\"" + key + "\"");
        }
    }
}
