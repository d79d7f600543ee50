package dev.kernelkit.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.kernelkit.io.AtomicFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A flat-or-nested JSON object for the machine-readable summaries the {@code --json FILE} option
 * writes (RFC 8259), written by Jackson's streaming generator. Keys keep their insertion order;
 * values are finite doubles (written as JSON numbers), longs, booleans, strings, nested objects or
 * lists of those. NaN and infinities are refused because JSON has no representation for them. Not
 * thread-safe; build, then write.
 *
 * <p>The layout is fixed: two-space indentation, {@code "key": value}, a list on one line as
 * {@code [1, 2.5]}, {@code {}} and {@code []} when empty, and a final newline. A double with an
 * integral value below 10^15 in magnitude is written as an integer ({@code 3.0} as {@code 3},
 * {@code -0.0} as {@code 0}); any other as {@link Double#toString(double)} writes it (the
 * shortest form that reads back to the same double, e.g. {@code 0.1}, {@code 1.0E-12}).
 */
public final class JsonSummary {
    /** Thread-safe once built; U+2028 and U+2029 are escaped too (legal JSON, but they break JavaScript). */
    private static final JsonFactory JSON = new JsonFactoryBuilder().characterEscapes(new LineSeparatorEscapes()).build();

    private final Map<String, Object> entries = new LinkedHashMap<>();

    /**
     * Adds a finite number.
     *
     * @param key the key
     * @param value the number
     * @return this summary
     * @throws IllegalArgumentException for NaN or an infinity
     */
    public JsonSummary put(String key, double value) {
        entries.put(checkKey(key), checkFinite(key, value));
        return this;
    }

    /**
     * Adds a finite number, or JSON null when value is null (e.g. an accuracy without test data).
     *
     * @param key the key
     * @param value the number or null
     * @return this summary
     */
    public JsonSummary putOptional(String key, Double value) {
        entries.put(checkKey(key), value == null ? null : checkFinite(key, value));
        return this;
    }

    /**
     * Adds JSON null (a documented key that has no value for this run).
     *
     * @param key the key
     * @return this summary
     */
    public JsonSummary putNull(String key) {
        entries.put(checkKey(key), null);
        return this;
    }

    /**
     * Adds an integer.
     *
     * @param key the key
     * @param value the integer
     * @return this summary
     */
    public JsonSummary put(String key, long value) {
        entries.put(checkKey(key), value);
        return this;
    }

    /**
     * Adds a boolean.
     *
     * @param key the key
     * @param value the boolean
     * @return this summary
     */
    public JsonSummary put(String key, boolean value) {
        entries.put(checkKey(key), value);
        return this;
    }

    /**
     * Adds a string (null is written as JSON null).
     *
     * @param key the key
     * @param value the string or null
     * @return this summary
     */
    public JsonSummary put(String key, String value) {
        entries.put(checkKey(key), value);
        return this;
    }

    /**
     * Adds a nested object.
     *
     * @param key the key
     * @param value the object
     * @return this summary
     */
    public JsonSummary put(String key, JsonSummary value) {
        entries.put(checkKey(key), Objects.requireNonNull(value, key));
        return this;
    }

    /**
     * Adds a list of numbers, strings, booleans, nulls, nested lists or nested objects.
     *
     * @param key the key
     * @param values the elements (copied)
     * @return this summary
     * @throws IllegalArgumentException for an element of another type or a non-finite number
     */
    public JsonSummary putList(String key, List<?> values) {
        List<Object> copy = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            copy.add(checkValue(key + "[" + i + "]", values.get(i)));
        }
        entries.put(checkKey(key), copy);
        return this;
    }

    /**
     * Adds an array of finite numbers.
     *
     * @param key the key
     * @param values the numbers (copied)
     * @return this summary
     * @throws IllegalArgumentException for a non-finite number
     */
    public JsonSummary putList(String key, double[] values) {
        List<Object> copy = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            copy.add(checkFinite(key + "[" + i + "]", values[i]));
        }
        entries.put(checkKey(key), copy);
        return this;
    }

    /**
     * Whether a key is present.
     *
     * @param key the key
     * @return true when the key was put
     */
    public boolean has(String key) {
        return entries.containsKey(key);
    }

    /**
     * The keys in insertion order.
     *
     * @return an unmodifiable copy of the keys
     */
    public List<String> keys() {
        return List.copyOf(entries.keySet());
    }

    /**
     * The document, pretty-printed with two-space indentation and a final newline.
     *
     * @return the JSON text
     */
    public String toJson() {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.setPrettyPrinter(prettyPrinter());
            writeObject(g, this);
        } catch (IOException e) {
            // A StringWriter does not fail; Jackson declares the exception for every other target.
            throw new UncheckedIOException(e);
        }
        return out.append('\n').toString();
    }

    @Override
    public String toString() {
        return toJson();
    }

    /**
     * Writes the document atomically: to a temporary file in the target's folder, then moved over
     * the target, so a reader never sees half a file. Creates missing parent folders.
     *
     * @param file the target file
     * @throws IOException when the file cannot be written
     */
    public void writeTo(Path file) throws IOException {
        AtomicFiles.writeString(file, toJson());
    }

    /** The fixed layout of the class comment; a new instance per document (pretty printers keep state). */
    private static DefaultPrettyPrinter prettyPrinter() {
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayValueSpacing(Separators.Spacing.AFTER)
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators)
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance);
    }

    private static void writeObject(JsonGenerator g, JsonSummary o) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, Object> e : o.entries.entrySet()) {
            g.writeFieldName(e.getKey());
            writeValue(g, e.getValue());
        }
        g.writeEndObject();
    }

    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Double d) {
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                g.writeNumber((long) d.doubleValue());
            } else {
                g.writeNumber(d);
            }
        } else if (v instanceof Number n) {
            g.writeNumber(n.longValue());
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof JsonSummary o) {
            writeObject(g, o);
        } else if (v instanceof List<?> list) {
            g.writeStartArray();
            for (Object element : list) {
                writeValue(g, element);
            }
            g.writeEndArray();
        } else {
            throw new IllegalStateException("unexpected JSON value type " + v.getClass());
        }
    }

    private static String checkKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException("JSON key must be a non-empty string, got " + (key == null ? "null" : "\"\""));
        }
        return key;
    }

    private static Double checkFinite(String key, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("JSON value of '" + key + "' must be a finite number, got " + v);
        }
        return v;
    }

    private static Object checkValue(String key, Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof JsonSummary
                || v instanceof Long || v instanceof Integer) {
            return v;
        }
        if (v instanceof Double || v instanceof Float) {
            return checkFinite(key, ((Number) v).doubleValue());
        }
        if (v instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                copy.add(checkValue(key + "[" + i + "]", list.get(i)));
            }
            return copy;
        }
        throw new IllegalArgumentException("JSON value of '" + key + "' must be a number, string, boolean, list or object, got "
                + v.getClass().getSimpleName());
    }

    /** Jackson's standard JSON escapes plus U+2028 and U+2029 as backslash-u escapes. */
    private static final class LineSeparatorEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private static final SerializableString LINE_SEPARATOR = new SerializedString("\\u2028");
        private static final SerializableString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");
        private final int[] ascii = standardAsciiEscapesForJSON();

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch == '\u2028' ? LINE_SEPARATOR : ch == '\u2029' ? PARAGRAPH_SEPARATOR : null;
        }
    }
}
