package dev.kernelkit.cli;

import dev.kernelkit.io.AtomicFiles;
import dev.kernelkit.data.LabeledDataset;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit svm predict}: loads a model file written by {@code svm train}, applies its
 * stored scaler to the points of {@code --data}, predicts their labels, reports the accuracy
 * against the labels in the file and optionally writes one predicted label per line. A model trained
 * on bags ({@code bag-svm}) predicts the bags of --data and writes one class name per line.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict the labels of --data with a model written by 'svm train'; report the accuracy.")
final class SvmPredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "Model file written by 'svm train'.")
    Path model;

    @Mixin
    Options.Input input;

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the predicted labels to FILE, one per line in the order of --data.")
    Path output;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        Options.checkReadable("--model", model);
        input.validate();
        if (dev.kernelkit.io.ModelFileReader.read(model).type().equals(dev.kernelkit.svm.BagSvmCodec.TYPE)) {
            return SvmBags.predict(this, PredictCommand.load(model));
        }
        PrintWriter out = spec.commandLine().getOut();

        ModelFiles.SvmModelFile stored = ModelFiles.loadSvm(model);
        // the data as 'kernelkit predict' reads them: the model's input kind and dimension checked
        LabeledDataset raw = LabeledDataset.of(ExampleFiles.readFor(input.data(),
                ExampleFiles.formatOf(input.data(), input.format == null ? null : input.format.cliName()),
                stored.model().input(), stored.dim(), "the model " + model + " (type " + ModelFiles.TYPE + ")", false));
        long t0 = System.nanoTime();
        LabeledDataset scaled = stored.scaler().apply(raw);
        double[] predicted = CommandSupport.predict(stored.model(), scaled.points());
        double seconds = CommandSupport.secondsSince(t0);
        double accuracy = CommandSupport.accuracy(raw.labels(), predicted);

        if (output != null) {
            StringBuilder sb = new StringBuilder(predicted.length * 3);
            for (double p : predicted) {
                sb.append(CommandSupport.label(p)).append('\n');
            }
            AtomicFiles.writeString(output, sb.toString());
        }
        new TablePrinter().textColumn("file").numberColumn("points").numberColumn("accuracy").numberColumn("seconds")
                .row(CommandSupport.fileName(input.data()), Integer.toString(raw.size()), TablePrinter.percent(accuracy),
                        CommandSupport.seconds(seconds))
                .print(out);
        if (output != null) {
            out.println("predictions written to " + output);
        }
        out.flush();

        JsonSummary summary = new JsonSummary()
                .put("command", "svm predict")
                .put("accuracy_mean", accuracy)
                .put("accuracy_sd", 0.0)
                .put("predict_seconds", seconds)
                .put("data", input.data().toString())
                .put("n", (long) raw.size())
                .put("model", model.toString())
                .put("kernel", dev.kernelkit.kernel.Kernels.format(stored.model().expansionModels().get(0).kernel()))
                .put("scale", stored.scaler().kind().cliName())
                .put("support_vectors", (long) stored.model().supportVectorCount())
                .put("output", output == null ? null : output.toString());
        String trainedSeconds = stored.provenance().get("seconds");
        if (trainedSeconds != null) {
            summary.put("train_seconds", Double.parseDouble(trainedSeconds));
        }
        json.write(CommandSupport.putEnvironment(summary));
        return Main.OK;
    }
}
