package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model file declaring 2^31 - 1, 2^31 or 10^18 machines or problems (issue #35) is refused by
 * {@code predict} in one line naming the key, checked against the file's content before anything is
 * allocated, as support-vector counts already were.
 */
class ModelCountsTest {
    @TempDir
    Path dir;

    /** The model text with the first line "KEY VALUE" (or "KEY = VALUE") given another value. */
    private static String withCount(String model, String key, String value) {
        Matcher m = Pattern.compile("(?m)^(" + Pattern.quote(key) + "\\s*[= ]\\s*)\\S+$").matcher(model);
        assertThat(m.find()).as("the model has a line for %s:%n%s", key, model).isTrue();
        return model.substring(0, m.start()) + m.group(1) + value + model.substring(m.end());
    }

    private void assertRefused(Path model, String key, Path data) throws Exception {
        String text = Files.readString(model);
        for (String huge : List.of("2147483647", "2147483648", "1000000000000000000")) {
            Path bad = dir.resolve("bad-" + huge + ".model");
            Files.writeString(bad, withCount(text, key, huge));
            CliRun r = CliRun.of("predict", "--model", bad.toString(), "--data", data.toString());
            PredictCommandTest.assertOneErrorLine(r, bad.getFileName().toString(), key);
            assertThat(r.err()).doesNotContain("out of memory").doesNotContain("internal error");
        }
    }

    @Test
    void anSvmModelDeclaringHugeMachineCountsIsOneLine() throws Exception {
        Path data = CliEndToEndTest.blobs(dir, "d.libsvm", 40, 1);
        Path model = dir.resolve("svm.model");
        assertThat(CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                model.toString()).exitCode()).isZero();
        String key = Files.readString(model).lines().filter(l -> l.matches("\\S*machines\\s*[= ].*")).findFirst()
                .orElseThrow().split("[\\s=]+")[0];
        assertRefused(model, key, data);
    }

    @Test
    void aCvmModelDeclaringHugeMachineCountsIsOneLine() throws Exception {
        Path data = CliEndToEndTest.blobs(dir, "d.libsvm", 40, 1);
        Path model = dir.resolve("cvm.model");
        CliRun r = CliRun.of("cvm", "train", "--data", data.toString(), "--model", model.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertRefused(model, "machines", data);
    }

    @Test
    void aSparseMiModelDeclaringHugeProblemCountsIsOneLine() throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(10, 3, 5, 5), data);
        Path model = dir.resolve("smi.model");
        CliRun r = CliRun.of("sparse-mi", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--xv", "2",
                "--model", model.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertRefused(model, "machines", data);
    }
}
