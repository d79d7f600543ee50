package dev.kernelkit.cli.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reproduce summary} over table JSONs written by real {@code reproduce} runs of the test table (one
 * {@code --quick}, one full): a Markdown row per row of every table, whose numbers are the tables' own (formatted
 * here from the JSONs), the difference ours − paper, the protocol and the source file; files that are not table
 * JSONs are one error line naming them.
 */
class ReproduceSummaryCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static Path quick;
    static Path full;

    @BeforeAll
    static void tables() throws IOException {
        Path data = dir.resolve("data");
        Files.createDirectories(data.resolve("tiny"));
        Random r = new Random(5);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            int y = i % 2 == 0 ? 1 : -1;
            b.append(String.format(Locale.ROOT, "%d 1:%.4f 2:%.4f%n", y, y * 0.8 + r.nextGaussian(), r.nextGaussian()));
        }
        Files.writeString(data.resolve("tiny/tiny.libsvm"), b.toString());
        quick = dir.resolve("quick.json");
        full = dir.resolve("full.json");
        // the test table's "bad" run fails on purpose (exit code 1); the JSON is written all the same
        ReproduceCommandTest.Run q = ReproduceCommandTest.run("reproduce", "test-table", "--quick", "--data-dir",
                data.toString(), "--json", quick.toString());
        assertThat(q.code()).as(q.err()).isEqualTo(Main.BAD_INPUT);
        ReproduceCommandTest.Run f = ReproduceCommandTest.run("reproduce", "test-table", "--runs", "svm,missing",
                "--data-dir", data.toString(), "--json", full.toString());
        assertThat(f.code()).as(f.err()).isZero();
    }

    /** The "%.2f" of a number below 1,000 (every number of the test table). */
    private static String two(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    @Test
    void everyRowOfEveryTableIsOneMarkdownRowWithOursThePaperTheDifferenceTheProtocolAndTheSource() throws Exception {
        Path md = dir.resolve("summary.md");
        ReproduceCommandTest.Run s = ReproduceCommandTest.run("reproduce", "summary", quick.toString(), full.toString(),
                "--markdown", md.toString());
        assertThat(s.code()).as(s.err()).isZero();
        String text = Files.readString(md);
        assertThat(s.out()).isEqualTo(text);
        List<String> lines = text.lines().filter(l -> l.startsWith("| test-table |")).toList();
        List<JsonNode> rows = new ArrayList<>();
        JSON.readTree(quick.toFile()).get("rows").forEach(rows::add);
        JSON.readTree(full.toFile()).get("rows").forEach(rows::add);
        assertThat(lines).hasSize(rows.size()).hasSize(10);
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            String[] cells = lines.get(i).split(" \\| ");
            assertThat(cells[1]).isEqualTo(row.get("method").asText());
            assertThat(cells[2]).isEqualTo(row.get("dataset").asText());
            assertThat(cells[7]).isEqualTo(i < 5 ? "quick" : "full");
            assertThat(cells[8]).isEqualTo("`" + (i < 5 ? quick : full) + "` |");
            if (row.get("ours_mean").isNull()) {
                assertThat(cells[3]).isEqualTo("— (" + row.get("status").asText() + ")");
                assertThat(cells[5]).isEqualTo("—");
                continue;
            }
            double ours = row.get("ours_mean").asDouble();
            int n = row.get("ours_n").asInt();
            String sd = row.get("ours_sd").isNull() || n < 2 ? "" : " ± " + two(row.get("ours_sd").asDouble());
            assertThat(cells[3]).isEqualTo(two(ours) + sd + " (n " + n + ")");
            if (row.get("paper_mean").isNull()) {
                assertThat(cells[4]).isEqualTo("—");
                assertThat(cells[5]).isEqualTo("—");
            } else {
                double diff = ours - row.get("paper_mean").asDouble();
                assertThat(cells[5]).isEqualTo(String.format(Locale.ROOT, "%+.2f", diff));
            }
            assertThat(cells[6]).isEqualTo(row.get("difference_in_se").isNull() ? "—"
                    : String.format(Locale.ROOT, "%+.1f", row.get("difference_in_se").asDouble()));
        }
        // the svm row of both tables has a number and the paper's 80.0 ± 4.0
        assertThat(lines.get(0)).contains("| 80.00 ± 4.00 |");
        assertThat(lines.get(5).split(" \\| ")[3]).doesNotStartWith("—");
    }

    @Test
    void aFileThatIsNotATableJsonIsOneLineNamingItAndNothingIsWritten() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "not json\n");
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"command\": \"svm cv\", \"accuracy_mean\": 0.9}\n");
        Path noRows = Files.writeString(dir.resolve("norows.json"), "{\"table\": \"x\", \"quick\": true, \"rows\": "
                + "[{\"method\": \"svm\"}]}\n");
        Path missing = dir.resolve("missing.json");
        for (Path bad : List.of(text, other, noRows, missing)) {
            Path md = dir.resolve("bad.md");
            ReproduceCommandTest.Run s = ReproduceCommandTest.run("reproduce", "summary", quick.toString(),
                    bad.toString(), "--markdown", md.toString());
            assertThat(s.code()).as(bad.toString()).isEqualTo(Main.BAD_INPUT);
            assertThat(s.err().lines().toList()).as(bad.toString()).hasSize(1);
            assertThat(s.err()).startsWith("kernelkit: error: " + bad);
            assertThat(s.out()).isEmpty();
            assertThat(md).doesNotExist();
        }
    }

    @Test
    void theMarkdownFileMayNotBeOneOfTheTablesItReads() throws Exception {
        Path copy = Files.copy(quick, dir.resolve("copy.json"));
        byte[] before = Files.readAllBytes(copy);
        ReproduceCommandTest.Run s = ReproduceCommandTest.run("reproduce", "summary", copy.toString(), "--markdown",
                dir.resolve(".").resolve("copy.json").toString());
        assertThat(s.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(s.err().lines().toList()).hasSize(1);
        assertThat(Files.readAllBytes(copy)).isEqualTo(before);
    }

    @Test
    void aTableStillRunsAndSummaryNeedsAtLeastOneJson() {
        ReproduceCommandTest.Run none = ReproduceCommandTest.run("reproduce", "summary");
        assertThat(none.code()).isEqualTo(Main.USAGE);
        assertThat(none.err()).contains("JSON");
        ReproduceCommandTest.Run noTable = ReproduceCommandTest.run("reproduce", "--quick");
        assertThat(noTable.code()).isEqualTo(Main.USAGE);
        assertThat(noTable.err()).contains("Missing required parameter: 'TABLE'");
        ReproduceCommandTest.Run unknown = ReproduceCommandTest.run("reproduce", "table-9");
        assertThat(unknown.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(unknown.err()).contains("table-9");
    }
}
