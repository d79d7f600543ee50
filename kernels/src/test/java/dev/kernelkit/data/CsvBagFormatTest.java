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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvBagFormatTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void readsBinaryBagsInFileOrderWithInstancesInRowOrder() throws IOException {
        Path p = file("b.csv", """
                bag,label,f1,f2
                A,+1,1,2
                A,+1,3,4
                
                B,-1,5,6
                C,1,-7.5,0
                """);
        BagDataset d = CsvBagFormat.read(p);
        assertThat(d.isBinary()).isTrue();
        assertThat(d.classNames()).containsExactly("-1", "+1");
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.dim()).isEqualTo(2);
        assertThat(d.bag(0).id()).isEqualTo("A");
        assertThat(d.bag(0).size()).isEqualTo(2);
        assertThat(d.bag(0).instance(1).toArray()).containsExactly(3.0, 4.0);
        assertThat(d.sign(0)).isEqualTo(1.0);
        assertThat(d.sign(1)).isEqualTo(-1.0);
        assertThat(d.sign(2)).isEqualTo(1.0); // "1" counts as +1
        assertThat(d.bag(2).instance(0).toArray()).containsExactly(-7.5, 0.0);
    }

    @Test
    void leadingByteOrderMarkIsIgnored() throws IOException {
        Path p = file("bom.csv", "\uFEFFbag,label,f1\nA,-1,2\n");
        assertThat(CsvBagFormat.read(p).bag(0).instance(0).get(0)).isEqualTo(2.0);
    }

    @Test
    void multiClassIntegerLabelsAreSortedNumerically() throws IOException {
        Path p = file("m.csv", "bag,label,f1\nA,10,1\nB,2,1\nC,1,1\nD,2,3\n");
        BagDataset d = CsvBagFormat.read(p);
        assertThat(d.classNames()).containsExactly("1", "2", "10"); // numeric, not "1","10","2"
        assertThat(d.labels()).containsExactly(2, 1, 0, 1);
    }

    /** Labels only Java reads as numbers (hexadecimal, a 'd' suffix) are names, not +1 (as the number fix in LibsvmFormatFuzzTest). */
    @Test
    void hexadecimalOrSuffixedLabelsAreNamesNotSigns() throws IOException {
        Path p = file("hex.csv", "bag,label,f1\nA,0x1p0,1\nB,-1,2\nC,1d,3\n");
        BagDataset d = CsvBagFormat.read(p);
        assertThat(d.isBinary()).isFalse();
        assertThat(d.classNames()).containsExactly("-1", "0x1p0", "1d"); // string order: not all numbers
    }

    @Test
    void multiClassNamesAreSortedByStringOrder() throws IOException {
        Path p = file("m.csv", "bag,label,f1\nA,zebra,1\nB,ant,1\nC,Bee,1\n");
        BagDataset d = CsvBagFormat.read(p);
        assertThat(d.classNames()).containsExactly("Bee", "ant", "zebra"); // upper case before lower case
        assertThat(d.labels()).containsExactly(2, 1, 0);
    }

    @Test
    void expectedClassNamesFixTheOrderOfATestFile() throws IOException {
        Path p = file("test.csv", "bag,label,f1\nA,c,1\nB,a,1\n");
        BagDataset d = CsvBagFormat.read(p, List.of("c", "b", "a"));
        assertThat(d.classNames()).containsExactly("c", "b", "a");
        assertThat(d.labels()).containsExactly(0, 2);
    }

    @Test
    void binaryTestFileWithOnlyPositivesKeepsBothBinaryClasses() throws IOException {
        Path p = file("test.csv", "bag,label,f1\nA,+1,1\n");
        BagDataset d = CsvBagFormat.read(p, BagDataset.BINARY_CLASSES);
        assertThat(d.isBinary()).isTrue();
        assertThat(d.sign(0)).isEqualTo(1.0);
    }

    @Test
    void unknownClassNamesFileLineAndClass() throws IOException {
        Path p = file("test.csv", "bag,label,f1\nA,a,1\nB,d,1\nB,d,2\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p, List.of("a", "b", "c")))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":3: ")
                .hasMessageContaining("unknown class 'd'")
                .hasMessageContaining("[a, b, c]");
    }

    @Test
    void conflictingLabelsWithinABagNameBothLines() throws IOException {
        Path p = file("c.csv", "bag,label,f1\nA,+1,1\nA,+1,2\nA,-1,3\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":4: ")
                .hasMessageContaining("bag 'A' has label '-1'")
                .hasMessageContaining("at line 2");
    }

    @Test
    void nonContiguousBagIsRejectedNamingItsEarlierLines() throws IOException {
        Path p = file("nc.csv", "bag,label,f1\nA,+1,1\nA,+1,2\nB,-1,3\nA,+1,4\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":5: ")
                .hasMessageContaining("bag 'A' reappears")
                .hasMessageContaining("lines 2-3")
                .hasMessageContaining("contiguous");
    }

    @Test
    void wrongColumnCountNamesFileLineAndCounts() throws IOException {
        Path p = file("w.csv", "bag,label,f1,f2\nA,+1,1,2\nA,+1,1\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":3: ")
                .hasMessageContaining("wrong column count")
                .hasMessageContaining("expected 4")
                .hasMessageContaining("found 3");
    }

    @Test
    void badNumberTokenNamesFileLineFeatureAndToken() throws IOException {
        Path p = file("t.csv", "bag,label,f1,f2\nA,+1,1,2\nA,+1,1,x2\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":3: ")
                .hasMessageContaining("feature 2")
                .hasMessageContaining("bad number 'x2'");
    }

    @ParameterizedTest
    @CsvSource({"NaN", "Infinity", "-Infinity"})
    void nonFiniteValueIsRejected(String token) throws IOException {
        Path p = file("n.csv", "bag,label,f1\nA,+1," + token + "\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":2: ")
                .hasMessageContaining("must be finite")
                .hasMessageContaining(token);
    }

    /** Found by CsvBagFormatFuzzTest: the error named no line although the file has one (the header). */
    @Test
    void fileWithHeaderButNoInstancesIsAnEmptyBagSetErrorOnTheHeaderLine() throws IOException {
        Path p = file("e.csv", "\nbag,label,f1\n\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":2: no instances after the header");
    }

    @Test
    void emptyBagIdNamesLine() throws IOException {
        Path p = file("e.csv", "bag,label,f1\nA,+1,1\n,+1,2\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":3: ")
                .hasMessageContaining("empty bag id");
    }

    @Test
    void wrongHeaderIsRejected() throws IOException {
        Path p = file("h.csv", "id,class,f1\nA,+1,1\n");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":1: ")
                .hasMessageContaining("bad header");
    }

    @Test
    void missingFileIsAnIOExceptionNamingThePath() {
        Path p = dir.resolve("absent.csv");
        assertThatThrownBy(() -> CsvBagFormat.read(p))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(p.toString());
    }

    @Test
    void writerOutputIsExactlyTheHandWrittenText() throws IOException {
        BagDataset d = BagDataset.binary(List.of(
                new Bag("x", List.of(DenseVec.of(1, 0.25), DenseVec.of(-3, 1e-20))),
                new Bag("y", List.of(DenseVec.of(0, 2)))), new double[] {1, -1});
        Path p = dir.resolve("w.csv");
        CsvBagFormat.write(d, p);
        assertThat(Files.readString(p)).isEqualTo("""
                bag,label,f1,f2
                x,+1,1,0.25
                x,+1,-3,1.0E-20
                y,-1,0,2
                """);
    }

    @Test
    void binaryRoundTripIsIdentical() throws IOException {
        BagDataset d = TestData.randomBags(25, 6, 7, 2.0, 11);
        Path p = dir.resolve("rt.csv");
        CsvBagFormat.write(d, p);
        assertThat(TestData.sameData(d, CsvBagFormat.read(p))).isTrue();
    }

    @Test
    void multiClassRoundTripIsIdentical() throws IOException {
        BagDataset d = TestData.randomMultiClassBags(30, 3, 5, 4, 3.0, 12);
        Path p = dir.resolve("rt.csv");
        CsvBagFormat.write(d, p);
        assertThat(TestData.sameData(d, CsvBagFormat.read(p))).isTrue();
    }

    @Test
    void writerRejectsBagIdWithComma() {
        BagDataset d = BagDataset.binary(List.of(new Bag("a,b", List.of(DenseVec.of(1)))), new double[] {1});
        assertThatThrownBy(() -> CsvBagFormat.write(d, dir.resolve("x.csv")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a,b'");
    }

    @Test
    void realMusk1Has92Bags47Positive476InstancesOf166Features() throws IOException {
        BagDataset d = CsvBagFormat.read(RealData.file("musk1/musk1.csv"));
        assertThat(d.isBinary()).isTrue();
        assertThat(d.size()).isEqualTo(92);
        assertThat(d.classCounts()).containsExactly(45, 47);
        assertThat(d.instanceCount()).isEqualTo(476);
        assertThat(d.dim()).isEqualTo(166);
        int min = d.bags().stream().mapToInt(Bag::size).min().orElseThrow();
        int max = d.bags().stream().mapToInt(Bag::size).max().orElseThrow();
        assertThat(min).isEqualTo(2); // README: bag sizes 2..40
        assertThat(max).isEqualTo(40);
    }

    @ParameterizedTest
    @CsvSource({"elephant, 1391", "fox, 1320", "tiger, 1220"})
    void realCorelSetsHave200BalancedBagsOf230Features(String name, int instances) throws IOException {
        BagDataset d = CsvBagFormat.read(RealData.file(name + "/" + name + ".csv"));
        assertThat(d.isBinary()).isTrue();
        assertThat(d.size()).isEqualTo(200);
        assertThat(d.classCounts()).containsExactly(100, 100);
        assertThat(d.instanceCount()).isEqualTo(instances);
        assertThat(d.dim()).isEqualTo(230);
    }
}
