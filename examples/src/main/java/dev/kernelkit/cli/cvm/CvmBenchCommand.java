package dev.kernelkit.cli.cvm;

import dev.kernelkit.bench.SvmBenchmark;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Options;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernelkit bench cvm --problem checkerboard}: the 4x4 checkerboard on [0,4]^2 (label =
 * parity of floor(x1) + floor(x2), 10,000 test points), CVM against our SMO and LIBSVM Java (both
 * C-SVC through {@link SvmBenchmark}, skipped above --svm-max-n with the reason printed).
 * Spec §6.3 parameters by default: gamma 0.378, CVM C 1e4 and eps 1e-7, SVM C 100.
 */
@Command(name = "cvm", mixinStandardHelpOptions = true, sortOptions = false,
        description = "CVM vs SMO vs LIBSVM on the 4x4 checkerboard on [0,4]^2.")
public final class CvmBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--problem", defaultValue = "checkerboard", description = "Only checkerboard (default).")
    String problem = "checkerboard";

    @Option(names = "--n", split = ",", defaultValue = "10000,100000", description = "Training sizes (default ${DEFAULT-VALUE}).")
    List<Integer> sizes;

    @Option(names = "--c", defaultValue = "1e4", description = "CVM cost C (default ${DEFAULT-VALUE}).")
    double c = 1e4;

    @Option(names = "--svm-c", defaultValue = "100", description = "SMO / LIBSVM cost C (default ${DEFAULT-VALUE}).")
    double svmC = 100;

    @Option(names = "--eps", defaultValue = "1e-7", description = "CVM epsilon (default ${DEFAULT-VALUE}).")
    double eps = 1e-7;

    @Option(names = "--gamma", defaultValue = "0.378", description = "Gaussian width (default ${DEFAULT-VALUE}).")
    double gamma = 0.378;

    @Option(names = "--mode", defaultValue = "libcvm", description = "CVM mode jmlr or libcvm (default ${DEFAULT-VALUE}).")
    String mode = "libcvm";

    @Option(names = "--svm-max-n", defaultValue = "100000",
            description = "Skip SMO and LIBSVM above this n (default ${DEFAULT-VALUE}).")
    int svmMaxN = 100000;

    @Option(names = "--seed", defaultValue = "1", description = "Data and sampling seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Mixin
    Options.Json json;

    /** The checkerboard of the spec: SyntheticData's unit-square board scaled by 4. */
    static LabeledDataset board(int n, long seed) {
        LabeledDataset unit = SyntheticData.checkerboard(n, 4, seed);
        List<Vec> x = new ArrayList<>(n);
        for (Vec v : unit.points()) {
            x.add(DenseVec.of(4 * v.get(0), 4 * v.get(1)));
        }
        return new LabeledDataset(x, unit.labels());
    }

    /** Runs this command alone (until it is registered in {@code Main}). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new CvmBenchCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (!problem.equals("checkerboard")) {
            throw new IllegalArgumentException("--problem must be checkerboard, got '" + problem + "'");
        }
        PrintWriter out = spec.commandLine().getOut();
        LabeledDataset test = board(10_000, seed + 1_000_003L);
        List<JsonSummary> runs = new ArrayList<>();
        for (int n : sizes) {
            LabeledDataset train = board(n, seed);
            CoreSetOptions cs = (mode.equals("jmlr") ? CoreSetOptions.jmlr(eps) : CoreSetOptions.libcvm(eps)).withSeed(seed);
            CvmOptions o = new CvmOptions(new GaussianKernel(gamma), c, cs, CvmOptions.MultiClass.ONE_VS_REST);
            long t0 = System.nanoTime();
            CvmModel m = CoreVectorMachine.fit(train, o);
            double cvmSeconds = (System.nanoTime() - t0) * 1e-9;
            int ok = 0;
            for (int i = 0; i < test.size(); i++) {
                ok += m.predict(test.x(i)) == test.y(i) ? 1 : 0;
            }
            double cvmAcc = ok / (double) test.size();
            JsonSummary run = new JsonSummary().put("n", (long) n).put("cvm_seconds", cvmSeconds)
                    .put("cvm_accuracy", cvmAcc).put("core_vectors", (long) m.coreVectorCount())
                    .put("cvm_converged", m.machines().get(0).converged());
            out.printf("n=%d CVM (%s, C=%s, eps=%s, gamma=%s): %.2f s, %d core vectors, test accuracy %.4f%n", n, mode, c,
                    eps, gamma, cvmSeconds, m.coreVectorCount(), cvmAcc);
            if (n <= svmMaxN) {
                SvmBenchmark.Result r = SvmBenchmark.run(new SvmBenchmark.Options(train, test, gamma, svmC, 200, 1e-3));
                run.put("smo_seconds", r.oursSeconds()).put("smo_accuracy", r.accuracyOurs())
                        .put("libsvm_seconds", r.libsvmSeconds()).put("libsvm_accuracy", r.accuracyLibsvm())
                        .put("smo_support_vectors", (long) r.supportVectorsOurs());
                out.printf("n=%d SMO (C=%s): %.2f s, %d SVs, accuracy %.4f; LIBSVM Java: %.2f s, accuracy %.4f%n", n, svmC,
                        r.oursSeconds(), r.supportVectorsOurs(), r.accuracyOurs(), r.libsvmSeconds(), r.accuracyLibsvm());
            } else {
                run.putNull("smo_seconds").putNull("smo_accuracy").putNull("libsvm_seconds").putNull("libsvm_accuracy");
                out.printf("n=%d SMO and LIBSVM skipped: n > --svm-max-n %d%n", n, svmMaxN);
            }
            out.flush();
            runs.add(run);
        }
        json.write(new JsonSummary().putList("runs", runs));
        return 0;
    }
}
