package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.PredictCommand;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.io.AtomicFiles;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.mkl.MklModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kernelkit mkl predict}: predict --data with a saved MKL model, accuracy and (M)AP against the file's labels. */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict --data with a saved model; prints the accuracy against the file's labels.")
final class MklPredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Input input;
    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model written by mkl train.")
    Path model;
    @Option(names = "--output", paramLabel = "FILE", description = "Also write one predicted label per line.")
    Path output;
    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        FittedModel<?> loaded = Models.load(model);
        if (!(Scaled.innermost(loaded) instanceof MklModel m)) {
            throw new ModelFormatException(model + ": expected a model of type 'mkl', found "
                    + Models.codecFor(Scaled.innermost(loaded)).type());
        }
        // read as 'kernelkit predict' reads an MKL model's data (kind and dimension checked)
        LabeledDataset data = LabeledDataset.of(PredictCommand.readFor(loaded, model, input.data(),
                input.formatOf(input.data()).cliName()));
        LabeledDataset in = loaded instanceof Scaled<?> sc ? sc.scaler().apply(data) : data;
        double[][] f = m.decisionValues(in);
        double[] pred = m.predictLabels(f);
        double acc = Metrics.accuracy(data.labels(), pred);
        double ap = m.averagePrecision(data.labels(), f);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "accuracy %s on %d points%s%n", TablePrinter.percent(acc), data.size(),
                Double.isNaN(ap) ? "" : String.format(Locale.ROOT, ", %s %.4f", m.isBinary() ? "AP" : "MAP", ap));
        out.flush();
        if (output != null) {
            StringBuilder sb = new StringBuilder();
            for (double y : pred) {
                sb.append(y == Math.rint(y) ? Long.toString((long) y) : Double.toString(y)).append('\n');
            }
            AtomicFiles.writeString(output, sb.toString());
        }
        json.write(new JsonSummary().put("command", "mkl predict").put("accuracy", acc)
                .put("average_precision", MklReports.finiteOrNull(ap)).put("n", (long) data.size()));
        return Main.OK;
    }
}
