package dev.kernelkit.cli.mkl;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.mkl.MklProtocol;

/**
 * One method's protocol ({@link MklProtocol.Tuning#selection}) on the outer splits of {@code outer}, the inner
 * CV of split s seeded seed + 1000 (s + 1), run split by split; journalled ({@link #withJournal}) a split recorded by
 * a killed run is recalled instead of run again.
 */
record MethodProtocol(MklProtocol.Tuning tuning, ModelSelection<Vec> selection) {
    static MethodProtocol of(MklMethod method, MklParameters params, Resampling outer, long seed, LabeledDataset data) {
        return of(method, params, outer, seed, data.size());
    }

    /** The protocol for data of n examples. */
    static MethodProtocol of(MklMethod method, MklParameters params, Resampling outer, long seed, int n) {
        return of(method, params, outer, seed, n, dev.kernelkit.eval.Metric.ACCURACY);
    }

    /**
     * The protocol for data of n examples, its inner CV maximising {@code metric} by name (accuracy: the protocol's
     * own pooled count of correct predictions, {@link dev.kernelkit.cli.Options.SelectionMetric#maximising}).
     */
    static MethodProtocol of(MklMethod method, MklParameters params, Resampling outer, long seed, int n, String metric) {
        MklProtocol.Tuning t = params.tuning(method);
        return new MethodProtocol(t, dev.kernelkit.cli.Options.SelectionMetric.maximising(
                t.selection(outer, SeedRule.affine(seed + 1000, 1000), n), metric));
    }

    /**
     * The same protocol with every finished outer split recorded in {@code journal} under {@code section} and the
     * splits recorded there taken from it ({@link ModelSelection#withJournal}); itself for a null journal.
     */
    MethodProtocol withJournal(FoldJournal journal, String section) {
        return journal == null ? this : new MethodProtocol(tuning, selection.withJournal(journal, section));
    }

    /** Outer split {@code index} (0-based) of the data: tuned on its training part, fitted, tested. */
    MklSplitResult run(LabeledDataset data, int index) {
        return result(tuning, selection.runFold(data, index), index, data.dim());
    }

    /** The result of outer split {@code index} (0-based) of a run of the tuning's protocol on data of dimension dim. */
    static MklSplitResult result(MklProtocol.Tuning tuning, OuterFold f, int index, int dim) {
        return new MklSplitResult(index + 1, tuning.chosen(f.selection(), dim), f.score(),
                f.measure(MklProtocol.AVERAGE_PRECISION), f.measure(MklProtocol.KERNELS_SELECTED), f.trainSeconds(),
                f.tuneSeconds(), (int) f.measure(MklProtocol.SVM_SOLVES), f.selection().fits(),
                f.selection().unconvergedFits(), (int) f.measure(MklProtocol.MACHINES),
                (int) f.measure(MklProtocol.UNCONVERGED_MACHINES));
    }
}
