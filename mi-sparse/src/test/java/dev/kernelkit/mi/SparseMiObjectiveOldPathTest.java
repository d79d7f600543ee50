package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.svm.SquaredHingeProblem;
import dev.kernelkit.testing.TestData;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The objective's bulk (XV-major, packed, parallel) evaluation and gradient against the
 * instance-major single-pair loops SparseMiObjective had before them, copied below verbatim apart
 * from the transposed storage. z_a . z_b, x.z and the directions sum W X are matrix products
 * ({@link InputSpace}, summed in another order), so every kernel value, K_Z entry,
 * bag mean, inner optimum, g(Z) and gradient entry agrees with the old path to rounding (1e-9 of
 * max(1, |old|)).
 */
class SparseMiObjectiveOldPathTest {

    /** The old evaluation: A, K_Z, x.z and k(x, z) (instance-major) and g with its inner optima. */
    private record Old(double[] zz, double[][] dots, double[][] kx, double[][] kz, double[][] a, double[][] w,
                       double value) {
    }

    private static Old oldEvaluate(SparseMiObjective obj, DotProductKernel kernel, int[] bagOf, int bags,
                                   double[][] targets, double c, double ridge, double[][] z) {
        PointSpace space = obj.space();
        int nxv = z.length;
        int n = space.instanceCount();
        double[] bagSize = new double[bags];
        for (int b : bagOf) {
            bagSize[b]++;
        }
        double[] zz = new double[nxv];
        for (int j = 0; j < nxv; j++) {
            zz[j] = space.inner(z[j], z[j]);
        }
        double[][] dots = new double[n][nxv];
        double[][] kx = new double[n][nxv];
        double[][] a = new double[bags][nxv];
        for (int t = 0; t < n; t++) {
            double xx = space.instanceSquaredNorm(t);
            double[] at = a[bagOf[t]];
            double inv = 1.0 / bagSize[bagOf[t]];
            for (int j = 0; j < nxv; j++) {
                double s = space.instanceDot(t, z[j]);
                double k = kernel.value(s, xx, zz[j]);
                dots[t][j] = s;
                kx[t][j] = k;
                at[j] += inv * k;
            }
        }
        double[][] kz = new double[nxv][nxv];
        for (int i = 0; i < nxv; i++) {
            for (int j = i; j < nxv; j++) {
                double s = i == j ? zz[i] : space.inner(z[i], z[j]);
                double k = kernel.value(s, zz[i], zz[j]);
                kz[i][j] = k;
                kz[j][i] = k;
            }
        }
        double[][] w = new double[targets.length][];
        double g = 0;
        for (int p = 0; p < targets.length; p++) {
            double[][] r = new double[nxv][];
            for (int i = 0; i < nxv; i++) {
                r[i] = kz[i].clone();
                r[i][i] += ridge;
            }
            SquaredHingeProblem prob = new SquaredHingeProblem(a, targets[p], c, r);
            w[p] = prob.solveNewton(null);
            g += prob.value(w[p]);
        }
        return new Old(zz, dots, kx, kz, a, w, g);
    }

    private static double[][] oldGradient(SparseMiObjective obj, DotProductKernel kernel, int[] bagOf, int bags,
                                          double[][] targets, double c, double[][] z, Old e) {
        PointSpace space = obj.space();
        double[] bagSize = new double[bags];
        for (int b : bagOf) {
            bagSize[b]++;
        }
        int nxv = z.length;
        int pd = space.parameterDim();
        double[][] bagCoef = new double[bags][nxv];
        double[][] u = new double[nxv][nxv];
        for (int p = 0; p < targets.length; p++) {
            double[] w = e.w[p];
            double[] y = targets[p];
            for (int i = 0; i < bags; i++) {
                double f = w[nxv];
                double[] ai = e.a[i];
                for (int j = 0; j < nxv; j++) {
                    f += ai[j] * w[j];
                }
                if (y[i] * f < 1) {
                    double coef = c * 2 * (f - y[i]) / bagSize[i];
                    for (int j = 0; j < nxv; j++) {
                        bagCoef[i][j] += coef * w[j];
                    }
                }
            }
            for (int i = 0; i < nxv; i++) {
                for (int j = 0; j < nxv; j++) {
                    u[i][j] += w[i] * w[j];
                }
            }
        }
        double[][] grad = new double[nxv][pd];
        double[] metricSum = new double[nxv];
        int n = space.instanceCount();
        for (int t = 0; t < n; t++) {
            double[] coef = bagCoef[bagOf[t]];
            for (int j = 0; j < nxv; j++) {
                double cj = coef[j];
                if (cj == 0) {
                    continue;
                }
                double k = e.kx[t][j];
                double d1 = kernel.dDot(k, e.dots[t][j]);
                if (d1 != 0) {
                    space.addInstanceDirection(t, cj * d1, grad[j]);
                }
                metricSum[j] += cj * kernel.dNormZ(k);
            }
        }
        double[] combo = new double[pd];
        for (int j = 0; j < nxv; j++) {
            java.util.Arrays.fill(combo, 0);
            double self = metricSum[j];
            for (int a = 0; a < nxv; a++) {
                double uaj = u[a][j];
                if (uaj == 0) {
                    continue;
                }
                double k = e.kz[a][j];
                double s = a == j ? e.zz[j] : space.inner(z[a], z[j]);
                double d1 = kernel.dDot(k, s);
                double[] za = z[a];
                for (int q = 0; q < pd; q++) {
                    combo[q] += uaj * d1 * za[q];
                }
                self += uaj * kernel.dNormZ(k);
            }
            double[] zj = z[j];
            for (int q = 0; q < pd; q++) {
                combo[q] += 2 * self * zj[q];
            }
            space.addMetricDirection(combo, 1.0, grad[j]);
        }
        return grad;
    }

