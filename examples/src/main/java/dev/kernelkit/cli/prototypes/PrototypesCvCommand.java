package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.CommandSupport;
import dev.kernelkit.cli.EngineRun;
import dev.kernelkit.cli.EvaluationJson;
import dev.kernelkit.cli.Journals;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit prototypes cv}: IMKPL on repeated stratified hold-out splits ({@link InnerCvTuning#selection}):
 * accuracy, IP, DR, kernels selected and training time per split and on average, the three prediction rules side by
 * side ({@link RuleComparison}); journalled after every split beside {@code --json} and continued by {@code --resume}
 * ({@link Journals}). With {@code --engine spark} every fit of the protocol is a Spark task ({@link Recipe}): the
 * same JSON but for the times, plus the engine's master, task count and longest fit.
 */
@Command(name = "cv", mixinStandardHelpOptions = true,
        description = "Repeated stratified train/test splits: accuracy, IP, DR, kernels selected, training time.")
final class PrototypesCvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Option(names = "--data", required = true, description = "Data (LIBSVM, labels 1..c).")
    Path data;
    @Option(names = "--splits", defaultValue = "10", description = "Number of random splits (default ${DEFAULT-VALUE}).")
    int splits;
    @Option(names = "--test-fraction", defaultValue = "0.3", description = "Test fraction (default ${DEFAULT-VALUE}).")
    double testFraction;
    @Mixin
    Options.Json json;
    @Mixin
    Options.Resume resume;
    @Mixin
    ImkplHyperOptions hyper;
    @Option(names = "--tune", paramLabel = "GRID",
            description = "Choose per split among candidates by inner CV on the training part only; candidates "
                    + "'key=value,...' separated by ';' (keys t, lambda, mu, tau, beta-step, ls-form, self-coding, "
                    + "kernel-cap, dis-form), each overriding the other options. The JSON lists the choice per split "
                    + "(tuned_choices).")
    String tune;
    @Option(names = "--inner-folds", paramLabel = "K", description = "Folds of the inner CV of --tune and of the "
            + "automatic choice of r and of the prediction rule (default: " + ImkplOptions.DEFAULT_INNER_FOLDS
            + " for the choice of r and of the rule, " + TUNE_FOLDS + " for --tune, the paper's; 5 for both before "
            + "2026-12-03).")
    Integer innerFolds;

    /** The folds of --tune's inner CV when --inner-folds is not given: the paper's 5-fold CV on the training part. */
    static final int TUNE_FOLDS = 5;

    /** The options of each fit: the hyper-parameters, with --inner-folds when given (else the options' default). */
    static ImkplOptions fitOptions(ImkplHyperOptions hyper, Integer innerFolds) {
        return innerFolds == null ? hyper.options() : hyper.options().withInnerFolds(innerFolds);
    }
    @Mixin
    PrototypesDataOptions fmt;

    @Mixin
    Options.Engine engine;

    @Mixin
    Options.SelectionMetric metric;

    /**
     * The protocol of {@code prototypes cv} in plain values ({@link SelectionRecipe}), so that a fit engine's
     * workers (Spark executors) build the same harness ({@link InnerCvTuning#selection}): {@code splits} stratified
     * hold-out splits seeded --seed, IMKPL with the options (and the inner CV of r and of the prediction rule inside
     * each fit), or with --tune the candidates chosen by inner CV on each training part.
     *
     * @param groups the feature groups of the data format (null: one kernel list over all features)
     * @param tune the --tune candidates as given, or null
     * @param metric what the inner CV of --tune maximises ({@link Options.SelectionMetric#maximising}; IMKPL's own
     *        inner choice of r and of the prediction rule inside each fit stays by accuracy)
     */
    record Recipe(ImkplHyperOptions hyper, PrototypesDataOptions fmt, int[][] groups, String tune, Integer innerFolds,
                  int splits, double testFraction, String metric) implements SelectionRecipe {
        private static final long serialVersionUID = 1L;

        @Override
        public String name() {
            return "prototypes cv";
        }

        /** The options of each fit; their inner CV of r and the rule runs --inner-folds folds, or the default. */
        ImkplOptions base() {
            return fitOptions(hyper, innerFolds);
        }

        /** The folds of --tune's inner CV. */
        int tuneFolds() {
            return innerFolds == null ? TUNE_FOLDS : innerFolds;
        }

        List<InnerCvTuning.Candidate> candidates() {
            return tune == null ? null : InnerCvTuning.parse(tune, base());
        }

        @Override
        @SuppressWarnings("unchecked")
        public <X> ModelSelection<X> selection() {
            long kseed = hyper.seed.seed();
            Function<ImkplOptions, Trainer<Vec, ImkplModel>> trainer = o -> Trainers.of(Imkpl.learnerName(o),
                    InputKind.VECTORS, Task.CLASSIFICATION, o, (d, listener) -> {
                        LabeledDataset tr = LabeledDataset.of(d);
                        return Imkpl.fit(tr, fmt.kernelsFor(tr, groups, kseed), o, listener);
                    });
            return (ModelSelection<X>) (ModelSelection<?>) Options.SelectionMetric.maximising(InnerCvTuning.selection(
                    Resampling.stratifiedHoldOut(1 - testFraction, splits, kseed), base(), candidates(), tuneFolds(), kseed,
                    trainer), metric);
        }
    }

    @Override
    public Integer call() throws IOException {
        engine.validate();
        if (innerFolds != null && innerFolds < 2) {
            throw new IllegalArgumentException("--inner-folds must be >= 2, got " + innerFolds);
        }
        ImkplOptions base = fitOptions(hyper, innerFolds);
        List<InnerCvTuning.Candidate> cands = tune == null ? null : InnerCvTuning.parse(tune, base);
        if (splits < 1) {
            throw new IllegalArgumentException("--splits must be >= 1, got " + splits);
        }
        if (!(testFraction > 0 && testFraction < 1)) {
            throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + testFraction);
        }
        PrototypesDataOptions.Input in = fmt.read(data);
        LabeledDataset all = in.data();
        PrintWriter out = spec.commandLine().getOut();
        MemoryEstimates.prototypes("prototypes cv", all, (int) Math.ceil(all.size() * (1 - testFraction)),
                in.groups() == null ? all.dim() : in.groups().length);
        RuleComparison rules = new RuleComparison(splits);
        metric.checkClasses(all.classCount(), data);
        Recipe recipe = new Recipe(hyper, fmt, in.groups(), tune, innerFolds, splits, testFraction, metric.name());
        ModelSelection<Vec> protocol = recipe.<Vec>selection().withListener(f -> {
                    int r = f.index();
                    if (cands != null) {
                        out.printf(Locale.ROOT, "split %d: inner CV %s %s -> %s%n", r + 1,
                                metric.isAccuracy() ? "accuracies" : metric.name(),
                                Arrays.toString(f.selection().searched().stream().mapToDouble(ScoredPoint::score)
                                        .toArray()), f.chosen().value(InnerCvTuning.CANDIDATE));
                    }
                    rules.add(f, out);
                    out.printf(Locale.ROOT, "split %d: accuracy %.4f  IP %.1f%%  DR %.1f%%  own-class code mass %.1f%%  "
                                    + "code size %.1f  kernels %d/%d  iterations %d  %.1f s%n",
                            r + 1, f.score(), 100 * f.measure(InnerCvTuning.IP), 100 * f.measure(InnerCvTuning.DR),
                            100 * f.measure(InnerCvTuning.OWN_CLASS), f.measure(InnerCvTuning.CODE_SIZE),
                            (int) f.measure(InnerCvTuning.KERNELS), (int) f.measure(InnerCvTuning.BASE_KERNELS),
                            (int) f.measure(InnerCvTuning.ITERATIONS), f.trainSeconds());
                    out.flush();
                });
        FoldJournal journal;
        EngineRun run;
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            journal = Journals.open(spec, json.file(), resume);
            run = EngineRun.run(fits, recipe, journal == null ? protocol : protocol.withJournal(journal, "cv"), all);
        }
        Evaluation e = run.evaluation();
        double[] acc = e.scores(), ip = e.measure(InnerCvTuning.IP), dr = e.measure(InnerCvTuning.DR);
        double[] sel = e.measure(InnerCvTuning.KERNELS), secs = e.trainSeconds();
        double[] own = e.measure(InnerCvTuning.OWN_CLASS), codeSize = e.measure(InnerCvTuning.CODE_SIZE);
        Summary accuracy = Summary.of(acc);
        double ipMean = Summary.of(ip).mean(), drMean = Summary.of(dr).mean();
        double selMean = Summary.of(sel).mean(), secsMean = Summary.of(secs).mean();
        double ownMean = Summary.of(own).mean(), codeSizeMean = Summary.of(codeSize).mean();
        out.printf(Locale.ROOT, "mean: accuracy %.4f ± %.4f  IP %.1f%%  DR %.1f%%  own-class code mass %.1f%%  "
                        + "code size %.1f  kernels %.1f  train %.1f s%n",
                accuracy.mean(), accuracy.sd(), 100 * ipMean, 100 * drMean, 100 * ownMean, codeSizeMean, selMean,
                secsMean);
        JsonSummary js = new JsonSummary()
                .put("accuracy_mean", accuracy.mean())
                .put("accuracy_sd", accuracy.sd())
                .put("ip_mean", ipMean)
                .put("dr_mean", drMean)
                .put("own_class_code_mass_mean", ownMean)
                .put("code_size_mean", codeSizeMean)
                .put("kernels_selected_mean", selMean)
                .put("train_seconds_mean", secsMean)
                .put("options", base.toString())
                .put("tuned", cands != null)
                .put("metric", metric.name())
                .putList("accuracy_per_split", acc);
        if (cands != null) {
            js.putList("tuned_choices", e.chosen().stream().map(p -> (String) p.value(InnerCvTuning.CANDIDATE)).toList());
        }
        rules.summarise(out, js);
        metric.print(out, e);
        run.print(out);
        json.write(CommandSupport.putEnvironment(EvaluationJson.into(run.into(js.put("command", "prototypes cv")), e)));
        Journals.finish(journal);
        return 0;
    }
}
