package dev.kernelkit.eval;

import java.util.List;
import java.util.Objects;

/**
 * What the inner search on one training part chose and what it scored.
 *
 * @param chosen the chosen point
 * @param score its aggregated inner score (NaN when nothing was scored: a grid of one point)
 * @param searched every point scored, in the order first scored, with its scores
 * @param innerSplits the number of inner splits (0 when none were drawn)
 * @param fits the inner fits made, as the {@link FitCounter} counts them (by default one per model)
 * @param unconvergedFits those of them that did not converge
 * @param seconds wall-clock seconds of the selection (inner splits and fits included)
 */
public record Selection(Point chosen, double score, List<ScoredPoint> searched, int innerSplits, int fits,
                        int unconvergedFits, double seconds) {

    /** Copies the list. */
    public Selection {
        Objects.requireNonNull(chosen, "chosen");
        searched = List.copyOf(searched);
    }
}
