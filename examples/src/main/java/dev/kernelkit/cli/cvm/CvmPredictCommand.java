package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.LabeledDataset;
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
 * training scaler stored in the model ({@code cvm train --scale}) is applied to the raw points.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict --data with a model written by 'cvm train'; score it when the file has labels.")
final class CvmPredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "Model file from 'cvm train'.")
    Path model;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "Points to predict (LIBSVM format).")
    Path data;

    @Option(names = "--output", paramLabel = "FILE", description = "Write one prediction per line to FILE (default: stdout).")
    Path output;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        CvmCli.Trained t = CvmCli.load(model);
        // read as 'kernelkit predict' reads a cvm model's data: dense LIBSVM, the dimension checked
        if (!Files.isRegularFile(data)) {
            throw new IllegalArgumentException("--data: no such file: " + data);
        }
        LabeledDataset d = LabeledDataset.of(dev.kernelkit.cli.ExampleFiles.readFor(data,
                dev.kernelkit.cli.ExampleFiles.Format.LIBSVM, dev.kernelkit.learn.InputKind.VECTORS, t.dim(),
                "the model " + model, true));
        double[] predicted = t.predictAll(d.points());
        List<String> lines = new ArrayList<>();
        for (double p : predicted) {
            lines.add(Double.toString(p));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output != null) {
            Files.write(output, lines);
        } else {
            lines.forEach(out::println);
        }
        double score = CvmCli.score(t, d);
        String what = t.regression() ? "mse" : "accuracy";
        out.printf("%s on %d points: %.6f%n", what, d.size(), score);
        out.flush();
        json.write(new JsonSummary().put("command", "cvm predict").put(what, score).put("core_vectors", (long) t.coreVectors())
                .put("n", (long) d.size()));
        return 0;
    }
}
