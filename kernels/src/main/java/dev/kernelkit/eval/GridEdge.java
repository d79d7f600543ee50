package dev.kernelkit.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The grid-edge note: an ordered grid dimension whose first or last value the inner search chose
 * in at least half of the outer splits, so the best value may lie beyond the grid (widen it). A
 * diagnosis of the training parts only: the choices never see a test part. Dimensions with fewer
 * than two values, with equal first and last values, or unordered ones have no edges. Each outer
 * split is judged against its own grid (a grid may depend on the training part).
 *
 * @param dimension the dimension's name
 * @param edge which edge
 * @param value the edge value when every outer split's grid has the same one, else null
 * @param count the outer splits that chose it
 * @param splits the outer splits whose grid has the dimension with two distinct edges
 */
public record GridEdge(String dimension, Edge edge, Object value, int count, int splits) {

    /** The first or the last value of a dimension. */
    public enum Edge {
        /** The first value listed (the smallest of an ascending range). */
        FIRST,
        /** The last value listed (the largest of an ascending range). */
        LAST
    }

    /** @throws IllegalArgumentException unless 0 &lt; count &le; splits */
    public GridEdge {
        Objects.requireNonNull(dimension, "dimension");
        Objects.requireNonNull(edge, "edge");
        if (count < 1 || count > splits) {
            throw new IllegalArgumentException("count must be in [1, " + splits + "], got " + count);
        }
    }

    /**
     * The edges chosen in at least half of the outer splits (2 count &ge; splits): per dimension in
     * grid order, the last edge before the first (for an ascending range: the largest value, then
     * the smallest, as {@code sparse-mi cv} prints them).
     */
    public static List<GridEdge> find(List<Point> chosen) {
        Objects.requireNonNull(chosen, "chosen");
        Map<String, int[]> counts = new LinkedHashMap<>(); // name -> {splits, first, last}
        Map<String, Object[]> values = new LinkedHashMap<>(); // name -> {first, last} or null when they differ
        Map<String, Boolean> same = new LinkedHashMap<>();
        for (Point p : chosen) {
            for (int d = 0; d < p.dimensions().size(); d++) {
                Dimension dim = p.dimensions().get(d);
                if (!dim.ordered() || dim.size() < 2) {
                    continue;
                }
                Object first = dim.value(0);
                Object last = dim.value(dim.size() - 1);
                if (first.equals(last)) {
                    continue;
                }
                int[] c = counts.computeIfAbsent(dim.name(), k -> new int[3]);
                Object[] v = values.computeIfAbsent(dim.name(), k -> new Object[] {first, last});
                if (!first.equals(v[0]) || !last.equals(v[1])) {
                    same.put(dim.name(), false);
                }
                c[0]++;
                Object value = p.value(d);
                c[1] += value.equals(first) ? 1 : 0;
                c[2] += value.equals(last) ? 1 : 0;
            }
        }
        List<GridEdge> out = new ArrayList<>();
        counts.forEach((name, c) -> {
            boolean fixedEdges = same.getOrDefault(name, true);
            Object[] v = values.get(name);
            if (c[2] > 0 && 2 * c[2] >= c[0]) {
                out.add(new GridEdge(name, Edge.LAST, fixedEdges ? v[1] : null, c[2], c[0]));
            }
            if (c[1] > 0 && 2 * c[1] >= c[0]) {
                out.add(new GridEdge(name, Edge.FIRST, fixedEdges ? v[0] : null, c[1], c[0]));
            }
        });
        return out;
    }

    /** E.g. "gamma chose the grid's last value (2) in 6 of 10 outer splits; the best may lie beyond it". */
    public String message() {
        return String.format(Locale.ROOT, "%s chose the grid's %s value%s in %d of %d outer splits; the best may lie "
                        + "beyond it", dimension, edge == Edge.FIRST ? "first" : "last",
                value == null ? "" : " (" + Dimension.format(value) + ")", count, splits);
    }
}
