package dev.kernelkit.cli.mi;

import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiCrossValidation;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.RandomSparseSvm;
import dev.kernelkit.mi.ReducedSet;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import dev.kernelkit.mi.XvInit;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * features as given (standardise the files beforehand if needed).
 */
@Command(name = "sparse-mi", mixinStandardHelpOptions = true,
        description = "Sparse kernel SVMs for multi-instance bags (SparseMI) and the baselines MI-Kernel, RSVM, RS.",
        subcommands = {SparseMiCommand.Train.class, SparseMiCommand.Predict.class, SparseMiCommand.Cv.class})
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

    /** Options shared by train and cv. */
    static class Common {
        @Option(names = "--data", required = true, paramLabel = "FILE", description = "Bag data file.")
        Path data;

        @Option(names = "--format", paramLabel = "FORMAT",
                description = "csv-bags or arff (default: from the extension, .arff is arff, else csv-bags).")
        String format;

        @Option(names = "--xv", paramLabel = "N", defaultValue = "10",
                description = "Number of expansion vectors N_XV (default: ${DEFAULT-VALUE}).")
        int xv;

        @Option(names = "--gamma", paramLabel = "G", description = "Gaussian gamma; omit with --c to tune.")
        Double gamma;

        @Option(names = "--c", paramLabel = "C", description = "Loss weight C; omit with --gamma to tune.")
        Double c;

        @Option(names = "--init", paramLabel = "INIT", defaultValue = "random",
                description = "Initial XVs: random, kmeans or svm (default: ${DEFAULT-VALUE}).")
        String init;

        @Option(names = "--method", paramLabel = "METHOD", defaultValue = "sparsemi",
                description = "sparsemi, mikernel, rsvm or rs (default: ${DEFAULT-VALUE}).")
        String method;

        @Option(names = "--iterations", paramLabel = "T", defaultValue = "50",
                description = "t_max, outer iterations of SparseMI (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
        long seed;

        Method method() {
            try {
                return Method.valueOf(method.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--method must be sparsemi, mikernel, rsvm or rs, got '" + method + "'");
            }
        }

        SparseMiOptions options(double g, double cost) {
            return SparseMiOptions.defaults().withGamma(g).withC(cost).withExpansionVectors(xv)
                    .withInit(XvInit.parse(init)).withMaxIterations(iterations).withSeed(seed);
        }

        BagClassifier fit(BagDataset train, double g, double cost) {
            SparseMiOptions o = options(g, cost);
            return switch (method()) {
                case SPARSEMI -> SparseMi.fit(train, o);
                case MIKERNEL -> MiKernel.fit(train, MiKernelOptions.defaults().withGamma(g).withC(cost));
                case RSVM -> RandomSparseSvm.fit(train, o);
                case RS -> ReducedSet.fit(train, o);
            };
        }

        /** @throws IllegalArgumentException naming the first bad option */
        void checkGrid() {
            method();
            XvInit.parse(init);
            if (xv < 1) {
                throw new IllegalArgumentException("--xv must be >= 1, got " + xv);
            }
            if ((gamma == null) != (c == null)) {
                throw new IllegalArgumentException("give both --gamma and --c, or neither to tune them by 3-fold CV");
            }
        }

        double[] gammas(BagDataset d) {
            return gamma != null ? new double[] {gamma} : MiCrossValidation.defaultGammas(d.dim());
        }

        double[] cs() {
            return c != null ? new double[] {c} : MiCrossValidation.defaultCs();
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
            if (model != null && method() == Method.MIKERNEL) {
                throw new IllegalArgumentException("--model is written for sparsemi, rsvm and rs, not mikernel");
            }
            if (replicate < 1) {
                throw new IllegalArgumentException("--replicate must be >= 1, got " + replicate);
            }
            BagDataset d = replicated(read(data, format), replicate);
            double[] best = gamma != null ? new double[] {gamma, c}
                    : MiCrossValidation.tune(d, this::fit, gammas(d), cs(), seed);
            Stopwatch clock = Stopwatch.start();
            BagClassifier m = fit(d, best[0], best[1]);
            double secs = clock.elapsedSeconds();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "method %s  bags %d  instances %d  xv %d  gamma %.6g  C %.6g  train_seconds %.3f  "
                            + "training_accuracy %.4f%s%n", method, d.size(), d.instanceCount(),
                    m.kernelEvaluationsPerInstance(), best[0], best[1], secs, MiCrossValidation.accuracy(m, d),
                    m instanceof SparseMiModel sm ? "  iterations " + sm.iterations() : "");
            if (model != null) {
                ((SparseMiModel) m).save(model);
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

        @Option(names = "--data", required = true, paramLabel = "FILE", description = "Bags to predict.")
        Path data;

        @Option(names = "--format", paramLabel = "FORMAT", description = "csv-bags or arff.")
        String format;

        @Override
        public Integer call() throws IOException {
            SparseMiModel m = SparseMiModel.load(model);
            BagDataset d = read(data, format);
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
            BagDataset d = read(data, format);
            MiCrossValidation.Result r = MiCrossValidation.run(d, this::fit, folds, repeats, seed, gammas(d), cs());
            Summary acc = r.accuracy();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "method %s  folds %d x %d  accuracy %.4f ± %.4f  xv %.1f  train_seconds %.4f  "
                            + "predict_seconds %.5f%n", method, folds, repeats, acc.mean(), acc.sd(),
                    r.kernelEvaluationsPerInstance(), r.trainSeconds(), r.predictSeconds());
            out.flush();
            if (json != null) {
                String text = String.format(Locale.ROOT, "{\"method\": \"%s\", \"accuracy_mean\": %s, \"accuracy_sd\": %s, "
                                + "\"xv\": %s, \"train_seconds\": %s, \"predict_seconds\": %s, "
                                + "\"kernel_evals_per_instance\": %s, \"folds\": %d, \"repeats\": %d}%n",
                        method, acc.mean(), acc.sd(), r.kernelEvaluationsPerInstance(), r.trainSeconds(),
                        r.predictSeconds(), r.kernelEvaluationsPerInstance(), folds, repeats);
                Files.writeString(json, text, StandardCharsets.UTF_8);
            }
            return 0;
        }
    }

    /** Runs the command alone (until it is registered in the main command). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new SparseMiCommand()).execute(args));
    }
}
