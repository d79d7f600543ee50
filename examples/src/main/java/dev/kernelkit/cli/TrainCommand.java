package dev.kernelkit.cli;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.gram.KernelRowPaths;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.io.Models;
import dev.kernelkit.io.Provenance;
import dev.kernelkit.learn.Calibrated;
import dev.kernelkit.learn.CalibratedModel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.ScaledRegressionModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit train}: fits any learner of the catalog on a data file and saves the model through the
 * one model-file entry point ({@link Models}), so that {@code kernelkit predict} reads it. The learner is
 * named as in {@code kernelkit learners}; its parameters are given as {@code --param NAME=VALUE} and
 * checked against its declared ones ({@link Learner#trainer(Dataset, long, java.util.Map)}); the others
 * take their defaults, computed on the (scaled) training data.
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Train any learner of the catalog on --data and save the model to --model "
                + "(read it back with `kernelkit predict --model M --data F`).",
                "Learners and their parameters: `kernelkit learners`. Vectors: svm, l2-svm, cvm, bvm, one-class-cvm, "
                + "cvr, sm1, sm2, lp, simple, ave, imkpl, iskpl; bags: sparse-mi, rs, rsvm, mikernel, mi-SVM, MI-SVM, "
                + "miles, cccp, and svm, l2-svm, cvm, bvm, one-class-cvm on the set kernel.",
                "Example: kernelkit train --learner svm --param c=10 --param gamma=0.05 --data heart.libsvm "
                + "--model heart.model"})
public final class TrainCommand implements Callable<Integer> {
    /** Learners whose model types predict reads LIBSVM data into dense points for (as their own commands did). */
    static final Set<String> DENSE_LEARNERS = Set.of("cvm", "bvm", "one-class-cvm", "cvr", "imkpl", "iskpl");

    @Spec
    CommandSpec spec;

    @Mixin
    Options.LabelledData input;

    @Option(names = "--learner", required = true, paramLabel = "NAME",
            description = "The catalog learner (see `kernelkit learners`); on bag data svm, cvm, bvm mean their bag forms.")
    String learner;