    private static void close(double actual, double expected, String what) {
        assertThat(Math.abs(actual - expected)).as("%s: %s vs %s", what, actual, expected)
                .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(expected)));
    }

    private static void checkAgainstOldPath(BagDataset data, DifferentiableKernel k, double c, int nxv, long seed) {
        double ridge = 1e-8;
        int[] bagOf = new int[data.instanceCount()];
        int t0 = 0;
        for (int i = 0; i < data.size(); i++) {
            for (int p = 0; p < data.bag(i).size(); p++) {
                bagOf[t0++] = i;
            }
        }
        double[][] targets = SparseMi.targets(data);
        DotProductKernel kernel = DotProductKernel.of(k);
        SparseMiObjective obj = SparseMiGradientTest.objective(data, k, c,
                new InputSpace(SparseMiGradientTest.instances(data), data.dim()));
        // XVs: random instances moved a little, then one gradient step (as a trial point of Algorithm 1)
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] z = new double[nxv][];
        for (int j = 0; j < nxv; j++) {
            z[j] = SparseMiGradientTest.instances(data).get(rnd.nextInt(data.instanceCount())).toArray();
            for (int q = 0; q < z[j].length; q++) {
                z[j][q] += 0.1 * TestData.gaussian(rnd);
            }
        }
        for (int step = 0; step < 2; step++) {
            SparseMiObjective.Evaluation e = obj.evaluate(z, null);
            Old o = oldEvaluate(obj, kernel, bagOf, data.size(), targets, c, ridge, z);
            assertThat(o.value).as("the problem must have margin violators").isGreaterThan(0);
            close(e.value, o.value, "g");
            for (int j = 0; j < nxv; j++) {
                close(e.zz[j], o.zz[j], "zz");
                for (int t = 0; t < data.instanceCount(); t++) {
                    close(e.dots[j][t], o.dots[t][j], "x.z");
                    close(e.kx[j][t], o.kx[t][j], "k(x, z)");
                }
                for (int i = 0; i < nxv; i++) {
                    close(e.kz[i][j], o.kz[i][j], "K_Z");
                }
                for (int b = 0; b < data.size(); b++) {
                    close(e.a[b][j], o.a[b][j], "A");
                }
            }
            for (int p = 0; p < targets.length; p++) {
                for (int j = 0; j <= nxv; j++) {
                    close(e.w[p][j], o.w[p][j], "w");
                }
            }
            double[][] grad = obj.gradient(e);
            double[][] oldGrad = oldGradient(obj, kernel, bagOf, data.size(), targets, c, z, o);
            double norm = 0;
            for (int j = 0; j < nxv; j++) {
                for (int q = 0; q < grad[j].length; q++) {
                    close(grad[j][q], oldGrad[j][q], "dg/dz[" + j + "][" + q + "]");
                    norm += grad[j][q] * grad[j][q];
                }
            }
            assertThat(norm).as("the gradient must not vanish").isGreaterThan(0);
            double scale = 0.5 / Math.sqrt(norm);
            double[][] trial = new double[nxv][];
            for (int j = 0; j < nxv; j++) {
                trial[j] = z[j].clone();
                for (int q = 0; q < trial[j].length; q++) {
                    trial[j][q] -= scale * grad[j][q];
                }
            }
            z = trial;
        }
    }

    @Test
    void gaussianBinaryOnMuskLikeBagsAgreesWithTheOldPathToRounding() {
        // 700 instances x 37 features x 200 XVs: above XvBlocks.PARALLEL_WORK, so the blocks run in parallel
        BagDataset raw = SyntheticData.muskLikeBags(5, 7, 700, 37, 4);
        BagDataset data = FeatureScaling.STANDARD.fit(raw).apply(raw);
        checkAgainstOldPath(data, new GaussianKernel(1.0 / 37), 10.0, 200, 5);
    }

    @Test
    void gaussianOnFewXvsAgreesWithTheOldPathToRounding() {
        BagDataset raw = SyntheticData.muskLikeBags(4, 4, 90, 6, 8);
        BagDataset data = FeatureScaling.STANDARD.fit(raw).apply(raw);
        checkAgainstOldPath(data, new GaussianKernel(0.3), 1.0, 3, 9);
    }

    @Test
    void polynomialMultiClassAgreesWithTheOldPathToRounding() {
        BagDataset data = TestData.randomMultiClassBags(30, 3, 4, 19, 2.5, 11);
        checkAgainstOldPath(data, new PolynomialKernel(2, 0.5, 1.0), 2.0, 7, 12);
    }
}
