package dev.kernelkit.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A fixed-width text table for stdout: a header row, a rule, and rows whose cells are padded to
 * the widest entry of their column. Numeric columns are right-aligned, text columns left-aligned.
 * Numbers are formatted with {@link Locale#ROOT} so the output does not depend on the user's locale.
 */
public final class TablePrinter {
    /** How a column aligns its cells. */
    public enum Align { LEFT, RIGHT }

    private final List<String> headers = new ArrayList<>();
    private final List<Align> aligns = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    /** Adds a left-aligned text column. */
    public TablePrinter textColumn(String header) {
        return column(header, Align.LEFT);
    }

    /** Adds a right-aligned number column. */
    public TablePrinter numberColumn(String header) {
        return column(header, Align.RIGHT);
    }

    /** Adds a column; all columns must be added before the first row. */
    public TablePrinter column(String header, Align align) {
        if (!rows.isEmpty()) {
            throw new IllegalStateException("columns must be added before rows");
        }
        headers.add(header);
        aligns.add(align);
        return this;
    }

    /**
     * Adds a row of already formatted cells.
     *
     * @throws IllegalArgumentException when the cell count differs from the column count
     */
    public TablePrinter row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, found " + cells.length);
        }
        rows.add(List.of(cells));
        return this;
    }

    /** Number of data rows. */
    public int rowCount() {
        return rows.size();
    }

    /** Formats a number with a fixed count of decimals (locale-independent). */
    public static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Formats a fraction in [0, 1] as a percentage with two decimals, e.g. "85.09%". */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100.0 * fraction);
    }

    /** Formats a number in a compact general form with about 6 significant digits. */
    public static String general(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /** The table as text, one line per row, each ending in a newline; trailing spaces trimmed. */
    public String render() {
        int cols = headers.size();
        int[] width = new int[cols];
        for (int c = 0; c < cols; c++) {
            width[c] = headers.get(c).length();
            for (List<String> r : rows) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        appendLine(sb, headers, width);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < cols; c++) {
            if (c > 0) {
                rule.append("  ");
            }
            rule.append("-".repeat(width[c]));
        }
        sb.append(rule).append('\n');
        for (List<String> r : rows) {
            appendLine(sb, r, width);
        }
        return sb.toString();
    }

    /** Prints the table. */
    public void print(PrintStream out) {
        out.print(render());
        out.flush();
    }

    /** Prints the table. */
    public void print(PrintWriter out) {
        out.print(render());
        out.flush();
    }

    private void appendLine(StringBuilder sb, List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            String s = cells.get(c);
            String padding = " ".repeat(width[c] - s.length());
            if (aligns.get(c) == Align.RIGHT) {
                line.append(padding).append(s);
            } else {
                line.append(s).append(padding);
            }
        }
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        sb.append(line, 0, end).append('\n');
    }
}
