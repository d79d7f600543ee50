package dev.kernelkit.cli.mi;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit sparse-mi bench}: (1) SparseMI training time on the first training part of a stratified 10-fold
 * split (standardised on that part) with every bag replicated x1, x4, x16 (fixed gamma, N_XV;
 * C / k for k copies keeps Q(beta, rho, Z) identical, so the iterations match and only the cost
 * per iteration changes, which the paper's O(N_XV N) claim says grows linearly); (2)
 * prediction on the held-out part, SparseMI against MI-Kernel with the same gamma and C:
 * kernel evaluations per bag and measured time per bag.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Training time vs replicated bags (x1, x4, x16) and prediction cost, SparseMI vs MI-Kernel, "
                + "at fixed gamma and C.")
final class SparseMiBenchCommand implements Callable<Integer> {
    /** Passes over the test bags per timed prediction run (after as many warm-up passes). */
    static final int PREDICT_PASSES = 200;

    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Mixin
    BagInput input = new BagInput();

    @Option(names = "--xv", paramLabel = "N", defaultValue = "10", description = "N_XV (default: ${DEFAULT-VALUE}).")
    int xv;

    @Mixin
    MiBenchOptions bench = new MiBenchOptions();

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

    @Mixin
    Options.Seed seed = new Options.Seed();

    @Override
    public Integer call() throws IOException {
        double gammaDim = bench.gammaDim;
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
        BagDataset[] parts = MiData.firstFold(all, seed.seed());
        BagDataset train = parts[0];
        BagDataset test = parts[1];
        double g = gammaDim / all.dim();
        SparseMiOptions o = SparseMiOptions.defaults().withGamma(g).withC(c).withExpansionVectors(xv)
                .withMaxIterations(iterations).withSeed(seed.seed());
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
            BagDataset d = MiData.replicated(train, k);
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
            double t = MiData.median(secs);
            double ti = MiData.median(perIter);
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
        for (BagClassifier m : List.of(dense, sparse)) {
            String name = m == dense ? "mikernel" : "sparsemi";
            double[] us = new double[runs];
            for (int r = 0; r < runs; r++) {
                us[r] = 1e6 * predictSeconds(m, test) / test.size();
            }
            double u = MiData.median(us);
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
        bench.write(new JsonSummary().put("growth", growth).put("predict", predict).put("xv", (long) xv)
                .put("gamma", g).put("c", c).put("runs", (long) runs));
        return 0;
    }

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
}
