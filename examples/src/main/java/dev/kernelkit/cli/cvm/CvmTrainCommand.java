package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.LabeledDataset;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit cvm train}: fits the --scale scaler on --data (LIBSVM format), trains on the
 * scaled data, scores on --test (scaled with the training scaler) and writes --model with the scaler.
 * The time printed as "trained in" is the fit alone; the automatic gamma, the scaling and the
 * scoring are timed and printed on their own line. The training points are scored only when there
 * is no --test or --train-score is given (on large data that scoring can take longer than the fit).
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Train a core vector machine on --data, score it on --test and write the model.")
final class CvmTrainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "Training data (LIBSVM format).")
    Path data;

    @Option(names = "--test", paramLabel = "FILE", description = "Optional test data (LIBSVM format).")
    Path test;

    @Option(names = "--model", paramLabel = "FILE", description = "Where to write the model (optional).")
    Path model;

    @Option(names = "--train-score", description = "Also score the model on the training data when --test is given "
            + "(without --test the training data are always scored).")
    boolean trainScore;

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
        dev.kernelkit.cli.MemoryEstimates.cvm("cvm train", train, parameters.cacheMb, parameters.maxCore);
        PrintWriter out = spec.commandLine().getOut();
        KernelFrom.Prepared learned = null;
        if (kernelFrom.given()) {
            kernelFrom.load();
            learned = kernelFrom.prepare(train, "--data " + data);
            kernelFrom.describe(out, learned);
        }
        CvmCli.Timed timed = CvmCli.trainTimed(parameters, train, learned);
        CvmCli.Trained t = timed.model();
        double seconds = timed.fitSeconds();
        long s0 = System.nanoTime();
        Double trainScore = testSet == null || this.trainScore ? CvmCli.score(t, train) : null;
        Double testScore = testSet == null ? null : CvmCli.score(t, testSet);
        double scoreSeconds = (System.nanoTime() - s0) * 1e-9;
        if (model != null) {
            t.save(model);
        }
        String what = t.regression() ? "mse" : "accuracy";
        List<String> scores = new ArrayList<>();
        if (trainScore != null) {
            scores.add(String.format(Locale.ROOT, "train %s %.6f", what, trainScore));
        }
        if (testScore != null) {
            scores.add(String.format(Locale.ROOT, "test %s %.6f", what, testScore));
        }
        out.printf(Locale.ROOT, "%s (%s mode): %d core vectors, trained in %.3f s; %s%n", parameters.method,
                parameters.mode, t.coreVectors(), seconds, String.join(", ", scores));
        out.printf(Locale.ROOT, "not in the training time: %sscoring %s (%.3f s)%n", timed.preparationText(),
                trainScore != null && testScore != null ? "training and test data" : testScore != null ? "test data"
                        : "training data", scoreSeconds);
        if (model != null) {
            out.println("model written to " + model);
        }
        out.flush();
        double reported = testScore != null ? testScore : trainScore;
        JsonSummary s = new JsonSummary().put("command", "cvm train").put("method", parameters.method)
                .put(what, reported).put("core_vectors", (long) t.coreVectors()).put("train_seconds", seconds)
                .put("gamma_seconds", timed.gammaSeconds()).put("scale_seconds", timed.scaleSeconds())
                .put("score_seconds", scoreSeconds)
                .put("n_train", (long) train.size()).put("data", data.toString())
                .put("scale", learned != null ? learned.kernel().scaler().kind().cliName() : parameters.scale.cliName())
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put("scored_on", testScore != null ? "test" : "train");
        json.write(s);
        return 0;
    }
}
