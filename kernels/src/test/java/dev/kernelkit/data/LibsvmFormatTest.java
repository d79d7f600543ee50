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
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LibsvmFormatTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void readsLabelsSparseIndicesCommentsAndBlankLines() throws IOException {
        Path p = file("a.libsvm", """
                # a comment line
                +1 1:0.5 3:-2   # trailing comment
                
                -1\t2:1e-3
                3
                """);
        LabeledDataset d = LibsvmFormat.read(p);
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.dim()).isEqualTo(3); // largest index seen is 3
        assertThat(d.labels()).containsExactly(1.0, -1.0, 3.0);
        assertThat(d.x(0)).isInstanceOf(SparseVec.class);
        assertThat(d.x(0).toArray()).containsExactly(0.5, 0.0, -2.0);
        assertThat(d.x(1).toArray()).containsExactly(0.0, 0.001, 0.0);
        assertThat(d.x(2).toArray()).containsExactly(0.0, 0.0, 0.0);
    }

    @Test
    void givenDimensionPadsTestFileToTrainingDimension() throws IOException {
        Path p = file("t.libsvm", "-1 2:4\n");
        LabeledDataset d = LibsvmFormat.read(p, 5);
        assertThat(d.dim()).isEqualTo(5);
        assertThat(d.x(0).toArray()).containsExactly(0.0, 4.0, 0.0, 0.0, 0.0);
    }

    @Test
    void indexBeyondGivenDimensionNamesFileAndLine() throws IOException {
        Path p = file("t.libsvm", "+1 1:1\n-1 2:1 6:3\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p, 5))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageContaining(p + ":2:")
                .hasMessageContaining("index 6")
                .hasMessageContaining("dimension 5");
    }

    @Test
    void readDenseGivesDenseVectorsWithSameEntries() throws IOException {
        Path p = file("a.libsvm", "+1 2:7\n-1 1:3\n");
        LabeledDataset d = LibsvmFormat.readDense(p);
        assertThat(d.x(0)).isInstanceOf(DenseVec.class);
        assertThat(d.x(0).toArray()).containsExactly(0.0, 7.0);
        assertThat(d.x(1).toArray()).containsExactly(3.0, 0.0);
    }

    @Test
    void badTokenWithoutColonNamesFileLineAndToken() throws IOException {
        Path p = file("bad.libsvm", "+1 1:2\n-1 1:2 3\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":2: ")
                .hasMessageContaining("bad token '3'");
    }

    @Test
    void badNumberValueNamesFileLineAndValue() throws IOException {
        Path p = file("bad.libsvm", "+1 1:abc\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":1: ")
                .hasMessageContaining("bad number 'abc'");
    }

    @Test
    void badLabelNamesFileAndLine() throws IOException {
        Path p = file("bad.libsvm", "+1 1:1\n\nyes 1:2\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":3: ")
                .hasMessageContaining("label")
                .hasMessageContaining("'yes'");
    }

    /** Found by LibsvmFormatFuzzTest: the label 0x1p3 was read as 8 (Double.parseDouble takes hexadecimal). */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0x1p3", "0X10", "1d", "2F", "0x1.8p1", "1e", ".",
            "+", "1.2.3", "\u0661"})
    void hexadecimalJavaSuffixesAndOtherNonDecimalsAreBadNumbers(String token) throws IOException {
        Path p = file("hex.libsvm", "+1 1:1\n" + token + " 1:2\n-1 1:" + token + "\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(p + ":2: label: bad number '" + token + "'");
        Path q = file("hexvalue.libsvm", "-1 1:" + token + "\n");
        assertThatThrownBy(() -> LibsvmFormat.read(q))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(q + ":1: value of feature 1: bad number '" + token + "'");
    }

    @Test
    void decimalFormsAreNumbersAndOverflowIsNamed() throws IOException {
        Path p = file("dec.libsvm", "-1 1:.5 2:3. 3:+2.5E+3 4:1e-400 5:-0\n");
        assertThat(LibsvmFormat.read(p).x(0).toArray()).containsExactly(0.5, 3, 2500, 0, 0);
        Path q = file("big.libsvm", "-1 1:1e400\n");
        assertThatThrownBy(() -> LibsvmFormat.read(q))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(q + ":1: value of feature 1 must be finite, got '1e400' (too large for a double)");
    }

    @Test
    void nanValueIsRejectedWithFileAndLine() throws IOException {
        Path p = file("nan.libsvm", "+1 1:1\n-1 1:NaN\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":2: ")
                .hasMessageContaining("must be finite")
                .hasMessageContaining("NaN");
    }

    @Test
    void nonIncreasingIndexIsRejected() throws IOException {
        Path p = file("order.libsvm", "+1 3:1 2:1\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":1: ")
                .hasMessageContaining("index 2")
                .hasMessageContaining("previous index 3");
    }

    /** Found by LibsvmFormatFuzzTest: '-1 2147483647:1' was refused, the overflow check stopped at 2147483639. */
    @Test
    void theLargestIntIsAnIndexAndOneMoreIsNamedAsTooLarge() throws IOException {
        Path p = file("big.libsvm", "-1 2147483647:1\n+1 2147483640:2\n");
        LabeledDataset d = LibsvmFormat.read(p);
        assertThat(d.dim()).isEqualTo(Integer.MAX_VALUE);
        assertThat(d.x(0).get(Integer.MAX_VALUE - 1)).isEqualTo(1.0);
        assertThat(d.x(1).get(2147483639)).isEqualTo(2.0);
        Path q = file("bigger.libsvm", "-1 2147483648:1\n");
        assertThatThrownBy(() -> LibsvmFormat.read(q))
                .isInstanceOf(MalformedDataException.class)
                .hasMessage(q + ":1: bad index '2147483648' in '2147483648:1', expected a positive integer up to "
                        + "2147483647");
    }

    /**
     * Found while fuzzing (the fuzz check itself densified such a point): readDense on a file
     * with index 2147483647 died with OutOfMemoryError "Requested array size exceeds VM limit".
     */
    @Test
    void readDenseRefusesPointsThatCannotFitNamingTheLineOfTheLargestIndex() throws IOException {
        Path p = file("huge.libsvm", "-1 1:1\n+1 2147483647:1\n-1 5:1\n");
        assertThatThrownBy(() -> LibsvmFormat.readDense(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageStartingWith(p + ":2: dense points of dimension 2147483647 (the largest index) need 48.0 GiB"
                        + " for 3 points, more than half the heap");
        assertThat(LibsvmFormat.read(p).dim()).isEqualTo(Integer.MAX_VALUE); // sparse points are fine
        assertThat(LibsvmFormat.readDense(file("small.libsvm", "-1 3:1\n"), 5).x(0).toArray())
                .containsExactly(0, 0, 1, 0, 0);
    }

    @Test
    void zeroIndexIsRejectedAsNotOneBased() throws IOException {
        Path p = file("zero.libsvm", "+1 0:1\n");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(MalformedDataException.class)
                .hasMessageContaining(p + ":1:")
                .hasMessageContaining("1-based");
    }

    @Test
    void missingFileIsAnIOExceptionNamingThePath() {
        Path p = dir.resolve("no-such.libsvm");
        assertThatThrownBy(() -> LibsvmFormat.read(p))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(p.toString());
    }

    @Test
    void writerOutputIsExactlyTheHandWrittenText() throws IOException {
        LabeledDataset d = new LabeledDataset(List.of(
                new SparseVec(4, new int[] {0, 3}, new double[] {0.1, -2.0}),
                DenseVec.of(0, 1.5, 0, 0)), new double[] {1, -1});
        Path p = dir.resolve("w.libsvm");
        LibsvmFormat.write(d, p);
        assertThat(Files.readString(p)).isEqualTo("+1 1:0.1 4:-2\n-1 2:1.5\n");
    }

    @Test
    void roundTripKeepsEveryDoubleBitForBit() throws IOException {
        SplittableRandom rnd = new SplittableRandom(7);
        List<Vec> pts = new ArrayList<>();
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            Vec v = TestData.randomSparse(30, 0.3, rnd);
            // awkward doubles: tiny, huge, many digits
            double[] a = v.toArray();
            a[29] = i == 0 ? Math.PI * 1e-300 : (i == 1 ? -Double.MAX_VALUE : a[29] / 3.0);
            pts.add(i % 2 == 0 ? DenseVec.wrap(a) : new SparseVec(30, nonZeroIdx(a), nonZeroVal(a)));
            y[i] = i % 3 == 0 ? 1 : (i % 3 == 1 ? -1 : 2.5);
        }
        LabeledDataset d = new LabeledDataset(pts, y);
        Path p = dir.resolve("rt.libsvm");
        LibsvmFormat.write(d, p);
        LabeledDataset back = LibsvmFormat.read(p, 30);
        assertThat(TestData.sameData(d, back)).isTrue();
    }

    private static int[] nonZeroIdx(double[] a) {
        return java.util.stream.IntStream.range(0, a.length).filter(j -> a[j] != 0).toArray();
    }

    private static double[] nonZeroVal(double[] a) {
        return java.util.Arrays.stream(a).filter(x -> x != 0).toArray();
    }

    @Test
    void realHeartHas270RowsOf13FeaturesWith120Positive() throws IOException {
        LabeledDataset d = LibsvmFormat.read(RealData.file("heart/heart.libsvm"));
        assertThat(d.size()).isEqualTo(270);
        assertThat(d.dim()).isEqualTo(13);
        assertThat(countLabel(d, 1)).isEqualTo(120);
        assertThat(countLabel(d, -1)).isEqualTo(150);
        // first line: +1 1:0.708333 2:1 3:1 4:-0.320755 ...
        assertThat(d.x(0).get(0)).isEqualTo(0.708333);
        assertThat(d.x(0).get(3)).isEqualTo(-0.320755);
    }

    @Test
    void realA9aTrainAndTestHaveReadmeCountsAnd123Features() throws IOException {
        LabeledDataset train = LibsvmFormat.read(RealData.file("a9a/a9a.libsvm"));
        assertThat(train.size()).isEqualTo(32561);
        assertThat(train.dim()).isEqualTo(123);
        assertThat(countLabel(train, 1)).isEqualTo(7841);
        assertThat(countLabel(train, -1)).isEqualTo(24720);
        LabeledDataset test = LibsvmFormat.read(RealData.file("a9a/a9a.t.libsvm"), train.dim());
        assertThat(test.size()).isEqualTo(16281);
        assertThat(test.dim()).isEqualTo(123);
        assertThat(countLabel(test, 1)).isEqualTo(3846);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // file, rows, +1 rows, -1 rows, features (each data README's verified counts)
        "ionosphere/ionosphere.libsvm, 351, 225, 126, 34",
        "diabetes/diabetes.libsvm, 768, 268, 500, 8",
        "australian/australian.libsvm, 690, 307, 383, 14",
        "banana/banana.libsvm, 5300, 2376, 2924, 2",
        "wdbc/wdbc.libsvm, 569, 212, 357, 30",
        "kddcup99/kddcup99.libsvm, 200000, 160701, 39299, 119",
        "kddcup99/kddcup99.t.libsvm, 100000, 80381, 19619, 119"})
    void realBinaryFilesHaveTheirReadmeCounts(String file, int rows, int pos, int neg, int features) throws IOException {
        // read with the README's feature count: an index beyond it would be an error
        LabeledDataset d = LibsvmFormat.read(RealData.file(file), features);
        assertThat(d.size()).isEqualTo(rows);
        assertThat(d.dim()).isEqualTo(features);
        assertThat(countLabel(d, 1)).isEqualTo(pos);
        assertThat(countLabel(d, -1)).isEqualTo(neg);
    }

    @Test
    void realMultiClassFilesHaveTheirReadmeClassCounts() throws IOException {
        LabeledDataset tox = LibsvmFormat.read(RealData.file("tox171/tox171.libsvm"));
        assertThat(tox.size()).isEqualTo(171);
        assertThat(tox.dim()).isEqualTo(5748);
        assertThat(tox.classes()).containsExactly(1.0, 2.0, 3.0, 4.0);
        assertThat(new long[] {countLabel(tox, 1), countLabel(tox, 2), countLabel(tox, 3), countLabel(tox, 4)})
                .containsExactly(45, 45, 39, 42);
        LabeledDataset isolet = LibsvmFormat.read(RealData.file("isolet/isolet.libsvm"));
        assertThat(isolet.size()).isEqualTo(1560);
        assertThat(isolet.dim()).isEqualTo(617);
        assertThat(isolet.classes()).hasSize(26);
        for (int c = 1; c <= 26; c++) {
            assertThat(countLabel(isolet, c)).as("class %d", c).isEqualTo(60);
        }
    }

    private static long countLabel(LabeledDataset d, double y) {
        return java.util.Arrays.stream(d.labels()).filter(v -> v == y).count();
    }
}
