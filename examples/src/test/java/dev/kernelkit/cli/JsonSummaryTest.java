package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonSummaryTest {

    @Test
    void writtenDocumentParsesBackWithTheSameValues() throws Exception {
        JsonSummary s = new JsonSummary()
                .put("accuracy_mean", 0.8509)
                .put("accuracy_sd", 0.0125)
                .put("train_seconds", 12.5)
                .put("folds", 5L)
                .put("tiny", 1.0E-12)
                .put("big", 6.02E23)
                .put("negative_zero", -0.0)
                .put("converged", true)
                .put("name", "a9a")
                .put("nothing", (String) null)
                .putList("per_fold", new double[] {0.5, 0.75, 1.0})
                .putList("mixed", List.of(1, "two", false))
                .put("nested", new JsonSummary().put("gamma", 0.05).put("c", 1.0))
                .put("empty", new JsonSummary());

        JsonNode back = TestJson.parse(s.toJson());

        assertThat(TestJson.keys(back)).containsExactly("accuracy_mean", "accuracy_sd", "train_seconds", "folds", "tiny",
                "big", "negative_zero", "converged", "name", "nothing", "per_fold", "mixed", "nested", "empty");
        assertThat(back.get("accuracy_mean").doubleValue()).isEqualTo(0.8509);
        assertThat(back.get("train_seconds").doubleValue()).isEqualTo(12.5);
        assertThat(back.get("folds").isIntegralNumber()).isTrue();
        assertThat(back.get("folds").longValue()).isEqualTo(5L);
        assertThat(back.get("tiny").doubleValue()).isEqualTo(1.0E-12);
        assertThat(back.get("big").doubleValue()).isEqualTo(6.02E23);
        assertThat(back.get("negative_zero").doubleValue()).isZero();
        assertThat(back.get("converged").booleanValue()).isTrue();
        assertThat(back.get("name").textValue()).isEqualTo("a9a");
        assertThat(back.get("nothing").isNull()).isTrue();
        assertThat(TestJson.doubles(back.get("per_fold"))).containsExactly(0.5, 0.75, 1.0);
        JsonNode mixed = back.get("mixed");
        assertThat(mixed.size()).isEqualTo(3);
        assertThat(mixed.get(0).intValue()).isEqualTo(1);
        assertThat(mixed.get(1).textValue()).isEqualTo("two");
        assertThat(mixed.get(2).isBoolean()).isTrue();
        assertThat(mixed.get(2).booleanValue()).isFalse();
        assertThat(TestJson.keys(back.get("nested"))).containsExactly("gamma", "c");
        assertThat(back.get("nested").get("gamma").doubleValue()).isEqualTo(0.05);
        assertThat(back.get("nested").get("c").doubleValue()).isEqualTo(1.0);
        assertThat(back.get("empty").isObject()).isTrue();
        assertThat(back.get("empty").size()).isZero();
    }

    @Test
    void layoutIsTwoSpaceIndentedWithOneLineListsAndIntegralDoublesAsIntegers() {
        // Written out by hand: the layout README's examples and the command tests' text checks rely on.
        JsonSummary s = new JsonSummary()
                .put("n", 7L)
                .put("dim", 7.0)
                .put("accuracy", 0.85)
                .put("tiny", 1.0E-12)
                .put("negative_zero", -0.0)
                .put("largest_integral", 999_999_999_999_999.0)
                .put("big", 1.0E15)
                .put("ok", true)
                .put("name", "a9a")
                .putNull("test")
                .putList("folds", new double[] {0.5, 1.0, 3.0})
                .putList("none", List.of())
                .put("nested", new JsonSummary().put("c", 10.0)
                        .putList("objects", List.of(new JsonSummary().put("k", 1L), new JsonSummary())))
                .put("empty", new JsonSummary());

        assertThat(s.toJson()).isEqualTo("""
                {
                  "n": 7,
                  "dim": 7,
                  "accuracy": 0.85,
                  "tiny": 1.0E-12,
                  "negative_zero": 0,
                  "largest_integral": 999999999999999,
                  "big": 1.0E15,
                  "ok": true,
                  "name": "a9a",
                  "test": null,
                  "folds": [0.5, 1, 3],
                  "none": [],
                  "nested": {
                    "c": 10,
                    "objects": [{
                      "k": 1
                    }, {}]
                  },
                  "empty": {}
                }
                """);
        assertThat(new JsonSummary().toJson()).isEqualTo("{}\n");
    }

    @Test
    void stringsWithQuotesBackslashesControlCharactersAndUnicodeRoundTrip() throws Exception {
        String nasty = "say \"hi\"\\ C:\\data\\a9a\n\ttab\r\b\f \u0001 \u001f caf\u00e9 \u2028 \u2029 \ud83d\ude00";
        JsonSummary s = new JsonSummary().put("file", nasty).put("key \"with\" quotes\n", 1L);

        String json = s.toJson();
        JsonNode back = TestJson.parse(json);

        assertThat(back.get("file").textValue()).isEqualTo(nasty);
        assertThat(TestJson.keys(back)).containsExactly("file", "key \"with\" quotes\n");
        // Escapes as RFC 8259 spells them; control characters and U+2028/2029 never appear raw.
        assertThat(new JsonSummary().put("s", "a\"b\\c\nd\u0001").toJson()).isEqualTo("{\n  \"s\": \"a\\\"b\\\\c\\nd\\u0001\"\n}\n");
        assertThat(json).contains("\\u2028", "\\u2029").doesNotContain("\u2028", "\u2029");
        assertThat(json.chars().filter(ch -> ch < 0x20 && ch != '\n')).isEmpty();
    }

    @Test
    void nanAndInfinityAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> new JsonSummary().put("accuracy_sd", Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("JSON value of 'accuracy_sd' must be a finite number, got NaN");
        assertThatThrownBy(() -> new JsonSummary().put("x", Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Infinity");
        assertThatThrownBy(() -> new JsonSummary().putOptional("x", Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'x'");
        assertThatThrownBy(() -> new JsonSummary().putList("trace", new double[] {1, Double.NEGATIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'trace[1]'");
        assertThatThrownBy(() -> new JsonSummary().putList("l", List.of(Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'l[0]'");
        assertThatThrownBy(() -> new JsonSummary().putList("l", List.of(new Object())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Object");
        assertThatThrownBy(() -> new JsonSummary().put("", 1L))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("JSON key must be a non-empty string, got \"\"");
    }

    @Test
    void writeToReplacesTheFileAtomicallyAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("out/summary.json");
        new JsonSummary().put("run", 1L).writeTo(target);
        new JsonSummary().put("run", 2L).writeTo(target);

        JsonNode back = TestJson.read(target);
        assertThat(TestJson.keys(back)).containsExactly("run");
        assertThat(back.get("run").longValue()).isEqualTo(2L);
        try (var files = Files.list(target.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("summary.json");
        }
    }

    @Test
    void theTestReaderRefusesWhatIsNotStrictJson() {
        // The reader the command tests use must not accept what a lenient parser would.
        assertThatThrownBy(() -> TestJson.parse("{\"a\": 1, \"a\": 2}")).hasMessageContaining("Duplicate field 'a'");
        assertThatThrownBy(() -> TestJson.parse("{\"a\": 1} {")).isInstanceOf(Exception.class);
        assertThatThrownBy(() -> TestJson.parse("{\"a\": NaN}")).isInstanceOf(Exception.class);
        assertThatThrownBy(() -> TestJson.parse("{\"a\": 01}")).isInstanceOf(Exception.class);
        assertThatThrownBy(() -> TestJson.parse("[1]")).hasMessageContaining("not a JSON object");
    }
}
