package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.testing.RealData;
import dev.kernelkit.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArffFormatTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static final String MI_HEADER = """
            % a multi-instance file in Weka's format
            @relation toy
            @attribute bag_id {b1,b2,'b 3'}
            @attribute bag relational
              @attribute f1 numeric
              @attribute f2 real
            @end bag
            @attribute class {0,1}
            @data
            """;

    @Test
    void readsPlainArffWithCommentsQuotedNamesAndCaseInsensitiveKeywords() throws IOException {
        Path p = file("p.arff", """
                % comment
                @RELATION 'my data'

                @attribute 'first feature' NUMERIC
                @Attribute f2 integer % trailing comment
                @attribute class {yes,no}
                @DATA
                1.5, 2, yes
                % comment inside data
                -3,4,'no'
                """);
        LabeledDataset d = ArffFormat.read(p);
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.dim()).isEqualTo(2);
        assertThat(d.x(0).toArray()).containsExactly(1.5, 2.0);
        assertThat(d.x(1).toArray()).containsExactly(-3.0, 4.0);
        // two nominal values that are not ±1: first declared (yes) -> -1, second (no) -> +1
        assertThat(d.labels()).containsExactly(-1.0, 1.0);
    }

    @Test
    void twoNumericPlusMinusOneClassValuesKeepTheirSignWhateverTheOrder() throws IOException {
        Path p = file("s.arff", "@relation r\n@attribute x numeric\n@attribute c {+1,-1}\n@data\n1,+1\n2,-1\n");
        assertThat(ArffFormat.read(p).labels()).containsExactly(1.0, -1.0);
    }

    @Test
    void nominalClassWithThreeIntegerValuesGivesTheIntegers() throws IOException {
        Path p = file("m.arff", "@relation r\n@attribute x numeric\n@attribute c {3,1,7}\n@data\n1,7\n2,3\n");
        assertThat(ArffFormat.read(p).labels()).containsExactly(7.0, 3.0);
    }

    @Test
    void nominalClassWithThreeNamesGivesDeclarationIndex() throws IOException {
        Path p = file("m.arff", "@relation r\n@attribute x numeric\n@attribute c {cat,dog,emu}\n@data\n1,emu\n2,cat\n");
        assertThat(ArffFormat.read(p).labels()).containsExactly(2.0, 0.0);
    }

    @Test
    void numericClassGivesItsValue() throws IOException {
        Path p = file("n.arff", "@relation r\n@attribute x numeric\n@attribute y numeric\n@data\n1,0.25\n");
        assertThat(ArffFormat.read(p).labels()).containsExactly(0.25);
    }

    @Test
    void readsMultiInstanceArffWithEscapedNewlinesBetweenInstances() throws IOException {
        Path p = file("mi.arff", MI_HEADER + """
                b1,"1,2\\n3,4\\n5,6",1
                'b 3','-1,0.5',0
                """);
        BagDataset d = ArffFormat.readBags(p);
        assertThat(d.isBinary()).isTrue();
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.bag(0).id()).isEqualTo("b1");
        assertThat(d.bag(0).size()).isEqualTo(3);
        assertThat(d.bag(0).instance(2).toArray()).containsExactly(5.0, 6.0);
        assertThat(d.sign(0)).isEqualTo(1.0); // class {0,1}: 0 -> -1, 1 -> +1
        assertThat(d.bag(1).id()).isEqualTo("b 3");
        assertThat(d.bag(1).instance(0).toArray()).containsExactly(-1.0, 0.5);
        assertThat(d.sign(1)).isEqualTo(-1.0);
    }

    @Test
    void multiInstanceWithThreeClassesKeepsDeclarationOrder() throws IOException {
        Path p = file("mi3.arff", """
                @relation r
                @attribute id {a,b}
                @attribute bag relational
                @attribute f numeric
                @end bag
                @attribute class {z,x,y}
                @data
                a,'1\\n2',y
                b,'3',z
                """);
        BagDataset d = ArffFormat.readBags(p);
        assertThat(d.classNames()).containsExactly("z", "x", "y");
        assertThat(d.labels()).containsExactly(2, 0);
    }

    @Test
    void emptyBagNamesFileLineAndBag() throws IOException {
        Path p = file("e.arff", MI_HEADER + "b1,'1,2',1\nb2,'',0\n");
        assertThatThrownBy(() -> ArffFormat.readBags(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":11: ")
                .hasMessageContaining("empty bag 'b2'");
    }

    @Test
    void missingValueIsAClearError() throws IOException {
        Path p = file("q.arff", "@relation r\n@attribute x numeric\n@attribute y numeric\n@attribute c {a,b}\n@data\n1,?,a\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":6: ")
                .hasMessageContaining("missing value '?'")
                .hasMessageContaining("'y'");
    }

    @Test
    void missingValueInsideABagIsAClearError() throws IOException {
        Path p = file("q.arff", MI_HEADER + "b1,'1,2\\n?,4',1\n");
        assertThatThrownBy(() -> ArffFormat.readBags(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":10: ")
                .hasMessageContaining("missing value '?'")
                .hasMessageContaining("instance 2 of bag 'b1'");
    }

    @Test
    void unknownClassValueNamesFileLineAndDeclaredClasses() throws IOException {
        Path p = file("u.arff", "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,a\n2,c\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":6: ")
                .hasMessageContaining("unknown class 'c'")
                .hasMessageContaining("[a, b]");
    }

    @Test
    void wrongColumnCountNamesFileLineAndCounts() throws IOException {
        Path p = file("w.arff", "@relation r\n@attribute x numeric\n@attribute y numeric\n@attribute c {a,b}\n@data\n1,2,a\n1,a\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":7: ")
                .hasMessageContaining("wrong column count")
                .hasMessageContaining("expected 3")
                .hasMessageContaining("found 2");
    }

    @Test
    void wrongValueCountInsideAnInstanceIsRejected() throws IOException {
        Path p = file("w.arff", MI_HEADER + "b1,'1,2\\n3',1\n");
        assertThatThrownBy(() -> ArffFormat.readBags(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":10: ")
                .hasMessageContaining("instance 2 of bag 'b1'")
                .hasMessageContaining("expected 2 values, found 1");
    }

    @Test
    void badNumberTokenNamesAttribute() throws IOException {
        Path p = file("t.arff", "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1..5,a\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":5: ")
                .hasMessageContaining("attribute 'x'")
                .hasMessageContaining("bad number '1..5'");
    }

    @Test
    void nanIsRejected() throws IOException {
        Path p = file("nan.arff", "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\nNaN,a\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":5: ")
                .hasMessageContaining("must be finite");
    }

    @Test
    void unterminatedQuoteIsRejected() throws IOException {
        Path p = file("q.arff", MI_HEADER + "b1,'1,2,1\n");
        assertThatThrownBy(() -> ArffFormat.readBags(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":10: ")
                .hasMessageContaining("unterminated quoted string");
    }

    @Test
    void stringAttributeIsRejectedAsUnsupported() throws IOException {
        Path p = file("s.arff", "@relation r\n@attribute name string\n@attribute c {a,b}\n@data\n'x',a\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":2: ")
                .hasMessageContaining("only numeric features");
    }

    /**
     * Found by ArffFormatFuzzTest: errors about the file as a whole named no line; they now name
     * the end of the file or the '@data' line, and only a file without lines gets none.
     */
    @Test
    void wholeFileProblemsNameTheLastOrTheDataLine() throws IOException {
        Path p = file("nd.arff", "@relation r\n@attribute x numeric\n% the end\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":3: no '@data' section before the end of the file");
        Path e = file("empty.arff", "");
        assertThatThrownBy(() -> ArffFormat.readBags(e))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(e + ": empty file, expected an ARFF header (@relation, @attribute, @data)");
        Path one = file("one.arff", "@relation r\n@attribute c {a,b}\n\n@data\na\n");
        assertThatThrownBy(() -> ArffFormat.read(one))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(one + ":4: expected at least one feature and a class attribute before '@data', found 1"
                        + " attribute(s)");
        Path mi = file("mi2.arff", "@relation r\n@attribute bag relational\n@attribute f numeric\n@end bag\n"
                + "@attribute c {a,b}\n@data\n");
        assertThatThrownBy(() -> ArffFormat.readBags(mi))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(mi + ":6: a multi-instance ARFF file needs exactly three attributes");
    }

    @Test
    void missingFileIsAnIOExceptionNamingThePath() {
        Path p = dir.resolve("nope.arff");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(p.toString());
        assertThatThrownBy(() -> ArffFormat.readBags(p))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(p.toString());
    }

    @Test
    void plainWriterOutputIsExactlyTheHandWrittenText() throws IOException {
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(1, 0.5), DenseVec.of(-2, 0)), new double[] {1, -1});
        Path p = dir.resolve("w.arff");
        ArffFormat.write(d, p, "toy set");
        assertThat(Files.readString(p)).isEqualTo("""
                @relation 'toy set'

                @attribute f1 numeric
                @attribute f2 numeric
                @attribute class {-1,+1}

                @data
                1,0.5,+1
                -2,0,-1
                """);
    }

    @Test
    void plainRoundTripsForSignedIntegerAndRealLabels() throws IOException {
        LabeledDataset blobs = TestData.gaussianBlobs(30, 4, 2.0, 5);
        double[] ints = new double[30];
        double[] reals = new double[30];
        double[] twoInts = new double[30];
        for (int i = 0; i < 30; i++) {
            ints[i] = i % 3 + 1;
            reals[i] = i / 7.0;
            twoInts[i] = i % 2 == 0 ? 0 : 2; // two non-±1 classes must survive too (numeric class)
        }
        for (LabeledDataset d : List.of(blobs, blobs.withLabels(ints), blobs.withLabels(reals), blobs.withLabels(twoInts))) {
            Path p = dir.resolve("rt.arff");
            ArffFormat.write(d, p, "rt");
            assertThat(TestData.sameData(d, ArffFormat.read(p))).isTrue();
        }
    }

    @Test
    void multiInstanceRoundTripsBinaryAndThreeClassBags() throws IOException {
        BagDataset bin = TestData.randomBags(20, 5, 3, 2.0, 8);
        BagDataset multi = TestData.randomMultiClassBags(21, 3, 4, 3, 2.0, 9);
        for (BagDataset d : List.of(bin, multi)) {
            Path p = dir.resolve("rt.arff");
            ArffFormat.writeBags(d, p, "rt");
            assertThat(TestData.sameData(d, ArffFormat.readBags(p))).isTrue();
        }
    }

    @Test
    void multiInstanceWriterQuotesAwkwardBagIdsAndClassNames() throws IOException {
        BagDataset d = new BagDataset(List.of(
                new Bag("it's, odd", List.of(DenseVec.of(1))),
                new Bag("%pct", List.of(DenseVec.of(2))),
                new Bag("plain", List.of(DenseVec.of(3)))),
                List.of("a b", "{c}", "d"), new int[] {0, 1, 2});
        Path p = dir.resolve("q.arff");
        ArffFormat.writeBags(d, p, "q");
        assertThat(TestData.sameData(d, ArffFormat.readBags(p))).isTrue();
    }

    /**
     * Found by ArffFormatFuzzTest: a class name or bag id with Unicode white space (U+3000, U+2003)
     * was written unquoted and read back stripped (or as an empty nominal value).
     */
    @Test
    void namesWithUnicodeWhiteSpaceAreQuotedAndReadBackIntact() throws IOException {
        BagDataset d = new BagDataset(List.of(
                new Bag("\u3000", List.of(DenseVec.of(1))),
                new Bag("x\u2003y", List.of(DenseVec.of(2)))),
                List.of("\u2003a", "b\u3000", "c"), new int[] {0, 1});
        for (boolean sparse : new boolean[] {false, true}) {
            Path p = dir.resolve("ws.arff");
            if (sparse) {
                ArffFormat.writeBagsSparse(d, p, "ws");
            } else {
                ArffFormat.writeBags(d, p, "ws");
            }
            assertThat(Files.readString(p)).contains("'\u2003a'", "'\u3000'");
            assertThat(TestData.sameData(d, ArffFormat.readBags(p))).isTrue();
        }
        assertThat(ArffFormat.quote("a\u0085b")).isEqualTo("'a\u0085b'");
        assertThat(ArffFormat.quote("plain")).isEqualTo("plain");
    }

    /**
     * Found by ArffFormatFuzzTest: labels -0.0, 0, 1, 2 (four classes: -0.0 is a class of its own)
     * were written as the nominal class {0,0,1,2}, which the reader refuses (duplicate value '0').
     */
    @Test
    void negativeZeroLabelsRoundTripThroughANumericClass() throws IOException {
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(1), DenseVec.of(2), DenseVec.of(3), DenseVec.of(4)),
                new double[] {-0.0, 0.0, 1, 2});
        for (boolean sparse : new boolean[] {false, true}) {
            Path p = dir.resolve("z.arff");
            if (sparse) {
                ArffFormat.writeSparse(d, p, "z");
            } else {
                ArffFormat.write(d, p, "z");
            }
            assertThat(Files.readString(p)).contains("@attribute class numeric");
            LabeledDataset back = ArffFormat.read(p);
            assertThat(back.labels()).containsExactly(-0.0, 0.0, 1.0, 2.0);
            assertThat(Double.doubleToRawLongBits(back.y(0))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        }
    }

    /** Found by ArffFormatFuzzTest: an empty data set was written as a file the reader refuses (no feature attribute). */
    @Test
    void writersRefuseDataWithoutFeaturesInsteadOfWritingAnUnreadableFile() {
        LabeledDataset empty = new LabeledDataset(List.of(), new double[0]);
        Path p = dir.resolve("e.arff");
        assertThatThrownBy(() -> ArffFormat.write(empty, p, "e")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot write an empty data set as ARFF: it needs at least one feature attribute");
        assertThatThrownBy(() -> ArffFormat.writeSparse(new LabeledDataset(List.of(DenseVec.of()), new double[] {1}),
                p, "e")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("points without features");
        assertThatThrownBy(() -> ArffFormat.writeBags(new BagDataset(List.of(), BagDataset.BINARY_CLASSES, new int[0]),
                p, "e")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("an empty bag data set");
        assertThat(p).doesNotExist();
    }

    @Test
    void realMusk1ConvertedToArffReadsBackIdentical() throws IOException {
        BagDataset musk = CsvBagFormat.read(RealData.file("musk1/musk1.csv"));
        Path p = dir.resolve("musk1.arff");
        ArffFormat.writeBags(musk, p, "musk1");
        BagDataset back = ArffFormat.readBags(p);
        assertThat(back.size()).isEqualTo(92);
        assertThat(back.instanceCount()).isEqualTo(476);
        assertThat(TestData.sameData(musk, back)).isTrue();
    }

    // ---------------------------------------------------------------- sparse rows

    private static Path weka(String name) throws Exception {
        return Path.of(ArffFormatTest.class.getResource("weka/" + name).toURI());
    }

    @Test
    void readsWekaTextDataWithTheClassFirstAndTheFirstClassValueOmitted() throws Exception {
        // StringToWordVector: class {spam,ham} first, then buy cheap meeting now pills at noon
        LabeledDataset d = ArffFormat.read(weka("text-wv.arff"));
        assertThat(d.dim()).isEqualTo(7);
        assertThat(d.x(0)).isInstanceOf(SparseVec.class);
        assertThat(d.x(0).toArray()).containsExactly(1, 1, 0, 1, 1, 0, 0); // buy cheap pills now
        assertThat(d.x(1).toArray()).containsExactly(0, 0, 1, 0, 0, 1, 1); // meeting at noon
        assertThat(d.x(2).toArray()).containsExactly(0, 1, 1, 0, 1, 0, 0); // cheap meeting pills
        // spam is the first declared value: omitted in rows 1 and 3, label -1; ham is +1
        assertThat(d.labels()).containsExactly(-1, 1, -1);
    }

    @Test
    void readsWekaSparseRowsWithAnEmptyRowAndOmittedClass() throws Exception {
        LabeledDataset d = ArffFormat.read(weka("plain-sparse.arff"));
        assertThat(d.size()).isEqualTo(4);
        assertThat(d.x(0).toArray()).containsExactly(0, 1.5, 0);
        assertThat(d.x(1).toArray()).containsExactly(0, 0, 0); // the row {}
        assertThat(d.x(2).toArray()).containsExactly(2, 0, -0.25);
        assertThat(d.x(3).toArray()).containsExactly(0, 0, 1e300); // Weka wrote 1e-300 as "0"
        assertThat(d.labels()).containsExactly(1, -1, -1, 1); // {neg,pos}: neg omitted
    }

    @Test
    void readsWekaSparseMultiInstanceRowsWithDenseOrSparseInstancesAsTheDenseFile() throws Exception {
        BagDataset dense = ArffFormat.readBags(file("mi.arff", """
                @relation mitoy
                @attribute bag_id {b1,b2,b3}
                @attribute bag relational
                  @attribute f1 numeric
                  @attribute f2 numeric
                @end bag
                @attribute class {0,1}
                @data
                b1,"0,2\\n3,0\\n0,0",1
                b2,"1,2",0
                b3,"0,0\\n0.5,0",1
                """));
        assertThat(dense.bag(0).instance(1).toArray()).containsExactly(3, 0);
        for (String f : List.of("mi-sparse.arff", "mi-inner-sparse.arff")) {
            BagDataset d = ArffFormat.readBags(weka(f));
            assertThat(TestData.sameData(dense, d)).as(f).isTrue();
            assertThat(d.bag(0).id()).as(f).isEqualTo("b1"); // omitted: the first declared id
            assertThat(d.sign(1)).as(f).isEqualTo(-1.0); // omitted: the first class value 0
        }
    }

    @Test
    void sparseWriterOutputIsExactlyTheHandWrittenText() throws IOException {
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(0, 1.5, 0), DenseVec.of(0, 0, 0),
                DenseVec.of(2, 0, -0.25)), new double[] {3, 1, 7});
        Path p = dir.resolve("s.arff");
        ArffFormat.writeSparse(d, p, "toy");
        assertThat(Files.readString(p)).isEqualTo("""
                @relation toy

                @attribute f1 numeric
                @attribute f2 numeric
                @attribute f3 numeric
                @attribute class {1,3,7}

                @data
                {1 1.5,3 3}
                {3 1}
                {0 2,2 -0.25,3 7}
                """);
        LabeledDataset back = ArffFormat.read(p);
        assertThat(back.x(0)).isInstanceOf(SparseVec.class);
        assertThat(TestData.sameData(d, back)).isTrue();
    }

    @Test
    void sparseBagWriterOutputIsExactlyTheHandWrittenText() throws IOException {
        BagDataset d = new BagDataset(List.of(
                new Bag("b1", List.of(DenseVec.of(0, 2), DenseVec.of(0, 0))),
                new Bag("it's", List.of(DenseVec.of(1, 2)))), BagDataset.BINARY_CLASSES, new int[] {1, 0});
        Path p = dir.resolve("sb.arff");
        ArffFormat.writeBagsSparse(d, p, "mi");
        assertThat(Files.readString(p)).isEqualTo("""
                @relation mi

                @attribute bag_id {b1,'it\\'s'}
                @attribute bag relational
                  @attribute f1 numeric
                  @attribute f2 numeric
                @end bag
                @attribute class {-1,+1}

                @data
                {0 b1,1 '{1 2}\\n{}',2 +1}
                {0 'it\\'s',1 '{0 1,1 2}',2 -1}
                """);
        assertThat(TestData.sameData(d, ArffFormat.readBags(p))).isTrue();
    }

    @Test
    void sparseRoundTripsForRandomPointsAndBags() throws IOException {
        LabeledDataset blobs = TestData.gaussianBlobs(30, 4, 2.0, 5);
        double[] y = new double[30];
        for (int i = 0; i < 30; i++) {
            y[i] = i % 3 + 1;
        }
        for (LabeledDataset d : List.of(blobs, blobs.withLabels(y))) {
            Path p = dir.resolve("rt.arff");
            ArffFormat.writeSparse(d, p, "rt");
            assertThat(TestData.sameData(d, ArffFormat.read(p))).isTrue();
        }
        BagDataset bags = TestData.randomMultiClassBags(21, 3, 4, 3, 2.0, 9);
        Path p = dir.resolve("rtb.arff");
        ArffFormat.writeBagsSparse(bags, p, "rt");
        assertThat(TestData.sameData(bags, ArffFormat.readBags(p))).isTrue();
    }

    @Test
    void denseAndSparseRowsMayBeMixedAndGiveSparsePoints() throws IOException {
        Path p = file("mix.arff", "@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute c {x,y}\n"
                + "@data\n1,0,y\n{1 2.5}\n{ 0 -1 , 2 'y' } % a comment\n");
        LabeledDataset d = ArffFormat.read(p);
        assertThat(d.points()).allMatch(v -> v instanceof SparseVec);
        assertThat(d.x(0).toArray()).containsExactly(1, 0);
        assertThat(d.x(1).toArray()).containsExactly(0, 2.5);
        assertThat(d.x(2).toArray()).containsExactly(-1, 0);
        assertThat(d.labels()).containsExactly(1, -1, 1);
    }

    @Test
    void badSparseRowsNameTheProblemFileAndLine() throws IOException {
        String header = "@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute c {x,y}\n@data\n";
        String[][] cases = {
                {"{1 2,0 1}", "index 0 in the sparse row must be greater than the previous index 1"},
                {"{1 2,1 3}", "index 1 in the sparse row must be greater than the previous index 1"},
                {"{3 1}", "index 3 in the sparse row is out of range: there are 3 attributes (indices 0..2)"},
                {"{-1 1}", "bad index '-1' in the sparse row, expected an attribute index 0..2"},
                {"{99999999999 1}", "bad index '99999999999' in the sparse row"},
                {"{1 ?}", "missing value '?' for attribute 'b'; missing values are not supported"},
                {"{2 ?}", "missing value '?' for the class; missing values are not supported"},
                {"{0 NaN}", "attribute 'a' must be finite, got 'NaN'"},
                {"{0 1e999}", "attribute 'a' must be finite, got '1e999' (too large for a double)"},
                {"{2 z}", "unknown class 'z'"},
                {"{0 1,2 y},{0.5}", "instance weights '{w}' are not supported"},
                {"{0 1", "sparse row lacks its closing '}'"},
                {"{0 1,2}", "index 2 in the sparse row has no value"},
                {"{0 1} x", "unexpected 'x' after the sparse row"},
        };
        for (String[] c : cases) {
            Path p = file("bad.arff", header + "{0 1}\n" + c[0] + "\n");
            assertThatThrownBy(() -> ArffFormat.read(p)).as(c[0])
                    .isInstanceOf(MalformedDataException.class)
                    .hasMessageStartingWith(p + ":7: ")
                    .hasMessageContaining(c[1]);
        }
    }

    @Test
    void badSparseBagRowsNameTheBagAndInstance() throws IOException {
        String[][] cases = {
                {"{0 b1,2 1}", "sparse row of bag 'b1' omits the relational attribute 'bag' (the bag's instances)"},
                {"{0 b1,1 '{0 1}\\n{2 1}',2 1}", "index 2 in the sparse instance 2 of bag 'b1' is out of range"},
                {"{0 b1,1 '{1 1,0 1}',2 1}", "index 0 in the sparse instance 1 of bag 'b1' must be greater"},
                {"{0 b1,1 '{0 x}',2 1}", "instance 1 of bag 'b1', attribute 'f1': bad number 'x'"},
                {"{0 b1,1 '',2 1}", "empty bag 'b1'"},
                {"{1 '{0 1}',2 1}", null}, // bag id omitted: b1, the first declared value
        };
        for (String[] c : cases) {
            Path p = file("badmi.arff", MI_HEADER + c[0] + "\n");
            if (c[1] == null) {
                assertThat(ArffFormat.readBags(p).bag(0).id()).isEqualTo("b1");
                continue;
            }
            assertThatThrownBy(() -> ArffFormat.readBags(p)).as(c[0])
                    .isInstanceOf(MalformedDataException.class)
                    .hasMessageStartingWith(p + ":10: ")
                    .hasMessageContaining(c[1]);
        }
    }

    @Test
    void stringAndDateAttributesAreNamedAsUnsupported() throws IOException {
        Path s = file("s.arff", "@relation r\n@attribute doc string\n@attribute c {a,b}\n@data\n'x',a\n");
        assertThatThrownBy(() -> ArffFormat.read(s))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(s + ":2: attribute 'doc' is a string attribute: string attributes are not supported"
                        + " (convert text with Weka's StringToWordVector, which writes sparse numeric attributes);"
                        + " only numeric features and a nominal or numeric class are supported");
        Path d = file("d.arff", "@relation r\n@attribute x numeric\n@attribute when date \"yyyy-MM-dd\"\n"
                + "@attribute c {a,b}\n@data\n1,2020-01-01,a\n");
        assertThatThrownBy(() -> ArffFormat.read(d))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(d + ":3: attribute 'when' is a date attribute: date attributes are not supported");
        Path m = file("m.arff", MI_HEADER.replace("@attribute f2 real", "@attribute f2 date") + "b1,'1,2',1\n");
        assertThatThrownBy(() -> ArffFormat.readBags(m))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(m + ":6: instance attribute 'f2' is a date attribute");
    }

    @Test
    void nominalIntegerClassValuesThatAreTheSameNumberGiveIndices() throws IOException {
        Path p = file("dup.arff", "@relation r\n@attribute x numeric\n@attribute c {1,01,2}\n@data\n1,01\n2,2\n");
        assertThat(ArffFormat.read(p).labels()).containsExactly(1, 2); // indices, not 1 and 2 as numbers
    }
}
