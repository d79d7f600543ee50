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
 * order. Blank lines are skipped; spaces around fields are trimmed.
 *
 * <p>Two readers. {@link #readSeries} accepts series of any lengths and returns a {@link SeriesSet}: the
 * series as they are, to be encoded for variable-length kernels ({@link SeriesSet#encoded}, the
 * {@link VariableLengthSeries} encoding), resampled to one length ({@link SeriesSet#resampled}) or
 * flattened when the lengths agree ({@link SeriesSet#flat}). {@link #read} needs one common length L
 * and flattens each series into a point of dimension d·L, channel after channel (entry c·L + t is
 * channel c at time t), so {@link SeriesData#channelGroups} gives one feature group per channel
 * (for one Gaussian or alignment kernel per channel at fixed positions).
 *
 * <p>Errors: {@link MalformedDataException} ("file:line: problem") for an empty file, a missing
 * or short header, a wrong column count, a bad or non-finite number, a non-integer label, a label
 * that changes inside a series, a series id that reappears after another series, a length that
 * differs from the first series ({@link #read} only), or a file without rows; {@link java.nio.file.NoSuchFileException}
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

    /**
     * Labelled multivariate series of any lengths, as read: {@code series.get(i)[c][t]} is channel c of series i
     * at time t (every channel of a series has the series' length). Immutable (arrays copied in and out).
     *
     * @param series the series (each with {@code channels} non-empty channels of equal length)
     * @param labels one integer class label per series
     * @param channels the number of channels d
     */
    public record SeriesSet(List<double[][]> series, double[] labels, int channels) {
        /**
         * @throws IllegalArgumentException for sizes that differ, no channel, a series with another channel count,
         *         an empty channel or channels of unequal length within a series
         */
        public SeriesSet {
            Objects.requireNonNull(series, "series");
            Objects.requireNonNull(labels, "labels");
            if (series.size() != labels.length) {
                throw new IllegalArgumentException(series.size() + " series but " + labels.length + " labels");
            }
            if (channels < 1) {
                throw new IllegalArgumentException("channels must be >= 1, got " + channels);
            }
            List<double[][]> copy = new ArrayList<>(series.size());
            for (int i = 0; i < series.size(); i++) {
                double[][] s = series.get(i);
                if (s.length != channels) {
                    throw new IllegalArgumentException("series " + i + " has " + s.length + " channels, expected " + channels);
                }
                double[][] c2 = new double[channels][];
                for (int c = 0; c < channels; c++) {
                    if (s[c].length == 0 || s[c].length != s[0].length) {
                        throw new IllegalArgumentException("series " + i + ": channel " + c + " has length " + s[c].length
                                + ", channel 0 has " + s[0].length + " (must be equal and >= 1)");
                    }
                    c2[c] = s[c].clone();
                }
                copy.add(c2);
            }
            series = List.copyOf(copy);
            labels = labels.clone();
        }

        /** The number of series. */
        public int size() {
            return series.size();
        }

        /** The length of series i. */
        public int length(int i) {
            return series.get(i)[0].length;
        }

        /** A copy of series i ([channel][time]). */
        public double[][] get(int i) {
            double[][] s = series.get(i);
            double[][] out = new double[s.length][];
            for (int c = 0; c < s.length; c++) {
                out[c] = s[c].clone();
            }
            return out;
        }

        @Override
        public List<double[][]> series() {
            List<double[][]> out = new ArrayList<>(size());
            for (int i = 0; i < size(); i++) {
                out.add(get(i));
            }
            return out;
        }

        @Override
        public double[] labels() {
            return labels.clone();
        }

        /** Whether every series has the same length. */
        public boolean equalLengths() {
            for (int i = 1; i < size(); i++) {
                if (length(i) != length(0)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * One point per series in the {@link VariableLengthSeries} encoding (padded to the longest), with its
         * label: the input of {@link dev.kernelkit.gram.MultipleKernel#alignmentPerChannel}.
         */
        public LabeledDataset encoded() {
            return new LabeledDataset(VariableLengthSeries.encodeAll(series), labels);
        }

        /**
         * The flat layout of {@link #read}.
         *
         * @throws IllegalArgumentException when the lengths differ (naming the first series that differs)
         */
        public SeriesData flat() {
            for (int i = 1; i < size(); i++) {
                if (length(i) != length(0)) {
                    throw new IllegalArgumentException("series " + (i + 1) + " has length " + length(i) + ", series 1 has "
                            + length(0) + ": the flat layout needs one length (use the variable-length encoding or resample)");
                }
            }
            return flatten(series, length(0));
        }

        /**
         * Every channel linearly resampled to {@code length} points ({@link VariableLengthSeries#resample}), flat.
         *
         * @throws IllegalArgumentException for a length below 1
         */
        public SeriesData resampled(int length) {
            List<double[][]> out = new ArrayList<>(size());
            for (double[][] s : series) {
                double[][] r = new double[s.length][];
                for (int c = 0; c < s.length; c++) {
                    r[c] = VariableLengthSeries.resample(s[c], length);
                }
                out.add(r);
            }
            return flatten(out, length);
        }

        /** The mean series length, rounded (the common length of {@link #resampled} by default). */
        public int meanLength() {
            long sum = 0;
            for (int i = 0; i < size(); i++) {
                sum += length(i);
            }
            return (int) Math.round((double) sum / Math.max(1, size()));
        }

        private SeriesData flatten(List<double[][]> ss, int len) {
            List<Vec> pts = new ArrayList<>(ss.size());
            for (double[][] s : ss) {
                double[] x = new double[channels * len];
                for (int c = 0; c < channels; c++) {
                    System.arraycopy(s[c], 0, x, c * len, len);
                }
                pts.add(DenseVec.wrap(x));
            }
            return new SeriesData(new LabeledDataset(pts, labels), channels, len);
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

    /** Reads a series file whose series all have one length, flattened (see the class comment). */
    public static SeriesData read(Path file) throws IOException {
        return parse(file, true).flat();
    }

    /**
     * Reads a series file whose series may have any lengths (see the class comment): the same checks as
     * {@link #read} but the one on the length.
     */
    public static SeriesSet readSeries(Path file) throws IOException {
        return parse(file, false);
    }

    private static SeriesSet parse(Path file, boolean sameLength) throws IOException {
        List<double[][]> points = new ArrayList<>();
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
                        length = flush(file, firstLine, rows, channels, sameLength ? length : -1, points);
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
            flush(file, firstLine, rows, channels, sameLength ? length : -1, points);
            labels.add(label);
        }
        double[] y = labels.stream().mapToDouble(Double::doubleValue).toArray();
        return new SeriesSet(points, y, channels);
    }

    private static int flush(Path file, int firstLine, List<double[]> rows, int channels, int length, List<double[][]> out)
            throws MalformedDataException {
        int len = rows.size();
        if (length >= 0 && len != length) {
            throw new MalformedDataException(file, firstLine, "series has length " + len
                    + ", expected " + length + " (the length of the first series; series of unequal lengths: "
                    + "CsvSeriesFormat.readSeries)");
        }
        double[][] x = new double[channels][len];
        for (int t = 0; t < len; t++) {
            for (int c = 0; c < channels; c++) {
                x[c][t] = rows.get(t)[c];
            }
        }
        out.add(x);
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

    /**
     * Writes series of any lengths in the same format as {@link #write(SeriesData, Path)} (series ids
     * {@code s1, s2, ...}; an exact round trip through {@link #readSeries}).
     *
     * @throws IllegalArgumentException for an empty set or a label that is not an integer
     */
    public static void write(SeriesSet set, Path file) throws IOException {
        if (set.size() == 0) {
            throw new IllegalArgumentException("cannot write an empty series data set");
        }
        double[] y = set.labels();
        for (int i = 0; i < y.length; i++) {
            if (y[i] != Math.rint(y[i])) {
                throw new IllegalArgumentException("label of series " + (i + 1) + " must be an integer class, got " + y[i]);
            }
        }
        int d = set.channels();
        try (BufferedWriter out = TextFiles.create(file)) {
            StringBuilder sb = new StringBuilder(16 * (d + 2));
            sb.append("series,label");
            for (int c = 1; c <= d; c++) {
                sb.append(",c").append(c);
            }
            out.append(sb).append('\n');
            for (int i = 0; i < set.size(); i++) {
                double[][] x = set.series.get(i);
                String label = TextFiles.formatNumber(y[i]);
                for (int t = 0; t < x[0].length; t++) {
                    sb.setLength(0);
                    sb.append('s').append(i + 1).append(',').append(label);
                    for (int c = 0; c < d; c++) {
                        sb.append(',').append(TextFiles.formatNumber(x[c][t]));
                    }
                    out.append(sb).append('\n');
                }
            }
        }
    }
}
