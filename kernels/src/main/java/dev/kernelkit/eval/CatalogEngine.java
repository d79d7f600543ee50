package dev.kernelkit.eval;

import dev.kernelkit.data.Dataset;
import java.util.Optional;

/**
 * Where the catalog runs of a command ({@link CatalogRecipe}) make their fits: this machine
 * ({@link FitEngines#local()}) or an engine of a {@link FitEngineProvider} found on the class path
 * (e.g. {@code spark} from the kernelkit-spark module), by name through {@link FitEngines#named}.
 * Every engine gives the one-machine {@link Evaluation} (times apart): a remote one ships the recipe,
 * from which its workers build the same harness, and keeps the choices on the caller's side.
 * An engine may hold resources (a cluster session, broadcast data) until {@link #close()}.
 */
public interface CatalogEngine extends AutoCloseable {

    /**
     * The work a remote engine did so far: enough to project the wall time of a run on N workers, between
     * {@code sumFitSeconds / N} and {@code longestFitSeconds} (its critical path).
     *
     * @param tasks the tasks it ran (a task may make several fits)
     * @param longestFitSeconds the longest single fit, the critical path of the run had it a worker per fit
     * @param fits the fits it made
     * @param sumFitSeconds the seconds of all its fits added up, as measured on its workers
     */
    record Usage(long tasks, double longestFitSeconds, long fits, double sumFitSeconds) {

        /** An engine that runs one fit per task and does not add up their times ({@code sumFitSeconds} NaN). */
        public Usage(long tasks, double longestFitSeconds) {
            this(tasks, longestFitSeconds, tasks, Double.NaN);
        }
    }

    /** The engine's name, as given to {@link FitEngines#named}: "local", "spark". */
    String name();

    /** Where it runs, e.g. a Spark master URL; empty for this machine. */
    Optional<String> master();

    /**
     * Runs {@code selection} on {@code data}, its fits made by this engine.
     *
     * @param recipe the run as plain values (what a remote worker rebuilds)
     * @param selection {@code recipe.selection()}, possibly with a listener or a journal added (neither changes
     *        a result)
     * @throws IllegalArgumentException as {@link ModelSelection#run}
     */
    <X> Evaluation run(CatalogRecipe recipe, ModelSelection<X> selection, Dataset<X> data);

    /**
     * Runs the harness of any recipe ({@link SelectionRecipe#selection()}, possibly with a listener or a journal
     * added) on {@code data}, its fits made by this engine; a {@link CatalogRecipe} runs as
     * {@link #run(CatalogRecipe, ModelSelection, Dataset)}. An engine that ships work to other JVMs sends them the
     * recipe. This default serves catalog recipes only.
     *
     * @throws UnsupportedOperationException for another recipe on an engine that does not override this
     * @throws IllegalArgumentException as {@link ModelSelection#run}
     */
    default <X> Evaluation run(SelectionRecipe recipe, ModelSelection<X> selection, Dataset<X> data) {
        if (recipe instanceof CatalogRecipe c) {
            return run(c, selection, data);
        }
        throw new UnsupportedOperationException("the " + name() + " engine runs catalog recipes only, not "
                + recipe.name());
    }

    /** The tasks and the longest fit so far; empty for this machine, which does not count them. */
    Optional<Usage> usage();

    /** Releases what the engine holds (nothing for this machine). */
    @Override
    void close();
}
