package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Properties of {@link SmoSolver} checked against quantities the test computes itself. */
class SmoSolverPropertiesTest {

    static Stream<DualOracle.Case> cases() {
        return LongStream.range(100, 112).mapToObj(DualOracle::randomCase);
    }

    private static SvmProblem problem(DualOracle.Case cs) {
        return new SvmProblem(DenseKernelMatrix.of(cs.gram()), cs.y(), cs.c(), cs.loss());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void kktResidualComputedFromAlphaAndKIsBelowTolerance(DualOracle.Case cs) {
        for (double eps : new double[] {1e-3, 1e-6}) {
            SvmSolution s = new SmoSolver(SmoSolver.Options.defaults().withEps(eps)).solve(problem(cs));
            double[] a = s.alpha();
            double residual = DualOracle.kktResidual(cs.gram(), cs.y(), cs.c(), cs.loss(), a);
            // The solver measures the gap with a float Q; allow float rounding of the gradient.
            assertThat(residual).as("independent KKT residual at eps " + eps).isLessThan(eps + 1e-5);
            assertThat(s.kktGap()).isLessThan(eps);
            assertThat(s.converged()).isTrue();
            double balance = 0;
            for (int i = 0; i < a.length; i++) {
                assertThat(a[i]).isGreaterThanOrEqualTo(0.0);
                if (cs.loss() == SvmLoss.HINGE) {
                    assertThat(a[i]).isLessThanOrEqualTo(cs.c()[i]);
                }
                balance += cs.y()[i] * a[i];
            }
            assertThat(Math.abs(balance)).as("y'a").isLessThan(1e-9 * Math.max(1, Arrays.stream(a).sum()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void warmStartFromTheOptimumReturnsWithinTwoIterations(DualOracle.Case cs) {
        SmoSolver solver = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-3));
        SvmSolution cold = solver.solve(problem(cs));
        SvmSolution warm = solver.solve(problem(cs), cold.alpha());
        assertThat(cold.iterations()).isGreaterThan(2);
        assertThat(warm.iterations()).isLessThanOrEqualTo(2);
        assertThat(warm.objective()).isCloseTo(cold.objective(), org.assertj.core.data.Offset.offset(
                1e-6 * Math.max(1, Math.abs(cold.objective()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void warmStartFromAnInfeasibleAlphaReachesTheColdOptimum(DualOracle.Case cs) {
        SmoSolver solver = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-8));
        SvmSolution cold = solver.solve(problem(cs));
        SplittableRandom rnd = new SplittableRandom(7);
        double[] start = new double[cs.y().length];
        for (int i = 0; i < start.length; i++) {
            start[i] = (rnd.nextDouble() * 3 - 1) * cs.c()[i]; // some negative, some above C
        }
        SvmSolution warm = solver.solve(problem(cs), start);
        double scale = Math.max(1, Math.abs(cold.objective()));
        assertThat(Math.abs(warm.objective() - cold.objective())).isLessThan(1e-6 * scale);
    }

    /** K v from the case's Gram matrix, counting the calls. */
    private static final class GramProducts implements KernelProducts {
        final double[][] k;
        int calls;

        GramProducts(double[][] k) {
            this.k = k;
        }

        @Override
        public double[] times(double[] v) {
            calls++;
            double[] out = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                for (int j = 0; j < v.length; j++) {
                    out[i] += k[i][j] * v[j];
                }
            }
            return out;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void startingGradientFromSuppliedProductsReachesTheSameOptimumAsFromRows(DualOracle.Case cs) {
        SmoSolver solver = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-8));
        SvmSolution cold = solver.solve(problem(cs));
        // warm start from a feasible point away from the optimum: the optimum at C / 3 (some alphas at that bound)
        double[] third = Arrays.stream(cs.c()).map(v -> v / 3).toArray();
        double[] start = solver.solve(new SvmProblem(DenseKernelMatrix.of(cs.gram()), cs.y(), third, cs.loss())).alpha();
        GramProducts products = new GramProducts(cs.gram());
        SvmSolution viaProducts = solver.solve(problem(cs), start, products);
        SvmSolution viaRows = solver.solve(problem(cs), start);
        double scale = Math.max(1, Math.abs(cold.objective()));
        assertThat(products.calls).isBetween(1, 2);
        assertThat(Math.abs(viaProducts.objective() - cold.objective())).isLessThan(1e-6 * scale);
        assertThat(Math.abs(viaProducts.objective() - viaRows.objective())).isLessThan(1e-6 * scale);
        double residual = DualOracle.kktResidual(cs.gram(), cs.y(), cs.c(), cs.loss(), viaProducts.alpha());
        assertThat(residual).isLessThan(1e-8 + 1e-5);
        // from the optimum itself (at LIBSVM's eps: the float rows limit the optimum's precision) the
        // supplied gradient is already optimal
        SmoSolver loose = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-3));
        assertThat(loose.solve(problem(cs), loose.solve(problem(cs)).alpha(), products).iterations()).isLessThanOrEqualTo(2);
        // from the optimum at 10 C clipped to C: many alphas start at their bound, so G_bar matters once
        // shrinking has set bounded variables aside
        double[] tenfold = Arrays.stream(cs.c()).map(v -> 10 * v).toArray();
        double[] clipped = solver.solve(new SvmProblem(DenseKernelMatrix.of(cs.gram()), cs.y(), tenfold, cs.loss())).alpha();
        SvmSolution fromClipped = solver.solve(problem(cs), clipped, products);
        assertThat(Math.abs(fromClipped.objective() - cold.objective())).isLessThan(1e-6 * scale);
        assertThat(DualOracle.kktResidual(cs.gram(), cs.y(), cs.c(), cs.loss(), fromClipped.alpha())).isLessThan(1e-8 + 1e-5);
        // a supplier that declines leaves the rows path: same answer
        SvmSolution declined = solver.solve(problem(cs), start, v -> null);
        assertThat(declined.alpha()).containsExactly(viaRows.alpha());
    }

    @Test
    void suppliedProductsOfTheWrongLengthAreAnError() {
        DualOracle.Case cs = DualOracle.randomCase(100);
        SmoSolver solver = new SmoSolver();
        double[] start = solver.solve(problem(cs)).alpha();
        assertThatThrownBy(() -> solver.solve(problem(cs), start, v -> new double[v.length + 1]))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("kernel products must have length");
    }

    @Test
    void projectionClipsThenScalesTheHeavierClass() {
        // y = (+1, +1, -1), C = (1, 1, 1), start (2, 0.5, 0.3): clipped to (1, 0.5, 0.3);
        // positive sum 1.5 > negative 0.3, so positives scale by 0.3 / 1.5 = 0.2 -> (0.2, 0.1, 0.3).
        double[] a = SmoSolver.projectToFeasible(new double[] {2, 0.5, 0.3}, new double[] {1, 1, -1},
                new double[] {1, 1, 1});
        assertThat(a).containsExactly(new double[] {0.2, 0.1, 0.3}, org.assertj.core.data.Offset.offset(1e-15));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shrinkingOnAndOffGiveTheSameSolution(DualOracle.Case cs) {
        SmoSolver.Options o = SmoSolver.Options.defaults().withEps(1e-8);
        SvmSolution on = new SmoSolver(o.withShrinking(true)).solve(problem(cs));
        SvmSolution off = new SmoSolver(o.withShrinking(false)).solve(problem(cs));
        double scale = Math.max(1, Math.abs(off.objective()));
        assertThat(Math.abs(on.objective() - off.objective())).isLessThan(1e-8 * scale);
        assertThat(DualOracle.supportSet(on.alpha(), cs.c())).isEqualTo(DualOracle.supportSet(off.alpha(), cs.c()));
        assertThat(on.bias()).isCloseTo(off.bias(), org.assertj.core.data.Offset.offset(1e-5));
        for (int i = 0; i < cs.y().length; i++) {
            assertThat(on.alpha(i)).isCloseTo(off.alpha(i), org.assertj.core.data.Offset.offset(1e-5 * cs.c()[i]));
        }
    }

    /** Sparse points with a few non-zeros, as in a9a. */
    static List<Vec> sparsePoints(int n, int d, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int[] idx = rnd.ints(0, d).distinct().limit(1 + rnd.nextInt(6)).sorted().toArray();
            double[] v = new double[idx.length];
            for (int k = 0; k < v.length; k++) {
                v[k] = rnd.nextInt(3) == 0 ? 1.0 : rnd.nextGaussian();
            }
            x.add(new SparseVec(d, idx, v));
        }
        return x;
    }

    @Test
    void tinyRowCachesForcingEvictionsGiveTheSameSolution() {
        int n = 300;
        List<Vec> x = sparsePoints(n, 20, 11);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = x.get(i).get(0) + x.get(i).get(1) - x.get(i).get(2) + 0.1 * Math.sin(i) >= 0 ? 1 : -1;
        }
        GaussianKernel kernel = new GaussianKernel(0.5);
        SvmProblem dense = SvmProblem.of(DenseKernelMatrix.compute(kernel, x), y, 2.0, SvmLoss.HINGE);
        SvmProblem lazy = SvmProblem.of(CachedKernelMatrix.of(x, kernel, 0.01), y, 2.0, SvmLoss.HINGE);
        SmoSolver.Options o = SmoSolver.Options.defaults().withEps(1e-6);
        SvmSolution big = new SmoSolver(o).solve(dense);
        // 1e-3 MB = 1048 bytes: fewer floats than 2 rows, so the solver keeps only two rows
        SvmSolution tiny = new SmoSolver(o.withCacheMb(1e-3)).solve(lazy);
        assertThat(tiny.iterations()).isEqualTo(big.iterations());
        assertThat(tiny.alpha()).containsExactly(big.alpha(), org.assertj.core.data.Offset.offset(0.0));
        assertThat(tiny.bias()).isEqualTo(big.bias());
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of(0.0, 0L, 200.0, "eps must be > 0 and finite, got 0.0"),
                Arguments.of(-1e-3, 0L, 200.0, "eps must be > 0 and finite, got -0.001"),
                Arguments.of(Double.NaN, 0L, 200.0, "eps must be > 0 and finite, got NaN"),
                Arguments.of(Double.POSITIVE_INFINITY, 0L, 200.0, "eps must be > 0 and finite, got Infinity"),
                Arguments.of(1e-3, -1L, 200.0, "maxIterations must be >= 0 (0 = automatic), got -1"),
                Arguments.of(1e-3, 0L, 0.0, "cacheMb must be > 0 and finite, got 0.0"),
                Arguments.of(1e-3, 0L, -5.0, "cacheMb must be > 0 and finite, got -5.0"),
                Arguments.of(1e-3, 0L, Double.NaN, "cacheMb must be > 0 and finite, got NaN"));
    }

    @ParameterizedTest(name = "eps={0} maxIterations={1} cacheMb={2}")
    @MethodSource("badOptions")
    void invalidOptionsAreRejectedWithTheirNameAndValue(double eps, long maxIter, double cacheMb, String message) {
        assertThatThrownBy(() -> new SmoSolver.Options(eps, true, maxIter, cacheMb))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void defaultsAreLibsvms() {
        SmoSolver.Options d = SmoSolver.Options.defaults();
        assertThat(d.eps()).isEqualTo(1e-3);
        assertThat(d.shrinking()).isTrue();
        assertThat(d.cacheMb()).isEqualTo(200.0);
        assertThat(d.iterationCap(50)).isEqualTo(10_000_000L);       // max(1e7, 100 * 50)
        assertThat(d.iterationCap(1_000_000)).isEqualTo(100_000_000L); // max(1e7, 100 * 1e6)
        assertThat(d.withMaxIterations(7).iterationCap(1_000_000)).isEqualTo(7L);
    }

    @Test
    void iterationCapStopsEarlyAndReportsNotConverged() {
        DualOracle.Case cs = DualOracle.randomCase(3);
        SvmSolution s = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-8).withMaxIterations(3))
                .solve(problem(cs));
        assertThat(s.iterations()).isEqualTo(3);
        assertThat(s.converged()).isFalse();
        assertThat(s.kktGap()).isGreaterThan(1e-8);
    }

