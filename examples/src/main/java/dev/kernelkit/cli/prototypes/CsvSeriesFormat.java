package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads labelled multivariate time series ({@code --format csv-series}, our format: the data
 * folder has no time-series set and neither the issue nor the spec fixes one). A header
 * {@code series,label,c1,...,cd} (channel names free), then one time step per row: series id,
 * the series' integer class label (repeated on every row), and d channel values. Rows of a
 * series are contiguous and in time order. Every series must have the same length L (the
 * flattened representation below needs it; GAK itself would allow unequal lengths).
 *
 * <p>Each series becomes one point of dimension d·L, channel after channel (entry c·L + t is
 * channel c at time t), so {@link #channelGroups} gives one feature group per channel for
 * {@code BaseKernels.alignmentPerGroup} (one GAK per channel, spec §2) or {@code perGroup}.
 *
 * <p>Errors: {@link IOException} "file:line: problem" for a missing or short header, a wrong
 * column count, a bad number, a non-integer label, a label that changes inside a series, a
 * series id that reappears after another series, a length that differs from the first series,
 * or a file without rows.
 */
final class CsvSeriesFormat {

    /** The series as points, with their channel count and length. */
    record SeriesData(LabeledDataset data, int channels, int length) {
        /** One group of feature indices per channel. */
        int[][] channelGroups() {
            return CsvSeriesFormat.channelGroups(channels, length);
        }
    }

    private CsvSeriesFormat() {
    }

    /** Feature groups {c·L, …, c·L + L − 1} for c = 0..d−1. */
    static int[][] channelGroups(int channels, int length) {
        int[][] g = new int[channels][length];
        for (int c = 0; c < channels; c++) {
            for (int t = 0; t < length; t++) {
                g[c][t] = c * length + t;
            }
        }
        return g;
    }

    static SeriesData read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString());
        }
        List<Vec> points = new ArrayList<>();
        List<Double> labels = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int channels = -1;
        int length = -1;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
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
                        throw new IOException(file + ":" + no + ": expected a header 'series,label,c1,...,cd', got '"
                                + line + "'");
                    }
                    channels = f.length - 2;
                    continue;
                }
                if (f.length != channels + 2) {
                    throw new IOException(file + ":" + no + ": expected " + (channels + 2) + " columns, found " + f.length);
                }
                String sid = f[0].trim();
                if (sid.isEmpty()) {
                    throw new IOException(file + ":" + no + ": empty series id");
                }
                double lab;
                try {
                    lab = Double.parseDouble(f[1].trim());
                } catch (NumberFormatException e) {
                    throw new IOException(file + ":" + no + ": label '" + f[1].trim() + "' is not a number");
                }
                if (lab != Math.rint(lab) || Double.isInfinite(lab)) {
                    throw new IOException(file + ":" + no + ": label must be an integer class, got " + f[1].trim());
                }
                double[] v = new double[channels];
                for (int c = 0; c < channels; c++) {
                    try {
                        v[c] = Double.parseDouble(f[c + 2].trim());
                    } catch (NumberFormatException e) {
                        throw new IOException(file + ":" + no + ": column " + (c + 3) + ": '" + f[c + 2].trim()
                                + "' is not a number");
                    }
                    if (!Double.isFinite(v[c])) {
                        throw new IOException(file + ":" + no + ": column " + (c + 3) + " must be finite, got " + v[c]);
                    }
                }
                if (!sid.equals(id)) {
                    if (id != null) {
                        length = flush(file, firstLine, rows, channels, length, points);
                        labels.add(label);
                    }
                    if (!seen.add(sid)) {
                        throw new IOException(file + ":" + no + ": series '" + sid
                                + "' reappears after another series (rows of a series must be contiguous)");
                    }
                    id = sid;
                    label = lab;
                    firstLine = no;
                    rows = new ArrayList<>();
                } else if (lab != label) {
                    throw new IOException(file + ":" + no + ": series '" + sid + "' has label " + label + " at line "
                            + firstLine + " but " + lab + " here");
                }
                rows.add(v);
            }
            if (id == null) {
                throw new IOException(file + ": no series (need a header and at least one row)");
            }
            length = flush(file, firstLine, rows, channels, length, points);
            labels.add(label);
        }
        double[] y = labels.stream().mapToDouble(Double::doubleValue).toArray();
        return new SeriesData(new LabeledDataset(points, y), channels, length);
    }

    private static int flush(Path file, int firstLine, List<double[]> rows, int channels, int length, List<Vec> out)
            throws IOException {
        int len = rows.size();
        if (length >= 0 && len != length) {
            throw new IOException(file + ":" + firstLine + ": series has length " + len
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
}
