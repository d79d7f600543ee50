package dev.kernelkit.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.MalformedDataException;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Shared pieces of the reader fuzz properties (jqwik): generators of awkward but finite numbers
 * and strings, random corruptions of a file's bytes, and the check every corrupted file must
 * pass: a correct parse or a one-line error naming the file and the line.
 */
public final class Fuzz {
    private Fuzz() {
    }

    /** Generated cases per reader property: the issue asks for at least 10,000 per reader per run. */
    public static final int TRIES = 10_000;

    // ---------------------------------------------------------------- values

    private static final Arbitrary<Double> VALUES = Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.of(0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1e15, 1e15 - 1, -1e15, 1e15 + 2,
                    999999999999999.9, 123456789012345678.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
                    Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, 1e300, 4.35e-320, 1.0 / 3, Math.PI, 100.0, 1e7,
                    1e-7)),
            Tuple.of(2, Arbitraries.integers().between(-1000, 1000).map(Integer::doubleValue)),
            // decimals with three places, as data files often have them
            Tuple.of(2, Arbitraries.integers().between(-1_000_000_000, 1_000_000_000).map(i -> i / 1000.0)),
            // any finite bit pattern: subnormals, huge exponents, 17-digit mantissas
            Tuple.of(3, Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite)));

    /** Finite doubles that stress number formatting: edge values, integers, decimals, raw bits. */
    public static Arbitrary<Double> values() {
        return VALUES;
    }

    /** Class labels of points: signed, small integers, or any finite double (including -0.0). */
    public static Arbitrary<double[]> labels(int n) {
        Arbitrary<Double> signed = Arbitraries.of(-1.0, 1.0);
        Arbitrary<Double> small = Arbitraries.integers().between(-3, 5).map(Integer::doubleValue);
        Arbitrary<Double> zeros = Arbitraries.of(0.0, -0.0, 1.0, 2.0);
        return Arbitraries.<Arbitrary<Double>>of(signed, small, zeros, values())
                .flatMap(a -> a.list().ofSize(n))
                .map(l -> l.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static final Arbitrary<Double> ENTRY = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(0.0)),
            Tuple.of(1, VALUES));
    private static final java.util.Map<Integer, Arbitrary<Vec>> POINTS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A point of dimension d, dense or sparse, about half its entries zero (one arbitrary per d, so jqwik reuses its generator). */
    public static Arbitrary<Vec> point(int d) {
        return POINTS.computeIfAbsent(d, k -> Combinators.combine(ENTRY.list().ofSize(k), Arbitraries.of(true, false))
                .as((l, sparse) -> {
                    double[] x = l.stream().mapToDouble(Double::doubleValue).toArray();
                    return sparse ? sparse(x) : DenseVec.of(x);
                }));
    }

    /** The sparse vector of the non-zero entries of x (a -0.0 entry is dropped, as SparseVec does). */
    public static SparseVec sparse(double[] x) {
        int[] idx = new int[x.length];
        double[] val = new double[x.length];
        int k = 0;
        for (int j = 0; j < x.length; j++) {
            if (x[j] != 0.0) {
                idx[k] = j;
                val[k++] = x[j];
            }
        }
        return new SparseVec(x.length, Arrays.copyOf(idx, k), Arrays.copyOf(val, k));
    }

    /** Labelled points: n in [0, maxN], dimension in [1, maxD]. */
    public static Arbitrary<LabeledDataset> points(int maxN, int maxD) {
        return Combinators.combine(Arbitraries.integers().between(0, maxN), Arbitraries.integers().between(1, maxD))
                .flatAs((n, d) -> Combinators.combine(point(d).list().ofSize(n), labels(n))
                        .as(LabeledDataset::new));
    }

    /**
     * Names (bag ids, class names, relation names): plain words, and words with blanks, quotes,
     * commas, percent and braces, backslashes, Unicode white space and line separators.
     */
    public static Arbitrary<String> names() {
        Arbitrary<String> plain = Arbitraries.strings().withChars("abcXYZ019_-.").ofMinLength(1).ofMaxLength(6);
        Arbitrary<String> awkward = Arbitraries.strings()
                .withChars("ab1 ,'\"%{}?\\#;:+-.é\t\u00a0\u2003\u3000\u2028\u0085\n\r")
                .ofMinLength(0).ofMaxLength(6);
        return Arbitraries.frequencyOf(Tuple.of(3, plain), Tuple.of(1, awkward), Tuple.of(1, Arbitraries.of("?",
                "+1", "-1", "1", "01", "-0", "0", "1e0", "{a}", "'", " x", "x ", "")));
    }

    /** Distinct names. */
    public static Arbitrary<List<String>> distinctNames(int min, int max) {
        return names().list().uniqueElements().ofMinSize(min).ofMaxSize(max);
    }

    /**
     * Bags: 1..maxBags bags of 1..4 instances of dimension 1..maxD, distinct ids, class names either
     * {@link BagDataset#BINARY_CLASSES} or {@code classCounts} distinct names.
     */
    public static Arbitrary<BagDataset> bags(int maxBags, int maxD, Arbitrary<List<String>> classNames) {
        return Combinators.combine(Arbitraries.integers().between(1, maxBags), Arbitraries.integers().between(1, maxD),
                classNames).flatAs((n, d, classes) -> Combinators.combine(
                        distinctNames(n, n),
                        point(d).list().ofMinSize(1).ofMaxSize(4).list().ofSize(n),
                        Arbitraries.integers().between(0, classes.size() - 1).list().ofSize(n))
                .as((ids, instances, labels) -> {
                    List<Bag> bags = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        bags.add(new Bag(ids.get(i), instances.get(i)));
                    }
                    return new BagDataset(bags, classes, labels.stream().mapToInt(Integer::intValue).toArray());
                }));
    }

    // ---------------------------------------------------------------- comparisons

    /** Same values bit for bit; with {@code zeroSign}, -0.0 equals 0.0 (sparse formats drop zeros). */
    public static boolean sameValues(double[] a, double[] b, boolean zeroSign) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            double x = zeroSign && a[i] == 0.0 ? 0.0 : a[i];
            double y = zeroSign && b[i] == 0.0 ? 0.0 : b[i];
            if (Double.compare(x, y) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Same dimension and entries bit for bit, without densifying (a file may give a dimension of
     * 2^31 - 1); with {@code zeroSign}, -0.0 equals 0.0.
     */
    public static boolean sameVec(Vec a, Vec b, boolean zeroSign) {
        if (a.dim() != b.dim()) {
            return false;
        }
        if (a instanceof DenseVec && b instanceof DenseVec) {
            return sameValues(a.toArray(), b.toArray(), zeroSign);
        }
        return stored(a, zeroSign).equals(stored(b, zeroSign));
    }

    private static java.util.Map<Integer, Long> stored(Vec v, boolean zeroSign) {
        java.util.Map<Integer, Long> m = new java.util.HashMap<>();
        v.forEachStored((i, x) -> {
            if (x != 0.0 || !zeroSign && Double.doubleToRawLongBits(x) != 0L) {
                m.put(i, Double.doubleToRawLongBits(x));
            }
        });
        return m;
    }

    /** Same size, dimension, labels (bit for bit) and points. */
    public static boolean samePoints(LabeledDataset a, LabeledDataset b, boolean zeroSign) {
        if (a.size() != b.size() || a.dim() != b.dim()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (Double.compare(a.y(i), b.y(i)) != 0 || !sameVec(a.x(i), b.x(i), zeroSign)) {
                return false;
            }
        }
        return true;
    }

    /** Same class names, bag ids, labels and instances. */
    public static boolean sameBags(BagDataset a, BagDataset b, boolean zeroSign) {
        if (a.size() != b.size() || a.dim() != b.dim() || !a.classNames().equals(b.classNames())) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Bag x = a.bag(i);
            Bag y = b.bag(i);
            if (a.label(i) != b.label(i) || !x.id().equals(y.id()) || x.size() != y.size()) {
                return false;
            }
            for (int p = 0; p < x.size(); p++) {
                if (!sameVec(x.instance(p), y.instance(p), zeroSign)) {
                    return false;
                }
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- corruptions

    /** What a corruption does to the bytes of a file. */
    public enum Kind {
        /** Cut the file at a byte. */
        TRUNCATE,
        /** Replace one byte by any byte value. */
        FLIP_BYTE,
        /** Delete up to 16 bytes. */
        DELETE_BYTES,
        /** Insert a few random bytes. */
        INSERT_BYTES,
        /** Replace a number by a nasty token (NaN, Infinity, 1e400, a huge or negative integer, ...). */
        REPLACE_NUMBER,
        /** Insert a nasty token at a byte. */
        INSERT_TOKEN,
        /** Repeat a line. */
        DUPLICATE_LINE,
        /** Delete a line. */
        DELETE_LINE,
        /** Swap two lines. */
        SWAP_LINES,
        /** Join a line with the next. */
        JOIN_LINES,
        /** Re-encode as UTF-16 (LE or BE, with or without byte-order mark). */
        UTF16,
        /** Re-encode as ISO-8859-1 after inserting a non-ASCII letter. */
        LATIN1,
        /** Line ends as \r\n or \r. */
        LINE_ENDS,
        /** An empty file, or one of blank lines. */
        EMPTY
    }

    /** One corruption: what, and three random numbers saying where and with what. */
    public record Corruption(Kind kind, int a, int b, int c) {
    }

    /** Tokens a corrupted file may hold where a number was. */
    static final List<String> NASTY = List.of("NaN", "-NaN", "nan", "Infinity", "-Infinity", "inf", "1e309",
            "-1e400", "1e-400", "4.9e-325", "0x1p3", "1d", "2f", "1e", ".", "-", "+", "", "e5", "1.2.3",
            "99999999999999999999", "2147483647", "2147483648", "-2147483649", "4294967296", "-1", "0", "-0",
            "1.7976931348623157E308", "1.8e308", "\u0661\u0662", "1_000", "1,5", "?", "{", "}", "'", "\"", "%", "#",
            ":", ",", "\\", "\u2028", "\u0085", "\u00e9", "\uFEFF", "\u0000", "@data", "@end", "\\n", " ", "\t",
            "{0 1}", "1:2", "0:1", "3:3", "-1:1");

    /** One to three corruptions. */
    public static Arbitrary<List<Corruption>> corruptions() {
        Arbitrary<Corruption> one = Combinators.combine(Arbitraries.of(Kind.class),
                Arbitraries.integers().between(0, 1 << 20), Arbitraries.integers().between(0, 1 << 20),
                Arbitraries.integers().between(0, 1 << 20)).as(Corruption::new);
        return one.list().ofMinSize(1).ofMaxSize(3);
    }

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    /** The bytes after applying the corruptions in order. */
    public static byte[] apply(List<Corruption> cs, byte[] bytes) {
        byte[] b = bytes;
        for (Corruption c : cs) {
            b = apply(c, b);
        }
        return b;
    }

    private static byte[] apply(Corruption c, byte[] b) {
        int n = b.length;
        switch (c.kind()) {
            case TRUNCATE:
                return Arrays.copyOf(b, n == 0 ? 0 : c.a() % n);
            case FLIP_BYTE: {
                if (n == 0) {
                    return b;
                }
                byte[] out = b.clone();
                out[c.a() % n] = (byte) c.b();
                return out;
            }
            case DELETE_BYTES: {
                if (n == 0) {
                    return b;
                }
                int at = c.a() % n;
                int len = Math.min(1 + c.b() % 16, n - at);
                return concat(Arrays.copyOf(b, at), Arrays.copyOfRange(b, at + len, n));
            }
            case INSERT_BYTES: {
                int at = n == 0 ? 0 : c.a() % (n + 1);
                byte[] ins = new byte[1 + c.c() % 4];
                java.util.SplittableRandom r = new java.util.SplittableRandom(c.b());
                for (int i = 0; i < ins.length; i++) {
                    ins[i] = (byte) r.nextInt(256);
                }
                return concat(Arrays.copyOf(b, at), ins, Arrays.copyOfRange(b, at, n));
            }
            case REPLACE_NUMBER: {
                String s = new String(b, StandardCharsets.UTF_8);
                List<int[]> spans = new ArrayList<>();
                Matcher m = NUMBER.matcher(s);
                while (m.find()) {
                    spans.add(new int[] {m.start(), m.end()});
                }
                if (spans.isEmpty()) {
                    return b;
                }
                int[] sp = spans.get(c.a() % spans.size());
                String t = s.substring(0, sp[0]) + NASTY.get(c.b() % NASTY.size()) + s.substring(sp[1]);
                return t.getBytes(StandardCharsets.UTF_8);
            }
            case INSERT_TOKEN: {
                String s = new String(b, StandardCharsets.UTF_8);
                int at = c.a() % (s.length() + 1);
                String t = s.substring(0, at) + NASTY.get(c.b() % NASTY.size()) + s.substring(at);
                return t.getBytes(StandardCharsets.UTF_8);
            }
            case DUPLICATE_LINE, DELETE_LINE, SWAP_LINES, JOIN_LINES: {
                List<String> lines = new ArrayList<>(List.of(new String(b, StandardCharsets.UTF_8).split("\n", -1)));
                int i = c.a() % lines.size();
                int j = c.b() % lines.size();
                switch (c.kind()) {
                    case DUPLICATE_LINE -> lines.add(i, lines.get(i));
                    case DELETE_LINE -> lines.remove(i);
                    case SWAP_LINES -> {
                        String t = lines.get(i);
                        lines.set(i, lines.get(j));
                        lines.set(j, t);
                    }
                    default -> {
                        if (i + 1 < lines.size()) {
                            lines.set(i, lines.get(i) + lines.remove(i + 1));
                        }
                    }
                }
                return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            }
            case UTF16: {
                String s = new String(b, StandardCharsets.UTF_8);
                return s.getBytes(switch (c.a() % 3) {
                    case 0 -> StandardCharsets.UTF_16; // big endian with a byte-order mark
                    case 1 -> StandardCharsets.UTF_16LE;
                    default -> StandardCharsets.UTF_16BE;
                });
            }
            case LATIN1: {
                String s = new String(b, StandardCharsets.UTF_8);
                int at = c.a() % (s.length() + 1);
                String t = s.substring(0, at) + "\u00e9\u00fc" + s.substring(at);
                return t.getBytes(StandardCharsets.ISO_8859_1);
            }
            case LINE_ENDS: {
                String s = new String(b, StandardCharsets.UTF_8);
                return s.replace("\n", c.a() % 2 == 0 ? "\r\n" : "\r").getBytes(StandardCharsets.UTF_8);
            }
            case EMPTY:
                return c.a() % 2 == 0 ? new byte[0] : " \n\t\n\n".getBytes(StandardCharsets.US_ASCII);
            default:
                throw new AssertionError(c.kind());
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    // ---------------------------------------------------------------- the one-line error

    /** A call that reads a file. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(Path file) throws IOException;
    }

    /**
     * Writes {@code bytes} to {@code file} and reads it: returns the parse, or null after checking
     * that the reader failed with a {@link MalformedDataException} whose message is one line
     * starting with "file:line: " (a line of the file) or, for a file without a non-blank line,
     * "file: ". Any other exception propagates and fails the property.
     */
    public static <T> T readOrOneLineError(Reader<T> reader, Path file, byte[] bytes) throws IOException {
        Files.write(file, bytes);
        try {
            return reader.read(file);
        } catch (MalformedDataException e) {
            checkOneLine(e.getMessage());
            assertThat(e.file()).isEqualTo(file);
            int lines = lineCount(bytes);
            if (e.line() == 0) {
                assertThat(isBlank(bytes)).as("error without a line in a file with content: %s", e.getMessage()).isTrue();
                assertThat(e.getMessage()).startsWith(file + ": ");
            } else {
                assertThat(e.line()).as(e.getMessage()).isBetween(1, Math.max(lines, 1));
                assertThat(e.getMessage()).startsWith(file + ":" + e.line() + ": ");
            }
            assertThat(e.problem()).as(e.getMessage()).isNotBlank();
            return null;
        }
    }

    /** No line break of any kind. */
    public static void checkOneLine(String message) {
        assertThat(message).as("message").isNotNull()
                .doesNotContain("\n").doesNotContain("\r").doesNotContain("\u0085")
                .doesNotContain("\u2028").doesNotContain("\u2029").doesNotContain("\u000b").doesNotContain("\u000c");
    }

    /** Lines as BufferedReader.readLine counts them (ends at \n, \r, \r\n), on the raw bytes. */
    public static int lineCount(byte[] b) {
        int lines = 0;
        boolean open = false;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                lines++;
                open = false;
                if (b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
                    i++;
                }
            } else {
                open = true;
            }
        }
        return lines + (open ? 1 : 0);
    }

    /** True when the file has no character other than blanks (it may have a byte-order mark). */
    public static boolean isBlank(byte[] b) {
        String s = new String(b, StandardCharsets.UTF_8).replace("\uFEFF", "");
        return s.isBlank();
    }

    /** Writes with {@code writer} and returns the bytes. */
    public static <T> byte[] bytesOf(T data, Writer<T> writer, Path file) {
        try {
            writer.write(data, file);
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A call that writes a file. */
    @FunctionalInterface
    public interface Writer<T> {
        void write(T data, Path file) throws IOException;
    }

    /** Deletes a folder and everything in it. */
    public static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The bytes as text for a failure message: UTF-8 with line breaks and controls escaped, cut at 400 characters. */
    public static String show(byte[] bytes) {
        String s = dev.kernelkit.data.TextCheck.oneLine(new String(bytes, StandardCharsets.UTF_8));
        return s.length() <= 400 ? s : s.substring(0, 400) + "...";
    }

    /**
     * A fresh folder for a property's files: in /dev/shm (memory) where there is one, since a file
     * written and read per case on a disk-backed /tmp costs ten times the CPU; else the default
     * temporary folder.
     */
    public static Path tempDir(String prefix) throws IOException {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            return Files.createTempDirectory(shm, prefix);
        }
        return Files.createTempDirectory(prefix);
    }
}
