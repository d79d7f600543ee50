package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.Progress;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.plot.LineChart;
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

/** {@code kernelkit mkl noise}: the noisy-feature study of the paper's Fig. 2. */
@Command(name = "noise", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Accuracy against the ratio r of appended N(0, 1) noise features (r d of them, d the data's dimension) "
                + "on one train/test split (the paper's Fig. 2: Diabetes, first split, r in 0, 0.2, ..., 1.2).",
                "Every method on the same split for every r; missing hyper-parameters by CV on the training part; "
                + "lp runs as L2-MKL (p = 2) unless --p is given."})
final class MklNoiseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
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
    MklParameters params = new MklParameters();
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
        List<Double> rs = MklParameters.parseList("--ratios", ratios);
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
        LabeledDataset data = MklData.read(input);
        // the split numbered as mkl compare numbers them: the last of `split` splits
        Resampling outer = Resampling.stratifiedHoldOut(1 - testFraction, split, seed);
        List<MethodProtocol> protocols = new ArrayList<>();
        for (MklMethod m : ms) {
            protocols.add(MethodProtocol.of(m, params, outer, seed, data));
        }
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        double[][] acc = new double[ms.size()][rs.size()];
        double[][] kept = new double[ms.size()][rs.size()];
        List<List<MklSplitResult>> runs = new ArrayList<>();
        for (int k = 0; k < ms.size(); k++) {
            runs.add(new ArrayList<>());
        }
        int[] extra = new int[rs.size()];
        int done = 0;
        for (int j = 0; j < rs.size(); j++) {
            LabeledDataset noisy = MklData.addNoise(data, rs.get(j), seed);
            extra[j] = noisy.dim() - data.dim();
            for (int k = 0; k < ms.size(); k++) {
                progress.update("ratio x method", done++, (long) rs.size() * ms.size());
                MklSplitResult r = protocols.get(k).run(noisy, split - 1);
                acc[k][j] = r.accuracy();
                kept[k][j] = r.selected();
                runs.get(k).add(r);
                if (verbose) {
                    PrintWriter o = spec.commandLine().getOut();
                    o.printf(Locale.ROOT, "r = %s %s: %s accuracy %.2f%%, kernels %.1f of %d, train %.3f s, %d SVM solves%s%n",
                            TablePrinter.fixed(rs.get(j), 1), ms.get(k).cliName(), MklReports.describe(r.chosen()), 100 * r.accuracy(),
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
            MklReports.printUnconverged(out, ms.get(k).cliName(), runs.get(k));
        }
        double[] x = rs.stream().mapToDouble(Double::doubleValue).toArray();
        if (plots != null) {
            Files.createDirectories(plots);
            LineChart.Builder b = LineChart.builder();
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
            List<MklSplitResult> rk = runs.get(k);
            methodsJson.put(ms.get(k).cliName(), new JsonSummary().putList("accuracy", acc[k])
                    .putList("kernels_selected", kept[k])
                    .putList("train_seconds", rk.stream().mapToDouble(MklSplitResult::trainSeconds).toArray())
                    .putList("svm_solves", rk.stream().mapToDouble(MklSplitResult::svmSolves).toArray())
                    .putList("options", rk.stream().map(r -> MklReports.describe(r.chosen())).toList())
                    .put("tuning_fits", (long) rk.stream().mapToInt(MklSplitResult::tuneFits).sum())
                    .put("tuning_fits_unconverged", (long) rk.stream().mapToInt(MklSplitResult::tuneUnconverged).sum())
                    .put("final_fits_unconverged", (long) rk.stream().mapToInt(MklSplitResult::finalUnconverged).sum()));
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
