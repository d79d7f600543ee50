package dev.kernelkit.data;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads and writes multi-instance bags as CSV: a header {@code bag,label,f1,...,fd} (feature
 * column names are free, the first two must be {@code bag} and {@code label}), then one
 * instance per row: bag id, the bag's label (repeated on every row of the bag) and d numbers.
 * Instances are dense. There is no quoting: bag ids and labels must not contain commas or
 * quotes. Blank lines are skipped; spaces around fields are trimmed.
 *
 * <p><b>Rows of a bag must be contiguous.</b> A bag id that reappears after another bag is an
 * error naming both lines (this catches two different bags that were given the same id). Bags
 * are numbered in file order, instances in row order. Every row of a bag must carry the same
 * label; otherwise the error names the first row of the bag and the disagreeing row.
 *
 * <p><b>Classes.</b> When every label is numerically +1 or -1 ({@code +1}, {@code 1},
 * {@code -1}, ...) the result is binary ({@link BagDataset#binary}, class names {@code "-1"},
 * {@code "+1"}). Otherwise labels are class names taken verbatim and sorted: numerically when
 * all of them are numbers (so {@code 2} before {@code 10}), else by {@link String#compareTo}.
 * A test file must use the training classes: read it with {@link #read(Path, List)}, which
 * also rejects a label not in the list ("unknown class"). (A multi-class file whose labels
 * happen to be only 1 and -1 is read as binary by {@link #read(Path)}; pass the class names to
 * avoid that.)
 *
 * <p>Errors: {@link MalformedDataException} ("file:line: problem") for a missing or wrong
 * header, a wrong column count, a bad or NaN number, an empty bag id, a label conflict, a
 * non-contiguous bag, an unknown class or a file without instances;
 * {@link java.nio.file.NoSuchFileException} naming a missing file.
 */
public final class CsvBagFormat {
    private CsvBagFormat() {
    }

    /** Reads a bag file, deciding binary or multi-class from the labels (see the class comment). */
    public static BagDataset read(Path file) throws IOException {
        return parse(file, null);
    }

    /**
     * Reads a bag file whose labels must be among {@code classNames} (use the training set's
     * class names for a test file). With {@link BagDataset#BINARY_CLASSES} the labels are matched
     * numerically ({@code 1} and {@code +1} are both {@code "+1"}); otherwise verbatim.
     *
     * @throws MalformedDataException for a label not in {@code classNames}
     */
    public static BagDataset read(Path file, List<String> classNames) throws IOException {
        Objects.requireNonNull(classNames, "classNames");
        if (classNames.isEmpty() || classNames.stream().distinct().count() != classNames.size()) {
            throw new IllegalArgumentException("classNames must be non-empty and distinct, got " + classNames);
        }
        return parse(file, List.copyOf(classNames));
    }

    private static final class RawBag {
        final String id;
        final String label;
        final int firstLine;
        int lastLine;
        final List<Vec> rows = new ArrayList<>();

        RawBag(String id, String label, int firstLine) {
            this.id = id;
            this.label = label;
            this.firstLine = firstLine;
            this.lastLine = firstLine;
        }
    }

    private static BagDataset parse(Path file, List<String> expected) throws IOException {
        List<RawBag> bags = new ArrayList<>();
        Map<String, RawBag> byId = new HashMap<>();
        int d;
        int headerLine;
        try (BufferedReader in = TextFiles.open(file)) {
            String line;
            int lineNo = 0;
            String header = null;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (!line.isBlank()) {
                    header = line;
                    break;
                }
            }
            if (header == null) {
                throw new MalformedDataException(file, 0, "empty file, expected a header bag,label,f1,...,fd");
            }
            d = headerDim(header, file, lineNo);
            headerLine = lineNo;
            RawBag current = null;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                Row row = parseRow(line, d, file, lineNo);
                String id = row.bag();
                String label = row.label();
                if (current == null || !current.id.equals(id)) {
                    RawBag earlier = byId.get(id);
                    if (earlier != null) {
                        throw new MalformedDataException(file, lineNo, "bag '" + id + "' reappears after other bags"
                                + " (its rows are at lines " + earlier.firstLine + "-" + earlier.lastLine
                                + "); rows of a bag must be contiguous");
                    }
                    current = new RawBag(id, label, lineNo);
                    bags.add(current);
                    byId.put(id, current);
                } else if (!current.label.equals(label)) {
                    throw new MalformedDataException(file, lineNo, "bag '" + id + "' has label '" + label
                            + "' but label '" + current.label + "' at line " + current.firstLine);
                }
                current.rows.add(row.x());
                current.lastLine = lineNo;
            }
        }
        if (bags.isEmpty()) {
            throw new MalformedDataException(file, headerLine, "no instances after the header");
        }
        Set<String> labels = new LinkedHashSet<>();
        for (RawBag b : bags) {
            labels.add(b.label);
        }
        List<String> classNames;
        boolean binary;
        if (expected != null) {
            classNames = expected;
            binary = expected.equals(BagDataset.BINARY_CLASSES);
        } else {
            binary = ClassNames.allBinary(labels);
            classNames = binary ? BagDataset.BINARY_CLASSES : ClassNames.sorted(labels);
        }
        List<Bag> out = new ArrayList<>(bags.size());
        int[] y = new int[bags.size()];
        for (int i = 0; i < bags.size(); i++) {
            RawBag b = bags.get(i);
            int c;
            if (binary) {
                int s = ClassNames.binarySign(b.label);
                c = s == 1 ? 1 : s == -1 ? 0 : -1;
            } else {
                c = classNames.indexOf(b.label);
            }
            if (c < 0) {
                throw new MalformedDataException(file, b.firstLine, "unknown class '" + b.label + "' of bag '"
                        + b.id + "', expected one of " + classNames);
            }
            y[i] = c;
            out.add(new Bag(b.id, b.rows));
        }
        return new BagDataset(out, classNames, y);
    }

    /**
     * One instance row of a CSV bag file.
     *
     * @param bag the bag id (trimmed, non-empty)
     * @param label the bag's label as written (trimmed, non-empty)
     * @param x the instance (dense)
     */
    public record Row(String bag, String label, Vec x) {
        /** Checks the parts. */
        public Row {
            Objects.requireNonNull(bag, "bag");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(x, "x");
        }
    }

    /**
     * The number of features d of a header line {@code bag,label,f1,...,fd}, as {@link #read} checks it (also
     * for readers that see the file a piece at a time, e.g. on Spark).
     *
     * @param lineNo the header's 1-based line number, for the message
     * @throws MalformedDataException "file:line: bad header ..." for anything else
     */
    public static int headerDim(String header, Path file, int lineNo) throws MalformedDataException {
        String[] h = header.split(",", -1);
        if (h.length < 3 || !h[0].trim().equals("bag") || !h[1].trim().equals("label")) {
            throw new MalformedDataException(file, lineNo, "bad header '" + abbreviate(header)
                    + "', expected bag,label,f1,...,fd with at least one feature");
        }
        return h.length - 2;
    }

    /**
     * One non-blank instance line of a file whose header declared d features, as {@link #read} parses it:
     * bag id, label and d finite numbers.
     *
     * @param lineNo the line's 1-based number, for the message
     * @throws MalformedDataException "file:line: problem" for a wrong column count, an empty bag id or label, or a
     *         bad or non-finite number
     */
    public static Row parseRow(String line, int d, Path file, int lineNo) throws MalformedDataException {
        String[] f = line.split(",", -1);
        if (f.length != d + 2) {
            throw new MalformedDataException(file, lineNo, "wrong column count: expected " + (d + 2)
                    + " (bag, label and " + d + " features as in the header), found " + f.length);
        }
        String id = f[0].trim();
        String label = f[1].trim();
        if (id.isEmpty()) {
            throw new MalformedDataException(file, lineNo, "empty bag id");
        }
        if (label.isEmpty()) {
            throw new MalformedDataException(file, lineNo, "empty label of bag '" + id + "'");
        }
        double[] x = new double[d];
        for (int j = 0; j < d; j++) {
            x[j] = TextFiles.parseFinite(f[j + 2].trim(), file, lineNo, "feature " + (j + 1));
        }
        return new Row(id, label, DenseVec.wrap(x));
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /**
     * Writes {@code data} as CSV bags: header {@code bag,label,f1,...,fd}, one row per instance,
     * the class name as label, numbers as integers when integral, else by
     * {@link Double#toString} (an exact round trip).
     *
     * @throws IllegalArgumentException for a bag id or class name containing a comma, quote or
     *         line break, or an empty data set
     */
    public static void write(BagDataset data, Path file) throws IOException {
        if (data.size() == 0) {
            throw new IllegalArgumentException("cannot write an empty bag data set: a CSV bag file needs d >= 1");
        }
        for (String c : data.classNames()) {
            checkField(c, "class name");
        }
        for (Bag b : data.bags()) {
            checkField(b.id(), "bag id");
        }
        int d = data.dim();
        try (BufferedWriter out = TextFiles.create(file)) {
            StringBuilder sb = new StringBuilder(16 * (d + 2));
            sb.append("bag,label");
            for (int j = 1; j <= d; j++) {
                sb.append(",f").append(j);
            }
            out.append(sb).append('\n');
            for (int i = 0; i < data.size(); i++) {
                Bag b = data.bag(i);
                String label = data.classNames().get(data.label(i));
                for (Vec v : b.instances()) {
                    sb.setLength(0);
                    sb.append(b.id()).append(',').append(label);
                    for (int j = 0; j < d; j++) {
                        sb.append(',').append(TextFiles.formatNumber(v.get(j)));
                    }
                    out.append(sb).append('\n');
                }
            }
        }
    }

    private static void checkField(String s, String what) {
        if (s.isEmpty() || !s.equals(s.trim()) || s.indexOf(',') >= 0 || s.indexOf('"') >= 0
                || s.indexOf('\'') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(
                    what + " must be non-empty, without surrounding spaces, commas, quotes or"
                    + " line breaks for CSV, got '" + s + "'");
        }
    }
}
