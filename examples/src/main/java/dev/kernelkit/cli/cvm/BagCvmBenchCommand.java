package dev.kernelkit.cli.cvm;

import dev.kernelkit.bench.SvmBenchmark;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cvm.BagCvmModel;
import dev.kernelkit.cvm.BagCvmOptions;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelModel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.svm.BagSvm;
import dev.kernelkit.svm.BagSvmModel;
import dev.kernelkit.svm.BagSvmOptions;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.util.MemoryBudget;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit bench bag-cvm}: the core vector machine over bags against MI-Kernel (SMO) on the
 * ring problem of the SparseMI demo ({@link SyntheticData#ringBags}: positive bags hold a centre
 * instance among ring instances) grown to the given numbers of training bags, both on the averaged set
 * kernel over the same Gaussian, scored on one test set drawn with the next seed. The bag CVM is
 * LibCVM's iteration over bags ({@link CoreVectorMachine#fitBags}); MI-Kernel is mi-sparse's
 * {@link MiKernel} (hinge loss, SMO over the dense bag Gram matrix of SetKernelGram) while that matrix
 * fits the heap (it holds two m x m arrays while building it, 16 m^2 bytes), else the same SVM over a lazy
 * bag kernel matrix with the SMO solver's row cache ({@link BagSvm}, "MI-Kernel (SMO, lazy rows)"), and
 * not at all above {@code --mikernel-max} bags (its memory and time are printed instead). Times: wall
 * and CPU seconds of the process during each fit (every fit here is single-threaded; the CPU time is what
 * to compare on a loaded machine), prediction apart.
 */
@Command(name = "bag-cvm", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Bag CVM vs MI-Kernel (SMO) on the ring bags of the SparseMI demo at growing sizes: train CPU "
                + "seconds and test accuracy.")
public final class BagCvmBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;

    @Option(names = "--bags", split = ",", defaultValue = "2000,20000",
            description = "Training bags per run (default ${DEFAULT-VALUE}).")
    List<Integer> bags;

    @Option(names = "--test-bags", defaultValue = "10000", description = "Test bags (default ${DEFAULT-VALUE}).")
    int testBags;

    @Option(names = "--gamma", defaultValue = "0.5", description = "Instance Gaussian width (default ${DEFAULT-VALUE}).")
    double gamma;

    @Option(names = "--c-cvm", defaultValue = "100", description = "C of the bag CVM (default ${DEFAULT-VALUE}).")
    double cCvm;

    @Option(names = "--c-mikernel", defaultValue = "10", description = "C of MI-Kernel (default ${DEFAULT-VALUE}).")
    double cMik;

    @Option(names = "--eps", description = "Epsilon of the bag CVM (default: LibCVM's automatic rule for --c-cvm).")
    Double eps;

    @Option(names = "--mikernel-max", defaultValue = "20000",
            description = "Largest training set MI-Kernel is run on (default ${DEFAULT-VALUE}).")
    int mikernelMax;

    @Option(names = "--cache-mb", defaultValue = "1024",
            description = "Row caches: the CVM's candidate rows and the lazy SMO's Q rows, MB (default ${DEFAULT-VALUE}).")
    double cacheMb;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the data and the CVM (default ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    Options.Json json;

    /** One method at one size. */
    record Row(String method, int bags, double wallSeconds, double cpuSeconds, double accuracy, int expansion,
               double predictSeconds, String note) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        BagDataset test = SyntheticData.ringBags(Math.max(1, testBags / 2), 4, 8, seed + 1);
        double e = eps != null ? eps : CvmOptions.autoEpsilon(1.0, cCvm);
        out.printf(Locale.ROOT, "ring bags (4-8 instances, 2-d), test %d bags (seed %d); set kernel over gaussian:gamma=%s;"
                + " bag CVM C %s eps %.3g (libcvm mode, seed %d); MI-Kernel hinge C %s; load average %.2f at start%n",
                test.size(), seed + 1, gamma, cCvm, e, seed, cMik, load);
        out.flush();
        List<Row> rows = new ArrayList<>();
        for (int m : bags) {
            BagDataset train = SyntheticData.ringBags(Math.max(1, m / 2), 4, 8, seed);
            SetKernel kernel = new SetKernel(new GaussianKernel(gamma));
            BagCvmOptions o = new BagCvmOptions(kernel, cCvm, CoreSetOptions.libcvm(e).withSeed(seed).withCacheMb(cacheMb),
                    CvmOptions.MultiClass.ONE_VS_REST);
            long w0 = System.nanoTime();
            long c0 = SvmBenchmark.processCpuNanos();
            BagCvmModel cvm = CoreVectorMachine.fitBags(train, o);
            long c1 = SvmBenchmark.processCpuNanos();
            long w1 = System.nanoTime();
            int[] p = cvm.predictIndices(test.bags());
            double predict = (System.nanoTime() - w1) * 1e-9;
            rows.add(print(out, new Row("bag CVM", train.size(), (w1 - w0) * 1e-9, (c1 - c0) * 1e-9, accuracy(p, test),
                    cvm.coreVectorCount(), predict, (cvm.report().converged() ? "" : "NOT converged; ")
                    + cvm.expansionVectorCount() + " with a > 0")));
            rows.add(print(out, miKernel(train, test, kernel)));
        }
        JsonSummary j = new JsonSummary().put("command", "bench bag-cvm").put("gamma", gamma).put("c_cvm", cCvm)
                .put("c_mikernel", cMik).put("eps", e).put("seed", seed).put("test_bags", (long) test.size())
                .put("load_average_start", load);
        List<JsonSummary> list = new ArrayList<>();
        for (Row r : rows) {
            list.add(new JsonSummary().put("method", r.method()).put("bags", (long) r.bags())
                    .putOptional("train_seconds", finite(r.wallSeconds()))
                    .putOptional("train_cpu_seconds", finite(r.cpuSeconds()))
                    .putOptional("accuracy", finite(r.accuracy())).put("expansion", (long) r.expansion())
                    .putOptional("predict_seconds", finite(r.predictSeconds())).put("note", r.note()));
        }
        j.putList("rows", list);
        json.write(j);
        return 0;
    }

    /** MI-Kernel (SMO) on the dense Gram when it fits, on lazy rows when not, not at all above --mikernel-max. */
    private Row miKernel(BagDataset train, BagDataset test, SetKernel kernel) {
        int m = train.size();
        long dense = MemoryBudget.denseMatricesBytes(2, m);
        if (m > mikernelMax) {
            return new Row("MI-Kernel (SMO)", m, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, String.format(Locale.ROOT,
                    "not run: the bag Gram matrix takes 8 m^2 = %.1f GiB (%.1f GiB while SetKernelGram builds it)",
                    MemoryBudget.denseMatrixBytes(m) / (double) (1L << 30), dense / (double) (1L << 30)));
        }
        boolean fits = dense < 0.6 * Runtime.getRuntime().maxMemory();
        long w0 = System.nanoTime();
        long c0 = SvmBenchmark.processCpuNanos();
        Model<Bag> model;
        int sv;
        String method;
        if (fits) {
            MiKernelModel mk = MiKernel.fit(train, MiKernelOptions.defaults().withGamma(gamma).withC(cMik));
            model = mk;
            sv = mk.machines().get(0).supportVectorCount();
            method = "MI-Kernel (SMO)";
        } else {
            BagSvmModel bs = BagSvm.fit(train, new BagSvmOptions(kernel, cMik, SvmLoss.HINGE,
                    SmoSolver.Options.defaults().withCacheMb(cacheMb), 0));
            model = bs;
            sv = bs.supportVectorCount();
            method = "MI-Kernel (SMO, lazy rows)";
        }
        long c1 = SvmBenchmark.processCpuNanos();
        long w1 = System.nanoTime();
        int[] p;
        if (model instanceof BagSvmModel bs) {
            double[][] f = bs.decisions(test.bags());
            p = IntStream.range(0, f.length).map(i -> Model.classOf(f[i])).toArray();
        } else {
            p = IntStream.range(0, test.size()).parallel().map(i -> model.predict(test.bag(i))).toArray();
        }
        double predict = (System.nanoTime() - w1) * 1e-9;
        return new Row(method, m, (w1 - w0) * 1e-9, (c1 - c0) * 1e-9, accuracy(p, test), sv, predict,
                fits ? "dense Gram " + String.format(Locale.ROOT, "%.2f GiB", MemoryBudget.denseMatrixBytes(m)
                        / (double) (1L << 30)) : "dense Gram would take " + String.format(Locale.ROOT, "%.1f GiB at its "
                        + "peak; lazy rows, %s MB Q-row cache", dense / (double) (1L << 30), cacheMb));
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static double accuracy(int[] predicted, BagDataset test) {
        int ok = 0;
        for (int i = 0; i < predicted.length; i++) {
            ok += predicted[i] == test.classIndex(i) ? 1 : 0;
        }
        return ok / (double) predicted.length;
    }

    private static Row print(PrintWriter out, Row r) {
        out.printf(Locale.ROOT, "%-28s %7d bags  train %9.2f s wall %9.2f s CPU  accuracy %.4f  %6d expansion bags  "
                + "predict %.2f s  %s%n", r.method(), r.bags(), r.wallSeconds(), r.cpuSeconds(), r.accuracy(), r.expansion(),
                r.predictSeconds(), r.note());
        out.flush();
        return r;
    }
}
