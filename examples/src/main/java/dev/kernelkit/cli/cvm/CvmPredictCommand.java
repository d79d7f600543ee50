package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.PredictCommand;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit cvm predict}: predictions of a saved cvm / bvm / one-class / cvr model; the
 * training scaler stored in the model ({@code cvm train --scale}) is applied to the raw points. A model
 * trained on bags (bag-cvm, bag-one-class-cvm) predicts the bags of --data, read as
 * {@code kernelkit predict} reads them, one class name per line (inlier / outlier for the one-class ball).
 */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict --data with a model written by 'cvm train'; score it when the file has labels.")
final class CvmPredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "Model file from 'cvm train'.")
    Path model;

    @Option(names = "--data", required = true, paramLabel = "FILE",
            description = "Examples to predict: LIBSVM points, or bags (CSV bags, multi-instance ARFF) for a model trained "
                    + "on bags.")
    Path data;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Format of --data: " + dev.kernelkit.cli.ExampleFiles.FORMATS + " (default: from the extension "
                    + "and header).")
    String format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write one prediction per line to FILE (default: stdout).")
    Path output;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(data)) {
            throw new IllegalArgumentException("--data: no such file: " + data);
        }
        PredictCommand.LoadedModel loaded = PredictCommand.load(model);
        if (loaded.model().input() == InputKind.BAGS) {
            return bags(loaded);
        }
        FittedModel<Vec> t = CvmCli.load(model);
        // read as 'kernelkit predict' reads a cvm model's data: dense LIBSVM, the dimension checked
        LabeledDataset d = LabeledDataset.of(dev.kernelkit.cli.ExampleFiles.readFor(data,
                dev.kernelkit.cli.ExampleFiles.Format.LIBSVM, dev.kernelkit.data.InputKind.VECTORS, t.dim(),
                "the model " + model, true));
        double[] predicted = CvmCli.predictions(t, d.points());
        List<String> lines = new ArrayList<>();
        for (double p : predicted) {
            lines.add(Double.toString(p));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output != null) {
            dev.kernelkit.io.AtomicFiles.writeString(output, lines.stream().map(l -> l + "\n").collect(java.util.stream.Collectors.joining()));
        } else {
            lines.forEach(out::println);
        }
        double score = CvmCli.score(t, d);
        String what = CvmCli.regression(t) ? "mse" : "accuracy";
        out.printf("%s on %d points: %.6f%n", what, d.size(), score);
        out.flush();
        json.write(new JsonSummary().put("command", "cvm predict").put(what, score).put("core_vectors", (long) CvmCli.coreVectors(t))
                .put("n", (long) d.size()));
        return 0;
    }

    /** A model over bags: class names per bag, and the accuracy when the file's labels are classes of the model. */
    private int bags(PredictCommand.LoadedModel loaded) throws Exception {
        Dataset<?> d = loaded.read(data, format);
        PredictCommand.Predictions p = PredictCommand.predict(loaded.model(), d);
        PrintWriter out = spec.commandLine().getOut();
        if (output != null) {
            dev.kernelkit.io.AtomicFiles.writeString(output, p.text());
        } else {
            out.print(p.text());
        }
        if (p.accuracy() != null) {
            out.printf("accuracy on %d bags: %.6f%n", d.size(), p.accuracy());
        } else {
            out.printf("%d bags predicted; no accuracy: none of the file's labels %s is a class of the model%n", d.size(),
                    d.classNames());
        }
        out.flush();
        json.write(new JsonSummary().put("command", "cvm predict").put("input", "bags")
                .putOptional("accuracy", p.accuracy()).put("n", (long) d.size()).put("model_type", loaded.type()));
        return 0;
    }
}
