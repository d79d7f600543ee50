package dev.kernelkit.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One axis of a search {@link Grid}: a name and its values in the order searched (ties go to the
 * earlier value, so list the preferred, simpler or cheaper values first). An <em>ordered</em>
 * dimension lists a range (C or gamma ascending, say); its first and last values are its edges, and
 * {@link GridEdge} flags a run that chose an edge in at least half of the outer splits. An
 * unordered dimension (learner variants, a list of hand-written candidates) has no edges. Values
 * are compared with {@code equals}. Immutable.
 *
 * @param name the name, e.g. {@code gamma}
 * @param values the values, at least one, none null
 * @param ordered whether the values form a range with edges
 */
public record Dimension(String name, List<Object> values, boolean ordered) {

    /** @throws IllegalArgumentException for a blank name, no values or a null value */
    public Dimension {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(values, "values");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a grid dimension needs a name, got '" + name + "'");
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException("grid dimension '" + name + "' has no values: the grid is empty");
        }
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null) {
                throw new IllegalArgumentException("value " + i + " of grid dimension '" + name + "' is null");
            }
        }
        values = List.copyOf(values);
    }

    /** An ordered dimension of numbers, in the order given. */
    public static Dimension of(String name, double... values) {
        List<Object> v = new ArrayList<>(values.length);
        for (double x : values) {
            v.add(x);
        }
        return new Dimension(name, v, true);
    }

    /** An ordered dimension of any values, in the order given. */
    public static Dimension of(String name, List<?> values) {
        return new Dimension(name, new ArrayList<>(Objects.requireNonNull(values, "values")), true);
    }

    /** An unordered dimension (no edges), in the order given. */
    public static Dimension unordered(String name, List<?> values) {
        return new Dimension(name, new ArrayList<>(Objects.requireNonNull(values, "values")), false);
    }

    /** Number of values. */
    public int size() {
        return values.size();
    }

    /** Value i. */
    public Object value(int i) {
        return values.get(i);
    }

    /** A value as text: integral doubles without ".0" (10, not 10.0), anything else by toString. */
    static String format(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(value);
    }
}
