package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.testing.TestData;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Epsilon-SVR's loop reads the n kernel rows by point and applies the signs of Q itself (selection, gradient and
 * G_bar updates, gradient reconstruction; G_bar kept by point); the same dual given to the general loop over a plain
 * 2n x 2n matrix (signed float rows of Q per position, G_bar per position) must give the same solve bit for bit:
 * every alpha, the bias, the objective and the iteration count, with shrinking on (and its gradient reconstruction)
 * and off, and with a row cache small enough that rows are evicted and recomputed.
 */
class SvrKernelRowStepsTest {

    /** The doubled matrix K_{i mod n, j mod n} as any kernel matrix: the solver does not see an SVR problem. */
    private record Doubled(KernelMatrix base) implements KernelMatrix {
        @Override
        public int size() {
            return 2 * base.size();
        }

        @Override
        public double get(int i, int j) {
            int n = base.size();
            return base.get(i % n, j % n);
        }

        @Override
        public void row(int i, double[] out) {
            int n = base.size();
            double[] full = new double[n];
            base.row(i % n, full);
            System.arraycopy(full, 0, out, 0, n);
            System.arraycopy(full, 0, out, n, n);
        }

        @Override
        public void row(int i, int[] cols, int count, double[] out) {
            int n = base.size();
            double[] full = new double[n];
            base.row(i % n, full);
            for (int k = 0; k < count; k++) {
                out[k] = full[cols[k] % n];
            }
        }

        @Override
        public double diagonal(int i) {
            return base.diagonal(i % base.size());
        }
    }

    @ParameterizedTest(name = "n {0}, C {1}, epsilon {2}, shrinking {3}, cache {4} MB")
    @CsvSource({"1500, 10, 0.1, true, 1", "1500, 10, 0.1, false, 1", "900, 100, 0.05, true, 200", "1200, 1, 0.3, true, 0.5"})
    void svrLoopOnKernelRowsEqualsTheGeneralLoopOnSignedRowsBitForBit(int n, double c, double epsilon,
                                                                       boolean shrinking, double cacheMb) {
        List<Vec> x = TestData.randomDense(n, 5, 17 + n);
        SplittableRandom rnd = new SplittableRandom(n);
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            double[] v = x.get(i).toArray();
            z[i] = 10 * Math.sin(v[0] * v[1]) + 5 * v[2] + rnd.nextGaussian();
        }
        CachedKernelMatrix k = CachedKernelMatrix.of(x, new GaussianKernel(0.1), 0);
        SmoSolver.Options options = SmoSolver.Options.defaults().withShrinking(shrinking).withCacheMb(cacheMb);

        SvmSolution svr = EpsilonSvr.solve(k, z, c, epsilon, options);

        double[] y = new double[2 * n];
        double[] p = new double[2 * n];
        double[] upper = new double[2 * n];
        for (int i = 0; i < n; i++) {
            y[i] = 1;
            y[i + n] = -1;
            p[i] = epsilon - z[i];
            p[i + n] = epsilon + z[i];
            upper[i] = c;
            upper[i + n] = c;
        }
        SvmSolution general = new SmoSolver(options).solve(SvmProblem.dual(new Doubled(k), y, p, upper, 0.0));

        assertThat(svr.converged()).isTrue();
        assertThat(svr.iterations()).isEqualTo(general.iterations()).isGreaterThan(n / 2);
        for (int t = 0; t < 2 * n; t++) {
            assertThat(svr.alpha(t)).as("alpha %d", t).isEqualTo(general.alpha(t));
        }
        assertThat(svr.bias()).isEqualTo(general.bias());
        assertThat(svr.objective()).isEqualTo(general.objective());
        long bounded = java.util.stream.IntStream.range(0, 2 * n).filter(t -> svr.alpha(t) == c).count();
        assertThat(bounded).as("variables at their bound C (G_bar in use)").isPositive();
    }
}
