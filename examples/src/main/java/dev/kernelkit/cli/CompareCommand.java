package dev.kernelkit.cli;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.CatalogRecipe;
import dev.kernelkit.eval.CatalogSelection;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.PairedComparison;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Task;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit compare}: any learners of the catalog ({@link Learners}) on the same outer splits
 * of one data file, each run by the shared harness ({@link ModelSelection}) with its catalog defaults
 * or, with {@code --tune}, its catalog grid tuned by an inner stratified k-fold on every training part;
 * the paired differences to the first learner carry the corrected repeated-CV standard error
 * ({@link PairedComparison}, Nadeau and Bengio 2003). With {@code --json F}, every finished (learner, outer
 * split) is journalled in {@code F.journal} (one section per learner) and {@code --resume} continues a killed
 * run to the JSON of an uninterrupted one ({@link Journals}). With {@code --engine spark} the fits run as Spark
 * tasks ({@link Options.Engine}, {@link dev.kernelkit.eval.FitEngines}): the same JSON but for the times, plus the
 * engine's master, task and fit counts, longest fit and summed fit seconds.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare learners of the catalog on the same splits of --data: accuracy mean ± sd over the "
                + "outer splits, sd of the repeat means, the paired difference to the FIRST learner with its corrected "
                + "standard error sd sqrt(1/J + n_test/n_train), train and predict seconds per split.",
                "Learners (exact catalog names; a unique match ignoring case and '-' is accepted): vectors: svm, "
                + "l2-svm, cvm, bvm, sm1, sm2, lp, simple, ave, imkpl, iskpl; bags: sparse-mi, mikernel, rs, rsvm, "
                + "mi-SVM, MI-SVM, miles, cccp, cvm, bvm, svm, l2-svm (on bag data cvm, bvm, svm and l2-svm are the "
                + "learners bag-cvm, bag-bvm, bag-svm and bag-l2-svm: the set kernel over bags).",
                "Without --tune (the default, for speed) every learner fits with its catalog defaults computed on each "
                + "training part; --tune searches its catalog grid by inner stratified --inner-folds CV on each "
                + "training part (inner splits of outer split s seeded S + 1000 (s + 1)).",
                "With --json FILE every finished split of every learner is journalled in FILE.journal (removed once the "
                + "JSON is written); --resume continues a killed run from it to the JSON of an uninterrupted one."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.LabelledData input;

    @Option(names = "--learners", required = true, paramLabel = "LIST", split = ",",
            description = "Comma-separated catalog names; the first is the reference of the paired differences.")
    List<String> learners;

    @Option(names = "--folds", paramLabel = "K", description = "Stratified K-fold outer CV (default: 10 unless --splits).")
    Integer folds;

    @Option(names = "--splits", paramLabel = "S", description = "S stratified random hold-out splits instead of K-fold.")
    Integer splits;

    @Option(names = "--test-fraction", paramLabel = "P",
            description = "With --splits: the fraction of each class held out for testing (default 0.3).")
    Double testFraction;

    @Option(names = "--repeats", paramLabel = "R", defaultValue = "1",
            description = "Repeats of the K-fold CV, repeat r seeded S + r (default: ${DEFAULT-VALUE}; with --splits every "
                    + "split is a repeat of its own).")
    int repeats = 1;

    @Option(names = "--seed", required = true, paramLabel = "S",
            description = "Seed of the outer splits, the inner splits and every learner's randomness.")
    long seed;

    @Option(names = "--tune", negatable = true, defaultValue = "false",
            description = "Tune each learner's catalog grid by inner CV on every training part (default: off, catalog "
                    + "defaults).")
    boolean tune;

    @Option(names = {"--param", "-p"}, paramLabel = "LEARNER.NAME=VALUE",
            description = "A parameter of one learner, e.g. --param ave.c=100 (repeatable; names as in `kernelkit "
                    + "learners`; with one learner the prefix may be left out). Not with --tune for the same learner.")
    List<String> params = new ArrayList<>();

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "accuracy",
            description = "What --tune's inner CV maximises and what the paired differences compare: accuracy, "
                    + "balanced-accuracy, f1 (macro F1) or auc (two classes) (default: ${DEFAULT-VALUE}). Every metric is "
                    + "reported either way.")
    String metric = "accuracy";

    @Option(names = "--inner-folds", paramLabel = "K", defaultValue = "3",
            description = "Folds of the inner CV of --tune (default: ${DEFAULT-VALUE}).")
    int innerFolds = 3;

    @Option(names = "--scale", paramLabel = "SCALING", converter = CliEnums.ScalingConverter.class, defaultValue = "none",
            description = "Feature scaling fitted on every training part only and applied to both parts: none, standard, "
                    + "minmax or log1p-minmax (default: ${DEFAULT-VALUE}).")
    FeatureScaling scale = FeatureScaling.NONE;

    @Mixin
    Options.Json json;

    @Mixin
    Options.Resume resume;

    @Mixin
    Options.Engine engine;

    /**
     * The catalog learner a command-line name means: the exact name, else the one learner whose name
     * equals it ignoring case and hyphens.
     *
     * @throws IllegalArgumentException for an unknown or ambiguous name, listing the catalog
     */
    public static Learner<?> learner(String name) {
        return learner(name, null);
    }

    /**
     * The catalog learner a command-line name means on data of one kind (null: any): the learner of that
     * kind with that exact name or alias ({@code cvm} and {@code svm} on bags are {@code bag-cvm} and
     * {@code bag-svm}, {@link Learners#find(String, InputKind)}), else the exact name of another kind
     * (refused by the caller with what it learns from), else the one learner whose name or alias equals it
     * ignoring case and hyphens, preferring the data's kind.
     *
     * @throws IllegalArgumentException for an unknown or ambiguous name, listing the catalog
     */
    public static Learner<?> learner(String name, InputKind kind) {
        List<Learner<?>> all = Learners.all();
        if (kind != null) {
            for (Learner<?> l : all) {
                if (l.input() == kind && (l.name().equals(name) || l.aliases().contains(name))) {
                    return l;
                }
            }
        }
        for (Learner<?> l : all) {
            if (l.name().equals(name)) {
                return l;
            }
        }
        List<Learner<?>> loose = all.stream().filter(l -> loose(l.name()).equals(loose(name))
                || l.aliases().stream().anyMatch(a -> loose(a).equals(loose(name)))).toList();
        if (kind != null && loose.size() > 1) {
            List<Learner<?>> ofKind = loose.stream().filter(l -> l.input() == kind).toList();
            loose = ofKind.isEmpty() ? loose : ofKind;
        }
        if (loose.size() == 1) {
            return loose.get(0);
        }
        String known = all.stream().map(Learner::name).collect(Collectors.joining(", "));
        if (loose.size() > 1) {
            throw new IllegalArgumentException("--learners: '" + name + "' is ambiguous: "
                    + loose.stream().map(Learner::name).collect(Collectors.joining(" or ")) + " (names are case-sensitive)");
        }
        throw new IllegalArgumentException("--learners: unknown learner '" + name + "'; known: " + known);
    }

    private static String loose(String name) {
        return name.toLowerCase(Locale.ROOT).replace("-", "");
    }

    /**
     * The --param values of each chosen learner: {@code LEARNER.NAME=VALUE}, the learner named as in
     * --learners; with one learner {@code NAME=VALUE} is enough.
     *
     * @throws IllegalArgumentException for a learner not in --learners, or a name or value the learner refuses
     */
    Map<Learner<?>, ParamValues> paramValues(List<Learner<?>> chosen, InputKind kind) {
        Map<Learner<?>, Map<String, String>> text = new LinkedHashMap<>();
        for (Learner<?> l : chosen) {
            text.put(l, new LinkedHashMap<>());
        }
        for (Map.Entry<String, String> e : ParamValues.assignments(params).entrySet()) {
            String key = e.getKey();
            int dot = key.lastIndexOf('.');
            Learner<?> l;
            if (dot < 0) {
                if (chosen.size() != 1) {
                    throw new IllegalArgumentException("--param " + key + "=" + e.getValue() + ": say which learner, e.g. "
                            + "--param " + chosen.get(0).name() + "." + key + "=" + e.getValue());
                }
                l = chosen.get(0);
            } else {
                Learner<?> named = learner(key.substring(0, dot), kind);
                if (!chosen.contains(named)) {
                    throw new IllegalArgumentException("--param " + key + "=" + e.getValue() + ": learner '" + named.name()
                            + "' is not in --learners");
                }
                l = named;
            }
            text.get(l).put(dot < 0 ? key : key.substring(dot + 1), e.getValue());
        }
        Map<Learner<?>, ParamValues> out = new LinkedHashMap<>();
        for (Learner<?> l : chosen) {
            ParamValues v = ParamValues.parse(l.name(), l.params(), text.get(l));
            if (tune) {
                l.checkGridCanHold(v);  // e.g. svm.class-weight=balanced is held while C and gamma are searched
            }
            out.put(l, v);
        }
        return out;
    }

    /**
     * "chose grid point 7 of 20 (inner score 91.20%)": the chosen point by its place in the learner's grid, and
     * its score averaged over the inner splits (the JSON's {@code chosen} gives its options in full).
     */
    static String chosenText(dev.kernelkit.eval.Selection selection) {
        List<dev.kernelkit.eval.ScoredPoint> searched = selection.searched();
        int at = -1;
        for (int i = 0; i < searched.size() && at < 0; i++) {
            if (searched.get(i).point().equals(selection.chosen())) {
                at = i;
            }
        }
        if (at < 0 || searched.size() < 2) {
            return "one grid point";
        }
        double[] inner = searched.get(at).splitScores();
        return String.format(Locale.ROOT, "chose grid point %d of %d (inner score %s)", at + 1, searched.size(),
                inner.length == 0 ? "-" : TablePrinter.percent(java.util.Arrays.stream(inner).average().orElse(0)));
    }

    /** A table cell of an optional metric: the value times {@code factor}, or "-" when it does not exist. */
    private static String cell(Object value, double factor, int decimals) {
        return value instanceof Double d ? TablePrinter.fixed(factor * d, decimals) : "-";
    }

    /** The outer splitting of the options. */
    Resampling resampling() {
        if (repeats < 1) {
            throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
        }
        if (splits != null) {
            if (folds != null) {
                throw new IllegalArgumentException("give either --folds K or --splits S, not both (got --folds " + folds
                        + " and --splits " + splits + ")");
            }
            if (repeats != 1) {
                throw new IllegalArgumentException("--repeats applies to --folds; with --splits every split is a repeat"
                        + " (give --splits " + splits * (long) repeats + " instead of --repeats " + repeats + ")");
            }
            if (splits < 1) {
                throw new IllegalArgumentException("--splits must be >= 1, got " + splits);
            }
            double p = testFraction == null ? 0.3 : testFraction;
            if (!(p > 0 && p < 1)) {
                throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + p);
            }
            return Resampling.stratifiedHoldOut(1 - p, splits, seed);
        }
        if (testFraction != null) {
            throw new IllegalArgumentException("--test-fraction needs --splits S (hold-out splits)");
        }
        int k = folds == null ? 10 : folds;
        if (k < 2) {
            throw new IllegalArgumentException("--folds must be >= 2, got " + k);
        }
        return Resampling.stratifiedKFold(k, repeats, seed);
    }

    /**
     * The harness run of one learner as compare configures it: catalog defaults on every (scaled)
     * training part, or with {@code tune} its catalog grid searched by inner stratified
     * {@code innerFolds}-fold CV seeded {@code seed + 1000 (s + 1)} on outer split s.
     */
    public static <X> ModelSelection<X> selection(Learner<X> learner, Resampling outer, long seed, boolean tune,
                                                  int innerFolds, FeatureScaling scale) {
        return selection(learner, ParamValues.NONE, "accuracy", outer, seed, tune, innerFolds, scale);
    }

    /**
     * As {@link #selection(Learner, Resampling, long, boolean, int, FeatureScaling)}, the learner fitted with
     * the given parameter values (their defaults for the others) when not tuned, scored by a metric by name
     * ({@link CatalogSelection}: the one definition the Spark engine's executors rebuild too).
     *
     * @throws IllegalArgumentException when values are given with {@code tune} (the grid sets them)
     */
    public static <X> ModelSelection<X> selection(Learner<X> learner, ParamValues values, String metric,
                                                  Resampling outer, long seed, boolean tune, int innerFolds,
                                                  FeatureScaling scale) {
        return CatalogSelection.of(learner, values, metric, outer, seed, tune, innerFolds, scale);
    }

    @Override
    public Integer call() throws Exception {
        engine.validate();
        Options.checkReadable("--data", input.file());
        if (innerFolds < 2) {
            throw new IllegalArgumentException("--inner-folds must be >= 2, got " + innerFolds);
        }
        Resampling outer = resampling();
        try {
            Metric.named(metric);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--metric: " + e.getMessage(), e);
        }
        ExampleFiles.Format f = input.format();
        // Every name and kind is checked before the data are read and anything runs.
        List<Learner<?>> chosen = new ArrayList<>();
        for (String name : learners) {
            Learner<?> l = learner(name.strip(), f.kind());
            if (chosen.contains(l)) {
                throw new IllegalArgumentException("--learners lists '" + l.name() + "' twice");
            }
            if (l.input() != f.kind()) {
                throw new IllegalArgumentException("learner '" + l.name() + "' learns from " + l.input().label() + ", but "
                        + input.data + " holds " + f.kind().label() + " (" + f.cliName() + ")");
            }
            if (l.task() != Task.CLASSIFICATION) {
                throw new IllegalArgumentException("learner '" + l.name() + "' is a " + l.task().name().toLowerCase(Locale.ROOT)
                        .replace('_', '-') + " learner; compare scores classifiers by accuracy");
            }
            chosen.add(l);
        }
        Map<Learner<?>, ParamValues> values = paramValues(chosen, f.kind());
        Dataset<?> d = input.read(f, false);
        if (d.size() == 0) {
            throw new IllegalArgumentException(input.data + " holds no examples");
        }
        outer.splits(d); // a split the data cannot take fails here, before any fit
        Map<String, Evaluation> runs = new LinkedHashMap<>();
        String engineName;
        String master;
        Optional<CatalogEngine.Usage> usage;
        FoldJournal journal;
        PrintWriter err = spec.commandLine().getErr();
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            // one journal section per learner: a killed run keeps every (learner, split) it finished; a journal of
            // other arguments is refused here, before any output
            journal = Journals.open(spec, json.file(), resume);
            err.printf(Locale.ROOT, "compare: %d %s of %s, %d classes; %s; %s%n", d.size(), d.kind().label(),
                    CommandSupport.fileName(input.data), d.classCount(), outer, tune ? "each learner's catalog grid tuned by "
                            + "inner " + innerFolds + "-fold CV" : "catalog defaults (no tuning)");
            err.flush();
            for (Learner<?> l : chosen) {
                runs.put(l.name(), run(fits, recipe(l, values.get(l), f.kind()), d, outer, journal, err));
            }
            engineName = fits.name();
            master = fits.master().orElse(null);
            usage = fits.usage();
        }
        Evaluation reference = runs.values().iterator().next();
        String referenceName = chosen.get(0).name();

        boolean byAccuracy = metric.equals("accuracy");
        String metricHeader = byAccuracy ? "" : metric + " %";
        TablePrinter table = new TablePrinter().textColumn("learner").numberColumn("accuracy %");
        if (!byAccuracy) {
            table.numberColumn(metricHeader);
        }
        table.numberColumn("sd repeats").numberColumn("diff to " + referenceName).numberColumn("corrected se")
                .numberColumn("bal. acc %").numberColumn("macro F1").numberColumn("AUC").numberColumn("train s")
                .numberColumn("predict s");
        JsonSummary learnersJson = new JsonSummary();
        for (Map.Entry<String, Evaluation> e : runs.entrySet()) {
            Evaluation ev = e.getValue();
            Summary acc = Summary.of(EvaluationJson.accuracies(ev));
            Summary score = ev.summary();
            PairedComparison pc = PairedComparison.of(ev, reference);
            Map<String, Object> cm = ev.classificationMetrics();
            List<String> row = new ArrayList<>();
            row.add(e.getKey());
            row.add(TablePrinter.fixed(100 * acc.mean(), 2) + " ± " + TablePrinter.fixed(100 * acc.sd(), 2));
            if (!byAccuracy) {
                row.add(TablePrinter.fixed(100 * score.mean(), 2) + " ± " + TablePrinter.fixed(100 * score.sd(), 2));
            }
            row.add(TablePrinter.fixed(100 * ev.repeatSummary().sd(), 2));
            row.add(String.format(Locale.ROOT, "%+.2f", 100 * pc.difference().mean()));
            row.add(TablePrinter.fixed(100 * pc.correctedStandardError(), 2));
            row.add(cell(cm.get("balanced_accuracy_mean"), 100, 2));
            row.add(cell(cm.get("macro_f1_mean"), 1, 4));
            row.add(cell(cm.get("auc_mean"), 1, 4));
            row.add(CommandSupport.seconds(Summary.of(ev.trainSeconds()).mean()));
            row.add(CommandSupport.seconds(Summary.of(ev.predictSeconds()).mean()));
            table.row(row.toArray(String[]::new));
            JsonSummary j = EvaluationJson.of(ev)
                    .put(metric.replace('-', '_') + "_mean", score.mean())
                    .put("paired_difference", pc.difference().mean())
                    .put("paired_se", pc.correctedStandardError());
            if (tune) {
                j.putList("chosen", ev.chosen().stream().map(String::valueOf).toList());
            } else {
                j.putNull("chosen");
            }
            JsonSummary given = new JsonSummary();
            chosen.stream().filter(l -> l.name().equals(e.getKey())).findFirst()
                    .ifPresent(l -> values.get(l).asText().forEach(given::put));
            j.put("params", given);
            learnersJson.put(e.getKey(), j);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(outer + "; paired differences" + (byAccuracy ? "" : " of " + metric) + " and corrected standard errors "
                + "in points against " + referenceName);
        table.print(out);
        EngineRun ran = new EngineRun(null, engineName, master, usage);
        ran.print(out);

        JsonSummary splitsJson = new JsonSummary()
                .put("resampling", outer.toString())
                .put("kind", outer.isKFold() ? "stratified-k-fold" : "stratified-hold-out")
                .putOptional("folds", outer.isKFold() ? (double) outer.splitsPerRepeat() : null)
                .putOptional("test_fraction", outer.isKFold() ? null : testFraction == null ? 0.3 : testFraction)
                .put("repeats", (long) outer.repeats())
                .put("count", (long) outer.size())
                .put("seed", seed);
        JsonSummary js = new JsonSummary()
                .put("command", "compare")
                .put("data", input.data.toString())
                .put("input", d.kind().label())
                .put("n", (long) d.size())
                .put("reference", referenceName)
                .put("metric", metric)
                .put("tune", tune)
                .putOptional("inner_folds", tune ? (double) innerFolds : null)
                .put("scale", scale.cliName());
        ran.into(js);
        js.put("learners", learnersJson).put("splits", splitsJson);
        json.write(CommandSupport.putEnvironment(js));
        Journals.finish(journal);
        return Main.OK;
    }

    /**
     * The run of one learner as plain values: its {@link CatalogRecipe#selection()} is the harness of
     * {@link #selection}, and what a remote engine's workers rebuild.
     */
    private CatalogRecipe recipe(Learner<?> learner, ParamValues values, InputKind kind) {
        Resampling outer = resampling();
        return outer.isKFold()
                ? CatalogRecipe.kFold(learner.name(), kind, outer.splitsPerRepeat(), outer.repeats(), seed, tune,
                        innerFolds, scale, values.asText(), metric)
                : CatalogRecipe.holdOut(learner.name(), kind, outer.size(), testFraction == null ? 0.3 : testFraction,
                        seed, tune, innerFolds, scale, values.asText(), metric);
    }

    @SuppressWarnings("unchecked")
    private <X> Evaluation run(CatalogEngine fits, CatalogRecipe recipe, Dataset<?> d, Resampling outer,
                               FoldJournal journal, PrintWriter err) {
        int total = outer.size();
        String name = recipe.learner();
        ModelSelection<X> ms = recipe.<X>selection().withListener(fold -> {
            synchronized (err) {
                err.printf(Locale.ROOT, "compare: %s split %d/%d: %s %s (train %s s, predict %s s%s)%n",
                        name, fold.index() + 1, total, metric, TablePrinter.percent(fold.score()),
                        CommandSupport.seconds(fold.trainSeconds()), CommandSupport.seconds(fold.predictSeconds()),
                        tune ? ", tune " + CommandSupport.seconds(fold.tuneSeconds()) + " s, " + chosenText(fold.selection()) : "");
                err.flush();
            }
        });
        return fits.run(recipe, journal == null ? ms : ms.withJournal(journal, name), (Dataset<X>) d);
    }
}
