package dev.kernelkit.cli.reproduce;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One row of {@code reproduce summary}: a method on a data set as one table JSON of {@code reproduce TABLE --json F}
 * gives it ({@link RowResult#toJson}), with the table, its protocol and the file it came from.
 *
 * @param table the table's name ("mkl-table1")
 * @param method the row's method as the table names it
 * @param dataset the row's data set as the table names it
 * @param status "ran", or why the row has no number (the table's own words)
 * @param oursMean our mean (NaN when the row has none)
 * @param oursSd our sd (NaN when none)
 * @param oursN the count our sd is over (0 when not run)
 * @param paperMean the paper's mean (NaN when the paper gives none)
 * @param paperSd the paper's sd (NaN when none)
 * @param differenceInSe (ours − paper) in standard errors as the table computed it (NaN when it could not)
 * @param quick whether the table ran with {@code --quick}
 * @param source the table JSON, as given
 */
public record SummaryRow(String table, String method, String dataset, String status, double oursMean, double oursSd,
                         int oursN, double paperMean, double paperSd, double differenceInSe, boolean quick,
                         Path source) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The rows of one table JSON, in its order; a file that is not one is one line naming it. */
    public static List<SummaryRow> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such file (give the --json FILE of kernelkit reproduce TABLE)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw notATable(file, "not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw notATable(file, "not a JSON object");
        }
        JsonNode table = root.get("table");
        JsonNode quick = root.get("quick");
        JsonNode rows = root.get("rows");
        if (table == null || !table.isTextual() || quick == null || !quick.isBoolean() || rows == null
                || !rows.isArray()) {
            throw notATable(file, "no \"table\", \"quick\" and \"rows\"");
        }
        List<SummaryRow> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            JsonNode r = rows.get(i);
            if (!text(r, "dataset") || !text(r, "method") || !text(r, "status")) {
                throw notATable(file, "row " + (i + 1) + " has no dataset, method or status");
            }
            JsonNode n = r.get("ours_n");
            out.add(new SummaryRow(table.asText(), r.get("method").asText(), r.get("dataset").asText(),
                    r.get("status").asText(), number(r, "ours_mean"), number(r, "ours_sd"),
                    n != null && n.canConvertToInt() ? n.asInt() : 0, number(r, "paper_mean"), number(r, "paper_sd"),
                    number(r, "difference_in_se"), quick.asBoolean(), file));
        }
        return out;
    }

    private static IllegalArgumentException notATable(Path file, String why) {
        return new IllegalArgumentException(file + " is not a table JSON of kernelkit reproduce TABLE --json: " + why);
    }

    private static boolean text(JsonNode row, String key) {
        return row != null && row.get(key) != null && row.get(key).isTextual();
    }

    private static double number(JsonNode row, String key) {
        JsonNode v = row.get(key);
        return v != null && v.isNumber() ? v.asDouble() : Double.NaN;
    }

    /** Ours − paper, NaN when either is missing (shown with two decimals and its sign). */
    public double difference() {
        return oursMean - paperMean;
    }

    /** "81.48 ± 4.21 (n 10)", "81.48 (n 1)" without an sd over two or more, or "— (why)" without a number. */
    String oursText() {
        if (Double.isNaN(oursMean)) {
            return "— (" + status + ")";
        }
        String sd = Double.isNaN(oursSd) || oursN < 2 ? "" : " ± " + RowResult.fmt(oursSd);
        return RowResult.fmt(oursMean) + sd + " (n " + oursN + ")";
    }

    String paperText() {
        return Double.isNaN(paperMean) ? "—"
                : RowResult.fmt(paperMean) + (Double.isNaN(paperSd) ? "" : " ± " + RowResult.fmt(paperSd));
    }

    String differenceText() {
        double d = difference();
        return Double.isNaN(d) ? "—" : String.format(Locale.ROOT, "%+.2f", d);
    }

    String seText() {
        return Double.isNaN(differenceInSe) ? "—" : String.format(Locale.ROOT, "%+.1f", differenceInSe);
    }

    String protocolText() {
        return quick ? "quick" : "full";
    }

    /** The summary as one Markdown table, a row per method and data set of every table given, then its legend. */
    static String markdown(List<SummaryRow> rows) {
        StringBuilder b = new StringBuilder();
        b.append("| table | method | data set | ours (mean ± sd, n) | paper | ours − paper | diff/SE | protocol | source |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (SummaryRow r : rows) {
            b.append("| ").append(cell(r.table())).append(" | ").append(cell(r.method())).append(" | ")
                    .append(cell(r.dataset())).append(" | ").append(cell(r.oursText())).append(" | ")
                    .append(r.paperText()).append(" | ").append(r.differenceText()).append(" | ").append(r.seText())
                    .append(" | ").append(r.protocolText()).append(" | `").append(cell(r.source().toString()))
                    .append("` |\n");
        }
        b.append("\nours: our mean, ± the sd over n (splits, folds or seeds; none for n 1); paper: the paper's mean ± sd; "
                + "diff/SE: (ours − paper) in standard errors as `reproduce` computes it; protocol: `--quick` (one "
                + "repeat, split or seed of each protocol) or full.\n");
        return b.toString();
    }

    /** A table cell: no line breaks, "|" escaped. */
    private static String cell(String s) {
        return s.replace("\r", " ").replace("\n", " ").replace("|", "\\|");
    }
}
