package dev.kernelkit.learn;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One named hyper-parameter of a catalog learner, as scikit-learn's {@code get_params} and Smile's
 * {@code Properties} name them: its name, type, default (a data-dependent default says how it is
 * computed), valid range and a one-line description. {@link Learner#params()} lists them;
 * {@link ParamValues#parse} checks given values against them. Names are lower case with hyphens
 * ({@code c}, {@code gamma}, {@code max-iterations}) and match ignoring case ({@code C=10} is {@code c}).
 *
 * @param name the name, lower case, letters, digits and '-'
 * @param type real, integer, one of a list of words, or text of its own grammar (checked by {@code format})
 * @param defaultValue the default, as text: a number, a word, or how it is computed from the training set
 * @param min the smallest valid value (real and integer; {@code -inf} for none)
 * @param minExclusive whether {@code min} itself is refused
 * @param max the largest valid value (real and integer; {@code inf} for none)
 * @param choices the valid words of a choice (empty otherwise)
 * @param description one line: what it does
 * @param format how the values of a text parameter read and are checked (null for the other types)
 */
public record Param(String name, Type type, String defaultValue, double min, boolean minExclusive, double max,
                    List<String> choices, String description, TextFormat format) {

    /** The value types. */
    public enum Type {
        /** A finite real number. */
        REAL,
        /** A whole number. */
        INTEGER,
        /** One of a list of words. */
        CHOICE,
        /** A text with a grammar of its own, checked by the parameter's {@link TextFormat}. */
        TEXT;

        /** "real", "integer", "choice", "text". */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The grammar of a {@link Type#TEXT} parameter (e.g. class weights {@code none}, {@code balanced} or
     * {@code a=2,b=0.5}): what its valid values look like, and the check of one value.
     */
    public interface TextFormat {
        /** The valid values, for listings and messages, e.g. {@code none, balanced or NAME=W,NAME=W}. */
        String describe();

        /**
         * Checks a value (already stripped of surrounding spaces).
         *
         * @return the value in canonical form (what {@link ParamValues#text} gives the learner)
         * @throws IllegalArgumentException saying what is wrong with it
         */
        String check(String text);
    }

    /**
     * A real, integer or choice parameter (no text format).
     *
     * @throws IllegalArgumentException as the canonical constructor
     */
    public Param(String name, Type type, String defaultValue, double min, boolean minExclusive, double max,
                 List<String> choices, String description) {
        this(name, type, defaultValue, min, minExclusive, max, choices, description, null);
    }

    /**
     * Validates the declaration.
     *
     * @throws IllegalArgumentException for a name that is not lower case letters, digits and '-', a blank
     *         default or description, an empty range, a choice without words, a text parameter without a
     *         format or another type with one
     */
    public Param {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
        choices = List.copyOf(choices);
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("a parameter name must be lower case letters, digits and '-', got '"
                    + name + "'");
        }
        if (defaultValue.isBlank() || description.isBlank()) {
            throw new IllegalArgumentException("parameter '" + name + "' needs a default and a description");
        }
        if (Double.isNaN(min) || Double.isNaN(max) || min > max) {
            throw new IllegalArgumentException("parameter '" + name + "' has an empty range [" + min + ", " + max + "]");
        }
        if ((type == Type.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + name + "': a choice needs its words, other types none");
        }
        if ((type == Type.TEXT) == (format == null)) {
            throw new IllegalArgumentException("parameter '" + name + "': a text parameter needs its format, other "
                    + "types none");
        }
    }

    /** A real parameter that must be &gt; 0. */
    public static Param positive(String name, String defaultValue, String description) {
        return new Param(name, Type.REAL, defaultValue, 0, true, Double.POSITIVE_INFINITY, List.of(), description);
    }

    /** A real parameter in [min, max]. */
    public static Param real(String name, String defaultValue, double min, double max, String description) {
        return new Param(name, Type.REAL, defaultValue, min, false, max, List.of(), description);
    }

    /** A real parameter in (min, max]. */
    public static Param realAbove(String name, String defaultValue, double min, double max, String description) {
        return new Param(name, Type.REAL, defaultValue, min, true, max, List.of(), description);
    }

    /** An integer parameter in [min, max]. */
    public static Param integer(String name, String defaultValue, int min, int max, String description) {
        return new Param(name, Type.INTEGER, defaultValue, min, false, max, List.of(), description);
    }

    /** A choice among words. */
    public static Param choice(String name, String defaultValue, List<String> choices, String description) {
        return new Param(name, Type.CHOICE, defaultValue, Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY,
                choices, description);
    }

    /**
     * A text parameter whose values the format checks (the default must pass it).
     *
     * @throws IllegalArgumentException as the canonical constructor, or when the default fails the format
     */
    public static Param text(String name, String defaultValue, TextFormat format, String description) {
        Param p = new Param(name, Type.TEXT, defaultValue, Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY,
                List.of(), description, format);
        format.check(defaultValue.strip());
        return p;
    }

    /**
     * The valid values as text: {@code > 0}, {@code [1, 1000]}, {@code >= 1}, {@code one of a, b}, or a text
     * format's {@link TextFormat#describe}.
     */
    public String range() {
        if (type == Type.TEXT) {
            return format.describe();
        }
        if (type == Type.CHOICE) {
            return "one of " + String.join(", ", choices);
        }
        boolean low = min != Double.NEGATIVE_INFINITY;
        boolean high = max != Double.POSITIVE_INFINITY && !(type == Type.INTEGER && max >= Integer.MAX_VALUE);
        if (low && high) {
            return (minExclusive ? "(" : "[") + number(min) + ", " + number(max) + "]";
        }
        if (low) {
            return (minExclusive ? "> " : ">= ") + number(min);
        }
        if (high) {
            return "<= " + number(max);
        }
        return type == Type.INTEGER ? "any integer" : "any finite number";
    }

    /**
     * The value of a text, checked against the type and range: a {@code Double}, an {@code Integer}, the
     * choice's word (matched ignoring case, returned as declared) or a text parameter's canonical text.
     *
     * @param learner the learner's name, for the message
     * @throws IllegalArgumentException naming the learner, the parameter, the value and the valid range
     */
    public Object parse(String learner, String text) {
        String t = text == null ? "" : text.strip();
        String where = "learner '" + learner + "': parameter " + name + " = '" + t + "'";
        switch (type) {
            case TEXT -> {
                try {
                    return format.check(t);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + " is invalid: " + e.getMessage());
                }
            }
            case CHOICE -> {
                for (String c : choices) {
                    if (c.equalsIgnoreCase(t)) {
                        return c;
                    }
                }
                throw new IllegalArgumentException(where + " is not " + range());
            }
            case INTEGER -> {
                long v;
                try {
                    v = Long.parseLong(t);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(where + " is not an integer (valid: " + range() + ")");
                }
                if (v < min || (minExclusive && v == min) || v > max || v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
                    throw new IllegalArgumentException(where + " is out of range (valid: " + range() + ")");
                }
                return (int) v;
            }
            default -> {
                double v;
                try {
                    v = Double.parseDouble(t);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(where + " is not a number (valid: " + range() + ")");
                }
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(where + " is not finite (valid: " + range() + ")");
                }
                if (v < min || (minExclusive && v == min) || v > max) {
                    throw new IllegalArgumentException(where + " is out of range (valid: " + range() + ")");
                }
                return v;
            }
        }
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
