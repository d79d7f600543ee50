package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.CommandSupport;
import dev.kernelkit.cli.EngineRun;
import dev.kernelkit.cli.Journals;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.Progress;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.mkl.MklProtocol;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit mkl cv}: one method on random stratified train/test splits (the paper's 70/30 protocol); journalled
 * after every split beside {@code --json} and continued by {@code --resume} ({@link Journals}). With
 * {@code --engine spark} every fit of the protocol is a Spark task ({@link Recipe}): the same JSON but for the times,
 * plus the engine's master, task count and longest fit.
 */
@Command(name = "cv", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Random stratified train/test splits (the paper's 70/30 protocol); missing hyper-parameters by CV on each training part.")
final class MklCvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Input input;
    @Mixin
    MklMethodOption method = new MklMethodOption();
    @Mixin
    MklParameters params = new MklParameters();
    @Mixin
    MklSplitOptions splits = new MklSplitOptions();
    @Mixin
    Options.Json json;
    @Mixin
    Options.Resume resume;

    @Mixin
    Options.Engine engine;

    @Mixin
    Options.SelectionMetric metric;

    /**
     * The protocol of {@code mkl cv} in plain values ({@link SelectionRecipe}), so that a fit engine's workers
     * (Spark executors) build the same harness ({@link MethodProtocol}): {@code splits} stratified hold-out
     * splits seeded {@code seed + r}, the method's missing hyper-parameters tuned by the inner CV of split s
     * seeded {@code seed + 1000 (s + 1)} ({@link MklProtocol.Tuning#selection}). Also each method's protocol of
     * {@code mkl compare} (the same splits for every method).
     *
     * @param name what the engine calls the protocol in its messages (e.g. "mkl cv --method sm1")
     * @param n the size of the data (the tuning's subset rule needs it)
     * @param metric what the inner CV maximises ({@link MethodProtocol#of(MklMethod, MklParameters, Resampling, long,
     *        int, String)})
     */
    record Recipe(String name, MklMethod method, MklParameters params, int splits, double testFraction, long seed,
                  int n, String metric) implements SelectionRecipe {
        private static final long serialVersionUID = 1L;

        Resampling outer() {
            return Resampling.stratifiedHoldOut(1 - testFraction, splits, seed);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <X> ModelSelection<X> selection() {
            return (ModelSelection<X>) (ModelSelection<?>) MethodProtocol.of(method, params, outer(), seed, n, metric)
                    .selection();
        }
    }

    @Override
    public Integer call() throws Exception {
        engine.validate();
        MklMethod m = method.method();
        LabeledDataset data = splits.withNoise(MklData.read(input));
        Resampling outer = splits.resampling();
        MemoryEstimates.mkl("mkl cv", data, (int) Math.ceil(data.size() * (1 - splits.testFraction)),
                params.kernels().count(data.dim()));
        MklProtocol.Tuning tuning = params.tuning(m);
        metric.checkClasses(data.classCount(), input.data());
        Recipe recipe = new Recipe("mkl cv --method " + m.cliName(), m, params, splits.splits, splits.testFraction,
                splits.seed, data.size(),
                metric.name());
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        AtomicInteger finished = new AtomicInteger();
        ModelSelection<Vec> selection = recipe.<Vec>selection()
                .withListener(f -> progress.update("splits", finished.incrementAndGet(), outer.size()));
        FoldJournal journal;
        EngineRun run;
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            journal = Journals.open(spec, json.file(), resume);
            if (journal != null) {
                selection = selection.withJournal(journal, "cv");
            }
            progress.update("splits", 0, outer.size());
            run = EngineRun.run(fits, recipe, selection, data);
        }
        progress.done();
        List<MklSplitResult> results = new ArrayList<>();
        List<OuterFold> folds = run.evaluation().folds();
        for (int i = 0; i < folds.size(); i++) {
            results.add(MethodProtocol.result(tuning, folds.get(i), i, data.dim()));
        }
        PrintWriter out = spec.commandLine().getOut();
        TablePrinter t = new TablePrinter().numberColumn("split").textColumn("options").numberColumn("accuracy")
                .numberColumn("(M)AP").numberColumn("kernels").numberColumn("train s").numberColumn("tune s")
                .numberColumn("SVM solves");
        for (MklSplitResult r : results) {
            t.row(Integer.toString(r.split()), MklReports.describe(r.chosen()), TablePrinter.percent(r.accuracy()),
                    TablePrinter.fixed(r.averagePrecision(), 4),
                    TablePrinter.fixed(r.selected(), 1), TablePrinter.fixed(r.trainSeconds(), 3),
                    TablePrinter.fixed(r.tuneSeconds(), 1), Integer.toString(r.svmSolves()));
        }
        t.print(out);
        MklReports.printUnconverged(out, m.cliName(), results);
        JsonSummary s = MklReports.summarise(results);
        out.printf(Locale.ROOT, "%s: accuracy %s +- %s over %d splits%n", m.cliName(),
                TablePrinter.percent(Summary.of(results.stream().mapToDouble(MklSplitResult::accuracy).toArray()).mean()),
                TablePrinter.percent(Summary.of(results.stream().mapToDouble(MklSplitResult::accuracy).toArray()).sd()),
                results.size());
        metric.print(out, run.evaluation());
        run.print(out);
        json.write(CommandSupport.putEnvironment(metric.into(run.into(s)).put("command", "mkl cv").put("method", m.cliName()).put("data", input.data().toString())
                .put("splits", (long) results.size()).put("seed", splits.seed)));
        Journals.finish(journal);
        return Main.OK;
    }
}
