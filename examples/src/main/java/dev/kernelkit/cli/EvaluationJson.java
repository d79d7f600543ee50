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
final class EvaluationJson {
    private EvaluationJson() {
    }

    /**
     * The accuracy of every outer split: the evaluation's scores when its metric is accuracy, else each
     * split's confusion matrix's accuracy.
     *
     * @throws IllegalArgumentException when the metric is not accuracy and a split kept no confusion matrix
     */
    static double[] accuracies(Evaluation ev) {
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
    static JsonSummary of(Evaluation ev) {
        double[] acc = accuracies(ev);
        Summary s = Summary.of(acc);
        double[] train = ev.trainSeconds();
        double total = 0;
        for (double t : train) {
            total += t;
        }
        JsonSummary j = new JsonSummary()
                .put("accuracy_mean", s.mean())
                .put("accuracy_sd", s.sd())
                .put("accuracy_sd_over_repeats", Summary.of(Evaluation.repeatMeans(acc, ev.splitsPerRepeat())).sd())
                .putList("fold_accuracies", acc)
                .put("train_seconds_mean", Summary.of(train).mean())
                .put("train_seconds_total", total)
                .put("predict_seconds_mean", Summary.of(ev.predictSeconds()).mean())
                .put("tune_seconds_mean", Summary.of(ev.tuneSeconds()).mean());
        for (Map.Entry<String, Object> e : ev.classificationMetrics().entrySet()) {
            Object v = e.getValue();
            if (v == null) {
                j.putNull(e.getKey());
            } else if (v instanceof Double d) {
                j.put(e.getKey(), d);
            } else if (v instanceof Map<?, ?> cm) {
                List<Object> rows = new ArrayList<>();
                for (Object row : (List<?>) cm.get("counts")) {
                    rows.add(row);
                }
                j.put(e.getKey(), new JsonSummary().putList("classes", (List<?>) cm.get("classes")).putList("counts", rows));
            } else {
                throw new IllegalStateException("unexpected metric value " + e.getKey() + " = " + v);
            }
        }
        return j;
    }
}
