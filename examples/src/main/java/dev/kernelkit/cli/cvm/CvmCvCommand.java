package dev.kernelkit.cli.cvm;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.KernelFrom;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kernelkit cvm cv}: k-fold cross-validation (stratified for classification). */
@Command(name = "cv", mixinStandardHelpOptions = true, sortOptions = false,
        description = "k-fold cross-validation of a core vector machine on --data.")
final class CvmCvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "Data (LIBSVM format).")
    Path data;

    @Option(names = "--folds", paramLabel = "K", defaultValue = "5", description = "Folds (default ${DEFAULT-VALUE}).")
    int folds = 5;

    @Mixin
    CvmCli.Parameters parameters;

    @Mixin
    KernelFrom kernelFrom;

    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        if (folds < 2) {
            throw new IllegalArgumentException("--folds must be >= 2, got " + folds);
        }
        kernelFrom.checkAlone(parameters.gamma == null ? null : "--gamma " + parameters.gamma, parameters.scale);
        LabeledDataset d = kernelFrom.given() ? CvmCli.read(data, "--data", kernelFrom.load().dim())
                : CvmCli.read(data, "--data");
        dev.kernelkit.cli.MemoryEstimates.cvm("cvm cv", d, parameters.cacheMb, parameters.maxCore);
        boolean regression = parameters.method() == CvmCli.Method.CVR;
        List<Splits.Split> splits = regression ? kFold(d.size(), folds, parameters.seed)
                : Splits.stratifiedKFold(d.labels(), folds, parameters.seed);
        PrintWriter out = spec.commandLine().getOut();
        double sum = 0;
        double seconds = 0;
        double gammaSeconds = 0;
        double scaleSeconds = 0;
        double scoreSeconds = 0;
        long cores = 0;
        for (int f = 0; f < splits.size(); f++) {
            LabeledDataset tr = d.subset(splits.get(f).train());
            LabeledDataset te = d.subset(splits.get(f).test());
            KernelFrom.Prepared learned = kernelFrom.given() ? kernelFrom.prepare(tr, "--data " + data) : null;
            if (learned != null && f == 0) {
                kernelFrom.describe(out, learned);
            }
            CvmCli.Timed timed = CvmCli.trainTimed(parameters, tr, learned);
            CvmCli.Trained t = timed.model();
            seconds += timed.fitSeconds();
            gammaSeconds += timed.gammaSeconds();
            scaleSeconds += timed.scaleSeconds();
            long s0 = System.nanoTime();
            double s = CvmCli.score(t, te);
            scoreSeconds += (System.nanoTime() - s0) * 1e-9;
            sum += s;
            cores += t.coreVectors();
            out.printf("fold %d: %s %.6f, %d core vectors%n", f + 1, regression ? "mse" : "accuracy", s, t.coreVectors());
        }
        double mean = sum / splits.size();
        out.printf(java.util.Locale.ROOT, "mean %s %.6f over %d folds (%s mode); %.3f s training in total%n",
                regression ? "mse" : "accuracy", mean, splits.size(), parameters.mode, seconds);
        out.printf(java.util.Locale.ROOT, "not in the training time: %sscoring the held-out folds (%.3f s)%n",
                new CvmCli.Timed(null, scaleSeconds, gammaSeconds, 0).preparationText(), scoreSeconds);
        out.flush();
        json.write(new JsonSummary().put("command", "cvm cv").put("method", parameters.method)
                .put("scale", parameters.scale.cliName())
                .put("kernel_from", kernelFrom.given() ? kernelFrom.file().toString() : null)
                .put(regression ? "mse" : "accuracy", mean).put("core_vectors", (double) cores / splits.size())
                .put("train_seconds", seconds).put("folds", (long) splits.size()));
        return 0;
    }

    /** Plain k-fold over a seeded permutation (regression targets cannot be stratified). */
    private static List<Splits.Split> kFold(int n, int k, long seed) {
        int[] perm = java.util.stream.IntStream.range(0, n).toArray();
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        java.util.List<Splits.Split> out = new java.util.ArrayList<>();
        for (int f = 0; f < k; f++) {
            java.util.List<Integer> tr = new java.util.ArrayList<>();
            java.util.List<Integer> te = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                (i % k == f ? te : tr).add(perm[i]);
            }
            out.add(new Splits.Split(tr.stream().mapToInt(Integer::intValue).sorted().toArray(),
                    te.stream().mapToInt(Integer::intValue).sorted().toArray()));
        }
        return out;
    }
}
