package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** dg/dZ (eq. 18) and dg/dV (basis mode) against central finite differences of g itself. */
class SparseMiGradientTest {

    static SparseMiObjective objective(BagDataset data, DifferentiableKernel kernel, double c,
                                               PointSpace space) {
        int[] bagOf = new int[data.instanceCount()];
        int t = 0;
        for (int i = 0; i < data.size(); i++) {
            for (int p = 0; p < data.bag(i).size(); p++) {
                bagOf[t++] = i;
            }
        }
        return new SparseMiObjective(DotProductKernel.of(kernel), space, bagOf, data.size(),
                SparseMi.targets(data), c, 1e-8);
    }

    static List<Vec> instances(BagDataset data) {
        List<Vec> out = new ArrayList<>();
        data.bags().forEach(b -> out.addAll(b.instances()));
        return out;
    }

    /** Checks every coordinate of the analytic gradient against (g(z+h) - g(z-h)) / 2h. */
    private static void checkGradient(SparseMiObjective obj, double[][] z, double h, double relTol) {
        checkGradient(obj, z, h, relTol, null);
    }

    /** As above for the coordinates {j, q} of {@code at} (null: every one). */
    static void checkGradient(SparseMiObjective obj, double[][] z, double h, double relTol, int[][] at) {
        SparseMiObjective.Evaluation e = obj.evaluate(z, null);
        double[][] grad = obj.gradient(e);
        double scale = 0;
        for (double[] row : grad) {
            for (double v : row) {
                scale = Math.max(scale, Math.abs(v));
            }
        }
        assertThat(scale).as("gradient must not vanish on this problem").isGreaterThan(1e-6);
        if (at == null) {
            at = java.util.stream.IntStream.range(0, z.length * z[0].length)
                    .mapToObj(c -> new int[] {c / z[0].length, c % z[0].length}).toArray(int[][]::new);
        }
        for (int[] jq : at) {
            int j = jq[0];
            int q = jq[1];
            double[][] zp = copy(z);
            double[][] zm = copy(z);
            zp[j][q] += h;
            zm[j][q] -= h;
            double fd = (obj.evaluate(zp, null).value - obj.evaluate(zm, null).value) / (2 * h);
            assertThat(grad[j][q]).as("dg/dz[%d][%d]", j, q).isCloseTo(fd, within(relTol * scale));
        }
    }

    private static double[][] copy(double[][] z) {
        double[][] c = new double[z.length][];
        for (int j = 0; j < z.length; j++) {
            c[j] = z[j].clone();
        }
        return c;
    }

    private static double[][] randomPoints(int k, int d, double sd, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] z = new double[k][d];
        for (double[] row : z) {
            for (int q = 0; q < d; q++) {
                row[q] = sd * TestData.gaussian(rnd);
            }
        }
        return z;
    }

    @Test
    void gaussianGradientMatchesFiniteDifferences() {
        BagDataset data = TestData.randomBags(24, 4, 3, 2.0, 7);
        SparseMiObjective obj = objective(data, new GaussianKernel(0.4), 5.0,
                new InputSpace(instances(data), data.dim()));
        checkGradient(obj, randomPoints(4, 3, 1.0, 8), 1e-5, 1e-5);
    }

    @Test
    void polynomialGradientMatchesFiniteDifferences() {
        BagDataset data = TestData.randomBags(20, 4, 3, 2.0, 9);
        SparseMiObjective obj = objective(data, new PolynomialKernel(2, 0.5, 1.0), 0.5,
                new InputSpace(instances(data), data.dim()));
        checkGradient(obj, randomPoints(3, 3, 0.8, 10), 1e-5, 1e-5);
    }

    @Test
    void multiClassGradientIsTheSumOverOneVsRestProblems() {
        BagDataset data = TestData.randomMultiClassBags(30, 3, 4, 3, 2.5, 11);
        SparseMiObjective obj = objective(data, new GaussianKernel(0.5), 2.0,
                new InputSpace(instances(data), data.dim()));
        checkGradient(obj, randomPoints(4, 3, 1.0, 12), 1e-5, 1e-5);
    }

    @Test
    void basisVectorGradientOnSparseDataMatchesFiniteDifferences() {
        // Sparse 500-dimensional instances; V (4 XVs x 6 basis vectors) is the variable.
        SplittableRandom rnd = new SplittableRandom(13);
        List<dev.kernelkit.data.Bag> bags = new ArrayList<>();
        double[] y = new double[20];
        for (int i = 0; i < 20; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            List<Vec> inst = new ArrayList<>();
            int n = 1 + rnd.nextInt(4);
            for (int p = 0; p < n; p++) {
                inst.add(TestData.randomSparse(500, 0.02, rnd));
            }
            bags.add(new dev.kernelkit.data.Bag("b" + i, inst));
        }
        BagDataset data = BagDataset.binary(bags, y);
        List<Vec> all = instances(data);
        List<Vec> basis = all.subList(0, 6);
        for (DifferentiableKernel k : List.of(new GaussianKernel(0.1), new PolynomialKernel(3, 0.2, 1.0))) {
            SparseMiObjective obj = objective(data, k, 3.0, new BasisSpace(all, basis));
            double[][] v = randomPoints(4, 6, 0.7, 14);
            checkGradient(obj, v, 1e-5, 1e-5);
        }
    }
}
