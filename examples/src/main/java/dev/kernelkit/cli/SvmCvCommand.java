package dev.kernelkit.cli;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.CrossValidation;
import dev.kernelkit.eval.GridSearch;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit svm cv}: repeated stratified k-fold cross-validation of the SVM. In every
 * outer fold the scaler is fitted on the training part only. When the kernel or C is not given,
 * it is chosen per outer fold by an inner stratified 3-fold grid search on the training part
 * (the scaler refitted inside each inner fold), so the reported accuracy is not biased by the
 * choice: C from {0.1, 1, 10, 100} and the Gaussian gamma from g0 * {1/16, 1/4, 1, 4, 16} with
 * g0 = 1 / (d * mean feature variance) of the scaled training part (scikit-learn's "scale"
 * heuristic; 1/d when the variance is 0), each gamma rounded to 4 significant digits so that
 * tables and kernel specifications stay readable. Ties go to the earlier grid point.
 */
@Command(name = "cv", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Repeated stratified K-fold cross-validation of the SVM on --data.",
                "Without --gamma/--kernel or --c, the missing ones are chosen per fold by an inner 3-fold grid search."})
final class SvmCvCommand implements Callable<Integer> {
    static final double[] C_GRID = {0.1, 1, 10, 100};
    static final double[] GAMMA_FACTORS = {1.0 / 16, 1.0 / 4, 1, 4, 16};
    static final int INNER_FOLDS = 3;

    @Spec
    CommandSpec spec;

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
    Options.Json json;

    /** One grid point: a kernel and a C. */
    record Point(Kernel<Vec> kernel, double c) {
    }

    /** What one outer fold produced. */
    record FoldOutcome(int repeat, int fold, int trainSize, int testSize, String kernel, double c, double accuracy,
                       double trainSeconds, int supportVectors) {
    }

    @Override
    public Integer call() throws Exception {
        input.validate();
        svm.validate();
        validation.validate();
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());

        LabeledDataset data = DataFiles.readTrainTest(input.data(), null, input).train();
        double[] labels = data.labels();
        List<Splits.Split> splits;
        try {
            splits = Splits.repeatedStratifiedKFold(labels, validation.folds(), validation.repeats(), validation.seed());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--folds " + validation.folds() + ": " + e.getMessage(), e);
        }
        kernelFrom.checkAlone(svm.hasKernel() ? "--gamma/--kernel" : null, scale.scaling());
        if (kernelFrom.given()) {
            kernelFrom.load().checkDim(kernelFrom.widen(data).dim(), "--data " + input.data());
            kernelFrom.describe(out, kernelFrom.prepare(data.subset(splits.get(0).train()), "--data " + input.data()));
        }
        Kernel<Vec> fixedKernel = svm.hasKernel() ? CommandSupport.kernel(svm) : null;
        Double fixedC = svm.c().isPresent() ? svm.c().getAsDouble() : null;
        boolean grid = (fixedKernel == null && !kernelFrom.given()) || fixedC == null;
        SvmLoss loss = svm.loss().toSvmLoss();
        FeatureScaling scaling = scale.scaling();
        int k = validation.folds();
        AtomicInteger finished = new AtomicInteger();

        long t0 = System.nanoTime();
        progress.update("folds", 0, splits.size());
        List<FoldOutcome> outcomes = CrossValidation.run(splits, (trainIdx, testIdx, f) -> {
            LabeledDataset rawTrain = data.subset(trainIdx);
            long start = System.nanoTime();
            KernelFrom.Prepared learned = kernelFrom.given() ? kernelFrom.prepare(rawTrain, "--data " + input.data()) : null;
            // with a learned kernel the model's scaler replaces --scale (none): the grid search and the fit read
            // the part it scaled
            LabeledDataset foldTrain = learned != null ? learned.train() : rawTrain;
            Kernel<Vec> foldKernel = learned != null ? learned.kernel().kernel() : fixedKernel;
            Point chosen = grid ? choose(foldTrain, foldKernel, fixedC, scaling, loss, validation.seed() + 1000L + f)
                    : new Point(foldKernel, fixedC);
            FittedScaler scaler = scaling.fit(foldTrain);
            SvmModel model = Svm.fit(scaler.apply(foldTrain), options(chosen, loss));
            double seconds = CommandSupport.secondsSince(start);
            LabeledDataset rawTest = data.subset(testIdx);
            LabeledDataset foldTest = learned != null ? learned.kernel().scaler().apply(kernelFrom.widen(rawTest)) : rawTest;
            double acc = CommandSupport.accuracy(model, scaler.apply(foldTest));
            progress.update("folds", finished.incrementAndGet(), splits.size());
            return new FoldOutcome(f / k + 1, f % k + 1, trainIdx.length, testIdx.length,
                    learned != null ? "learned" : Kernels.format(chosen.kernel()),
                    chosen.c(), acc, seconds, model.supportVectorCount());
        });
        double wallSeconds = CommandSupport.secondsSince(t0);
        progress.done();

