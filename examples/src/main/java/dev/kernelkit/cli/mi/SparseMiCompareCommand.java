package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.CommandSupport;
import dev.kernelkit.cli.EngineRun;
import dev.kernelkit.cli.EvaluationJson;
import dev.kernelkit.cli.Journals;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mi.MiCccp;
import dev.kernelkit.mi.MiCccpOptions;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.MiSvm;
import dev.kernelkit.mi.MiSvmOptions;
import dev.kernelkit.mi.Miles;
import dev.kernelkit.mi.MilesOptions;
import dev.kernelkit.mi.RandomSparseSvm;
import dev.kernelkit.mi.ReducedSet;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.mi.XvInit;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit sparse-mi compare}: every method of the module on identical folds (the same split seed), each
 * with (gamma, C) tuned by inner 3-fold CV on the training part, as a table and JSON; journalled after every outer
 * fold of every method beside {@code --json} and continued by {@code --resume}. The paper's protocol; any learners
 * of the catalog compare with {@code kernelkit compare}. With {@code --engine spark} every fit is a Spark task
 * ({@link Recipe}, one run per method): the same JSON but for the times, plus the engine's master, task count and
 * longest fit.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"All methods of the module on identical folds with the paper's protocol (gamma and C by "
                + "inner 3-fold CV on each training part): accuracy, vectors, train and predict seconds.",
                "To compare any learners of the catalog (bags or vectors, across modules) on the same splits, with "
                        + "paired differences and their corrected standard errors, use kernelkit compare."})
final class SparseMiCompareCommand implements Callable<Integer> {
    /** Every method name of the JSON, in table order. */
    static final List<String> ALL = List.of("sparsemi", "mikernel", "rsvm", "rs", "mi-SVM",
            "MI-SVM", "miles", "cccp");

    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Mixin
    BagInput input = new BagInput();

    @Mixin
    OuterFolds outer = new OuterFolds();

    @Mixin
    Options.Seed seed = new Options.Seed();

    @Option(names = "--xv", paramLabel = "N", defaultValue = "10",
            description = "N_XV of SparseMI, RSVM and RS (default: ${DEFAULT-VALUE}).")
    int xv;

    @Option(names = "--iterations", paramLabel = "T", defaultValue = "50",
            description = "t_max of SparseMI (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--init", paramLabel = "INIT", defaultValue = "random",
            description = "Initial XVs of SparseMI: random, kmeans or svm (default: ${DEFAULT-VALUE}).")
    String init;

    @Mixin
    StepOption step = new StepOption();

    @Mixin
    SparseMiSolverOptions solver = new SparseMiSolverOptions();

    @Option(names = "--max-rounds", paramLabel = "N", defaultValue = "50",
            description = "Retraining cap of mi-SVM and MI-SVM (default: ${DEFAULT-VALUE}).")
    int maxRounds;

    @Mixin
    CccpSettings cccp = new CccpSettings();

    @Option(names = "--methods", paramLabel = "LIST", split = ",",
            description = "Only these methods (default: all of sparsemi, mikernel, rsvm, rs, mi-SVM, MI-SVM, miles, cccp).")
    List<String> methods;

    @Option(names = "--json", paramLabel = "FILE", description = "Write {\"methods\": {name: summary}} as JSON.")
    Path json;
    @Mixin
    Options.Resume resume;

    @Option(names = "--gamma-grid", paramLabel = "LIST", split = ",",
            description = "Candidate gamma times the feature count (default: 0.125,0.25,0.5,1,2).")
    double[] gammaGrid;

    @Option(names = "--c-grid", paramLabel = "LIST", split = ",", description = "Candidate C (default: 1,10,100).")
    double[] cGrid;

    @Option(names = "--mikernel-forms", paramLabel = "LIST", split = ",", defaultValue = "averaged",
            description = "Set-kernel form(s) of mikernel: averaged, normalized, summed (Weka's MIRBF); "
                    + "several are chosen by the same inner CV as gamma and C (default: ${DEFAULT-VALUE}).")
    List<String> mikernelForms;

    @Option(names = "--misvm-weightings", paramLabel = "LIST", split = ",", defaultValue = "instance",
            description = "C weighting(s) of mi-SVM and MI-SVM: instance (C per sample) or bag (C spread over a "
                    + "bag's samples); several are chosen by the inner CV (default: ${DEFAULT-VALUE}).")
    List<String> misvmWeightings;

    @Mixin
    Options.Engine engine;

    @Mixin
    Options.SelectionMetric metric;

