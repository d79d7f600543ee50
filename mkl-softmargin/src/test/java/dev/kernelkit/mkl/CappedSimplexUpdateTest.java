package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CappedSimplexUpdateTest {

    static double objective(double[] a, double[] mu) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                s += mu[i] > 0 ? a[i] / mu[i] : Double.POSITIVE_INFINITY;
            }
        }
        return s;
    }

    /**
     * Independent solve from the KKT conditions of min sum a/mu over the capped simplex: with the
     * multiplier lambda of sum mu = 1, mu_m = clip(sqrt(a_m / lambda), 0, theta); sum mu is
     * decreasing in lambda, so bisection on log lambda finds the root.
     */
    static double[] kktBisection(double[] a, double theta) {
        double lo = -200, hi = 200;
        double[] mu = new double[a.length];
        for (int it = 0; it < 400; it++) {
            double mid = 0.5 * (lo + hi);
            double lambda = Math.exp(mid);
            double s = 0;
            for (int i = 0; i < a.length; i++) {
                mu[i] = Math.min(theta, Math.sqrt(a[i] / lambda));
                s += mu[i];
            }
            if (s > 1) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return mu;
    }

    @Test
    void closedFormMatchesKktBisectionOnRandomInputs() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 300; trial++) {
            int m = 2 + rnd.nextInt(15);
            double[] a = new double[m];
            for (int i = 0; i < m; i++) {
                // heavy-tailed values so that some weights hit the cap
                a[i] = Math.pow(10, rnd.nextDouble(-3, 2));
            }
            double theta = 1.0 / m + rnd.nextDouble() * (1.2 - 1.0 / m);
            double[] mu = CappedSimplexUpdate.solve(a, theta);
            double[] ref = kktBisection(a, theta);
            double sum = 0;
            for (int i = 0; i < m; i++) {
                assertThat(mu[i]).isBetween(0.0, theta + 1e-12);
                assertThat(mu[i]).as("trial %d m %d", trial, i).isCloseTo(ref[i], within(1e-7));
                sum += mu[i];
            }
            assertThat(sum).isCloseTo(1.0, within(1e-12));
            assertThat(objective(a, mu)).isLessThanOrEqualTo(objective(a, ref) * (1 + 1e-9));
        }
    }

    @Test
    void closedFormBeatsEveryPointOfAFineGridOnThreeKernels() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 20; trial++) {
            double[] a = {rnd.nextDouble(0.01, 5), rnd.nextDouble(0.01, 5), rnd.nextDouble(0.01, 5)};
            double theta = rnd.nextDouble(1.0 / 3, 1.0);
            double best = objective(a, CappedSimplexUpdate.solve(a, theta));
            int steps = 400;
            for (int i = 0; i <= steps; i++) {
                for (int j = 0; i + j <= steps; j++) {
                    double[] mu = {i / (double) steps, j / (double) steps, (steps - i - j) / (double) steps};
                    if (mu[0] <= theta && mu[1] <= theta && mu[2] <= theta) {
                        assertThat(best).isLessThanOrEqualTo(objective(a, mu) + 1e-12);
                    }
                }
            }
        }
    }

    @Test
    void thetaOneOverMGivesUniformWeights() {
        double[] a = {5, 0.1, 2, 0, 3};
        double[] mu = CappedSimplexUpdate.solve(a, 1.0 / 5);
        for (double v : mu) {
            assertThat(v).isCloseTo(0.2, within(1e-15));
        }
    }

    @Test
    void thetaAtLeastOneGivesTheL1Step() {
        // L1: mu_m = sqrt(a_m) / sum sqrt(a): sqrt = (2, 1, 3, 0) / 6
        double[] a = {4, 1, 9, 0};
        for (double theta : new double[] {1.0, 2.5}) {
            double[] mu = CappedSimplexUpdate.solve(a, theta);
            assertThat(mu).containsExactly(new double[] {2.0 / 6, 1.0 / 6, 3.0 / 6, 0.0}, within(1e-15));
        }
    }

    @Test
    void capBindsOnTheLargest() {
        // a = (100, 1, 1), theta = 0.5: the first is capped; the rest split 0.5 in ratio 1:1
        double[] mu = CappedSimplexUpdate.solve(new double[] {100, 1, 1}, 0.5);
        assertThat(mu).containsExactly(new double[] {0.5, 0.25, 0.25}, within(1e-15));
    }

    @Test
    void thetaBelowOneOverMIsRejected() {
        assertThatThrownBy(() -> CappedSimplexUpdate.solve(new double[] {1, 2, 3, 4}, 0.2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("theta must be >= 1/M = 1/4").hasMessageContaining("0.2");
        assertThatThrownBy(() -> CappedSimplexUpdate.solve(new double[] {1, -2}, 0.6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a_1");
    }
}
