package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The result of a model-selection run: one {@link OuterFold} per outer split, repeat by repeat,
 * and the summaries the papers report: the mean test score &plusmn; the sample sd over all outer
 * splits, and the mean of each repeat with the sample sd of those means (the "&plusmn;" of tables
 * that report repeated CV, e.g. TNNLS 2013 Table I, much smaller than the sd over single folds).
 * Immutable.
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

    /** The means over consecutive blocks of {@code perRepeat} values, each summed in order. */
    static double[] repeatMeans(double[] values, int perRepeat) {
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
