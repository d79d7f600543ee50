package dev.kernelkit.cli;

import dev.kernelkit.cli.CliEnums.DataFormat;
import dev.kernelkit.cli.CliEnums.Loss;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.svm.SvmDuplicates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import picocli.CommandLine.Option;

/**
 * The option groups shared by the commands, as picocli mixins, each with a {@code validate()}
 * that throws an {@link IllegalArgumentException} naming the option and the value (exit code 1).
 * Values that cannot be parsed at all (e.g. {@code --c abc}) are rejected by picocli as usage
 * errors (exit code 2).
 */
public final class Options {
    private Options() {
    }

    /** {@code --data FILE [--format F]}: the input file. */
    public static final class Input {
        @Option(names = "--data", required = true, paramLabel = "FILE",
                description = "Data file (training data for train and cv; the points to predict for predict).")
        Path data;

        @Option(names = "--format", paramLabel = "FORMAT", converter = DataFormat.Converter.class,
                description = "File format of --data (and --test): libsvm, csv-bags or arff (default: from the "
                        + "extension; .csv is csv-bags, .arff is arff, anything else libsvm).")
        DataFormat format;

        /** The data file. */
        public Path data() {
            return data;
        }

        /** The format of a file: --format when given, else implied by its extension. */
        public DataFormat formatOf(Path file) {
            return format != null ? format : DataFormat.forFile(file);
        }

        /** @throws IllegalArgumentException when the file does not exist or is a folder */
        public void validate() {
            checkReadable("--data", data);
        }
    }

    /** {@code [--test FILE]}: an optional held-out test file. */
    public static final class TestInput {
        @Option(names = "--test", paramLabel = "FILE",
                description = "Optional test data file, scored with the model trained on --data.")
        Path test;

        /** The test file, or null. */
        public Path test() {
            return test;
        }

        /** @throws IllegalArgumentException when a given file does not exist or is a folder */
        public void validate() {
            if (test != null) {
                checkReadable("--test", test);
            }
        }
    }

    /** {@code --scale none|standard|minmax|log1p-minmax}. */
    public static final class Scale {
        @Option(names = "--scale", paramLabel = "SCALING", converter = CliEnums.ScalingConverter.class, defaultValue = "none",
                description = "Feature scaling fitted on the training part only and stored in the model: "
                        + "none, standard, minmax or log1p-minmax (default: ${DEFAULT-VALUE}).")
        FeatureScaling scaling = FeatureScaling.NONE;

        /** The chosen scaling. */
        public FeatureScaling scaling() {
            return scaling;
        }
    }

    /** {@code --kernel SPEC | --gamma G}, {@code --c C}, {@code --loss hinge|squared-hinge}. */
    public static final class SvmParameters implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Option(names = "--kernel", paramLabel = "SPEC",
                description = "Kernel specification, e.g. gaussian:gamma=0.5 (alternative to --gamma).")
        String kernel;

        @Option(names = "--gamma", paramLabel = "G",
                description = "Width of the Gaussian (RBF) kernel exp(-G ||x - z||^2); G > 0.")
        Double gamma;

        @Option(names = "--c", paramLabel = "C", description = "Soft-margin cost C > 0.")
        Double c;

        @Option(names = "--loss", paramLabel = "LOSS", converter = Loss.Converter.class, defaultValue = "hinge",
                description = "hinge (C-SVC) or squared-hinge (L2-SVM) (default: ${DEFAULT-VALUE}).")
        Loss loss = Loss.HINGE;

        @Option(names = "--duplicates", paramLabel = "MODE",
                description = "Vectors: equal training points of one class become one dual variable with their summed "
                        + "cost (merge, default: the same optimum, fewer variables) or one each, as LIBSVM (keep).")
        String duplicates;

        /** --duplicates, else {@link SvmDuplicates#MERGE}. */
        public SvmDuplicates duplicates() {
            return duplicates == null ? SvmDuplicates.MERGE : SvmDuplicates.parse(duplicates);
        }

        /** Whether --duplicates was given. */
        public boolean duplicatesGiven() {
            return duplicates != null;
        }

        /** The kernel spec, or null. */
        public String kernel() {
            return kernel;
        }

        /** --gamma when given. */
        public OptionalDouble gamma() {
            return gamma == null ? OptionalDouble.empty() : OptionalDouble.of(gamma);
        }

        /** --c when given. */
        public OptionalDouble c() {
            return c == null ? OptionalDouble.empty() : OptionalDouble.of(c);
        }