        double[] accuracies = outcomes.stream().mapToDouble(FoldOutcome::accuracy).toArray();
        double[] seconds = outcomes.stream().mapToDouble(FoldOutcome::trainSeconds).toArray();
        Summary acc = Summary.of(accuracies);
        Summary time = Summary.of(seconds);

        TablePrinter table = new TablePrinter().numberColumn("repeat").numberColumn("fold").numberColumn("train")
                .numberColumn("test").textColumn("kernel").numberColumn("C").numberColumn("#SV")
                .numberColumn("accuracy").numberColumn("seconds");
        for (FoldOutcome o : outcomes) {
            table.row(Integer.toString(o.repeat()), Integer.toString(o.fold()), Integer.toString(o.trainSize()),
                    Integer.toString(o.testSize()), o.kernel(), CommandSupport.label(o.c()), Integer.toString(o.supportVectors()),
                    TablePrinter.percent(o.accuracy()), CommandSupport.seconds(o.trainSeconds()));
        }
        table.print(out);
        out.printf(Locale.ROOT, "accuracy %s +- %s (mean +- sd over %d folds x %d repeats); %s; %.1f s in total%n",
                TablePrinter.percent(acc.mean()), TablePrinter.percent(acc.sd()), k, validation.repeats(),
                grid ? "parameters chosen per fold by inner " + INNER_FOLDS + "-fold grid search" : "fixed parameters",
                wallSeconds);
        out.flush();

        JsonSummary summary = new JsonSummary()
                .put("command", "svm cv")
                .put("accuracy_mean", acc.mean())
                .put("accuracy_sd", acc.sd())
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
                .putList("fold_accuracies", accuracies)
                .putList("fold_train_seconds", seconds)
                .putList("fold_kernels", outcomes.stream().map(FoldOutcome::kernel).toList())
                .putList("fold_c", outcomes.stream().mapToDouble(FoldOutcome::c).toArray());
        json.write(CommandSupport.putEnvironment(summary));
        return Main.OK;
    }

    /** Chooses the missing kernel and/or C by an inner stratified grid search on a training part. */
    static Point choose(LabeledDataset rawTrain, Kernel<Vec> fixedKernel, Double fixedC, FeatureScaling scaling,
                        SvmLoss loss, long seed) {
        List<Kernel<Vec>> kernels = new ArrayList<>();
        if (fixedKernel != null) {
            kernels.add(fixedKernel);
        } else {
            double g0 = scaleGamma(scaling.fit(rawTrain).apply(rawTrain));
            for (double factor : GAMMA_FACTORS) {
                kernels.add(new GaussianKernel(roundTo4Digits(g0 * factor)));
            }
        }
        double[] cs = fixedC != null ? new double[] {fixedC} : C_GRID;
        List<Point> points = new ArrayList<>();
        for (Kernel<Vec> kernel : kernels) {
            for (double c : cs) {
                points.add(new Point(kernel, c));
            }
        }
        int smallestClass = smallestClassCount(rawTrain.labels());
        int inner = Math.min(INNER_FOLDS, smallestClass);
        if (inner < 2) {
            throw new IllegalArgumentException("the grid search needs at least 2 examples of every class in each "
                    + "training part, but one class has " + smallestClass + "; give --gamma/--kernel and --c");
        }
        List<Splits.Split> innerSplits = Splits.stratifiedKFold(rawTrain.labels(), inner, seed);
        GridSearch.Result<Point> result = GridSearch.search(points, innerSplits, (p, tr, te, f) -> {
            LabeledDataset part = rawTrain.subset(tr);
            FittedScaler scaler = scaling.fit(part);
            SvmModel m = Svm.fit(scaler.apply(part), options(p, loss));
            return CommandSupport.accuracy(m, scaler.apply(rawTrain.subset(te)));
        }, 1);
        return result.best();
    }

    /** g0 = 1 / (d * mean per-feature variance), or 1/d when the data have no variance. */
    static double scaleGamma(LabeledDataset data) {
        int d = data.dim();
        int n = data.size();
        double[] mean = new double[d];
        double[] sq = new double[d];
        for (Vec v : data.points()) {
            v.forEachStored((j, x) -> {
                mean[j] += x;
                sq[j] += x * x;
            });
        }
        double var = 0;
        for (int j = 0; j < d; j++) {
            double m = mean[j] / n;
            var += Math.max(sq[j] / n - m * m, 0);
        }
        var /= d;
        return var > 0 ? 1.0 / (d * var) : 1.0 / d;
    }

    /** v rounded to 4 significant digits (e.g. 0.019230769 to 0.01923). */
    static double roundTo4Digits(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).doubleValue();
    }

    private static SvmOptions options(Point p, SvmLoss loss) {
        return SvmOptions.of(p.kernel()).withC(p.c()).withLoss(loss).withSolver(SmoSolver.Options.defaults());
    }

    private static int smallestClassCount(double[] labels) {
        java.util.Map<Double, Integer> counts = new java.util.TreeMap<>();
        for (double y : labels) {
            counts.merge(y, 1, Integer::sum);
        }
        return counts.values().stream().mapToInt(Integer::intValue).min().orElse(0);
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }
}
