package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.CommandSupport;
import dev.kernelkit.cli.Journals;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.Progress;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mkl.MklMethod;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit mkl cv}: one method on random stratified train/test splits (the paper's 70/30 protocol); journalled
 * after every split beside {@code --json} and continued by {@code --resume} ({@link Journals}).
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

    @Override
    public Integer call() throws Exception {
        MklMethod m = method.method();
        LabeledDataset data = splits.withNoise(MklData.read(input));
        Resampling outer = splits.resampling();
        MemoryEstimates.mkl("mkl cv", data, (int) Math.ceil(data.size() * (1 - splits.testFraction)),
                params.kernels().count(data.dim()));
        FoldJournal journal = Journals.open(spec, json.file(), resume);
        MethodProtocol protocol = MethodProtocol.of(m, params, outer, splits.seed, data).withJournal(journal, "cv");
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        List<MklSplitResult> results = new ArrayList<>();
        for (int i = 0; i < outer.size(); i++) {
            progress.update("splits", i, outer.size());
            results.add(protocol.run(data, i));
        }
        progress.done();
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
        out.flush();
        json.write(CommandSupport.putEnvironment(s.put("command", "mkl cv").put("method", m.cliName()).put("data", input.data().toString())
                .put("splits", (long) results.size()).put("seed", splits.seed)));
        Journals.finish(journal);
        return Main.OK;
    }
}
