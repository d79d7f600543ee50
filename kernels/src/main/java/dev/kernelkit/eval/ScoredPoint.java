package dev.kernelkit.eval;

import java.util.Objects;

/**
 * A grid point with its inner scores: one per inner split, in split order, and their aggregate
 * ({@link Aggregate}) on which the search compares points.
 *
 * @param point the point
 * @param score the aggregate of the split scores
 * @param splitScores the score on each inner split (copied)
 */
public record ScoredPoint(Point point, double score, double[] splitScores) {

    /** Copies the split scores. */
    public ScoredPoint {
        Objects.requireNonNull(point, "point");
        splitScores = splitScores.clone();
    }

    /** A copy of the per-split scores. */
    @Override
    public double[] splitScores() {
        return splitScores.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScoredPoint s && point.equals(s.point) && Double.compare(score, s.score) == 0
                && java.util.Arrays.equals(splitScores, s.splitScores);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * point.hashCode() + Double.hashCode(score)) + java.util.Arrays.hashCode(splitScores);
    }

    @Override
    public String toString() {
        return point + ": " + score;
    }
}
