package dev.kernelkit.prototypes;

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
 * {@link NonNegativeQuadraticPursuit} on min 1/2 x'Qx + c'x, x &ge; 0, with Q = BB' + 0.01 I (B n x 50, seeded
 * Gaussian) and c ~ N(0, 1), T = n, no pruning: the problem of BENCHMARKS.md's "NQP vs ojAlgo" table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NqpBenchmark {
    @Param({"200"})
    int n;

    double[][] q;
    double[] c;
    NonNegativeQuadraticPursuit.Options options;

    @Setup
    public void setUp() {
        SplittableRandom r = new SplittableRandom(5);
        double[][] b = new double[n][50];
        for (double[] row : b) {
            for (int k = 0; k < row.length; k++) {
                row[k] = gaussian(r);
            }
        }
        q = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = i == j ? 0.01 : 0.0;
                for (int k = 0; k < 50; k++) {
                    s += b[i][k] * b[j][k];
                }
                q[i][j] = s;
            }
        }
        c = new double[n];
        for (int i = 0; i < n; i++) {
            c[i] = gaussian(r);
        }
        options = NonNegativeQuadraticPursuit.Options.defaults(n).withPrune(false);
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Benchmark
    public NonNegativeQuadraticPursuit.Result solve() {
        return NonNegativeQuadraticPursuit.solve(q, c, options);
    }
}
