package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.EvaluationJson;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mkl.MklOptions;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The report pieces the mkl commands share: options as text, the per-split summary, the unconverged-fit line. */
final class MklReports {
    private MklReports() {
    }

    /** A line per method with unconverged fits over the splits (nothing when all fits converged). */
    static void printUnconverged(PrintWriter out, String method, List<MklSplitResult> results) {
        int tu = results.stream().mapToInt(MklSplitResult::tuneUnconverged).sum();
        int tf = results.stream().mapToInt(MklSplitResult::tuneFits).sum();
        int fu = results.stream().mapToInt(MklSplitResult::finalUnconverged).sum();
        int ff = results.stream().mapToInt(MklSplitResult::finalMachines).sum();
        if (tu + fu > 0) {
            out.printf(Locale.ROOT, "%s: %d of %d tuning fits and %d of %d final fits ended unconverged "
                    + "(iteration cap, or SM2's line search out of verifiable steps, before the duality-gap stop)%n",
                    method, tu, tf, fu, ff);
        }
    }

    /**
     * The summary of one method over its splits: means of accuracy, (M)AP, kernels, times and SVM solves, the fit
     * counts and the per-split accuracies and options (the JSON of mkl cv and of a method of mkl compare).
     */
    static JsonSummary summarise(List<MklSplitResult> results) {
        Summary acc = Summary.of(results.stream().mapToDouble(MklSplitResult::accuracy).toArray());
        JsonSummary j = new JsonSummary()
                .put("accuracy_mean", acc.mean())
                .put("accuracy_sd", acc.sd())
                .put("average_precision_mean", finiteOrNull(Summary.of(results.stream().mapToDouble(MklSplitResult::averagePrecision).toArray()).mean()))
                .put("kernels_selected_mean", results.stream().mapToDouble(MklSplitResult::selected).average().orElse(0))
                .put("train_seconds_mean", results.stream().mapToDouble(MklSplitResult::trainSeconds).average().orElse(0))
                .put("tune_seconds_mean", results.stream().mapToDouble(MklSplitResult::tuneSeconds).average().orElse(0))
                .put("svm_solves_mean", results.stream().mapToDouble(MklSplitResult::svmSolves).average().orElse(0))
                .put("tuning_fits", (long) results.stream().mapToInt(MklSplitResult::tuneFits).sum())
                .put("tuning_fits_unconverged", (long) results.stream().mapToInt(MklSplitResult::tuneUnconverged).sum())
                .put("final_fits_unconverged", (long) results.stream().mapToInt(MklSplitResult::finalUnconverged).sum())
                .putList("split_accuracies", results.stream().mapToDouble(MklSplitResult::accuracy).toArray())
                .putList("split_options", results.stream().map(r -> describe(r.chosen())).toList());
        // the keys every evaluating command writes (fold_accuracies: the splits' accuracies, split order)
        return EvaluationJson.putSchema(j, results.stream().mapToDouble(MklSplitResult::accuracy).toArray(),
                results.stream().mapToDouble(MklSplitResult::trainSeconds).toArray(), 1);
    }

    /** value, or null (JSON null) when it is NaN: e.g. AP with no positive test point. */
    static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** The tuned values of the options as text, e.g. "C=10.0000 theta=0.0109890". */
    static String describe(MklOptions o) {
        String s = "C=" + TablePrinter.general(o.c());
        return switch (o.method()) {
            case SM1, SM2 -> s + " theta=" + TablePrinter.general(o.theta());
            case LP -> s + " p=" + TablePrinter.general(o.p());
            default -> s;
        };
    }
}
