package dev.kernelkit.svm;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.GramBuilder;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * SMO steps of {@link SmoSolver}: a C-SVM (hinge, C = 1, no shrinking) on n = 5,000 points of two overlapping
 * Gaussian classes in 10 dimensions with a precomputed Gaussian Gram matrix, solved from a = 0 and stopped after
 * 200 iterations; the time per operation is one iteration (working-set selection, two Q rows read from the
 * matrix into the solver's float cache, the gradient update).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SmoStepBenchmark {
    static final int STEPS = 200;
    SvmProblem problem;
    SmoSolver solver;
    double[] start;

    @Setup
    public void setUp() {
        Logger.getLogger("").setLevel(Level.SEVERE); // the iteration-cap warning on every call
        int n = 5000;
        SplittableRandom r = new SplittableRandom(3);
        List<Vec> x = new ArrayList<>(n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            double[] p = new double[10];
            for (int k = 0; k < p.length; k++) {
                p[k] = y[i] * 0.3 + nextGaussian(r);
            }
            x.add(DenseVec.of(p));
        }
        DenseKernelMatrix k = new GramBuilder(1).gram(new GaussianKernel(0.1), x);
        problem = SvmProblem.of(k, y, 1.0, SvmLoss.HINGE);
        solver = new SmoSolver(SmoSolver.Options.defaults().withShrinking(false).withMaxIterations(STEPS));
        start = new double[n];
    }

    private static double nextGaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public SvmSolution steps() {
        return solver.solve(problem, start);
    }
}
