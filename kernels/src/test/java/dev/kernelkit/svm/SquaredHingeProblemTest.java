package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SquaredHingeProblemTest {

    /** A random inner problem: A in [0, 1] (like mean kernel values), R = G'G/n + 1e-3 I. */
    static SquaredHingeProblem random(long seed, int m, int n, double c) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] a = new double[m][n];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            for (int j = 0; j < n; j++) {
                a[i][j] = rnd.nextDouble() + (y[i] > 0 && j == 0 ? 0.3 : 0);
            }
        }
        double[][] g = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = rnd.nextDouble() - 0.5;
            }
        }
        double[][] r = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += g[k][i] * g[k][j];
                }
                r[i][j] = s / n + (i == j ? 1e-3 : 0);
            }
        }
        return new SquaredHingeProblem(a, y, c, r);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void newtonAndLbfgsAgreeTo1e6(long seed) {
        double c = seed % 2 == 0 ? 10.0 : 0.5;
        SquaredHingeProblem p = random(seed, 40, 8, c);
        double[] newton = p.solveNewton(null);
        double[] lbfgs = p.solveLbfgs(null, 1e-10);
        for (int j = 0; j < newton.length; j++) {
            assertThat(newton[j]).as("w[%d]", j).isCloseTo(lbfgs[j], within(1e-6));
        }
        assertThat(p.value(newton)).isCloseTo(p.value(lbfgs), within(1e-9 * (1 + p.value(lbfgs))));
        assertThat(p.value(newton)).isLessThanOrEqualTo(p.value(lbfgs) + 1e-12);
    }

    @Test
    void newtonFromAWarmStartReachesTheSameOptimum() {
        SquaredHingeProblem p = random(11, 30, 5, 3.0);
        double[] cold = p.solveNewton(null);
        double[] warmStart = new double[cold.length];
        for (int j = 0; j < warmStart.length; j++) {
            warmStart[j] = cold[j] + 0.7 * (j % 2 == 0 ? 1 : -1);
        }
        double[] warm = p.solveNewton(warmStart);
        for (int j = 0; j < cold.length; j++) {
            assertThat(warm[j]).isCloseTo(cold[j], within(1e-9));
        }
    }

    @Test
    void gradientMatchesCentralDifferences() {
        SquaredHingeProblem p = random(21, 25, 6, 2.0);
        double[] w = {0.3, -0.2, 0.5, 0.1, -0.4, 0.2, -0.1};
        double[] g = new double[w.length];
        p.valueAndGradient(w, g);
        double h = 1e-6;
        for (int j = 0; j < w.length; j++) {
            double[] wp = w.clone();
            double[] wm = w.clone();
            wp[j] += h;
            wm[j] -= h;
            double fd = (p.value(wp) - p.value(wm)) / (2 * h);
            assertThat(g[j]).as("dQ/dw[%d]", j).isCloseTo(fd, within(1e-5 * (1 + Math.abs(fd))));
        }
    }

    @Test
    void handCheckedOneVariableProblem() {
        // m = 2 bags, one XV: A = [[1], [0]], y = (+1, -1), R = [[1]], C = 1.
        // Q(b, r) = b^2/2 + (1 - b - r)^2 + (1 + r)^2 while both are violated.
        // dQ/db = b - 2(1 - b - r) = 0, dQ/dr = -2(1 - b - r) + 2(1 + r) = 0
        // => r = -b/2 from the second; first: b - 2(1 - b/2) = 0 => 2b = 2 => b = 1, r = -0.5.
        // Margins: y1 f1 = 1 - 0.5 = 0.5 < 1, y2 f2 = 0.5 < 1: both violated, as assumed.
        // Q = 0.5 + 0.25 + 0.25 = 1.0.
        SquaredHingeProblem p = new SquaredHingeProblem(new double[][] {{1}, {0}}, new double[] {1, -1}, 1.0,
                new double[][] {{1}});
        double[] w = p.solveNewton(null);
        assertThat(w[0]).isCloseTo(1.0, within(1e-12));
        assertThat(w[1]).isCloseTo(-0.5, within(1e-12));
        assertThat(p.value(w)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void shapesLabelsAndCostAreCheckedWithNamedMessages() {
        double[][] r = {{1}};
        assertThatThrownBy(() -> new SquaredHingeProblem(new double[][] {{1}}, new double[] {1, -1}, 1, r))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 rows and 2 labels");
        assertThatThrownBy(() -> new SquaredHingeProblem(new double[][] {{1, 2}}, new double[] {1}, 1, r))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feature row 0 has 2 entries");
        assertThatThrownBy(() -> new SquaredHingeProblem(new double[][] {{1}}, new double[] {0.5}, 1, r))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("label 0 must be +1 or -1, got 0.5");
        assertThatThrownBy(() -> new SquaredHingeProblem(new double[][] {{1}}, new double[] {1}, 0, r))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("c must be > 0");
        assertThatThrownBy(() -> new SquaredHingeProblem(new double[][] {{1}}, new double[] {1}, 1,
                new double[][] {{1, 0}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("R must be square");
    }
}
