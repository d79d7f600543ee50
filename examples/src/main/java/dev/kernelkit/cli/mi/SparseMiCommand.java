package dev.kernelkit.cli.mi;

import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.eval.Choosers;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.GridEdge;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiCccp;
import dev.kernelkit.mi.MiCccpOptions;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiSvm;
import dev.kernelkit.mi.MiSvmOptions;
import dev.kernelkit.mi.Miles;
import dev.kernelkit.mi.MilesOptions;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.RandomSparseSvm;
import dev.kernelkit.mi.ReducedSet;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.mi.XvInit;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kernelkit sparse-mi train|predict|cv}: SparseMI (TNNLS 2013) and its sparse baselines
 * RSVM and RS on multi-instance bag files (CSV bags or multi-instance ARFF).
 *
 * <p>{@code cv} follows the paper's protocol: repeated stratified k-fold over bags, features
 * standardised on each training part, (gamma, C) fixed by {@code --gamma/--c} or, when both are
 * omitted, chosen by 3-fold CV on the training part. {@code train} and {@code predict} use the
 * features as given (standardise the files beforehand if needed). {@code compare} runs every method of
 * the module (SparseMI, MI-Kernel, RSVM, RS, mi-SVM, MI-SVM, MILES, MI-CCCP) through the cv protocol on the
 * same folds.
 */
@Command(name = "sparse-mi", mixinStandardHelpOptions = true,
        description = "Sparse kernel SVMs for multi-instance bags (SparseMI) and the baselines MI-Kernel, RSVM, RS.",
        subcommands = {SparseMiCommand.Train.class, SparseMiCommand.Predict.class, SparseMiCommand.Cv.class,
                SparseMiCommand.Compare.class, SparseMiCommand.Bench.class, SparseMiCommand.BenchCccp.class})
