package dev.kernelkit.mkl;

import dev.kernelkit.gram.MultipleKernel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.gram.KernelMatrix;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/** The duality-gap stops of SM1MKL (capped simplex) and Lp-MKL (p-norm ball), checked independently. */
class DualityGapStopTest {

    /** min g'v over {sum v = 1, 0 <= v <= theta} solved as an LP by ojAlgo (not the sort-and-fill rule). */
    static double cappedSimplexMinimumByLp(double[] g, double theta) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Expression sum = model.addExpression("sum").level(1.0);
        for (int m = 0; m < g.length; m++) {
            Variable v = model.addVariable("v" + m).lower(0.0).upper(theta).weight(g[m]);
            sum.set(v, BigDecimal.ONE);
        }
        Optimisation.Result r = model.minimise();
        assertThat(r.getState().isOptimal()).as("LP state %s", r.getState()).isTrue();
        return r.getValue();
    }

    @Test
    void cappedSimplexGapEqualsTheGapOfAnLpSolvedByOjalgo() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 30; trial++) {
            int m = 2 + rnd.nextInt(12);
            double theta = (1.0 + rnd.nextDouble() * (m - 1)) / m; // in [1/M, 1]
            double[] g = new double[m];
            double[] mu = CappedSimplexUpdate.solve(randomA(rnd, m), theta); // a feasible point
            for (int i = 0; i < m; i++) {
                g[i] = -10 * rnd.nextDouble();
            }
            double dot = 0;
            for (int i = 0; i < m; i++) {
                dot += mu[i] * g[i];
            }
            double expected = dot - cappedSimplexMinimumByLp(g, theta);
            assertThat(SoftMarginMkl.cappedFrankWolfeGap(mu, g, theta)).as("trial %d, M %d, theta %s", trial, m, theta)
                    .isCloseTo(expected, within(1e-7)).isGreaterThanOrEqualTo(-1e-12);
        }
        // theta = 1 is the simplex: the gap is mu'g - min g
        double[] mu = {0.5, 0.5, 0}, g = {-1, -3, -2};
        // mu'g = -2, min g = -3: gap 1
        assertThat(SoftMarginMkl.cappedFrankWolfeGap(mu, g, 1.0)).isCloseTo(1.0, within(1e-15));
        assertThat(SoftMarginMkl.frankWolfeGap(mu, g)).isCloseTo(1.0, within(1e-15));
        // theta = 1/2: best vertex (0.5 on -3, 0.5 on -2) = -2.5, gap -2 + 2.5 = 0.5
        assertThat(SoftMarginMkl.cappedFrankWolfeGap(mu, g, 0.5)).isCloseTo(0.5, within(1e-15));
    }

    @Test
    void lpGapIsTheDualNormMinusTheInnerProductHandDerived() {
        double[] h = {3, 4}, e1 = {1, 0};
        // p = 2: ||h||_2 = 5, mu'h = 3 -> 2; at mu = h / 5 (on the sphere, aligned) the gap is 0
        assertThat(SoftMarginMkl.lpFrankWolfeGap(e1, h, 2.0)).isCloseTo(2.0, within(1e-12));
        assertThat(SoftMarginMkl.lpFrankWolfeGap(new double[] {0.6, 0.8}, h, 2.0)).isCloseTo(0.0, within(1e-12));
        // p = 1: dual norm max h = 4 -> 4 - 3 = 1
        assertThat(SoftMarginMkl.lpFrankWolfeGap(e1, h, 1.0)).isCloseTo(1.0, within(1e-15));
        // p = 3/2: r = 3, ||h||_3 = (27 + 64)^(1/3) = 91^(1/3) = 4.497941..., minus 3
        assertThat(SoftMarginMkl.lpFrankWolfeGap(e1, h, 1.5)).isCloseTo(Math.cbrt(91) - 3, within(1e-12));
    }

    @Test
    void sm1StopsWithinTheStatedDualityGapRecomputedFromAlphaAndMu() {
        MultipleKernel k = SoftMarginMklTest.protocol();
        List<KernelMatrix> dense = SoftMarginMklTest.denseProtocolMatrices(k);
        int m = k.count();
        for (double c : new double[] {1.0, 10.0, 100.0}) {
            for (double theta : new double[] {2.0 / m, 10.0 / m, 1.0}) {
                MklOptions o = MklOptions.sm1(c, theta);
                MklResult r = SoftMarginMkl.fitBinary(k.gram(SoftMarginMklTest.TRAIN.points()),
                        SoftMarginMklTest.signedLabels(), o);
                String at = "C = " + c + ", theta = " + theta;
                assertThat(r.converged()).as(at).isTrue();
                // J = 1'alpha - 1/2 sum mu_m q_m and g_m = -q_m / 2 on kernel-by-kernel matrices; the best
                // capped-simplex vertex by ojAlgo's LP; gap = mu'g - min g'v >= J(mu) - min J (convexity)
                double[] mu = r.mu(), q = SoftMarginMklTest.quadraticForms(dense, r.beta()), g = new double[m];
                double j = Arrays.stream(r.alpha()).sum(), dot = 0;
                for (int i = 0; i < m; i++) {
                    j -= 0.5 * mu[i] * q[i];
                    g[i] = -0.5 * q[i];
                    dot += mu[i] * g[i];
                    assertThat(mu[i]).as(at).isLessThanOrEqualTo(theta + 1e-12);
                }
                double[] obj = r.objectives();
                assertThat(j).as(at).isCloseTo(obj[obj.length - 1], within(1e-7 * j));
                assertThat(dot - cappedSimplexMinimumByLp(g, theta)).as(at).isLessThanOrEqualTo(0.01 * j);
                // certified before the iteration cap
                assertThat(r.iterations()).as(at).isLessThan(o.maxIterations());
            }
        }
    }

    @Test
    void lpStopsWithinTheStatedDualityGapRecomputedFromAlphaAndMu() {
        MultipleKernel k = SoftMarginMklTest.protocol();
        List<KernelMatrix> dense = SoftMarginMklTest.denseProtocolMatrices(k);
        for (double p : new double[] {4.0 / 3, 2.0, 3.0}) {
            MklOptions o = MklOptions.lp(10.0, p);
            MklResult r = SoftMarginMkl.fitBinary(k.gram(SoftMarginMklTest.TRAIN.points()),
                    SoftMarginMklTest.signedLabels(), o);
            assertThat(r.converged()).as("p = %s", p).isTrue();
            double[] mu = r.mu(), q = SoftMarginMklTest.quadraticForms(dense, r.beta());
            double j = Arrays.stream(r.alpha()).sum(), dot = 0, dual = 0, norm = 0, rr = p / (p - 1);
            for (int i = 0; i < mu.length; i++) {
                j -= 0.5 * mu[i] * q[i];
                dot += mu[i] * 0.5 * q[i];
                dual += Math.pow(0.5 * q[i], rr);
                norm += Math.pow(mu[i], p);
            }
            // gap = ||h||_r - mu'h (Hoelder), stated tolerance 0.01 J; mu stays in the unit p-ball
            assertThat(Math.pow(dual, 1 / rr) - dot).as("p = %s", p).isLessThanOrEqualTo(0.01 * j);
            assertThat(norm).as("p = %s", p).isCloseTo(1.0, within(1e-9));
        }
    }

    static double[] randomA(SplittableRandom rnd, int m) {
        double[] a = new double[m];
        for (int i = 0; i < m; i++) {
            a[i] = rnd.nextDouble();
        }
        return a;
    }
}
