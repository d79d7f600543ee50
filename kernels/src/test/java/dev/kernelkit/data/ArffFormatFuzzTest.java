package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.testing.Fuzz;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of {@link ArffFormat}: plain and multi-instance files, dense and sparse rows (jqwik,
 * fixed seeds). A corrupted file must parse or fail on one line naming file and line; a parse
 * must be a fixed point of the writers (written in the other layout, it reads back the same), and
 * bad sparse indices, missing values, empty and repeated bags are refused on their line.
 */
class ArffFormatFuzzTest {
    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Fuzz.tempDir("arff-fuzz");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        Fuzz.deleteTree(dir);
    }

    @Provide
    Arbitrary<LabeledDataset> points() {
        return Fuzz.points(6, 6);
    }

    @Provide
    Arbitrary<LabeledDataset> nonEmptyPoints() {
        return Fuzz.points(6, 6).filter(d -> d.size() > 0);
    }

    /** Two class names would be read back as the binary -1/+1 (documented), so 1, 3 or 4 names, or the binary ones. */
    @Provide
    Arbitrary<BagDataset> bags() {
        return Fuzz.bags(5, 4, Arbitraries.oneOf(Arbitraries.just(BagDataset.BINARY_CLASSES),
                Fuzz.distinctNames(1, 4).filter(l -> l.size() != 2)));
    }

    @Provide
    Arbitrary<String> relation() {
        return Fuzz.names();
    }

    @Provide
    Arbitrary<List<Fuzz.Corruption>> corruptions() {
        return Fuzz.corruptions();
    }

    private static void write(LabeledDataset d, Path f, String relation, boolean sparse) throws IOException {
        if (sparse) {
            ArffFormat.writeSparse(d, f, relation);
        } else {
            ArffFormat.write(d, f, relation);
        }
    }

    private static void writeBags(BagDataset d, Path f, String relation, boolean sparse) throws IOException {
        if (sparse) {
            ArffFormat.writeBagsSparse(d, f, relation);
        } else {
            ArffFormat.writeBags(d, f, relation);
        }
    }

    @Property(tries = Fuzz.TRIES, seed = "25021")
    void writtenPointsReadBackExactly(@ForAll("points") LabeledDataset data, @ForAll("relation") String relation,
            @ForAll boolean sparse) throws IOException {
        Path f = dir.resolve("rt.arff");
        if (data.size() == 0) { // dimension 0: ARFF cannot hold it, and the writer says so
            assertThatThrownBy(() -> write(data, f, relation, sparse)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("as ARFF");
            return;
        }
        write(data, f, relation, sparse);
        LabeledDataset back = ArffFormat.read(f);
        // sparse rows drop zeros, so -0.0 reads back as 0.0 there
        assertThat(Fuzz.samePoints(data, back, sparse)).as(Fuzz.show(Files.readAllBytes(f))).isTrue();
    }

    @Property(tries = Fuzz.TRIES, seed = "25022")
    void writtenBagsReadBackExactly(@ForAll("bags") BagDataset data, @ForAll("relation") String relation,
            @ForAll boolean sparse) throws IOException {
        Path f = dir.resolve("rtb.arff");
        writeBags(data, f, relation, sparse);
        BagDataset back = ArffFormat.readBags(f);
        assertThat(Fuzz.sameBags(data, back, sparse)).as(Fuzz.show(Files.readAllBytes(f))).isTrue();
    }

    @Property(tries = Fuzz.TRIES, seed = "25023")
    void corruptedPlainFilesParseToAFixedPointOrFailOnOneLine(@ForAll("nonEmptyPoints") LabeledDataset data,
            @ForAll boolean sparse, @ForAll("corruptions") List<Fuzz.Corruption> corruptions) throws IOException {
        Path f = dir.resolve("case.arff");
        byte[] bytes = Fuzz.apply(corruptions, Fuzz.bytesOf(data, (d, p) -> write(d, p, "r", sparse), f));
        LabeledDataset got = Fuzz.readOrOneLineError(ArffFormat::read, f, bytes);
        if (got == null || got.size() == 0) {
            return; // an empty parse has no dimension to write
        }
        // written in the other layout, the parse reads back the same
        Path g = dir.resolve("again.arff");
        write(got, g, "again", !sparse);
        assertThat(Fuzz.samePoints(got, ArffFormat.read(g), !sparse)).as("%s", Fuzz.show(bytes)).isTrue();
    }

    @Property(tries = Fuzz.TRIES, seed = "25024")
    void corruptedBagFilesParseToAFixedPointOrFailOnOneLine(@ForAll("bags") BagDataset data,
            @ForAll boolean sparse, @ForAll("corruptions") List<Fuzz.Corruption> corruptions) throws IOException {
        Path f = dir.resolve("caseb.arff");
        byte[] bytes = Fuzz.apply(corruptions, Fuzz.bytesOf(data, (d, p) -> writeBags(d, p, "r", sparse), f));
        BagDataset got = Fuzz.readOrOneLineError(ArffFormat::readBags, f, bytes);
        if (got == null || got.size() == 0) {
            return;
        }
        // written in the other layout, the parse reads back the same
        Path g = dir.resolve("againb.arff");
        writeBags(got, g, "again", !sparse);
        assertThat(Fuzz.sameBags(got, ArffFormat.readBags(g), !sparse)).as("%s", Fuzz.show(bytes)).isTrue();
    }

    /** Unordered, repeated, negative or out-of-range indices and missing values in a sparse row are refused on it. */
    @Property(tries = 2_000, seed = "25025")
    void aBadSparseRowIsRefusedOnItsLine(@ForAll("nonEmptyPoints") LabeledDataset data, @ForAll("badRows") String bad,
            @ForAll("positions") int pos) throws IOException {
        Path f = dir.resolve("bad.arff");
        ArffFormat.writeSparse(data, f, "r");
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        int first = lines.indexOf("@data") + 1;
        int at = first + pos % (lines.size() - first + 1);
        int d = data.dim();
        lines.add(at, bad.replace("D", Integer.toString(d)).replace("N", Integer.toString(d + 1)));
        Files.write(f, lines);
        assertThatThrownBy(() -> ArffFormat.read(f)).as(bad)
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(f + ":" + (at + 1) + ": ");
    }

    /** D is the class index, N the attribute count; the feature index 0 always exists. */
    @Provide
    Arbitrary<String> badRows() {
        return Arbitraries.of("{0 1,0 2}", "{D 1,0 1}", "{N 1}", "{-1 1}", "{0 ?}", "{D ?}", "{0 NaN}", "{0 1e999}",
                "{0 Infinity}", "{0 1", "{0}", "{0 1,D}", "{0 1} x", "{0 1},{2}", "{2147483648 1}", "{0 1 D}",
                "?,?", "{D 'no such class'}");
    }

    /** A bag without instances, or a bag id seen before, is refused on its line. */
    @Property(tries = 2_000, seed = "25026")
    void anEmptyOrRepeatedBagIsRefusedOnItsLine(@ForAll("bags") BagDataset data, @ForAll boolean sparse,
            @ForAll boolean empty, @ForAll("positions") int pos) throws IOException {
        Path f = dir.resolve("badb.arff");
        writeBags(data, f, "r", sparse);
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        int first = lines.indexOf("@data") + 1;
        int expectedLine;
        if (empty) { // bag k loses its instances
            int k = pos % data.size();
            String id = ArffFormat.quote(data.bag(k).id());
            String label = ArffFormat.quote(data.classNames().get(data.label(k)));
            lines.set(first + k, sparse ? "{0 " + id + ",1 '\\n',2 " + label + "}" : id + ",''," + label);
            expectedLine = first + k + 1;
        } else { // bag 0 once more, anywhere among the rows
            int at = first + pos % (lines.size() - first + 1);
            lines.add(at, lines.get(first));
            expectedLine = at == first ? first + 2 : at + 1;
        }
        Files.write(f, lines);
        assertThatThrownBy(() -> ArffFormat.readBags(f)).as(String.join("\n", lines))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(f + ":" + expectedLine + ": ")
                .hasMessageContaining(empty ? "empty bag" : "already appeared at line");
    }

    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 1000);
    }
}
