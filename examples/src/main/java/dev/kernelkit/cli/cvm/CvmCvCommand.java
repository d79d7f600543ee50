package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.CommandSupport;
import dev.kernelkit.cli.EngineRun;
import dev.kernelkit.cli.EvaluationJson;
import dev.kernelkit.cli.Journals;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.Measure;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit cvm cv}: repeated k-fold cross-validation of a core vector machine on the shared
 * harness ({@link ModelSelection}): stratified k-fold for classification and one-class (repeat r seeded
 * S + r), plain k-fold for cvr (a seeded permutation, fold f the positions i mod k = f). Each fold fits
 * the --scale scaler on its training part, trains with the fixed parameters and scores its test part:
 * accuracy (one-class: inlier for label +1, outlier for -1) or the mean squared error. On bags (CSV bags,
 * multi-instance ARFF) cvm, bvm and one-class train on the set kernel over bags. With {@code --json F},
 * every finished fold is journalled in {@code F.journal} and {@code --resume} continues a killed run
 * ({@link Journals}). With {@code --engine spark} every fold's fit is a Spark task ({@link Recipe}): the same
 * JSON but for the times, plus the engine's master, task count and longest fit.
 */
@Command(name = "cv", mixinStandardHelpOptions = true, sortOptions = false,
        description = "k-fold cross-validation of a core vector machine on --data (points, or bags with the set kernel).")
final class CvmCvCommand implements Callable<Integer> {
    /** The measures of every fold. */
    static final String CORE_VECTORS = "core_vectors";
    static final String FIT_SECONDS = "fit_seconds";
    static final String GAMMA_SECONDS = "gamma_seconds";
    static final String SCALE_SECONDS = "scale_seconds";

    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;

    @Option(names = "--data", required = true, paramLabel = "FILE",
            description = "Data: LIBSVM (or ARFF) points, or bags (CSV bags, multi-instance ARFF).")
    Path data;

    @Option(names = "--folds", paramLabel = "K", defaultValue = "5", description = "Folds (default ${DEFAULT-VALUE}).")
    int folds = 5;

    @Option(names = "--repeats", paramLabel = "R", defaultValue = "1",
            description = "Repeats of the k-fold split, repeat r seeded --seed + r (default ${DEFAULT-VALUE}).")
    int repeats = 1;

    @Mixin
    CvmCli.Parameters parameters;

    @Mixin
    KernelFrom kernelFrom;

    @Mixin
    Options.Json json;

    @Mixin
    Options.Resume resume;

    @Mixin
    Options.SelectionMetric metric;

    /**
     * A fold's model for the harness: how it scores a test part, its core vectors, where the time went,
     * the fit report and the fitted model (behind its scaler).
     */
    record FoldModel<X>(ToDoubleFunction<Dataset<X>> scorer, int coreVectors, double fitSeconds, double gammaSeconds,
                        double scaleSeconds, FitReport report, InputKind input, int dim, FittedModel<X> model)
            implements FittedModel<X> {
    }

    @Mixin
    Options.Engine engine;

