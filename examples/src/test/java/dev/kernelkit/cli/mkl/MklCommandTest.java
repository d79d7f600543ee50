package dev.kernelkit.cli.mkl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.testing.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MklCommandTest {

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new MklCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static Path libsvm(Path dir, String name, LabeledDataset d) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < d.size(); i++) {
            sb.append(d.y(i) > 0 ? "+1" : "-1");
            double[] x = d.x(i).toArray();
            for (int j = 0; j < x.length; j++) {
                sb.append(String.format(Locale.ROOT, " %d:%s", j + 1, Double.toString(x[j])));
            }
            sb.append('\n');
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb.toString());
        return p;
    }

    @Test
    void trainPredictAndCompareWriteTheDocumentedJsonKeys(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(60, 2, 3.0, 1));
        Path test = libsvm(dir, "test.libsvm", TestData.gaussianBlobs(40, 2, 3.0, 2));
        Path model = dir.resolve("m.model");
        Run t = run("train", "--data", train.toString(), "--method", "sm1", "--c", "100", "--theta", "0.1",
                "--model", model.toString());
        assertThat(t.code()).as(t.err()).isZero();
        Run p = run("predict", "--data", test.toString(), "--model", model.toString(), "--json", dir.resolve("p.json").toString());
        assertThat(p.code()).as(p.err()).isZero();
        assertThat(p.out()).contains("accuracy");
        Path json = dir.resolve("c.json");
        Run c = run("compare", "--data", train.toString(), "--splits", "2", "--c", "100", "--theta", "0.1", "--p", "2",
                "--json", json.toString());
        assertThat(c.code()).as(c.err()).isZero();
        String text = Files.readString(json);
        for (String method : new String[] {"sm1", "sm2", "lp", "simple", "ave"}) {
            assertThat(text).contains("\"" + method + "\"");
        }
        for (String key : new String[] {"accuracy_mean", "accuracy_sd", "kernels_selected_mean", "train_seconds_mean",
                "svm_solves_mean"}) {
            assertThat(text).contains("\"" + key + "\"");
        }
    }

    @Test
    void noiseRatioAppendsRandomFeatures(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(40, 5, 3.0, 1));
        Path json = dir.resolve("n.json");
        // r = 0.4, d = 5: 2 noise features, dimension 7
        Run c = run("compare", "--data", train.toString(), "--methods", "ave", "--splits", "1", "--c", "10",
                "--noise-ratio", "0.4", "--json", json.toString());
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(Files.readString(json)).contains("\"dim\": 7");
    }

    @Test
    void benchComparesOursWithTheStraightforwardFit(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(40, 2, 3.0, 1));
        Run b = run("bench", "--data", train.toString(), "--method", "sm1", "--c", "10", "--theta", "0.1", "--splits", "1");
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(b.out()).contains("straightforward / ours");
        Run missing = run("bench", "--data", train.toString(), "--method", "sm1", "--c", "10", "--splits", "1");
        assertThat(missing.code()).isNotZero();
        assertThat(missing.err()).contains("--theta");
    }

    @Test
    void badMethodAndThetaAreReported(@TempDir Path dir) throws Exception {
        Path train = libsvm(dir, "train.libsvm", TestData.gaussianBlobs(30, 2, 3.0, 1));
        Run bad = run("cv", "--data", train.toString(), "--method", "sm7", "--c", "1");
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("unknown MKL method 'sm7'");
        // M = 13 * 3 = 39 kernels: theta must be >= 1/39
        Run theta = run("cv", "--data", train.toString(), "--method", "sm1", "--c", "1", "--theta", "0.01", "--splits", "1");
        assertThat(theta.code()).isNotZero();
        assertThat(theta.err()).contains("theta must be >= 1/M = 1/39");
    }
}
