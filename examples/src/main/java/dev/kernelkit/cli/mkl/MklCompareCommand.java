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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit mkl compare}: every method on identical splits, the layout of the paper's Tables I and II;
 * journalled after every split of every method beside {@code --json} and continued by {@code --resume}
 * ({@link Journals}). The paper's protocol; any learners of the catalog compare with {@code kernelkit compare}.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Every method on identical splits: the Table I (accuracy, kernels) and Table II (time) layout.",
                "The paper's protocol for the MKL methods; to compare any learners of the catalog (e.g. sm1 against svm "
                        + "or cvm) on the same splits, with paired differences and their corrected standard errors, use "
                        + "kernelkit compare."})
final class MklCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Input input;
    @Option(names = "--methods", paramLabel = "LIST", defaultValue = "sm1,sm2,lp,simple,ave",
            description = "Methods to run (default: ${DEFAULT-VALUE}).")
    String methods;
    @Option(names = "--verbose", description = "Print every split's result per method as soon as it is known.")
    boolean verbose;
    @Mixin
    MklParameters params = new MklParameters();
    @Mixin
    MklSplitOptions splits = new MklSplitOptions();
    @Mixin
    Options.Json json;
    @Mixin
    Options.Resume resume;
    @Mixin
    Options.SelectionMetric metric;

    @Override
    public Integer call() throws Exception {
        List<MklMethod> ms = new ArrayList<>();
        for (String s : methods.split(",")) {
            ms.add(MklMethod.parse(s));
        }
        LabeledDataset data = splits.withNoise(MklData.read(input));
        Resampling outer = splits.resampling();
        metric.checkClasses(data.classCount(), input.data());
        MemoryEstimates.mkl("mkl compare", data, (int) Math.ceil(data.size() * (1 - splits.testFraction)),
                params.kernels().count(data.dim()));
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        Map<MklMethod, List<MklSplitResult>> all = new LinkedHashMap<>();
        Map<MklMethod, MethodProtocol> protocols = new LinkedHashMap<>();
        FoldJournal journal = Journals.open(spec, json.file(), resume);
        for (MklMethod m : ms) {
            all.put(m, new ArrayList<>());
            protocols.put(m, MethodProtocol.of(m, params, outer, splits.seed, data.size(), metric.name()).withJournal(journal, m.cliName()));
        }
        PrintWriter out = spec.commandLine().getOut();
        int done = 0;
        // split by split, every method on it, one line each as it finishes (a long run stopped early keeps whole splits)
        for (int i = 0; i < outer.size(); i++) {
            for (MklMethod m : ms) {
                progress.update("split x method", done++, (long) ms.size() * outer.size());
                MklSplitResult r = protocols.get(m).run(data, i);
                all.get(m).add(r);
                if (verbose) {
                    out.printf(Locale.ROOT, "split %d %s: %s accuracy %.2f%%, kernels %.1f, train %.3f s, tune %.1f s, %d SVM solves%s%n",
                            r.split(), m.cliName(), MklReports.describe(r.chosen()), 100 * r.accuracy(), r.selected(), r.trainSeconds(),
                            r.tuneSeconds(), r.svmSolves(), r.convergenceNote());
                    out.flush();
                }
            }
        }
        progress.done();
        TablePrinter t = new TablePrinter().textColumn("method").numberColumn("accuracy %").numberColumn("sd")
                .numberColumn("kernels").numberColumn("train s").numberColumn("tune s").numberColumn("SVM solves");
        JsonSummary methodsJson = new JsonSummary();
        for (Map.Entry<MklMethod, List<MklSplitResult>> e : all.entrySet()) {
            List<MklSplitResult> rs = e.getValue();
            Summary acc = Summary.of(rs.stream().mapToDouble(MklSplitResult::accuracy).toArray());
            JsonSummary s = MklReports.summarise(rs);
            methodsJson.put(e.getKey().cliName(), s);
            t.row(e.getKey().cliName(), TablePrinter.fixed(100 * acc.mean(), 2), TablePrinter.fixed(100 * acc.sd(), 2),
                    TablePrinter.fixed(rs.stream().mapToDouble(MklSplitResult::selected).average().orElse(0), 1),
                    TablePrinter.fixed(rs.stream().mapToDouble(MklSplitResult::trainSeconds).average().orElse(0), 3),
                    TablePrinter.fixed(rs.stream().mapToDouble(MklSplitResult::tuneSeconds).average().orElse(0), 1),
                    TablePrinter.fixed(rs.stream().mapToDouble(MklSplitResult::svmSolves).average().orElse(0), 1));
        }
        t.print(out);
        for (Map.Entry<MklMethod, List<MklSplitResult>> e : all.entrySet()) {
            MklReports.printUnconverged(out, e.getKey().cliName(), e.getValue());
        }
        out.printf(Locale.ROOT, "%s: %d splits (test fraction %s, seed %d); hyper-parameters by %d-fold CV on each training part%s%n",
                input.data(), outer.size(), splits.testFraction, splits.seed, params.innerFolds,
                metric.isAccuracy() ? "" : " maximising " + metric.name());
        out.flush();
        json.write(CommandSupport.putEnvironment(metric.into(new JsonSummary().put("command", "mkl compare"))
                .put("data", input.data().toString())
                .put("splits", (long) outer.size()).put("seed", splits.seed).put("noise_ratio", splits.noiseRatio)
                .put("dim", (long) data.dim()).put("methods", methodsJson)));
        Journals.finish(journal);
        return Main.OK;
    }
}
