package dev.kernelkit.cvm;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.Arrays;
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
 * One round of the CVM's sampled furthest-point search as {@link CoreSetSolver} does it (JMLR: 59 candidates):
 * for 59 uniformly drawn points l, d_l^2 = ||c||^2 - 2 sum_j a_j K~(l, core_j) + v_l through the solver's
 * {@link KernelRowCache}, then the largest. Two-class L2-SVM problem ({@link TwoClassL2Problem}, Gaussian,
 * C = 1e6) on n = 100,000 points of two Gaussian classes in 9 dimensions, against a core set of 300 random
 * points with random weights; cache of 0 MB (the solver's floor of 2^17 floats still holds a few rows), so most
 * candidates compute their 300 kernel entries.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FurthestPointBenchmark {
    @Param({"300"})
    int coreSize;

    static final int N = 100_000;
    static final int SAMPLE = 59;
    TwoClassL2Problem problem;
    KernelRowCache cache;
    int[] core;
    double[] alpha;
    double centreNorm2;
    SplittableRandom rng;

    @Setup
    public void setUp() {
        SplittableRandom r = new SplittableRandom(11);
        List<Vec> x = new ArrayList<>(N);
        double[] y = new double[N];
        for (int i = 0; i < N; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            double[] p = new double[9];
            for (int k = 0; k < p.length; k++) {
                p[k] = y[i] * 0.5 + r.nextDouble() - 0.5;
            }
            x.add(DenseVec.of(p));
        }
        double[] diag = new double[N];
        Arrays.fill(diag, 1.0);
        problem = new TwoClassL2Problem(x, y, new GaussianKernel(0.5), diag, 1e6);
        cache = new KernelRowCache(problem, 0.0);
        core = r.ints(0, N).distinct().limit(coreSize).toArray();
        alpha = new double[coreSize];
        double sum = 0;
        for (int j = 0; j < coreSize; j++) {
            alpha[j] = r.nextDouble();
            sum += alpha[j];
        }
        for (int j = 0; j < coreSize; j++) {
            alpha[j] /= sum;
        }
        centreNorm2 = 0.5; // any constant: the search compares distances only
        rng = new SplittableRandom(12);
    }

    @Benchmark
    public int sampledSearchRound() {
        int best = -1;
        double bestD = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < SAMPLE; k++) {
            int l = rng.nextInt(N);
            double d = centreNorm2 - 2 * cache.weightedSum(l, core, alpha, coreSize) + problem.offset(l);
            if (d > bestD) {
                bestD = d;
                best = l;
            }
        }
        return best;
    }
}
