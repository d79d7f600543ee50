package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import dev.kernelkit.learn.FitReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of one outer split of a model-selection run.
 *
 * @param index the split's index over all repeats, 0-based
 * @param repeat its repeat, 0-based
 * @param fold its fold within the repeat, 0-based (0 for a hold-out)
 * @param split the split (indices into the data)
 * @param selection the inner search's choice on the training part
 * @param score the final model's test score
 * @param preprocessSeconds seconds to fit and apply the preprocessing to both parts
 * @param trainSeconds seconds of the final fit on the training part (selection excluded)
 * @param predictSeconds seconds to score the test part
 * @param measures the {@link Measure}s of the final model, in the order configured
 * @param report the final model's fit report
 * @param classification for a classifier, its confusion matrix and (two classes) AUC and average
 *        precision on the test part; empty for a regressor, a one-class model, or a fold recalled from a
 *        journal written before these were journalled
 */
public record OuterFold(int index, int repeat, int fold, Splits.Split split, Selection selection, double score,
                        double preprocessSeconds, double trainSeconds, double predictSeconds,
                        Map<String, Double> measures, FitReport report, Optional<FoldClassification> classification) {

    /** Copies the measures (keeping their order). */
    public OuterFold {
        Objects.requireNonNull(split, "split");
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(classification, "classification");
        measures = Collections.unmodifiableMap(new LinkedHashMap<>(measures));
    }

    /** A fold that keeps no classification metrics (a regressor's, a one-class model's). */
    public OuterFold(int index, int repeat, int fold, Splits.Split split, Selection selection, double score,
                     double preprocessSeconds, double trainSeconds, double predictSeconds,
                     Map<String, Double> measures, FitReport report) {
        this(index, repeat, fold, split, selection, score, preprocessSeconds, trainSeconds, predictSeconds, measures,
                report, Optional.empty());
    }

    /** The chosen point. */
    public Point chosen() {
        return selection.chosen();
    }

    /** The seconds of the selection. */
    public double tuneSeconds() {
        return selection.seconds();
    }

    /**
     * The named measure.
     *
     * @throws IllegalArgumentException when no measure has that name
     */
    public double measure(String name) {
        Double v = measures.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no measure '" + name + "'; measured " + measures.keySet());
        }
        return v;
    }
}
