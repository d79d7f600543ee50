package dev.kernelkit.cli;

import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.eval.PredictionsCsv;
import dev.kernelkit.eval.ScoringEngineProvider;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.io.AtomicFiles;
import dev.kernelkit.io.Models;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.Scaled;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit predict}: predicts with a model file of any type through the one model-file
 * entry point ({@link Models#load}: the type in the file picks the reader). The data file is read
 * as the model's own input kind ({@link ExampleFiles}); a classifier writes one predicted class name
 * per line and its accuracy against the file's labels, a regressor its predicted values and the
 * mean squared error and R^2.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Predict --data with a model file of any type (svm, cvm, cvr, one-class-cvm, mkl, imkpl, "
                + "sparse-mi, mikernel, misvm, miles, micccp): the file's type picks the reader, the data are read as "
                + "the model's input (vectors or bags).",
                "Writes one predicted class name (a regressor: value) per line to --output, or to stdout; the summary "
                + "line (accuracy, or MSE and R^2) goes to stdout with --output and to stderr without, so stdout "
                + "then holds the predictions only."})
public final class PredictCommand implements Callable<Integer> {
    /**
     * Model types whose module reads LIBSVM data as dense points in its own commands (cvm, prototypes);
     * the others (svm, mkl) read them sparse. Predict reads as the module did, so the kernel values
     * are computed on the same representation.
     */
    private static final Set<String> DENSE_TYPES = Set.of("cvm", "cvr", "one-class-cvm", "imkpl");

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model file written by any "
            + "kernelkit command or Models.save.")
    Path model;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "The examples to predict, with labels "
            + "(targets for a regressor).")
    Path data;

    @Option(names = "--format", paramLabel = "FORMAT", description = "Format of --data: " + ExampleFiles.FORMATS
            + " (default: from the extension and header; .csv by its first column bag or series, .arff, else libsvm).")
    String format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the predictions to FILE (atomically) "
            + "instead of stdout.")
    Path output;

    @Option(names = "--probability", negatable = true, defaultValue = "false",
            description = "Write the class probabilities too (a model trained with --probability): a CSV with the header "
                    + "prediction,p_<class>,... in the model's class order (LIBSVM svm-predict -b 1).")
    boolean probability;

    @Option(names = "--decisions", negatable = true, defaultValue = "false",
            description = "Write the decision values too: a CSV column decision (two classes; class 2 when > 0) or "
                    + "d_<class> per class (three or more).")
    boolean decisions;

    @Option(names = "--label-column", paramLabel = "NAME",
            description = "CSV vectors: the label column's header name (default: the first column when the file has one "
                    + "column more than the model's features, else no labels).")
    String labelColumn;

    @Mixin
    Options.Json json;

    /** --engine spark: LIBSVM data (or CSV bags) of any size scored partition by partition, --output a new folder. */
    @Mixin
    Options.Engine engine;

    /**
     * Vector rows read here rather than by {@link LoadedModel#read}: CSV vectors and LIBSVM rows, labelled or
     * not (read once, at the model's dimension); unlabelled rows carry placeholder labels that are never scored.
     */
    private record Rows(Dataset<?> data, boolean labelled) {
    }

    /**
     * The rows of a CSV vector or LIBSVM file for a vector model, labelled or not (LIBSVM lines of index:value
     * only), else null: other files are read by {@link LoadedModel#read}.
     */
    private Rows vectorRows(LoadedModel m) throws IOException {
        if (m.model().input() != dev.kernelkit.data.InputKind.VECTORS) {
            return null;
        }
        Options.checkReadable("--data", data);
        ExampleFiles.Format f = ExampleFiles.formatOf(data, format);
        dev.kernelkit.data.CsvVectorFormat.Rows rows;
        if (f == ExampleFiles.Format.LIBSVM) {
            try {
                rows = dev.kernelkit.data.LibsvmFormat.readForPrediction(data, m.model().dim(),
                        DENSE_TYPES.contains(m.type()));
            } catch (dev.kernelkit.data.MalformedDataException e) {
                if (e.problem().contains("exceeds the dimension")) {
                    throw new IOException(e.getMessage() + " of " + m.who(), e);
                }
                throw e;
            }
        } else if (f == ExampleFiles.Format.CSV) {
            rows = dev.kernelkit.data.CsvVectorFormat.readForPrediction(data, labelColumn, m.model().dim());
        } else {
            return null;
        }
        if (rows.points().isEmpty()) {
            throw new IllegalArgumentException(data + " holds no examples");
        }
        if (rows.labels() != null) {
            // labelled rows: the points of the model's dimension as LoadedModel.read gives them, read once
            return new Rows(new dev.kernelkit.data.LabeledDataset(rows.points(), rows.labels()), true);
        }
        return new Rows(new dev.kernelkit.data.LabeledDataset(rows.points(), new double[rows.points().size()]), false);
    }

    /**
     * A loaded model file.
     *
     * @param file the file
     * @param model the model (behind its scaler, if it has one)
     * @param type the model type written in the file
     */
    public record LoadedModel(Path file, FittedModel<?> model, String type) {
        /** Checks the parts. */
        public LoadedModel {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(type, "type");
        }

        /** "the model FILE (type T)", for messages. */
        public String who() {
            return "the model " + file + " (type " + type + ")";
        }

        /**
         * Reads the examples this model predicts on.
         *
         * @param format --format, or null for the file's own
         * @throws IllegalArgumentException naming the file and the problem (other input kind, other dimension)
         * @throws IOException for a missing or malformed file
         */
        public Dataset<?> read(Path dataFile, String format) throws IOException {
            Options.checkReadable("--data", dataFile);
            ExampleFiles.Format f = ExampleFiles.formatOf(dataFile, format);
            if (f == ExampleFiles.Format.CSV_SERIES && Scaled.innermost(model) instanceof dev.kernelkit.learn.LearnsKernel<?> k
                    && k.baseKernels().acceptsAnyDimension()) {
                // one alignment kernel per channel: series of any lengths, in the variable-length encoding
                return dev.kernelkit.data.CsvSeriesFormat.readSeries(dataFile).encoded();
            }
            return ExampleFiles.readFor(dataFile, f, model.input(), model.dim(), who(), DENSE_TYPES.contains(type));
        }
    }

    /**
     * Loads any model file.
     *
     * @throws IOException naming the file (and line) when it is missing, not a kernelkit model or of an
     *         unknown type
     */
    public static LoadedModel load(Path file) throws IOException {
        Options.checkReadable("--model", file);
        FittedModel<?> m = Models.load(file);
        return new LoadedModel(file, m, Models.codecFor(Scaled.innermost(m)).type());
    }

    /**
     * Reads the examples a model loaded by a per-module predict alias predicts on, as {@link LoadedModel#read}.
     *
     * @param modelFile the model's file, for messages
     * @param format --format, or null for the file's own
     * @throws IllegalArgumentException naming the file and the problem (other input kind, other dimension)
     * @throws IOException for a missing or malformed file
     */
    public static Dataset<?> readFor(FittedModel<?> model, Path modelFile, Path data, String format) throws IOException {
        return new LoadedModel(modelFile, model, Models.codecFor(Scaled.innermost(model)).type()).read(data, format);
    }

    /**
     * The predictions of a model on data.
     *
     * @param names the predicted class names (null for a regressor)
     * @param values the predicted values (null for a classifier)
     * @param accuracy the fraction of examples predicted as their label (null for a regressor, or when
     *        no label of the data is a class of the model)
     * @param mse mean squared error of a regressor (else null)
     * @param r2 1 - SSE / SST of a regressor (null for a classifier or constant targets)
     * @param seconds seconds to predict
     */
    public record Predictions(List<String> names, double[] values, Double accuracy, Double mse, Double r2,
                              double seconds) {
        /**
         * A CSV of the predicted class names with, per example, the probabilities and/or decision values of a
         * classifier: the header {@code prediction,p_<class>,...,decision} (or {@code d_<class>,...}), then one row
         * per example.
         *
         * @param probabilities one row per example in the model's class order, or null
         * @param decisionValues one row per example ({f} for two classes, one per class otherwise), or null
         */
        public String csv(List<String> classNames, double[][] probabilities, double[][] decisionValues) {
            StringBuilder sb = new StringBuilder(size() * 24);
            sb.append(PredictionsCsv.header(classNames, probabilities != null, decisionValues != null));
            for (int i = 0; i < size(); i++) {
                PredictionsCsv.appendRow(sb, names.get(i), probabilities == null ? null : probabilities[i],
                        decisionValues == null ? null : decisionValues[i]);
            }
            return sb.toString();
        }

        /** The number of examples predicted. */
        public int size() {
            return names != null ? names.size() : values.length;
        }

        /** The lines of the predictions file: class names, or values as {@link Double#toString}. */
        public String text() {
            StringBuilder sb = new StringBuilder(size() * 4);
            for (int i = 0; i < size(); i++) {
                sb.append(names != null ? names.get(i) : Double.toString(values[i])).append('\n');
            }
            return sb.toString();
        }
    }

    /**
     * Predicts every example (in parallel; models are immutable) and scores the predictions against
     * the labels: classes are matched by name, numerically equal names match ({@code 1} and {@code +1}),
     * and for a one-class model label +1 is {@code inlier}, -1 {@code outlier}.
     */
    @SuppressWarnings("unchecked")
    public static Predictions predict(FittedModel<?> model, Dataset<?> data) {
        Stopwatch clock = Stopwatch.start();
        if (model instanceof Model<?> m) {
            Model<Object> c = (Model<Object>) m;
            Dataset<Object> d = (Dataset<Object>) data;
            int[] predicted = IntStream.range(0, d.size()).parallel().map(i -> c.predict(d.x(i))).toArray();
            double seconds = clock.elapsedSeconds();
            List<String> modelNames = c.classNames();
            List<String> names = IntStream.of(predicted).mapToObj(modelNames::get).toList();
            int[] map = classMap(modelNames, d.classNames());
            Double accuracy = null;
            if (IntStream.of(map).anyMatch(k -> k >= 0)) {
                int ok = 0;
                for (int i = 0; i < predicted.length; i++) {
                    ok += predicted[i] == map[d.classIndex(i)] ? 1 : 0;
                }
                accuracy = (double) ok / predicted.length;
            }
            return new Predictions(names, null, accuracy, null, null, seconds);
        }
        if (model instanceof RegressionModel<?> r) {
            RegressionModel<Object> reg = (RegressionModel<Object>) r;
            Dataset<Object> d = (Dataset<Object>) data;
            double[] values = IntStream.range(0, d.size()).parallel().mapToDouble(i -> reg.predict(d.x(i))).toArray();
            double seconds = clock.elapsedSeconds();
            double[] y = dev.kernelkit.data.LabeledDataset.of(d).labels();
            double mean = 0;
            for (double v : y) {
                mean += v;
            }
            mean /= y.length;
            double sse = 0;
            double sst = 0;
            for (int i = 0; i < y.length; i++) {
                sse += (values[i] - y[i]) * (values[i] - y[i]);
                sst += (y[i] - mean) * (y[i] - mean);
            }
            return new Predictions(null, values, null, sse / y.length, sst > 0 ? 1 - sse / sst : null, seconds);
        }
        throw new IllegalArgumentException("cannot predict with a " + model.getClass().getSimpleName()
                + ": neither a classifier nor a regressor");
    }

    /** For each class of the data, the index of the model's class of the same name, or -1. */
    static int[] classMap(List<String> modelNames, List<String> dataNames) {
        boolean oneClass = modelNames.equals(List.of(OneClassCvmModel.OUTLIER, OneClassCvmModel.INLIER));
        int[] map = new int[dataNames.size()];
        for (int c = 0; c < map.length; c++) {
            map[c] = -1;
            String name = dataNames.get(c);
            for (int k = 0; k < modelNames.size() && map[c] < 0; k++) {
                if (sameClass(modelNames.get(k), name)) {
                    map[c] = k;
                }
            }
            Double v = number(name);
            if (map[c] < 0 && oneClass && v != null && (v == 1 || v == -1)) {
                map[c] = v == 1 ? 1 : 0;
            }
        }
        return map;
    }

    private static boolean sameClass(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        Double x = number(a);
        Double y = number(b);
        return x != null && y != null && x.doubleValue() == y.doubleValue();
    }

    private static Double number(String s) {
        try {
            double v = Double.parseDouble(s.strip());
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public Integer call() throws Exception {
        engine.validate();
        boolean jsonToStdout = json.file() != null
                && (AtomicFiles.isStandardOutput(json.file()) || AtomicFiles.namesStandardOutput(json.file()));
        if (engine.spark()) {
            return callOnSpark(jsonToStdout ? spec.commandLine().getErr() : spec.commandLine().getOut());
        }
        if (jsonToStdout && (output == null || AtomicFiles.isStandardOutput(output))) {
            throw new IllegalArgumentException("--json " + json.file() + ": the predictions go to standard output; "
                    + "give --output FILE for them, or --json FILE");
        }
        LoadedModel m = load(model);
        Rows rows = vectorRows(m);
        Dataset<?> d = rows != null ? rows.data() : m.read(data, format);
        if ((probability || decisions) && !(m.model() instanceof Model<?>)) {
            throw new IllegalArgumentException((probability ? "--probability" : "--decisions") + " needs a classifier; "
                    + m.who() + " is a regressor");
        }
        if (probability) {
            // fails before any output, naming the learner, when the model has no probability outputs
            probe(m);
        }
        Predictions p = predict(m.model(), d);
        String text = probability || decisions ? p.csv(modelClasses(m.model()),
                probability ? rows(m.model(), d, true) : null, decisions ? rows(m.model(), d, false) : null) : p.text();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter summary = jsonToStdout ? spec.commandLine().getErr() : out;  // stdout carries the JSON alone
        if (output != null && !AtomicFiles.isStandardOutput(output)) {  // --output - is stdout, as without it
            AtomicFiles.writeString(output, text);
        } else {
            out.print(text);
            out.flush();
            summary = spec.commandLine().getErr();
        }
        String file = CommandSupport.fileName(data);
        if (rows != null && !rows.labelled()) {
            summary.println(String.format(Locale.ROOT, "%s: %d unlabelled %s predicted by %s (no labels: no accuracy)",
                    file, p.size(), d.kind().label(), m.type()));
        } else if (p.names() != null) {
            summary.println(p.accuracy() == null
                    ? String.format(Locale.ROOT, "%s: %d %s predicted by %s; no accuracy: none of the file's labels %s "
                            + "is a class of the model %s", file, p.size(), d.kind().label(), m.type(), d.classNames(),
                            modelClasses(m.model()))
                    : String.format(Locale.ROOT, "%s: %d %s predicted by %s, accuracy %s", file, p.size(),
                            d.kind().label(), m.type(), TablePrinter.percent(p.accuracy())));
        } else {
            summary.println(String.format(Locale.ROOT, "%s: %d %s predicted by %s, MSE %s, R^2 %s", file, p.size(),
                    d.kind().label(), m.type(), TablePrinter.general(p.mse()),
                    p.r2() == null ? "undefined (constant targets)" : TablePrinter.fixed(p.r2(), 4)));
        }
        if (output != null) {
            summary.println("predictions written to " + output);
        }
        summary.flush();
        JsonSummary js = jsonHead(m, d.kind().label(), p.size())
                .put("labelled", rows == null || rows.labelled())
                .putOptional("accuracy", rows != null && !rows.labelled() ? null : p.accuracy())
                .putOptional("mse", rows != null && !rows.labelled() ? null : p.mse())
                .putOptional("r2", rows != null && !rows.labelled() ? null : p.r2())
                .put("predict_seconds", p.seconds())
                .put("probability", probability)
                .put("decisions", decisions)
                .put("predictions_file", output == null ? null : output.toString());
        json.write(CommandSupport.putEnvironment(js));
        return Main.OK;
    }

    /** The keys every predict JSON starts with: command, model, model_type, learner, data, input, n. */
    private JsonSummary jsonHead(LoadedModel m, String input, long n) {
        return new JsonSummary()
                .put("command", "predict")
                .put("model", model.toString())
                .put("model_type", m.type())
                .put("learner", Scaled.innermost(m.model()).report().learner())
                .put("data", data.toString())
                .put("input", input)
                .put("n", n);
    }

    /**
     * {@code --engine spark}: a vector classifier scores a LIBSVM file or folder, a bag classifier a CSV bag file or
     * folder, partition by partition on Spark ({@link ScoringEngineProvider} "spark", from kernelkit-spark), one
     * predictions file per partition in the new folder --output, and the accuracy line of a local run.
     *
     * @param out where the summary lines go (stderr when --json writes to standard output)
     */
    private Integer callOnSpark(PrintWriter out) throws IOException {
        if (labelColumn != null) {
            throw new IllegalArgumentException("--label-column applies to --engine local only: --engine spark scores "
                    + "labelled LIBSVM data or CSV bags");
        }
        if (output == null || AtomicFiles.isStandardOutput(output)) {
            throw new IllegalArgumentException("--engine spark needs --output DIR: a new folder, one predictions file "
                    + "per partition");
        }
        LoadedModel m = load(model);
        if (!(m.model() instanceof Model<?>)) {
            throw new IllegalArgumentException("--engine spark scores classifiers; " + m.who() + " is not one "
                    + "(use --engine local)");
        }
        boolean bags = m.model().input() == dev.kernelkit.data.InputKind.BAGS;
        String readable = bags ? "csv-bags" : "libsvm";
        if (format != null && !format.strip().equalsIgnoreCase(readable)) {
            throw new IllegalArgumentException("--format " + format + " applies to --engine local only: --engine spark "
                    + "scores " + (bags ? "CSV bags (--format csv-bags) with the bag model " : "labelled LIBSVM data "
                    + "(--format libsvm) with the vector model ") + model);
        }
        if (probability) {
            probe(m);   // one line naming the model, before Spark starts
        }
        ScoringEngineProvider.Scores s;
        Stopwatch clock = Stopwatch.start();
        try {
            s = ScoringEngineProvider.named("spark").score(java.nio.file.Files.readString(model), DENSE_TYPES.contains(
                    m.type()), data, output, new ScoringEngineProvider.Columns(probability, decisions),
                    engine.master == null ? java.util.Map.of() : java.util.Map.of("master", engine.master));
        } catch (dev.kernelkit.eval.FitEngineUnavailableException | LinkageError e) {
            throw new IllegalArgumentException(Options.Engine.SPARK_MISSING, e);
        }
        double seconds = clock.elapsedSeconds();
        String file = CommandSupport.fileName(data);
        String input = m.model().input().label();
        out.println(s.accuracy().isEmpty()
                ? String.format(Locale.ROOT, "%s: %d %s predicted by %s; no accuracy: none of the file's labels is "
                        + "a class of the model %s", file, s.examples(), input, m.type(), modelClasses(m.model()))
                : String.format(Locale.ROOT, "%s: %d %s predicted by %s, accuracy %s", file, s.examples(), input,
                        m.type(), TablePrinter.percent(s.accuracy().get())));
        out.println(String.format(Locale.ROOT, "predictions written to %s (%d files, one per partition; engine spark "
                + "on %s)", output, s.partitions(), s.master().orElse("?")));
        out.flush();
        JsonSummary js = jsonHead(m, input, s.examples())
                .put("labelled", true)
                .putOptional("accuracy", s.accuracy().orElse(null))
                .putOptional("mse", null)
                .putOptional("r2", null)
                .put("predict_seconds", seconds)
                .put("probability", probability)
                .put("decisions", decisions)
                .put("predictions_file", output.toString())
                .put("engine", "spark")
                .put("master", s.master().orElse(null))
                .put("partitions", (long) s.partitions());
        json.write(CommandSupport.putEnvironment(js));
        return Main.OK;
    }

    /** Fails with one line naming the model when it gives no probabilities. */
    private static void probe(LoadedModel m) {
        // model files load a calibrated model as the calibration around the (scaled) model
        if (!(m.model() instanceof dev.kernelkit.learn.CalibratedModel<?>)) {
            throw new IllegalArgumentException(m.who() + " was trained without probability outputs: train it with "
                    + "--probability (learner " + m.model().report().learner() + ")");
        }
    }

    /** The probabilities (or decision values) of every example, in parallel. */
    @SuppressWarnings("unchecked")
    private static double[][] rows(FittedModel<?> model, Dataset<?> data, boolean probabilities) {
        Model<Object> c = (Model<Object>) model;
        Dataset<Object> d = (Dataset<Object>) data;
        return IntStream.range(0, d.size()).parallel()
                .mapToObj(i -> probabilities ? c.probabilities(d.x(i)) : c.decisions(d.x(i))).toArray(double[][]::new);
    }

    private static List<String> modelClasses(FittedModel<?> m) {
        return m instanceof Model<?> c ? c.classNames() : List.of();
    }
}
