package dev.kernelkit.eval;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One candidate of a {@link Grid}: for each of the grid's dimensions the index of one of its
 * values. Prints itself as {@code gamma=0.25, C=10}. Equal points of equal grids are equal.
 * Immutable.
 */
public final class Point {
    private final List<Dimension> dimensions;
    private final int[] indices;
    private final int hash;

    Point(List<Dimension> dimensions, int[] indices) {
        this.dimensions = dimensions;
        this.indices = indices.clone();
        for (int d = 0; d < indices.length; d++) {
            if (indices[d] < 0 || indices[d] >= dimensions.get(d).size()) {
                throw new IllegalArgumentException("index of grid dimension '" + dimensions.get(d).name()
                        + "' must be in [0, " + dimensions.get(d).size() + "), got " + indices[d]);
            }
        }
        this.hash = 31 * dimensions.hashCode() + Arrays.hashCode(this.indices);
    }

    /** The grid's dimensions. */
    public List<Dimension> dimensions() {
        return dimensions;
    }

    /** Position of the named dimension. */
    public int dimensionIndex(String name) {
        for (int d = 0; d < dimensions.size(); d++) {
            if (dimensions.get(d).name().equals(name)) {
                return d;
            }
        }
        throw new IllegalArgumentException("no grid dimension '" + name + "'; the grid has "
                + dimensions.stream().map(Dimension::name).toList());
    }

    /** Whether the grid has the named dimension. */
    public boolean has(String name) {
        return dimensions.stream().anyMatch(d -> d.name().equals(name));
    }

    /** The index of this point's value in dimension d. */
    public int index(int d) {
        return indices[d];
    }

    /** The index of this point's value in the named dimension. */
    public int index(String name) {
        return indices[dimensionIndex(name)];
    }

    /** The value in dimension d. */
    public Object value(int d) {
        return dimensions.get(d).value(indices[d]);
    }

    /** The value in the named dimension. */
    public Object value(String name) {
        return value(dimensionIndex(name));
    }

    /**
     * The value in the named dimension as a double.
     *
     * @throws IllegalArgumentException when it is not a number
     */
    public double number(String name) {
        Object v = value(name);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException("grid dimension '" + name + "' holds " + v + ", not a number");
    }

    /**
     * The value in the named dimension as the given type.
     *
     * @throws IllegalArgumentException when it is of another type
     */
    public <T> T value(String name, Class<T> type) {
        Object v = value(name);
        if (!type.isInstance(v)) {
            throw new IllegalArgumentException("grid dimension '" + name + "' holds a "
                    + v.getClass().getSimpleName() + ", not a " + type.getSimpleName());
        }
        return type.cast(v);
    }

    /** This point with dimension d at value index i. */
    public Point with(int d, int i) {
        int[] next = indices.clone();
        next[d] = i;
        return new Point(dimensions, next);
    }

    /** This point with the named dimension at value index i. */
    public Point with(String name, int i) {
        return with(dimensionIndex(name), i);
    }

    /** A copy of the value indices, one per dimension. */
    public int[] indices() {
        return indices.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && hash == p.hash && Arrays.equals(indices, p.indices)
                && dimensions.equals(p.dimensions);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** {@code name=value, ...}; "(single point)" for a grid without dimensions. */
    @Override
    public String toString() {
        if (dimensions.isEmpty()) {
            return "(single point)";
        }
        StringBuilder b = new StringBuilder();
        for (int d = 0; d < dimensions.size(); d++) {
            b.append(d == 0 ? "" : ", ").append(dimensions.get(d).name()).append('=')
                    .append(Dimension.format(value(d)));
        }
        return b.toString();
    }

    static Point of(List<Dimension> dimensions, int[] indices) {
        Objects.requireNonNull(dimensions, "dimensions");
        if (indices.length != dimensions.size()) {
            throw new IllegalArgumentException("expected " + dimensions.size() + " value indices, found " + indices.length);
        }
        return new Point(dimensions, indices);
    }
}