    /**
     * The protocol of {@code cvm cv} in plain values ({@link SelectionRecipe}), so that a fit engine's workers
     * (Spark executors) build the same harness: the outer k-fold (stratified; plain for cvr) of --folds and
     * --repeats seeded --seed, on each training part the catalog learner of --method fitted with the options
     * ({@link CvmCli#fit}), its test part scored by accuracy (one-class: inlier for +1) or the mean squared
     * error, and the fold measures (core vectors and where the fit's time went).
     *
     * @param parameters the cvm options (the core-set cap of the memory estimate applied)
     * @param kernelFrom the --kernel-from option when given (this machine only), else null
     * @param data the data file, for messages
     * @param metric a classification metric other than accuracy to measure on every test part (there is no inner
     *        CV to maximise it: the parameters are fixed), or accuracy for none
     */
    record Recipe(CvmCli.Parameters parameters, InputKind kind, int folds, int repeats, KernelFrom kernelFrom,
                  String data, String metric) implements SelectionRecipe {
        private static final long serialVersionUID = 1L;

        @Override
        public String name() {
            return "cvm cv --method " + parameters.method;
        }

        boolean regression() {
            return parameters.method() == CvmCli.Method.CVR;
        }

        Resampling outer() {
            return regression() ? Resampling.kFold(folds, repeats, parameters.seed)
                    : Resampling.stratifiedKFold(folds, repeats, parameters.seed);
        }

        private Task task() {
            return switch (parameters.method()) {
                case CVR -> Task.REGRESSION;
                case ONE_CLASS -> Task.ONE_CLASS;
                default -> Task.CLASSIFICATION;
            };
        }

        /** The parameters of the folds' fits, for the fit reports' learner line. */
        private String describe() {
            return "method=" + parameters.method + ", mode=" + parameters.mode + ", seed=" + parameters.seed;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <X> ModelSelection<X> selection() {
            Trainer<X, FoldModel<X>> trainer;
            if (kind == InputKind.BAGS) {
                trainer = (Trainer<X, FoldModel<X>>) (Trainer<?, ?>) Trainers.<Bag, FoldModel<Bag>>of("cvm cv",
                        InputKind.BAGS, task(), describe(), (part, l) -> {
                            CvmCli.Fit<Bag> t = CvmCli.fit(parameters, BagDataset.of(part));
                            return new FoldModel<>(test -> CvmCli.accuracy(t.model(), BagDataset.of(test), "a test part"),
                                    t.coreVectors(), t.fitSeconds(), t.gammaSeconds(), t.scaleSeconds(),
                                    t.inner().report(), InputKind.BAGS, part.dim(), t.model());
                        });
            } else {
                trainer = (Trainer<X, FoldModel<X>>) (Trainer<?, ?>) Trainers.<Vec, FoldModel<Vec>>of("cvm cv",
                        InputKind.VECTORS, task(), describe(), (part, l) -> {
                            LabeledDataset tr = LabeledDataset.of(part);
                            KernelFrom.Prepared learned = kernelFrom != null ? kernelFrom.prepare(tr, "--data " + data)
                                    : null;
                            CvmCli.Fit<Vec> timed = CvmCli.fit(parameters, tr, learned);
                            FittedModel<Vec> t = timed.model();
                            return new FoldModel<>(test -> CvmCli.score(t, LabeledDataset.of(test)),
                                    timed.coreVectors(), timed.fitSeconds(), timed.gammaSeconds(), timed.scaleSeconds(),
                                    t.report(), InputKind.VECTORS, part.dim(), t);
                        });
            }
            String what = regression() ? "mse" : "accuracy";
            Metric<X> score = Metric.of(what, !regression(),
                    (m, test) -> ((FoldModel<X>) m).scorer().applyAsDouble(test));
            List<Measure<X>> measures = new java.util.ArrayList<>(List.of(
                    new Measure<X>(CORE_VECTORS, (m, test) -> ((FoldModel<X>) m).coreVectors()),
                    new Measure<X>(FIT_SECONDS, (m, test) -> ((FoldModel<X>) m).fitSeconds()),
                    new Measure<X>(GAMMA_SECONDS, (m, test) -> ((FoldModel<X>) m).gammaSeconds()),
                    new Measure<X>(SCALE_SECONDS, (m, test) -> ((FoldModel<X>) m).scaleSeconds())));
            if (!metric.equals(Metric.ACCURACY)) {
                Metric<X> named = Metric.named(metric);
                measures.add(new Measure<X>(metric, (m, test) -> named.score(((FoldModel<X>) m).model(), test)));
            }
            return ModelSelection.crossValidation(outer(), trainer)
                    .withMetric(score)
                    .withThreads(1)
                    .withMeasures(measures);
        }
    }

    @Override
    public Integer call() throws Exception {
        engine.validate();
        if (folds < 2) {
            throw new IllegalArgumentException("--folds must be >= 2, got " + folds);
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
        }
        if (engine.spark() && kernelFrom.given()) {
            throw new IllegalArgumentException("--kernel-from runs on this machine only: give --engine local");
        }
        Dataset<?> examples = CvmCli.readExamples(data, "--data", parameters.format,
                kernelFrom.given() ? kernelFrom.load().dim() : -1);
        parameters.checkKind(examples.kind(), data);
        if (!metric.isAccuracy() && (parameters.method() == CvmCli.Method.CVR
                || parameters.method() == CvmCli.Method.ONE_CLASS)) {
            throw new IllegalArgumentException("--metric " + metric.name() + " scores classifiers; --method "
                    + parameters.method + " is scored by " + (parameters.method() == CvmCli.Method.CVR
                    ? "the mean squared error" : "accuracy (inlier for +1)") + ": give --metric accuracy");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (examples.kind() == InputKind.BAGS) {
            if (kernelFrom.given()) {
                throw new IllegalArgumentException("--kernel-from uses a kernel learned on points, but " + data
                        + " holds bags; on bags give --gamma (the set kernel's instance Gaussian) and --set-kernel");
            }
            BagDataset d = (BagDataset) examples;
            parameters.apply(MemoryEstimates.bagCvm("cvm cv", d, parameters.cacheMb, parameters.maxCore),
                    spec.commandLine().getErr(), d.size());
            parameters.values(InputKind.BAGS, false); // bad values fail here, before anything runs
            metric.checkClasses(d.classCount(), data);
            return run(d, new Recipe(parameters, InputKind.BAGS, folds, repeats, null, data.toString(), metric.name()),
                    out);
        }
        kernelFrom.checkAlone(parameters.gamma == null ? null : "--gamma " + parameters.gamma, parameters.scale);
        LabeledDataset d = (LabeledDataset) examples;
        parameters.apply(MemoryEstimates.cvm("cvm cv", d, parameters.cacheMb, parameters.maxCore),
                spec.commandLine().getErr(), d.size());
        parameters.values(InputKind.VECTORS, kernelFrom.given());
        metric.checkClasses(d.classCount(), data);
        Recipe recipe = new Recipe(parameters, InputKind.VECTORS, folds, repeats, kernelFrom.given() ? kernelFrom : null,
                data.toString(), metric.name());
        List<Splits.Split> splits = splits(recipe.outer(), d);
        if (kernelFrom.given()) {
            kernelFrom.describe(out, kernelFrom.prepare(d.subset(splits.get(0).train()), "--data " + data));
        }
        return run(d, recipe, out);
    }

    private List<Splits.Split> splits(Resampling outer, Dataset<?> d) {
        try {
            return outer.splits(d);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--folds " + folds + ": " + e.getMessage(), e);
        }
    }

    private <X> int run(Dataset<X> d, Recipe recipe, PrintWriter out) throws Exception {
        boolean regression = recipe.regression();
        List<Splits.Split> splits = splits(recipe.outer(), d);
        String what = regression ? "mse" : "accuracy";
        ModelSelection<X> protocol = recipe.<X>selection()
                .withListener(f -> {
                    String fold = repeats == 1 ? Integer.toString(f.index() + 1) : (f.repeat() + 1) + "." + (f.fold() + 1);
                    out.printf("fold %s: %s %.6f, %d core vectors%n", fold, what, f.score(),
                            Math.round(f.measure(CORE_VECTORS)));
                    out.flush();
                });
        FoldJournal journal;
        EngineRun run;
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            journal = Journals.open(spec, json.file(), resume);
            if (journal != null) {
                protocol = protocol.withJournal(journal, "cv");
            }
            run = EngineRun.run(fits, recipe, protocol, d);
        }
        Evaluation r = run.evaluation();
        List<OuterFold> done = r.folds();
        double seconds = 0;
        double gammaSeconds = 0;
        double scaleSeconds = 0;
        double scoreSeconds = 0;
        double cores = 0;
        for (OuterFold f : done) {
            seconds += f.measure(FIT_SECONDS);
            gammaSeconds += f.measure(GAMMA_SECONDS);
            scaleSeconds += f.measure(SCALE_SECONDS);
            scoreSeconds += f.predictSeconds();
            cores += f.measure(CORE_VECTORS);
        }
        Summary s = r.summary();
        out.printf(Locale.ROOT, "mean %s %.6f over %d folds (%s mode); %.3f s training in total%n", what, s.mean(),
                splits.size(), parameters.mode, seconds);
        out.printf(Locale.ROOT, "not in the training time: %sscoring the held-out folds (%.3f s)%n",
                CvmCli.preparationText(scaleSeconds, gammaSeconds), scoreSeconds);
        if (!metric.isAccuracy()) {
            Summary m = Summary.of(r.measure(metric.name()));
            out.printf(Locale.ROOT, "mean %s %.6f ± %.6f over the test folds (fixed parameters: no inner CV to maximise it)%n",
                    metric.name(), m.mean(), m.sd());
        }
        run.print(out);
        JsonSummary summary = new JsonSummary().put("command", "cvm cv").put("method", parameters.method)
                .put("input", d.kind().label())
                .put("scale", parameters.scale.cliName())
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put(what, s.mean()).put(what + "_sd", s.sd()).put(what + "_sd_over_repeats", r.repeatSummary().sd())
                .put("core_vectors", cores / splits.size())
                .put("train_seconds", seconds).put("folds", (long) folds).put("repeats", (long) repeats)
                .put("seed", parameters.seed).put("max_core", (long) parameters.maxCore())
                .putList("fold_" + (regression ? "mse" : "accuracies"), r.scores())
                .putList("fold_core_vectors", r.measure(CORE_VECTORS))
                .put("metric", metric.name());
        if (!metric.isAccuracy()) {
            // the models keep no predictions for the harness: the metric of --metric measured on every test part
            Summary m = Summary.of(r.measure(metric.name()));
            String key = Options.SelectionMetric.meanKey(metric.name());
            summary.put(key, m.mean()).put(key.replace("_mean", "_sd"), m.sd());
        }
        // the keys every evaluating command writes (train_seconds above stays the total of the fits alone)
        if (regression) {
            double[] train = r.trainSeconds();
            summary.put("train_seconds_mean", Summary.of(train).mean())
                    .put("train_seconds_total", java.util.Arrays.stream(train).sum());
        } else {
            EvaluationJson.into(summary, r);
        }
        json.write(CommandSupport.putEnvironment(run.into(summary)));
        Journals.finish(journal);
        return 0;
    }
}
