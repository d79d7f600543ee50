package dev.kernelkit.cli;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Aggregate;
import dev.kernelkit.eval.Dimension;
import dev.kernelkit.eval.CatalogEngine;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Measure;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SelectionRecipe;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.LearnedKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmModel;
import dev.kernelkit.svm.BagSvmOptions;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit svm cv}: repeated stratified k-fold cross-validation of the SVM on the shared
 * harness ({@link ModelSelection}; repeat r seeded S + r). In every outer fold the scaler is fitted on
 * the training part only. When the kernel or C is not given, it is chosen per outer fold by an inner
 * stratified 3-fold grid search on the training part (seeded S + 1000 + s for outer split s; the
 * scaler refitted inside each inner fold; the mean inner accuracy (or --metric) decides, ties to the earlier
 * point), so the reported accuracy is not biased by the choice: C from {0.1, 1, 10, 100} and the
 * Gaussian gamma from g0 * {1/16, 1/4, 1, 4, 16} with g0 = 1 / (d * mean feature variance) of the
 * scaled training part (scikit-learn's "scale" heuristic, {@link GammaHeuristic#scale}; 1/d when the
 * variance is 0), each gamma rounded to 4 significant digits so that tables and kernel specifications
 * stay readable.
 *
 * <p>On bag data (CSV bags, multi-instance ARFF) the SVM runs on the set kernel over bags
 * ({@link BagSvm}; {@code --gamma} is the instance Gaussian's, {@code --kernel} a bag kernel such as
 * {@code normalized(set(gaussian:gamma=0.5))} or an instance kernel, whose averaged set kernel is
 * used), g0 from the scaled training instances. With {@code --json F}, every finished outer fold is
 * journalled in {@code F.journal} and {@code --resume} continues a killed run ({@link Journals}). With
 * {@code --engine spark} every fit (outer fold x grid point x inner split, and the final fits) is a Spark task
 * ({@link Recipe}): the same JSON but for the times, plus the engine's master, task count and longest fit.
 */
@Command(name = "cv", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Repeated stratified K-fold cross-validation of the SVM on --data (points, or bags with the set "
                + "kernel).",
                "Without --gamma/--kernel or --c, the missing ones are chosen per fold by an inner 3-fold grid search "
                        + "maximising --metric."})
final class SvmCvCommand implements Callable<Integer> {
    static final double[] C_GRID = {0.1, 1, 10, 100};
    static final double[] GAMMA_FACTORS = {1.0 / 16, 1.0 / 4, 1, 4, 16};
    static final int INNER_FOLDS = 3;
    /** The measure of every final model: its support vectors (support bags). */
    static final String SUPPORT_VECTORS = "support_vectors";

    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Mixin
    Options.Input input;

    @Mixin
    Options.SvmParameters svm;

    @Mixin
    Options.Scale scale;

    @Mixin
    Options.Validation validation;

    @Mixin
    KernelFrom kernelFrom;

    @Mixin
    Options.SelectionMetric metric;

    @Mixin
    Options.Json json;

    @Mixin
    Options.Resume resume;

    @Mixin
    Options.Engine engine;