public final class SparseMiCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** The learning methods of the command. */
    enum Method { SPARSEMI, MIKERNEL, RSVM, RS }

    /** {@code --data FILE [--format csv-bags|arff]}: the bag file of every sparse-mi subcommand. */
    static final class BagInput {
        @Option(names = "--data", required = true, paramLabel = "FILE",
                description = "Bag data file (for predict: the bags to predict).")
        Path data;

        @Option(names = "--format", paramLabel = "FORMAT",
                description = "csv-bags or arff (default: from the extension, .arff is arff, else csv-bags).")
        String format;

        /** Reads --data in --format. */
        BagDataset read() throws IOException {
            return SparseMiCommand.read(data, format);
        }
    }

    /** Options shared by train and cv. */
    static class Common {
        @CommandLine.Mixin
        BagInput input = new BagInput();

        @Option(names = "--xv", paramLabel = "N|auto", defaultValue = "10",
                description = "Number of expansion vectors N_XV, or auto to choose it from --xv-grid by inner 3-fold CV "
                        + "on the training part, see --xv-search (default: ${DEFAULT-VALUE}).")
        String xv;

        @Option(names = "--xv-search", paramLabel = "staged|joint",
                description = "With --xv auto: staged tunes gamma and C at the smallest candidate N_XV, then N_XV; joint "
                        + "searches the whole gamma x C x N_XV grid (|grid| times the fits; default: staged).")
        String xvSearch;

        @Option(names = "--xv-grid", paramLabel = "LIST", split = ",", defaultValue = "10,50,100,500,1000",
                description = "Candidate N_XV for --xv auto, ascending; candidates above the instances of an inner "
                        + "training part are skipped (default: the paper's ${DEFAULT-VALUE}).")
        int[] xvGrid;

        @Option(names = "--gamma", paramLabel = "G", description = "Gaussian gamma; omit with --c to tune.")
        Double gamma;

        @Option(names = "--c", paramLabel = "C", description = "Loss weight C; omit with --gamma to tune.")
        Double c;

        @Option(names = "--init", paramLabel = "INIT", defaultValue = "random",
                description = "Initial XVs: random, kmeans or svm (default: ${DEFAULT-VALUE}).")
        String init;

        @Option(names = "--gamma-grid", paramLabel = "LIST", split = ",",
                description = "Candidate gamma times the feature count when tuning (default: 0.125,0.25,0.5,1,2).")
        double[] gammaGrid;

        @Option(names = "--c-grid", paramLabel = "LIST", split = ",",
                description = "Candidate C when tuning (default: 1,10,100).")
        double[] cGrid;

        @Option(names = "--method", paramLabel = "METHOD", defaultValue = "sparsemi",
                description = "sparsemi, mikernel, rsvm or rs (default: ${DEFAULT-VALUE}).")
        String method;

        @Option(names = "--iterations", paramLabel = "T", defaultValue = "50",
                description = "t_max, outer iterations of SparseMI (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @CommandLine.Mixin
        StepOption step = new StepOption();

        @Option(names = "--restarts", paramLabel = "R", defaultValue = "1",
                description = "SparseMI only: optimise R initialisations and keep the lowest final objective g(Z) "
                        + "(default: ${DEFAULT-VALUE}, the paper's single start).")
        int restarts;

        @Option(names = "--inner-repeats", paramLabel = "K", defaultValue = "1",
                description = "Repeat the inner 3-fold CV that tunes gamma, C (and N_XV) on K random partitions of the "
                        + "training part and sum the accuracies (default: ${DEFAULT-VALUE}, the paper's single 3-fold CV).")
        int innerRepeats;

        Method method() {
            try {
                return Method.valueOf(method.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--method must be sparsemi, mikernel, rsvm or rs, got '" + method + "'");
            }
        }

        MiProtocol.SizeSearch xvSearch() {
            if (xvSearch == null) {
                return MiProtocol.SizeSearch.STAGED;
            }
            return switch (xvSearch.toLowerCase(Locale.ROOT)) {
                case "staged" -> MiProtocol.SizeSearch.STAGED;
                case "joint" -> MiProtocol.SizeSearch.JOINT;
                default -> throw new IllegalArgumentException("--xv-search must be staged or joint, got '" + xvSearch + "'");
            };
        }

        /** True for {@code --xv auto}. */
        boolean autoXv() {
            return "auto".equalsIgnoreCase(xv.trim());
        }

        /** The fixed N_XV of {@code --xv N}. */
        int xvCount() {
            try {
                return Integer.parseInt(xv.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--xv must be a positive integer or auto, got '" + xv + "'");
            }
        }

        SparseMiOptions options(double g, double cost) {
            return options(g, cost, xvCount());
        }

        SparseMiOptions options(double g, double cost, int k) {
            return SparseMiOptions.defaults().withGamma(g).withC(cost).withExpansionVectors(k)
                    .withInit(XvInit.parse(init)).withMaxIterations(iterations).withSeed(seed)
                    .withRestarts(method() == Method.SPARSEMI ? restarts : 1).withStepRule(step.rule());
        }

        /** The --method's trainer at (gamma, C) and the fixed N_XV of {@code --xv N}. */
        Trainer<Bag, ? extends BagClassifier> trainer(double g, double cost) {
            return trainer(g, cost, xvCount());
        }

        /** The --method's trainer at (gamma, C, N_XV); a pure function of its arguments and the options. */
        Trainer<Bag, ? extends BagClassifier> trainer(double g, double cost, int k) {
            SparseMiOptions o = options(g, cost, k);
            return switch (method()) {
                case SPARSEMI -> SparseMi.trainer(o);
                case MIKERNEL -> MiKernel.trainer(MiKernelOptions.defaults().withGamma(g).withC(cost));
                case RSVM -> RandomSparseSvm.trainer(o);
                case RS -> ReducedSet.trainer(o);
            };
        }

        /** @throws IllegalArgumentException naming the first bad option */
        void checkGrid() {
            method();
            XvInit.parse(init);
            step.rule();
            if (autoXv()) {
                if (method() == Method.MIKERNEL) {
                    throw new IllegalArgumentException("--xv auto applies to sparsemi, rsvm and rs; mikernel has no N_XV");
                }
                if (xvGrid == null || xvGrid.length == 0) {
                    throw new IllegalArgumentException("--xv-grid must not be empty");
                }
                for (int i = 0; i < xvGrid.length; i++) {
                    if (xvGrid[i] < 1 || (i > 0 && xvGrid[i] <= xvGrid[i - 1])) {
                        throw new IllegalArgumentException("--xv-grid must be ascending positive integers, got "
                                + java.util.Arrays.toString(xvGrid));
                    }
                }
            } else if (xvCount() < 1) {
                throw new IllegalArgumentException("--xv must be >= 1, got " + xvCount());
            } else if (xvSearch != null) {
                throw new IllegalArgumentException("--xv-search applies only with --xv auto, got --xv " + xv);
            }
            xvSearch();
            if (innerRepeats < 1) {
                throw new IllegalArgumentException("--inner-repeats must be >= 1, got " + innerRepeats);
            }
            if (restarts < 1) {
                throw new IllegalArgumentException("--restarts must be >= 1, got " + restarts);
            }
            if (restarts > 1 && method() != Method.SPARSEMI) {
                throw new IllegalArgumentException("--restarts applies to sparsemi only, got --method " + method);
            }
            if (restarts > 1 && XvInit.parse(init) == XvInit.SVM) {
                throw new IllegalArgumentException("--restarts must be 1 with --init svm (the selection is deterministic)");
            }
            if ((gamma == null) != (c == null)) {
                throw new IllegalArgumentException("give both --gamma and --c, or neither to tune them by 3-fold CV");
            }
        }

        double[] gammas(BagDataset d) {
            if (gamma != null) {
                return new double[] {gamma};
            }
            if (gammaGrid == null) {
                return MiProtocol.defaultGammas(d.dim());
            }
            double[] g = new double[gammaGrid.length];
            for (int i = 0; i < g.length; i++) {
                if (!(gammaGrid[i] > 0) || !Double.isFinite(gammaGrid[i])) {
                    throw new IllegalArgumentException("--gamma-grid values must be > 0, got " + gammaGrid[i]);
                }
                g[i] = gammaGrid[i] / d.dim();
            }
            return g;
        }

        double[] cs() {
            if (c != null) {
                return new double[] {c};
            }
            if (cGrid == null) {
                return MiProtocol.defaultCs();
            }
            for (double v : cGrid) {
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw new IllegalArgumentException("--c-grid values must be > 0, got " + v);
                }
            }
            return cGrid.clone();
        }
    }

    static BagDataset read(Path file, String format) throws IOException {
        String f = format != null ? format : file.toString().endsWith(".arff") ? "arff" : "csv-bags";
        return switch (f) {
            case "arff" -> ArffFormat.readBags(file);
            case "csv-bags" -> CsvBagFormat.read(file);
            default -> throw new IllegalArgumentException("--format must be csv-bags or arff, got '" + f + "'");
        };
    }

    /** {@code train}: fit on a file, print the training accuracy, optionally save the model. */
    @Command(name = "train", mixinStandardHelpOptions = true, description = "Train on a bag file and save the model.")
    static final class Train extends Common implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--model", paramLabel = "FILE", description = "Where to write the model.")
        Path model;

        @Option(names = "--replicate", paramLabel = "K", defaultValue = "1",
                description = "Train on every bag repeated K times (to measure how training time grows with the "
                        + "number of instances; default: ${DEFAULT-VALUE}).")
        int replicate;

        @Override
        public Integer call() throws IOException {
            checkGrid();
            if (replicate < 1) {
                throw new IllegalArgumentException("--replicate must be >= 1, got " + replicate);
            }
            BagDataset d = replicated(input.read(), replicate);
            // (gamma, C[, N_XV]) by the inner CV on all the bags, seeded --seed, unless given
            Point tuned = autoXv()
                    ? MiProtocol.select(d, MiProtocol.grid(this::trainer, xvGrid, gammas(d), cs()),
                            MiProtocol.chooser(xvSearch()), seed, innerRepeats).chosen()
                    : gamma != null ? null
                    : MiProtocol.select(d, MiProtocol.grid(this::trainer, gammas(d), cs()), Choosers.best(), seed,
                            innerRepeats).chosen();
            double[] best = tuned == null ? new double[] {gamma, c, xvCount()}
                    : new double[] {tuned.number(MiProtocol.GAMMA), tuned.number(MiProtocol.C),
                            autoXv() ? tuned.number(MiProtocol.XV) : xvCount()};
            Stopwatch clock = Stopwatch.start();
            BagClassifier m = trainer(best[0], best[1], (int) best[2]).fit(d);
            double secs = clock.elapsedSeconds();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "method %s  bags %d  instances %d  xv %d  gamma %.6g  C %.6g  train_seconds %.3f  "
                            + "training_accuracy %.4f%s%n", method, d.size(), d.instanceCount(),
                    m.kernelEvaluationsPerInstance(), best[0], best[1], secs, Metrics.accuracy(m, d),
                    m instanceof SparseMiModel sm ? String.format(Locale.ROOT, "  iterations %d  objective %.6g",
                            sm.iterations(), sm.finalObjective()) : "");
            if (model != null) {
                Models.save(m, model);
                out.println("model written to " + model);
            }
            out.flush();
            return 0;
        }
    }

    /** Every bag k times (ids suffixed #r), labels kept. */
    static BagDataset replicated(BagDataset d, int k) {
        if (k == 1) {
            return d;
        }
        java.util.List<Bag> bags = new java.util.ArrayList<>();
        int[] labels = new int[d.size() * k];
        for (int r = 0; r < k; r++) {
            for (int i = 0; i < d.size(); i++) {
                bags.add(new Bag(d.bag(i).id() + "#" + r, d.bag(i).instances()));
                labels[r * d.size() + i] = d.label(i);
            }
        }
        return new BagDataset(bags, d.classNames(), labels);
    }

    /** {@code predict}: apply a saved model to a bag file, print one line per bag. */
    @Command(name = "predict", mixinStandardHelpOptions = true, description = "Predict bags with a saved model.")
    static final class Predict implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model from train.")
        Path model;

        @CommandLine.Mixin
        BagInput input = new BagInput();

        @Override
        public Integer call() throws IOException {
            BagClassifier m = Models.load(model, BagClassifier.class);
            // read as 'kernelkit predict' reads a bag model's data (kind and dimension checked); a file
            // not named .arff is csv-bags here, as for train and cv
            BagDataset d = (BagDataset) dev.kernelkit.cli.PredictCommand.readFor(m, model, input.data,
                    input.format != null ? input.format : input.data.toString().endsWith(".arff") ? "arff" : "csv-bags");
            PrintWriter out = spec.commandLine().getOut();
            Stopwatch clock = Stopwatch.start();
            int ok = 0;
            for (int i = 0; i < d.size(); i++) {
                Bag b = d.bag(i);
                int p = m.predict(b);
                ok += m.classNames().get(p).equals(d.classNames().get(d.label(i))) ? 1 : 0;
                out.println(b.id() + "\t" + m.classNames().get(p));
            }
            out.printf(Locale.ROOT, "# accuracy %.4f  predict_seconds %.4f  kernel_evals_per_instance %d%n",
                    ok / (double) d.size(), clock.elapsedSeconds(), m.kernelEvaluationsPerInstance());
            out.flush();
            return 0;
        }
    }

    /** {@code cv}: the paper's repeated k-fold protocol. */
    @Command(name = "cv", mixinStandardHelpOptions = true,
            description = "Repeated stratified k-fold CV, standardised per training part, gamma and C tuned by inner 3-fold CV unless given.")
    static final class Cv extends Common implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--folds", paramLabel = "K", defaultValue = "10", description = "Folds (default: ${DEFAULT-VALUE}).")
        int folds;

        @Option(names = "--repeats", paramLabel = "R", defaultValue = "1", description = "Repeats (default: ${DEFAULT-VALUE}).")
        int repeats;

        @Option(names = "--json", paramLabel = "FILE", description = "Write the summary as JSON.")
        Path json;

        @Override
        public Integer call() throws IOException {
            checkGrid();
            BagDataset d = input.read();
            // every trainer is a pure function of (data, gamma, C, N_XV) and seeded options: inner fits in parallel
            ModelSelection<Bag> protocol = autoXv()
                    ? MiProtocol.tunedSize(this::trainer, folds, repeats, seed, gammas(d), cs(), xvGrid, innerRepeats,
                            xvSearch())
                    : MiProtocol.tuned(this::trainer, folds, repeats, seed, gammas(d), cs(), innerRepeats);
            Evaluation r = protocol.run(d);
            Summary acc = r.summary();
            double[] v = MiProtocol.vectors(r);
            double vMean = MiProtocol.mean(v);
            double vMin = java.util.Arrays.stream(v).min().orElse(0);
            double vMax = java.util.Arrays.stream(v).max().orElse(0);
            double trainSeconds = MiProtocol.mean(r.trainSeconds());
            double predictSeconds = MiProtocol.mean(r.predictSeconds());
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "method %s  folds %d x %d  accuracy %.4f ± %.4f  xv %.1f  train_seconds %.4f  "
                            + "predict_seconds %.5f%n", method, folds, repeats, acc.mean(), acc.sd(),
                    vMean, trainSeconds, predictSeconds);
            out.printf(Locale.ROOT, "# chosen per fold: xv %s  gamma*dim %s  C %s%n", counts(v, 1),
                    counts(MiProtocol.chosen(r, MiProtocol.GAMMA), d.dim()), counts(MiProtocol.chosen(r, MiProtocol.C), 1));
            if (repeats > 1) {
                out.printf(Locale.ROOT, "# per repeat: %s  (sd over repeats %.4f)%n",
                        joined(r.repeatMeans()), r.repeatSummary().sd());
            }
            for (String note : edgeNotes(r)) {
                out.println("# note: " + note);
            }
            out.flush();
            if (json != null) {
                new JsonSummary().put("method", method).put("accuracy_mean", acc.mean())
                        .put("accuracy_sd", acc.sd()).put("accuracy_sd_over_repeats", r.repeatSummary().sd())
                        .put("xv", vMean).put("train_seconds", trainSeconds)
                        .put("predict_seconds", predictSeconds)
                        .put("kernel_evals_per_instance", vMean)
                        .put("folds", (long) folds).put("repeats", (long) repeats).put("xv_min", vMin)
                        .put("xv_max", vMax).put("xv_auto", autoXv())
                        .put("restarts", (long) (method() == Method.SPARSEMI ? restarts : 1))
                        .put("inner_repeats", (long) innerRepeats)
                        .put("xv_search", autoXv() ? xvSearch().name().toLowerCase(Locale.ROOT) : "none")
                        .putList("repeat_accuracies", r.repeatMeans())
                        .putList("fold_accuracies", r.scores()).writeTo(json);
            }
            return 0;
        }
    }

    /**
     * Warnings for a tuned gamma or C grid whose first or last value the inner CV chose in at least
     * half of the outer folds ({@link Evaluation#gridEdges()}): the best value may lie beyond it. A
     * training-part diagnosis (the choices never see a test fold); empty for fixed values. Worded by
     * value, the largest before the smallest, whichever way the grid is listed (an edge of an
     * unsorted list that is neither is not reported).
     */
    static java.util.List<String> edgeNotes(Evaluation r) {
        java.util.List<String> notes = new java.util.ArrayList<>();
        for (String[] dim : new String[][] {{MiProtocol.GAMMA, "--gamma-grid"}, {MiProtocol.C, "--c-grid"}}) {
            java.util.DoubleSummaryStatistics grid = r.chosen().get(0).dimensions().stream()
                    .filter(d -> d.name().equals(dim[0])).flatMap(d -> d.values().stream())
                    .mapToDouble(v -> (Double) v).summaryStatistics();
            for (double edge : new double[] {grid.getMax(), grid.getMin()}) {
                for (GridEdge e : r.gridEdges()) {
                    if (e.dimension().equals(dim[0]) && e.value() instanceof Double v && v == edge) {
                        notes.add(String.format(Locale.ROOT, "%s chose the grid's %s value in %d of %d folds; the best "
                                        + "may lie beyond it (widen %s)", dim[0], edge == grid.getMax() ? "largest" : "smallest",
                                e.count(), e.splits(), dim[1]));
                    }
                }
            }
        }
        return notes;
    }

    /** The values with four significant digits, space-separated. */
    static String joined(double[] values) {
        StringBuilder b = new StringBuilder();
        for (double x : values) {
            b.append(b.length() > 0 ? " " : "").append(String.format(Locale.ROOT, "%.4g", x));
        }
        return b.toString();
    }

    private static double[] scaled(double[] values, double factor) {
        double[] out = values.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= factor;
        }
        return out;
    }

    /** "value: count" of each distinct value times {@code scale}, ascending, e.g. "{10: 7, 50: 3}". */
    static String counts(double[] values, double scale) {
        java.util.TreeMap<Double, Integer> m = new java.util.TreeMap<>();
        for (double x : values) {
            m.merge(x * scale, 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder("{");
        m.forEach((k, n) -> b.append(b.length() > 1 ? ", " : "").append(String.format(Locale.ROOT, "%.4g: %d", k, n)));
        return b.append('}').toString();
    }

    /**
     * {@code compare}: every method of the module on identical folds (the same split seed), each with
     * (gamma, C) tuned by inner 3-fold CV on the training part, as a table and JSON.
     */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "All methods of the module on identical folds with the paper's protocol (gamma and C by "
                    + "inner 3-fold CV on each training part): accuracy, vectors, train and predict seconds.")
    static final class Compare implements Callable<Integer> {
        /** Every method name of the JSON, in table order. */
        static final java.util.List<String> ALL = java.util.List.of("sparsemi", "mikernel", "rsvm", "rs", "mi-SVM",
                "MI-SVM", "miles", "cccp");

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        BagInput input = new BagInput();

        @Option(names = "--folds", paramLabel = "K", defaultValue = "10", description = "Folds (default: ${DEFAULT-VALUE}).")
        int folds;

        @Option(names = "--repeats", paramLabel = "R", defaultValue = "1", description = "Repeats (default: ${DEFAULT-VALUE}).")
        int repeats;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Fold and model seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--xv", paramLabel = "N", defaultValue = "10",
                description = "N_XV of SparseMI, RSVM and RS (default: ${DEFAULT-VALUE}).")
        int xv;

        @Option(names = "--iterations", paramLabel = "T", defaultValue = "50",
                description = "t_max of SparseMI (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--init", paramLabel = "INIT", defaultValue = "random",
                description = "Initial XVs of SparseMI: random, kmeans or svm (default: ${DEFAULT-VALUE}).")
        String init;

        @CommandLine.Mixin
        StepOption step = new StepOption();

        @Option(names = "--max-rounds", paramLabel = "N", defaultValue = "50",
                description = "Retraining cap of mi-SVM and MI-SVM (default: ${DEFAULT-VALUE}).")
        int maxRounds;

        @CommandLine.Mixin
        CccpSettings cccp = new CccpSettings();

        @Option(names = "--methods", paramLabel = "LIST", split = ",",
                description = "Only these methods (default: all of sparsemi, mikernel, rsvm, rs, mi-SVM, MI-SVM, miles, cccp).")
        java.util.List<String> methods;

        @Option(names = "--json", paramLabel = "FILE", description = "Write {\"methods\": {name: summary}} as JSON.")
        Path json;

        @Option(names = "--gamma-grid", paramLabel = "LIST", split = ",",
                description = "Candidate gamma times the feature count (default: 0.125,0.25,0.5,1,2).")
        double[] gammaGrid;

        @Option(names = "--c-grid", paramLabel = "LIST", split = ",", description = "Candidate C (default: 1,10,100).")
        double[] cGrid;

        @Option(names = "--mikernel-forms", paramLabel = "LIST", split = ",", defaultValue = "averaged",
                description = "Set-kernel form(s) of mikernel: averaged, normalized, summed (Weka's MIRBF); "
                        + "several are chosen by the same inner CV as gamma and C (default: ${DEFAULT-VALUE}).")
        java.util.List<String> mikernelForms;

        @Option(names = "--misvm-weightings", paramLabel = "LIST", split = ",", defaultValue = "instance",
                description = "C weighting(s) of mi-SVM and MI-SVM: instance (C per sample) or bag (C spread over a "
                        + "bag's samples); several are chosen by the inner CV (default: ${DEFAULT-VALUE}).")
        java.util.List<String> misvmWeightings;

        /** The variants of a method tuned by the inner CV; one element for a method without choices. */
        java.util.List<MiProtocol.Variant> variants(String method) {
            java.util.List<MiProtocol.Variant> out = new java.util.ArrayList<>();
            switch (method) {
                case "mikernel" -> {
                    for (String f : mikernelForms) {
                        MiKernelOptions.Form form = enumValue(MiKernelOptions.Form.class, "--mikernel-forms", f);
                        out.add(new MiProtocol.Variant(f.toLowerCase(Locale.ROOT), (g, c) ->
                                MiKernel.trainer(MiKernelOptions.defaults().withForm(form).withGamma(g).withC(c))));
                    }
                }
                case "mi-SVM", "MI-SVM" -> {
                    MiSvmOptions.Variant v = method.equals("mi-SVM") ? MiSvmOptions.Variant.INSTANCE : MiSvmOptions.Variant.BAG;
                    for (String w : misvmWeightings) {
                        MiSvmOptions.Weighting weighting = enumValue(MiSvmOptions.Weighting.class, "--misvm-weightings", w);
                        out.add(new MiProtocol.Variant(w.toLowerCase(Locale.ROOT), (g, c) ->
                                MiSvm.trainer(MiSvmOptions.defaults(v).withWeighting(weighting).withGamma(g).withC(c)
                                        .withMaxRounds(maxRounds))));
                    }
                }
                default -> out.add(new MiProtocol.Variant(method, learner(method)));
            }
            return out;
        }

        static <E extends Enum<E>> E enumValue(Class<E> type, String option, String value) {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(value)) {
                    return e;
                }
            }
            throw new IllegalArgumentException(option + ": unknown value '" + value + "'; expected one of "
                    + java.util.Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                    .collect(java.util.stream.Collectors.joining(", ")));
        }

        MiProtocol.Factory learner(String method) {
            SparseMiOptions base = SparseMiOptions.defaults().withExpansionVectors(xv).withInit(XvInit.parse(init))
                    .withMaxIterations(iterations).withSeed(seed).withStepRule(step.rule());
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

        @Override
        public Integer call() throws IOException {
            if (xv < 1) {
                throw new IllegalArgumentException("--xv must be >= 1, got " + xv);
            }
            XvInit.parse(init);
            java.util.List<String> chosen = methods == null
                    ? ALL : java.util.List.copyOf(methods);
            for (String m : chosen) {
                learner(m);
                variants(m);
            }
            BagDataset d = input.read();
            Common grid = new Common();
            grid.gammaGrid = gammaGrid;
            grid.cGrid = cGrid;
            double[] gammas = grid.gammas(d);
            double[] cs = grid.cs();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: %d bags, %d instances, %d features; %d-fold x %d, seed %d, gamma in %s, C in %s "
                            + "(inner 3-fold CV)%n", input.data, d.size(), d.instanceCount(), d.dim(), folds, repeats, seed,
                    java.util.Arrays.toString(gammas), java.util.Arrays.toString(cs));
            out.printf(Locale.ROOT, "%-9s %-17s %9s %10s %11s%n", "method", "accuracy", "vectors", "train_s", "predict_s");
            out.flush();
            JsonSummary all = new JsonSummary();
            for (String m : ALL) {
                if (!chosen.contains(m)) {
                    out.printf(Locale.ROOT, "%-9s %s%n", m, "not run (--methods)");
                    continue;
                }
                java.util.List<MiProtocol.Variant> vs = variants(m);
                // with one variant this is MiProtocol.tuned fold by fold
                Evaluation r = MiProtocol.tunedVariants(vs, folds, repeats, seed, gammas, cs, 1).run(d);
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
                            joined(scaled(r.repeatMeans(), 100)), 100 * r.repeatSummary().sd());
                }
                for (String note : edgeNotes(r)) {
                    out.printf(Locale.ROOT, "%-9s   note: %s%n", "", note);
                }
                out.flush();
                JsonSummary row = new JsonSummary().put("accuracy_mean", acc.mean()).put("accuracy_sd", acc.sd())
                        .put("accuracy_sd_over_repeats", r.repeatSummary().sd())
                        .put("vectors", vectors).put("train_seconds", trainSeconds)
                        .put("predict_seconds", predictSeconds).put("unconverged_folds", (long) unconverged)
                        .putList("repeat_accuracies", r.repeatMeans()).putList("fold_accuracies", r.scores());
                if (vs.size() > 1) {
                    row.putList("variants_chosen", java.util.Arrays.asList(MiProtocol.variants(r)));
                }
                all.put(m, row);
            }
            if (json != null) {
                new JsonSummary().put("methods", all).put("folds", (long) folds).put("repeats", (long) repeats)
                        .put("seed", seed).writeTo(json);
            }
            return 0;
        }
    }

    /** "averaged 7, summed 3": how often each variant was chosen, in first-chosen order. */
    static String chosenCounts(String[] chosen) {
        java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (String c : chosen) {
            counts.merge(c, 1, Integer::sum);
        }
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /**
     * {@code bench}: (1) SparseMI training time on the first training part of a stratified 10-fold
     * split (standardised on that part) with every bag replicated x1, x4, x16 (fixed gamma, N_XV;
     * C / k for k copies keeps Q(beta, rho, Z) identical, so the iterations match and only the cost
     * per iteration changes, which the paper's O(N_XV N) claim says grows linearly); (2)
     * prediction on the held-out part, SparseMI against MI-Kernel with the same gamma and C:
     * kernel evaluations per bag and measured time per bag.
     */
    @Command(name = "bench", mixinStandardHelpOptions = true,
            description = "Training time vs replicated bags (x1, x4, x16) and prediction cost, SparseMI vs MI-Kernel, "
                    + "at fixed gamma and C.")
    static final class Bench implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        BagInput input = new BagInput();

        @Option(names = "--xv", paramLabel = "N", defaultValue = "10", description = "N_XV (default: ${DEFAULT-VALUE}).")
        int xv;

        @Option(names = "--gamma-dim", paramLabel = "G", defaultValue = "1",
                description = "Gaussian gamma times the feature count, i.e. gamma = G / dim (default: ${DEFAULT-VALUE}).")
        double gammaDim;

        @Option(names = "--c", paramLabel = "C", defaultValue = "10", description = "C (default: ${DEFAULT-VALUE}).")
        double c;

        @Option(names = "--iterations", paramLabel = "T", defaultValue = "50", description = "t_max (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--replicates", paramLabel = "LIST", split = ",", defaultValue = "1,4,16",
                description = "Bag replication factors (default: ${DEFAULT-VALUE}).")
        int[] replicates;

        @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
                description = "Timed runs per measurement; the median is reported (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Split and model seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--json", paramLabel = "FILE", description = "Write the measurements as JSON.")
        Path json;

        @Override
        public Integer call() throws IOException {
            if (xv < 1 || runs < 1 || !(gammaDim > 0) || !(c > 0) || iterations < 0) {
                throw new IllegalArgumentException("--xv and --runs must be >= 1, --gamma-dim and --c > 0, --iterations >= 0; "
                        + "got xv " + xv + ", runs " + runs + ", gamma-dim " + gammaDim + ", c " + c + ", iterations " + iterations);
            }
            for (int k : replicates) {
                if (k < 1) {
                    throw new IllegalArgumentException("--replicates must be >= 1, got " + k);
                }
            }
            BagDataset all = input.read();
            BagDataset[] parts = firstFold(all, seed);
            BagDataset train = parts[0];
            BagDataset test = parts[1];
            double g = gammaDim / all.dim();
            SparseMiOptions o = SparseMiOptions.defaults().withGamma(g).withC(c).withExpansionVectors(xv)
                    .withMaxIterations(iterations).withSeed(seed);
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: training part of fold 1 of 10 (%d bags, %d instances), gamma %.4g (= %s/dim), C %s / replicate, "
                            + "N_XV %d, t_max %d, median of %d runs%n", input.data, train.size(), train.instanceCount(), g,
                    gammaDim, c, xv, iterations, runs);
            out.printf(Locale.ROOT, "%-10s %10s %10s %11s %14s %9s %13s%n", "replicate", "instances", "train_s",
                    "iterations", "s_per_iter", "ratio_x1", "iter_ratio_x1");
            out.flush();
            JsonSummary growth = new JsonSummary();
            double base = Double.NaN;
            double basePerIter = Double.NaN;
            for (int k : replicates) {
                BagDataset d = replicated(train, k);
                double[] secs = new double[runs];
                double[] perIter = new double[runs];
                int iters = 0;
                for (int r = 0; r < runs; r++) {
                    Stopwatch clock = Stopwatch.start();
                    SparseMiModel m = SparseMi.fit(d, o.withC(c / k));
                    secs[r] = clock.elapsedSeconds();
                    iters = m.iterations();
                    perIter[r] = secs[r] / Math.max(1, iters);
                }
                double t = median(secs);
                double ti = median(perIter);
                if (Double.isNaN(base)) {
                    base = t;
                    basePerIter = ti;
                }
                out.printf(Locale.ROOT, "x%-9d %10d %10.3f %11d %14.5f %9.2f %13.2f%n", k, d.instanceCount(), t, iters, ti,
                        t / base, ti / basePerIter);
                out.flush();
                growth.put("x" + k, new JsonSummary().put("instances", (long) d.instanceCount()).put("train_seconds", t)
                        .put("iterations", (long) iters).put("seconds_per_iteration", ti).put("ratio_to_first", t / base)
                        .put("per_iteration_ratio_to_first", ti / basePerIter));
            }
            BagClassifier sparse = SparseMi.fit(train, o);
            BagClassifier dense = MiKernel.fit(train, MiKernelOptions.defaults().withGamma(g).withC(c));
            double instancesPerBag = test.instanceCount() / (double) test.size();
            out.printf(Locale.ROOT, "prediction on the held-out part (%d bags, %.2f instances per bag), %d passes timed:%n",
                    test.size(), instancesPerBag, PREDICT_PASSES);
            out.printf(Locale.ROOT, "%-9s %10s %16s %14s %12s%n", "method", "accuracy", "kernel_evals/bag", "us_per_bag",
                    "speedup");
            JsonSummary predict = new JsonSummary();
            double denseUs = Double.NaN;
            for (BagClassifier m : java.util.List.of(dense, sparse)) {
                String name = m == dense ? "mikernel" : "sparsemi";
                double[] us = new double[runs];
                for (int r = 0; r < runs; r++) {
                    us[r] = 1e6 * predictSeconds(m, test) / test.size();
                }
                double u = median(us);
                if (m == dense) {
                    denseUs = u;
                }
                double evals = m.kernelEvaluationsPerInstance() * instancesPerBag;
                double acc = Metrics.accuracy(m, test);
                out.printf(Locale.ROOT, "%-9s %10.4f %16.1f %14.2f %12.2f%n", name, acc, evals, u, denseUs / u);
                predict.put(name, new JsonSummary().put("accuracy", acc).put("kernel_evals_per_bag", evals)
                        .put("microseconds_per_bag", u).put("speedup_vs_mikernel", denseUs / u));
            }
            out.flush();
            if (json != null) {
                new JsonSummary().put("growth", growth).put("predict", predict).put("xv", (long) xv)
                        .put("gamma", g).put("c", c).put("runs", (long) runs).writeTo(json);
            }
            return 0;
        }

        /** Passes over the test bags per timed prediction run (after as many warm-up passes). */
        static final int PREDICT_PASSES = 200;

        private static double predictSeconds(BagClassifier m, BagDataset test) {
            int sink = 0;
            for (int p = 0; p < PREDICT_PASSES; p++) {
                for (int i = 0; i < test.size(); i++) {
                    sink += m.predict(test.bag(i));
                }
            }
            Stopwatch clock = Stopwatch.start();
            for (int p = 0; p < PREDICT_PASSES; p++) {
                for (int i = 0; i < test.size(); i++) {
                    sink += m.predict(test.bag(i));
                }
            }
            double s = clock.elapsedSeconds() / PREDICT_PASSES;
            return sink == Integer.MIN_VALUE ? s + 1 : s;
        }

        static double median(double[] v) {
            double[] s = v.clone();
            java.util.Arrays.sort(s);
            return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
        }
    }

    /** {@code --step length|gradient}: SparseMI's trial point ({@link SparseMiOptions.StepRule}); train, cv, compare. */
    static final class StepOption {
        @Option(names = "--step", paramLabel = "RULE", defaultValue = "length",
                description = "SparseMI's trial point: length (Z - lambda grad / ||grad||, lambda a step length) or "
                        + "gradient (Z - lambda grad, Algorithm 1 as printed) (default: ${DEFAULT-VALUE}).")
        String value;

        /** The parsed rule; an unknown value is an IllegalArgumentException naming --step and the value. */
        SparseMiOptions.StepRule rule() {
            return Compare.enumValue(SparseMiOptions.StepRule.class, "--step", value);
        }
    }

    /** MI-CCCP's settings shared by {@code compare} and {@code bench-cccp}. */
    static final class CccpSettings {
        @Option(names = "--cccp-lambda", paramLabel = "L", defaultValue = "1",
                description = "MI-CCCP's weight of |f(B) - max f(x)| (default: ${DEFAULT-VALUE}).")
        double lambda;

        @Option(names = "--cccp-steps", paramLabel = "N", defaultValue = "10",
                description = "MI-CCCP's cap on CCCP steps (default: ${DEFAULT-VALUE}).")
        int steps;
    }

    /**
     * The first fold of a stratified 10-fold split over bags, standardised on its training part:
     * {training part, held-out part}.
     */
    static BagDataset[] firstFold(BagDataset all, long seed) {
        dev.kernelkit.data.Splits.Split split = dev.kernelkit.data.Splits.stratifiedKFold(all.labels(), 10, seed).get(0);
        BagDataset rawTrain = all.subset(split.train());
        dev.kernelkit.data.FittedScaler scaler = dev.kernelkit.data.FeatureScaling.STANDARD.fit(rawTrain);
        return new BagDataset[] {scaler.apply(rawTrain), scaler.apply(all.subset(split.test()))};
    }

    /**
     * {@code bench-cccp}: MI-CCCP on the first training part of a stratified 10-fold split at fixed gamma
     * and each C, with each CCCP step solved by SMO (the default) and by the projected-gradient reference,
     * in the same run: train seconds, their ratio, the final objective J of both and the held-out
     * accuracy and prediction agreement.
     */
    @Command(name = "bench-cccp", mixinStandardHelpOptions = true,
            description = "MI-CCCP training time at fixed gamma and C: SMO step solver vs the projected-gradient reference.")
    static final class BenchCccp implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        BagInput input = new BagInput();

        @Option(names = "--gamma-dim", paramLabel = "G", defaultValue = "1",
                description = "Gaussian gamma times the feature count, i.e. gamma = G / dim (default: ${DEFAULT-VALUE}).")
        double gammaDim;

        @Option(names = "--c-grid", paramLabel = "LIST", split = ",", defaultValue = "1,10,100",
                description = "The C values to time (default: ${DEFAULT-VALUE}).")
        double[] cs;

        @CommandLine.Mixin
        CccpSettings cccp = new CccpSettings();

        @Option(names = "--runs", paramLabel = "N", defaultValue = "1",
                description = "Timed fits per solver and C; the median is reported (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Split seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--json", paramLabel = "FILE", description = "Write the measurements as JSON.")
        Path json;

        @Override
        public Integer call() throws IOException {
            if (runs < 1 || cccp.steps < 1 || !(gammaDim > 0) || !(cccp.lambda >= 0)) {
                throw new IllegalArgumentException("--runs and --cccp-steps must be >= 1, --gamma-dim > 0, --cccp-lambda >= 0; "
                        + "got runs " + runs + ", cccp-steps " + cccp.steps + ", gamma-dim " + gammaDim + ", cccp-lambda " + cccp.lambda);
            }
            for (double c : cs) {
                if (!(c > 0) || !Double.isFinite(c)) {
                    throw new IllegalArgumentException("--c-grid values must be > 0 and finite, got " + c);
                }
            }
            BagDataset[] parts = firstFold(input.read(), seed);
            BagDataset train = parts[0];
            BagDataset test = parts[1];
            double g = gammaDim / train.dim();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: training part of fold 1 of 10 (%d bags, %d instances), gamma %.4g (= %s/dim), "
                            + "lambda %s, <= %d CCCP steps, median of %d runs%n", input.data, train.size(),
                    train.instanceCount(), g, gammaDim, cccp.lambda, cccp.steps, runs);
            out.printf(Locale.ROOT, "%-8s %10s %10s %8s %16s %16s %9s %9s %9s%n", "C", "smo_s", "pg_s", "pg/smo",
                    "J_smo", "J_pg", "acc_smo", "acc_pg", "agree");
            out.flush();
            JsonSummary rows = new JsonSummary();
            for (double c : cs) {
                MiCccpOptions o = MiCccpOptions.defaults().withGamma(g).withC(c).withLambda(cccp.lambda).withMaxIterations(cccp.steps);
                double[] secs = new double[2];
                dev.kernelkit.mi.MiCccpModel[] models = new dev.kernelkit.mi.MiCccpModel[2];
                for (MiCccpOptions.StepSolver solver : MiCccpOptions.StepSolver.values()) {
                    double[] t = new double[runs];
                    for (int r = 0; r < runs; r++) {
                        Stopwatch clock = Stopwatch.start();
                        models[solver.ordinal()] = MiCccp.fit(train, o.withStepSolver(solver));
                        t[r] = clock.elapsedSeconds();
                    }
                    secs[solver.ordinal()] = Bench.median(t);
                }
                double[] j = new double[2];
                double[] acc = new double[2];
                for (int q = 0; q < 2; q++) {
                    double[] trace = models[q].objectiveTrace(0);
                    j[q] = trace[trace.length - 1];
                    acc[q] = Metrics.accuracy(models[q], test);
                }
                int same = 0;
                for (int i = 0; i < test.size(); i++) {
                    same += models[0].predict(test.bag(i)) == models[1].predict(test.bag(i)) ? 1 : 0;
                }
                double agree = same / (double) test.size();
                out.printf(Locale.ROOT, "%-8s %10.3f %10.3f %8.2f %16.6f %16.6f %9.4f %9.4f %9.4f%n", c, secs[0], secs[1],
                        secs[1] / secs[0], j[0], j[1], acc[0], acc[1], agree);
                out.flush();
                rows.put("C=" + c, new JsonSummary().put("smo_seconds", secs[0]).put("projected_gradient_seconds", secs[1])
                        .put("ratio", secs[1] / secs[0]).put("objective_smo", j[0]).put("objective_projected_gradient", j[1])
                        .put("accuracy_smo", acc[0]).put("accuracy_projected_gradient", acc[1]).put("agreement", agree));
            }
            if (json != null) {
                new JsonSummary().put("fits", rows).put("gamma", g).put("lambda", cccp.lambda).put("runs", (long) runs)
                        .put("bags", (long) train.size()).put("instances", (long) train.instanceCount()).writeTo(json);
            }
            return 0;
        }
    }

    /** Runs the command alone (until it is registered in the main command). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new SparseMiCommand()).execute(args));
    }
}
