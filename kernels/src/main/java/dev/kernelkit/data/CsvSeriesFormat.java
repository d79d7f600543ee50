package dev.kernelkit.data;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Reads and writes labelled multivariate time series as CSV (kernelkit's own format: the data
 * folder has no time-series set and no paper fixes one). A header {@code series,label,c1,...,cd}
 * (channel names free), then one time step per row: series id, the series' integer class label
 * (repeated on every row), and d channel values. Rows of a series are contiguous and in time
 * order. Every series must have the same length L (the flattened representation below needs it;
 * a global alignment kernel itself would allow unequal lengths). Blank lines are skipped; spaces
 * around fields are trimmed.
 *
 * <p>Each series becomes one point of dimension d·L, channel after channel (entry c·L + t is
 * channel c at time t), so {@link SeriesData#channelGroups} gives one feature group per channel
 * (for one alignment kernel per channel, e.g. {@code BaseKernels.alignmentPerGroup} of the
 * prototypes module).
 *
 * <p>Errors: {@link MalformedDataException} ("file:line: problem") for an empty file, a missing
 * or short header, a wrong column count, a bad or non-finite number, a non-integer label, a label
 * that changes inside a series, a series id that reappears after another series, a length that
 * differs from the first series, or a file without rows; {@link java.nio.file.NoSuchFileException}
 * naming a missing file.
 */
public final class CsvSeriesFormat {

    /**
     * Series as points of dimension {@code channels · length}, channel after channel.
     *
     * @param data one point per series with its integer class label
     * @param channels the number of channels d (at least 1)
     * @param length the common series length L (at least 1)
     */
    public record SeriesData(LabeledDataset data, int channels, int length) {
        /**
         * @throws IllegalArgumentException when channels or length is below 1 or the points do not
         *         have dimension channels · length
         */
        public SeriesData {
            Objects.requireNonNull(data, "data");
            if (channels < 1 || length < 1) {
                throw new IllegalArgumentException("channels and length must be >= 1, got " + channels + " and "
                        + length);
            }
            if (data.size() > 0 && (long) channels * length != data.dim()) {
                throw new IllegalArgumentException("points of " + channels + " channels of length " + length
                        + " must have dimension " + (long) channels * length + ", got " + data.dim());
            }
        }

        /** One group of feature indices per channel. */
        public int[][] channelGroups() {
            return CsvSeriesFormat.channelGroups(channels, length);
        }
    }

    private CsvSeriesFormat() {
    }

    /** Feature groups {c·L, …, c·L + L − 1} for c = 0..d−1. */
    public static int[][] channelGroups(int channels, int length) {
        int[][] g = new int[channels][length];
        for (int c = 0; c < channels; c++) {
            for (int t = 0; t < length; t++) {
                g[c][t] = c * length + t;
            }
        }
        return g;
    }

    /** Reads a series file (see the class comment). */
    public static SeriesData read(Path file) throws IOException {
        List<Vec> points = new ArrayList<>();
        List<Double> labels = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int channels = -1;
        int length = -1;
        try (BufferedReader r = TextFiles.open(file)) {
            String line;
            int no = 0;
            String id = null;
            double label = 0;
            int firstLine = 0;
            List<double[]> rows = new ArrayList<>();
            while ((line = r.readLine()) != null) {
                no++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (channels < 0) {
                    if (f.length < 3 || !f[0].trim().equals("series") || !f[1].trim().equals("label")) {
                        throw new MalformedDataException(file, no, "expected a header 'series,label,c1,...,cd', got '"
                                + TextFiles.abbreviate(line) + "'");
                    }
                    channels = f.length - 2;
                    continue;
                }
                if (f.length != channels + 2) {
                    throw new MalformedDataException(file, no, "expected " + (channels + 2) + " columns, found "
                            + f.length);
                }
                String sid = f[0].trim();
                if (sid.isEmpty()) {
                    throw new MalformedDataException(file, no, "empty series id");
                }
                double lab = TextFiles.parseFinite(f[1].trim(), file, no, "label");
                if (lab != Math.rint(lab)) {
                    throw new MalformedDataException(file, no, "label must be an integer class, got " + f[1].trim());
                }
                double[] v = new double[channels];
                for (int c = 0; c < channels; c++) {
                    v[c] = TextFiles.parseFinite(f[c + 2].trim(), file, no, "column " + (c + 3));
                }
                if (!sid.equals(id)) {
                    if (id != null) {
                        length = flush(file, firstLine, rows, channels, length, points);
                        labels.add(label);
                    }
                    if (!seen.add(sid)) {
                        throw new MalformedDataException(file, no, "series '" + sid
                                + "' reappears after another series (rows of a series must be contiguous)");
                    }
                    id = sid;
                    label = lab;
                    firstLine = no;
                    rows = new ArrayList<>();
                } else if (Double.compare(lab, label) != 0) {
                    throw new MalformedDataException(file, no, "series '" + sid + "' has label " + label + " at line "
                            + firstLine + " but " + lab + " here");
                }
                rows.add(v);
            }
            if (channels < 0) {
                throw new MalformedDataException(file, 0, "empty file, expected a header 'series,label,c1,...,cd'");
            }
            if (id == null) {
                throw new MalformedDataException(file, no, "no series after the header");
            }
            length = flush(file, firstLine, rows, channels, length, points);
            labels.add(label);
        }
        double[] y = labels.stream().mapToDouble(Double::doubleValue).toArray();
        return new SeriesData(new LabeledDataset(points, y), channels, length);
    }

    private static int flush(Path file, int firstLine, List<double[]> rows, int channels, int length, List<Vec> out)
            throws MalformedDataException {
        int len = rows.size();
        if (length >= 0 && len != length) {
            throw new MalformedDataException(file, firstLine, "series has length " + len
                    + ", expected " + length + " (the length of the first series)");
        }
        double[] x = new double[channels * len];
        for (int t = 0; t < len; t++) {
            for (int c = 0; c < channels; c++) {
                x[c * len + t] = rows.get(t)[c];
            }
        }
        out.add(DenseVec.wrap(x));
        return len;
    }

    /**
     * Writes series: header {@code series,label,c1,...,cd}, series ids {@code s1, s2, ...} in
     * order, labels and values as integers when integral, else by {@link Double#toString} (an
     * exact round trip).
     *
     * @throws IllegalArgumentException for an empty data set or a label that is not an integer
     */
    public static void write(SeriesData series, Path file) throws IOException {
        LabeledDataset data = series.data();
        if (data.size() == 0) {
            throw new IllegalArgumentException("cannot write an empty series data set");
        }
        for (int i = 0; i < data.size(); i++) {
            if (data.y(i) != Math.rint(data.y(i))) {
                throw new IllegalArgumentException("label of series " + (i + 1) + " must be an integer class, got "
                        + data.y(i));
            }
        }
        int d = series.channels();
        int len = series.length();
        try (BufferedWriter out = TextFiles.create(file)) {
            StringBuilder sb = new StringBuilder(16 * (d + 2));
            sb.append("series,label");
            for (int c = 1; c <= d; c++) {
                sb.append(",c").append(c);
            }
            out.append(sb).append('\n');
            for (int i = 0; i < data.size(); i++) {
                Vec x = data.x(i);
                String label = TextFiles.formatNumber(data.y(i));
                for (int t = 0; t < len; t++) {
                    sb.setLength(0);
                    sb.append('s').append(i + 1).append(',').append(label);
                    for (int c = 0; c < d; c++) {
                        sb.append(',').append(TextFiles.formatNumber(x.get(c * len + t)));
                    }
                    out.append(sb).append('\n');
                }
            }
        }
    }
}
