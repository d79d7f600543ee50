package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.testing.Fuzz;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of {@link LibsvmFormat} (jqwik, fixed seeds: a failure reproduces and shrinks to a
 * minimal file). Corrupted files are checked against an independent reference parser of the
 * documented grammar, so a successful parse must also be the correct one.
 */
class LibsvmFormatFuzzTest {
    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Fuzz.tempDir("libsvm-fuzz");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        Fuzz.deleteTree(dir);
    }

    @Provide
    Arbitrary<LabeledDataset> points() {
        return Fuzz.points(6, 8);
    }

    @Property(tries = Fuzz.TRIES, seed = "25001")
    void writtenFilesReadBackExactly(@ForAll("points") LabeledDataset data) throws IOException {
        Path f = dir.resolve("rt.libsvm");
        LibsvmFormat.write(data, f);
        LabeledDataset back = LibsvmFormat.read(f, data.dim());
        // the format drops zeros, so -0.0 reads back as 0.0
        assertThat(Fuzz.samePoints(data, back, true)).as("%s", Files.readString(f)).isTrue();
        LabeledDataset own = LibsvmFormat.read(f); // the dimension is the largest index written
        assertThat(own.dim()).isLessThanOrEqualTo(data.dim());
        for (int i = 0; i < data.size(); i++) {
            assertThat(Fuzz.sameValues(Arrays.copyOf(data.x(i).toArray(), own.dim()), own.x(i).toArray(), true))
                    .isTrue();
        }
    }

    @Property(tries = Fuzz.TRIES, seed = "25002")
    void corruptedFilesParseAsTheReferenceParserSaysOrFailOnOneLine(@ForAll("points") LabeledDataset data,
            @ForAll("corruptions") List<Fuzz.Corruption> corruptions) throws IOException {
        Path f = dir.resolve("case.libsvm");
        byte[] bytes = Fuzz.apply(corruptions, Fuzz.bytesOf(data, LibsvmFormat::write, f));
        LabeledDataset got = Fuzz.readOrOneLineError(LibsvmFormat::read, f, bytes);
        Reference expected = Reference.parse(bytes);
        if (expected.error() != null) {
            assertThat(got).as("reference parser: %s in %s", expected.error(), Fuzz.show(bytes)).isNull();
        } else {
            assertThat(got).as("the reference parser reads %s", Fuzz.show(bytes)).isNotNull();
            assertThat(Fuzz.samePoints(expected.data(), got, false)).as(Fuzz.show(bytes)).isTrue();
            // dense points: the same, or a one-line error when they cannot fit (an index of 2^31 - 1)
            LabeledDataset dense = Fuzz.readOrOneLineError(LibsvmFormat::readDense, f, bytes);
            if (dense != null) {
                assertThat(Fuzz.samePoints(got, dense, false)).isTrue();
            }
        }
    }

    @Provide
    Arbitrary<List<Fuzz.Corruption>> corruptions() {
        return Fuzz.corruptions();
    }

    /** A bad index or value put into one entry of one line is refused with that line. */
    @Property(tries = 2_000, seed = "25003")
    void aBadEntryIsRefusedOnItsLine(@ForAll("points") LabeledDataset data, @ForAll("badEntries") String bad,
            @ForAll("positions") int pos) throws IOException {
        Path f = dir.resolve("bad.libsvm");
        LibsvmFormat.write(data, f);
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        int at = pos % (lines.size() + 1);
        lines.add(at, "+1 1:1 " + bad);
        Files.write(f, lines);
        assertThatThrownBy(() -> LibsvmFormat.read(f)).as(bad)
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(f + ":" + (at + 1) + ": ");
    }

    @Provide
    Arbitrary<String> badEntries() {
        return Arbitraries.of("0:1", "-1:1", "1:2", "2147483648:1", "99999999999:1", "2:NaN", "2:Infinity",
                "2:-Infinity", "2:1e309", "2:0x1p3", "2:1d", "2:", ":2", "2:1:1", "x:1", "2:?", "2 3:1",
                "3:1 2:1", "2:1 2:1");
    }

    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 1000);
    }

    // ---------------------------------------------------------------- the reference parser

    /** What a file should give: data or an error. */
    record Reference(LabeledDataset data, String error) {
        private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
        private static final Pattern ENTRY = Pattern.compile("(\\d+):(.*)");

        /**
         * The documented grammar: UTF-8 text without NUL (a leading byte-order mark skipped), lines
         * ending at \n, \r or \r\n, '#' to the end of the line a comment, tokens separated by
         * spaces or tabs; a label, then index:value with indices 1..2^31-1 strictly increasing;
         * numbers are decimals and finite.
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
            List<Vec> points = new ArrayList<>();
            List<Double> labels = new ArrayList<>();
            List<int[]> idx = new ArrayList<>();
            List<double[]> val = new ArrayList<>();
            int dim = 0;
            for (String raw : text.split("\r\n|\r|\n", -1)) {
                String line = (raw.indexOf('#') >= 0 ? raw.substring(0, raw.indexOf('#')) : raw).replaceAll("^[ \t]+", "");
                if (line.isEmpty()) {
                    continue;
                }
                String[] tokens = line.split("[ \t]+");
                Double label = number(tokens[0]);
                if (label == null) {
                    return new Reference(null, "bad label " + tokens[0]);
                }
                int[] ii = new int[tokens.length - 1];
                double[] vv = new double[tokens.length - 1];
                long prev = 0;
                for (int k = 1; k < tokens.length; k++) {
                    var m = ENTRY.matcher(tokens[k]);
                    if (!m.matches()) {
                        return new Reference(null, "bad entry " + tokens[k]);
                    }
                    long index = new java.math.BigInteger(m.group(1)).min(java.math.BigInteger.valueOf(Long.MAX_VALUE))
                            .longValue();
                    Double v = number(m.group(2));
                    if (index < 1 || index > Integer.MAX_VALUE || index <= prev || v == null) {
                        return new Reference(null, "bad entry " + tokens[k]);
                    }
                    ii[k - 1] = (int) index - 1;
                    vv[k - 1] = v;
                    prev = index;
                }
                dim = (int) Math.max(dim, prev);
                labels.add(label);
                idx.add(ii);
                val.add(vv);
            }
            for (int i = 0; i < labels.size(); i++) {
                points.add(new SparseVec(dim, idx.get(i), val.get(i)));
            }
            return new Reference(new LabeledDataset(points, labels.stream().mapToDouble(Double::doubleValue).toArray()),
                    null);
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
