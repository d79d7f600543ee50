package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The result of a model-selection run: one {@link OuterFold} per outer split, repeat by repeat,
 * and the summaries the papers report: the mean test score &plusmn; the sample sd over all outer
 * splits, and the mean of each repeat with the sample sd of those means (the "&plusmn;" of tables
 * that report repeated CV, e.g. TNNLS 2013 Table I, much smaller than the sd over single folds);
 * for a classifier also the metrics of imbalanced data over the folds' {@link FoldClassification}s
 * (summed confusion matrix, balanced accuracy, macro F1, AUC, average precision;
 * {@link #classificationMetrics()}). Immutable.
 */
public final class Evaluation {
    private final Resampling resampling;
    private final String metric;
    private final List<OuterFold> folds;

    private Evaluation(Resampling resampling, String metric, List<OuterFold> folds) {
        this.resampling = resampling;
        this.metric = metric;
        this.folds = folds;
    }

    /**
     * Assembles the outer folds of a run (e.g. folds run one by one with
     * {@link ModelSelection#runFold}).
     *
     * @param metric the name of the test metric
     * @throws IllegalArgumentException unless the folds are outer splits 0..size-1 of the resampling, in order
     */
    public static Evaluation of(Resampling resampling, String metric, List<OuterFold> folds) {
        Objects.requireNonNull(resampling, "resampling");
        Objects.requireNonNull(metric, "metric");
        List<OuterFold> copy = List.copyOf(folds);
        if (copy.size() != resampling.size()) {
            throw new IllegalArgumentException("expected " + resampling.size() + " outer folds (" + resampling + "), found "
                    + copy.size());
        }
        for (int s = 0; s < copy.size(); s++) {
            if (copy.get(s).index() != s) {
                throw new IllegalArgumentException("outer fold " + s + " has index " + copy.get(s).index());
            }
        }
        return new Evaluation(resampling, metric, copy);
    }

    /** How the data were split. */
    public Resampling resampling() {
        return resampling;
    }

    /** The name of the test metric. */
    public String metric() {
        return metric;
    }

    /** The outer folds, repeat by repeat. */
    public List<OuterFold> folds() {
        return folds;
    }

    /** The outer splits, in fold order. */
    public List<Splits.Split> splits() {
        return folds.stream().map(OuterFold::split).toList();
    }

    /** Number of repeats. */
    public int repeats() {
        return resampling.repeats();
    }

    /** Outer splits per repeat (k, or 1 for hold-out). */
    public int splitsPerRepeat() {
        return resampling.splitsPerRepeat();
    }

    /** The test score of every outer split. */
    public double[] scores() {
        return folds.stream().mapToDouble(OuterFold::score).toArray();
    }

    /** Mean and sample sd of the test scores over all outer splits. */
    public Summary summary() {
        return Summary.of(scores());
    }

    /**
     * The mean test score of each repeat ((&Sigma;_f score_{r,f}) / k, summed in fold order), in
     * repeat order.
     */
    public double[] repeatMeans() {
        return repeatMeans(scores(), splitsPerRepeat());
    }

    /** Mean and sample sd of {@link #repeatMeans()} (sd 0 for one repeat): the sd over repeats. */
    public Summary repeatSummary() {
        return Summary.of(repeatMeans());
    }

    /** The chosen point of every outer split. */
    public List<Point> chosen() {
        return folds.stream().map(OuterFold::chosen).toList();
    }

    /** The grid-edge notes of the choices ({@link GridEdge#find}). */
    public List<GridEdge> gridEdges() {
        return GridEdge.find(chosen());
    }

    /**
     * The named measure of every outer split.
     *
     * @throws IllegalArgumentException when no measure has that name
     */
    public double[] measure(String name) {
        return folds.stream().mapToDouble(f -> f.measure(name)).toArray();
    }

    /**
     * The confusion matrix summed over all outer folds (rows = truth; classes matched by name, see
     * {@link ConfusionMatrix#sum}); empty unless every fold kept one ({@link OuterFold#classification()}:
     * empty for a regressor, a one-class model or a fold recalled from a journal written before
     * confusion matrices were journalled).
     */
    public Optional<ConfusionMatrix> confusionMatrix() {
        return everyFold(f -> Optional.of(f.confusionMatrix())).map(ConfusionMatrix::sum);
    }

    /**
     * The balanced accuracy of every outer fold's test part ({@link ConfusionMatrix#balancedAccuracy()});
     * empty unless every fold kept its confusion matrix.
     */
    public Optional<double[]> balancedAccuracies() {
        return series(f -> OptionalDouble.of(f.balancedAccuracy()));
    }

    /**
     * The macro F1 of every outer fold's test part ({@link ConfusionMatrix#macroF1()}); empty unless
     * every fold kept its confusion matrix.
     */
    public Optional<double[]> macroF1Scores() {
        return series(f -> OptionalDouble.of(f.macroF1()));
    }

    /**
     * The ROC AUC of every outer fold's test part; empty unless every fold has one (two classes, both
     * in every test part), so a present array has no NaN.
     */
    public Optional<double[]> aucs() {
        return series(FoldClassification::auc);
    }

    /**
     * The average precision of every outer fold's test part; empty unless every fold has one (two
     * classes, a positive example in every test part), so a present array has no NaN.
     */
    public Optional<double[]> averagePrecisions() {
        return series(FoldClassification::averagePrecision);
    }

    /**
     * The metrics of imbalanced data, ready to be written as JSON, in this order:
     * {@code balanced_accuracy_mean}, {@code balanced_accuracy_sd}, {@code macro_f1_mean},
     * {@code macro_f1_sd}, {@code auc_mean}, {@code auc_sd}, {@code average_precision_mean},
     * {@code average_precision_sd} (Double: mean and sample sd over the outer folds, {@link Summary})
     * and {@code confusion_matrix} (an ordered map: {@code classes}, the class names as a List of
     * String, and {@code counts}, the summed counts as a List of rows, a List of Integer per true
     * class, in the order of {@code classes}). Every key is always present; its value is null where
     * the series or matrix is absent ({@link #balancedAccuracies()}, {@link #aucs()}, ...), e.g. all
     * of them for a regressor and the AUC ones for three classes. The map is unmodifiable.
     */
    public Map<String, Object> classificationMetrics() {
        Map<String, Object> out = new LinkedHashMap<>();
        putSummary(out, "balanced_accuracy", balancedAccuracies());
        putSummary(out, "macro_f1", macroF1Scores());
        putSummary(out, "auc", aucs());
        putSummary(out, "average_precision", averagePrecisions());
        out.put("confusion_matrix", confusionMatrix().map(m -> {
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("classes", m.classNames());
            List<List<Integer>> rows = new ArrayList<>();
            for (int[] row : m.counts()) {
                rows.add(java.util.Arrays.stream(row).boxed().toList());
            }
            cm.put("counts", List.copyOf(rows));
            return (Object) Collections.unmodifiableMap(cm);
        }).orElse(null));
        return Collections.unmodifiableMap(out);
    }

    private static void putSummary(Map<String, Object> out, String key, Optional<double[]> values) {
        Summary s = values.map(Summary::of).orElse(null);
        out.put(key + "_mean", s == null ? null : s.mean());
        out.put(key + "_sd", s == null ? null : s.sd());
    }

    private <T> Optional<List<T>> everyFold(Function<FoldClassification, Optional<T>> value) {
        List<T> out = new ArrayList<>(folds.size());
        for (OuterFold f : folds) {
            Optional<T> v = f.classification().flatMap(value);
            if (v.isEmpty()) {
                return Optional.empty();
            }
            out.add(v.get());
        }
        return Optional.of(out);
    }

    private Optional<double[]> series(Function<FoldClassification, OptionalDouble> value) {
        return everyFold(c -> {
            OptionalDouble v = value.apply(c);
            return v.isPresent() ? Optional.of(v.getAsDouble()) : Optional.empty();
        }).map(list -> list.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Seconds of every final fit. */
    public double[] trainSeconds() {
        return folds.stream().mapToDouble(OuterFold::trainSeconds).toArray();
    }

    /** Seconds to score every test part. */
    public double[] predictSeconds() {
        return folds.stream().mapToDouble(OuterFold::predictSeconds).toArray();
    }

    /** Seconds of every selection. */
    public double[] tuneSeconds() {
        return folds.stream().mapToDouble(OuterFold::tuneSeconds).toArray();
    }

    /**
     * The means over consecutive blocks of {@code perRepeat} values, each summed in order (the repeat means of
     * per-split values in split order).
     *
     * @throws IllegalArgumentException when the values are not whole blocks
     */
    public static double[] repeatMeans(double[] values, int perRepeat) {
        if (perRepeat < 1 || values.length == 0 || values.length % perRepeat != 0) {
            throw new IllegalArgumentException(values.length + " values are not whole repeats of " + perRepeat);
        }
        double[] out = new double[values.length / perRepeat];
        for (int r = 0; r < out.length; r++) {
            double sum = 0;
            for (int f = 0; f < perRepeat; f++) {
                sum += values[r * perRepeat + f];
            }
            out[r] = sum / perRepeat;
        }
        return out;
    }

    /** E.g. "accuracy 0.8830 ± 0.0612 over 100 outer splits; sd over 10 repeats 0.0182". */
    @Override
    public String toString() {
        Summary s = summary();
        List<String> parts = new ArrayList<>();
        parts.add(metric + " " + s + " over " + folds.size() + " outer splits");
        if (repeats() > 1 && splitsPerRepeat() > 1) {
            parts.add(String.format(java.util.Locale.ROOT, "sd over %d repeats %.4f", repeats(), repeatSummary().sd()));
        }
        return String.join("; ", parts);
    }
}
