package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.testing.TestData;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The line search's shortcut (x · z of a trial point Z0 - s G read as x · z0 - s x · g) against evaluating the trial
 * point from scratch, and the gradient's metric term as a matrix product ({@link XvProducts}) against the plain loop
 * and against finite differences at a size where the product path runs.
 */
class SparseMiLineStepTest {

    private static double[][] gaussianRows(int k, int d, double sd, SplittableRandom rnd) {
        double[][] z = new double[k][d];
        for (double[] row : z) {
            for (int q = 0; q < d; q++) {
                row[q] = sd * TestData.gaussian(rnd);
            }
        }
        return z;
    }

    private static void checkStepAgreesWithAFreshEvaluation(SparseMiObjective obj, double[][] z, long seed) {
        SparseMiObjective.Evaluation from = obj.evaluate(z, null);
        double[][] g = obj.gradient(from);
        double[][] gdots = obj.directionDots(g);
        for (double s : new double[] {1e-3, 0.05, 0.4}) {
            double[][] trial = new double[z.length][z[0].length];
            for (int j = 0; j < z.length; j++) {
                for (int q = 0; q < z[0].length; q++) {
                    trial[j][q] = z[j][q] - s * g[j][q];
                }
            }
            SparseMiObjective.Evaluation fresh = obj.evaluate(trial, from.w);
            SparseMiObjective.Evaluation step = obj.evaluate(trial, new SparseMiObjective.Step(from, gdots, s), from.w);
            assertThat(step.value).as("g(Z0 - %s G)", s).isCloseTo(fresh.value, within(1e-9 * Math.abs(fresh.value)));
            if (fresh.dots != null) {
                for (int j = 0; j < z.length; j++) {
                    for (int t = 0; t < fresh.dots[j].length; t++) {
                        double bound = Math.abs(from.dots[j][t]) + Math.abs(s * gdots[j][t]) + 1e-300;
                        assertThat(Math.abs(step.dots[j][t] - fresh.dots[j][t])).as("x.z[%d][%d]", j, t)
                                .isLessThanOrEqualTo(1e-13 * bound);
                    }
                }
            }
        }
    }

    @Test
    void trialPointsFromTheDirectionsProductsAgreeWithFreshEvaluationsInTheInputSpace() {
        BagDataset data = TestData.randomBags(30, 5, 4, 2.0, 21);
        SparseMiObjective obj = SparseMiGradientTest.objective(data, new GaussianKernel(0.3), 5.0,
                new InputSpace(SparseMiGradientTest.instances(data), data.dim()));
        checkStepAgreesWithAFreshEvaluation(obj, gaussianRows(6, 4, 1.0, new SplittableRandom(22)), 22);
        SparseMiObjective poly = SparseMiGradientTest.objective(data, new PolynomialKernel(2, 0.5, 1.0), 0.5,
                new InputSpace(SparseMiGradientTest.instances(data), data.dim()));
        checkStepAgreesWithAFreshEvaluation(poly, gaussianRows(5, 4, 0.8, new SplittableRandom(23)), 23);
    }

    @Test
    void trialPointsFromTheDirectionsProductsAgreeWithFreshEvaluationsInTheBasisSpace() {
        BagDataset data = TestData.randomBags(24, 4, 6, 2.0, 24);
        var all = SparseMiGradientTest.instances(data);
        SparseMiObjective obj = SparseMiGradientTest.objective(data, new GaussianKernel(0.2), 3.0,
                new BasisSpace(all, all.subList(0, 7)));
        checkStepAgreesWithAFreshEvaluation(obj, gaussianRows(4, 7, 0.7, new SplittableRandom(25)), 25);
    }

    @Test
    void theGeneralPathHasNoDirectionProductsAndEvaluatesTrialPointsAsGiven() {
        BagDataset data = TestData.randomBags(16, 4, 3, 2.0, 26);
        int[] bagOf = new int[data.instanceCount()];
        for (int i = 0, t = 0; i < data.size(); i++) {
            for (int p = 0; p < data.bag(i).size(); p++) {
                bagOf[t++] = i;
            }
        }
        SparseMiObjective obj = new SparseMiObjective(
                new dev.kernelkit.kernel.WeightedGaussianKernel(0.4, new double[] {1.0, 0.5, 2.0}),
                new InputSpace(SparseMiGradientTest.instances(data), data.dim()), bagOf, data.size(),
                SparseMi.targets(data), 2.0, 1e-8);
        double[][] z = gaussianRows(3, 3, 1.0, new SplittableRandom(27));
        SparseMiObjective.Evaluation from = obj.evaluate(z, null);
        double[][] g = obj.gradient(from);
        assertThat(obj.directionDots(g)).isNull();
        double[][] trial = new double[3][3];
        for (int j = 0; j < 3; j++) {
            for (int q = 0; q < 3; q++) {
                trial[j][q] = z[j][q] - 0.1 * g[j][q];
            }
        }
        assertThat(obj.evaluate(trial, new SparseMiObjective.Step(from, null, 0.1), from.w).value)
                .isEqualTo(obj.evaluate(trial, from.w).value);
    }

    @Test
    void theMetricProductAgreesWithThePlainLoopToRounding() {
        SplittableRandom rnd = new SplittableRandom(28);
        for (int[] shape : new int[][] {{3, 2}, {40, 30}, {130, 70}, {257, 33}}) {
            int k = shape[0];
            int d = shape[1];
            double[][] m = gaussianRows(k, k, 1.0, rnd);
            for (int j = 0; j < k; j++) {
                m[j][(j * 7) % k] = 0; // zeros as u_aj = 0 gives them
            }
            double[][] z = gaussianRows(k, d, 2.0, rnd);
            double[][] out = XvProducts.times(m, z);
            for (int j = 0; j < k; j++) {
                for (int q = 0; q < d; q++) {
                    double sum = 0;
                    double bound = 0;
                    for (int a = 0; a < k; a++) {
                        sum += m[j][a] * z[a][q];
                        bound += Math.abs(m[j][a] * z[a][q]);
                    }
                    assertThat(Math.abs(out[j][q] - sum)).as("(M Z)[%d][%d] at %d x %d", j, q, k, d)
                            .isLessThanOrEqualTo(1e-14 * bound);
                }
            }
        }
        assertThat(130L * 130 * 70).as("the largest shapes take the product path")
                .isGreaterThanOrEqualTo(XvProducts.PRODUCT_WORK);
    }

    @Test
    void gradientWithTheMetricProductMatchesFiniteDifferencesAtManyExpansionVectors() {
        // 120 XVs in 80 dimensions: N_XV^2 d above XvProducts.PRODUCT_WORK, so the metric term is a product
        int nxv = 120;
        int d = 80;
        assertThat((long) nxv * nxv * d).isGreaterThanOrEqualTo(XvProducts.PRODUCT_WORK);
        BagDataset data = TestData.randomBags(40, 4, d, 2.0, 29);
        SparseMiObjective obj = SparseMiGradientTest.objective(data, new GaussianKernel(1.0 / d), 5.0,
                new InputSpace(SparseMiGradientTest.instances(data), d));
        SplittableRandom rnd = new SplittableRandom(30);
        double[][] z = gaussianRows(nxv, d, 1.0, rnd);
        int[][] at = new int[12][];
        for (int c = 0; c < at.length; c++) {
            at[c] = new int[] {rnd.nextInt(nxv), rnd.nextInt(d)};
        }
        SparseMiGradientTest.checkGradient(obj, z, 1e-5, 1e-5, at);
    }
}
