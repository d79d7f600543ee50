package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Grid search by cross-validation: each parameter point is scored on every split, and the point
 * with the highest mean score wins. <b>Ties go to the point listed first</b>, so list the
 * preferred (simpler, cheaper) points first. All (point, fold) pairs run in parallel on one
 * bounded pool; the outcome does not depend on scheduling. For learners of the contract,
 * {@link ModelSelection} runs the search per outer split inside a nested cross-validation.
 */
public final class GridSearch {

    private GridSearch() {
    }

    /**
     * Scores one parameter point on one split: higher is better. Called concurrently.
     *
     * @param <P> the parameter point type (a record is a good choice: it prints itself)
     */
    @FunctionalInterface
    public interface Scorer<P> {
        /** The test score of {@code point} trained on {@code trainIdx}, tested on {@code testIdx}. */
        double score(P point, int[] trainIdx, int[] testIdx, int foldIndex) throws Exception;
    }

    /**
     * The scores of every point and the winner.
     *
     * @param points the points, in the order given
     * @param summaries the mean &plusmn; sd of each point's fold scores, same order
     * @param bestIndex index of the point with the highest mean (the first on ties)
     * @param <P> the parameter point type
     */
    public record Result<P>(List<P> points, List<Summary> summaries, int bestIndex) {

        /** Copies the lists; checks they match and bestIndex is in range. */
        public Result {
            points = List.copyOf(points);
            summaries = List.copyOf(summaries);
            if (points.size() != summaries.size()) {
                throw new IllegalArgumentException("points and summaries must have equal size, got "
                        + points.size() + " and " + summaries.size());
            }
            if (bestIndex < 0 || bestIndex >= points.size()) {
                throw new IllegalArgumentException("bestIndex must be in [0, " + points.size() + "), got " + bestIndex);
            }
        }

        /** The winning point. */
        public P best() {
            return points.get(bestIndex);
        }

        /** The winning point's score summary. */
        public Summary bestSummary() {
            return summaries.get(bestIndex);
        }
    }

    /** Searches with the default number of threads. */
    public static <P> Result<P> search(List<P> points, List<Splits.Split> splits, Scorer<P> scorer) {
        return search(points, splits, scorer, OrderedParallel.defaultThreads(points.size() * splits.size()));
    }

    /**
     * Scores every point on every split on {@code threads} threads (1 = sequentially).
     *
     * @throws FoldFailedException when the scorer throws or returns NaN, naming the point and fold
     * @throws IllegalArgumentException when there are no points or no splits
     */
    public static <P> Result<P> search(List<P> points, List<Splits.Split> splits, Scorer<P> scorer, int threads) {
        Objects.requireNonNull(scorer, "scorer");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("need at least one parameter point, got 0");
        }
        if (splits.isEmpty()) {
            throw new IllegalArgumentException("need at least one split, got 0");
        }
        int folds = splits.size();
        List<Callable<Double>> tasks = new ArrayList<>(points.size() * folds);
        for (int p = 0; p < points.size(); p++) {
            P point = points.get(p);
            int pointIndex = p;
            for (int f = 0; f < folds; f++) {
                Splits.Split s = splits.get(f);
                int foldIndex = f;
                tasks.add(() -> {
                    String where = "point " + pointIndex + " (" + point + "), fold " + foldIndex;
                    double v;
                    try {
                        v = scorer.score(point, s.train(), s.test(), foldIndex);
                    } catch (Exception e) {
                        throw new FoldFailedException(foldIndex, where + " failed: " + e, e);
                    }
                    if (Double.isNaN(v)) {
                        throw new FoldFailedException(foldIndex, where + " failed: score is NaN",
                                new IllegalArgumentException("score is NaN"));
                    }
                    return v;
                });
            }
        }
        List<Double> scores = OrderedParallel.run(tasks, threads);
        List<Summary> summaries = new ArrayList<>(points.size());
        int best = 0;
        for (int p = 0; p < points.size(); p++) {
            double[] s = new double[folds];
            for (int f = 0; f < folds; f++) {
                s[f] = scores.get(p * folds + f);
            }
            Summary sum = Summary.of(s);
            summaries.add(sum);
            if (sum.mean() > summaries.get(best).mean()) {
                best = p;
            }
        }
        return new Result<>(points, summaries, best);
    }
}
