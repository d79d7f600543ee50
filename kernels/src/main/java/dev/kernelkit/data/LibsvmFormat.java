package dev.kernelkit.data;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads and writes the LIBSVM text format: one point per line,
 * {@code label index:value index:value ...}, with 1-based, strictly increasing indices and
 * zeros omitted. Anything after {@code '#'} is a comment; blank and comment-only lines are
 * skipped. Tokens are separated by spaces or tabs.
 *
 * <p>Points are read as {@link SparseVec} with 0-based indices (file index i becomes i - 1). The
 * dimension is the largest index seen in the file, or a given dimension: read a test file with
 * the training set's dimension ({@link #read(Path, int)}) so both have the same number of
 * features; an index beyond a given dimension is then an error. {@link #readDense} and
 * {@link #densify} give dense points.
 *
 * <p>The writer prints integral labels and values without a fraction ({@code +1}, {@code -1},
 * {@code 3}) and all others with {@link Double#toString}, which reads back to the identical
 * double, so nothing is lost; it omits zero
 * entries and writes {@code +1} for the label 1. A round trip keeps every value exactly; the
 * dimension survives only when some point has a non-zero last feature, otherwise read the file
 * back with the dimension given.
 *
 * <p>Errors: {@link MalformedDataException} ("file:line: problem") for a bad label or value
 * token, a NaN or infinite number, an index that is not a positive integer, not increasing or
 * beyond the given dimension; {@link java.nio.file.NoSuchFileException} naming a missing file.
 */
public final class LibsvmFormat {
    private LibsvmFormat() {
    }

    /** Reads a file; the dimension is the largest index seen. */
    public static LabeledDataset read(Path file) throws IOException {
        return parse(file, -1).data();
    }

    /**
     * Reads a file whose points have the given dimension (e.g. the training dimension for a test
     * file).
     *
     * @throws MalformedDataException when an index exceeds {@code dimension}
     */
    public static LabeledDataset read(Path file, int dimension) throws IOException {
        if (dimension < 0) {
            throw new IllegalArgumentException("dimension must be >= 0, got " + dimension);
        }
        return parse(file, dimension).data();
    }

    /**
     * {@link #read(Path)} with dense points.
     *
     * @throws MalformedDataException when the dense points would take more than half the heap
     *         (e.g. one index of 2147483647), naming the line of the largest index
     */
    public static LabeledDataset readDense(Path file) throws IOException {
        return densify(file, parse(file, -1));
    }

    /**
     * {@link #read(Path, int)} with dense points.
     *
     * @throws MalformedDataException as {@link #readDense(Path)}
     */
    public static LabeledDataset readDense(Path file, int dimension) throws IOException {
        if (dimension < 0) {
            throw new IllegalArgumentException("dimension must be >= 0, got " + dimension);
        }
        return densify(file, parse(file, dimension));
    }

    /** A parsed file and the line of its largest index (0 when it has none). */
    private record Parsed(LabeledDataset data, int maxIndexLine, boolean unlabelled) {
    }

    private static LabeledDataset densify(Path file, Parsed p) throws MalformedDataException {
        LabeledDataset data = p.data();
        double need = 8.0 * data.dim() * data.size();
        long heap = Runtime.getRuntime().maxMemory();
        if (data.dim() > Integer.MAX_VALUE - 8 || need > heap / 2.0) {
            throw new MalformedDataException(file, p.maxIndexLine(), "dense points of dimension " + data.dim()
                    + " (the largest index) need " + String.format(java.util.Locale.ROOT, "%.1f", need / (1 << 30))
                    + " GiB for " + data.size() + " points, more than half the heap ("
                    + String.format(java.util.Locale.ROOT, "%.1f", heap / (double) (1 << 30))
                    + " GiB): give java more memory with -Xmx, or check the file's indices");
        }
        return densify(data);
    }

    /** The same data set with every point as a {@link DenseVec}. */
    public static LabeledDataset densify(LabeledDataset data) {
        List<Vec> dense = new ArrayList<>(data.size());
        for (Vec v : data.points()) {
            dense.add(v.toDense());
        }
        return data.withPoints(dense);
    }

    /**
     * Reads rows to predict, labelled or not: LIBSVM lines with a label, or the same lines without it
     * ({@code index:value ...} only). Every line must be of one kind.
     *
     * @param dimension the model's dimension (an index beyond it is an error)
     * @return the points, and their labels or null when the rows have none
     * @throws IOException for a missing file, or a {@link MalformedDataException} naming the file and line
     */
    public static CsvVectorFormat.Rows readForPrediction(Path file, int dimension, boolean dense) throws IOException {
        Parsed p = parse(file, dimension, true);
        List<Vec> points = p.data().points();
        if (dense) {
            List<Vec> d = new ArrayList<>(points.size());
            for (Vec v : points) {
                d.add(v.toDense());
            }
            points = d;
        }
        return new CsvVectorFormat.Rows(points, p.unlabelled() ? null : p.data().labels(), List.of());
    }

    private static Parsed parse(Path file, int givenDim) throws IOException {
        return parse(file, givenDim, false);
    }

    private static Parsed parse(Path file, int givenDim, boolean labelsOptional) throws IOException {
        List<int[]> indices = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        double[] labels = new double[64];
        int n = 0;
        int maxIndex = 0;
        int maxIndexLine = 0;
        int[] idxBuf = new int[16];
        double[] valBuf = new double[16];
        int firstKind = 0; // labelsOptional: 1 unlabelled rows, 2 labelled rows
        try (BufferedReader in = TextFiles.open(file)) {
            String raw;
            int lineNo = 0;
            while ((raw = in.readLine()) != null) {
                lineNo++;
                int hash = raw.indexOf('#');
                String line = hash >= 0 ? raw.substring(0, hash) : raw;
                int len = line.length();
                int pos = skipBlanks(line, 0);
                if (pos == len) {
                    continue;
                }
                int end = tokenEnd(line, pos);
                boolean rowUnlabelled = labelsOptional && line.substring(pos, end).indexOf(':') > 0;
                if (labelsOptional) {
                    if (firstKind == 0) {
                        firstKind = rowUnlabelled ? 1 : 2;
                    } else if ((firstKind == 1) != rowUnlabelled) {
                        throw new MalformedDataException(file, lineNo, (rowUnlabelled ? "has no label" : "has a label")
                                + " but the first row " + (rowUnlabelled ? "has one" : "has none")
                                + ": give every row a label or none");
                    }
                }
                double label = rowUnlabelled ? 0 : TextFiles.parseFinite(line.substring(pos, end), file, lineNo,
                        "label");
                if (rowUnlabelled) {
                    end = pos;
                }
                int k = 0;
                int prev = 0;
                pos = skipBlanks(line, end);
                while (pos < len) {
                    end = tokenEnd(line, pos);
                    String tok = line.substring(pos, end);
                    int colon = tok.indexOf(':');
                    if (colon <= 0 || colon == tok.length() - 1) {
                        throw new MalformedDataException(file, lineNo, "bad token '" + tok + "', expected index:value");
                    }
                    int index = parseIndex(tok.substring(0, colon), tok, file, lineNo);
                    if (index <= prev) {
                        throw new MalformedDataException(file, lineNo, "index " + index + " in '" + tok
                                + "' must be greater than the previous index " + prev);
                    }
                    if (givenDim >= 0 && index > givenDim) {
                        throw new MalformedDataException(file, lineNo, "index " + index + " in '" + tok
                                + "' exceeds the dimension " + givenDim);
                    }
                    double v = TextFiles.parseFinite(tok.substring(colon + 1), file, lineNo,
                            "value of feature " + index);
                    if (k == idxBuf.length) {
                        idxBuf = Arrays.copyOf(idxBuf, 2 * k);
                        valBuf = Arrays.copyOf(valBuf, 2 * k);
                    }
                    idxBuf[k] = index - 1;
                    valBuf[k] = v;
                    k++;
                    prev = index;
                    pos = skipBlanks(line, end);
                }
                if (prev > maxIndex) {
                    maxIndex = prev;
                    maxIndexLine = lineNo;
                }
                indices.add(Arrays.copyOf(idxBuf, k));
                values.add(Arrays.copyOf(valBuf, k));
                if (n == labels.length) {
                    labels = Arrays.copyOf(labels, 2 * n);
                }
                labels[n++] = label;
            }
        }
        int dim = givenDim >= 0 ? givenDim : maxIndex;
        List<Vec> points = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            points.add(new SparseVec(dim, indices.get(i), values.get(i)));
        }
        return new Parsed(new LabeledDataset(points, Arrays.copyOf(labels, n)), maxIndexLine, firstKind == 1);
    }

    private static int parseIndex(String s, String tok, Path file, int line) throws MalformedDataException {
        long v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new MalformedDataException(file, line, "bad index '" + s + "' in '" + tok
                        + "', expected a positive integer");
            }
            v = 10 * v + (c - '0');
            if (v > Integer.MAX_VALUE) {
                throw new MalformedDataException(file, line, "bad index '" + s + "' in '" + tok
                        + "', expected a positive integer up to " + Integer.MAX_VALUE);
            }
        }
        if (v == 0) {
            throw new MalformedDataException(file, line, "bad index '" + s + "' in '" + tok
                    + "', indices are 1-based");
        }
        return (int) v;
    }

    private static int skipBlanks(String s, int pos) {
        while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t' || s.charAt(pos) == '\r')) {
            pos++;
        }
        return pos;
    }

    private static int tokenEnd(String s, int pos) {
        while (pos < s.length() && s.charAt(pos) != ' ' && s.charAt(pos) != '\t' && s.charAt(pos) != '\r') {
            pos++;
        }
        return pos;
    }

    /**
     * Writes {@code data} in LIBSVM format (see the class comment for the number format).
     */
    public static void write(LabeledDataset data, Path file) throws IOException {
        try (BufferedWriter out = TextFiles.create(file)) {
            StringBuilder sb = new StringBuilder(256);
            for (int i = 0; i < data.size(); i++) {
                sb.setLength(0);
                double y = data.y(i);
                sb.append(y == 1.0 ? "+1" : TextFiles.formatNumber(y));
                data.x(i).forEachStored((index, value) -> {
                    if (value != 0.0) {
                        sb.append(' ').append(index + 1).append(':').append(TextFiles.formatNumber(value));
                    }
                });
                sb.append('\n');
                out.append(sb);
            }
        }
    }
}
