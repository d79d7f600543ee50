package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.Options;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.SharedKernelMatrices;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit mkl bench-rows}: how fast the on-the-fly kernel path of {@link SharedKernelMatrices} builds
 * rows of K(mu) for the SVM solver, column-wise ({@code row(i, out)}) against the entry-by-entry reference
 * ({@code get(i, j)} for every j, which evaluates the same member values pair by pair), measured in the same
 * run on the first split's standardised training part with the SimpleMKL protocol kernels at uniform weights.
 */
@Command(name = "bench-rows", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Time every row of K(mu) on the on-the-fly kernel path: column-wise rows against entry-by-entry "
                + "evaluation of the same values (first split's training part, protocol kernels, uniform weights).")
final class MklRowsBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    dev.kernelkit.cli.Options.Threads threads;
    @Mixin
    Options.Input input;
    @Mixin
    MklSplitOptions splits = new MklSplitOptions();
    @Option(names = "--repeats", paramLabel = "R", defaultValue = "3",
            description = "Timed passes over all rows per path, after one untimed warm-up pass; the fastest counts "
                    + "(default: ${DEFAULT-VALUE}).")
    int repeats = 3;
    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        if (repeats < 1) {
            throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
        }
        LabeledDataset data = splits.withNoise(MklData.read(input));
        Splits.Split split = splits.make(data).get(0);
        LabeledDataset train = data.subset(split.train());
        LabeledDataset st = FeatureScaling.STANDARD.fit(train).apply(train);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(st.dim()).withUnitTrace(st.points());
        SharedKernelMatrices g = k.gram(st.points(), 0);
        double[] mu = new double[k.count()];
        Arrays.fill(mu, 1.0 / mu.length);
        KernelMatrix c = g.combined(mu);
        int n = c.size();
        double[] row = new double[n];
        double[] ref = new double[n];
        double columnWise = Double.POSITIVE_INFINITY;
        double entryWise = Double.POSITIVE_INFINITY;
        double maxRelDiff = 0;
        double sink = 0;
        // pass -1 warms the JIT up and is not timed
        for (int r = -1; r < repeats; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                c.row(i, row);
                sink += row[i];
            }
            if (r >= 0) {
                columnWise = Math.min(columnWise, (System.nanoTime() - t0) * 1e-9);
            }
            t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    ref[j] = c.get(i, j);
                }
                sink += ref[i];
            }
            if (r >= 0) {
                entryWise = Math.min(entryWise, (System.nanoTime() - t0) * 1e-9);
            }
        }
        for (int i = 0; i < n; i += Math.max(1, n / 200)) {
            c.row(i, row);
            for (int j = 0; j < n; j++) {
                double e = c.get(i, j);
                maxRelDiff = Math.max(maxRelDiff, Math.abs(row[j] - e) / Math.max(1e-300, Math.abs(e)));
            }
        }
        if (!Double.isFinite(sink)) {
            throw new IllegalStateException("non-finite kernel values");
        }
        double entries = (double) n * n;
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s: n = %d training points, M = %d kernels (on-the-fly path), best of %d passes each after a warm-up%n",
                input.data(), n, k.count(), repeats);
        out.printf(Locale.ROOT, "column-wise rows   %8.3f s  %7.1f ns/entry%n", columnWise, columnWise / entries * 1e9);
        out.printf(Locale.ROOT, "entry by entry     %8.3f s  %7.1f ns/entry%n", entryWise, entryWise / entries * 1e9);
        out.printf(Locale.ROOT, "speed-up %.2fx, largest relative difference %.2e (sampled rows)%n",
                entryWise / columnWise, maxRelDiff);
        out.flush();
        json.write(new JsonSummary().put("command", "mkl bench-rows").put("n", (long) n).put("kernels", (long) k.count())
                .put("column_wise_seconds", columnWise).put("entry_wise_seconds", entryWise)
                .put("speedup", entryWise / columnWise).put("max_relative_difference", maxRelDiff)
                .put("repeats", (long) repeats));
        return Main.OK;
    }
}