    /**
     * The protocol of one method of {@code sparse-mi compare} in plain values ({@link SelectionRecipe}), so that a fit
     * engine's workers (Spark executors) build the same harness ({@link MiProtocol#tunedVariants}): repeated stratified
     * k-fold seeded --seed, features standardised on each training part, (variant, gamma, C) chosen by inner 3-fold CV.
     *
     * @param gammas the gamma grid (times the feature count, computed on the data)
     * @param cs the C grid
     * @param metric what the inner CV maximises ({@link Options.SelectionMetric#maximising})
     */
    record Recipe(String method, long seed, int xv, int iterations, String init, StepOption step,
                  SparseMiSolverOptions solver, int maxRounds, CccpSettings cccp, List<String> mikernelForms,
                  List<String> misvmWeightings, int folds, int repeats, double[] gammas, double[] cs, String metric)
            implements SelectionRecipe {
        private static final long serialVersionUID = 1L;

        /** Copies the lists (serializable, unmodifiable). */
        Recipe {
            mikernelForms = List.copyOf(mikernelForms);
            misvmWeightings = List.copyOf(misvmWeightings);
        }

        @Override
        public String name() {
            return "sparse-mi compare: " + method;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <X> ModelSelection<X> selection() {
            // with one variant this is MiProtocol.tuned fold by fold
            return (ModelSelection<X>) (ModelSelection<?>) Options.SelectionMetric.maximising(
                    MiProtocol.tunedVariants(variants(), folds, repeats, seed, gammas, cs, 1), metric);
        }

        /** The variants of the method tuned by the inner CV; one element for a method without choices. */
        List<MiProtocol.Variant> variants() {
            List<MiProtocol.Variant> out = new ArrayList<>();
            switch (method) {
                case "mikernel" -> {
                    for (String f : mikernelForms) {
                        MiKernelOptions.Form form = MiOptionValues.enumValue(MiKernelOptions.Form.class, "--mikernel-forms",
                                f);
                        out.add(new MiProtocol.Variant(f.toLowerCase(Locale.ROOT), (g, c) ->
                                MiKernel.trainer(MiKernelOptions.defaults().withForm(form).withGamma(g).withC(c))));
                    }
                }
                case "mi-SVM", "MI-SVM" -> {
                    MiSvmOptions.Variant v = method.equals("mi-SVM") ? MiSvmOptions.Variant.INSTANCE
                            : MiSvmOptions.Variant.BAG;
                    for (String w : misvmWeightings) {
                        MiSvmOptions.Weighting weighting = MiOptionValues.enumValue(MiSvmOptions.Weighting.class,
                                "--misvm-weightings", w);
                        out.add(new MiProtocol.Variant(w.toLowerCase(Locale.ROOT), (g, c) ->
                                MiSvm.trainer(MiSvmOptions.defaults(v).withWeighting(weighting).withGamma(g).withC(c)
                                        .withMaxRounds(maxRounds))));
                    }
                }
                default -> out.add(new MiProtocol.Variant(method, learner()));
            }
            return out;
        }

        MiProtocol.Factory learner() {
            SparseMiOptions base = solver.apply(SparseMiOptions.defaults().withExpansionVectors(xv)
                    .withInit(XvInit.parse(init)).withMaxIterations(iterations).withSeed(seed).withStepRule(step.rule()));
            // every trainer below is a pure function of (data, gamma, C) and seeded options: inner fits in parallel
            return switch (method) {
                case "sparsemi" -> (g, c) -> SparseMi.trainer(base.withGamma(g).withC(c));
                case "mikernel" -> (g, c) -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g).withC(c));
                case "rsvm" -> (g, c) -> RandomSparseSvm.trainer(base.withGamma(g).withC(c));
                case "rs" -> (g, c) -> ReducedSet.trainer(base.withGamma(g).withC(c));
                case "mi-SVM" -> (g, c) -> MiSvm.trainer(MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE)
                        .withGamma(g).withC(c).withMaxRounds(maxRounds));
                case "MI-SVM" -> (g, c) -> MiSvm.trainer(MiSvmOptions.defaults(MiSvmOptions.Variant.BAG)
                        .withGamma(g).withC(c).withMaxRounds(maxRounds));
                case "miles" -> (g, c) -> Miles.trainer(MilesOptions.defaults().withGamma(g).withC(c));
                case "cccp" -> (g, c) -> MiCccp.trainer(MiCccpOptions.defaults().withGamma(g).withC(c)
                        .withLambda(cccp.lambda).withMaxIterations(cccp.steps));
                default -> throw new IllegalArgumentException("--methods: unknown method '" + method
                        + "'; built: sparsemi, mikernel, rsvm, rs, mi-SVM, MI-SVM, miles, cccp");
            };
        }
    }

    /** The recipe of one method on these grids. */
    Recipe recipe(String method, double[] gammas, double[] cs) {
        return new Recipe(method, seed.seed(), xv, iterations, init, step, solver, maxRounds, cccp, mikernelForms,
                misvmWeightings, outer.folds, outer.repeats, gammas, cs, metric.name());
    }

    @Override
    public Integer call() throws IOException {
        if (xv < 1) {
            throw new IllegalArgumentException("--xv must be >= 1, got " + xv);
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("--iterations must be >= 0, got " + iterations);
        }
        XvInit.parse(init);
        solver.check();
        List<String> chosen = methods == null
                ? ALL : List.copyOf(methods);
        for (String m : chosen) {
            recipe(m, new double[0], new double[0]).learner();
            recipe(m, new double[0], new double[0]).variants();
        }
        engine.validate();
        BagDataset d = input.read();
        metric.checkClasses(d.classCount(), input.data);
        MemoryEstimates.sparseMi("sparse-mi compare", d, outer.trainFraction(), xv,
                chosen.contains("mi-SVM") || chosen.contains("MI-SVM") || chosen.contains("cccp"), threads.threads());
        double[] gammas = MiOptionValues.gammas(null, gammaGrid, d.dim());
        double[] cs = MiOptionValues.cs(null, cGrid);
        PrintWriter out = spec.commandLine().getOut();
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            return run(fits, chosen, d, gammas, cs, out);
        }
    }

    private int run(CatalogEngine fits, List<String> chosen, BagDataset d, double[] gammas, double[] cs,
                    PrintWriter out) throws IOException {
        int folds = outer.folds;
        int repeats = outer.repeats;
        out.printf(Locale.ROOT, "%s: %d bags, %d instances, %d features; %d-fold x %d, seed %d, gamma in %s, C in %s "
                        + "(inner 3-fold CV%s)%n", input.data, d.size(), d.instanceCount(), d.dim(), folds, repeats, seed.seed(),
                Arrays.toString(gammas), Arrays.toString(cs), metric.isAccuracy() ? "" : " maximising " + metric.name());
        out.printf(Locale.ROOT, "%-9s %-17s %9s %10s %11s%n", "method", "accuracy", "vectors", "train_s", "predict_s");
        out.flush();
        JsonSummary all = new JsonSummary();
        FoldJournal journal = Journals.open(spec, json, resume);
        for (String m : ALL) {
            if (!chosen.contains(m)) {
                out.printf(Locale.ROOT, "%-9s %s%n", m, "not run (--methods)");
                continue;
            }
            Recipe recipe = recipe(m, gammas, cs);
            List<MiProtocol.Variant> vs = recipe.variants();
            ModelSelection<Bag> protocol = recipe.selection();
            Evaluation r = EngineRun.run(fits, recipe, journal == null ? protocol : protocol.withJournal(journal, m), d)
                    .evaluation();
            Summary acc = r.summary();
            double vectors = MiProtocol.mean(MiProtocol.vectors(r));
            double trainSeconds = MiProtocol.mean(r.trainSeconds());
            double predictSeconds = MiProtocol.mean(r.predictSeconds());
            int unconverged = MiProtocol.unconvergedFolds(r);
            String picks = vs.size() == 1 ? "" : "   chosen: " + chosenCounts(MiProtocol.variants(r));
            out.printf(Locale.ROOT, "%-9s %6.2f ± %-8.2f %9.1f %10.4f %11.5f%s%n", m, 100 * acc.mean(), 100 * acc.sd(),
                    vectors, trainSeconds, predictSeconds, picks);
            if (unconverged > 0) {
                out.printf(Locale.ROOT, "%-9s   note: the final fit stopped at an iteration cap in %d of %d folds "
                        + "(accuracy counted as measured)%n", "", unconverged, r.folds().size());
            }
            if (repeats > 1) {
                out.printf(Locale.ROOT, "%-9s   per repeat: %s  (sd over repeats %.2f)%n", "",
                        MiReports.joined(scaled(r.repeatMeans(), 100)), 100 * r.repeatSummary().sd());
            }
            for (String note : MiReports.edgeNotes(r)) {
                out.printf(Locale.ROOT, "%-9s   note: %s%n", "", note);
            }
            out.flush();
            JsonSummary row = new JsonSummary().put("accuracy_mean", acc.mean()).put("accuracy_sd", acc.sd())
                    .put("accuracy_sd_over_repeats", r.repeatSummary().sd())
                    .put("vectors", vectors).put("train_seconds", trainSeconds)
                    .put("predict_seconds", predictSeconds).put("unconverged_folds", (long) unconverged)
                    .putList("repeat_accuracies", r.repeatMeans()).putList("fold_accuracies", r.scores());
            if (vs.size() > 1) {
                row.putList("variants_chosen", Arrays.asList(MiProtocol.variants(r)));
            }
            all.put(m, EvaluationJson.into(row, r));
        }
        EngineRun engineRun = EngineRun.summary(fits);
        engineRun.print(out);
        if (json != null) {
            engineRun.into(CommandSupport.putEnvironment(metric.into(new JsonSummary().put("command", "sparse-mi compare"))))
                    .put("methods", all)
                    .put("folds", (long) folds).put("repeats", (long) repeats)
                    .put("seed", seed.seed()).put("tolerance", solver.tolerance)
                    .put("trial_limit", solver.trialLimit().name().toLowerCase(Locale.ROOT))
                    .put("inner_solver", solver.innerSolver().name().toLowerCase(Locale.ROOT))
                    .put("inner_tolerance", solver.innerTolerance()).writeTo(json);
            Journals.finish(journal);
        }
        return 0;
    }

    /** "averaged 7, summed 3": how often each variant was chosen, in first-chosen order. */
    static String chosenCounts(String[] chosen) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String c : chosen) {
            counts.merge(c, 1, Integer::sum);
        }
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static double[] scaled(double[] values, double factor) {
        double[] out = values.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= factor;
        }
        return out;
    }
}
