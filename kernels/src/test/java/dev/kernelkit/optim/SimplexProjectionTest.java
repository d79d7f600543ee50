package dev.kernelkit.optim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

class SimplexProjectionTest {

    /** Brute force: ojAlgo QP min ||x - v||^2 = x'x - 2 v'x + const s.t. lower &le; x &le; upper, sum x = z. */
    static double[] quadraticProgram(double[] v, double z, double upper) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] x = new Variable[v.length];
        for (int i = 0; i < v.length; i++) {
            x[i] = model.addVariable("x" + i).lower(0.0);
            if (Double.isFinite(upper)) {
                x[i].upper(upper);
            }
        }
        Expression objective = model.addExpression("objective").weight(1.0);
        Expression sum = model.addExpression("sum").level(z);
        for (int i = 0; i < v.length; i++) {
            objective.set(x[i], x[i], 1.0);
            objective.set(x[i], -2.0 * v[i]);
            sum.set(x[i], 1.0);
        }
        Optimisation.Result r = model.minimise();
        assertThat(r.getState().isOptimal()).as("QP state %s", r.getState()).isTrue();
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = r.doubleValue(i);
        }
        return out;
    }

    static double[] randomVector(SplittableRandom rnd, int n) {
        double[] v = new double[n];
        double scale = rnd.nextDouble(0.1, 5);
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextDouble(-scale, scale);
        }
        return v;
    }

    /**
     * KKT of min ||x - v||^2 over {lo &le; x &le; hi, sum x = z}: a single tau with
     * x_i = clip(v_i - tau, 0, theta): v_i - x_i = tau where 0 &lt; x_i &lt; theta, v_i &le; tau where
     * x_i = 0, v_i - theta &ge; tau where x_i = theta. tau is taken from any free coordinate.
     */
    static void assertKkt(double[] v, double[] x, double z, double theta, double tol) {
        double sum = 0;
        double tau = Double.NaN;
        for (int i = 0; i < x.length; i++) {
            assertThat(x[i]).isBetween(0.0, theta);
            sum += x[i];
            if (x[i] > 0 && x[i] < theta) {
                tau = v[i] - x[i];
            }
        }
        assertThat(sum).isCloseTo(z, within(tol));
        if (Double.isNaN(tau)) {
            return; // every coordinate at a bound: covered by the QP comparison
        }
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0 && x[i] < theta) {
                assertThat(v[i] - x[i]).as("free coordinate %d", i).isCloseTo(tau, within(tol));
            } else if (x[i] == 0) {
                assertThat(v[i]).as("zero coordinate %d", i).isLessThanOrEqualTo(tau + tol);
            } else {
                assertThat(v[i] - theta).as("capped coordinate %d", i).isGreaterThanOrEqualTo(tau - tol);
            }
        }
    }

    @Test
    void simplexProjectionMatchesOjalgoQpOn60RandomInputs() {
        SplittableRandom rnd = new SplittableRandom(2008);
        for (int trial = 0; trial < 60; trial++) {
            int n = 1 + rnd.nextInt(15);
            double[] v = randomVector(rnd, n);
            double z = rnd.nextDouble(0.2, 3);
            double[] x = SimplexProjection.ontoSimplex(v, z);
            double[] qp = quadraticProgram(v, z, Double.POSITIVE_INFINITY);
            for (int i = 0; i < n; i++) {
                assertThat(x[i]).as("trial %d, x[%d]", trial, i).isCloseTo(qp[i], within(1e-8));
            }
            assertKkt(v, x, z, Double.POSITIVE_INFINITY, 1e-12);
        }
    }

    @Test
    void cappedSimplexProjectionMatchesOjalgoQpOn60RandomInputs() {
        SplittableRandom rnd = new SplittableRandom(2015);
        for (int trial = 0; trial < 60; trial++) {
            int n = 1 + rnd.nextInt(15);
            double[] v = randomVector(rnd, n);
            // theta between the smallest feasible cap 1/n and 1 (above 1 the cap never binds).
            double theta = trial % 10 == 0 || n == 1 ? 1.0 / n : rnd.nextDouble(1.0 / n, 1.0);
            double[] x = SimplexProjection.ontoCappedSimplex(v, theta);
            double[] qp = quadraticProgram(v, 1.0, theta);
            for (int i = 0; i < n; i++) {
                assertThat(x[i]).as("trial %d (theta %s), x[%d]", trial, theta, i).isCloseTo(qp[i], within(1e-8));
            }
            assertKkt(v, x, 1.0, theta, 1e-12);
        }
    }

    @Test
    void cappedSimplexWithTiesAndScaledSum() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 20; trial++) {
            int n = 2 + rnd.nextInt(10);
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = rnd.nextInt(-2, 3) * 0.5; // many ties, and breakpoints v_i - theta landing on other v_j
            }
            double z = 2.0;
            // theta between the smallest feasible cap z/n and z, tight on odd trials.
            double theta = z / n + (z - z / n) * (trial % 2 == 0 ? 0.3 : 0.05);
            double[] x = SimplexProjection.ontoCappedSimplex(v, z, theta);
            double[] qp = quadraticProgram(v, z, theta);
            for (int i = 0; i < n; i++) {
                assertThat(x[i]).as("trial %d, x[%d]", trial, i).isCloseTo(qp[i], within(1e-8));
            }
            assertKkt(v, x, z, theta, 1e-12);
        }
    }

    @Test
    void handCases() {
        // v = (2, 1, 0): tau = (2 - 1)/1 = 1 (the second candidate (3-1)/2 = 1 gives 1 - 1 = 0, not > 0), x = (1, 0, 0).
        assertThat(SimplexProjection.ontoSimplex(new double[] {2, 1, 0})).containsExactly(1, 0, 0);
        // v = (0.6, 0.6, 0): tau = (1.2 - 1)/2 = 0.1, x = (0.5, 0.5, 0).
        assertThat(SimplexProjection.ontoSimplex(new double[] {0.6, 0.6, 0}))
                .containsExactly(new double[] {0.5, 0.5, 0}, within(1e-15));
        // Capped, theta = 0.4, v = (1, 0.9, 0, 0): x = clip(v - tau, 0, 0.4); with the first two capped
        // the rest share 1 - 0.8 = 0.2, so -tau = 0.1, tau = -0.1: x = (0.4, 0.4, 0.1, 0.1).
        assertThat(SimplexProjection.ontoCappedSimplex(new double[] {1, 0.9, 0, 0}, 0.4))
                .containsExactly(new double[] {0.4, 0.4, 0.1, 0.1}, within(1e-15));
    }

    @Test
    void feasiblePointIsUnchanged() {
        double[] p = {0.1, 0.2, 0.3, 0.4};
        assertThat(SimplexProjection.ontoSimplex(p)).containsExactly(p, within(1e-15));
        assertThat(SimplexProjection.ontoCappedSimplex(p, 0.4)).containsExactly(p, within(1e-15));
        assertThat(SimplexProjection.ontoCappedSimplex(p, 0.5)).containsExactly(p, within(1e-15));
        assertThat(SimplexProjection.ontoSimplex(new double[] {0, 3, 0}, 3)).containsExactly(0, 3, 0);
    }

    @Test
    void thetaOneOverNGivesTheUniformVector() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int n : new int[] {1, 3, 7, 49}) {
            double[] x = SimplexProjection.ontoCappedSimplex(randomVector(rnd, n), 1.0 / n);
            for (double xi : x) {
                assertThat(xi).isEqualTo(1.0 / n);
            }
        }
    }

    @Test
    void badInputIsRejectedWithTheValue() {
        assertThatThrownBy(() -> SimplexProjection.ontoCappedSimplex(new double[] {1, 2, 3}, 0.3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("theta must be >= z/n")
                .hasMessageContaining("got 0.3");
        assertThatThrownBy(() -> SimplexProjection.ontoSimplex(new double[] {1, Double.NaN}))
                .hasMessage("v[1] must be finite, got NaN");
        assertThatThrownBy(() -> SimplexProjection.ontoSimplex(new double[0])).hasMessage("v must not be empty");
        assertThatThrownBy(() -> SimplexProjection.ontoSimplex(new double[] {1}, 0)).hasMessage("z must be > 0 and finite, got 0.0");
    }
}
