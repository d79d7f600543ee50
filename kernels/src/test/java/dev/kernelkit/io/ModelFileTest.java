package dev.kernelkit.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFileTest {

    @TempDir
    Path dir;

    static final double[] SPECIAL = {0.0, -0.0, 1e-310, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e300, -1e300, 0.1, 1.0 / 3.0, 2.0E-3, 1e23, 2e23, 5e-324,
        Math.PI, -Math.E, 123456789.123456789, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};

    static void assertSameBits(double actual, double expected) {
        assertThat(Double.doubleToRawLongBits(actual)).as("%s vs %s", actual, expected)
                .isEqualTo(Double.doubleToRawLongBits(expected));
    }

    @Test
    void everyValueKindRoundTripsExactlyThroughAFile() throws IOException {
        SparseVec sparse = new SparseVec(10, new int[] {1, 7}, new double[] {0.5, -1.25e-300});
        DenseVec dense = DenseVec.of(0.1, -0.0, 1e-310, 0.30000000000000004);
        SparseVec emptySparse = new SparseVec(65000, new int[0], new double[0]);
        ModelFileWriter w = new ModelFileWriter("svm")
                .putString("kernel", "gaussian:gamma=0.5")
                .putDouble("bias", -0.123)
                .putDoubles("special", SPECIAL)
                .putDoubles("empty", new double[0])
                .putInts("classes", new int[] {-1, 1, Integer.MAX_VALUE, Integer.MIN_VALUE})
                .putInt("n", 42)
                .putLong("seed", Long.MIN_VALUE)
                .putBoolean("shrinking", true)
                .putString("blank", "")
                .putVec("w", dense)
                .putVecs("vectors", List.of(sparse, dense, emptySparse))
                .putStrings("classNames", List.of("class one", "b=2", "#hash"));
        for (int i = 0; i < SPECIAL.length; i++) {
            w.putDouble("d" + i, SPECIAL[i]);
        }
        Path file = dir.resolve("model.txt");
        w.write(file);
        ModelFile m = ModelFileReader.read(file);
        assertThat(m.type()).isEqualTo("svm");
        assertThat(m.version()).isEqualTo(1);
        assertThat(m.getString("kernel")).isEqualTo("gaussian:gamma=0.5");
        assertThat(m.getDouble("bias")).isEqualTo(-0.123);
        double[] special = m.getDoubles("special");
        assertThat(special).hasSize(SPECIAL.length);
        for (int i = 0; i < SPECIAL.length; i++) {
            assertSameBits(special[i], SPECIAL[i]);
            assertSameBits(m.getDouble("d" + i), SPECIAL[i]);
        }
        assertThat(m.getDoubles("empty")).isEmpty();
        assertThat(m.getInts("classes")).containsExactly(-1, 1, Integer.MAX_VALUE, Integer.MIN_VALUE);
        assertThat(m.getInt("n")).isEqualTo(42);
        assertThat(m.getLong("seed")).isEqualTo(Long.MIN_VALUE);
        assertThat(m.getBoolean("shrinking")).isTrue();
        assertThat(m.getString("blank")).isEmpty();
        Vec wBack = m.getVec("w");
        assertThat(wBack).isInstanceOf(DenseVec.class).isEqualTo(dense);
        assertSameBits(wBack.get(1), -0.0);
        List<Vec> vs = m.getVecs("vectors");
        assertThat(vs).containsExactly(sparse, dense, emptySparse);
        assertThat(vs.get(0)).isInstanceOf(SparseVec.class);
        assertThat(vs.get(2).dim()).isEqualTo(65000);
        assertThat(m.getStrings("classNames")).containsExactly("class one", "b=2", "#hash");
        assertThat(m.requireType("svm")).isSameAs(m);
    }

    @Test
    void randomDoublesRoundTripBitForBit() throws IOException {
        SplittableRandom rnd = new SplittableRandom(17);
        double[] v = new double[2000];
        for (int i = 0; i < v.length; i++) {
            // arbitrary bit patterns: every exponent, subnormals included (NaN payloads excluded)
            double d;
            do {
                d = Double.longBitsToDouble(rnd.nextLong());
            } while (Double.isNaN(d));
            v[i] = d;
        }
        ModelFile m = ModelFileReader.parse("mem", new ModelFileWriter("t").putDoubles("v", v).render());
        double[] back = m.getDoubles("v");
        for (int i = 0; i < v.length; i++) {
            assertSameBits(back[i], v[i]);
        }
    }

    @Test
    void renderedFileIsHumanReadable() {
        String text = new ModelFileWriter("svm").putString("kernel", "gaussian:gamma=0.5").putDouble("bias", -0.123)
                .putInts("classes", new int[] {-1, 1})
                .putVecs("vectors", List.of(new SparseVec(10, new int[] {1, 7}, new double[] {0.5, 1.25}),
                        DenseVec.of(0.5, 2)))
                .render();
        assertThat(text).isEqualTo(String.join("\n",
                "# kernelkit model",
                "format = kernelkit-model",
                "version = 1",
                "type = svm",
                "kernel = gaussian:gamma=0.5",
                "bias = -0.123",
                "classes = -1 1",
                "vectors.count = 2",
                "vectors.0 = sparse 10 1:0.5 7:1.25",
                "vectors.1 = dense 2 0.5 2.0",
                ""));
    }

    static String header(String body) {
        return "# kernelkit model\nformat = kernelkit-model\nversion = 1\ntype = svm\n" + body;
    }

    @Test
    void badNumberNamesFileLineAndKey() throws IOException {
        Path file = dir.resolve("model.txt");
        // lines: 1 comment, 2 format, 3 version, 4 type, 5 kernel, 6 blank, 7 bias
        Files.writeString(file, header("kernel = linear\n\nbias = abc\n"), StandardCharsets.UTF_8);
        ModelFile m = ModelFileReader.read(file);
        assertThatThrownBy(() -> m.getDouble("bias")).isInstanceOf(ModelFormatException.class)
                .hasMessage(file + " line 7: expected a number for 'bias', found 'abc'");
        assertThatThrownBy(() -> m.getInt("kernel")).hasMessage(file + " line 5: expected an integer for 'kernel', found 'linear'");
    }

    @Test
    void eachMalformedCaseGivesItsMessage() throws IOException {
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", header("")).getDouble("bias"))
                .isInstanceOf(ModelFormatException.class).hasMessage("model.txt: missing key 'bias'");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", "format = kernelkit-model\nversion = 0\ntype = svm\n"))
                .isInstanceOf(ModelFormatException.class)
                .hasMessage("model.txt line 2: version must be >= 1, found 0");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", "1 0:0.5 3:1\n-1 2:1\n"))
                .isInstanceOf(ModelFormatException.class)
                .hasMessage("model.txt: not a kernelkit model file (line 1: expected 'format = kernelkit-model', found '1 0:0.5 3:1')");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", ""))
                .hasMessageStartingWith("model.txt: not a kernelkit model file");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", "format = kernelkit-model\n"))
                .hasMessage("model.txt: missing key 'version'");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", "format = kernelkit-model\nversion = one\n"))
                .hasMessage("model.txt line 2: expected an integer for 'version', found 'one'");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", header("bias = 1\nbias = 2\n")))
                .hasMessage("model.txt line 6: duplicate key 'bias' (first on line 5)");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", header("just some words\n")))
                .hasMessage("model.txt line 5: expected 'key = value', found 'just some words'");
        assertThatThrownBy(() -> ModelFileReader.parse("model.txt", header("")).requireType("mkl"))
                .hasMessage("model.txt: expected a model of type 'mkl', found 'svm'");
    }

    @Test
    void malformedValuesNameTheKey() throws IOException {
        ModelFile m = ModelFileReader.parse("model.txt", header(String.join("\n",
                "a = dense 3 1 2",            // line 5: two values for dimension 3
                "b = sparse 4 1:1 5:2",       // line 6: index out of range
                "c = sparse 4 1-1",           // line 7: no colon
                "d = matrix 2 1 2",           // line 8: unknown kind
                "e = 1 2 x",                  // line 9: bad array entry
                "f = 1.5d",                   // line 10: Java suffix is not a model-file number
                "g = yes",                    // line 11
                "h.count = 2", "h.0 = dense 1 1",  // lines 12-13: list entry h.1 missing
                "")));
        assertThatThrownBy(() -> m.getVec("a")).hasMessage("model.txt line 5: expected 3 values for the dense vector 'a', found 2");
        assertThatThrownBy(() -> m.getVec("b"))
                .hasMessage("model.txt line 6: invalid vector 'b': index 5 out of range for dimension 4");
        assertThatThrownBy(() -> m.getVec("c")).hasMessage("model.txt line 7: expected index:value in the sparse vector 'c', found '1-1'");
        assertThatThrownBy(() -> m.getVec("d")).hasMessageStartingWith("model.txt line 8: expected a vector");
        assertThatThrownBy(() -> m.getDoubles("e")).hasMessage("model.txt line 9: expected a number for 'e', found 'x'");
        assertThatThrownBy(() -> m.getDoubles("e", 3)).hasMessage("model.txt line 9: expected a number for 'e', found 'x'");
        assertThatThrownBy(() -> m.getDouble("f")).hasMessage("model.txt line 10: expected a number for 'f', found '1.5d'");
        assertThatThrownBy(() -> m.getBoolean("g")).hasMessage("model.txt line 11: expected true or false for 'g', found 'yes'");
        assertThatThrownBy(() -> m.getVecs("h")).hasMessage("model.txt: missing key 'h.1'");
        assertThatThrownBy(() -> m.getDoubles("a", 2)).hasMessageContaining("expected a number for 'a', found 'dense'");
    }

    @Test
    void writerRejectsBadKeysAndValues() {
        ModelFileWriter w = new ModelFileWriter("svm").putDouble("bias", 1);
        assertThatThrownBy(() -> w.putDouble("bias", 2)).hasMessage("duplicate key 'bias'");
        assertThatThrownBy(() -> w.putString("version", "2")).hasMessage("key 'version' is reserved for the file header");
        assertThatThrownBy(() -> w.putString("bad key", "x")).hasMessageContaining("got 'bad key'");
        assertThatThrownBy(() -> w.putString("s", "two\nlines")).hasMessage("value of 's' must not contain a line break");
        assertThatThrownBy(() -> w.putString("s", " padded")).hasMessageContaining("whitespace");
        assertThatThrownBy(() -> new ModelFileWriter("my model")).hasMessageContaining("type must be");
    }

    static List<Path> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    @Test
    void atomicWriteReplacesTheFileAndLeavesNoTempFile() throws IOException {
        Path file = dir.resolve("model.txt");
        new ModelFileWriter("svm").putDouble("bias", 1).write(file);
        new ModelFileWriter("svm").putDouble("bias", 2).write(file);
        assertThat(listing(dir)).containsExactly(file);
        assertThat(ModelFileReader.read(file).getDouble("bias")).isEqualTo(2.0);
    }

    @Test
    void failedWriteLeavesNoTempFileAndTheTargetUntouched() throws IOException {
        // The target is a non-empty folder, so the final rename fails after the temp file was written.
        Path target = dir.resolve("model.txt");
        Files.createDirectory(target);
        Path inside = Files.writeString(target.resolve("keep.txt"), "old");
        assertThatThrownBy(() -> new ModelFileWriter("svm").putDouble("bias", 1).write(target))
                .isInstanceOf(IOException.class);
        assertThat(listing(dir)).containsExactly(target);
        assertThat(Files.readString(inside)).isEqualTo("old");
        assertThatThrownBy(() -> ModelFileReader.read(dir.resolve("absent.txt"))).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("absent.txt");
    }

    /** Found by ModelFileFuzzTest: 'v.count = 2147483647' made getVecs allocate a list of that capacity (OutOfMemoryError). */
    @Test
    void aListCountLargerThanTheFileIsAnErrorOnItsLineNotAnOutOfMemoryError() throws Exception {
        String text = "format = kernelkit-model\nversion = 1\ntype = t\nv.count = 2147483647\nv.0 = dense 1 2\n";
        ModelFile m = ModelFileReader.parse("m.txt", text);
        assertThatThrownBy(() -> m.getVecs("v")).isInstanceOf(ModelFormatException.class)
                .hasMessage("m.txt line 4: 'v.count' is 2147483647 but the file has only 2 keys");
        assertThatThrownBy(() -> m.getStrings("v")).isInstanceOf(ModelFormatException.class)
                .hasMessage("m.txt line 4: 'v.count' is 2147483647 but the file has only 2 keys");
        ModelFile two = ModelFileReader.parse("m.txt", text.replace("2147483647", "2"));
        assertThatThrownBy(() -> two.getVecs("v")).isInstanceOf(ModelFormatException.class)
                .hasMessage("m.txt: missing key 'v.1'");
    }
}
