package dev.kernelkit.eval;

import java.util.Objects;

/**
 * How a model selection picks a point of its grid on one outer training part: it asks the
 * {@link Search} for the inner scores of the points it wants (each point is fitted once per inner
 * split, in parallel, and remembered) and returns its choice. {@link Choosers} has the plain search
 * over the whole grid and the staged search; a protocol with another rule writes its own.
 *
 * @param <X> the example type
 */
@FunctionalInterface
public interface Chooser<X> {

    /** The chosen point of {@code search.grid()}. */
    Choice choose(Search<X> search);

    /**
     * A choice.
     *
     * @param point the chosen point
     * @param score its aggregated inner score, NaN when the chooser did not score it (a grid of one point)
     */
    record Choice(Point point, double score) {
        /** @throws NullPointerException for a null point */
        public Choice {
            Objects.requireNonNull(point, "point");
        }
    }
}
