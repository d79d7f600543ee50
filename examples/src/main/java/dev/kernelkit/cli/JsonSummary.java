package dev.kernelkit.cli;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A flat-or-nested JSON object for the machine-readable summaries the {@code --json FILE} option
 * writes (RFC 8259). Keys keep their insertion order; values are finite doubles (written as JSON
 * numbers), longs, booleans, strings, nested objects or lists of those. NaN and infinities are
 * refused because JSON has no representation for them. Not thread-safe; build, then write.
 */
public final class JsonSummary {
    private final Map<String, Object> entries = new LinkedHashMap<>();

    /** Adds a finite number. @throws IllegalArgumentException for NaN or an infinity */
    public JsonSummary put(String key, double value) {
        entries.put(checkKey(key), checkFinite(key, value));
        return this;
    }

    /** Adds a finite number, or JSON null when value is null (e.g. an accuracy without test data). */
    public JsonSummary putOptional(String key, Double value) {
        entries.put(checkKey(key), value == null ? null : checkFinite(key, value));
        return this;
    }

    /** Adds JSON null (a documented key that has no value for this run). */
    public JsonSummary putNull(String key) {
        entries.put(checkKey(key), null);
        return this;
    }

    /** Adds an integer. */
    public JsonSummary put(String key, long value) {
        entries.put(checkKey(key), value);
        return this;
    }

    /** Adds a boolean. */
    public JsonSummary put(String key, boolean value) {
        entries.put(checkKey(key), value);
        return this;
    }

    /** Adds a string (null is written as JSON null). */
    public JsonSummary put(String key, String value) {
        entries.put(checkKey(key), value);
        return this;
    }

    /** Adds a nested object. */
    public JsonSummary put(String key, JsonSummary value) {
        entries.put(checkKey(key), Objects.requireNonNull(value, key));
        return this;
    }

    /**
     * Adds a list of numbers, strings, booleans or nested objects.
     *
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

    /** Adds an array of finite numbers. */
    public JsonSummary putList(String key, double[] values) {
        List<Object> copy = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            copy.add(checkFinite(key + "[" + i + "]", values[i]));
        }
        entries.put(checkKey(key), copy);
        return this;
    }

    /** Whether a key is present. */
    public boolean has(String key) {
        return entries.containsKey(key);
    }

    /** The keys in insertion order. */
    public List<String> keys() {
        return List.copyOf(entries.keySet());
    }

    /** The document, pretty-printed with two-space indentation and a final newline. */
    public String toJson() {
        StringBuilder sb = new StringBuilder();
        writeObject(sb, this, 0);
        return sb.append('\n').toString();
    }

    @Override
    public String toString() {
        return toJson();
    }

    /**
     * Writes the document atomically: to a temporary file in the target's folder, then moved over
     * the target, so a reader never sees half a file. Creates missing parent folders.
     */
    public void writeTo(Path file) throws IOException {
        writeAtomically(file, toJson());
    }

    /** Writes text to a file through a temporary sibling file and an atomic move. */
    static void writeAtomically(Path file, String text) throws IOException {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The JSON string literal of s, with quotes, escaping quote, backslash and control chars. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    // U+2028/2029 are legal JSON but break JavaScript embedding; escape them too.
                    if (ch < 0x20 || ch == '\u2028' || ch == '\u2029') {
                        sb.append(String.format("\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A finite double as a JSON number: integral values without exponent noise, else shortest repr. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        // Double.toString gives the shortest round-tripping form; "1.0E-5" is valid JSON as "1.0E-5".
        return Double.toString(v);
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
        throw new IllegalArgumentException("JSON value of '" + key + "' must be a number, string, boolean or object, got "
                + v.getClass().getSimpleName());
    }

    private static void writeObject(StringBuilder sb, JsonSummary o, int indent) {
        if (o.entries.isEmpty()) {
            sb.append("{}");
            return;
        }
        sb.append("{\n");
        int k = 0;
        for (Map.Entry<String, Object> e : o.entries.entrySet()) {
            pad(sb, indent + 2);
            sb.append(quote(e.getKey())).append(": ");
            writeValue(sb, e.getValue(), indent + 2);
            if (++k < o.entries.size()) {
                sb.append(',');
            }
            sb.append('\n');
        }
        pad(sb, indent);
        sb.append('}');
    }

    private static void writeValue(StringBuilder sb, Object v, int indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            sb.append(quote(s));
        } else if (v instanceof Double d) {
            sb.append(number(d));
        } else if (v instanceof Number n) {
            sb.append(n.longValue());
        } else if (v instanceof Boolean b) {
            sb.append(b);
        } else if (v instanceof JsonSummary o) {
            writeObject(sb, o, indent);
        } else if (v instanceof List<?> list) {
            sb.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                writeValue(sb, list.get(i), indent);
            }
            sb.append(']');
        } else {
            throw new IllegalStateException("unexpected JSON value type " + v.getClass());
        }
    }

    private static void pad(StringBuilder sb, int n) {
        sb.append(" ".repeat(n));
    }
}
