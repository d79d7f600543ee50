package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.ExampleFiles;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.MemoryEstimates;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.cvm.CvmEngineProvider;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.Kernels;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import java.io.PrintWriter;
import java.nio.file.Files;
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
 * {@code kernelkit cvm train}: fits the --scale scaler on --data, trains on the scaled data, scores
 * on --test (scaled with the training scaler) and writes --model with the scaler. Points come from
 * LIBSVM (or ARFF) files; bags (CSV bags, multi-instance ARFF) are trained on with the set kernel over
 * bags (the catalog's bag-cvm, bag-bvm or bag-one-class-cvm, whose ball flags anomalous bags). The time
 * printed as "trained in" is the fit alone; the automatic gamma, the scaling and the scoring are timed
 * and printed on their own line. The training examples are scored only when there is no --test or
 * --train-score is given (on large data that scoring can take longer than the fit). The memory the run
 * may need (the data, the row cache, the core-set matrix at its largest) is estimated before anything
 * is allocated ({@link MemoryEstimates#cvm}).
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Train a core vector machine on --data (points, or bags with the set kernel), score it on --test "
                + "and write the model.")
final class CvmTrainCommand implements Callable<Integer> {
    /** The points the Spark driver holds at most (SparkCoreVectorMachine.Settings.defaults()). */
    private static final int SPARK_HELD_POINTS = 50_000;

    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;

    Path data;
    Path test;
    /** --data and --test as given: --engine spark hands them to Spark unchanged (file:///..., hdfs://...). */
    private String dataLocation;
    private String testLocation;

    @Option(names = "--data", required = true, paramLabel = "FILE",
            description = "Training data: LIBSVM (or ARFF) points, or bags (CSV bags, multi-instance ARFF). With "
                    + "--engine spark also a folder of LIBSVM part files or a URI Spark reads (hdfs://..., file:///...).")
    void data(String location) {
        dataLocation = location;
        data = Path.of(location);
    }

    @Option(names = "--test", paramLabel = "FILE", description = "Optional test data, of the kind of --data.")
    void test(String location) {
        testLocation = location;
        test = Path.of(location);
    }

    @Option(names = "--model", paramLabel = "FILE", description = "Where to write the model (optional).")
    Path model;

    @Option(names = "--train-score", description = "Also score the model on the training data when --test is given "
            + "(without --test the training data are always scored).")
    boolean trainScore;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "local",
            description = "local (this machine) or spark: the points stay in Spark partitions on the executors, never "
                    + "collected, and the driver runs the core-set search (the same model as local; LIBSVM points, "
                    + "cvm or bvm (one-vs-rest beyond two classes) or one-class; needs Spark on the class path: spark/bin/kernelkit-spark) (default: ${DEFAULT-VALUE}).")
    String engine = "local";

    @Option(names = "--master", paramLabel = "URL",
            description = "With --engine spark: the Spark master URL (default: spark-submit's --master, else local[*], "
                    + "every core here).")
    String master;

    @Mixin
    CvmCli.Parameters parameters;

    @Mixin
    KernelFrom kernelFrom;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        if (!engine.equals("local") && !engine.equals("spark")) {
            throw new IllegalArgumentException("--engine must be local or spark, got '" + engine + "'");
        }
        if (master != null && !engine.equals("spark")) {
            throw new IllegalArgumentException("--master " + master + " applies only with --engine spark");
        }
        if (engine.equals("spark")) {
            return onSpark();
        }
        if (Files.isRegularFile(data) && ExampleFiles.formatOf(data, parameters.format) == ExampleFiles.Format.LIBSVM) {
            // before reading: a file whose points cannot fit stops here with the estimate
            MemoryEstimates.cvmFile("cvm train", data, parameters.cacheMb, parameters.maxCore);
        }
        Dataset<?> examples = CvmCli.readExamples(data, "--data", parameters.format,
                kernelFrom.given() ? kernelFrom.load().dim() : -1);
        parameters.checkKind(examples.kind(), data);
        if (examples.kind() == InputKind.BAGS) {
            return bags((BagDataset) examples);
        }
        kernelFrom.checkAlone(parameters.gamma == null ? null : "--gamma " + parameters.gamma, parameters.scale);
        LabeledDataset train = (LabeledDataset) examples;
        LabeledDataset testSet = test == null ? null : testPoints(train.dim());
        parameters.apply(MemoryEstimates.cvm("cvm train", train, parameters.cacheMb, parameters.maxCore),
                spec.commandLine().getErr(), train.size());
        PrintWriter out = spec.commandLine().getOut();
        KernelFrom.Prepared learned = null;
        if (kernelFrom.given()) {
            kernelFrom.load();
            learned = kernelFrom.prepare(train, "--data " + data);
            kernelFrom.describe(out, learned);
        }
        CvmCli.Fit<Vec> timed = CvmCli.fit(parameters, train, learned);
        FittedModel<Vec> t = timed.model();
        double seconds = timed.fitSeconds();
        long s0 = System.nanoTime();
        Double trainScore = testSet == null || this.trainScore ? CvmCli.score(t, train) : null;
        Double testScore = testSet == null ? null : CvmCli.score(t, testSet);
        double scoreSeconds = (System.nanoTime() - s0) * 1e-9;
        if (model != null) {
            Models.save(t, model);
        }
        String what = CvmCli.regression(t) ? "mse" : "accuracy";
        print(out, timed.coreVectors(), seconds, what, trainScore, testScore, timed.preparationText(), scoreSeconds);
        double reported = testScore != null ? testScore : trainScore;
        JsonSummary s = new JsonSummary().put("command", "cvm train").put("method", parameters.method)
                .put(what, reported).put("core_vectors", (long) timed.coreVectors()).put("train_seconds", seconds)
                .put("gamma_seconds", timed.gammaSeconds()).put("scale_seconds", timed.scaleSeconds())
                .put("score_seconds", scoreSeconds)
                .put("n_train", (long) train.size()).put("data", data.toString())
                .put("scale", learned != null ? learned.kernel().scaler().kind().cliName() : parameters.scale.cliName())
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put("scored_on", testScore != null ? "test" : "train")
                .put("converged", t.report().converged())
                .put("max_core", (long) parameters.maxCore());
        json.write(s);
        return 0;
    }

    /**
     * {@code --engine spark}: the catalog learner of --method trained by the "spark" {@link CvmEngineProvider}
     * (kernelkit-spark) on the LIBSVM points of --data, which stay on the executors; the model file, the lines and
     * the JSON of a local run, with the engine, its master and the fit's cost. Options it does not support are
     * refused in one line naming them.
     */
    private int onSpark() throws Exception {
        List<String> refused = new ArrayList<>();
        if (spec.commandLine().getParseResult().hasMatchedOption("--threads")) {
            refused.add("--threads (the executors' cores are Spark's: --master)");
        }
        if (kernelFrom.given()) {
            refused.add("--kernel-from");
        }
        if (parameters.format != null && !parameters.format.equalsIgnoreCase("libsvm")) {
            refused.add("--format " + parameters.format + " (Spark reads LIBSVM files)");
        }
        if (parameters.setKernel != null) {
            refused.add("--set-kernel (bags; Spark trains on LIBSVM points)");
        }
        CvmCli.Method method = parameters.method();
        if (method == CvmCli.Method.CVR) {
            refused.add("--method " + parameters.method + " (Spark trains cvm, bvm and one-class)");
        }
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", refused) + ": not supported with --engine spark yet "
                    + "(use --engine local)");
        }
        for (Path p : test == null ? new Path[] {data} : new Path[] {data, test}) {
            String given = p == data ? dataLocation : testLocation;
            // a URI (hdfs://..., file:///...) is Spark's to find; a plain path must exist here
            if (!hasScheme(given) && !java.nio.file.Files.exists(p)) {
                throw new IllegalArgumentException((p == data ? "--data" : "--test") + ": no such file or folder: " + p);
            }
        }
        if (parameters.maxCore != null && parameters.maxCore < 2) {
            throw new IllegalArgumentException("--max-core must be >= 2, got " + parameters.maxCore);
        }
        CvmCli.checkCostAndGamma(parameters);
        InputKind kind = InputKind.VECTORS;
        CvmEngineProvider provider;
        try {
            provider = CvmEngineProvider.named("spark");
        } catch (dev.kernelkit.eval.FitEngineUnavailableException | LinkageError e) {
            throw new IllegalArgumentException(Options.Engine.SPARK_MISSING, e);
        }
        PrintWriter err = spec.commandLine().getErr();
        CvmEngineProvider.Run run;
        try {
            // the driver's memory: the default core-set cap lowered to what its heap holds (as the local path
            // lowers it beside the data), a given --max-core that does not fit refused; announced on stderr
            CvmEngineProvider.Values values = (n, dim) -> {
                parameters.apply(MemoryEstimates.sparkCvm("cvm train", n, dim, method == CvmCli.Method.ONE_CLASS ? 0
                        : 1, SPARK_HELD_POINTS, parameters.cacheMb, parameters.maxCore), err,
                        (int) Math.min(n, Integer.MAX_VALUE));
                return parameters.values(kind, false);
            };
            run = provider.train(new CvmEngineProvider.Request(parameters.learnerName(kind),
                    values, parameters.seed, dataLocation,
                    test == null ? null : testLocation, parameters.scale, test == null || trainScore, err),
                    master == null ? java.util.Map.of() : java.util.Map.of("master", master));
        } catch (LinkageError e) {
            throw new IllegalArgumentException(Options.Engine.SPARK_MISSING, e);
        }
        FittedModel<Vec> t = run.model();
        if (model != null) {
            Models.save(t, model);
        }
        PrintWriter out = spec.commandLine().getOut();
        Double trainScore = run.trainAccuracy().orElse(null);
        Double testScore = run.testAccuracy().orElse(null);
        int cores = CvmCli.coreVectors(t);
        print(out, cores, run.fitSeconds(), "accuracy", trainScore, testScore,
                CvmCli.preparationText(run.scaleSeconds(), run.gammaSeconds()), run.scoreSeconds());
        out.println("engine spark on " + run.master() + ": " + run.cost());
        out.flush();
        JsonSummary s = new JsonSummary().put("command", "cvm train").put("method", parameters.method)
                .put("accuracy", testScore != null ? testScore : trainScore).put("core_vectors", (long) cores)
                .put("train_seconds", run.fitSeconds())
                .put("gamma_seconds", run.gammaSeconds()).put("scale_seconds", run.scaleSeconds())
                .put("score_seconds", run.scoreSeconds())
                .put("n_train", run.trainSize()).put("data", data.toString())
                .put("scale", parameters.scale.cliName())
                .put("kernel_from", (String) null)
                .put("scored_on", testScore != null ? "test" : "train")
                .put("converged", t.report().converged())
                .put("max_core", (long) parameters.maxCore())
                .put("engine", "spark")
                .put("master", run.master())
                .put("cost", run.cost());
        json.write(s);
        return 0;
    }

    /** Whether a location names a URI scheme (hdfs:, file:, s3a:, ...) rather than a plain path. */
    static boolean hasScheme(String location) {
        return location.matches("[A-Za-z][A-Za-z0-9+.-]+:.*");
    }

    /** The --test points, of the training dimension. */
    private LabeledDataset testPoints(int dim) throws Exception {
        Dataset<?> d = CvmCli.readExamples(test, "--test", parameters.format, dim);
        if (d.kind() != InputKind.VECTORS) {
            throw new IllegalArgumentException("--test " + test + " holds bags, but --data " + data + " holds points");
        }
        LabeledDataset t = (LabeledDataset) d;
        if (t.dim() != dim) {
            throw new IllegalArgumentException("--test " + test + " has " + t.dim() + " features, expected " + dim);
        }
        return t;
    }

    /** cvm, bvm or one-class on bags with the set kernel. */
    private int bags(BagDataset train) throws Exception {
        if (kernelFrom.given()) {
            throw new IllegalArgumentException("--kernel-from uses a kernel learned on points, but " + data
                    + " holds bags; on bags give --gamma (the set kernel's instance Gaussian) and --set-kernel");
        }
        BagDataset testSet = null;
        if (test != null) {
            Dataset<?> d = CvmCli.readExamples(test, "--test", parameters.format, -1);
            if (d.kind() != InputKind.BAGS) {
                throw new IllegalArgumentException("--test " + test + " holds points, but --data " + data + " holds bags");
            }
            testSet = (BagDataset) d;
            if (testSet.dim() != train.dim()) {
                throw new IllegalArgumentException("--test " + test + ": its instances have " + testSet.dim()
                        + " features, expected " + train.dim() + " (those of --data " + data + ")");
            }
        }
        parameters.apply(MemoryEstimates.bagCvm("cvm train", train, parameters.cacheMb, parameters.maxCore),
                spec.commandLine().getErr(), train.size());
        CvmCli.Fit<Bag> t = CvmCli.fit(parameters, train);
        long s0 = System.nanoTime();
        Double trainScore = testSet == null || this.trainScore ? CvmCli.accuracy(t.model(), train, "--data " + data) : null;
        Double testScore = testSet == null ? null : CvmCli.accuracy(t.model(), testSet, "--test " + test);
        double scoreSeconds = (System.nanoTime() - s0) * 1e-9;
        if (model != null) {
            Models.save(t.model(), model);
        }
        PrintWriter out = spec.commandLine().getOut();
        print(out, t.coreVectors(), t.fitSeconds(), "accuracy", trainScore, testScore, t.preparationText(), scoreSeconds);
        out.printf(Locale.ROOT, "bags: %d in %s, %d instances; learner %s, kernel %s%n", train.size(), data,
                train.instanceCount(), t.inner().report().learner(), Kernels.format(kernelOf(t)));
        out.flush();
        JsonSummary s = new JsonSummary().put("command", "cvm train").put("method", parameters.method)
                .put("input", "bags").put("learner", t.inner().report().learner())
                .put("accuracy", testScore != null ? testScore : trainScore).put("core_vectors", (long) t.coreVectors())
                .put("train_seconds", t.fitSeconds()).put("gamma_seconds", t.gammaSeconds())
                .put("scale_seconds", t.scaleSeconds()).put("score_seconds", scoreSeconds)
                .put("n_train", (long) train.size()).put("data", data.toString()).put("scale", parameters.scale.cliName())
                .put("kernel", Kernels.format(kernelOf(t))).put("kernel_from", (String) null)
                .put("scored_on", testScore != null ? "test" : "train")
                .put("converged", t.inner().report().converged())
                .put("max_core", (long) parameters.maxCore());
        json.write(s);
        return 0;
    }

    private static dev.kernelkit.kernel.Kernel<?> kernelOf(CvmCli.Fit<Bag> t) {
        if (t.inner() instanceof dev.kernelkit.cvm.BagCvmModel m) {
            return m.machines().get(0).kernel();
        }
        return ((dev.kernelkit.cvm.BagOneClassCvmModel) t.inner()).kernel();
    }

    private void print(PrintWriter out, int cores, double seconds, String what, Double trainScore, Double testScore,
                       String preparation, double scoreSeconds) {
        List<String> scores = new ArrayList<>();
        if (trainScore != null) {
            scores.add(String.format(Locale.ROOT, "train %s %.6f", what, trainScore));
        }
        if (testScore != null) {
            scores.add(String.format(Locale.ROOT, "test %s %.6f", what, testScore));
        }
        out.printf(Locale.ROOT, "%s (%s mode): %d core vectors, trained in %.3f s; %s%n", parameters.method,
                parameters.mode, cores, seconds, String.join(", ", scores));
        out.printf(Locale.ROOT, "not in the training time: %sscoring %s (%.3f s)%n", preparation,
                trainScore != null && testScore != null ? "training and test data" : testScore != null ? "test data"
                        : "training data", scoreSeconds);
        if (model != null) {
            out.println("model written to " + model);
        }
        out.flush();
    }
}
