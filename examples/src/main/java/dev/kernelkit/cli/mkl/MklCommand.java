package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.CliEnums.DataFormat;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.Progress;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.mkl.MklModel;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.MklProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit mkl}: soft margin MKL (SM1MKL, SM2MKL) and its baselines (Lp-MKL, SimpleMKL,
 * AveKernel) with the SimpleMKL base kernels of Xu, Tsang and Xu (TNNLS 2013, Section V-B):
 * Gaussian widths 2^-3..2^6 and polynomial degrees 1..3 on all variables and each variable,
 * unit trace on the standardised training data.
 */
@Command(name = "mkl", mixinStandardHelpOptions = true,
        description = "Soft margin multiple kernel learning: train, predict, cv (random hold-out splits) or compare all methods.",
        subcommands = {MklCommand.Train.class, MklCommand.Predict.class, MklCommand.Cv.class, MklCommand.Compare.class,
                MklCommand.Bench.class, MklRowsBenchCommand.class, MklCommand.Noise.class, MklCommand.Demo.class})
public final class MklCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /** Reads labelled points (LIBSVM or ARFF). */
    static LabeledDataset read(Options.Input input) throws IOException {
        input.validate();
        Path file = input.data();
        DataFormat f = input.formatOf(file);
        LabeledDataset d = switch (f) {
            case LIBSVM -> LibsvmFormat.read(file);
            case ARFF -> ArffFormat.read(file);
            case CSV_BAGS -> throw new IllegalArgumentException(file + " is in the csv-bags format; mkl needs labelled points");
        };
        if (d.size() == 0) {
            throw new IllegalArgumentException(file + " holds no examples");
        }
        return d;
    }

    /**
     * The data with round(ratio d) standard normal features appended to every point (the noisy-kernel
     * study of Xu, Tsang and Xu, TNNLS 2013, Fig. 2); the draws depend only on the seed.
     *
     * @throws IllegalArgumentException for a negative or non-finite ratio
     */
    static LabeledDataset addNoise(LabeledDataset d, double ratio, long seed) {
        if (!(ratio >= 0) || !Double.isFinite(ratio)) {
            throw new IllegalArgumentException("--noise-ratio must be >= 0 and finite, got " + ratio);
        }
        int extra = (int) Math.round(ratio * d.dim());
        if (extra == 0) {
            return d;
        }
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed ^ 0x6e6f697365L);
        List<dev.kernelkit.data.Vec> points = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            double[] x = java.util.Arrays.copyOf(d.x(i).toArray(), d.dim() + extra);
            for (int j = d.dim(); j < x.length; j++) {
                x[j] = gaussian(rnd);
            }
            points.add(dev.kernelkit.data.DenseVec.wrap(x));
        }
        return new LabeledDataset(points, d.labels());
    }

    /** A standard normal draw (Box-Muller). */
    static double gaussian(java.util.SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    static List<Double> parseList(String option, String value) {
        List<Double> out = new ArrayList<>();
        for (String s : value.split(",")) {
            String t = s.trim().toLowerCase(Locale.ROOT);
            try {
                out.add(t.equals("inf") || t.equals("infinity") ? Double.POSITIVE_INFINITY
                        : t.contains("/") ? Double.parseDouble(t.substring(0, t.indexOf('/'))) / Double.parseDouble(t.substring(t.indexOf('/') + 1))
                        : Double.parseDouble(t));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + s + "' is not a number");
            }
        }
        return out;
    }

    /** {@code --method --c --theta --nu --p}, the CV grids and the base kernels. */
    static final class Parameters {
        @Option(names = "--kernel", paramLabel = "SPEC",
                description = {"A base kernel of your own, e.g. --kernel gaussian:gamma=0.5 --kernel polynomial:degree=2,"
                        + "gamma=1,offset=1 (repeat the option, one kernel each; syntax as svm's --kernel). Each is "
                        + "normalised to unit trace on the standardised training part, like the default list.",
                        "Default: the paper's list, Gaussian sigma 2^-3..2^6 and polynomial degree 1..3 on all "
                                + "variables and on each single one, 13 (d + 1) kernels."})
        List<String> kernelSpecs = new ArrayList<>();

        /** The protocol list, or the parsed --kernel specifications. */
        MklProtocol.KernelChoice kernels() {
            if (kernelSpecs.isEmpty()) {
                return MklProtocol.KernelChoice.protocol();
            }
            List<dev.kernelkit.kernel.Kernel<dev.kernelkit.data.Vec>> list = new ArrayList<>();
            for (String spec : kernelSpecs) {
                try {
                    list.add(dev.kernelkit.kernel.Kernels.parse(spec));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--kernel '" + spec + "': " + e.getMessage(), e);
                }
            }
            return MklProtocol.KernelChoice.of(list);
        }

        @Option(names = "--c", paramLabel = "C", description = "SVM cost C (default: 5-fold CV on the training part over --c-grid).")
        Double c;

        @Option(names = "--theta", paramLabel = "T", description = "SM1: cap theta >= 1/M; SM2: penalty theta > 0 (default: CV).")
        Double theta;

        @Option(names = "--p", paramLabel = "P", description = "Lp-MKL norm p >= 1 or inf (default: CV over --p-grid).")
        String p;

        @Option(names = "--c-grid", paramLabel = "LIST", defaultValue = "0.01,0.1,1,10,100",
                description = "C values searched (default: the paper's ${DEFAULT-VALUE}).")
        String cGrid;

        @Option(names = "--nu-grid", paramLabel = "LIST", defaultValue = "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1",
                description = "SM1 ratios nu, theta = 1/(nu M), 0 meaning nu = 1/M (default: the paper's ${DEFAULT-VALUE}).")
        String nuGrid;

        @Option(names = "--sm2-theta-grid", paramLabel = "LIST", defaultValue = "1e-5,1e-4,1e-3,1e-2,1e-1,1,10,100,1e3,1e4,1e5",
                description = "SM2 theta values (default: the paper's ${DEFAULT-VALUE}).")
        String sm2Grid;

        @Option(names = "--p-grid", paramLabel = "LIST", defaultValue = "1,32/31,16/15,8/7,4/3,2,3,inf",
                description = "Lp p values (default: the paper's ${DEFAULT-VALUE}).")
        String pGrid;

        @Option(names = "--inner-folds", paramLabel = "K", defaultValue = "5",
                description = "Folds of the CV on the training part (default: ${DEFAULT-VALUE}).")
        int innerFolds = 5;

        @Option(names = "--tune-max", paramLabel = "N", defaultValue = "0",
                description = {"Tune on a stratified random subset of at most N points of the training part (seeded by the CV seed) "
                        + "to bound the cost of the CV on large sets; the final fit still uses the whole training part "
                        + "(default: ${DEFAULT-VALUE} = the whole training part)."})
        int tuneMax = 0;

        MklProtocol.Grid grid() {
            return new MklProtocol.Grid(parseList("--c-grid", cGrid), parseList("--nu-grid", nuGrid),
                    parseList("--sm2-theta-grid", sm2Grid), parseList("--p-grid", pGrid));
        }

        Double pValue() {
            return p == null ? null : parseList("--p", p).get(0);
        }

        /** The base options of a method with the given values filled in (others at placeholders to tune). */
        MklOptions base(MklMethod m) {
            double cc = c == null ? 1.0 : c;
            return switch (m) {
                case SM1 -> MklOptions.sm1(cc, theta == null ? 1.0 : theta);
                case SM2 -> MklOptions.sm2(cc, theta == null ? 1.0 : theta);
                case LP -> MklOptions.lp(cc, pValue() == null ? 2.0 : pValue());
                case SIMPLE -> MklOptions.simple(cc);
                case AVERAGE -> MklOptions.average(cc);
            };
        }

        boolean tuneSecond(MklMethod m) {
            return switch (m) {
                case SM1, SM2 -> theta == null;
                case LP -> p == null;
                default -> false;
            };
        }

        /** What the CV on a training part searches for method m: the values not given, over the grids. */
        MklProtocol.Tuning tuning(MklMethod m) {
            if (innerFolds < 2) {
                throw new IllegalArgumentException("--inner-folds must be >= 2, got " + innerFolds);
            }
            if (tuneMax < 0) {
                throw new IllegalArgumentException("--tune-max must be >= 0, got " + tuneMax);
            }
            return new MklProtocol.Tuning(base(m), grid(), c == null, tuneSecond(m), kernels(), innerFolds, tuneMax);
        }
    }

    /** {@code --splits --test-fraction --seed}. */
    static final class SplitOptions {
        @Option(names = "--splits", paramLabel = "R", defaultValue = "10",
                description = "Random stratified train/test splits (default: ${DEFAULT-VALUE}).")
        int splits = 10;

        @Option(names = "--test-fraction", paramLabel = "F", defaultValue = "0.3",
                description = "Test fraction of each split (default: ${DEFAULT-VALUE}).")
        double testFraction = 0.3;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the splits (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--noise-ratio", paramLabel = "R", defaultValue = "0",
                description = "Append round(R d) standard normal noise features, seeded by --seed (the noisy-kernel study, Fig. 2; default: ${DEFAULT-VALUE}).")
        double noiseRatio = 0;

        /** The data with round(noiseRatio d) N(0, 1) features appended (seed: --seed). */
        LabeledDataset withNoise(LabeledDataset d) {
            return addNoise(d, noiseRatio, seed);
        }

        /** The outer splits: split r the stratified hold-out seeded seed + r. */
        Resampling resampling() {
            if (splits < 1) {
                throw new IllegalArgumentException("--splits must be >= 1, got " + splits);
            }
            if (!(testFraction > 0 && testFraction < 1)) {
                throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + testFraction);
            }
            return Resampling.stratifiedHoldOut(1 - testFraction, splits, seed);
        }

        List<Splits.Split> make(LabeledDataset d) {
            return resampling().splits(d);
        }
    }

    /**
     * One split's result; tuneFits / tuneUnconverged count the CV fits and those that ended without meeting
     * their stopping rule, finalMachines / finalUnconverged the same for the final fit.
     */
    record SplitResult(int split, MklOptions chosen, double accuracy, double averagePrecision, double selected, double trainSeconds,
                       double tuneSeconds, int svmSolves, int tuneFits, int tuneUnconverged, int finalMachines,
                       int finalUnconverged) {
        /** "" when every fit met its stopping rule, else a note naming the unconverged fits. */
        String convergenceNote() {
            if (tuneUnconverged == 0 && finalUnconverged == 0) {
                return "";
            }
            return String.format(Locale.ROOT, " [UNCONVERGED: %d of %d tuning fits, %d of %d final]",
                    tuneUnconverged, tuneFits, finalUnconverged, finalMachines);
        }
    }

    /**
     * One method's protocol ({@link MklProtocol.Tuning#selection}) on the outer splits of {@code outer}, the inner
     * CV of split s seeded seed + 1000 (s + 1).
     */
    record Protocol(MklProtocol.Tuning tuning, ModelSelection<Vec> selection) {
        static Protocol of(MklMethod method, Parameters params, Resampling outer, long seed, LabeledDataset data) {
            MklProtocol.Tuning t = params.tuning(method);
            return new Protocol(t, t.selection(outer, SeedRule.affine(seed + 1000, 1000), data.size()));
        }

        /** Outer split {@code index} (0-based) of the data: tuned on its training part, fitted, tested. */
        SplitResult run(LabeledDataset data, int index) {
            OuterFold f = selection.runFold(data, index);
            return new SplitResult(index + 1, tuning.chosen(f.selection(), data.dim()), f.score(),
                    f.measure(MklProtocol.AVERAGE_PRECISION), f.measure(MklProtocol.KERNELS_SELECTED), f.trainSeconds(),
                    f.tuneSeconds(), (int) f.measure(MklProtocol.SVM_SOLVES), f.selection().fits(),
                    f.selection().unconvergedFits(), (int) f.measure(MklProtocol.MACHINES),
                    (int) f.measure(MklProtocol.UNCONVERGED_MACHINES));
        }
    }

    /** A line per method with unconverged fits over the splits (nothing when all fits converged). */
    static void printUnconverged(PrintWriter out, String method, List<SplitResult> results) {
        int tu = results.stream().mapToInt(SplitResult::tuneUnconverged).sum();
        int tf = results.stream().mapToInt(SplitResult::tuneFits).sum();
        int fu = results.stream().mapToInt(SplitResult::finalUnconverged).sum();
        int ff = results.stream().mapToInt(SplitResult::finalMachines).sum();
        if (tu + fu > 0) {
            out.printf(Locale.ROOT, "%s: %d of %d tuning fits and %d of %d final fits ended unconverged "
                    + "(iteration cap, or SM2's line search out of verifiable steps, before the duality-gap stop)%n",
                    method, tu, tf, fu, ff);
        }
    }

    static JsonSummary summarise(List<SplitResult> results) {
        Summary acc = Summary.of(results.stream().mapToDouble(SplitResult::accuracy).toArray());
        return new JsonSummary()
                .put("accuracy_mean", acc.mean())
                .put("accuracy_sd", acc.sd())
                .put("average_precision_mean", finiteOrNull(Summary.of(results.stream().mapToDouble(SplitResult::averagePrecision).toArray()).mean()))
                .put("kernels_selected_mean", results.stream().mapToDouble(SplitResult::selected).average().orElse(0))
                .put("train_seconds_mean", results.stream().mapToDouble(SplitResult::trainSeconds).average().orElse(0))
                .put("tune_seconds_mean", results.stream().mapToDouble(SplitResult::tuneSeconds).average().orElse(0))
                .put("svm_solves_mean", results.stream().mapToDouble(SplitResult::svmSolves).average().orElse(0))
                .put("tuning_fits", (long) results.stream().mapToInt(SplitResult::tuneFits).sum())
                .put("tuning_fits_unconverged", (long) results.stream().mapToInt(SplitResult::tuneUnconverged).sum())
                .put("final_fits_unconverged", (long) results.stream().mapToInt(SplitResult::finalUnconverged).sum())
                .putList("split_accuracies", results.stream().mapToDouble(SplitResult::accuracy).toArray())
                .putList("split_options", results.stream().map(r -> describe(r.chosen())).toList());
    }

    /** value, or null (JSON null) when it is NaN: e.g. AP with no positive test point. */
    static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    static String describe(MklOptions o) {
        String s = "C=" + TablePrinter.general(o.c());
        return switch (o.method()) {
            case SM1, SM2 -> s + " theta=" + TablePrinter.general(o.theta());
            case LP -> s + " p=" + TablePrinter.general(o.p());
            default -> s;
        };
    }

    /** {@code kernelkit mkl train}. */
    @Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Train on all of --data (missing hyper-parameters by CV on it) and save the model.")
    static final class Train implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Input input;
        @Option(names = "--method", required = true, paramLabel = "M", description = "sm1, sm2, lp, simple or ave.")
        String method;
        @Mixin
        Parameters params = new Parameters();
        @Option(names = "--model", required = true, paramLabel = "FILE", description = "Where to write the model.")
        Path model;
        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the CV folds (default: ${DEFAULT-VALUE}).")
        long seed = 1;
        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            MklMethod m = MklMethod.parse(method);
            LabeledDataset data = read(input);
            PrintWriter out = spec.commandLine().getOut();
            MklProtocol.Tuning tuning = params.tuning(m);
            Selection tuned = tuning.select(data, seed);
            MklOptions chosen = tuning.chosen(tuned, data.dim());
            long t0 = System.nanoTime();
            ScaledModel<Vec> fitted = MklProtocol.trainer(chosen, tuning.kernels()).fit(data);
            double seconds = (System.nanoTime() - t0) * 1e-9;
            MklModel o = (MklModel) fitted.inner();
            dev.kernelkit.io.Models.save(fitted, model);
            SplitResult r = new SplitResult(1, chosen, Double.NaN, Double.NaN, o.selectedKernelsMean(), seconds, tuned.seconds(),
                    o.svmSolves(), tuned.fits(), tuned.unconvergedFits(), o.machines().size(), o.unconvergedMachines());
            out.printf(Locale.ROOT, "%s: %s, kernels selected %.1f of %d, %d SVM solves, %.2f s training (+%.2f s tuning); model written to %s%s%n",
                    m.cliName(), describe(chosen), o.selectedKernelsMean(), o.baseKernels().count(), o.svmSolves(),
                    seconds, tuned.seconds(), model, r.convergenceNote());
            out.flush();
            json.write(new JsonSummary().put("command", "mkl train").put("method", m.cliName())
                    .put("options", describe(chosen)).put("kernels_selected_mean", o.selectedKernelsMean())
                    .put("train_seconds_mean", seconds).put("svm_solves_mean", (double) o.svmSolves()));
            return Main.OK;
        }
    }

    /** {@code kernelkit mkl predict}. */
    @Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Predict --data with a saved model; prints the accuracy against the file's labels.")
    static final class Predict implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Input input;
        @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model written by mkl train.")
        Path model;
        @Option(names = "--output", paramLabel = "FILE", description = "Also write one predicted label per line.")
        Path output;
        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            dev.kernelkit.learn.FittedModel<?> loaded = dev.kernelkit.io.Models.load(model);
            if (!(dev.kernelkit.learn.Scaled.innermost(loaded) instanceof MklModel m)) {
                throw new dev.kernelkit.io.ModelFormatException(model + ": expected a model of type 'mkl', found "
                        + dev.kernelkit.io.Models.codecFor(dev.kernelkit.learn.Scaled.innermost(loaded)).type());
            }
            // read as 'kernelkit predict' reads an MKL model's data (kind and dimension checked)
            LabeledDataset data = LabeledDataset.of(dev.kernelkit.cli.PredictCommand.readFor(loaded, model, input.data(),
                    input.formatOf(input.data()).cliName()));
            LabeledDataset in = loaded instanceof dev.kernelkit.learn.Scaled<?> sc ? sc.scaler().apply(data) : data;
            double[][] f = m.decisionValues(in);
            double[] pred = m.predictLabels(f);
            double acc = Metrics.accuracy(data.labels(), pred);
            double ap = m.averagePrecision(data.labels(), f);
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "accuracy %s on %d points%s%n", TablePrinter.percent(acc), data.size(),
                    Double.isNaN(ap) ? "" : String.format(Locale.ROOT, ", %s %.4f", m.isBinary() ? "AP" : "MAP", ap));
            out.flush();
            if (output != null) {
                StringBuilder sb = new StringBuilder();
                for (double y : pred) {
                    sb.append(y == Math.rint(y) ? Long.toString((long) y) : Double.toString(y)).append('\n');
                }
                java.nio.file.Files.writeString(output, sb.toString());
            }
            json.write(new JsonSummary().put("command", "mkl predict").put("accuracy", acc)
                    .put("average_precision", finiteOrNull(ap)).put("n", (long) data.size()));
            return Main.OK;
        }
    }

    /** {@code kernelkit mkl cv}. */
    @Command(name = "cv", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Random stratified train/test splits (the paper's 70/30 protocol); missing hyper-parameters by CV on each training part.")
    static final class Cv implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Input input;
        @Option(names = "--method", required = true, paramLabel = "M", description = "sm1, sm2, lp, simple or ave.")
        String method;
        @Mixin
        Parameters params = new Parameters();
        @Mixin
        SplitOptions splits = new SplitOptions();
        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            MklMethod m = MklMethod.parse(method);
            LabeledDataset data = splits.withNoise(read(input));
            Resampling outer = splits.resampling();
            Protocol protocol = Protocol.of(m, params, outer, splits.seed, data);
            Progress progress = Progress.forTerminal(spec.commandLine().getErr());
            List<SplitResult> results = new ArrayList<>();
            for (int i = 0; i < outer.size(); i++) {
                progress.update("splits", i, outer.size());
                results.add(protocol.run(data, i));
            }
            progress.done();
            PrintWriter out = spec.commandLine().getOut();
            TablePrinter t = new TablePrinter().numberColumn("split").textColumn("options").numberColumn("accuracy")
                    .numberColumn("(M)AP").numberColumn("kernels").numberColumn("train s").numberColumn("tune s")
                    .numberColumn("SVM solves");
            for (SplitResult r : results) {
                t.row(Integer.toString(r.split()), describe(r.chosen()), TablePrinter.percent(r.accuracy()),
                        TablePrinter.fixed(r.averagePrecision(), 4),
                        TablePrinter.fixed(r.selected(), 1), TablePrinter.fixed(r.trainSeconds(), 3),
                        TablePrinter.fixed(r.tuneSeconds(), 1), Integer.toString(r.svmSolves()));
            }
            t.print(out);
            printUnconverged(out, m.cliName(), results);
            JsonSummary s = summarise(results);
            out.printf(Locale.ROOT, "%s: accuracy %s +- %s over %d splits%n", m.cliName(),
                    TablePrinter.percent(Summary.of(results.stream().mapToDouble(SplitResult::accuracy).toArray()).mean()),
                    TablePrinter.percent(Summary.of(results.stream().mapToDouble(SplitResult::accuracy).toArray()).sd()),
                    results.size());
            out.flush();
            json.write(s.put("command", "mkl cv").put("method", m.cliName()).put("data", input.data().toString())
                    .put("splits", (long) results.size()).put("seed", splits.seed));
            return Main.OK;
        }
    }

    /** {@code kernelkit mkl compare}. */
    @Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Every method on identical splits: the Table I (accuracy, kernels) and Table II (time) layout.")
    static final class Compare implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Input input;
        @Option(names = "--methods", paramLabel = "LIST", defaultValue = "sm1,sm2,lp,simple,ave",
                description = "Methods to run (default: ${DEFAULT-VALUE}).")
        String methods;
        @Option(names = "--verbose", description = "Print every split's result per method as soon as it is known.")
        boolean verbose;
        @Mixin
        Parameters params = new Parameters();
        @Mixin
        SplitOptions splits = new SplitOptions();
        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            List<MklMethod> ms = new ArrayList<>();
            for (String s : methods.split(",")) {
                ms.add(MklMethod.parse(s));
            }
            LabeledDataset data = splits.withNoise(read(input));
            Resampling outer = splits.resampling();
            Progress progress = Progress.forTerminal(spec.commandLine().getErr());
            Map<MklMethod, List<SplitResult>> all = new LinkedHashMap<>();
            Map<MklMethod, Protocol> protocols = new LinkedHashMap<>();
            for (MklMethod m : ms) {
                all.put(m, new ArrayList<>());
                protocols.put(m, Protocol.of(m, params, outer, splits.seed, data));
            }
            PrintWriter out = spec.commandLine().getOut();
            int done = 0;
            // split by split, every method on it, one line each as it finishes (a long run stopped early keeps whole splits)
            for (int i = 0; i < outer.size(); i++) {
                for (MklMethod m : ms) {
                    progress.update("split x method", done++, (long) ms.size() * outer.size());
                    SplitResult r = protocols.get(m).run(data, i);
                    all.get(m).add(r);
                    if (verbose) {
                        out.printf(Locale.ROOT, "split %d %s: %s accuracy %.2f%%, kernels %.1f, train %.3f s, tune %.1f s, %d SVM solves%s%n",
                                r.split(), m.cliName(), describe(r.chosen()), 100 * r.accuracy(), r.selected(), r.trainSeconds(),
                                r.tuneSeconds(), r.svmSolves(), r.convergenceNote());
                        out.flush();
                    }
                }
            }
            progress.done();
            TablePrinter t = new TablePrinter().textColumn("method").numberColumn("accuracy %").numberColumn("sd")
                    .numberColumn("kernels").numberColumn("train s").numberColumn("tune s").numberColumn("SVM solves");
            JsonSummary methodsJson = new JsonSummary();
            for (Map.Entry<MklMethod, List<SplitResult>> e : all.entrySet()) {
                List<SplitResult> rs = e.getValue();
                Summary acc = Summary.of(rs.stream().mapToDouble(SplitResult::accuracy).toArray());
                JsonSummary s = summarise(rs);
                methodsJson.put(e.getKey().cliName(), s);
                t.row(e.getKey().cliName(), TablePrinter.fixed(100 * acc.mean(), 2), TablePrinter.fixed(100 * acc.sd(), 2),
                        TablePrinter.fixed(rs.stream().mapToDouble(SplitResult::selected).average().orElse(0), 1),
                        TablePrinter.fixed(rs.stream().mapToDouble(SplitResult::trainSeconds).average().orElse(0), 3),
                        TablePrinter.fixed(rs.stream().mapToDouble(SplitResult::tuneSeconds).average().orElse(0), 1),
                        TablePrinter.fixed(rs.stream().mapToDouble(SplitResult::svmSolves).average().orElse(0), 1));
            }
            t.print(out);
            for (Map.Entry<MklMethod, List<SplitResult>> e : all.entrySet()) {
                printUnconverged(out, e.getKey().cliName(), e.getValue());
            }
            out.printf(Locale.ROOT, "%s: %d splits (test fraction %s, seed %d); hyper-parameters by %d-fold CV on each training part%n",
                    input.data(), outer.size(), splits.testFraction, splits.seed, params.innerFolds);
            out.flush();
            json.write(new JsonSummary().put("command", "mkl compare").put("data", input.data().toString())
                    .put("splits", (long) outer.size()).put("seed", splits.seed).put("noise_ratio", splits.noiseRatio)
                    .put("dim", (long) data.dim()).put("methods", methodsJson));
            return Main.OK;
        }
    }

    /** {@code kernelkit mkl bench}: our fit against a straightforward one on the same splits. */
    @Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Training time of one method with fixed parameters: ours (shared subset data, warm-started SVM solves) "
                    + "against a straightforward fit (one dense Gram matrix per kernel computed kernel by kernel, every SVM solve from alpha = 0).",
                    "Needs --c (and --theta or --p where the method uses them)."})
    static final class Bench implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Input input;
        @Option(names = "--method", required = true, paramLabel = "M", description = "sm1, sm2, lp, simple or ave.")
        String method;
        @Mixin
        Parameters params = new Parameters();
        @Mixin
        SplitOptions splits = new SplitOptions();
        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            MklMethod m = MklMethod.parse(method);
            if (!params.kernelSpecs.isEmpty()) {
                throw new IllegalArgumentException("mkl bench measures the protocol kernels (its reference shares their "
                        + "distance matrices); --kernel is not supported here");
            }
            if (params.c == null || params.tuneSecond(m)) {
                throw new IllegalArgumentException("mkl bench needs fixed parameters: give --c"
                        + (m == MklMethod.SM1 || m == MklMethod.SM2 ? " and --theta" : m == MklMethod.LP ? " and --p" : ""));
            }
            MklOptions o = params.base(m);
            LabeledDataset data = splits.withNoise(read(input));
            PrintWriter out = spec.commandLine().getOut();
            TablePrinter t = new TablePrinter().numberColumn("split").numberColumn("ours s").numberColumn("ours solves")
                    .numberColumn("ours J").numberColumn("straight s").numberColumn("straight solves").numberColumn("straight J")
                    .numberColumn("ratio");
            List<Double> ratios = new ArrayList<>();
            List<Double> ours = new ArrayList<>();
            List<Double> straight = new ArrayList<>();
            int index = 0;
            for (Splits.Split s : splits.make(data)) {
                LabeledDataset train = data.subset(s.train());
                dev.kernelkit.data.FittedScaler scaler = dev.kernelkit.data.FeatureScaling.STANDARD.fit(train);
                LabeledDataset st = scaler.apply(train);
                dev.kernelkit.gram.MultipleKernel k = dev.kernelkit.gram.MultipleKernel.simpleMklProtocol(st.dim()).withUnitTrace(st.points());
                double[] y = binary(st);
                long t0 = System.nanoTime();
                dev.kernelkit.mkl.MklResult a = dev.kernelkit.mkl.SoftMarginMkl.fitBinary(k.gram(st.points()), y, o);
                double ta = (System.nanoTime() - t0) * 1e-9;
                t0 = System.nanoTime();
                List<dev.kernelkit.gram.KernelMatrix> each = new ArrayList<>();
                for (int mm = 0; mm < k.count(); mm++) {
                    final int km = mm;
                    dev.kernelkit.kernel.Kernel<dev.kernelkit.data.Vec> scaled = (x, z) -> k.scale(km) * k.kernel(km).apply(x, z);
                    each.add(dev.kernelkit.gram.DenseKernelMatrix.compute(scaled, st.points()));
                }
                dev.kernelkit.mkl.MklResult b = dev.kernelkit.mkl.SoftMarginMkl.fitBinary(
                        dev.kernelkit.gram.PrecomputedKernelMatrices.of(each), y, o, dev.kernelkit.learn.FitListener.SILENT,
                        dev.kernelkit.mkl.WarmStart.NONE);
                double tb = (System.nanoTime() - t0) * 1e-9;
                double[] ja = a.objectives(), jb = b.objectives();
                t.row(Integer.toString(++index), TablePrinter.fixed(ta, 3), Integer.toString(a.svmSolves()),
                        TablePrinter.general(ja[ja.length - 1]), TablePrinter.fixed(tb, 3), Integer.toString(b.svmSolves()),
                        TablePrinter.general(jb[jb.length - 1]), TablePrinter.fixed(tb / ta, 2));
                ratios.add(tb / ta);
                ours.add(ta);
                straight.add(tb);
            }
            t.print(out);
            double ratio = ratios.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            out.printf(Locale.ROOT, "%s: straightforward / ours = %.2f (mean over %d splits)%n", m.cliName(), ratio, ratios.size());
            out.flush();
            json.write(new JsonSummary().put("command", "mkl bench").put("method", m.cliName()).put("ratio_mean", ratio)
                    .putList("ours_seconds", ours).putList("straightforward_seconds", straight));
            return Main.OK;
        }

        /** Labels as +1 (the larger class) and -1. */
        static double[] binary(LabeledDataset d) {
            double[] classes = d.classes();
            if (classes.length != 2) {
                throw new IllegalArgumentException("mkl bench needs two classes, got " + classes.length);
            }
            double[] y = d.labels();
            for (int i = 0; i < y.length; i++) {
                y[i] = y[i] == classes[1] ? 1.0 : -1.0;
            }
            return y;
        }
    }

    /** {@code kernelkit mkl noise}: the noisy-feature study of the paper's Fig. 2. */
    @Command(name = "noise", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Accuracy against the ratio r of appended N(0, 1) noise features (r d of them, d the data's dimension) "
                    + "on one train/test split (the paper's Fig. 2: Diabetes, first split, r in 0, 0.2, ..., 1.2).",
                    "Every method on the same split for every r; missing hyper-parameters by CV on the training part; "
                    + "lp runs as L2-MKL (p = 2) unless --p is given."})
    static final class Noise implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Input input;
        @Option(names = "--methods", paramLabel = "LIST", defaultValue = "ave,simple,lp,sm1,sm2",
                description = "Methods to run (default: ${DEFAULT-VALUE}, the curves of Fig. 2).")
        String methods;
        @Option(names = "--ratios", paramLabel = "LIST", defaultValue = "0,0.2,0.4,0.6,0.8,1.0,1.2",
                description = "Noise ratios r (default: ${DEFAULT-VALUE}).")
        String ratios;
        @Option(names = "--split", paramLabel = "K", defaultValue = "1",
                description = "Which of the seeded 70/30 splits (as numbered by mkl compare) to use (default: ${DEFAULT-VALUE}).")
        int split = 1;
        @Option(names = "--test-fraction", paramLabel = "F", defaultValue = "0.3",
                description = "Test fraction of the split (default: ${DEFAULT-VALUE}).")
        double testFraction = 0.3;
        @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
                description = "Seed of the splits and of the noise features (default: ${DEFAULT-VALUE}).")
        long seed = 1;
        @Mixin
        Parameters params = new Parameters();
        @Option(names = "--plots", paramLabel = "DIR", description = "Write the accuracy curves as mkl-noise.png into DIR.")
        Path plots;
        @Option(names = "--verbose", description = "Print every (ratio, method) result as soon as it is known.")
        boolean verbose;
        @Mixin
        Options.Json json;

        @Override
        public Integer call() throws Exception {
            List<MklMethod> ms = new ArrayList<>();
            for (String s : methods.split(",")) {
                ms.add(MklMethod.parse(s));
            }
            List<Double> rs = parseList("--ratios", ratios);
            for (double r : rs) {
                if (!(r >= 0) || !Double.isFinite(r)) {
                    throw new IllegalArgumentException("--ratios: every ratio must be >= 0 and finite, got " + r);
                }
            }
            if (split < 1) {
                throw new IllegalArgumentException("--split must be >= 1, got " + split);
            }
            if (!(testFraction > 0 && testFraction < 1)) {
                throw new IllegalArgumentException("--test-fraction must be in (0, 1), got " + testFraction);
            }
            if (params.p == null) {
                params.p = "2";
            }
            LabeledDataset data = read(input);
            // the split numbered as mkl compare numbers them: the last of `split` splits
            Resampling outer = Resampling.stratifiedHoldOut(1 - testFraction, split, seed);
            List<Protocol> protocols = new ArrayList<>();
            for (MklMethod m : ms) {
                protocols.add(Protocol.of(m, params, outer, seed, data));
            }
            Progress progress = Progress.forTerminal(spec.commandLine().getErr());
            double[][] acc = new double[ms.size()][rs.size()];
            double[][] kept = new double[ms.size()][rs.size()];
            List<List<SplitResult>> runs = new ArrayList<>();
            for (int k = 0; k < ms.size(); k++) {
                runs.add(new ArrayList<>());
            }
            int[] extra = new int[rs.size()];
            int done = 0;
            for (int j = 0; j < rs.size(); j++) {
                LabeledDataset noisy = addNoise(data, rs.get(j), seed);
                extra[j] = noisy.dim() - data.dim();
                for (int k = 0; k < ms.size(); k++) {
                    progress.update("ratio x method", done++, (long) rs.size() * ms.size());
                    SplitResult r = protocols.get(k).run(noisy, split - 1);
                    acc[k][j] = r.accuracy();
                    kept[k][j] = r.selected();
                    runs.get(k).add(r);
                    if (verbose) {
                        PrintWriter o = spec.commandLine().getOut();
                        o.printf(Locale.ROOT, "r = %s %s: %s accuracy %.2f%%, kernels %.1f of %d, train %.3f s, %d SVM solves%s%n",
                                TablePrinter.fixed(rs.get(j), 1), ms.get(k).cliName(), describe(r.chosen()), 100 * r.accuracy(),
                                r.selected(), params.kernels().count(noisy.dim()), r.trainSeconds(), r.svmSolves(), r.convergenceNote());
                        o.flush();
                    }
                }
            }
            progress.done();
            PrintWriter out = spec.commandLine().getOut();
            TablePrinter t = new TablePrinter().numberColumn("r").numberColumn("noise features").numberColumn("kernels M");
            for (MklMethod m : ms) {
                t.numberColumn(m.cliName() + " acc %");
            }
            for (int j = 0; j < rs.size(); j++) {
                List<String> cells = new ArrayList<>(List.of(TablePrinter.fixed(rs.get(j), 1), Integer.toString(extra[j]),
                        Integer.toString(params.kernels().count(data.dim() + extra[j]))));
                for (int k = 0; k < ms.size(); k++) {
                    cells.add(TablePrinter.fixed(100 * acc[k][j], 2));
                }
                t.row(cells.toArray(String[]::new));
            }
            t.print(out);
            out.printf(Locale.ROOT, "%s: split %d of seed %d (test fraction %s); noise seed %d; hyper-parameters %s%n",
                    input.data(), split, seed, testFraction, seed,
                    params.c == null ? "by " + params.innerFolds + "-fold CV on the training part" : "fixed");
            for (int k = 0; k < ms.size(); k++) {
                printUnconverged(out, ms.get(k).cliName(), runs.get(k));
            }
            double[] x = rs.stream().mapToDouble(Double::doubleValue).toArray();
            if (plots != null) {
                java.nio.file.Files.createDirectories(plots);
                dev.kernelkit.plot.LineChart.Builder b = dev.kernelkit.plot.LineChart.builder();
                for (int k = 0; k < ms.size(); k++) {
                    double[] y = new double[rs.size()];
                    for (int j = 0; j < y.length; j++) {
                        y[j] = 100 * acc[k][j];
                    }
                    b.series(label(ms.get(k)), x, y);
                }
                Path file = plots.resolve("mkl-noise.png");
                b.title("Accuracy against noise features, " + input.data().getFileName() + " (split " + split + ")")
                        .axisLabels("ratio r of noise features (r d appended)", "test accuracy %").build().writePng(file);
                out.println("wrote " + file);
            }
            out.flush();
            JsonSummary methodsJson = new JsonSummary();
            for (int k = 0; k < ms.size(); k++) {
                List<SplitResult> rk = runs.get(k);
                methodsJson.put(ms.get(k).cliName(), new JsonSummary().putList("accuracy", acc[k])
                        .putList("kernels_selected", kept[k])
                        .putList("train_seconds", rk.stream().mapToDouble(SplitResult::trainSeconds).toArray())
                        .putList("svm_solves", rk.stream().mapToDouble(SplitResult::svmSolves).toArray())
                        .putList("options", rk.stream().map(r -> describe(r.chosen())).toList())
                        .put("tuning_fits", (long) rk.stream().mapToInt(SplitResult::tuneFits).sum())
                        .put("tuning_fits_unconverged", (long) rk.stream().mapToInt(SplitResult::tuneUnconverged).sum())
                        .put("final_fits_unconverged", (long) rk.stream().mapToInt(SplitResult::finalUnconverged).sum()));
            }
            json.write(new JsonSummary().put("command", "mkl noise").put("data", input.data().toString())
                    .put("split", (long) split).put("seed", seed).putList("ratios", x).put("methods", methodsJson));
            return Main.OK;
        }

        static String label(MklMethod m) {
            return switch (m) {
                case SM1 -> "SM1MKL";
                case SM2 -> "SM2MKL";
                case LP -> "Lp-MKL";
                case SIMPLE -> "SimpleMKL (L1)";
                case AVERAGE -> "AveKernel";
            };
        }
    }

    /** {@code kernelkit mkl demo}: the MKL section of {@code kernelkit demo} on its own. */
    @Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
            description = "SM1MKL, SM2MKL, SimpleMKL and AveKernel on two moons with one noise feature (the MKL section of kernelkit demo).")
    static final class Demo implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        Options.Seed seed;
        @Option(names = "--plots", paramLabel = "DIR", description = "Write SM1MKL's kernel weights as a bar chart into DIR.")
        Path plots;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            MklDemo.Result r = MklDemo.run(seed.seed());
            MklDemo.print(out, r);
            if (plots != null) {
                java.nio.file.Files.createDirectories(plots);
                MklDemo.writePlots(plots, r, out);
            }
            out.flush();
            return Main.OK;
        }
    }
}
