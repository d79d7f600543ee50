package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code svm train} and {@code train} name the kernel-row path their SMO's rows took ({@code kernel_path} in the
 * JSON, a "kernel rows:" line on the terminal) as the data decide it: every feature stored gives the dense path,
 * a few real-valued features per point the sparse (general) path, 0/1 features the popcount path; and a learner
 * that builds a Gram matrix names the Gram product, the same one in both places.
 */
class FitReportPathsTest {

    /**
     * A LIBSVM file of n points in d dimensions with {@code stored} features per point (real values, or 0/1 when
     * {@code binary}); the label is the sign of the first stored value's deviation (or of the feature count).
     */
    private static Path write(Path dir, String name, int n, int d, int stored, boolean binary, boolean regression,
                              long seed) throws Exception {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < n; i++) {
            StringBuilder row = new StringBuilder();
            double s = 0;
            int first = stored == d ? 0 : rnd.nextInt(d - stored + 1);
            for (int q = first; q < first + stored; q++) {
                double v = binary ? (rnd.nextBoolean() ? 1 : 0) : 0.5 + rnd.nextDouble();
                s += v * (q % 2 == 0 ? 1 : -1);
                if (v != 0) {
                    row.append(' ').append(q + 1).append(':').append(String.format(Locale.ROOT, "%.6f", v));
                }
            }
            String label = regression ? String.format(Locale.ROOT, "%.6f", s) : s > 0 ? "1" : "-1";
            text.append(label).append(row).append('\n');
        }
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private static JsonNode json(Path f) throws Exception {
        return new ObjectMapper().readTree(f.toFile());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "every feature stored, 300, 6, 6, false, dense",
        "5 of 400 features stored, 300, 400, 5, false, general",
        "0/1 features, 300, 40, 12, true, binary-popcount"})
    void svmTrainNamesTheKernelRowPathTheDataChoose(String label, int n, int d, int stored, boolean binary,
                                                    String path, @TempDir Path dir) throws Exception {
        Path data = write(dir, "d.libsvm", n, d, stored, binary, false, 7);
        Path js = dir.resolve("s.json");
        CliRun r = CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.2", "--c", "1", "--model",
                dir.resolve("m.model").toString(), "--json", js.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(json(js).get("kernel_path").asText()).isEqualTo(path);
        assertThat(r.out()).containsPattern("(?m)^kernel rows: " + path + "; Gram product: \\S+$");
    }

    @Test
    void trainNamesTheDensePathOfSvrAndTheSparsePathOfSvm(@TempDir Path dir) throws Exception {
        Path dense = write(dir, "dense.libsvm", 300, 5, 5, false, true, 11);
        Path js = dir.resolve("svr.json");
        CliRun r = CliRun.of("train", "--learner", "svr", "--data", dense.toString(), "--model",
                dir.resolve("svr.model").toString(), "--json", js.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(json(js).get("kernel_path").asText()).isEqualTo("dense");
        assertThat(r.out()).contains("kernel rows: dense; Gram product: ");

        Path sparse = write(dir, "sparse.libsvm", 300, 400, 5, false, false, 12);
        Path js2 = dir.resolve("svm.json");
        CliRun s = CliRun.of("train", "--learner", "svm", "--data", sparse.toString(), "--model",
                dir.resolve("svm.model").toString(), "--json", js2.toString());
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(json(js2).get("kernel_path").asText()).isEqualTo("general");
        assertThat(s.out()).contains("kernel rows: general; Gram product: ");
    }

    @Test
    void trainOfALearnerThatBuildsAGramNamesItsProductOnTheTerminalAsInTheJson(@TempDir Path dir) throws Exception {
        Path bags = dir.resolve("bags.csv");
        CsvBagFormat.write(TestData.randomBags(30, 4, 3, 2.0, 5), bags);
        Path js = dir.resolve("mk.json");
        CliRun r = CliRun.of("train", "--learner", "mikernel", "--data", bags.toString(), "--model",
                dir.resolve("mk.model").toString(), "--json", js.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String product = json(js).get("gram_product").asText();
        assertThat(product).isIn("java-tile", "openblas");
        assertThat(r.out()).containsPattern("(?m)^kernel rows: .+; Gram product: " + product + "$");
    }
}
