package dev.kernelkit.io;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Builds a kernelkit model file (format {@value ModelFile#FORMAT}; the version is that of the model
 * type's layout, {@link ModelCodec#version()}) and writes it atomically. The file is UTF-8 text, one
 * {@code key = value} pair per line in insertion order, after a three-line header:
 *
 * <pre>
 * # kernelkit model
 * format = kernelkit-model
 * version = 2
 * type = svm
 * kernel = gaussian:gamma=0.5
 * bias = -0.123
 * classes = -1 1
 * vectors.count = 2
 * vectors.0 = sparse 10 1:0.5 7:1.25
 * vectors.1 = dense 3 0.1 0.2 0.30000000000000004
 * </pre>
 *
 * <ul>
 *   <li>Keys: letters, digits, {@code _ . -}; dots group keys into sections ({@code ovr.0.bias}).
 *       {@code format}, {@code version} and {@code type} are written by the writer itself.</li>
 *   <li>Numbers: doubles as {@link Double#toString(double)} (which {@link Double#parseDouble}
 *       reads back to the identical bits; should a JDK ever print a value that does not
 *       round-trip, its exact hexadecimal form {@link Double#toHexString} is written instead),
 *       including {@code -0.0}, subnormals, {@code Infinity} and {@code NaN}.</li>
 *   <li>Arrays: space-separated numbers (empty value = empty array).</li>
 *   <li>Vectors: {@code dense d v_0 ... v_{d-1}} or {@code sparse d i:v ...} with 0-based,
 *       strictly increasing indices; the dimension d is always kept.</li>
 *   <li>Lists (of vectors or strings): {@code key.count = n} and {@code key.0 ... key.(n-1)}.</li>
 *   <li>Strings: the rest of the line, so no line breaks and no leading or trailing blanks.</li>
 * </ul>
 *
 * <p>{@link #write(Path)} writes to a temporary file in the target's folder, forces it to disk
 * and renames it over the target, so a crash leaves either the old file or the new one, never a
 * half-written model.
 */
public final class ModelFileWriter {
    static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.\\-]+");

    private final String type;
    private final int version;
    private final Map<String, String> entries = new LinkedHashMap<>();

    /** A writer for version 1 of a type's layout. */
    public ModelFileWriter(String type) {
        this(type, 1);
    }

    /**
     * A writer for a model of the given type (e.g. {@code "svm"}, {@code "sparse-mi"}) in the given
     * version of that type's layout.
     *
     * @throws IllegalArgumentException when the type is not a valid single token or the version is &lt; 1
     */
    public ModelFileWriter(String type, int version) {
        Objects.requireNonNull(type, "type");
        if (!KEY.matcher(type).matches()) {
            throw new IllegalArgumentException("type must be letters, digits, '_', '.' or '-', got '" + type + "'");
        }
        if (version < 1) {
            throw new IllegalArgumentException("version must be >= 1, got " + version);
        }
        this.type = type;
        this.version = version;
    }

    /** The version of the type's layout written in the header. */
    public int version() {
        return version;
    }

    /** The model type. */
    public String type() {
        return type;
    }

    /**
     * A text value.
     *
     * @throws IllegalArgumentException on a bad or duplicate key, or a value with a line break or
     *         leading/trailing whitespace
     */
    public ModelFileWriter putString(String key, String value) {
        Objects.requireNonNull(value, "value of '" + key + "'");
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("value of '" + key + "' must not contain a line break");
        }
        if (!value.equals(value.strip())) {
            throw new IllegalArgumentException("value of '" + key + "' must not start or end with whitespace, got '"
                    + value + "'");
        }
        return put(key, value);
    }

    /** A double, written so that it reads back bit-for-bit. */
    public ModelFileWriter putDouble(String key, double value) {
        return put(key, formatDouble(value));
    }

    /** An int. */
    public ModelFileWriter putInt(String key, int value) {
        return put(key, Integer.toString(value));
    }

    /** A long. */
    public ModelFileWriter putLong(String key, long value) {
        return put(key, Long.toString(value));
    }

    /** A boolean, as {@code true} or {@code false}. */
    public ModelFileWriter putBoolean(String key, boolean value) {
        return put(key, Boolean.toString(value));
    }

    /** A double array, space-separated. */
    public ModelFileWriter putDoubles(String key, double[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(formatDouble(values[i]));
        }
        return put(key, sb.toString());
    }

    /** An int array, space-separated. */
    public ModelFileWriter putInts(String key, int[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(values[i]);
        }
        return put(key, sb.toString());
    }

    /** A vector: {@code dense d v...} for a {@link DenseVec}, {@code sparse d i:v ...} for a {@link SparseVec}. */
    public ModelFileWriter putVec(String key, Vec v) {
        return put(key, formatVec(v));
    }

    /** A list of vectors: {@code key.count} and {@code key.0 ... key.(n-1)}. */
    public ModelFileWriter putVecs(String key, List<? extends Vec> vectors) {
        checkKey(key);
        putInt(key + ".count", vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            putVec(key + "." + i, vectors.get(i));
        }
        return this;
    }

    /** A list of strings (e.g. class names that may contain spaces): {@code key.count}, {@code key.i}. */
    public ModelFileWriter putStrings(String key, List<String> values) {
        checkKey(key);
        putInt(key + ".count", values.size());
        for (int i = 0; i < values.size(); i++) {
            putString(key + "." + i, values.get(i));
        }
        return this;
    }

    /** The file text. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("# kernelkit model\n");
        sb.append("format = ").append(ModelFile.FORMAT).append('\n');
        sb.append("version = ").append(version).append('\n');
        sb.append("type = ").append(type).append('\n');
        for (Map.Entry<String, String> e : entries.entrySet()) {
            sb.append(e.getKey()).append(" =");
            if (!e.getValue().isEmpty()) {
                sb.append(' ').append(e.getValue());
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Writes the file atomically: a temporary file in the same folder, forced to disk, then renamed
     * over {@code target}. On failure the temporary file is removed and the target is untouched.
     *
     * @throws IOException when the folder is not writable or the rename fails
     */
    public void write(Path target) throws IOException {
        AtomicFiles.writeString(target, render());
    }

    private ModelFileWriter put(String key, String value) {
        checkKey(key);
        if (key.equals("format") || key.equals("version") || key.equals("type")) {
            throw new IllegalArgumentException("key '" + key + "' is reserved for the file header");
        }
        if (entries.containsKey(key)) {
            throw new IllegalArgumentException("duplicate key '" + key + "'");
        }
        entries.put(key, value);
        return this;
    }

    private static void checkKey(String key) {
        Objects.requireNonNull(key, "key");
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("key must be letters, digits, '_', '.' or '-', got '" + key + "'");
        }
    }

    /** Double.toString when it parses back to the same bits, else the exact hexadecimal form. */
    static String formatDouble(double v) {
        String s = Double.toString(v);
        if (Double.doubleToRawLongBits(Double.parseDouble(s)) == Double.doubleToRawLongBits(v) || Double.isNaN(v)) {
            return s;
        }
        return Double.toHexString(v);
    }

    static String formatVec(Vec v) {
        StringBuilder sb = new StringBuilder();
        if (v instanceof SparseVec s) {
            sb.append("sparse ").append(s.dim());
            for (int p = 0; p < s.storedCount(); p++) {
                sb.append(' ').append(s.indexAt(p)).append(':').append(formatDouble(s.valueAt(p)));
            }
        } else {
            DenseVec d = (DenseVec) v;
            sb.append("dense ").append(d.dim());
            for (int i = 0; i < d.dim(); i++) {
                sb.append(' ').append(formatDouble(d.get(i)));
            }
        }
        return sb.toString();
    }
}
