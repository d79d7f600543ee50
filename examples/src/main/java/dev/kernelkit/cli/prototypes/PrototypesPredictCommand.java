package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.PredictCommand;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.io.Models;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.PrototypeMeasures;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kernelkit prototypes predict}: labels for a file with a saved IMKPL model, accuracy and DR against its labels. */
@Command(name = "predict", mixinStandardHelpOptions = true, description = "Predict with a saved IMKPL model.")
final class PrototypesPredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Option(names = "--data", required = true, description = "Points to predict (LIBSVM; labels are used for accuracy).")
    Path data;
    @Option(names = "--model", required = true, description = "Model file written by train.")
    Path model;
    @Option(names = "--format", defaultValue = "libsvm", converter = PrototypesDataOptions.FormatConverter.class,
            description = "Input format: libsvm or csv-series (default ${DEFAULT-VALUE}).")
    PrototypesDataOptions.Format format;

    @Override
    public Integer call() throws IOException {
        ImkplModel m = Models.load(model, ImkplModel.class);
        // read as 'kernelkit predict' reads an IMKPL model's data: dimension checked, series in the encoding the
        // model's kernels read (variable-length for per-channel alignment kernels of any length, else flat)
        LabeledDataset test = LabeledDataset.of(PredictCommand.readFor(m, model, data,
                format == PrototypesDataOptions.Format.CSV_SERIES ? "csv-series" : "libsvm"));
        double[] pred = m.predictLabels(test.points());
        PrintWriter out = spec.commandLine().getOut();
        for (double p : pred) {
            out.println(p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p));
        }
        out.printf(Locale.ROOT, "# accuracy %.4f, DR %.1f%% (prediction rule %s)%n", Metrics.accuracy(test.labels(), pred),
                100 * PrototypeMeasures.discrimination(m, PrototypeMeasures.ruleCodes(m, test), test.labels()),
                m.predictionRule());
        return 0;
    }
}
