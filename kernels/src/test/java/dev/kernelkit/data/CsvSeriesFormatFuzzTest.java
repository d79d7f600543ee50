package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.testing.Fuzz;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of {@link CsvSeriesFormat} (jqwik, fixed seeds): written series read back exactly (of one length
 * by {@code read}, of any lengths by {@code readSeries});
 * corrupted files parse as an independent reference parser says or fail on one line naming file
 * and line.
 */
class CsvSeriesFormatFuzzTest {
    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Fuzz.tempDir("series-fuzz");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        Fuzz.deleteTree(dir);
    }

    @Provide
    Arbitrary<CsvSeriesFormat.SeriesData> series() {
        Arbitrary<Double> label = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(-3, 5).map(Integer::doubleValue)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(-0.0, 1e15, 1e20, -1e300, 9007199254740993.0)));
        return Combinators.combine(Arbitraries.integers().between(1, 5), Arbitraries.integers().between(1, 4),
                Arbitraries.integers().between(1, 5)).flatAs((n, channels, length) -> Combinators.combine(
                        Fuzz.values().list().ofSize(channels * length).list().ofSize(n), label.list().ofSize(n))
                .as((xs, ys) -> {
                    List<Vec> points = new ArrayList<>();
                    for (List<Double> x : xs) {
                        points.add(DenseVec.of(x.stream().mapToDouble(Double::doubleValue).toArray()));
                    }
                    double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
                    return new CsvSeriesFormat.SeriesData(new LabeledDataset(points, y), channels, length);
                }));
    }

    /** Series of unequal lengths (1 to 6 steps each), for {@link CsvSeriesFormat#readSeries}. */
    @Provide
    Arbitrary<CsvSeriesFormat.SeriesSet> seriesOfAnyLength() {
        return Arbitraries.integers().between(1, 3).flatMap(channels -> Combinators.combine(
                Arbitraries.integers().between(1, 6).flatMap(len -> Fuzz.values().list().ofSize(channels * len)
                        .map(l -> {
                            double[][] x = new double[channels][len];
                            for (int c = 0; c < channels; c++) {
                                for (int t = 0; t < len; t++) {
                                    x[c][t] = l.get(c * len + t);
                                }
                            }
                            return x;
                        })).list().ofMinSize(1).ofMaxSize(5),
                Arbitraries.integers().between(-3, 5).map(Integer::doubleValue).list().ofSize(5))
                .as((xs, ys) -> new CsvSeriesFormat.SeriesSet(xs,
                        ys.subList(0, xs.size()).stream().mapToDouble(Double::doubleValue).toArray(), channels)));
    }

    @Property(tries = 2000, seed = "25033")
    void seriesOfAnyLengthReadBackExactly(@ForAll("seriesOfAnyLength") CsvSeriesFormat.SeriesSet data) throws IOException {
        Path f = dir.resolve("rt-any.csv");
        CsvSeriesFormat.write(data, f);
        CsvSeriesFormat.SeriesSet back = CsvSeriesFormat.readSeries(f);
        assertThat(back.channels()).isEqualTo(data.channels());
        assertThat(back.labels()).containsExactly(data.labels());
        assertThat(back.size()).isEqualTo(data.size());
        for (int i = 0; i < data.size(); i++) {
            double[][] a = data.get(i);
            double[][] b = back.get(i);
            for (int c = 0; c < a.length; c++) {
                // exact round trip, -0.0 included
                assertThat(java.util.Arrays.equals(a[c], b[c])).as("series %d channel %d", i, c).isTrue();
            }
            assertThat(VariableLengthSeries.decode(back.encoded().x(i))).isDeepEqualTo(b);
        }
    }

    @Provide
    Arbitrary<List<Fuzz.Corruption>> corruptions() {
        return Fuzz.corruptions();
    }

    @Property(tries = Fuzz.TRIES, seed = "25031")
    void writtenSeriesReadBackExactly(@ForAll("series") CsvSeriesFormat.SeriesData data) throws IOException {
        Path f = dir.resolve("rt.csv");
        CsvSeriesFormat.write(data, f);
        CsvSeriesFormat.SeriesData back = CsvSeriesFormat.read(f);
        assertThat(back.channels()).isEqualTo(data.channels());
        assertThat(back.length()).isEqualTo(data.length());
        assertThat(Fuzz.samePoints(data.data(), back.data(), false)).as(Fuzz.show(Files.readAllBytes(f))).isTrue();
    }

    @Property(tries = Fuzz.TRIES, seed = "25032")
    void corruptedFilesParseAsTheReferenceParserSaysOrFailOnOneLine(
            @ForAll("series") CsvSeriesFormat.SeriesData data,
            @ForAll("corruptions") List<Fuzz.Corruption> corruptions) throws IOException {
        Path f = dir.resolve("case.csv");
        byte[] bytes = Fuzz.apply(corruptions, Fuzz.bytesOf(data, CsvSeriesFormat::write, f));
        CsvSeriesFormat.SeriesData got = Fuzz.readOrOneLineError(CsvSeriesFormat::read, f, bytes);
        Reference expected = Reference.parse(bytes);
        if (expected.error() != null) {
            assertThat(got).as("reference parser: %s in %s", expected.error(), Fuzz.show(bytes)).isNull();
        } else {
            assertThat(got).as("the reference parser reads %s", Fuzz.show(bytes)).isNotNull();
            assertThat(got.channels()).isEqualTo(expected.data().channels());
            assertThat(got.length()).isEqualTo(expected.data().length());
            assertThat(Fuzz.samePoints(expected.data().data(), got.data(), false)).as(Fuzz.show(bytes)).isTrue();
        }
    }

    // ---------------------------------------------------------------- the reference parser

    /** What a file should give: series or an error. */
    record Reference(CsvSeriesFormat.SeriesData data, String error) {
        private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

        /**
         * The documented format: UTF-8 text without NUL (a leading byte-order mark skipped), lines
         * ending at \n, \r or \r\n, blank lines skipped, fields split at every comma and trimmed;
         * header series,label,c1..cd (d >= 1); rows id,label,d finite decimals with an integral
         * label; a series' rows contiguous with one label; every series as long as the first; at
         * least one row. Point = channel after channel.
         */
        static Reference parse(byte[] bytes) {
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                return new Reference(null, "not UTF-8");
            }
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            if (text.indexOf('\0') >= 0) {
                return new Reference(null, "NUL");
            }
            int d = -1;
            List<String> ids = new ArrayList<>();
            List<Double> labels = new ArrayList<>();
            List<List<double[]>> rows = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (String line : text.split("\r\n|\r|\n", -1)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (d < 0) {
                    if (f.length < 3 || !f[0].trim().equals("series") || !f[1].trim().equals("label")) {
                        return new Reference(null, "bad header");
                    }
                    d = f.length - 2;
                    continue;
                }
                if (f.length != d + 2 || f[0].trim().isEmpty()) {
                    return new Reference(null, "bad row");
                }
                String id = f[0].trim();
                Double label = number(f[1].trim());
                if (label == null || label != Math.rint(label)) {
                    return new Reference(null, "bad label");
                }
                double[] x = new double[d];
                for (int c = 0; c < d; c++) {
                    Double v = number(f[c + 2].trim());
                    if (v == null) {
                        return new Reference(null, "bad number");
                    }
                    x[c] = v;
                }
                boolean same = !ids.isEmpty() && ids.get(ids.size() - 1).equals(id);
                if (!same) {
                    if (!seen.add(id)) {
                        return new Reference(null, "series reappears");
                    }
                    ids.add(id);
                    labels.add(label);
                    rows.add(new ArrayList<>());
                } else if (Double.compare(labels.get(labels.size() - 1), label) != 0) {
                    return new Reference(null, "label conflict");
                }
                rows.get(rows.size() - 1).add(x);
            }
            if (rows.isEmpty()) {
                return new Reference(null, "no series");
            }
            int length = rows.get(0).size();
            List<Vec> points = new ArrayList<>();
            for (List<double[]> r : rows) {
                if (r.size() != length) {
                    return new Reference(null, "length differs");
                }
                double[] p = new double[d * length];
                for (int t = 0; t < length; t++) {
                    for (int c = 0; c < d; c++) {
                        p[c * length + t] = r.get(t)[c];
                    }
                }
                points.add(DenseVec.of(p));
            }
            double[] y = labels.stream().mapToDouble(Double::doubleValue).toArray();
            return new Reference(new CsvSeriesFormat.SeriesData(new LabeledDataset(points, y), d, length), null);
        }

        private static Double number(String s) {
            if (!DECIMAL.matcher(s).matches()) {
                return null;
            }
            double v = Double.parseDouble(s);
            return Double.isFinite(v) ? v : null;
        }
    }
}