    /**
     * The protocol of {@code svm cv} in plain values ({@link SelectionRecipe}), so that a fit engine's workers
     * (Spark executors) build the same harness: the outer repeated stratified k-fold seeded S + r; the grid of
     * the given kernel and C, or the missing ones from {@link #C_GRID} and the gammas g0 x {@link #GAMMA_FACTORS}
     * of each training part; the inner stratified min(3, smallest class)-fold search seeded S + 1000 + s; every
     * point an SVM (on bags: over the set kernel) behind the --scale scaler refitted on each part it is fitted on;
     * the support vectors of every final model measured.
     *
     * @param kind points or bags
     * @param svm the kernel, C and loss options
     * @param cacheMb the kernel-row cache of each fit
     * @param threads the harness's threads on this machine
     * @param kernelFrom the --kernel-from option with its loaded kernel (this machine only), else null
     * @param learned the kernel loaded from --kernel-from, else null
     * @param metric what the inner search maximises ({@link Options.SelectionMetric#maximising})
     */
    record Recipe(InputKind kind, Options.SvmParameters svm, FeatureScaling scaling, int folds, int repeats, long seed,
                  double cacheMb, int threads, KernelFrom kernelFrom, LearnedKernel learned, String metric)
            implements SelectionRecipe {
        private static final long serialVersionUID = 1L;

        @Override
        public String name() {
            return "svm cv";
        }

        /** Whether a grid is searched (no kernel or no C given). */
        boolean grid() {
            return (!svm.hasKernel() && learned == null) || svm.c().isEmpty();
        }

        /** The outer splitting: repeated stratified k-fold, repeat r seeded S + r. */
        Resampling outer() {
            return Resampling.stratifiedKFold(folds, repeats, seed);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <X> ModelSelection<X> selection() {
            boolean bags = kind == InputKind.BAGS;
            Kernel<X> fixedKernel = !svm.hasKernel() ? null
                    : (Kernel<X>) (bags ? SvmBags.kernelOf(svm) : CommandSupport.kernel(svm));
            Double fixedC = svm.c().isPresent() ? svm.c().getAsDouble() : null;
            SvmLoss loss = svm.loss().toSvmLoss();
            PointTrainer<X> trainers = bags
                    ? (k, c) -> ScaledModel.trainer(scaling, (Trainer<X, ? extends Model<X>>) (Trainer<?, ?>)
                            BagSvm.trainer(bagOptions((Kernel<Bag>) k, c, loss, cacheMb)))
                    : (k, c) -> ScaledModel.trainer(scaling, (Trainer<X, ? extends Model<X>>) (Trainer<?, ?>)
                            Svm.trainer(options((Kernel<Vec>) k, c, loss, cacheMb).withDuplicates(svm.duplicates())));
            ModelSelection.GridFactory<X> grids = (part, s) -> {
                List<Object> kernels = new ArrayList<>();
                if (learned != null) {
                    kernels.add(learned.withUnitMeanDiagonal(LabeledDataset.of(part).points()).kernel());
                } else if (fixedKernel != null) {
                    kernels.add(fixedKernel);
                } else {
                    double[] gammas = bags ? SvmBags.gammaGrid((Dataset<Bag>) part, scaling)
                            : vectorGammas(LabeledDataset.of(part), scaling);
                    for (double g : gammas) {
                        kernels.add(bags ? new SetKernel(new GaussianKernel(g)) : new GaussianKernel(g));
                    }
                }
                double[] cs = fixedC != null ? new double[] {fixedC} : C_GRID;
                return Grid.of(p -> trainers.make((Kernel<X>) p.value("kernel"), p.number("C")),
                        Dimension.of("kernel", kernels), Dimension.of("C", cs));
            };
            InnerSplits inner = (part, s) -> {
                int smallest = Integer.MAX_VALUE;
                for (int count : part.classCounts()) {
                    if (count > 0) {
                        smallest = Math.min(smallest, count);
                    }
                }
                int innerFolds = Math.min(INNER_FOLDS, smallest);
                if (innerFolds < 2) {
                    throw new IllegalArgumentException("the grid search needs at least 2 examples of every class in each "
                            + "training part, but one class has " + smallest + "; give --gamma/--kernel and --c");
                }
                return Splits.stratifiedKFold(part.classIndices(), innerFolds, seed + 1000L + s);
            };
            // with a grid the inner fits run in parallel, with fixed parameters the outer folds (as before the move
            // to the harness); the results do not depend on either
            ModelSelection<X> protocol = Options.SelectionMetric.maximising(ModelSelection.of(outer(), grids, inner),
                    metric)
                    .withAggregate(Aggregate.MEAN)
                    .withThreads(threads)
                    .withOuterThreads(grid() ? 1 : Math.max(1, Math.min(threads, outer().size())))
                    .withMeasures(List.of(new Measure<X>(SUPPORT_VECTORS, (m, test) -> supportVectors(m))));
            if (learned != null) {
                // the model's scaler (fixed, not fitted) on both parts, widened to the kernel's dimension
                protocol = protocol.withPreprocessing(part -> d -> (Dataset<X>) (Dataset<?>) learned.scaler()
                        .apply(kernelFrom.widen(LabeledDataset.of(d))));
            }
            return protocol;
        }
    }

    @Override
    public Integer call() throws Exception {
        engine.validate();
        input.validate();
        svm.validate();
        validation.validate();
        if (engine.spark() && kernelFrom.given()) {
            throw new IllegalArgumentException("--kernel-from runs on this machine only: give --engine local");
        }
        ExampleFiles.Format format = SvmBags.formatOf(input);
        if (format.kind() == InputKind.BAGS) {
            SvmBags.refuseVectorOptions(kernelFrom, svm, input.data(), format);
            BagDataset data = SvmBags.read(input.data(), format);
            SvmBags.kernelOf(svm); // a bad --kernel fails here, before anything runs
            return run(data, "bags", recipe(InputKind.BAGS, cacheFor(data), null));
        }
        LabeledDataset data = DataFiles.readTrainTest(input.data(), null, input).train();
        kernelFrom.checkAlone(svm.hasKernel() ? "--gamma/--kernel" : null, scale.scaling());
        LearnedKernel learned = null;
        if (kernelFrom.given()) {
            learned = kernelFrom.load();
            learned.checkDim(kernelFrom.widen(data).dim(), "--data " + input.data());
        }
        if (svm.hasKernel()) {
            CommandSupport.kernel(svm);
        }
        return run(data, "points", recipe(InputKind.VECTORS, cacheFor(data), learned));
    }

    private Recipe recipe(InputKind kind, double cacheMb, LearnedKernel learned) {
        return new Recipe(kind, svm, scale.scaling(), validation.folds(), validation.repeats(), validation.seed(),
                cacheMb, threads.threads(), learned != null ? kernelFrom : null, learned, metric.name());
    }

    /** The kernel-row cache of each fit: the default shrunk to the heap, for as many fits as run at once. */
    private double cacheFor(Dataset<?> data) {
        List<Splits.Split> splits = splits(data);
        int largestPart = splits.stream().mapToInt(s -> s.train().length).max().orElse(0);
        int concurrent = Math.max(1, threads.threads());
        if (data instanceof BagDataset b) {
            return MemoryEstimates.bagSvm("svm cv", b, largestPart, null, concurrent);
        }
        return MemoryEstimates.svm("svm cv", LabeledDataset.of(data), largestPart, null, concurrent);
    }

    /** Makes the trainer of one grid point. */
    @FunctionalInterface
    interface PointTrainer<X> {
        dev.kernelkit.learn.Trainer<X, ?> make(Kernel<X> kernel, double c);
    }

    /** The outer splitting: repeated stratified k-fold, repeat r seeded S + r. */
    Resampling resampling() {
        return Resampling.stratifiedKFold(validation.folds(), validation.repeats(), validation.seed());
    }

    /** The outer splits of the data; a --folds the data cannot take is named. */
    private List<Splits.Split> splits(Dataset<?> data) {
        try {
            return resampling().splits(data);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--folds " + validation.folds() + ": " + e.getMessage(), e);
        }
    }

    /** The protocol ({@link Recipe}) on the engine of --engine, the table and the JSON. */
    private <X> int run(Dataset<X> data, String what, Recipe recipe) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        List<Splits.Split> splits = splits(data);
        LearnedKernel learned = recipe.learned();
        if (learned != null) {
            kernelFrom.describe(out, kernelFrom.prepare(LabeledDataset.of(data.subset(splits.get(0).train())),
                    "--data " + input.data()));
        }
        boolean grid = recipe.grid();
        metric.checkClasses(data.classCount(), input.data());
        FeatureScaling scaling = scale.scaling();
        int k = validation.folds();
        AtomicInteger finished = new AtomicInteger();
        ModelSelection<X> protocol = recipe.<X>selection()
                .withListener(f -> progress.update("folds", finished.incrementAndGet(), splits.size()));
        FoldJournal journal;
        EngineRun run;
        long t0;
        // the engine first: without Spark for --engine spark, one line and nothing else
        try (CatalogEngine fits = engine.open()) {
            journal = Journals.open(spec, json.file(), resume);
            if (journal != null) {
                protocol = protocol.withJournal(journal, "cv");
            }
            t0 = System.nanoTime();
            progress.update("folds", 0, splits.size());
            run = EngineRun.run(fits, recipe, protocol, data);
        }
        Evaluation r = run.evaluation();
        double wallSeconds = CommandSupport.secondsSince(t0);
        progress.done();

        List<OuterFold> folds = r.folds();
        double[] accuracies = r.scores();
        double[] seconds = new double[folds.size()];
        List<String> kernelLabels = new ArrayList<>();
        double[] cs = new double[folds.size()];
        TablePrinter table = new TablePrinter().numberColumn("repeat").numberColumn("fold").numberColumn("train")
                .numberColumn("test").textColumn("kernel").numberColumn("C").numberColumn(data instanceof BagDataset
                        ? "#SB" : "#SV")
                .numberColumn("accuracy").numberColumn("seconds");
        for (int i = 0; i < folds.size(); i++) {
            OuterFold o = folds.get(i);
            Point p = o.chosen();
            String kernel = learned != null ? "learned" : Kernels.format((Kernel<?>) p.value("kernel"));
            kernelLabels.add(kernel);
            cs[i] = p.number("C");
            seconds[i] = o.preprocessSeconds() + o.tuneSeconds() + o.trainSeconds();
            table.row(Integer.toString(o.repeat() + 1), Integer.toString(o.fold() + 1),
                    Integer.toString(o.split().train().length), Integer.toString(o.split().test().length), kernel,
                    CommandSupport.label(cs[i]), Long.toString(Math.round(o.measure(SUPPORT_VECTORS))),
                    TablePrinter.percent(o.score()), CommandSupport.seconds(seconds[i]));
        }
        Summary acc = r.summary();
        Summary time = Summary.of(seconds);
        table.print(out);
        out.printf(Locale.ROOT, "accuracy %s +- %s (mean +- sd over %d folds x %d repeats); %s; %.1f s in total%n",
                TablePrinter.percent(acc.mean()), TablePrinter.percent(acc.sd()), k, validation.repeats(),
                grid ? "parameters chosen per fold by inner " + INNER_FOLDS + "-fold grid search" : "fixed parameters",
                wallSeconds);
        metric.print(out, r);
        run.print(out);

        JsonSummary summary = new JsonSummary()
                .put("command", "svm cv")
                .put("input", what)
                .put("accuracy_mean", acc.mean())
                .put("accuracy_sd", acc.sd())
                .put("accuracy_sd_over_repeats", r.repeatSummary().sd())
                .put("train_seconds", time.mean())
                .put("train_seconds_total", sum(seconds))
                .put("wall_seconds", wallSeconds)
                .put("folds", (long) k)
                .put("repeats", (long) validation.repeats())
                .put("seed", validation.seed())
                .put("data", input.data().toString())
                .put("n", (long) data.size())
                .put("dim", (long) data.dim())
                .put("scale", scaling.cliName())
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put("loss", svm.loss().cliName())
                .put("grid_search", grid)
                .put("metric", metric.name())
                .putList("repeat_accuracies", r.repeatMeans())
                .putList("fold_accuracies", accuracies)
                .putList("fold_train_seconds", seconds)
                .putList("fold_kernels", kernelLabels)
                .putList("fold_c", cs);
        json.write(CommandSupport.putEnvironment(EvaluationJson.into(run.into(summary), r)));
        Journals.finish(journal);
        return Main.OK;
    }