        /** The loss. */
        public Loss loss() {
            return loss;
        }

        /** Whether a kernel was chosen (by --kernel or --gamma). */
        public boolean hasKernel() {
            return kernel != null || gamma != null;
        }

        /**
         * Checks ranges and that --kernel and --gamma are not both given.
         *
         * @throws IllegalArgumentException naming the option and value
         */
        public void validate() {
            if (kernel != null && gamma != null) {
                throw new IllegalArgumentException("give either --kernel or --gamma, not both (got --kernel "
                        + kernel + " and --gamma " + gamma + ")");
            }
            if (kernel != null && kernel.isBlank()) {
                throw new IllegalArgumentException("--kernel must be a kernel specification such as gaussian:gamma=0.5, got an empty string");
            }
            if (gamma != null) {
                positive("--gamma", gamma);
            }
            if (c != null) {
                positive("--c", c);
            }
            if (duplicates != null) {
                SvmDuplicates.parse(duplicates, "--duplicates");
            }
        }

        /**
         * Checks that a kernel and C were given (train, bench svm).
         *
         * @throws IllegalArgumentException naming what is missing
         */
        public void requireKernelAndC() {
            if (!hasKernel()) {
                throw new IllegalArgumentException("a kernel is required: give --gamma G (Gaussian kernel) or --kernel SPEC");
            }
            if (c == null) {
                throw new IllegalArgumentException("--c C is required");
            }
        }
    }

    /** {@code --folds K --repeats R --seed S}: cross-validation. */
    public static final class Validation {
        @Option(names = "--folds", paramLabel = "K", defaultValue = "5",
                description = "Number of stratified folds, K >= 2 (default: ${DEFAULT-VALUE}).")
        int folds = 5;

        @Option(names = "--repeats", paramLabel = "R", defaultValue = "1",
                description = "Number of repetitions of the K-fold split with different shuffles, R >= 1 (default: ${DEFAULT-VALUE}).")
        int repeats = 1;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
                description = "Seed of the fold shuffles (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        /** K. */
        public int folds() {
            return folds;
        }

        /** R. */
        public int repeats() {
            return repeats;
        }

        /** S. */
        public long seed() {
            return seed;
        }

        /** @throws IllegalArgumentException naming the option and value */
        public void validate() {
            if (folds < 2) {
                throw new IllegalArgumentException("--folds must be >= 2, got " + folds);
            }
            if (repeats < 1) {
                throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
            }
        }
    }

    /** {@code --seed S} alone (demo, bench). */
    public static final class Seed implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
                description = "Random seed (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        /** S. */
        public long seed() {
            return seed;
        }
    }

    /** {@code --json FILE}: the machine-readable summary. */
    public static final class Json {
        @Option(names = "--json", paramLabel = "FILE",
                description = "Also write a JSON summary to FILE (keys: see README, section Command line).")
        Path json;

        /** The file, or null. */
        public Path file() {
            return json;
        }

        /** Writes the summary when --json was given. */
        public void write(JsonSummary summary) throws java.io.IOException {
            if (json != null) {
                summary.writeTo(json);
            }
        }
    }

    /**
     * {@code --data FILE [--format F] [--label-column NAME]}: the labelled data of a command that takes any
     * catalog learner's input (vectors or bags; {@code -} is standard input).
     */
    public static final class LabelledData {
        @Option(names = "--data", required = true, paramLabel = "FILE", description = "Labelled data: vectors (LIBSVM, "
                + "CSV with a header, ARFF) or bags (CSV bags, multi-instance ARFF); - reads standard input.")
        Path data;

        @Option(names = "--format", paramLabel = "FORMAT", description = "Format of --data: " + ExampleFiles.FORMATS
                + " (default: from the extension and header).")
        String format;

        @Option(names = "--label-column", paramLabel = "NAME",
                description = "CSV vectors (--format csv, or a .csv file whose header does not start with bag or "
                        + "series): the label column's header name (default: the first column).")
        String labelColumn;

        /** The data file. */
        public Path file() {
            return data;
        }

        /**
         * The file's format ({@link ExampleFiles#formatOf}), after checking it can be read.
         *
         * @throws java.io.IOException naming the file when it is missing or unreadable
         */
        public ExampleFiles.Format format() throws java.io.IOException {
            checkReadable("--data", data);
            return ExampleFiles.formatOf(data, format);
        }

        /** Every example of the file in its format (LIBSVM as dense or sparse points). */
        public dev.kernelkit.data.Dataset<?> read(ExampleFiles.Format f, boolean dense) throws java.io.IOException {
            return ExampleFiles.read(data, f, dense, labelColumn);
        }
    }

    /**
     * {@code --threads N}: the threads of a command that runs in parallel (default: every core). The
     * command runs inside {@link dev.kernelkit.util.Threads#call}, which bounds the harness's pools, the
     * Gram builders and parallel streams; results do not depend on N.
     */
    public static final class Threads {
        @Option(names = "--threads", paramLabel = "N",
                description = "Threads to run on, N >= 1 (default: every available core).")
        Integer threads;

        /** --threads N, or every available processor. */
        public int threads() {
            return threads != null ? threads : Runtime.getRuntime().availableProcessors();
        }

        /** @throws IllegalArgumentException naming the option and value */
        public void validate() {
            if (threads != null && threads < 1) {
                throw new IllegalArgumentException("--threads must be >= 1, got " + threads);
            }
        }
    }

    /**
     * {@code --resume}: continue a killed cv/compare run from the journal beside its --json file
     * ({@code F.journal}, see {@link Journals}).
     */
    public static final class Resume {
        @Option(names = "--resume",
                description = "Continue a killed run from the journal beside --json FILE (FILE.journal, written after every "
                        + "outer fold); the result is that of an uninterrupted run. The journal must come from the same command "
                        + "and arguments.")
        boolean resume;

        /** Whether --resume was given. */
        public boolean resume() {
            return resume;
        }
    }

    /**
     * {@code --engine local|spark [--master URL]}: where a command's harness makes its fits
     * ({@link dev.kernelkit.eval.FitEngines}); spark needs Spark and kernelkit-spark on the class path,
     * which {@code spark/bin/kernelkit-spark} puts there.
     */
    public static final class Engine {
        /** The one line of an --engine spark run without Spark on the class path. */
        public static final String SPARK_MISSING = "--engine spark needs Spark on the class path: run spark/bin/kernelkit-spark "
                + "with the same arguments";

        @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "local",
                description = "Where the fits run: local (this machine) or spark (Spark tasks, one per inner split, the same results; "
                        + "needs Spark on the class path: spark/bin/kernelkit-spark) (default: ${DEFAULT-VALUE}).")
        String engine = "local";

        @Option(names = "--master", paramLabel = "URL",
                description = "With --engine spark: the Spark master URL (default: spark-submit's --master, else "
                        + "local[*], every core here).")
        String master;

        /**
         * Checks the options, before any data are read.
         *
         * @throws IllegalArgumentException for another engine, or --master without --engine spark
         */
        public void validate() {
            if (!engine.equals("local") && !engine.equals("spark")) {
                throw new IllegalArgumentException("--engine must be local or spark, got '" + engine + "'");
            }
            if (master != null && !engine.equals("spark")) {
                throw new IllegalArgumentException("--master " + master + " applies only with --engine spark");
            }
        }

        /** Whether the fits run on Spark. */
        public boolean spark() {
            return engine.equals("spark");
        }

        /**
         * Opens the engine (for spark: finds or starts the Spark session).
         *
         * @throws IllegalArgumentException as {@link #validate()}, and {@link #SPARK_MISSING} when Spark is not on
         *         the class path
         */
        public dev.kernelkit.eval.CatalogEngine open() {
            validate();
            if (!spark()) {
                return dev.kernelkit.eval.FitEngines.local();
            }
            try {
                return dev.kernelkit.eval.FitEngines.named("spark",
                        master == null ? java.util.Map.of() : java.util.Map.of("master", master));
            } catch (dev.kernelkit.eval.FitEngineUnavailableException e) {
                throw new IllegalArgumentException(SPARK_MISSING, e);
            }
        }
    }

    /**
     * {@code --metric M}: what the inner CV of a module command's model selection maximises, one of
     * {@link dev.kernelkit.eval.Metric#NAMES} (accuracy, balanced-accuracy, f1 = macro F1, auc = ROC AUC of two
     * classes). The test parts stay scored by accuracy ({@code accuracy_mean} and the other metrics' means are what
     * they are either way); the chosen metric only decides which grid point each outer training part keeps, and is
     * named in the JSON ({@code "metric"}) and, when it is not accuracy, on the terminal. An unknown name is a usage
     * error (exit code 2).
     */
    public static final class SelectionMetric {
        @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "accuracy", converter = MetricName.class,
                description = "What the inner CV maximises when it chooses parameters: accuracy, balanced-accuracy, f1 "
                        + "(macro F1) or auc (two classes) (default: ${DEFAULT-VALUE}). The test parts are scored by every "
                        + "metric either way.")
        String metric = dev.kernelkit.eval.Metric.ACCURACY;

        /** The metric's name, e.g. {@code balanced-accuracy}. */
        public String name() {
            return metric;
        }

        /** Whether it is accuracy, the default (then every protocol is exactly as without the option). */
        public boolean isAccuracy() {
            return metric.equals(dev.kernelkit.eval.Metric.ACCURACY);
        }

        /**
         * Checks the metric against the data, before anything runs.
         *
         * @param classes the number of classes of the data
         * @param data the data file, for the message
         * @throws IllegalArgumentException for auc on data of other than two classes
         */
        public void checkClasses(int classes, Object data) {
            if (metric.equals(dev.kernelkit.eval.Metric.AUC) && classes != 2) {
                throw new IllegalArgumentException("--metric auc needs two classes, but " + data + " has " + classes
                        + "; give --metric accuracy, balanced-accuracy or f1");
            }
        }

        /**
         * The protocol with {@code metric} as the inner metric its search maximises
         * ({@link dev.kernelkit.eval.ModelSelection#withInnerMetric}); the protocol itself for accuracy, so that the
         * default keeps a protocol's own inner score (e.g. MKL's pooled count of correct predictions). For recipes,
         * which carry the name.
         */
        public static <X> dev.kernelkit.eval.ModelSelection<X> maximising(dev.kernelkit.eval.ModelSelection<X> protocol,
                                                                         String metric) {
            return metric.equals(dev.kernelkit.eval.Metric.ACCURACY) ? protocol
                    : protocol.withInnerMetric(dev.kernelkit.eval.Metric.named(metric));
        }

        /** Adds {@code "metric": name} to the JSON and returns it. */
        public JsonSummary into(JsonSummary j) {
            return j.put("metric", metric);
        }

        /**
         * The terminal line of a metric other than accuracy: what chose the parameters, and its mean ± sd over the
         * outer test parts when the models kept their predictions ({@link dev.kernelkit.eval.Evaluation#classificationMetrics});
         * nothing for accuracy.
         */
        public void print(java.io.PrintWriter out, dev.kernelkit.eval.Evaluation ev) {
            if (isAccuracy()) {
                return;
            }
            String key = meanKey(metric).replace("_mean", "");
            java.util.Map<String, Object> m = ev.classificationMetrics();
            String test = m.get(key + "_mean") instanceof Double mean && m.get(key + "_sd") instanceof Double sd
                    ? String.format(java.util.Locale.ROOT, "; test %s %.4f ± %.4f", metric, mean, sd) : "";
            out.println("metric " + metric + " (maximised by the inner CV)" + test);
        }

        /** The key of the metric's test mean in {@link EvaluationJson}'s block, e.g. {@code balanced_accuracy_mean}. */
        public static String meanKey(String metric) {
            return switch (metric) {
                case dev.kernelkit.eval.Metric.BALANCED_ACCURACY -> "balanced_accuracy_mean";
                case dev.kernelkit.eval.Metric.F1 -> "macro_f1_mean";
                case dev.kernelkit.eval.Metric.AUC -> "auc_mean";
                default -> "accuracy_mean";
            };
        }

        /** The names of {@link dev.kernelkit.eval.Metric#named}; anything else is a usage error. */
        static final class MetricName implements picocli.CommandLine.ITypeConverter<String> {
            @Override
            public String convert(String value) {
                if (!dev.kernelkit.eval.Metric.NAMES.contains(value)) {
                    throw new picocli.CommandLine.TypeConversionException("expected one of "
                            + String.join(", ", dev.kernelkit.eval.Metric.NAMES) + " but was '" + value + "'");
                }
                return value;
            }
        }
    }

    /** @throws IllegalArgumentException unless value is a positive finite number */
    static void positive(String option, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(option + " must be > 0 and finite, got " + value);
        }
    }

    /** @throws IllegalArgumentException when the file is missing or a folder */
    static void checkReadable(String option, Path file) {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": not a regular file: " + file);
        }
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException(option + ": file is not readable: " + file);
        }
    }
}
