package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.plot.BarChart;
import dev.kernelkit.plot.PrototypeCompositionChart;
import dev.kernelkit.prototypes.Imkpl;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.PrototypeMeasures;
import dev.kernelkit.prototypes.SyntheticChannels;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit prototypes train|predict|cv|demo}: IMKPL (interpretable multiple-kernel
 * prototype learning) from the command line. Data are multi-class LIBSVM files (labels as they
 * are); one Gaussian base kernel per feature. {@code cv} runs repeated stratified hold-out splits
 * and reports accuracy, IP, DR, selected kernels and training time; {@code demo} runs the seeded
 * synthetic feature-selection experiment (spec §7.5).
 */
@Command(name = "prototypes", mixinStandardHelpOptions = true,
        description = "Interpretable multiple-kernel prototype learning (IMKPL, with NQP).",
        subcommands = {PrototypesCommand.Train.class, PrototypesCommand.Predict.class, PrototypesCommand.Cv.class,
                PrototypesCommand.Demo.class})
public final class PrototypesCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing sub-command: train, predict, cv or demo");
    }

    /** The IMKPL hyper-parameters. */
    static final class Hyper {
        @Option(names = "--t", defaultValue = "5", description = "Cardinality T of codes and prototypes (default ${DEFAULT-VALUE}).")
        int t;
        @Option(names = "--lambda", defaultValue = "0.1", description = "Weight of J_dis (default ${DEFAULT-VALUE}).")
        double lambda;
        @Option(names = "--mu", defaultValue = "0.1", description = "Weight of J_ip (default ${DEFAULT-VALUE}).")
        double mu;
        @Option(names = "--tau", defaultValue = "0.1", description = "Weight of J_ls (default ${DEFAULT-VALUE}).")
        double tau;
        @Option(names = "--beta-step", defaultValue = "CAPPED_SIMPLEX_LP",
                description = "Kernel-weight step: ${COMPLETION-CANDIDATES}. Default ${DEFAULT-VALUE}: the variant the "
                        + "measured evidence on training data chose (uniform weight on the r kernels with the smallest "
                        + "beta-coefficients, r by inner CV; on TOX-171 90.6%% at Table 1's parameters, 74.2%% with every "
                        + "option at its default). NORMALISED_LP is the spec's beta-step (the paper's LP with the "
                        + "prototype normalisation rows; 71.5%% at Table 1's parameters, 50.3%% at the defaults); "
                        + "SIMPLEX_LP keeps one kernel; FIXED = ISKPL (the average kernel).")
        ImkplOptions.BetaStep betaStep;
        @Option(names = "--ls-form", defaultValue = "DISTANCE_DIFFERENCE",
                description = "Form of J_ls: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}, measured with the capped "
                        + "beta-step; SIMILARITY is the spec's).")
        ImkplOptions.LsForm lsForm;
        @Option(names = "--dis-form", defaultValue = "DISTANCE",
                description = "Form of J_dis: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
        ImkplOptions.DisForm disForm;
        @Option(names = "--self-coding", defaultValue = "HIDE_SELF_PROTOTYPE",
                description = "Training self-representation: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
        ImkplOptions.SelfCoding selfCoding;
        @Option(names = "--kernel-cap", defaultValue = "auto", converter = KernelCapConverter.class,
                description = "r of CAPPED_SIMPLEX_LP: kernels kept with weight 1/r each; 'auto' (default): chosen by "
                        + "inner CV on the training data among c*T, M/20 and M/5 (M base kernels); 0: r = c*T.")
        int kernelCap;
        @Option(names = "--prediction-rule", defaultValue = "BY_INNER_CV",
                description = "How a point's class is read from the prototypes: ${COMPLETION-CANDIDATES}. PROTOTYPE_VOTE "
                        + "is the paper's (class with most reconstruction weight); CLASS_RECONSTRUCTION codes the point "
                        + "with each class's prototypes alone and takes the smallest residual; NEAREST_PROTOTYPE the "
                        + "class of the nearest prototype; BY_INNER_CV (default) chooses among the three by inner CV on "
                        + "the training data.")
        ImkplOptions.PredictionRule predictionRule;
        @Option(names = "--max-iterations", defaultValue = "50", description = "Outer iteration cap (default ${DEFAULT-VALUE}).")
        int maxIterations;
        @Mixin
        Options.Seed seed;

        ImkplOptions options() {
            return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, 1e-4, true, selfCoding, kernelCap, seed.seed(),
                    disForm, predictionRule, ImkplOptions.DEFAULT_INNER_FOLDS);
        }
    }

    /** Accepts 'auto' (r by inner CV) or a count >= 0 for --kernel-cap. */
    static final class KernelCapConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String v) {
            if (v.trim().equalsIgnoreCase("auto")) {
                return ImkplOptions.KERNEL_CAP_BY_INNER_CV;
            }
            try {
                int r = Integer.parseInt(v.trim());
                if (r >= 0) {
                    return r;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new CommandLine.TypeConversionException("--kernel-cap must be 'auto' or an integer >= 0, got '" + v + "'");
        }
    }

    static LabeledDataset read(Path file) throws IOException {
        return read(file, Format.LIBSVM).data();
    }

    /** Input formats. */
    enum Format {
        /** LIBSVM, integer labels 1..c (one Gaussian base kernel per feature by default). */
        LIBSVM,
        /** {@link CsvSeriesFormat}: multivariate time series (one GAK per channel by default). */
        CSV_SERIES
    }

    /** Base-kernel families. */
    enum KernelChoice {
        /** GAK per channel for csv-series, Gaussian per feature for LIBSVM. */
        AUTO,
        /** Gaussian per feature (LIBSVM) or per channel (csv-series). */
        GAUSSIAN,
        /** Normalised global alignment kernel per channel (csv-series only). */
        GAK
    }

    /**
     * Data read from a file, with the channel groups of a flat series file (null for LIBSVM and for series in the
     * variable-length encoding).
     */
    record Input(LabeledDataset data, int[][] groups) {
    }

    static Input read(Path file, Format format) throws IOException {
        return read(file, format, true);
    }

    /**
     * Reads a file; a series file either in the variable-length encoding ({@code variableLength}: series of any
     * lengths, for one alignment kernel per channel) or flat (one length; channel groups at fixed positions).
     */
    static Input read(Path file, Format format, boolean variableLength) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--data: no such file: " + file);
        }
        if (format == Format.CSV_SERIES) {
            CsvSeriesFormat.SeriesSet ss = CsvSeriesFormat.readSeries(file);
            if (variableLength) {
                return new Input(ss.encoded(), null);
            }
            if (!ss.equalLengths()) {
                int min = Integer.MAX_VALUE;
                int max = 0;
                for (int i = 0; i < ss.size(); i++) {
                    min = Math.min(min, ss.length(i));
                    max = Math.max(max, ss.length(i));
                }
                throw new IllegalArgumentException(file + ": series have lengths " + min + " to " + max + "; Gaussian "
                        + "base kernels compare channels position by position and need one length (use --kernel GAK, "
                        + "the default for csv-series, which aligns series of any lengths)");
            }
            CsvSeriesFormat.SeriesData sd = ss.flat();
            return new Input(sd.data(), sd.channelGroups());
        }
        return new Input(LibsvmFormat.readDense(file), null);
    }

    /** The --format and --kernel options. */
    static final class DataFormat {
        @Option(names = "--format", defaultValue = "libsvm", converter = FormatConverter.class,
                description = "Input format: libsvm or csv-series (header series,label,c1..cd; one time step per row; series "
                        + "may have different lengths with alignment kernels; default ${DEFAULT-VALUE}).")
        Format format;
        @Option(names = "--kernel", defaultValue = "AUTO",
                description = "Base kernels: ${COMPLETION-CANDIDATES} (AUTO: GAK per channel for csv-series, Gaussian per feature for libsvm).")
        KernelChoice kernel;

        /** Whether series are read in the variable-length encoding (alignment kernels on csv-series). */
        boolean variableLength() {
            return format == Format.CSV_SERIES && kernel != KernelChoice.GAUSSIAN;
        }

        /** Reads the data file for these options. */
        Input read(Path file) throws IOException {
            if (format == Format.LIBSVM && kernel == KernelChoice.GAK) {
                throw new IllegalArgumentException("--kernel GAK needs --format csv-series (time series with channels)");
            }
            return PrototypesCommand.read(file, format, variableLength());
        }

        /**
         * The base kernels for a training set read with these options: one GAK per channel on series of any
         * lengths (the variable-length encoding), a Gaussian per channel on flat series, a Gaussian per feature
         * on LIBSVM data.
         */
        MultipleKernel kernelsFor(LabeledDataset train, int[][] groups, long seed) {
            if (format == Format.LIBSVM) {
                if (kernel == KernelChoice.GAK) {
                    throw new IllegalArgumentException("--kernel GAK needs --format csv-series (time series with channels)");
                }
                return MultipleKernel.gaussianPerFeature(train.points());
            }
            return kernel == KernelChoice.GAUSSIAN ? MultipleKernel.gaussianPerGroup(train.points(), groups)
                    : MultipleKernel.alignmentPerChannel(train.points(), seed);
        }
    }

    /** Accepts libsvm and csv-series (any case). */
    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String v) {
            switch (v.toLowerCase(Locale.ROOT)) {
                case "libsvm":
                    return Format.LIBSVM;
                case "csv-series":
                    return Format.CSV_SERIES;
                default:
                    throw new CommandLine.TypeConversionException("--format must be libsvm or csv-series, got '" + v + "'");
            }
        }
    }

    /** Writes the prototype-composition chart and, when asked and for at most 60 kernels, the kernel-weight bars. */
    static void writeModelPlots(Path dir, String prefix, ImkplModel m, boolean bars, PrintWriter out) throws IOException {
        java.util.List<String> names = new java.util.ArrayList<>();
        double[] cv = m.classValues();
        for (double v : cv) {
            names.add("class " + (v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v)));
        }
        Integer[] order = new Integer[m.prototypeCount()];
        for (int j = 0; j < order.length; j++) {
            order[j] = j;
        }
        java.util.Arrays.sort(order, (a, b) -> m.prototypeClass(a) != m.prototypeClass(b)
                ? Integer.compare(m.prototypeClass(a), m.prototypeClass(b)) : Integer.compare(a, b));
        PrototypeCompositionChart.Builder b = PrototypeCompositionChart.builder().classNames(names)
                .title(String.format(Locale.ROOT, "IMKPL prototypes (grouped by assigned class): constituents coloured by class, IP %.1f%%",
                        100 * PrototypeMeasures.interpretability(m)));
        for (int j : order) {
            java.util.List<ImkplModel.Constituent> cs = m.prototype(j);
            double[] w = new double[cs.size()];
            int[] cl = new int[cs.size()];
            for (int a = 0; a < w.length; a++) {
                w[a] = cs.get(a).weight();
                cl[a] = java.util.Arrays.binarySearch(cv, cs.get(a).label());
            }
            b.prototype(w, cl);
        }
        Path comp = dir.resolve(prefix + "-prototype-composition.png");
        b.build().writePng(comp);
        out.println("wrote " + comp);
        double[] beta = m.kernelWeights();
        if (bars && beta.length <= 60) {
            Path file = dir.resolve(prefix + "-kernel-weights.png");
            BarChart.builder().values(beta).title("IMKPL kernel weight per base kernel")
                    .axisLabels("base kernel (feature or channel)", "kernel weight beta").build().writePng(file);
            out.println("wrote " + file);
        }
        out.flush();
    }

    /** {@code train}: fit on a file, write the model. */
    @Command(name = "train", mixinStandardHelpOptions = true, description = "Train IMKPL and write a model file.")
    static final class Train implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;
        @Option(names = "--data", required = true, description = "Training data (LIBSVM, labels 1..c).")
        Path data;
        @Option(names = "--model", required = true, description = "Model file to write.")
        Path model;
        @Mixin
        Hyper hyper;
        @Mixin
        DataFormat fmt;
        @Option(names = "--plots", paramLabel = "DIR", description = "Write the prototype-composition chart (and kernel weights) as PNG into DIR.")
        Path plots;

        @Override
        public Integer call() throws IOException {
            Input in = fmt.read(data);
            LabeledDataset train = in.data();
            long t0 = System.nanoTime();
            ImkplModel m = Imkpl.fit(train, fmt.kernelsFor(train, in.groups(), hyper.seed.seed()), hyper.options(),
                    FitListener.SILENT);
            double secs = (System.nanoTime() - t0) / 1e9;
            Models.save(m, model);
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "trained on %d samples in %.2f s: %d prototypes, %d of %d kernels selected, IP %.1f%%%n",
                    train.size(), secs, m.prototypeCount(), m.selectedKernels(1e-6), m.kernelWeights().length,
                    100 * PrototypeMeasures.interpretability(m));
            if (plots != null) {
                writeModelPlots(plots, "imkpl", m, true, out);
            }
            return 0;
        }
    }

    /** {@code predict}: labels for a file with a saved model. */
    @Command(name = "predict", mixinStandardHelpOptions = true, description = "Predict with a saved IMKPL model.")
    static final class Predict implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;
        @Option(names = "--data", required = true, description = "Points to predict (LIBSVM; labels are used for accuracy).")
        Path data;
        @Option(names = "--model", required = true, description = "Model file written by train.")
        Path model;
        @Option(names = "--format", defaultValue = "libsvm", converter = FormatConverter.class,
                description = "Input format: libsvm or csv-series (default ${DEFAULT-VALUE}).")
        Format format;

        @Override
        public Integer call() throws IOException {
            ImkplModel m = Models.load(model, ImkplModel.class);
            // series in the encoding the model's kernels read: variable-length for per-channel alignment kernels
            // of any length, flat (fixed positions) otherwise
            LabeledDataset test = read(data, format, m.baseKernels().acceptsAnyDimension()).data();
            double[] pred = m.predictLabels(test.points());
            PrintWriter out = spec.commandLine().getOut();
            for (double p : pred) {
                out.println(p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p));
            }
            out.printf(Locale.ROOT, "# accuracy %.4f, DR %.1f%% (prediction rule %s)%n", Metrics.accuracy(test.labels(), pred),
                    100 * PrototypeMeasures.discrimination(m, PrototypeMeasures.ruleCodes(m, test), test.labels()),
                    m.predictionRule());
            return 0;
        }
    }

    /** {@code cv}: repeated stratified hold-out evaluation. */
    @Command(name = "cv", mixinStandardHelpOptions = true,
            description = "Repeated stratified train/test splits: accuracy, IP, DR, kernels selected, training time.")
    static final class Cv implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;
        @Option(names = "--data", required = true, description = "Data (LIBSVM, labels 1..c).")
        Path data;
        @Option(names = "--splits", defaultValue = "10", description = "Number of random splits (default ${DEFAULT-VALUE}).")
        int splits;
        @Option(names = "--test-fraction", defaultValue = "0.3", description = "Test fraction (default ${DEFAULT-VALUE}).")
        double testFraction;
        @Mixin
        Options.Json json;
        @Mixin
        Hyper hyper;
        @Option(names = "--tune", paramLabel = "GRID",
                description = "Choose per split among candidates by inner CV on the training part only; candidates "
                        + "'key=value,...' separated by ';' (keys t, lambda, mu, tau, beta-step, ls-form, self-coding, "
                        + "kernel-cap, dis-form), each overriding the other options. The JSON lists the choice per split "
                        + "(tuned_choices).")
        String tune;
        @Option(names = "--inner-folds", defaultValue = "5", description = "Folds of the inner CV of --tune and of the "
                + "automatic choice of r and of the prediction rule (default ${DEFAULT-VALUE}).")
        int innerFolds;
        @Mixin
        DataFormat fmt;

        @Override
        public Integer call() throws IOException {
            if (innerFolds < 2) {
                throw new IllegalArgumentException("--inner-folds must be >= 2, got " + innerFolds);
            }
            ImkplOptions base = hyper.options().withInnerFolds(innerFolds);
            List<InnerCvTuning.Candidate> cands = tune == null ? null : InnerCvTuning.parse(tune, base);
            if (splits < 1) {
                throw new IllegalArgumentException("--splits must be >= 1, got " + splits);
            }
            if (!(testFraction > 0 && testFraction < 1)) {
                throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + testFraction);
            }
            Input in = fmt.read(data);
            LabeledDataset all = in.data();
            long kseed = hyper.seed.seed();
            Function<ImkplOptions, Trainer<Vec, ImkplModel>> trainer = o -> Trainers.of(Imkpl.learnerName(o),
                    InputKind.VECTORS, Task.CLASSIFICATION, o, (d, listener) -> {
                        LabeledDataset tr = LabeledDataset.of(d);
                        return Imkpl.fit(tr, fmt.kernelsFor(tr, in.groups(), kseed), o, listener);
                    });
            PrintWriter out = spec.commandLine().getOut();
            RuleComparison rules = new RuleComparison(splits);
            Evaluation e = InnerCvTuning.selection(Resampling.stratifiedHoldOut(1 - testFraction, splits, hyper.seed.seed()),
                    base, cands, innerFolds, hyper.seed.seed(), trainer).withListener(f -> {
                        int r = f.index();
                        if (cands != null) {
                            out.printf(Locale.ROOT, "split %d: inner CV accuracies %s -> %s%n", r + 1,
                                    java.util.Arrays.toString(f.selection().searched().stream().mapToDouble(ScoredPoint::score)
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
                    }).run(all);
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
                    .putList("accuracy_per_split", acc);
            if (cands != null) {
                js.putList("tuned_choices", e.chosen().stream().map(p -> (String) p.value(InnerCvTuning.CANDIDATE)).toList());
            }
            rules.summarise(out, js);
            json.write(js);
            return 0;
        }
    }

    /** The data seed of {@code prototypes demo} and of {@code kernelkit demo}'s prototypes section. */
    public static final long DEMO_SEED = 11;

    /**
     * The outcome of the synthetic feature-selection experiment.
     *
     * @param accuracy test accuracy
     * @param kernelWeights the 9 channel weights beta, in channel order
     * @param trainSize training samples
     * @param testSize test samples
     * @param seconds training time
     * @param model the fitted model (for the prototype-composition chart)
     */
    public record SyntheticResult(double accuracy, double[] kernelWeights, int trainSize, int testSize, double seconds,
                                  ImkplModel model) {
        /** A copy of the weights. */
        @Override
        public double[] kernelWeights() {
            return kernelWeights.clone();
        }
    }

    /**
     * The synthetic feature-selection experiment of spec §7.5 (our seeded recreation): 4 classes x
     * 25 samples of {@link SyntheticChannels}, one stratified 70/30 split (seed + 1), one Gaussian
     * base kernel per channel, IMKPL with T = 3, lambda = 0.2, mu = 0.1, tau = 0.2 and simplex-LP
     * kernel weights.
     */
    public static SyntheticResult syntheticExperiment(long seed) {
        return syntheticExperiment(seed, false);
    }

    /**
     * As {@link #syntheticExperiment(long)}; with {@code alignment} one normalised GAK per channel
     * (the paper's choice, spec §7.5) instead of a Gaussian per channel (slower: seconds, not a
     * fraction of one).
     */
    public static SyntheticResult syntheticExperiment(long seed, boolean alignment) {
        LabeledDataset all = SyntheticChannels.generate(25, seed);
        Splits.Split s = Splits.repeatedStratifiedHoldOut(all.labels(), 0.7, 1, seed + 1).get(0);
        LabeledDataset train = all.subset(s.train());
        LabeledDataset test = all.subset(s.test());
        MultipleKernel kernels = alignment
                ? MultipleKernel.alignmentPerGroup(train.points(), SyntheticChannels.channelGroups(), seed)
                : MultipleKernel.gaussianPerGroup(train.points(), SyntheticChannels.channelGroups());
        ImkplOptions o = ImkplOptions.of(3, 0.2, 0.1, 0.2).withBetaStep(ImkplOptions.BetaStep.SIMPLEX_LP);
        long t0 = System.nanoTime();
        ImkplModel m = Imkpl.fit(train, kernels, o, FitListener.SILENT);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double acc = Metrics.accuracy(test.labels(), m.predictLabels(test.points()));
        return new SyntheticResult(acc, m.kernelWeights(), train.size(), test.size(), seconds, m);
    }

    /**
     * Writes the demo's two pictures into {@code dir}: {@code demo-prototypes-kernel-weights.png}
     * (beta per channel) and {@code demo-prototype-composition.png} (each prototype's constituent
     * training samples coloured by class); prints "wrote FILE" for each.
     */
    public static void writePlots(Path dir, SyntheticResult r, PrintWriter out) throws IOException {
        Path bars = dir.resolve("demo-prototypes-kernel-weights.png");
        BarChart.builder().values(r.kernelWeights())
                .title(String.format(Locale.ROOT, "IMKPL kernel weight per channel, synthetic 9-channel data, test accuracy %.1f%%",
                        100 * r.accuracy()))
                .axisLabels("channel (6 copies 1, 7 copies 3, 8 and 9 constant)", "kernel weight beta")
                .build().writePng(bars);
        out.println("wrote " + bars);
        writeModelPlots(dir, "demo", r.model(), false, out);
    }

    /** Prints the accuracy line and one line per channel weight. */
    public static void printSynthetic(PrintWriter out, SyntheticResult r) {
        double[] beta = r.kernelWeights();
        out.printf(Locale.ROOT, "synthetic 9-channel data (4 classes x 25, train %d / test %d): accuracy %.4f%n",
                r.trainSize(), r.testSize(), r.accuracy());
        for (int ch = 0; ch < beta.length; ch++) {
            out.printf(Locale.ROOT, "  channel %d  beta %.4f%s%n", ch + 1, beta[ch],
                    ch == 5 ? "  (replica of 1)" : ch == 6 ? "  (replica of 3)" : ch >= 7 ? "  (constant)" : "");
        }
        out.flush();
    }

    /** {@code demo}: the synthetic feature-selection experiment of spec §7.5 (our seeded recreation). */
    @Command(name = "demo", mixinStandardHelpOptions = true,
            description = "Synthetic 9-channel feature-selection experiment: which channels IMKPL keeps.")
    static final class Demo implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;
        @Mixin
        Options.Json json;
        @Option(names = "--seed", defaultValue = "11", description = "Data seed (default ${DEFAULT-VALUE}).")
        long seed;
        @Option(names = "--plots", paramLabel = "DIR", description = "Write the kernel-weight bars and the prototype-composition chart into DIR.")
        Path plots;
        @Option(names = "--gak", description = "One GAK per channel (the paper's base kernels) instead of one Gaussian per channel.")
        boolean gak;
        @Option(names = "--lengths", paramLabel = "MIN:MAX",
                description = "Series of unequal lengths in [MIN, MAX] with random pace and lead-in: IMKPL (T = 3, capped r = 3) "
                        + "with one GAK per channel on the series as recorded and resampled inside the kernel (the default), "
                        + "against resampling every series to the mean length beforehand (GAK or Gaussian per channel).")
        String lengths;
        @Option(names = "--repeats", defaultValue = "1",
                description = "With --lengths: repetitions on seeds seed, seed+1, ... (default ${DEFAULT-VALUE}).")
        int repeats;

        @Override
        public Integer call() throws IOException {
            if (lengths != null) {
                String[] p = lengths.split(":", -1);
                int min;
                int max;
                try {
                    min = Integer.parseInt(p[0].trim());
                    max = p.length == 2 ? Integer.parseInt(p[1].trim()) : -1;
                } catch (NumberFormatException e) {
                    min = -1;
                    max = -1;
                }
                if (p.length != 2 || min < 4 || max < min) {
                    throw new IllegalArgumentException("--lengths must be MIN:MAX with 4 <= MIN <= MAX, got '" + lengths + "'");
                }
                if (repeats < 1) {
                    throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
                }
                List<VariableLengthDemo.Outcome> res = VariableLengthDemo.runAndPrint(seed, repeats, min, max,
                        spec.commandLine().getOut());
                JsonSummary js = new JsonSummary().put("min_length", min).put("max_length", max);
                for (VariableLengthDemo.Representation r : VariableLengthDemo.Representation.values()) {
                    double[] a = res.stream().mapToDouble(o -> o.accuracy()[r.ordinal()]).toArray();
                    js.putList(r.name().toLowerCase(Locale.ROOT) + "_accuracy", a);
                }
                json.write(js);
                return 0;
            }
            SyntheticResult r = syntheticExperiment(seed, gak);
            printSynthetic(spec.commandLine().getOut(), r);
            if (plots != null) {
                writePlots(plots, r, spec.commandLine().getOut());
            }
            json.write(new JsonSummary().put("accuracy", r.accuracy()).putList("kernel_weights", r.kernelWeights()));
            return 0;
        }
    }

    /** Runs the command on its own (until it is registered in the kernelkit Main). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new PrototypesCommand()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }
}
