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

    @Test
    void plainReaderOnAFileWithoutDataSectionSaysSo() throws IOException {
        Path p = file("nd.arff", "@relation r\n@attribute x numeric\n");
        assertThatThrownBy(() -> ArffFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageContaining("no '@data' section");
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
}
