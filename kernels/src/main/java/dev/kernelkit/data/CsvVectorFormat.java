package dev.kernelkit.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Plain CSV vectors, what most people have: a header line naming the columns, then one example per line,
 * comma-separated numbers, e.g.
 *
 * <pre>
 * label,age,blood_pressure,cholesterol
 * 1,63,145,233
 * -1,37,130,250
 * </pre>
 *
 * The label column is the one the caller names (case ignored), else the first column; every other column
 * is a feature, in header order; points are dense. Labels are numbers (classes as LIBSVM
 * writes them, or targets for regression): a text label is refused naming its line, as is an empty cell,
 * a line with another number of cells, or a header that is all numbers (a file without a header).
 * {@link #readUnlabelled} reads the same layout without a label column (rows to predict).
 */
public final class CsvVectorFormat {
    private CsvVectorFormat() {
    }

    /** The rows of a CSV file: the points and, when it has a label column, their labels (else null). */
    public record Rows(List<Vec> points, double[] labels, List<String> featureNames) {
        /** The rows as labelled data. */
        public LabeledDataset labelled() {
            if (labels == null) {
                throw new IllegalStateException("the rows have no labels");
            }
            return new LabeledDataset(points, labels);
        }
    }

    /**
     * Reads labelled vectors.
     *
     * @param labelColumn the header name of the label column (case ignored), or null for the first column
     * @throws IOException for a missing file, or a {@link MalformedDataException} naming the file and line
     */
    public static LabeledDataset read(Path file, String labelColumn) throws IOException {
        return parse(file, labelColumn, true, -1).labelled();
    }

    /**
     * Reads rows that may lack the label column (to predict): when the header has {@code labelColumn} (or,
     * with none named, when it has one more column than the model's {@code dim} features), it is read as the
     * labels; otherwise every column is a feature.
     *
     * @param dim the number of features the rows must have
     * @throws IOException for a missing file, or a {@link MalformedDataException} naming the file and line
     */
    public static Rows readForPrediction(Path file, String labelColumn, int dim) throws IOException {
        return parse(file, labelColumn, false, dim);
    }

    /** Reads rows without a label column. */
    public static Rows readUnlabelled(Path file) throws IOException {
        return parse(file, null, false, Integer.MAX_VALUE);
    }

    /** True when a header line looks like CSV vectors: comma-separated, at least two columns. */
    public static boolean looksLikeHeader(String firstLine) {
        return firstLine != null && firstLine.indexOf(',') > 0;
    }

    private static Rows parse(Path file, String labelColumn, boolean labelRequired, int dim) throws IOException {
        try (BufferedReader in = TextFiles.open(file)) {
            String header = in.readLine();
            int lineNo = 1;
            while (header != null && header.isBlank()) {
                header = in.readLine();
                lineNo++;
            }
            if (header == null) {
                throw new MalformedDataException(file, 1, "empty file: expected a header line naming the columns");
            }
            String[] names = split(header);
            if (names.length < 2) {
                throw new MalformedDataException(file, lineNo, "expected a header of at least two comma-separated "
                        + "columns (label and features), got '" + TextCheck.oneLine(header) + "'");
            }
            boolean allNumbers = true;
            for (String n : names) {
                allNumbers &= isNumber(n);
            }
            if (allNumbers) {
                throw new MalformedDataException(file, lineNo, "the first line is all numbers: a CSV file needs a "
                        + "header line naming its columns (e.g. label,f1,f2,...)");
            }
            int label = labelIndex(file, lineNo, names, labelColumn, labelRequired, dim);
            List<String> featureNames = new ArrayList<>();
            for (int c = 0; c < names.length; c++) {
                if (c != label) {
                    featureNames.add(names[c].strip());
                }
            }
            if (featureNames.isEmpty()) {
                throw new MalformedDataException(file, lineNo, "no feature columns besides the label column");
            }
            if (dim >= 0 && dim != Integer.MAX_VALUE && featureNames.size() != dim) {
                throw new MalformedDataException(file, lineNo, "has " + featureNames.size() + " feature columns, "
                        + "the model " + dim);
            }
            List<Vec> points = new ArrayList<>();
            double[] labels = new double[64];
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = split(line);
                if (cells.length != names.length) {
                    throw new MalformedDataException(file, lineNo, "has " + cells.length + " cells, the header "
                            + names.length);
                }
                double[] x = new double[featureNames.size()];
                int k = 0;
                for (int c = 0; c < cells.length; c++) {
                    String cell = cells[c].strip();
                    String what = c == label ? "label" : "column '" + names[c].strip() + "'";
                    if (cell.isEmpty()) {
                        throw new MalformedDataException(file, lineNo, "empty " + what);
                    }
                    if (c == label && !isNumber(cell)) {
                        throw new MalformedDataException(file, lineNo, "label '" + cell + "' is not a number: "
                                + "classes are numbers in kernelkit's vector files (recode them, e.g. 0, 1, 2)");
                    }
                    double v = TextFiles.parseFinite(cell, file, lineNo, what);
                    if (c == label) {
                        if (points.size() == labels.length) {
                            labels = Arrays.copyOf(labels, 2 * labels.length);
                        }
                        labels[points.size()] = v;
                    } else {
                        x[k++] = v;
                    }
                }
                points.add(new DenseVec(x));
            }
            return new Rows(points, label < 0 ? null : Arrays.copyOf(labels, points.size()), List.copyOf(featureNames));
        }
    }

    private static int labelIndex(Path file, int lineNo, String[] names, String labelColumn, boolean required, int dim)
            throws MalformedDataException {
        if (labelColumn != null) {
            for (int c = 0; c < names.length; c++) {
                if (names[c].strip().equalsIgnoreCase(labelColumn.strip())) {
                    return c;
                }
            }
            if (required) {
                throw new MalformedDataException(file, lineNo, "no column named '" + labelColumn + "' (the label "
                        + "column); the header has " + String.join(", ", names));
            }
            return -1;
        }
        if (required) {
            return 0;
        }
        // rows to predict: the first column is the label when there is one more column than the model's features
        return dim != Integer.MAX_VALUE && names.length == dim + 1 ? 0 : -1;
    }

    private static String[] split(String line) {
        return line.split(",", -1);
    }

    private static boolean isNumber(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        if (t.isEmpty() || t.equals("nan") || t.contains("infinity")) {
            return false;
        }
        try {
            Double.parseDouble(t);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
