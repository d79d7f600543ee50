package dev.kernelkit.cli.cvm;

import dev.kernelkit.bench.SvmBenchmark;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.kernel.GaussianKernel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checkerboard section of {@code kernelkit demo}: a small version of {@code bench cvm} (4x4
 * checkerboard on [0,4]^2, RBF gamma 0.378; CVM in LibCVM mode with C 1e4 and eps 1e-6; our SMO
 * and LIBSVM Java with C 100) at n = 500, 1000 and 2000, each scored on the same 2,000 test points.
 * Under about a second on an idle 2-core machine.
 */
public final class CvmDemo {
    /** Training sizes of the demo. */
    static final int[] SIZES = {500, 1000, 2000};
    static final double GAMMA = 0.378;
    static final double CVM_C = 1e4;
    static final double EPS = 1e-6;
    static final double SVM_C = 100;

    private CvmDemo() {
    }

    /** What the demo measured: one row per size, and the largest size's data and CVM model. */
    public record Result(List<CvmBenchCommand.Run> runs, LabeledDataset train, CvmModel model, long seed) {
        public Result {
            runs = List.copyOf(runs);
        }
    }

    /** Runs the section on data seed {@code seed} (test points: seed + 1,000,003, as bench cvm). */
    public static Result run(long seed) {
        LabeledDataset test = CvmBenchCommand.board(2000, seed + 1_000_003L);
        List<CvmBenchCommand.Run> runs = new ArrayList<>();
        LabeledDataset train = null;
        CvmModel model = null;
        for (int n : SIZES) {
            train = CvmBenchCommand.board(n, seed);
            CvmOptions o = new CvmOptions(new GaussianKernel(GAMMA), CVM_C, CoreSetOptions.libcvm(EPS).withSeed(seed),
                    CvmOptions.MultiClass.ONE_VS_REST);
            long t0 = System.nanoTime();
            model = CoreVectorMachine.fit(train, o);
            double cvmSeconds = (System.nanoTime() - t0) * 1e-9;
            SvmBenchmark.Result r = SvmBenchmark.run(new SvmBenchmark.Options(train, test, GAMMA, SVM_C, 100, 1e-3));
            runs.add(new CvmBenchCommand.Run("checkerboard", n, cvmSeconds, CvmBenchCommand.accuracy(model, test),
                    model.coreVectorCount(), model.coreVectorsAboveLibcvmThreshold(), model.machines().get(0).converged(),
                    r.oursSeconds(), r.accuracyOurs(),
                    r.supportVectorsOurs(), r.libsvmSeconds(), r.accuracyLibsvm(), r.supportVectorsLibsvm()));
        }
        return new Result(runs, train, model, seed);
    }

    /** Prints the section's table. */
    public static void print(PrintWriter out, Result r) {
        out.printf(Locale.ROOT, "Core vector machine on the 4x4 checkerboard on [0,4]^2 (data seed %d; RBF gamma %s; "
                + "CVM libcvm mode, C %s, eps %s; SMO and LIBSVM Java C %s; 2,000 test points; larger runs: "
                + "'kernelkit bench cvm'):%n", r.seed(), CvmPlots.num(GAMMA), CvmPlots.num(CVM_C), CvmPlots.num(EPS),
                CvmPlots.num(SVM_C));
        out.printf(Locale.ROOT, "%7s  %10s %8s %6s  %10s %8s %6s  %10s %8s %6s%n", "n", "CVM acc", "s", "#CV", "SMO acc", "s",
                "#SV", "LIBSVM acc", "s", "#SV");
        for (CvmBenchCommand.Run x : r.runs()) {
            out.printf(Locale.ROOT, "%7d  %9.2f%% %8.3f %6d  %9.2f%% %8.3f %6d  %9.2f%% %8.3f %6d%n", x.n(),
                    100 * x.cvmAccuracy(), x.cvmSeconds(), x.coreVectors(), 100 * x.smoAccuracy(), x.smoSeconds(),
                    x.smoSupportVectors(), 100 * x.libsvmAccuracy(), x.libsvmSeconds(), x.libsvmSupportVectors());
        }
        out.flush();
    }

    /** Writes demo-cvm-time-vs-n.png and demo-cvm-core-vectors.png into {@code dir}. */
    public static void writePlots(Path dir, Result r, PrintWriter out) throws IOException {
        Files.createDirectories(dir);
        Path time = dir.resolve("demo-cvm-time-vs-n.png");
        CvmPlots.timeVsN(r.runs(), "checkerboard: training time of CVM (C 1e4, eps 1e-6), SMO and LIBSVM Java (C 100)")
                .writePng(time);
        out.println("wrote " + time);
        Path core = dir.resolve("demo-cvm-core-vectors.png");
        CvmPlots.coreVectors(r.train(), r.model(), 2000, String.format(Locale.ROOT,
                "checkerboard n = %d: the %d CVM core vectors (circled) over the data", r.train().size(),
                r.model().coreVectorCount())).writePng(core);
        out.println("wrote " + core);
        out.flush();
    }
}