    @Test
    void warmStartOfTheWrongLengthOrNaNIsRejected() {
        DualOracle.Case cs = DualOracle.randomCase(4);
        SmoSolver solver = new SmoSolver();
        assertThatThrownBy(() -> solver.solve(problem(cs), new double[3]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("initial alpha must have length " + cs.y().length + ", found 3");
        double[] nan = new double[cs.y().length];
        nan[2] = Double.NaN;
        assertThatThrownBy(() -> solver.solve(problem(cs), nan))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("initial alpha 2 must not be NaN");
    }

    @Test
    void libsvmSolverRejectsCostsItCannotRepresent() {
        List<Vec> x = List.of(DenseVec.of(0), DenseVec.of(1), DenseVec.of(2));
        SvmProblem p = new SvmProblem(DenseKernelMatrix.compute(new GaussianKernel(1), x),
                new double[] {1, 1, -1}, new double[] {1, 1.5, 1}, SvmLoss.HINGE);
        assertThatThrownBy(() -> new LibsvmSolver().solve(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("C_1 = 1.5 is 1.5 times 1.0");
    }

    @Test
    void libsvmParameterErrorsBecomeIllegalArgumentExceptions() {
        List<Vec> x = List.of(DenseVec.of(0), DenseVec.of(1));
        double[] y = {1, -1};
        assertThatThrownBy(() -> LibsvmSolver.trainRbf(x, y, 1.0, -1.0, 10, 1e-3, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LIBSVM rejected its parameters: C <= 0");
        assertThatThrownBy(() -> LibsvmSolver.trainRbf(x, y, 0.0, 1.0, 10, 1e-3, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gamma must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> new LibsvmSolver(0, true, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("eps must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> new LibsvmSolver(1e-3, true, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cacheMb must be > 0 and finite, got -1.0");
    }
}
