package dev.kernelkit.gram;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One Gaussian kernel row k(x_i, x_j), j = 1..n, from {@link CachedKernelMatrix} with no row cache and one
 * thread, on n = 10,000 points: dense (d = 166, uniform values), sparse (d = 123, 14 stored values per point in
 * (0, 1], like a9a's pattern) and 0/1 (the same pattern with every value 1, the popcount path).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KernelRowBenchmark {
    @Param({"dense", "sparse", "binary"})
    String kind;

    static final int N = 10_000;
    CachedKernelMatrix matrix;
    double[] out = new double[N];
    int next;

    @Setup
    public void setUp() {
        SplittableRandom r = new SplittableRandom(7);
        List<Vec> points = new ArrayList<>(N);
        for (int i = 0; i < N; i++) {
            if (kind.equals("dense")) {
                double[] x = new double[166];
                for (int k = 0; k < x.length; k++) {
                    x[k] = r.nextDouble();
                }
                points.add(DenseVec.of(x));
            } else {
                int[] idx = new int[14];
                double[] val = new double[14];
                for (int q = 0; q < 14; q++) {
                    idx[q] = q * 8 + r.nextInt(8); // increasing, distinct, below 123
                    val[q] = kind.equals("binary") ? 1.0 : 1.0 - r.nextDouble();
                }
                points.add(new SparseVec(123, idx, val));
            }
        }
        matrix = CachedKernelMatrix.of(points, new GaussianKernel(kind.equals("dense") ? 1.0 / 166 : 0.05), 0.0, 1);
        if (matrix.usesBinaryPath() != kind.equals("binary")) {
            throw new IllegalStateException("the " + kind + " data took the wrong path");
        }
    }

    @Benchmark
    public double[] row() {
        matrix.row(next, out);
        next = (next + 7919) % N;
        return out;
    }
}
