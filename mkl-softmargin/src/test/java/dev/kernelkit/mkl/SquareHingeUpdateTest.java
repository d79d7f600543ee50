package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SquareHingeUpdateTest {

    /** sum_m a_m / mu_m + ||mu||^2 / (2 theta); +infinity where a_m &gt; 0 and mu_m = 0. */
    static double objective(double[] a, double theta, double[] mu) {
        double v = 0;
        for (int m = 0; m < a.length; m++) {
            if (a[m] > 0) {
                v += mu[m] > 0 ? a[m] / mu[m] : Double.POSITIVE_INFINITY;
            }
            v += mu[m] * mu[m] / (2 * theta);
        }
        return v;
    }

    static double[] randomA(Random r, int m, double scale, boolean withZeros) {
        double[] a = new double[m];
        for (int k = 0; k < m; k++) {
            a[k] = withZeros && r.nextInt(4) == 0 ? 0 : scale * Math.exp(4 * r.nextGaussian());
        }
        return a;
    }

    @Test
    void meetsTheKktConditionsOverSixDecadesOfThetaAndScalesOfA() {
        // KKT of min sum a/mu + ||mu||^2/(2 theta) on the simplex, checked without the solver's own lambda:
        // lambda is recomputed from one positive-a kernel; every other positive-a kernel must give the same
        // a_m / mu_m^2 - mu_m / theta, and a zero-a kernel must sit at max(0, -lambda theta)
        Random r = new Random(3);
        for (double theta : new double[] {1e-5, 1e-3, 0.1, 1, 10, 1e3, 1e5}) {
            for (double scale : new double[] {1e-6, 1, 1e4}) {
                for (boolean zeros : new boolean[] {false, true}) {
                    int m = 5 + r.nextInt(300);
                    double[] a = randomA(r, m, scale, zeros);
                    a[0] = scale; // at least one positive a
                    double[] mu = SquareHingeUpdate.solve(a, theta);
                    String at = "theta " + theta + ", scale " + scale + ", zeros " + zeros;
                    assertThat(Arrays.stream(mu).sum()).as(at).isCloseTo(1.0, within(1e-12));
                    double lambda = a[0] / (mu[0] * mu[0]) - mu[0] / theta;
                    for (int k = 0; k < m; k++) {
                        assertThat(mu[k]).as(at).isGreaterThanOrEqualTo(0.0);
                        if (a[k] > 0) {
                            double lk = a[k] / (mu[k] * mu[k]) - mu[k] / theta;
                            // each side of the KKT equation is at most a_k / mu_k^2 + mu_k / theta in size
                            double size = a[k] / (mu[k] * mu[k]) + mu[k] / theta;
                            assertThat(lk).as("%s, kernel %d", at, k).isCloseTo(lambda, within(1e-9 * size));
                        } else {
                            assertThat(mu[k]).as("%s, kernel %d", at, k)
                                    .isCloseTo(Math.max(0, -lambda * theta), within(1e-9 * Math.abs(lambda * theta) + 1e-15));
                        }
                    }
                }
            }
        }
    }

    @Test
    void noRandomSimplexPointOrSmallMoveHasALowerObjective() {
        Random r = new Random(4);
        for (double theta : new double[] {1e-4, 0.05, 1, 100}) {
            for (int trial = 0; trial < 20; trial++) {
                int m = 2 + r.nextInt(12);
                double[] a = randomA(r, m, 1, trial % 2 == 0);
                a[0] = 0.5;
                double[] mu = SquareHingeUpdate.solve(a, theta);
                double best = objective(a, theta, mu);
                for (int s = 0; s < 300; s++) {
                    double[] v = new double[m];
                    double sum = 0;
                    for (int k = 0; k < m; k++) {
                        // half random simplex points, half moves of up to 1e-3 from the solution
                        v[k] = s % 2 == 0 ? -Math.log(r.nextDouble()) : Math.max(0, mu[k] + 1e-3 * r.nextGaussian());
                        sum += v[k];
                    }
                    for (int k = 0; k < m; k++) {
                        v[k] /= sum;
                    }
                    assertThat(objective(a, theta, v)).isGreaterThanOrEqualTo(best - 1e-12 * Math.abs(best));
                }
            }
        }
    }

    @Test
    void threeKernelsMatchABruteForceGrid() {
        double[] a = {0.3, 0.05, 0.0};
        for (double theta : new double[] {0.02, 0.5, 20}) {
            double[] mu = SquareHingeUpdate.solve(a, theta);
            double best = Double.POSITIVE_INFINITY;
            double[] arg = null;
            int steps = 2000;
            for (int i = 1; i < steps; i++) {
                for (int j = 1; i + j <= steps; j++) {
                    double[] v = {i / (double) steps, j / (double) steps, (steps - i - j) / (double) steps};
                    double f = objective(a, theta, v);
                    if (f < best) {
                        best = f;
                        arg = v;
                    }
                }
            }
            assertThat(objective(a, theta, mu)).as("theta %s", theta).isLessThanOrEqualTo(best);
            assertThat(mu).as("theta %s", theta).containsExactly(arg, within(2e-3));
        }
    }

    @Test
    void largeThetaGivesSm1sL1StepAndSmallThetaTheUniformWeights() {
        Random r = new Random(5);
        double[] a = randomA(r, 40, 1, true);
        a[3] = 2;
        // theta -> infinity: mu proportional to sqrt(a), CappedSimplexUpdate at theta = 1 (L1-MKL)
        assertThat(SquareHingeUpdate.solve(a, 1e9)).containsExactly(CappedSimplexUpdate.solve(a, 1.0), within(1e-6));
        // theta -> 0: the penalty dominates, mu = 1/M
        double[] uniform = new double[40];
        Arrays.fill(uniform, 1.0 / 40);
        assertThat(SquareHingeUpdate.solve(a, 1e-15)).containsExactly(uniform, within(1e-6));
        // all a = 0: only the penalty, uniform
        assertThat(SquareHingeUpdate.solve(new double[40], 3.0)).containsExactly(uniform, within(1e-15));
    }

    @Test
    void overRelaxedStepRaisesEachRatioToOmegaAndRescales() {
        double[] mu = {0.5, 0.25, 0.25, 0.0}, next = {0.25, 0.25, 0.4, 0.1};
        assertThat(SquareHingeUpdate.overRelaxed(mu, next, 1)).containsExactly(next, within(1e-15));
        // ratios 1/2, 1, 8/5 squared: 0.5 / 4 = 0.125, 0.25, 0.25 * 64 / 25 = 0.64; the zero weight takes next: 0.1
        double[] raw = {0.125, 0.25, 0.64, 0.1};
        double sum = Arrays.stream(raw).sum();
        double[] expected = Arrays.stream(raw).map(v -> v / sum).toArray();
        assertThat(SquareHingeUpdate.overRelaxed(mu, next, 2)).containsExactly(expected, within(1e-15));
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> SquareHingeUpdate.solve(new double[0], 1)).hasMessageContaining("must not be empty");
        assertThatThrownBy(() -> SquareHingeUpdate.solve(new double[] {1, -1}, 1)).hasMessageContaining("a_1 must be >= 0 and finite, got -1.0");
        assertThatThrownBy(() -> SquareHingeUpdate.solve(new double[] {1, Double.NaN}, 1)).hasMessageContaining("a_1");
        assertThatThrownBy(() -> SquareHingeUpdate.solve(new double[] {1}, 0)).hasMessageContaining("theta must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> SquareHingeUpdate.overRelaxed(new double[] {1}, new double[] {1}, 0.5))
                .hasMessageContaining("omega must be >= 1 and finite, got 0.5");
        assertThatThrownBy(() -> SquareHingeUpdate.overRelaxed(new double[] {1}, new double[] {0.5, 0.5}, 2))
                .hasMessageContaining("mu has 1 weights, next 2");
    }
}
