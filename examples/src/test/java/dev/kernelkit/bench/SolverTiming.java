package dev.kernelkit.bench;

import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Not a test: a measuring program for BENCHMARKS.md (section "MI-CCCP on the kernels SMO solver and the
 * Fox {@code sparse-mi compare} budget"). Thread CPU seconds of the two solver paths that
 * {@code kernelkit bench svm} and {@code bench cvm} time, each called R + 1 times in one JVM with the first call discarded: {@code SmoSolver.solve} on a9a (C 1,
 * gamma 0.05, eps 1e-3, 200 MB cache; the kernel matrix computes its rows on the calling thread), and
 * {@code CoreVectorMachine.fit} on the 4x4 checkerboard of 10^4 points (bench cvm's default problem:
 * LibCVM mode, C 1e4, eps 1e-7, gamma 0.378, cache 2048 MB, seed 1). It prints the iterations and the
 * objective (hex) or the core-vector count, so runs of two jars can be compared for identity. Only public
 * API, so the same file runs against the jar before and after a change:
 * {@code javac -cp JAR -d OUT SolverTiming.java && java -cp OUT:JAR dev.kernelkit.bench.SolverTiming A9A R [cvm]}
 * ({@code cvm}: the checkerboard only).
 */
public final class SolverTiming {
    private SolverTiming() {
    }

    public static void main(String[] args) throws Exception {
        LabeledDataset a9a = LibsvmFormat.read(Path.of(args[0]));
        int runs = Integer.parseInt(args[1]);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        double[] svm = new double[runs];
        boolean cvmOnly = args.length > 2 && args[2].equals("cvm");
        for (int r = -1; r < (cvmOnly ? -1 : runs); r++) {
            CachedKernelMatrix k = CachedKernelMatrix.of(a9a.points(), new GaussianKernel(0.05), 0, 1);
            long t0 = bean.getCurrentThreadCpuTime();
            SvmSolution s = new SmoSolver(SmoSolver.Options.defaults().withCacheMb(200))
                    .solve(SvmProblem.of(k, a9a.labels(), 1.0, SvmLoss.HINGE));
            double secs = (bean.getCurrentThreadCpuTime() - t0) / 1e9;
            if (r >= 0) {
                svm[r] = secs;
            }
            System.out.printf(Locale.ROOT, "svm a9a: %.3f s, %d iterations, objective %s%n", secs, s.iterations(),
                    Double.toHexString(s.objective()));
        }
        LabeledDataset unit = SyntheticData.checkerboard(10_000, 4, 1);
        java.util.List<dev.kernelkit.data.Vec> pts = new java.util.ArrayList<>();
        for (dev.kernelkit.data.Vec v : unit.points()) {
            pts.add(dev.kernelkit.data.DenseVec.of(4 * v.get(0), 4 * v.get(1)));
        }
        LabeledDataset board = new LabeledDataset(pts, unit.labels());
        CvmOptions o = new CvmOptions(new GaussianKernel(0.378), 1e4,
                CoreSetOptions.libcvm(1e-7).withSeed(1).withCacheMb(2048), CvmOptions.MultiClass.ONE_VS_REST);
        double[] cvm = new double[runs];
        for (int r = -1; r < runs; r++) {
            long t0 = bean.getCurrentThreadCpuTime();
            CvmModel m = CoreVectorMachine.fit(board, o);
            double secs = (bean.getCurrentThreadCpuTime() - t0) / 1e9;
            if (r >= 0) {
                cvm[r] = secs;
            }
            System.out.printf(Locale.ROOT, "cvm board 1e4: %.3f s, %s%n", secs, m);
        }
        System.out.printf(Locale.ROOT, "mean svm %.3f s, mean cvm %.3f s%n", java.util.Arrays.stream(svm).average().orElse(0),
                java.util.Arrays.stream(cvm).average().orElse(0));
    }
}
