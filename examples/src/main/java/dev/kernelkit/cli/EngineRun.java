package dev.kernelkit.cli;

import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.data.Dataset;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;

/**
 * One evaluation of a module command ({@code svm cv}, {@code cvm cv}, ...) on the engine of
 * {@code --engine local|spark} ({@link Options.Engine}): the command's protocol as a
 * {@link SelectionRecipe}, its harness (with the command's listener and journal) run by the engine, and
 * what ran where: the engine's name, master, task count and longest fit, for the terminal and the JSON
 * (the keys {@code compare} writes).
 *
 * @param evaluation the result, the one-machine result on every engine (times apart); null in the
 *        {@link #summary} of several runs
 * @param engine the engine's name ("local", "spark")
 * @param master where it ran (a Spark master URL), or null for this machine
 * @param usage the tasks and longest fit of a remote engine, else empty
 */
public record EngineRun(Evaluation evaluation, String engine, String master, Optional<CatalogEngine.Usage> usage) {

    /**
     * Runs the selection on an open engine ({@link Options.Engine#open()}, opened by the command before anything
     * else, so that a missing Spark is one line and nothing else).
     *
     * @param selection {@code recipe.selection()}, possibly with a listener or a journal added
     * @throws IllegalArgumentException as {@link ModelSelection#run}
     */
    public static <X> EngineRun run(CatalogEngine fits, SelectionRecipe recipe, ModelSelection<X> selection,
                                    Dataset<X> data) {
        Evaluation e = fits.run(recipe, selection, data);
        return new EngineRun(e, fits.name(), fits.master().orElse(null), fits.usage());
    }

    /** What the engine did over all its runs so far (several runs of a command, e.g. one per method). */
    public static EngineRun summary(CatalogEngine fits) {
        return new EngineRun(null, fits.name(), fits.master().orElse(null), fits.usage());
    }

    /** "engine spark (local[2]): 4 tasks, longest fit 0.12 s; 40 fits, 1.30 s of fits in all", for a remote engine only. */
    public void print(PrintWriter out) {
        usage.ifPresent(u -> out.printf(Locale.ROOT, "engine %s (%s): %d tasks, longest fit %s s; %d fits, %s s of fits"
                + " in all%n", engine, master, u.tasks(), CommandSupport.seconds(u.longestFitSeconds()), u.fits(),
                CommandSupport.seconds(u.sumFitSeconds())));
        out.flush();
    }

    /** Adds {@code engine}, {@code master} (null for this machine) and, for a remote engine, {@code tasks},
     * {@code fits}, {@code sum_fit_seconds} and {@code longest_fit_seconds}. */
    public JsonSummary into(JsonSummary json) {
        json.put("engine", engine);
        if (master == null) {
            json.putNull("master");
        } else {
            json.put("master", master);
        }
        usage.ifPresent(u -> json.put("tasks", u.tasks()).put("longest_fit_seconds", u.longestFitSeconds())
                .put("fits", u.fits()).putOptional("sum_fit_seconds", Double.isNaN(u.sumFitSeconds()) ? null
                        : u.sumFitSeconds()));
        return json;
    }
}
