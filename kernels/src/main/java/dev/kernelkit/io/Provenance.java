package dev.kernelkit.io;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where a model file comes from: its {@code provenance.*} block. {@link Models#save} fills in what it
 * knows itself for every model (the kernelkit and Java versions, the learner, the model type and the
 * time); a caller that knows the training data and the command adds them ({@link #ofData},
 * {@link #withSeed}, {@link #withCommand}, {@link #with} for further lines such as the parameters
 * given). Unknown text values are empty, unknown counts and the seed absent. Immutable.
 *
 * <pre>
 * provenance.kernelkit = 0.1.0-SNAPSHOT
 * provenance.java = 17.0.12
 * provenance.learner = svm
 * provenance.type = svm
 * provenance.time = 2026-12-02T01:30:00Z
 * provenance.data = heart.libsvm
 * provenance.data_sha256 = 5f1c...
 * provenance.n = 270
 * provenance.dim = 13
 * provenance.seed = 1
 * provenance.command = kernelkit train --learner svm --data heart.libsvm --model heart.model
 * provenance.param.c = 7.5            further lines ({@link #extra})
 * </pre>
 *
 * @param kernelkit the kernelkit version that wrote the file
 * @param java the Java version that wrote it
 * @param learner the learner's name (the fit report's)
 * @param type the model type (the codec's)
 * @param time when the file was written, ISO-8601 UTC to the second
 * @param data the training data's file name
 * @param dataSha256 the training data file's SHA-256, 64 lower-case hex digits
 * @param n the number of training examples (points or bags)
 * @param dim the number of features
 * @param seed the seed of the fit
 * @param command the command line that trained the model
 * @param extra further lines, by key (letters, digits, {@code _ . -}), in order
 */
public record Provenance(String kernelkit, String java, String learner, String type, String time, String data,
                         String dataSha256, OptionalLong n, OptionalLong dim, OptionalLong seed, String command,
                         Map<String, String> extra) {
    /** The key prefix of the block. */
    public static final String PREFIX = "provenance.";
    /** The keys of the named fields, in the order they are written. */
    public static final Set<String> KEYS = Set.of("kernelkit", "java", "learner", "type", "time", "data", "data_sha256",
            "n", "dim", "seed", "command");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    /**
     * Checks and copies.
     *
     * @throws IllegalArgumentException for a negative count, a SHA-256 that is not 64 lower-case hex digits,
     *         or an extra key that is empty, not a key, or one of {@link #KEYS}
     */
    public Provenance {
        kernelkit = text("kernelkit", kernelkit);
        java = text("java", java);
        learner = text("learner", learner);
        type = text("type", type);
        time = text("time", time);
        data = text("data", data);
        dataSha256 = text("data_sha256", dataSha256);
        command = text("command", command);
        Objects.requireNonNull(n, "n");
        Objects.requireNonNull(dim, "dim");
        Objects.requireNonNull(seed, "seed");
        if (!dataSha256.isEmpty() && !SHA256.matcher(dataSha256).matches()) {
            throw new IllegalArgumentException("data_sha256 must be 64 lower-case hex digits, got '" + dataSha256 + "'");
        }
        if (n.isPresent() && n.getAsLong() < 0 || dim.isPresent() && dim.getAsLong() < 0) {
            throw new IllegalArgumentException("n and dim must be >= 0, got " + n + " and " + dim);
        }
        Map<String, String> copy = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : extra.entrySet()) {
            String key = e.getKey();
            if (!ModelFileWriter.KEY.matcher(key).matches() || KEYS.contains(key)) {
                throw new IllegalArgumentException("provenance key must be letters, digits, '_', '.' or '-' and not one of "
                        + KEYS + ", got '" + key + "'");
            }
            copy.put(key, text(key, e.getValue()));
        }
        extra = Collections.unmodifiableMap(copy);
    }

    /** Nothing known beyond what {@link Models#save} fills in. */
    public static Provenance none() {
        return new Provenance("", "", "", "", "", "", "", OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                "", Map.of());
    }

    /**
     * The training data: file name, its SHA-256 (empty when unknown), examples and features.
     *
     * @throws IllegalArgumentException as the constructor
     */
    public static Provenance ofData(String name, String sha256, long n, long dim) {
        return new Provenance("", "", "", "", "", name, sha256, OptionalLong.of(n), OptionalLong.of(dim),
                OptionalLong.empty(), "", Map.of());
    }

    /** With the seed of the fit. */
    public Provenance withSeed(long value) {
        return new Provenance(kernelkit, java, learner, type, time, data, dataSha256, n, dim, OptionalLong.of(value),
                command, extra);
    }

    /** With the command line. */
    public Provenance withCommand(String value) {
        return new Provenance(kernelkit, java, learner, type, time, data, dataSha256, n, dim, seed, value, extra);
    }

    /** With one more line {@code provenance.KEY = VALUE} (after the named fields). */
    public Provenance with(String key, String value) {
        Map<String, String> more = new LinkedHashMap<>(extra);
        more.put(key, value);
        return new Provenance(kernelkit, java, learner, type, time, data, dataSha256, n, dim, seed, command, more);
    }

    /** With what the writer knows: versions, learner, type and time. */
    Provenance writtenBy(String kernelkitVersion, String javaVersion, String learnerName, String modelType,
                         String writtenAt) {
        return new Provenance(kernelkitVersion, javaVersion, learnerName, modelType, writtenAt, data, dataSha256, n, dim,
                seed, command, extra);
    }

    /**
     * The provenance of {@code provenance.*} lines (keys without the prefix): the named fields from
     * their keys, every other line as an extra.
     *
     * @throws IllegalArgumentException naming the key of a count or seed that is not an integer, or a bad value
     */
    public static Provenance fromLines(Map<String, String> lines) {
        Map<String, String> extra = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : lines.entrySet()) {
            if (!KEYS.contains(e.getKey())) {
                extra.put(e.getKey(), e.getValue());
            }
        }
        return new Provenance(lines.getOrDefault("kernelkit", ""), lines.getOrDefault("java", ""),
                lines.getOrDefault("learner", ""), lines.getOrDefault("type", ""), lines.getOrDefault("time", ""),
                lines.getOrDefault("data", ""), lines.getOrDefault("data_sha256", ""), count(lines, "n"),
                count(lines, "dim"), count(lines, "seed"), lines.getOrDefault("command", ""), extra);
    }

    /** The lines of the block (keys without the prefix): the known named fields in order, then the extras. */
    public Map<String, String> lines() {
        Map<String, String> out = new LinkedHashMap<>();
        putIf(out, "kernelkit", kernelkit);
        putIf(out, "java", java);
        putIf(out, "learner", learner);
        putIf(out, "type", type);
        putIf(out, "time", time);
        putIf(out, "data", data);
        putIf(out, "data_sha256", dataSha256);
        n.ifPresent(v -> out.put("n", Long.toString(v)));
        dim.ifPresent(v -> out.put("dim", Long.toString(v)));
        seed.ifPresent(v -> out.put("seed", Long.toString(v)));
        putIf(out, "command", command);
        out.putAll(extra);
        return out;
    }

    private static void putIf(Map<String, String> out, String key, String value) {
        if (!value.isEmpty()) {
            out.put(key, value);
        }
    }

    private static OptionalLong count(Map<String, String> lines, String key) {
        String v = lines.get(key);
        if (v == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(v));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected an integer for 'provenance." + key + "', found '" + v + "'");
        }
    }

    private static String text(String key, String value) {
        Objects.requireNonNull(value, key);
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("provenance " + key + " must not contain a line break");
        }
        return value.strip();
    }
}