    /** The support vectors (bags) of a fold's final model, behind its scaler. */
    private static double supportVectors(FittedModel<?> m) {
        FittedModel<?> inner = Scaled.innermost(m);
        if (inner instanceof SvmModel s) {
            return s.supportVectorCount();
        }
        return ((BagSvmModel) inner).supportVectorCount();
    }

    /** The grid's gammas on a vector training part: g0 of the scaled part times {@link #GAMMA_FACTORS}, 4 digits. */
    static double[] vectorGammas(LabeledDataset rawPart, FeatureScaling scaling) {
        double g0 = scaleGamma(scaling.fit(rawPart).apply(rawPart));
        double[] out = new double[GAMMA_FACTORS.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = roundTo4Digits(g0 * GAMMA_FACTORS[i]);
        }
        return out;
    }

    /** g0 = 1 / (d * mean per-feature variance), or 1/d when the data have no variance ({@link GammaHeuristic#scale}). */
    static double scaleGamma(LabeledDataset data) {
        return GammaHeuristic.scale(data.points());
    }

    /** v rounded to 4 significant digits (e.g. 0.019230769 to 0.01923). */
    static double roundTo4Digits(double v) {
        return GammaHeuristic.roundTo4Digits(v);
    }

    private static SvmOptions options(Kernel<Vec> kernel, double c, SvmLoss loss, double cacheMb) {
        return SvmOptions.of(kernel).withC(c).withLoss(loss).withSolver(SmoSolver.Options.defaults().withCacheMb(cacheMb));
    }

    static BagSvmOptions bagOptions(Kernel<Bag> kernel, double c, SvmLoss loss, double cacheMb) {
        return BagSvmOptions.of(kernel).withC(c).withLoss(loss).withSolver(SmoSolver.Options.defaults()
                .withCacheMb(cacheMb));
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }
}
