package dev.kernelkit.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.RealVector;
import org.junit.jupiter.api.Test;

class LbfgsTest {

    /**
     * Extended Rosenbrock function (More, Garbow, Hillstrom 1981, problem 21): for each pair
     * (x_{2i}, x_{2i+1}): 100 (x_{2i+1} - x_{2i}^2)^2 + (1 - x_{2i})^2. Unique minimiser (1, ..., 1),
     * value 0. In 2-D this is the classic Rosenbrock function.
     */
    static final DifferentiableFunction ROSENBROCK = (x, g) -> {
        double f = 0;
        for (int i = 0; i + 1 < x.length; i += 2) {
            double a = x[i + 1] - x[i] * x[i];
            double b = 1 - x[i];
            f += 100 * a * a + b * b;
            g[i] = -400 * x[i] * a - 2 * b;
            g[i + 1] = 200 * a;
        }
        return f;
    };

    /** The standard start (-1.2, 1, -1.2, 1, ...). */
    static double[] standardStart(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 2 == 0 ? -1.2 : 1.0;
        }
        return x;
    }

    @Test
    void rosenbrock2dFromStandardStartReachesOnesWithin1e6() {
        LbfgsResult r = Lbfgs.minimize(ROSENBROCK, new double[] {-1.2, 1.0}, LbfgsOptions.defaults());
        assertThat(r.converged()).as(r.toString()).isTrue();
        for (double xi : r.x()) {
            assertThat(xi).isCloseTo(1.0, within(1e-6));
        }
        assertThat(r.value()).isLessThan(1e-12);
        assertThat(r.gradientNorm()).isLessThanOrEqualTo(1e-8);
    }

    @Test
    void rosenbrock10dFromStandardStartReachesOnesWithin1e6() {
        LbfgsResult r = Lbfgs.minimize(ROSENBROCK, standardStart(10), LbfgsOptions.defaults());
        assertThat(r.converged()).as(r.toString()).isTrue();
        for (double xi : r.x()) {
            assertThat(xi).isCloseTo(1.0, within(1e-6));
        }
    }

    @Test
    void rosenbrockObjectiveIsMonotoneAlongIterations() {
        LbfgsResult r = Lbfgs.minimize(ROSENBROCK, standardStart(10), LbfgsOptions.defaults().withMemory(3));
        double[] h = r.valueHistory();
        assertThat(h).hasSize(r.iterations() + 1);
        assertThat(h[0]).isEqualTo(ROSENBROCK.valueAndGradient(standardStart(10), new double[10]));
        assertThat(h[h.length - 1]).isEqualTo(r.value());
        for (int k = 1; k < h.length; k++) {
            assertThat(h[k]).as("iteration %d", k).isLessThanOrEqualTo(h[k - 1]);
        }
        assertThat(r.converged()).isTrue();
    }

    @Test
    void strictlyConvexQuadraticMatchesCholeskySolveOfCommonsMath() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 10; trial++) {
            int n = 2 + rnd.nextInt(12);
            // A = M'M + 0.5 I (strictly convex), f(x) = 1/2 x'Ax - b'x, minimiser A x = b.
            double[][] m = new double[n][n];
            for (double[] row : m) {
                for (int j = 0; j < n; j++) {
                    row[j] = rnd.nextDouble(-1, 1);
                }
            }
            double[][] a = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double s = i == j ? 0.5 : 0;
                    for (int k = 0; k < n; k++) {
                        s += m[k][i] * m[k][j];
                    }
                    a[i][j] = s;
                }
            }
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = rnd.nextDouble(-3, 3);
            }
            DifferentiableFunction f = (x, g) -> {
                double v = 0;
                for (int i = 0; i < n; i++) {
                    double ax = 0;
                    for (int j = 0; j < n; j++) {
                        ax += a[i][j] * x[j];
                    }
                    g[i] = ax - b[i];
                    v += 0.5 * x[i] * ax - b[i] * x[i];
                }
                return v;
            };
            RealVector expected = new CholeskyDecomposition(new Array2DRowRealMatrix(a)).getSolver()
                    .solve(new ArrayRealVector(b));
            // |f| is a few units here, so f resolves gradients down to about sqrt(eps |f| lambda_max) ~ 1e-7;
            // ask for 1e-7. Since lambda_min(A) >= 0.5, ||x - x*|| <= ||g|| / 0.5 <= 2e-7.
            LbfgsResult r = Lbfgs.minimize(f, new double[n], LbfgsOptions.defaults().withGradientTolerance(1e-7));
            assertThat(r.converged()).as(r.toString()).isTrue();
            double[] x = r.x();
            for (int i = 0; i < n; i++) {
                assertThat(x[i]).as("trial %d, x[%d]", trial, i).isCloseTo(expected.getEntry(i), within(2e-7));
            }
            double[] h = r.valueHistory();
            for (int k = 1; k < h.length; k++) {
                assertThat(h[k]).isLessThanOrEqualTo(h[k - 1]);
            }
        }
    }

    @Test
    void oneDimensionalQuadraticHandValue() {
        // f(x) = (x - 3)^2 + 2: minimiser 3, value 2.
        LbfgsResult r = Lbfgs.minimize((x, g) -> {
            g[0] = 2 * (x[0] - 3);
            return (x[0] - 3) * (x[0] - 3) + 2;
        }, new double[] {-10}, LbfgsOptions.defaults());
        assertThat(r.x()[0]).isCloseTo(3.0, within(1e-9));
        assertThat(r.value()).isCloseTo(2.0, within(1e-15));
    }

    @Test
    void iterationLimitIsReportedNotThrown() {
        LbfgsResult r = Lbfgs.minimize(ROSENBROCK, new double[] {-1.2, 1.0}, LbfgsOptions.defaults().withMaxIterations(3));
        assertThat(r.reason()).isEqualTo(LbfgsResult.StopReason.MAX_ITERATIONS);
        assertThat(r.converged()).isFalse();
        assertThat(r.iterations()).isEqualTo(3);
    }

    @Test
    void startAtTheMinimumStopsWithoutIterating() {
        LbfgsResult r = Lbfgs.minimize(ROSENBROCK, new double[] {1, 1}, LbfgsOptions.defaults());
        assertThat(r.iterations()).isZero();
        assertThat(r.converged()).isTrue();
        assertThat(r.x()).containsExactly(1, 1);
    }

    @Test
    void resultDoesNotShareArrays() {
        double[] x0 = {-1.2, 1};
        LbfgsResult r = Lbfgs.minimize(ROSENBROCK, x0, LbfgsOptions.defaults());
        assertThat(x0).containsExactly(-1.2, 1);
        double[] x = r.x();
        x[0] = 99;
        assertThat(r.x()[0]).isNotEqualTo(99);
    }

    @Test
    void optionValidationNamesTheSetting() {
        LbfgsOptions d = LbfgsOptions.defaults();
        assertThatThrownBy(() -> d.withMemory(0)).hasMessage("memory must be >= 1, got 0");
        assertThatThrownBy(() -> d.withGradientTolerance(-1)).hasMessageContaining("gradientTolerance must be > 0");
        assertThatThrownBy(() -> d.withMaxIterations(0)).hasMessage("maxIterations must be >= 1, got 0");
        assertThatThrownBy(() -> new LbfgsOptions(10, 1e-8, 10, 1, 1e-4, 0.9))
                .hasMessageContaining("maxLineSearchEvaluations must be >= 2");
        assertThatThrownBy(() -> new LbfgsOptions(10, 1e-8, 10, 20, 0.9, 0.1))
                .hasMessageContaining("0 < c1 < c2 < 1");
        assertThatThrownBy(() -> Lbfgs.minimize(ROSENBROCK, new double[] {Double.NaN, 1}, d))
                .hasMessage("x0[0] must be finite, got NaN");
        assertThatThrownBy(() -> Lbfgs.minimize(ROSENBROCK, new double[0], d)).hasMessage("x0 must not be empty");
    }
}
