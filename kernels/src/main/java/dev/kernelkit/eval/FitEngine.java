package dev.kernelkit.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Where a {@link ModelSelection} run makes its fits. The harness hands the engine batches of
 * independent fits (the (point, inner split) fits of one request of its chooser, then the final fit
 * of each outer split), each named by a {@link FitTask} and performable in this JVM by the
 * harness's own {@link Local} function, and gets their outcomes back in the order of the tasks; it
 * chooses and aggregates itself, in its own order. {@link #local()} runs the batch on a bounded pool
 * of this JVM (today's harness). Another engine may perform a task anywhere that holds the data and
 * an equal {@link ModelSelection}, through {@link ModelSelection#perform}: its outcomes must be those
 * of the local function (times apart), so every score and choice stays the one-machine one.
 */
public interface FitEngine {

    /**
     * The harness's way to perform a task in this JVM (with whatever it shares between the tasks of a
     * batch, such as a grid's shared work).
     */
    @FunctionalInterface
    interface Local {
        /**
         * @throws FoldFailedException when the fit or its scoring fails, naming the split and the point
         */
        FitOutcome fit(FitTask task);
    }

    /**
     * Performs the tasks and returns their outcomes in task order.
     *
     * @param tasks the fits of one batch, independent of each other
     * @param local performs a task in this JVM
     * @param threads the parallelism the run asked for on this machine, &ge; 1
     * @throws FoldFailedException (or another runtime exception) when a fit fails for good
     */
    List<FitOutcome> run(List<FitTask> tasks, Local local, int threads);

    /**
     * The failure an engine that performs fits elsewhere ends a run with when a fit failed for good: a
     * {@link FoldFailedException} of outer split {@code outerIndex}, as a fit failing on this machine gives,
     * with the engine's own description of the failure as its message and cause.
     *
     * @throws IllegalArgumentException for a negative outer index
     */
    static FoldFailedException failed(int outerIndex, RuntimeException cause) {
        if (outerIndex < 0) {
            throw new IllegalArgumentException("outerIndex must be >= 0, got " + outerIndex);
        }
        return new FoldFailedException(outerIndex, cause.getMessage(), cause);
    }

    /**
     * The one-machine engine: the tasks on {@code threads} threads of a pool (in order in the calling
     * thread for 1), results in task order; when tasks fail, the lowest-indexed failure is rethrown.
     */
    static FitEngine local() {
        return LocalEngine.INSTANCE;
    }

    /** The one-machine engine. */
    enum LocalEngine implements FitEngine {
        /** The only instance. */
        INSTANCE;

        @Override
        public List<FitOutcome> run(List<FitTask> tasks, Local local, int threads) {
            List<Callable<FitOutcome>> calls = new ArrayList<>(tasks.size());
            for (FitTask t : tasks) {
                calls.add(() -> local.fit(t));
            }
            return OrderedParallel.run(calls, Math.max(1, Math.min(threads, tasks.size())));
        }

        @Override
        public String toString() {
            return "local engine";
        }
    }
}