    @Option(names = {"--param", "-p"}, paramLabel = "NAME=VALUE",
            description = "A parameter of the learner, e.g. --param c=10 (repeatable; names as in `kernelkit learners`, "
                    + "case ignored). Parameters not given take their defaults.")
    List<String> params = new ArrayList<>();

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "Where to write the model "
            + "(atomically; an existing file is replaced only once the new model is complete).")
    Path model;

    @Option(names = "--scale", paramLabel = "SCALING", converter = CliEnums.ScalingConverter.class, defaultValue = "none",
            description = "Feature scaling fitted on --data and stored in the model, so predict applies it: none, "
                    + "standard, minmax or log1p-minmax (default: ${DEFAULT-VALUE}).")
    FeatureScaling scale = FeatureScaling.NONE;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the learner's randomness (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--probability", negatable = true, defaultValue = "false",
            description = "Also fit probability outputs (LIBSVM -b 1): Platt's sigmoid on decision values from an internal "
                    + "stratified --probability-folds CV of --data (normalised one-vs-rest for 3+ classes); predict "
                    + "--probability then writes them. Classifiers only (default: off).")
    boolean probability;

    @Option(names = "--probability-folds", paramLabel = "K", defaultValue = "5",
            description = "Folds of the internal CV of --probability (default: ${DEFAULT-VALUE}, as LIBSVM).")
    int probabilityFolds = 5;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        ExampleFiles.Format f = input.format();
        Learner<?> l = CompareCommand.learner(learner.strip(), f.kind());
        if (l.input() != f.kind()) {
            throw new IllegalArgumentException("learner '" + l.name() + "' learns from " + l.input().label() + ", but "
                    + input.data + " holds " + f.kind().label() + " (" + f.cliName() + ")");
        }
        if (probability && l.task() != Task.CLASSIFICATION) {
            throw new IllegalArgumentException("--probability needs a classifier; learner '" + l.name() + "' is a "
                    + LearnersCommand.taskName(l) + " learner");
        }
        if (probabilityFolds < 2) {
            throw new IllegalArgumentException("--probability-folds must be >= 2, got " + probabilityFolds);
        }
        // every name and value is checked before the data are read
        ParamValues values = ParamValues.parse(l.name(), l.params(), ParamValues.assignments(params));
        Dataset<?> d = input.read(f, DENSE_LEARNERS.contains(l.name()));
        if (d.size() == 0) {
            throw new IllegalArgumentException(input.data + " holds no examples");
        }
        if (d.dim() == 0) {
            throw new IllegalArgumentException(input.data + " holds examples without features");
        }
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "train: %s on %d %s of %s (%d features%s)%s%n", l.name(), d.size(), d.kind().label(),
                CommandSupport.fileName(input.data), d.dim(), l.task() == Task.REGRESSION ? "" : ", " + d.classCount()
                        + " classes", values.isEmpty() ? ", default parameters" : ", " + String.join(" ",
                        values.asText().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
        err.flush();
        long pathMark = KernelRowPaths.mark();
        Fitted fitted = fit(l, d, values);
        FittedModel<?> m = fitted.model();

        PrintWriter out = spec.commandLine().getOut();
        Double trainingAccuracy = null;
        if (m instanceof Model<?> classifier) {
            PredictCommand.Predictions p = PredictCommand.predict(m, d);
            trainingAccuracy = p.accuracy();
            long distinct = p.names().stream().distinct().count();
            if (distinct == 1 && classifier.classNames().size() > 1 && l.task() == Task.CLASSIFICATION) {
                err.printf(Locale.ROOT, "train: warning: the model predicts the one class '%s' for every training "
                        + "example; its parameters do not suit these data (try another --param c=..., --scale standard, "
                        + "or compare --tune)%n", p.names().get(0));
                err.flush();
            }
        }
        Provenance provenance = provenance(values, d);
        Models.save(m, model, provenance);
        String report = m.report().converged() ? "converged" : "NOT converged (iteration cap)";
        out.printf(Locale.ROOT, "%s: %s trained in %s s, %d iterations, %s%s; model written to %s%n", l.name(),
                CommandSupport.fileName(input.data), CommandSupport.seconds(fitted.seconds()), m.report().iterations(), report,
                trainingAccuracy == null ? "" : ", training accuracy " + TablePrinter.percent(trainingAccuracy), model);
        out.flush();

        JsonSummary given = new JsonSummary();
        values.asText().forEach(given::put);
        JsonSummary js = new JsonSummary()
                .put("command", "train")
                .put("learner", l.name())
                .put("input", d.kind().label())
                .put("task", LearnersCommand.taskName(l))
                .put("data", input.data.toString())
                .put("data_sha256", provenance.dataSha256())
                .put("n", (long) d.size())
                .put("dim", (long) d.dim())
                .putList("classes", m instanceof Model<?> c ? c.classNames() : List.of())
                .put("params", given)
                .put("options", m.report().options())
                .put("scale", scale.cliName())
                .put("probability", probability)
                .put("seed", seed)
                .put("iterations", m.report().iterations())
                .put("converged", m.report().converged())
                .put("train_seconds", fitted.seconds())
                .putOptional("accuracy_mean", trainingAccuracy)
                .putOptional("accuracy_sd", trainingAccuracy == null ? null : 0.0)
                .put("accuracy_on", "training")
                .put("model", model.toString());
        CommandSupport.reportPaths(js, out, pathMark);
        out.flush();
        json.write(CommandSupport.putEnvironment(js));
        return Main.OK;
    }

    /** A fitted model (behind its scaler when --scale was given) and the seconds of the fit. */
    private record Fitted(FittedModel<?> model, double seconds) {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private <X> Fitted fit(Learner<X> l, Dataset<?> raw, ParamValues values) {
        Stopwatch clock = Stopwatch.start();
        Dataset<X> d = (Dataset<X>) raw;
        FittedScaler scaler = scale == FeatureScaling.NONE ? null : scale.fit(d);
        Dataset<X> training = scaler == null ? d : scaler.apply(d);
        Trainer<X, ? extends FittedModel<X>> trainer = l.trainer(training, seed, values);
        if (probability) {
            CalibratedModel<X> calibrated = Calibrated.trainer((Trainer<X, ? extends Model<X>>) trainer, probabilityFolds,
                    seed).fit(training);
            // the one order model files load: the calibration around the scaled model
            return new Fitted(scaler == null ? calibrated : new CalibratedModel<>(new ScaledModel<>(scaler,
                    calibrated.inner()), calibrated.sigmoids()), clock.elapsedSeconds());
        }
        FittedModel<X> fitted = trainer.fit(training);
        FittedModel<?> out = fitted;
        if (scaler != null) {
            if (fitted instanceof Model<X> c) {
                out = new ScaledModel<>(scaler, c);
            } else if (fitted instanceof RegressionModel<X> r) {
                out = new ScaledRegressionModel<>(scaler, r);
            } else {
                throw new IllegalArgumentException("learner '" + l.name() + "' gives a model --scale cannot wrap");
            }
        }
        return new Fitted(out, clock.elapsedSeconds());
    }

    /** The trained.* lines of the model file: the data, the learner, the given parameters and the run. */
    /**
     * The provenance block of the model file: the data (name, SHA-256, n, dim), the seed and the command line,
     * with the parameters given, the scaling and the calibration folds as further lines; {@link Models#save}
     * adds the versions, learner, type and time.
     */
    private Provenance provenance(ParamValues values, Dataset<?> d) throws IOException {
        Provenance p = Provenance.ofData(CommandSupport.fileName(input.data), FoldJournal.sha256(input.data), d.size(),
                        d.dim())
                .withSeed(seed)
                .withCommand("kernelkit " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        for (Map.Entry<String, String> e : values.asText().entrySet()) {
            p = p.with("param." + e.getKey(), e.getValue());
        }
        p = p.with("scale", scale.cliName());
        if (probability) {
            p = p.with("probability_folds", Integer.toString(probabilityFolds));
        }
        return p;
    }
}
