package dev.kernelkit.cli.prototypes;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.CsvSeriesFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitListener;
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
        @Option(names = "--beta-step", defaultValue = "NORMALISED_LP",
                description = "Kernel-weight step: ${COMPLETION-CANDIDATES} (FIXED = ISKPL; default ${DEFAULT-VALUE}).")
        ImkplOptions.BetaStep betaStep;
        @Option(names = "--ls-form", defaultValue = "SIMILARITY",
                description = "Form of J_ls: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
        ImkplOptions.LsForm lsForm;
        @Option(names = "--dis-form", defaultValue = "DISTANCE",
                description = "Form of J_dis: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
        ImkplOptions.DisForm disForm;
        @Option(names = "--self-coding", defaultValue = "HIDE_SELF_PROTOTYPE",
                description = "Training self-representation: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
        ImkplOptions.SelfCoding selfCoding;
        @Option(names = "--kernel-cap", defaultValue = "0",
                description = "r of CAPPED_SIMPLEX_LP: kernels kept with weight 1/r each (0: r = c*T; default ${DEFAULT-VALUE}).")
        int kernelCap;
        @Option(names = "--max-iterations", defaultValue = "50", description = "Outer iteration cap (default ${DEFAULT-VALUE}).")
        int maxIterations;
        @Mixin
        Options.Seed seed;

        ImkplOptions options() {
            return new ImkplOptions(t, lambda, mu, tau, betaStep, lsForm, maxIterations, 1e-4, true, selfCoding, kernelCap, seed.seed(),
                    disForm);
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

    /** Data read from a file, with the channel groups of a series file (null for LIBSVM). */
    record Input(LabeledDataset data, int[][] groups) {
    }

    static Input read(Path file, Format format) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--data: no such file: " + file);
        }
        if (format == Format.CSV_SERIES) {
            CsvSeriesFormat.SeriesData sd = CsvSeriesFormat.read(file);
            return new Input(sd.data(), sd.channelGroups());
        }
        return new Input(LibsvmFormat.readDense(file), null);
    }

    /** The --format and --kernel options. */
    static final class DataFormat {
        @Option(names = "--format", defaultValue = "libsvm", converter = FormatConverter.class,
                description = "Input format: libsvm or csv-series (header series,label,c1..cd; one time step per row; default ${DEFAULT-VALUE}).")
        Format format;
        @Option(names = "--kernel", defaultValue = "AUTO",
                description = "Base kernels: ${COMPLETION-CANDIDATES} (AUTO: GAK per channel for csv-series, Gaussian per feature for libsvm).")
        KernelChoice kernel;

        /** The base kernels for a training set read with these options. */
        MultipleKernel kernelsFor(LabeledDataset train, int[][] groups, long seed) {
            if (format == Format.LIBSVM) {
                if (kernel == KernelChoice.GAK) {
                    throw new IllegalArgumentException("--kernel GAK needs --format csv-series (time series with channels)");
                }
                return MultipleKernel.gaussianPerFeature(train.points());
            }
            return kernel == KernelChoice.GAUSSIAN ? MultipleKernel.gaussianPerGroup(train.points(), groups)
                    : MultipleKernel.alignmentPerGroup(train.points(), groups, seed);
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
            Input in = read(data, fmt.format);
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
            LabeledDataset test = read(data, format).data();
            double[] pred = m.predictLabels(test.points());
            PrintWriter out = spec.commandLine().getOut();
            for (double p : pred) {
                out.println(p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p));
            }
            out.printf(Locale.ROOT, "# accuracy %.4f, DR %.1f%%%n", Metrics.accuracy(test.labels(), pred),
                    100 * PrototypeMeasures.discrimination(m, test));
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
        @Option(names = "--inner-folds", defaultValue = "5", description = "Folds of the inner CV of --tune (default ${DEFAULT-VALUE}).")
        int innerFolds;
        @Mixin
        DataFormat fmt;

        @Override
        public Integer call() throws IOException {
            if (innerFolds < 2) {
                throw new IllegalArgumentException("--inner-folds must be >= 2, got " + innerFolds);
            }
            List<InnerCvTuning.Candidate> cands = tune == null ? null : InnerCvTuning.parse(tune, hyper.options());
            if (splits < 1) {
                throw new IllegalArgumentException("--splits must be >= 1, got " + splits);
            }
            if (!(testFraction > 0 && testFraction < 1)) {
                throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + testFraction);
            }
            Input in = read(data, fmt.format);
            LabeledDataset all = in.data();
            long kseed = hyper.seed.seed();
            java.util.function.Function<ImkplOptions, java.util.function.Function<LabeledDataset,
                    java.util.function.Function<LabeledDataset, double[]>>> fitter = o -> tr -> va ->
                    Imkpl.fit(tr, fmt.kernelsFor(tr, in.groups(), kseed), o, FitListener.SILENT).predictLabels(va.points());
            PrintWriter out = spec.commandLine().getOut();
            List<Splits.Split> sp = Splits.repeatedStratifiedHoldOut(all.labels(), 1 - testFraction, splits, hyper.seed.seed());
            double[] acc = new double[splits], ip = new double[splits], dr = new double[splits];
            double[] sel = new double[splits], secs = new double[splits];
            double[] own = new double[splits], codeSize = new double[splits];
            List<String> choices = new java.util.ArrayList<>();
            for (int r = 0; r < splits; r++) {
                LabeledDataset train = all.subset(sp.get(r).train());
                LabeledDataset test = all.subset(sp.get(r).test());
                ImkplOptions opts = hyper.options();
                if (cands != null) {
                    InnerCvTuning.Choice ch = InnerCvTuning.choose(train, cands, innerFolds, hyper.seed.seed() + 1000 + r,
                            fitter);
                    opts = ch.best().options();
                    choices.add(ch.best().text());
                    out.printf(Locale.ROOT, "split %d: inner CV accuracies %s -> %s%n", r + 1,
                            java.util.Arrays.toString(ch.innerAccuracy()), ch.best().text());
                }
                long t0 = System.nanoTime();
                ImkplModel m = Imkpl.fit(train, fmt.kernelsFor(train, in.groups(), kseed), opts.withSeed(hyper.seed.seed() + r),
                        FitListener.SILENT);
                secs[r] = (System.nanoTime() - t0) / 1e9;
                acc[r] = Metrics.accuracy(test.labels(), m.predictLabels(test.points()));
                ip[r] = PrototypeMeasures.interpretability(m);
                double[][] codes = PrototypeMeasures.codes(m, test);
                dr[r] = PrototypeMeasures.discrimination(m, codes, test.labels());
                own[r] = PrototypeMeasures.ownClassCodeMass(m, codes, test.labels());
                codeSize[r] = PrototypeMeasures.meanCodeSize(codes);
                sel[r] = m.selectedKernels(1e-6);
                out.printf(Locale.ROOT, "split %d: accuracy %.4f  IP %.1f%%  DR %.1f%%  own-class code mass %.1f%%  "
                                + "code size %.1f  kernels %d/%d  iterations %d  %.1f s%n",
                        r + 1, acc[r], 100 * ip[r], 100 * dr[r], 100 * own[r], codeSize[r], (int) sel[r],
                        m.kernelWeights().length, m.objectiveHistory().length - 1, secs[r]);
                out.flush();
            }
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
                    .put("options", hyper.options().toString())
                    .put("tuned", cands != null)
                    .putList("accuracy_per_split", acc);
            if (cands != null) {
                js.putList("tuned_choices", choices);
            }
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

        @Override
        public Integer call() throws IOException {
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
