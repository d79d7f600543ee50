package dev.kernelkit.cli.mkl;

import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.gram.PrecomputedKernelMatrices;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.mkl.MklMethod;
import dev.kernelkit.mkl.MklOptions;
import dev.kernelkit.mkl.MklResult;
import dev.kernelkit.mkl.SoftMarginMkl;
import dev.kernelkit.mkl.WarmStart;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kernelkit mkl bench}: our fit against a straightforward one on the same splits. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Training time of one method with fixed parameters: ours (shared subset data, warm-started SVM solves) "
                + "against a straightforward fit (one dense Gram matrix per kernel computed kernel by kernel, every SVM solve from alpha = 0).",
                "Needs --c (and --theta or --p where the method uses them)."})
final class MklBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    Options.Threads threads;
    @Mixin
    Options.Input input;
    @Mixin
    MklMethodOption method = new MklMethodOption();
    @Mixin
    MklParameters params = new MklParameters();
    @Mixin
    MklSplitOptions splits = new MklSplitOptions();
    @Mixin
    Options.Json json;

    @Override
    public Integer call() throws Exception {
        MklMethod m = method.method();
        if (!params.kernelSpecs.isEmpty()) {
            throw new IllegalArgumentException("mkl bench measures the protocol kernels (its reference shares their "
                    + "distance matrices); --kernel is not supported here");
        }
        if (params.c == null || params.tuneSecond(m)) {
            throw new IllegalArgumentException("mkl bench needs fixed parameters: give --c"
                    + (m == MklMethod.SM1 || m == MklMethod.SM2 ? " and --theta" : m == MklMethod.LP ? " and --p" : ""));
        }
        MklOptions o = params.base(m);
        LabeledDataset data = splits.withNoise(MklData.read(input));
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
            FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
            LabeledDataset st = scaler.apply(train);
            MultipleKernel k = MultipleKernel.simpleMklProtocol(st.dim()).withUnitTrace(st.points());
            double[] y = binary(st);
            long t0 = System.nanoTime();
            MklResult a = SoftMarginMkl.fitBinary(k.gram(st.points()), y, o);
            double ta = (System.nanoTime() - t0) * 1e-9;
            t0 = System.nanoTime();
            List<KernelMatrix> each = new ArrayList<>();
            for (int mm = 0; mm < k.count(); mm++) {
                final int km = mm;
                Kernel<Vec> scaled = (x, z) -> k.scale(km) * k.kernel(km).apply(x, z);
                each.add(DenseKernelMatrix.compute(scaled, st.points()));
            }
            MklResult b = SoftMarginMkl.fitBinary(
                    PrecomputedKernelMatrices.of(each), y, o, FitListener.SILENT,
                    WarmStart.NONE);
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
