package dev.kernelkit.cli.mi;

import dev.kernelkit.data.ArffFormat;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.eval.Stopwatch;
import dev.kernelkit.eval.Summary;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiCrossValidation;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiCccp;
import dev.kernelkit.mi.MiCccpOptions;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiSvm;
import dev.kernelkit.mi.MiSvmOptions;
import dev.kernelkit.mi.Miles;
import dev.kernelkit.mi.MilesOptions;
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
 * features as given (standardise the files beforehand if needed). {@code compare} runs every method of
 * the module (SparseMI, MI-Kernel, RSVM, RS, mi-SVM, MI-SVM, MILES, MI-CCCP) through the cv protocol on the
 * same folds.
 */
@Command(name = "sparse-mi", mixinStandardHelpOptions = true,
        description = "Sparse kernel SVMs for multi-instance bags (SparseMI) and the baselines MI-Kernel, RSVM, RS.",
        subcommands = {SparseMiCommand.Train.class, SparseMiCommand.Predict.class, SparseMiCommand.Cv.class,
                SparseMiCommand.Compare.class})
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

        @Option(names = "--data", required = true, paramLabel = "FILE", description = "Bag data file.")
        Path data;

        @Option(names = "--format", paramLabel = "FORMAT", description = "csv-bags or arff (default: from the extension).")
        String format;

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

        @Option(names = "--max-rounds", paramLabel = "N", defaultValue = "50",
                description = "Retraining cap of mi-SVM and MI-SVM (default: ${DEFAULT-VALUE}).")
        int maxRounds;

        @Option(names = "--cccp-lambda", paramLabel = "L", defaultValue = "1",
                description = "MI-CCCP's weight of |f(B) - max f(x)| (default: ${DEFAULT-VALUE}).")
        double cccpLambda;

        @Option(names = "--cccp-steps", paramLabel = "N", defaultValue = "10",
                description = "MI-CCCP's cap on CCCP steps (default: ${DEFAULT-VALUE}).")
        int cccpSteps;

        @Option(names = "--methods", paramLabel = "LIST", split = ",",
                description = "Only these methods (default: all of sparsemi, mikernel, rsvm, rs, mi-SVM, MI-SVM, miles, cccp).")
        java.util.List<String> methods;

        @Option(names = "--json", paramLabel = "FILE", description = "Write {\"methods\": {name: summary}} as JSON.")
        Path json;

        MiCrossValidation.Learner learner(String method) {
            SparseMiOptions base = SparseMiOptions.defaults().withExpansionVectors(xv).withInit(XvInit.parse(init))
                    .withMaxIterations(iterations).withSeed(seed);
            return switch (method) {
                case "sparsemi" -> (d, g, c) -> SparseMi.fit(d, base.withGamma(g).withC(c));
                case "mikernel" -> (d, g, c) -> MiKernel.fit(d, MiKernelOptions.defaults().withGamma(g).withC(c));
                case "rsvm" -> (d, g, c) -> RandomSparseSvm.fit(d, base.withGamma(g).withC(c));
                case "rs" -> (d, g, c) -> ReducedSet.fit(d, base.withGamma(g).withC(c));
                case "mi-SVM" -> (d, g, c) -> MiSvm.fit(d, MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE)
                        .withGamma(g).withC(c).withMaxRounds(maxRounds));
                case "MI-SVM" -> (d, g, c) -> MiSvm.fit(d, MiSvmOptions.defaults(MiSvmOptions.Variant.BAG)
                        .withGamma(g).withC(c).withMaxRounds(maxRounds));
                case "miles" -> (d, g, c) -> Miles.fit(d, MilesOptions.defaults().withGamma(g).withC(c));
                case "cccp" -> (d, g, c) -> MiCccp.fit(d, MiCccpOptions.defaults().withGamma(g).withC(c)
                        .withLambda(cccpLambda).withMaxIterations(cccpSteps));
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
            }
            BagDataset d = read(data, format);
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s: %d bags, %d instances, %d features; %d-fold x %d, seed %d, gamma in %s, C in %s "
                            + "(inner 3-fold CV)%n", data, d.size(), d.instanceCount(), d.dim(), folds, repeats, seed,
                    java.util.Arrays.toString(MiCrossValidation.defaultGammas(d.dim())),
                    java.util.Arrays.toString(MiCrossValidation.defaultCs()));
            out.printf(Locale.ROOT, "%-9s %-17s %9s %10s %11s%n", "method", "accuracy", "vectors", "train_s", "predict_s");
            out.flush();
            JsonSummary all = new JsonSummary();
            for (String m : ALL) {
                if (!chosen.contains(m)) {
                    out.printf(Locale.ROOT, "%-9s %s%n", m, "not run (--methods)");
                    continue;
                }
                MiCrossValidation.Result r = MiCrossValidation.run(d, learner(m), folds, repeats, seed,
                        MiCrossValidation.defaultGammas(d.dim()), MiCrossValidation.defaultCs());
                Summary acc = r.accuracy();
                out.printf(Locale.ROOT, "%-9s %6.2f ± %-8.2f %9.1f %10.4f %11.5f%n", m, 100 * acc.mean(), 100 * acc.sd(),
                        r.kernelEvaluationsPerInstance(), r.trainSeconds(), r.predictSeconds());
                out.flush();
                all.put(m, new JsonSummary().put("accuracy_mean", acc.mean()).put("accuracy_sd", acc.sd())
                        .put("vectors", r.kernelEvaluationsPerInstance()).put("train_seconds", r.trainSeconds())
                        .put("predict_seconds", r.predictSeconds()));
            }
            if (json != null) {
                new JsonSummary().put("methods", all).put("folds", (long) folds).put("repeats", (long) repeats)
                        .put("seed", seed).writeTo(json);
            }
            return 0;
        }
    }

    /** Runs the command alone (until it is registered in the main command). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new SparseMiCommand()).execute(args));
    }
}
