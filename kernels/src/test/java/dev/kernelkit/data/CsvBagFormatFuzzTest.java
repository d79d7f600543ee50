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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of {@link CsvBagFormat} (jqwik, fixed seeds). Corrupted files are checked against an
 * independent reference parser of the documented format, so a successful parse must be the
 * correct one; bag labels that disagree inside a bag, bags that reappear and files without
 * instances must be refused on their line.
 */
class CsvBagFormatFuzzTest {
    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Fuzz.tempDir("csvbag-fuzz");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        Fuzz.deleteTree(dir);
    }

    @Provide
    Arbitrary<BagDataset> bags() {
        return Fuzz.bags(5, 4, Arbitraries.oneOf(Arbitraries.just(BagDataset.BINARY_CLASSES),
                Fuzz.distinctNames(1, 4)));
    }

    @Provide
    Arbitrary<List<Fuzz.Corruption>> corruptions() {
        return Fuzz.corruptions();
    }

    @Property(tries = Fuzz.TRIES, seed = "25011")
    void writtenFilesReadBackExactlyOrTheWriterRefusesTheNames(@ForAll("bags") BagDataset data) throws IOException {
        Path f = dir.resolve("rt.csv");
        try {
            CsvBagFormat.write(data, f);
        } catch (IllegalArgumentException e) {
            // only names CSV cannot hold: comma, quote, line break, surrounding blanks, empty
            assertThat(e.getMessage()).containsAnyOf("bag id must be", "class name must be");
            return;
        }
        BagDataset back = CsvBagFormat.read(f, data.classNames());
        assertThat(Fuzz.sameBags(data, back, false)).as(Fuzz.show(Files.readAllBytes(f))).isTrue();
        BagDataset own = CsvBagFormat.read(f); // classes from the labels: the same class of every bag
        for (int i = 0; i < data.size(); i++) {
            String expected = data.classNames().get(data.label(i));
            String got = own.classNames().get(own.label(i));
            if (own.isBinary()) {
                assertThat(ClassNames.binarySign(got)).isEqualTo(ClassNames.binarySign(expected)).isNotZero();
            } else {
                assertThat(got).isEqualTo(expected);
            }
        }
    }

    @Property(tries = Fuzz.TRIES, seed = "25012")
    void corruptedFilesParseAsTheReferenceParserSaysOrFailOnOneLine(@ForAll("bags") BagDataset data,
            @ForAll("corruptions") List<Fuzz.Corruption> corruptions) throws IOException {
        Path f = dir.resolve("case.csv");
        byte[] valid;
        try {
            valid = Fuzz.bytesOf(data, CsvBagFormat::write, f);
        } catch (IllegalArgumentException e) {
            return; // names CSV cannot hold (the round-trip property checks the message)
        }
        byte[] bytes = Fuzz.apply(corruptions, valid);
        BagDataset got = Fuzz.readOrOneLineError(CsvBagFormat::read, f, bytes);
        Reference expected = Reference.parse(bytes);
        if (expected.error() != null) {
            assertThat(got).as("reference parser: %s in %s", expected.error(), Fuzz.show(bytes)).isNull();
        } else {
            assertThat(got).as("the reference parser reads %s", Fuzz.show(bytes)).isNotNull();
            assertThat(Fuzz.sameBags(expected.data(), got, false)).as(Fuzz.show(bytes)).isTrue();
        }
    }

    /** A row whose label differs from its bag's first row is refused on that row. */
    @Property(tries = 2_000, seed = "25013")
    void aBagWhoseRowsDisagreeOnTheLabelIsRefusedOnTheRow(@ForAll("bags") BagDataset data,
            @ForAll("positions") int pos) throws IOException {
        Path f = dir.resolve("label.csv");
        try {
            CsvBagFormat.write(data, f);
        } catch (IllegalArgumentException e) {
            return;
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        int row = 1 + pos % (lines.size() - 1);
        String[] cells = lines.get(row).split(",", -1);
        String other = cells[1].equals("z") ? "y" : "z";
        // the same bag again right after this row, with another label
        cells[1] = other;
        lines.add(row + 1, String.join(",", cells));
        Files.write(f, lines);
        assertThatThrownBy(() -> CsvBagFormat.read(f))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(f + ":" + (row + 2) + ": bag '")
                .hasMessageContaining("has label '" + other + "'");
    }

    /** A bag whose rows come back after another bag is refused on the row where it comes back. */
    @Property(tries = 2_000, seed = "25014")
    void aBagThatReappearsIsRefusedWhereItReappears(@ForAll("bags") BagDataset data) throws IOException {
        Path f = dir.resolve("again.csv");
        try {
            CsvBagFormat.write(data, f);
        } catch (IllegalArgumentException e) {
            return;
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        if (data.size() < 2) {
            return;
        }
        lines.add(lines.get(1)); // a row of the first bag after the last bag
        Files.write(f, lines);
        assertThatThrownBy(() -> CsvBagFormat.read(f))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(f + ":" + lines.size() + ": bag '")
                .hasMessageContaining("reappears after other bags");
    }

    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 1000);
    }

    // ---------------------------------------------------------------- the reference parser

    /** What a file should give: bags or an error. */
    record Reference(BagDataset data, String error) {
        private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

        /**
         * The documented format: UTF-8 text without NUL (a leading byte-order mark skipped), lines
         * ending at \n, \r or \r\n, blank lines skipped, fields split at every comma and trimmed;
         * header bag,label,f1..fd (d >= 1); rows bag,label,d finite decimals; a bag's rows
         * contiguous with one label; at least one row. Classes: binary (-1, +1) when every label
         * is a decimal equal to +1 or -1, else the labels sorted numerically when all are finite
         * decimals (ties by text), otherwise as text.
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
            Map<String, List<Vec>> rows = new LinkedHashMap<>();
            Map<String, String> labelOf = new LinkedHashMap<>();
            String last = null;
            for (String line : text.split("\r\n|\r|\n", -1)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (d < 0) {
                    if (f.length < 3 || !f[0].trim().equals("bag") || !f[1].trim().equals("label")) {
                        return new Reference(null, "bad header");
                    }
                    d = f.length - 2;
                    continue;
                }
                if (f.length != d + 2 || f[0].trim().isEmpty() || f[1].trim().isEmpty()) {
                    return new Reference(null, "bad row");
                }
                String id = f[0].trim();
                String label = f[1].trim();
                double[] x = new double[d];
                for (int j = 0; j < d; j++) {
                    Double v = number(f[j + 2].trim());
                    if (v == null) {
                        return new Reference(null, "bad number");
                    }
                    x[j] = v;
                }
                if (!id.equals(last) && rows.containsKey(id)) {
                    return new Reference(null, "bag reappears");
                }
                if (rows.containsKey(id) && !labelOf.get(id).equals(label)) {
                    return new Reference(null, "label conflict");
                }
                rows.computeIfAbsent(id, k -> new ArrayList<>()).add(DenseVec.of(x));
                labelOf.putIfAbsent(id, label);
                last = id;
            }
            if (rows.isEmpty()) {
                return new Reference(null, d < 0 ? "no header" : "no rows");
            }
            Set<String> labels = new LinkedHashSet<>(labelOf.values());
            boolean binary = labels.stream().allMatch(l -> sign(l) != 0);
            List<String> classes;
            if (binary) {
                classes = BagDataset.BINARY_CLASSES;
            } else {
                classes = new ArrayList<>(labels);
                if (labels.stream().allMatch(l -> number(l) != null)) {
                    classes.sort(Comparator.comparingDouble((String l) -> number(l)).thenComparing(Comparator.naturalOrder()));
                } else {
                    classes.sort(Comparator.naturalOrder());
                }
            }
            List<Bag> bags = new ArrayList<>();
            int[] y = new int[rows.size()];
            int i = 0;
            for (Map.Entry<String, List<Vec>> e : rows.entrySet()) {
                bags.add(new Bag(e.getKey(), e.getValue()));
                String l = labelOf.get(e.getKey());
                y[i++] = binary ? (sign(l) > 0 ? 1 : 0) : classes.indexOf(l);
            }
            return new Reference(new BagDataset(bags, classes, y), null);
        }

        private static int sign(String label) {
            Double v = number(label);
            return v == null ? 0 : v == 1.0 ? 1 : v == -1.0 ? -1 : 0;
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
