package dev.kernelkit.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Vec;
import dev.kernelkit.testing.Fuzz;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of the model-file reader (jqwik, fixed seeds): files written by {@link ModelFileWriter}
 * with random typed entries read back exactly through every {@link ModelFile} accessor; a
 * corrupted file is read or refused with a one-line {@link ModelFormatException} naming the file,
 * and then every accessor on every key returns a value or throws such an exception, never another.
 */
class ModelFileFuzzTest {
    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Fuzz.tempDir("model-fuzz");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        Fuzz.deleteTree(dir);
    }

    /** The types of value a model file holds. */
    enum Type { STRING, DOUBLE, INT, LONG, BOOLEAN, DOUBLES, INTS, VEC, VECS, STRINGS }

    /** One entry: its key, type and value. */
    record Entry(String key, Type type, Object value) {
    }

    /** Doubles a model may hold, NaN and the infinities included. */
    private static Arbitrary<Double> anyDouble() {
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(8, Fuzz.values()),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY)));
    }

    private static Arbitrary<Vec> vec() {
        return Arbitraries.integers().between(0, 5).flatMap(Fuzz::point);
    }

    /** Strings the writer takes: no line break, no blank at either end. */
    private static Arbitrary<String> string() {
        return Fuzz.names().map(s -> s.replace('\n', '_').replace('\r', '_').strip());
    }

    private static Arbitrary<Object> value(Type t) {
        return switch (t) {
            case STRING -> string().map(s -> s);
            case DOUBLE -> anyDouble().map(v -> v);
            case INT -> Arbitraries.integers().map(v -> v);
            case LONG -> Arbitraries.longs().map(v -> v);
            case BOOLEAN -> Arbitraries.of(true, false).map(v -> v);
            case DOUBLES -> anyDouble().list().ofMaxSize(5)
                    .map(l -> (Object) l.stream().mapToDouble(Double::doubleValue).toArray());
            case INTS -> Arbitraries.integers().list().ofMaxSize(5)
                    .map(l -> (Object) l.stream().mapToInt(Integer::intValue).toArray());
            case VEC -> vec().map(v -> v);
            case VECS -> vec().list().ofMaxSize(3).map(l -> l);
            case STRINGS -> string().list().ofMaxSize(3).map(l -> l);
        };
    }

    @Provide
    Arbitrary<List<Entry>> entries() {
        Arbitrary<Entry> one = Combinators.combine(Arbitraries.strings().withChars("abz09_.-").ofMaxLength(5),
                Arbitraries.of(Type.class)).flatAs((suffix, type) -> value(type).map(v -> new Entry(suffix, type, v)));
        // distinct keys: a running number first, so no key is another's list element or count
        return one.list().ofMaxSize(8).map(l -> {
            List<Entry> out = new ArrayList<>();
            for (int i = 0; i < l.size(); i++) {
                out.add(new Entry("k" + i + "_" + l.get(i).key(), l.get(i).type(), l.get(i).value()));
            }
            return out;
        });
    }

    @SuppressWarnings("unchecked")
    private static String render(List<Entry> entries) {
        ModelFileWriter w = new ModelFileWriter("fuzz-model");
        for (Entry e : entries) {
            switch (e.type()) {
                case STRING -> w.putString(e.key(), (String) e.value());
                case DOUBLE -> w.putDouble(e.key(), (Double) e.value());
                case INT -> w.putInt(e.key(), (Integer) e.value());
                case LONG -> w.putLong(e.key(), (Long) e.value());
                case BOOLEAN -> w.putBoolean(e.key(), (Boolean) e.value());
                case DOUBLES -> w.putDoubles(e.key(), (double[]) e.value());
                case INTS -> w.putInts(e.key(), (int[]) e.value());
                case VEC -> w.putVec(e.key(), (Vec) e.value());
                case VECS -> w.putVecs(e.key(), (List<Vec>) e.value());
                case STRINGS -> w.putStrings(e.key(), (List<String>) e.value());
            }
        }
        return w.render();
    }

    @Provide
    Arbitrary<List<Fuzz.Corruption>> corruptions() {
        return Fuzz.corruptions();
    }

    @Property(tries = Fuzz.TRIES, seed = "25041")
    @SuppressWarnings("unchecked")
    void writtenEntriesReadBackExactlyThroughTheirAccessors(@ForAll("entries") List<Entry> entries)
            throws IOException {
        Path f = dir.resolve("rt.model");
        String text = render(entries);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        ModelFile m = ModelFileReader.read(f);
        assertThat(m.type()).isEqualTo("fuzz-model");
        for (Entry e : entries) {
            String k = e.key();
            switch (e.type()) {
                case STRING -> assertThat(m.getString(k)).isEqualTo(e.value());
                case DOUBLE -> assertThat(Double.doubleToRawLongBits(m.getDouble(k)))
                        .as("%s in %s", k, text).isEqualTo(Double.doubleToRawLongBits((Double) e.value()));
                case INT -> assertThat(m.getInt(k)).isEqualTo(e.value());
                case LONG -> assertThat(m.getLong(k)).isEqualTo(e.value());
                case BOOLEAN -> assertThat(m.getBoolean(k)).isEqualTo(e.value());
                case DOUBLES -> assertThat(bits(m.getDoubles(k))).isEqualTo(bits((double[]) e.value()));
                case INTS -> assertThat(m.getInts(k)).isEqualTo((int[]) e.value());
                case VEC -> assertThat(sameVec(m.getVec(k), (Vec) e.value())).as("%s in %s", k, text).isTrue();
                case VECS -> {
                    List<Vec> got = m.getVecs(k);
                    List<Vec> want = (List<Vec>) e.value();
                    assertThat(got).hasSameSizeAs(want);
                    for (int i = 0; i < want.size(); i++) {
                        assertThat(sameVec(got.get(i), want.get(i))).isTrue();
                    }
                }
                case STRINGS -> assertThat(m.getStrings(k)).isEqualTo(e.value());
            }
        }
    }

    /** Same kind (dense or sparse), dimension and entries bit for bit. */
    private static boolean sameVec(Vec a, Vec b) {
        return a.getClass() == b.getClass() && Fuzz.sameVec(a, b, false);
    }

    private static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToRawLongBits(v[i]);
        }
        return b;
    }

    @Property(tries = Fuzz.TRIES, seed = "25042")
    void corruptedFilesAreReadOrRefusedOnOneLineAndEveryAccessorToo(@ForAll("entries") List<Entry> entries,
            @ForAll("corruptions") List<Fuzz.Corruption> corruptions) throws IOException {
        Path f = dir.resolve("case.model");
        byte[] bytes = Fuzz.apply(corruptions, render(entries).getBytes(StandardCharsets.UTF_8));
        Files.write(f, bytes);
        ModelFile m;
        try {
            m = ModelFileReader.read(f);
        } catch (ModelFormatException e) {
            checkMessage(e, f.toString());
            return;
        }
        String type = m.type();
        assertThat(type).isNotEmpty();
        for (String key : m.keys()) {
            accessAll(m, key, f.toString());
        }
        // a missing key and a wrong type are ModelFormatExceptions too
        accessAll(m, "no.such.key", f.toString());
        try {
            m.requireType(type + "x");
            throw new AssertionError("requireType accepted another type");
        } catch (ModelFormatException e) {
            checkMessage(e, f.toString());
        }
    }

    /** Every accessor on one key: a value or a one-line ModelFormatException naming the file. */
    private static void accessAll(ModelFile m, String key, String file) {
        List<Access> calls = List.of(() -> m.getString(key), () -> m.getDouble(key), () -> m.getInt(key),
                () -> m.getLong(key), () -> m.getBoolean(key), () -> m.getDoubles(key), () -> m.getDoubles(key, 2),
                () -> m.getInts(key), () -> m.getVec(key),
                () -> m.getVecs(key.endsWith(".count") ? key.substring(0, key.length() - 6) : key),
                () -> m.getStrings(key.endsWith(".count") ? key.substring(0, key.length() - 6) : key));
        for (Access c : calls) {
            try {
                c.call();
            } catch (ModelFormatException e) {
                checkMessage(e, file);
            }
        }
        checkMessage(m.formatError(key, "a check of the reader's own"), file);
    }

    /** An accessor call. */
    @FunctionalInterface
    private interface Access {
        Object call() throws ModelFormatException;
    }

    private static void checkMessage(ModelFormatException e, String file) {
        Fuzz.checkOneLine(e.getMessage());
        assertThat(e.getMessage()).startsWith(file);
        assertThat(e.getMessage().substring(file.length())).matches("(: | line [1-9][0-9]*: ).+");
    }

    /** A dense vector's values are finite even in a file that says NaN: DenseVec refuses them, the accessor names the line. */
    @Property(tries = 1_000, seed = "25043")
    void aNonFiniteVectorEntryIsRefusedOnItsLine(@ForAll("badVectors") String vector) throws IOException {
        Path f = dir.resolve("vec.model");
        Files.writeString(f, "format = kernelkit-model\nversion = 1\ntype = t\nv = " + vector + "\n");
        ModelFile m = ModelFileReader.read(f);
        try {
            m.getVec("v");
            throw new AssertionError("accepted " + vector);
        } catch (ModelFormatException e) {
            assertThat(e.getMessage()).startsWith(f + " line 4: ");
            Fuzz.checkOneLine(e.getMessage());
        }
    }

    @Provide
    Arbitrary<String> badVectors() {
        return Arbitraries.of("dense 1 NaN", "dense 2 1 Infinity", "sparse 3 0:NaN", "sparse 3 2:1 1:1",
                "sparse 3 1:1 1:2", "sparse 3 3:1", "sparse 3 -1:1", "dense -1", "dense 2 1", "dense 2147483647",
                "sparse 2147483648", "sparse 2 x:1", "sparse 2 1:", "sparse 2 :1", "matrix 2 1 2", "dense",
                "dense 1 0x1p3x");
    }

    /** A list count of any size, huge or negative, gives the list or an error naming the line: never an OutOfMemoryError. */
    @Property(tries = 1_000, seed = "25044")
    void aListCountOfAnySizeIsReadOrRefusedOnItsLine(@ForAll int count) throws IOException {
        Path f = dir.resolve("count.model");
        Files.writeString(f, "format = kernelkit-model\nversion = 1\ntype = t\nv.count = " + count
                + "\nv.0 = dense 1 2\nv.1 = sparse 2 1:3\n");
        ModelFile m = ModelFileReader.read(f);
        for (Access c : List.<Access>of(() -> m.getVecs("v"), () -> m.getStrings("v"))) {
            try {
                List<?> l = (List<?>) c.call();
                assertThat(l).hasSize(count);
            } catch (ModelFormatException e) {
                checkMessage(e, f.toString());
                assertThat(count < 0 || count > 2).as(e.getMessage()).isTrue(); // v.0 and v.1 exist
            }
        }
    }
}
