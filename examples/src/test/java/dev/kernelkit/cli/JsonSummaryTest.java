package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonSummaryTest {

    @Test
    void writtenDocumentParsesBackWithTheSameValues() {
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

        Map<String, Object> back = TinyJsonParser.parseObject(s.toJson());

        assertThat(back.keySet()).containsExactly("accuracy_mean", "accuracy_sd", "train_seconds", "folds", "tiny", "big",
                "negative_zero", "converged", "name", "nothing", "per_fold", "mixed", "nested", "empty");
        assertThat(back.get("accuracy_mean")).isEqualTo(0.8509);
        assertThat(back.get("train_seconds")).isEqualTo(12.5);
        assertThat(back.get("folds")).isEqualTo(5.0);
        assertThat(back.get("tiny")).isEqualTo(1.0E-12);
        assertThat(back.get("big")).isEqualTo(6.02E23);
        assertThat(back.get("converged")).isEqualTo(true);
        assertThat(back.get("name")).isEqualTo("a9a");
        assertThat(back).containsEntry("nothing", null);
        assertThat(back.get("per_fold")).isEqualTo(List.of(0.5, 0.75, 1.0));
        assertThat(back.get("mixed")).isEqualTo(List.of(1.0, "two", false));
        assertThat(back.get("nested")).isEqualTo(Map.of("gamma", 0.05, "c", 1.0));
        assertThat(back.get("empty")).isEqualTo(Map.of());
    }

    @Test
    void integralDoublesAreWrittenWithoutFractionOrExponent() {
        // 3.0 -> "3"; -0.0 -> "0" (JSON has no negative zero worth keeping in a summary).
        assertThat(JsonSummary.number(3.0)).isEqualTo("3");
        assertThat(JsonSummary.number(-0.0)).isEqualTo("0");
        assertThat(JsonSummary.number(0.1)).isEqualTo("0.1");
    }

    @Test
    void stringsWithQuotesBackslashesControlCharactersAndUnicodeRoundTrip() {
        String nasty = "say \"hi\"\\ C:\\data\\a9a\n\ttab\r\b\f \u0001 \u001f caf\u00e9 \u2028 \ud83d\ude00";
        JsonSummary s = new JsonSummary().put("file", nasty).put("key \"with\" quotes\n", 1L);

        String json = s.toJson();
        Map<String, Object> back = TinyJsonParser.parseObject(json);

        assertThat(back.get("file")).isEqualTo(nasty);
        assertThat(back).containsKey("key \"with\" quotes\n");
        // Escapes as RFC 8259 spells them; control characters never appear raw.
        assertThat(JsonSummary.quote("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
        assertThat(json.chars().filter(ch -> ch < 0x20 && ch != '\n')).isEmpty();
    }

    @Test
    void nanAndInfinityAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> new JsonSummary().put("accuracy_sd", Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("JSON value of 'accuracy_sd' must be a finite number, got NaN");
        assertThatThrownBy(() -> new JsonSummary().put("x", Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Infinity");
        assertThatThrownBy(() -> new JsonSummary().putList("trace", new double[] {1, Double.NEGATIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'trace[1]'");
        assertThatThrownBy(() -> new JsonSummary().putList("l", List.of(Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'l[0]'");
        assertThatThrownBy(() -> new JsonSummary().putList("l", List.of(new Object())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Object");
    }

    @Test
    void writeToReplacesTheFileAtomicallyAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("out/summary.json");
        new JsonSummary().put("run", 1L).writeTo(target);
        new JsonSummary().put("run", 2L).writeTo(target);

        assertThat(TinyJsonParser.parseObject(Files.readString(target))).isEqualTo(Map.of("run", 2.0));
        try (var files = Files.list(target.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("summary.json");
        }
    }
}
