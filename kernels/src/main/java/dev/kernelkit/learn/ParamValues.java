package dev.kernelkit.learn;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;

/**
 * The hyper-parameter values a caller gave one learner, checked against its {@link Param}s: every name
 * known (ignoring case), every value of its type and in its range. A learner reads them with a default
 * for each one that was not given ({@link #real(String, double)}, {@link #real(String, DoubleSupplier)}
 * for a default computed from the training set). Immutable.
 */
public final class ParamValues {
    /** No values: every parameter at its default. */
    public static final ParamValues NONE = new ParamValues(Map.of(), Map.of());

    private final Map<String, Object> values;
    private final Map<String, String> text;

    private ParamValues(Map<String, Object> values, Map<String, String> text) {
        this.values = values;
        this.text = text;
    }

    /**
     * Checks the values given as text against a learner's parameters.
     *
     * @param learner the learner's name, for messages
     * @param params the learner's parameters ({@link Learner#params()})
     * @param given name to value, names matched ignoring case
     * @throws IllegalArgumentException naming the learner and the parameter: an unknown name (with the known
     *         ones), a name given twice, a value of the wrong type or out of range
     */
    public static ParamValues parse(String learner, List<Param> params, Map<String, String> given) {
        if (given.isEmpty()) {
            return NONE;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, String> text = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            String name = e.getKey() == null ? "" : e.getKey().strip();
            Param p = params.stream().filter(q -> q.name().equalsIgnoreCase(name)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("learner '" + learner + "' has no parameter '" + name + "'; "
                            + (params.isEmpty() ? "it takes none" : "its parameters: "
                            + params.stream().map(Param::name).collect(Collectors.joining(", ")))));
            if (values.containsKey(p.name())) {
                throw new IllegalArgumentException("learner '" + learner + "': parameter " + p.name() + " is given twice");
            }
            values.put(p.name(), p.parse(learner, e.getValue()));
            text.put(p.name(), e.getValue().strip());
        }
        return new ParamValues(Collections.unmodifiableMap(values), Collections.unmodifiableMap(text));
    }

    /**
     * Reads {@code NAME=VALUE} words (as given on a command line) into a map, in order.
     *
     * @throws IllegalArgumentException for a word without '=' or with an empty name or value, or a name given
     *         twice (ignoring case)
     */
    public static Map<String, String> assignments(List<String> words) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : words) {
            int eq = w.indexOf('=');
            if (eq <= 0 || eq == w.length() - 1) {
                throw new IllegalArgumentException("--param: expected NAME=VALUE, got '" + w + "'");
            }
            String name = w.substring(0, eq).strip();
            String key = name.toLowerCase(Locale.ROOT);
            if (out.keySet().stream().anyMatch(k -> k.toLowerCase(Locale.ROOT).equals(key))) {
                throw new IllegalArgumentException("--param: " + name + " is given twice");
            }
            out.put(name, w.substring(eq + 1).strip());
        }
        return out;
    }

    /** True when no value was given. */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** Whether this parameter was given. */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** The given values as their text, by declared name, in the order given. */
    public Map<String, String> asText() {
        return text;
    }

    /** The real value given, else the default. */
    public double real(String name, double defaultValue) {
        Object v = values.get(name);
        return v == null ? defaultValue : (Double) v;
    }

    /** The real value given, else the default computed now (e.g. from the training set). */
    public double real(String name, DoubleSupplier defaultValue) {
        Object v = values.get(name);
        return v == null ? defaultValue.getAsDouble() : (Double) v;
    }

    /** The integer value given, else the default. */
    public int integer(String name, int defaultValue) {
        Object v = values.get(name);
        return v == null ? defaultValue : (Integer) v;
    }

    /** The integer value given, else the default computed now. */
    public int integer(String name, IntSupplier defaultValue) {
        Object v = values.get(name);
        return v == null ? defaultValue.getAsInt() : (Integer) v;
    }

    /** The word given, else the default. */
    public String choice(String name, String defaultValue) {
        Object v = values.get(name);
        return v == null ? defaultValue : (String) v;
    }

    /** The canonical text given to a text parameter ({@link Param.TextFormat#check}), else the default. */
    public String text(String name, String defaultValue) {
        return choice(name, defaultValue); // both are stored as their checked text
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParamValues p && values.equals(p.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return text.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ",
                "{", "}"));
    }
}
