package dev.kernelkit.cli.mkl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kernelkit.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mkl compare} on the engine path, method by method: each method's block equals what {@code mkl cv} of that
 * method gives on the same splits and grids (a separate command), and {@code --engine local} is the default.
 */
class MklCompareEngineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Keys of measured times, which differ from run to run. */
    private static final Pattern TIMES = Pattern.compile(".*seconds.*");

    private static final List<String> PROTOCOL = List.of("--c-grid", "1,10", "--nu-grid", "0.5,1", "--inner-folds", "3",
            "--splits", "3", "--seed", "2");

    @Test
    void everyMethodOfMklCompareHasTheSplitsAndChoicesOfMklCvOfThatMethod(@TempDir Path dir) throws Exception {
        Path data = MklCommandTest.libsvm(dir, "blobs.libsvm", TestData.gaussianBlobs(90, 2, 1.5, 4));
        Path compareJson = dir.resolve("compare.json");
        List<String> args = new ArrayList<>(List.of("compare", "--data", data.toString(), "--methods", "sm1,ave"));
        args.addAll(PROTOCOL);
        args.addAll(List.of("--json", compareJson.toString()));
        MklCommandTest.Run c = MklCommandTest.run(args.toArray(String[]::new));
        assertThat(c.code()).as(c.err()).isZero();
        JsonNode compare = JSON.readTree(compareJson.toFile());
        assertThat(compare.get("engine").asText()).isEqualTo("local");
        assertThat(compare.get("master").isNull()).isTrue();

        for (String method : List.of("sm1", "ave")) {
            Path cvJson = dir.resolve(method + ".json");
            List<String> cvArgs = new ArrayList<>(List.of("cv", "--data", data.toString(), "--method", method));
            cvArgs.addAll(PROTOCOL);
            cvArgs.addAll(List.of("--json", cvJson.toString()));
            MklCommandTest.Run cv = MklCommandTest.run(cvArgs.toArray(String[]::new));
            assertThat(cv.code()).as(cv.err()).isZero();
            JsonNode block = timeless(compare.get("methods").get(method));
            JsonNode alone = timeless(JSON.readTree(cvJson.toFile()));
            assertThat(block.get("split_accuracies")).as(method).hasSize(3);
            for (Iterator<String> it = block.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                assertThat(alone.get(key)).as(method + " " + key).isEqualTo(block.get(key));
            }
        }
    }

    @Test
    void verboseNamesEverySplitOfEveryMethodAndTheTableFollows(@TempDir Path dir) throws Exception {
        Path data = MklCommandTest.libsvm(dir, "blobs.libsvm", TestData.gaussianBlobs(60, 2, 2.0, 5));
        List<String> args = new ArrayList<>(List.of("compare", "--data", data.toString(), "--methods", "sm1,ave",
                "--verbose", "--threads", "1"));
        args.addAll(PROTOCOL);
        MklCommandTest.Run c = MklCommandTest.run(args.toArray(String[]::new));
        assertThat(c.code()).as(c.err()).isZero();
        for (String method : List.of("sm1", "ave")) {
            for (int split = 1; split <= 3; split++) {
                assertThat(c.out()).contains("split " + split + " " + method + ": ");
            }
        }
        assertThat(c.out().indexOf("split 3 ave: ")).isLessThan(c.out().indexOf("accuracy %"));
    }

    private static JsonNode timeless(JsonNode node) {
        JsonNode copy = node.deepCopy();
        if (copy instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                if (TIMES.matcher(it.next().getKey()).matches()) {
                    it.remove();
                }
            }
        }
        return copy;
    }
}
