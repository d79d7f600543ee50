package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.Options;
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
 * {@code kernelkit cvm train}: fits the --scale scaler on --data (LIBSVM format), trains on the
 * scaled data, scores on --test (scaled with the training scaler) and writes --model with the scaler.
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Train a core vector machine on --data, score it on --test and write the model.")
final class CvmTrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "Training data (LIBSVM format).")
    Path data;

    @Option(names = "--test", paramLabel = "FILE", description = "Optional test data (LIBSVM format).")
    Path test;

    @Option(names = "--model", paramLabel = "FILE", description = "Where to write the model (optional).")
    Path model;

    @Mixin
    CvmCli.Parameters parameters;

    @Mixin
    KernelFrom kernelFrom;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        kernelFrom.checkAlone(parameters.gamma == null ? null : "--gamma " + parameters.gamma, parameters.scale);
        LabeledDataset train = kernelFrom.given() ? CvmCli.read(data, "--data", kernelFrom.load().dim())
                : CvmCli.read(data, "--data");
        LabeledDataset testSet = test == null ? null : CvmCli.read(test, "--test", train.dim());
        PrintWriter out = spec.commandLine().getOut();
        KernelFrom.Prepared learned = null;
        if (kernelFrom.given()) {
            kernelFrom.load();
            learned = kernelFrom.prepare(train, "--data " + data);
            kernelFrom.describe(out, learned);
        }
        long t0 = System.nanoTime();
        CvmCli.Trained t = CvmCli.train(parameters, train, learned);
        double seconds = (System.nanoTime() - t0) * 1e-9;
        double trainScore = CvmCli.score(t, train);
        Double testScore = testSet == null ? null : CvmCli.score(t, testSet);
        if (model != null) {
            t.save(model);
        }
        String what = t.regression() ? "mse" : "accuracy";
        out.printf("%s: %d core vectors, trained in %.3f s; train %s %.6f%s%n", parameters.method, t.coreVectors(),
                seconds, what, trainScore, testScore == null ? "" : String.format(", test %s %.6f", what, testScore));
        if (model != null) {
            out.println("model written to " + model);
        }
        out.flush();
        double reported = testScore != null ? testScore : trainScore;
        JsonSummary s = new JsonSummary().put("command", "cvm train").put("method", parameters.method)
                .put(what, reported).put("core_vectors", (long) t.coreVectors()).put("train_seconds", seconds)
                .put("n_train", (long) train.size()).put("data", data.toString())
                .put("scale", learned != null ? learned.kernel().scaler().kind().cliName() : parameters.scale.cliName())
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put("scored_on", testScore != null ? "test" : "train");
        json.write(s);
        return 0;
    }
}
