package dev.kernelkit.cli;

import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FoldClassification;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one JSON block of an evaluation, for every command that evaluates a learner on outer splits
 * ({@link Evaluation}): {@code accuracy_mean}, {@code accuracy_sd}, {@code accuracy_sd_over_repeats},
 * {@code fold_accuracies} (split order), {@code train_seconds_mean} and {@code train_seconds_total},
 * {@code predict_seconds_mean}, {@code tune_seconds_mean}, and for classifiers the metrics of
 * {@link Evaluation#classificationMetrics()} ({@code balanced_accuracy_mean}, {@code macro_f1_mean},
 * {@code auc_mean}, {@code average_precision_mean} with their {@code _sd}, and the {@code confusion_matrix}
 * summed over the outer splits; null where they do not exist).
 */
public final class EvaluationJson {
    private EvaluationJson() {
    }

    /**
     * The accuracy of every outer split: the evaluation's scores when its metric is accuracy, else each
     * split's confusion matrix's accuracy.
     *
     * @throws IllegalArgumentException when the metric is not accuracy and a split kept no confusion matrix
     */
    public static double[] accuracies(Evaluation ev) {
        if (ev.metric().equals("accuracy")) {
            return ev.scores();
        }
        double[] out = new double[ev.folds().size()];
        for (int i = 0; i < out.length; i++) {
            OuterFold f = ev.folds().get(i);
            Optional<FoldClassification> c = f.classification();
            if (c.isEmpty()) {
                throw new IllegalArgumentException("outer split " + (i + 1) + " kept no confusion matrix (a journal "
                        + "written before the metrics were kept): rerun without --resume to score it by accuracy");
            }
            out[i] = c.get().confusionMatrix().accuracy();
        }
        return out;
    }

    /** The block of keys above. */
    public static JsonSummary of(Evaluation ev) {
        return into(new JsonSummary(), ev);
    }

    /**
     * Adds the block's keys that {@code j} does not have yet (a command's own keys of the same name stay), and
     * returns {@code j}.
     */
    public static JsonSummary into(JsonSummary j, Evaluation ev) {
        double[] acc = accuracies(ev);
        putSchema(j, acc, ev.trainSeconds(), ev.splitsPerRepeat());
        putIfAbsent(j, "predict_seconds_mean", Summary.of(ev.predictSeconds()).mean());
        putIfAbsent(j, "tune_seconds_mean", Summary.of(ev.tuneSeconds()).mean());
        for (Map.Entry<String, Object> e : ev.classificationMetrics().entrySet()) {
            if (j.has(e.getKey())) {
                continue;
            }
            Object v = e.getValue();
            if (v == null) {
                j.putNull(e.getKey());
            } else if (v instanceof Double d) {
                j.put(e.getKey(), d);
            } else if (v instanceof Map<?, ?> cm) {
                List<Object> rows = new ArrayList<>((List<?>) cm.get("counts"));
                j.put(e.getKey(), new JsonSummary().putList("classes", (List<?>) cm.get("classes")).putList("counts", rows));
            } else {
                throw new IllegalStateException("unexpected metric value " + e.getKey() + " = " + v);
            }
        }
        return j;
    }

    /**
     * Adds the schema's accuracy and time keys that {@code j} does not have yet, from per-split values (split
     * order, whole repeats of {@code splitsPerRepeat}): {@code accuracy_mean}, {@code accuracy_sd},
     * {@code accuracy_sd_over_repeats}, {@code fold_accuracies}, {@code train_seconds_mean},
     * {@code train_seconds_total}.
     */
    public static JsonSummary putSchema(JsonSummary j, double[] accuracies, double[] trainSeconds, int splitsPerRepeat) {
        Summary s = Summary.of(accuracies);
        putIfAbsent(j, "accuracy_mean", s.mean());
        putIfAbsent(j, "accuracy_sd", s.sd());
        putIfAbsent(j, "accuracy_sd_over_repeats",
                Summary.of(Evaluation.repeatMeans(accuracies, splitsPerRepeat)).sd());
        if (!j.has("fold_accuracies")) {
            j.putList("fold_accuracies", accuracies);
        }
        double total = 0;
        for (double t : trainSeconds) {
            total += t;
        }
        putIfAbsent(j, "train_seconds_mean", trainSeconds.length == 0 ? 0 : total / trainSeconds.length);
        putIfAbsent(j, "train_seconds_total", total);
        return j;
    }

    private static void putIfAbsent(JsonSummary j, String key, double value) {
        if (!j.has(key)) {
            j.put(key, value);
        }
    }
}
