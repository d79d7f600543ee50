package dev.kernelkit.eval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The usual {@link Chooser}s.
 *
 * <ul>
 *   <li>{@link #best()}: every point of the grid scored, the best aggregated inner score wins, the
 *       first in grid order on ties (mi-sparse's (gamma, C) and (variant, gamma, C) searches and its
 *       joint (N_XV, gamma, C) search, the MKL grids, the CLI's SVM grid, IMKPL's candidates). A grid
 *       of one point is chosen without scoring (a plain cross-validation).</li>
 *   <li>{@link #staged(List)}: dimensions tuned in stages. Stage 1 scores the points that vary its
 *       dimensions, every later dimension at its first value, and keeps the best (first on ties).
 *       Each later stage varies its dimensions with the earlier ones at their chosen values and
 *       replaces the incumbent only by a strictly better point, the first such in grid order. When
 *       the incumbent is the first point of a stage (its dimensions still at their first values, as
 *       when later stages hold sizes listed smallest first), this is the best of the stage, first on
 *       ties. Scores are remembered, so the incumbent is not refitted. This is mi-sparse's staged
 *       N_XV search: (gamma, C) at the smallest N_XV, then N_XV at that (gamma, C).</li>
 * </ul>
 *
 * <p>A {@link Filter} drops points before they are scored (mi-sparse skips N_XV above the
 * instances of the smallest inner training part); the points it admits keep their order.
 */
public final class Choosers {

    private Choosers() {
    }

    /**
     * Which points a search may score.
     *
     * @param <X> the example type
     */
    @FunctionalInterface
    public interface Filter<X> {
        /** Whether {@code point} may be scored in {@code search}. */
        boolean admits(Point point, Search<X> search);
    }

    /** The best point of the whole grid (first on ties); a one-point grid is chosen unscored. */
    public static <X> Chooser<X> best() {
        return best((p, s) -> true);
    }

    /**
     * The best admitted point (first on ties); a single admitted point is chosen unscored.
     *
     * @throws IllegalArgumentException (from the chooser) when the filter admits no point
     */
    public static <X> Chooser<X> best(Filter<X> filter) {
        Objects.requireNonNull(filter, "filter");
        return search -> {
            List<Point> points = admitted(search.grid().points(), filter, search);
            if (points.isEmpty()) {
                throw new IllegalArgumentException("the filter admits no point of the " + search.grid()
                        + " on outer split " + search.outerIndex());
            }
            if (points.size() == 1) {
                return new Chooser.Choice(points.get(0), Double.NaN);
            }
            return search.best(points);
        };
    }

    /**
     * A staged search; every grid dimension must be in exactly one stage.
     *
     * @param stages the dimension names tuned in each stage, in stage order
     * @throws IllegalArgumentException for no stage or an empty stage (at once), or (from the chooser) a
     *         grid dimension in no stage or in two, or an unknown name
     */
    public static <X> Chooser<X> staged(List<List<String>> stages) {
        return staged(stages, (p, s) -> true);
    }

    /** As {@link #staged(List)}, scoring only the points the filter admits. */
    public static <X> Chooser<X> staged(List<List<String>> stages, Filter<X> filter) {
        Objects.requireNonNull(stages, "stages");
        Objects.requireNonNull(filter, "filter");
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a staged search needs at least one stage, got none");
        }
        List<List<String>> copy = new ArrayList<>();
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i) == null || stages.get(i).isEmpty()) {
                throw new IllegalArgumentException("stage " + (i + 1) + " of the staged search names no dimension");
            }
            copy.add(List.copyOf(stages.get(i)));
        }
        List<List<String>> fixed = List.copyOf(copy);
        return search -> {
            Grid<X> grid = search.grid();
            checkStages(grid, fixed);
            if (grid.size() == 1) {
                return new Chooser.Choice(grid.first(), Double.NaN);
            }
            Chooser.Choice incumbent = null;
            for (int i = 0; i < fixed.size(); i++) {
                Point base = incumbent == null ? grid.first() : incumbent.point();
                List<Point> points = admitted(grid.vary(base, fixed.get(i)), filter, search);
                if (incumbent == null) {
                    if (points.isEmpty()) {
                        throw new IllegalArgumentException("the filter admits no point of stage 1 " + fixed.get(0)
                                + " on outer split " + search.outerIndex());
                    }
                    incumbent = search.best(points);
                    continue;
                }
                double[] s = search.scores(points);
                Point best = incumbent.point();
                double bestScore = incumbent.score();
                for (int j = 0; j < s.length; j++) {
                    if (search.better(s[j], bestScore)) {
                        best = points.get(j);
                        bestScore = s[j];
                    }
                }
                incumbent = new Chooser.Choice(best, bestScore);
            }
            return incumbent;
        };
    }

    private static <X> List<Point> admitted(List<Point> points, Filter<X> filter, Search<X> search) {
        List<Point> out = new ArrayList<>(points.size());
        for (Point p : points) {
            if (filter.admits(p, search)) {
                out.add(p);
            }
        }
        return out;
    }

    private static void checkStages(Grid<?> grid, List<List<String>> stages) {
        Set<String> seen = new HashSet<>();
        for (List<String> stage : stages) {
            for (String name : stage) {
                grid.dimension(name);
                if (!seen.add(name)) {
                    throw new IllegalArgumentException("grid dimension '" + name + "' is in two stages of the staged search");
                }
            }
        }
        for (Dimension d : grid.dimensions()) {
            if (!seen.contains(d.name())) {
                throw new IllegalArgumentException("grid dimension '" + d.name() + "' is in no stage of the staged search "
                        + stages);
            }
        }
    }
}
