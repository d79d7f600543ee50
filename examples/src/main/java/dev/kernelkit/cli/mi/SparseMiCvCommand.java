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
import dev.kernelkit.eval.Preprocessing;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.mi.LearnedKernelForSparseMi;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mi.MiProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit sparse-mi cv}: the paper's repeated stratified k-fold protocol over bags, features standardised
 * on each training part, (gamma, C) fixed or chosen by inner 3-fold CV on the training part; journalled after every
 * outer fold beside {@code --json} and continued by {@code --resume}. With {@code --engine spark} every fit of the
 * protocol is a Spark task ({@link Recipe}): the same JSON but for the times, plus the engine's master, task count and
 * longest fit.
 */
@Command(name = "cv", mixinStandardHelpOptions = true,
        description = "Repeated stratified k-fold CV, standardised per training part, gamma and C tuned by inner 3-fold CV unless given.")
final class SparseMiCvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    BagInput input = new BagInput();
    @Mixin
    SparseMiLearnerOptions learner = new SparseMiLearnerOptions();
    @Mixin
    OuterFolds outer = new OuterFolds();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the summary as JSON.")
    Path json;
    @Mixin
    Options.Resume resume;

    @Mixin
    Options.Engine engine;

    @Mixin
    Options.SelectionMetric metric;

    /**
     * The protocol of {@code sparse-mi cv} in plain values ({@link SelectionRecipe}), so that a fit engine's workers
     * (Spark executors) build the same harness ({@link MiProtocol}): repeated stratified k-fold seeded --seed, features
     * standardised on each training part, (gamma, C) fixed or chosen by the inner CV, with {@code --xv auto} the
     * expansion size searched too ({@link MiProtocol#tunedSize}), with {@code --iterations auto} the iteration cap
     * ({@link MiProtocol#tunedIterations}).
     *
     * @param learner the learner options (--kernel-from stays on this machine)
     * @param gammas the gamma grid computed on the whole data, as the command always did
     * @param metric what the inner CV maximises ({@link Options.SelectionMetric#maximising})
     */
    record Recipe(SparseMiLearnerOptions learner, int folds, int repeats, double[] gammas, String metric)
            implements SelectionRecipe {
        private static final long serialVersionUID = 1L;

        @Override
        public String name() {
            return "sparse-mi cv --method " + learner.method;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <X> ModelSelection<X> selection() {
            try {
                // every trainer is a pure function of (data, gamma, C, N_XV) and seeded options: inner fits in parallel
                ModelSelection<Bag> protocol = learner.warmSizes()
                        ? MiProtocol.tunedSizeWarm((g, cost) -> learner.options(g, cost, learner.xvGrid[0]), folds,
                                repeats, learner.seed(), gammas, learner.cs(), learner.xvGrid, learner.innerRepeats,
                                learner.xvSearch(), learner.xvTies(), learner.xvLarge(), MiProtocol.WARM_ITERATIONS)
                        : learner.autoXv()
                        ? MiProtocol.tunedSize(learner.sizedFactory(), folds, repeats, learner.seed(), gammas,
                                learner.cs(), learner.xvGrid, learner.innerRepeats, learner.xvSearch(), learner.xvTies(),
                                learner.xvLarge())
                        : learner.autoIterations()
                        ? MiProtocol.tunedIterations(learner::options, folds, repeats, learner.seed(), gammas,
                                learner.cs(), learner.iterationsGrid, learner.innerRepeats)
                        : MiProtocol.tuned(learner.factory(), folds, repeats, learner.seed(), gammas, learner.cs(),
                                learner.innerRepeats);
                if (learner.learnedKernel()) {
                    // the model's scaler replaces the per-fold standardisation; each fit scales the kernel on its part
                    protocol = protocol.withPreprocessing(Preprocessing.none());
                }
                return (ModelSelection<X>) (ModelSelection<?>) Options.SelectionMetric.maximising(protocol, metric);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    @Override
    public Integer call() throws IOException {
        engine.validate();
        if (engine.spark() && learner.learnedKernel()) {
            throw new IllegalArgumentException("--kernel-from runs on this machine only: give --engine local");
        }
        learner.checkGrid();
        int folds = outer.folds;
        int repeats = outer.repeats;
        BagDataset d = learner.prepare(input.read(), "--data " + input.data);
        MemoryEstimates.sparseMi("sparse-mi cv", d, outer.trainFraction(), learner.largestXv(), false, threads.threads());
        PrintWriter out = spec.commandLine().getOut();
        metric.checkClasses(d.classCount(), input.data);
        Recipe recipe = new Recipe(learner, folds, repeats, learner.gammas(d), metric.name());
        ModelSelection<Bag> protocol = recipe.selection();
        if (learner.learnedKernel()) {
            LearnedKernel k = learner.learned();
            out.printf(Locale.ROOT, "kernel from %s: learned by %s, %s (%d of %d base kernels with a positive weight), "
                            + "%s scaler of the model, used as %s%n", learner.kernelFrom.file(), k.learner(), k.describe(),
                    k.activeKernels(), k.baseKernels().count(), k.scaler().kind().cliName(),
                    learner.kernelForm() == LearnedKernelForSparseMi.Form.LEARNED
                            ? "the learned combination (scaled to mean k(x, x) = 1 on each training part)"
                            : "a Gaussian weighted by its per-feature weights");
        }
        FoldJournal journal;
        EngineRun run;
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            journal = Journals.open(spec, json, resume);
            run = EngineRun.run(fits, recipe, journal == null ? protocol : protocol.withJournal(journal, "cv"), d);
        }
        Evaluation r = run.evaluation();
        Summary acc = r.summary();
        double[] v = MiProtocol.vectors(r);
        double vMean = MiProtocol.mean(v);
        double vMin = Arrays.stream(v).min().orElse(0);
        double vMax = Arrays.stream(v).max().orElse(0);
        double trainSeconds = MiProtocol.mean(r.trainSeconds());
        double predictSeconds = MiProtocol.mean(r.predictSeconds());
        out.printf(Locale.ROOT, "method %s  folds %d x %d  accuracy %.4f ± %.4f  xv %.1f  train_seconds %.4f  "
                        + "predict_seconds %.5f%n", learner.method, folds, repeats, acc.mean(), acc.sd(),
                vMean, trainSeconds, predictSeconds);
        boolean noGamma = learner.learnedKernel() && learner.kernelForm() == LearnedKernelForSparseMi.Form.LEARNED;
        out.printf(Locale.ROOT, "# chosen per fold: xv %s  gamma*dim %s  C %s%n", counts(v, 1),
                noGamma ? "(learned kernel)" : counts(MiProtocol.chosen(r, MiProtocol.GAMMA), d.dim()),
                counts(MiProtocol.chosen(r, MiProtocol.C), 1));
        if (learner.autoIterations()) {
            out.printf(Locale.ROOT, "# chosen t_max per fold: %s%n", counts(MiProtocol.chosen(r, MiProtocol.ITERATIONS), 1));
        }
        if (repeats > 1) {
            out.printf(Locale.ROOT, "# per repeat: %s  (sd over repeats %.4f)%n",
                    MiReports.joined(r.repeatMeans()), r.repeatSummary().sd());
        }
        for (String note : MiReports.edgeNotes(r)) {
            out.println("# note: " + note);
        }
        metric.print(out, r);
        run.print(out);
        if (json != null) {
            JsonSummary js = new JsonSummary().put("command", "sparse-mi cv").put("method", learner.method)
                    .put("metric", metric.name())
                    .put("accuracy_mean", acc.mean())
                    .put("accuracy_sd", acc.sd()).put("accuracy_sd_over_repeats", r.repeatSummary().sd())
                    .put("xv", vMean).put("train_seconds", trainSeconds)
                    .put("predict_seconds", predictSeconds)
                    .put("kernel_evals_per_instance", vMean)
                    .put("folds", (long) folds).put("repeats", (long) repeats).put("xv_min", vMin)
                    .put("xv_max", vMax).put("xv_auto", learner.autoXv())
                    .put("restarts", (long) learner.effectiveRestarts())
                    .put("inner_repeats", (long) learner.innerRepeats)
                    .put("xv_search", learner.autoXv() ? learner.xvSearch().name().toLowerCase(Locale.ROOT) : "none")
                    .put("xv_ties", learner.autoXv() ? learner.xvTies().name().toLowerCase(Locale.ROOT) : "none")
                    .put("xv_large", learner.autoXv() ? learner.xvLarge().name().toLowerCase(Locale.ROOT) : "none")
                    .put("xv_start", learner.autoXv() ? learner.xvStart().name().toLowerCase(Locale.ROOT) : "none")
                    .put("iterations_auto", learner.autoIterations())
                    .put("tolerance", learner.solver.tolerance)
                    .put("trial_limit", learner.solver.trialLimit().name().toLowerCase(Locale.ROOT))
                    .put("inner_solver", learner.solver.innerSolver().name().toLowerCase(Locale.ROOT))
                    .put("inner_tolerance", learner.solver.innerTolerance())
                    .put("kernel_from", learner.learnedKernel() ? learner.kernelFrom.file().toString() : null)
                    .putList("repeat_accuracies", r.repeatMeans())
                    .putList("fold_accuracies", r.scores())
                    .putList("iterations_chosen", learner.autoIterations()
                            ? MiProtocol.chosen(r, MiProtocol.ITERATIONS) : new double[0]);
            CommandSupport.putEnvironment(EvaluationJson.into(run.into(js), r)).writeTo(json);
            Journals.finish(journal);
        }
        return 0;
    }

    /** "value: count" of each distinct value times {@code scale}, ascending, e.g. "{10: 7, 50: 3}". */
    static String counts(double[] values, double scale) {
        TreeMap<Double, Integer> m = new TreeMap<>();
        for (double x : values) {
            m.merge(x * scale, 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder("{");
        m.forEach((k, n) -> b.append(b.length() > 1 ? ", " : "").append(String.format(Locale.ROOT, "%.4g: %d", k, n)));
        return b.append('}').toString();
    }
}
