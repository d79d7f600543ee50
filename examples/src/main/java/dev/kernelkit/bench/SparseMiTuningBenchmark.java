package dev.kernelkit.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.mi.MiProtocol;
import dev.kernelkit.mi.SparseMi;
import dev.kernelkit.mi.SparseMiModel;
import dev.kernelkit.mi.SparseMiOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where the time of {@code kernelkit sparse-mi cv --xv auto} goes, one outer fold at a time (TNNLS
 * 2013 Sec. V-B as {@link MiProtocol#tunedSize} runs it with the CLI's defaults: stratified 10-fold
 * seeded {@code seed}, the training part standardised, (gamma, C) over {1/8 .. 2}/d x {1, 10, 100} at
 * the smallest N_XV, then N_XV, inner 3-fold CV seeded {@code seed + 7919 (s + 1)}, random initial
 * XVs seeded {@code seed}, t_max 50). Times are CPU seconds (the machine it was written on is shared),
 * objective values are printed exactly ({@link Double#toHexString}) so that two builds can be
 * compared for bit-identical results.
 *
 * <pre>
 * java -cp kernelkit.jar dev.kernelkit.bench.SparseMiTuningBenchmark FILE fold|sizes [key=value ...]
 *   fold:  the inner selection and the final fit of outer fold {@code fold=} (default 0), process CPU
 *          seconds (all threads) and the chosen point, test accuracy and every inner score; the sizes
 *          cold ({@code start=cold}, default) or warm-started ({@code start=warm}, {@link MiProtocol#warmGrid}),
 *          ties between sizes {@code ties=smaller|larger} (default smaller) and sizes above the instances
 *          {@code large=skip|clamp} (default skip) as {@code sparse-mi cv}'s --xv-start, --xv-ties, --xv-large
 *   sizes: one fit per N_XV of {@code sizes=} (default 10,50,100,500,1000) at {@code gammaDim=} (1)
 *          and {@code c=} (10) on inner training part {@code inner=} (0) of that fold: process CPU
 *          seconds (all threads: the fit's own parallel blocks, JIT, GC), this thread's, wall
 *          seconds, iterations and the final g(Z)
 * </pre>
 */
public final class SparseMiTuningBenchmark {
    private static final int FOLDS = 10;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SparseMiTuningBenchmark() {
    }

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        if (args.length < 2 || !(args[1].equals("fold") || args[1].equals("sizes"))) {
            throw new IllegalArgumentException("usage: SparseMiTuningBenchmark FILE fold|sizes [key=value ...]");
        }
        Path file = Path.of(args[0]);
        long seed = 1;
        int fold = 0;
        int inner = 0;
        int iterations = 50;
        double gammaDim = 1;
        double c = 10;
        int[] sizes = {10, 50, 100, 500, 1000};
        MiProtocol.SizeStart start = MiProtocol.SizeStart.COLD;
        MiProtocol.SizeTies ties = MiProtocol.SizeTies.SMALLER;
        MiProtocol.LargeSizes large = MiProtocol.LargeSizes.SKIP;
        for (int i = 2; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("expected key=value, got '" + args[i] + "'");
            }
            switch (kv[0]) {
                case "seed" -> seed = Long.parseLong(kv[1]);
                case "fold" -> fold = Integer.parseInt(kv[1]);
                case "inner" -> inner = Integer.parseInt(kv[1]);
                case "iterations" -> iterations = Integer.parseInt(kv[1]);
                case "gammaDim" -> gammaDim = Double.parseDouble(kv[1]);
                case "c" -> c = Double.parseDouble(kv[1]);
                case "sizes" -> sizes = Arrays.stream(kv[1].split(",")).mapToInt(Integer::parseInt).toArray();
                case "start" -> start = MiProtocol.SizeStart.valueOf(kv[1].toUpperCase(Locale.ROOT));
                case "ties" -> ties = MiProtocol.SizeTies.valueOf(kv[1].toUpperCase(Locale.ROOT));
                case "large" -> large = MiProtocol.LargeSizes.valueOf(kv[1].toUpperCase(Locale.ROOT));
                default -> throw new IllegalArgumentException("unknown key '" + kv[0] + "'");
            }
        }
        PrintStream out = System.out;
        BagDataset all = CsvBagFormat.read(file);
        List<Splits.Split> splits = Resampling.stratifiedKFold(FOLDS, 1, seed).splits(all);
        if (fold < 0 || fold >= splits.size()) {
            throw new IllegalArgumentException("fold must be in 0.." + (splits.size() - 1) + ", got " + fold);
        }
        BagDataset rawTrain = all.subset(splits.get(fold).train());
        BagDataset rawTest = all.subset(splits.get(fold).test());
        FittedScaler scaler = FeatureScaling.STANDARD.fit(rawTrain);
        BagDataset train = scaler.apply(rawTrain);
        BagDataset test = scaler.apply(rawTest);
        long innerSeed = seed + MiProtocol.INNER_SEED_STEP * (fold + 1);
        out.printf(Locale.ROOT, "%s: outer fold %d of %d (seed %d): training part %d bags, %d instances, d %d; "
                        + "test part %d bags; %d cores; load %.1f%n", file, fold, FOLDS, seed, train.size(),
                train.instanceCount(), train.dim(), test.size(), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        final long s = seed;
        final int t = iterations;
        MiProtocol.SizedFactory learner = (g, cost, k) -> SparseMi.trainer(SparseMiOptions.defaults().withGamma(g)
                .withC(cost).withExpansionVectors(k).withMaxIterations(t).withSeed(s));
        if (args[1].equals("fold")) {
            double[] gammas = MiProtocol.defaultGammas(train.dim());
            Grid<Bag> grid = start == MiProtocol.SizeStart.WARM
                    ? MiProtocol.warmGrid((g, cost) -> SparseMiOptions.defaults().withGamma(g).withC(cost)
                            .withMaxIterations(t).withSeed(s), sizes, gammas, MiProtocol.defaultCs(),
                            MiProtocol.WARM_ITERATIONS)
                    : MiProtocol.grid(large == MiProtocol.LargeSizes.CLAMP ? MiProtocol.clamped(learner) : learner,
                            sizes, gammas, MiProtocol.defaultCs());
            double cpu0 = processCpu();
            Selection sel = MiProtocol.select(train, grid, MiProtocol.chooser(MiProtocol.SizeSearch.STAGED, ties, large),
                    innerSeed, 1);
            double cpu1 = processCpu();
            double g = sel.chosen().number(MiProtocol.GAMMA);
            double cost = sel.chosen().number(MiProtocol.C);
            int k = (int) sel.chosen().number(MiProtocol.XV);
            SparseMiModel m = (SparseMiModel) grid.trainer(sel.chosen()).fit(train);
            double cpu2 = processCpu();
            for (ScoredPoint p : sel.searched()) {
                out.printf(Locale.ROOT, "  inner  xv %5d  gamma*d %-6s C %-5s score %s%n",
                        (int) p.point().number(MiProtocol.XV), fmt(p.point().number(MiProtocol.GAMMA) * train.dim()),
                        fmt(p.point().number(MiProtocol.C)), fmt(p.score()));
            }
            out.printf(Locale.ROOT, "chosen xv %d gamma*d %s C %s (%d inner fits): selection %.1f s CPU, final fit "
                            + "%.1f s CPU, %d iterations, g %s; test accuracy %.4f%n", k, fmt(g * train.dim()),
                    fmt(cost),
                    sel.fits(), cpu1 - cpu0, cpu2 - cpu1, m.iterations(), Double.toHexString(m.finalObjective()),
                    Metrics.accuracy(m, test));
            return;
        }
        List<Splits.Split> innerSplits = InnerSplits.stratifiedKFold(MiProtocol.INNER_FOLDS, 1,
                SeedRule.constant(innerSeed), MiProtocol.PARTITION_STRIDE).splits(train, 0);
        BagDataset part = train.subset(innerSplits.get(inner).train());
        BagDataset held = train.subset(innerSplits.get(inner).test());
        double g = gammaDim / train.dim();
        out.printf(Locale.ROOT, "inner training part %d: %d bags, %d instances; gamma*d %s, C %s, t_max %d%n", inner,
                part.size(), part.instanceCount(), fmt(gammaDim), fmt(c), iterations);
        for (int k : sizes) {
            if (k > part.instanceCount()) {
                out.printf(Locale.ROOT, "  xv %5d  skipped (above the %d instances)%n", k, part.instanceCount());
                continue;
            }
            double cpu0 = processCpu();
            double own0 = threadCpu();
            long wall0 = System.nanoTime();
            SparseMiModel m = (SparseMiModel) learner.trainer(g, c, k).fit(part);
            double cpu1 = processCpu();
            double own1 = threadCpu();
            double wall = (System.nanoTime() - wall0) / 1e9;
            out.printf(Locale.ROOT, "  xv %5d  %8.2f s CPU (this thread %.2f, wall %.1f)  %3d iterations  "
                            + "%6.3f s CPU/iteration"
                            + "  g %s  held-out accuracy %.4f%n", k, cpu1 - cpu0, own1 - own0, wall, m.iterations(),
                    (cpu1 - cpu0) / Math.max(1, m.iterations()), Double.toHexString(m.finalObjective()),
                    Metrics.accuracy(m, held));
        }
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v).replaceAll("\\.?0+$", "");
    }

    private static double processCpu() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }

    private static double threadCpu() {
        return THREADS.getCurrentThreadCpuTime() / 1e9;
    }
}
