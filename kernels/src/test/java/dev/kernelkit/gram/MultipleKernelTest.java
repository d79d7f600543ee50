package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.kernel.SingleFeatureKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MultipleKernelTest {

    @Test
    void protocolHasThirteenKernelsPerSubset() {
        // Heart: d = 13 -> (10 + 3) * 14 = 182 kernels, as in the paper
        MultipleKernel k = MultipleKernel.simpleMklProtocol(13);
        assertThat(k.count()).isEqualTo(182);
        // the first kernel is the all-variables Gaussian with sigma = 1/8: gamma = 1/(2 / 64) = 32
        assertThat(k.kernel(0)).isEqualTo(new GaussianKernel(32.0));
        assertThat(k.kernel(13)).isInstanceOf(SingleFeatureKernel.class);
    }

    @Test
    void unitTraceScalesEveryKernelToTraceOne() {
        List<Vec> x = TestData.randomDense(30, 4, 3);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(4).withUnitTrace(x);
        SharedKernelMatrices g = k.gram(x);
        for (int m = 0; m < k.count(); m++) {
            KernelMatrix km = g.matrix(m);
            double trace = 0;
            for (int i = 0; i < x.size(); i++) {
                trace += km.diagonal(i);
            }
            assertThat(trace).as("kernel %d", m).isCloseTo(1.0, within(1e-12));
        }
        // Gaussian diagonal is 1 -> scale 1/n
        assertThat(k.scale(0)).isCloseTo(1.0 / 30, within(1e-15));
    }

    /** Mixed list: protocol kernels plus a Laplacian (no sharing) and a non-power-of-two Gaussian. */
    static MultipleKernel mixed(int d, List<Vec> x) {
        List<Kernel<Vec>> list = new ArrayList<>(MultipleKernel.simpleMklProtocol(d).kernels());
        list.add(new LaplacianKernel(0.3));
        list.add(new GaussianKernel(0.37));
        list.add(new SingleFeatureKernel(1, new GaussianKernel(0.37)));
        return MultipleKernel.of(list).withUnitTrace(x);
    }

    @ParameterizedTest(name = "dense budget {0}")
    @ValueSource(longs = {0L, SharedKernelMatrices.DEFAULT_DENSE_BUDGET_BYTES})
    void sharedCombinedMatrixEqualsKernelByKernelSum(long budget) {
        List<Vec> x = TestData.randomDense(25, 3, 5);
        MultipleKernel k = mixed(3, x);
        SharedKernelMatrices g = k.gram(x, budget);
        assertThat(g.isDense()).isEqualTo(budget > 0);
        SplittableRandom rnd = new SplittableRandom(1);
        double[] mu = new double[k.count()];
        for (int m = 0; m < mu.length; m++) {
            mu[m] = rnd.nextDouble() < 0.3 ? 0 : rnd.nextDouble();
        }
        KernelMatrix c = g.combined(mu);
        double[] row = new double[x.size()];
        int[] cols = {3, 0, 24, 7};
        double[] part = new double[cols.length];
        for (int i = 0; i < x.size(); i++) {
            c.row(i, row);
            c.row(i, cols, cols.length, part);
            for (int j = 0; j < x.size(); j++) {
                double[] v = k.values(x.get(i), x.get(j));
                double ref = 0;
                for (int m = 0; m < mu.length; m++) {
                    ref += mu[m] * v[m];
                }
                assertThat(row[j]).isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
                assertThat(c.get(i, j)).isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
                assertThat(k.combined(mu).apply(x.get(i), x.get(j)))
                        .isCloseTo(ref, within(1e-12 * Math.max(1, Math.abs(ref))));
            }
            for (int t = 0; t < cols.length; t++) {
                assertThat(part[t]).isEqualTo(row[cols[t]]);
            }
        }
    }

    @ParameterizedTest(name = "dense budget {0}")
    @ValueSource(longs = {0L, SharedKernelMatrices.DEFAULT_DENSE_BUDGET_BYTES})
    void quadraticFormsEqualExplicitSums(long budget) {
        List<Vec> x = TestData.randomDense(20, 3, 9);
        MultipleKernel k = mixed(3, x);
        SharedKernelMatrices g = k.gram(x, budget);
        SplittableRandom rnd = new SplittableRandom(2);
        double[] beta = new double[x.size()];
        for (int i = 0; i < beta.length; i++) {
            beta[i] = rnd.nextDouble() < 0.4 ? 0 : rnd.nextDouble(-1, 1);
        }
        double[] q = g.quadraticForms(beta);
        double[] ref = new double[k.count()];
        for (int i = 0; i < x.size(); i++) {
            for (int j = 0; j < x.size(); j++) {
                double[] v = k.values(x.get(i), x.get(j));
                for (int m = 0; m < ref.length; m++) {
                    ref[m] += beta[i] * beta[j] * v[m];
                }
            }
        }
        for (int m = 0; m < ref.length; m++) {
            assertThat(q[m]).as("kernel %d", m).isCloseTo(ref[m], within(1e-12 + 1e-10 * Math.abs(ref[m])));
        }
    }

    @ParameterizedTest(name = "n {0}, dense budget {1}")
    @org.junit.jupiter.params.provider.CsvSource({"20, 0", "20, 268435456", "300, 0"})
    void perKernelProductsEqualExplicitSumsOnEveryPath(int n, long budget) {
        // n = 300 > PARALLEL_MIN_SUPPORT: the on-the-fly path splits the support over threads
        List<Vec> x = TestData.randomDense(n, 3, 13);
        MultipleKernel k = mixed(3, x);
        SharedKernelMatrices g = k.gram(x, budget);
        SplittableRandom rnd = new SplittableRandom(6);
        double[] a = new double[n], b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextDouble() < 0.1 ? 0 : rnd.nextDouble(-1, 1);
            b[i] = rnd.nextDouble() < 0.8 ? 0 : rnd.nextDouble(-1, 1);
        }
        double[][][] p = g.products(a, b);
        List<double[][]> grams = new ArrayList<>();
        for (int m = 0; m < k.count(); m++) {
            grams.add(new double[n][n]);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double[] v = k.values(x.get(i), x.get(j));
                for (int m = 0; m < k.count(); m++) {
                    grams.get(m)[i][j] = v[m];
                }
            }
        }
        double[][][] pre = PrecomputedKernelMatrices.ofArrays(grams).products(a, b);
        double worst = 0, worstPre = 0;
        for (int m = 0; m < k.count(); m++) {
            double[][] gm = grams.get(m);
            for (int i = 0; i < n; i++) {
                double ra = 0, rb = 0;
                for (int j = 0; j < n; j++) {
                    ra += gm[i][j] * a[j];
                    rb += gm[i][j] * b[j];
                }
                worst = Math.max(worst, Math.max(Math.abs(p[0][m][i] - ra) / (1e-2 + Math.abs(ra)),
                        Math.abs(p[1][m][i] - rb) / (1e-2 + Math.abs(rb))));
                worstPre = Math.max(worstPre, Math.abs(pre[0][m][i] - ra) / (1e-2 + Math.abs(ra)));
            }
        }
        // the user's own Gram matrices give the same products
        assertThat(worst).as("shared matrices against explicit sums").isLessThan(1e-10);
        assertThat(worstPre).as("precomputed matrices against explicit sums").isLessThan(1e-10);
    }

    @ParameterizedTest(name = "dense budget {0}")
    @ValueSource(longs = {0L, SharedKernelMatrices.DEFAULT_DENSE_BUDGET_BYTES})
    void allValuesOfAPairEqualValueKernelByKernelBitForBit(long budget) {
        // chains with squarings, polynomials, a Laplacian (generic), all-variables and one-variable groups (mixed), IMKPL's
        // per-feature and per-group Gaussians with a constant feature (width 0)
        List<Vec> x = TestData.randomDense(30, 4, 17);
        List<Vec> withConstant = new ArrayList<>();
        for (Vec v : x) {
            withConstant.add(dev.kernelkit.data.DenseVec.of(v.get(0), v.get(1), 2.5, v.get(3)));
        }
        List<Kernel<Vec>> chains = new ArrayList<>();
        for (double g : new double[] {0.05, 0.1, 0.8, 1.6}) {
            chains.add(new SingleFeatureKernel(0, new GaussianKernel(g)));
            chains.add(new SingleFeatureKernel(2, new PolynomialKernel(2, 0.5, 1.0)));
        }
        for (var c : List.of(
                new Object[] {mixed(4, x), x},
                new Object[] {MultipleKernel.of(chains).withUnitTrace(x), x},
                new Object[] {MultipleKernel.gaussianPerFeature(withConstant), withConstant},
                new Object[] {MultipleKernel.gaussianPerGroup(withConstant, new int[][] {{0, 3}, {2}, {1}}), withConstant})) {
            MultipleKernel k = (MultipleKernel) c[0];
            @SuppressWarnings("unchecked")
            List<Vec> pts = (List<Vec>) c[1];
            SharedKernelMatrices g = k.gram(pts, budget);
            double[] out = new double[k.count()];
            for (int i = 0; i < pts.size(); i++) {
                for (int j = 0; j < pts.size(); j++) {
                    java.util.Arrays.fill(out, Double.NaN);
                    g.values(i, j, out);
                    for (int m = 0; m < out.length; m++) {
                        assertThat(Double.doubleToRawLongBits(out[m])).as("%s kernel %d, pair (%d, %d)", k.kernel(m), m, i, j)
                                .isEqualTo(Double.doubleToRawLongBits(g.value(m, i, j)));
                    }
                }
            }
            assertThatThrownBy(() -> g.values(0, 1, new double[k.count() + 1])).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("expected " + k.count());
            assertThatThrownBy(() -> g.values(pts.size(), 0, out)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void allValuesOfAPairReadTheColumnsWhenTheirRowMajorCopyWouldExceedItsBudget() {
        // 1,100 points x 2,000 per-feature kernels: 17.6 MB of rows, over the 16 MB budget
        int n = 1100, d = 2000;
        assertThat((long) n * d * Double.BYTES).isGreaterThan(SharedKernelMatrices.FLAT_ROWS_BUDGET_BYTES);
        List<Vec> x = TestData.randomDense(n, d, 23);
        MultipleKernel k = MultipleKernel.gaussianPerFeature(x);
        SharedKernelMatrices g = k.gram(x, 0L);
        double[] out = new double[d];
        SplittableRandom rnd = new SplittableRandom(8);
        for (int e = 0; e < 50; e++) {
            int i = rnd.nextInt(n), j = rnd.nextInt(n);
            g.values(i, j, out);
            for (int m = 0; m < d; m++) {
                assertThat(Double.doubleToRawLongBits(out[m])).as("kernel %d, pair (%d, %d)", m, i, j)
                        .isEqualTo(Double.doubleToRawLongBits(g.value(m, i, j)));
            }
        }
    }

    @Test
    void onTheFlyRowsAndFormsWithOddSquaringsAndHighDegreeEqualKernelByKernelSums() {
        // chains with gamma ratios 2 and 8 (one and three squarings per step) and degrees 1..5: every branch
        // of the column-wise loops (KernelPlan.squareInPlace, KernelPlan.powers) against direct evaluation
        List<Vec> x = TestData.randomDense(40, 2, 21);
        List<Kernel<Vec>> list = new ArrayList<>();
        for (double g : new double[] {0.05, 0.1, 0.8, 1.6}) {
            list.add(new GaussianKernel(g));
            list.add(new SingleFeatureKernel(0, new GaussianKernel(g)));
        }
        for (int degree = 1; degree <= 5; degree++) {
            list.add(new PolynomialKernel(degree, 0.5, 1.0));
            list.add(new SingleFeatureKernel(1, new PolynomialKernel(degree, 0.5, 1.0)));
        }
        MultipleKernel k = MultipleKernel.of(list).withUnitTrace(x);
        SharedKernelMatrices g = k.gram(x, 0);
        assertThat(g.isDense()).isFalse();
        SplittableRandom rnd = new SplittableRandom(4);
        double[] mu = new double[k.count()];
        double[] beta = new double[x.size()];
        for (int m = 0; m < mu.length; m++) {
            mu[m] = rnd.nextDouble() < 0.25 ? 0 : rnd.nextDouble();
        }
        for (int i = 0; i < beta.length; i++) {
            beta[i] = rnd.nextDouble() < 0.3 ? 0 : rnd.nextDouble(-1, 1);
        }
        KernelMatrix c = g.combined(mu);
        double[] row = new double[x.size()];
        double[] ref = new double[k.count()];
        for (int i = 0; i < x.size(); i++) {
            c.row(i, row);
            for (int j = 0; j < x.size(); j++) {
                double[] v = k.values(x.get(i), x.get(j));
                double sum = 0;
                for (int m = 0; m < mu.length; m++) {
                    sum += mu[m] * v[m];
                    ref[m] += beta[i] * beta[j] * v[m];
                }
                assertThat(row[j]).as("row %d, column %d", i, j).isCloseTo(sum, within(1e-12 * Math.max(1, Math.abs(sum))));
            }
        }
        double[] q = g.quadraticForms(beta);
        for (int m = 0; m < ref.length; m++) {
            assertThat(q[m]).as("kernel %d", m).isCloseTo(ref[m], within(1e-12 + 1e-10 * Math.abs(ref[m])));
        }
    }

    @Test
    void parallelOnTheFlyQuadraticFormsEqualTheDensePath() {
        // support 300 > PARALLEL_MIN_SUPPORT: the on-the-fly path splits the pairs over threads
        List<Vec> x = TestData.randomDense(300, 1, 12);
        MultipleKernel k = MultipleKernel.simpleMklProtocol(1).withUnitTrace(x);
        SplittableRandom rnd = new SplittableRandom(3);
        double[] beta = new double[x.size()];
        for (int i = 0; i < beta.length; i++) {
            beta[i] = rnd.nextDouble(-1, 1);
        }
        double[] fly = k.gram(x, 0).quadraticForms(beta);
        double[] dense = k.gram(x, SharedKernelMatrices.DEFAULT_DENSE_BUDGET_BYTES).quadraticForms(beta);
        for (int m = 0; m < fly.length; m++) {
            assertThat(fly[m]).as("kernel %d", m).isCloseTo(dense[m], within(1e-12 + 1e-9 * Math.abs(dense[m])));
        }
    }

    @Test
    void sparsePointsGiveTheSameMatricesAsDense() {
        List<Vec> dense = TestData.randomDense(15, 4, 4);
        List<Vec> sparse = new ArrayList<>();
        for (Vec v : dense) {
            sparse.add(toSparse(v.toArray()));
        }
        MultipleKernel k = MultipleKernel.simpleMklProtocol(4).withUnitTrace(dense);
        double[] mu = new double[k.count()];
        java.util.Arrays.fill(mu, 1.0 / mu.length);
        KernelMatrix a = k.gram(dense).combined(mu), b = k.gram(sparse).combined(mu);
        for (int i = 0; i < dense.size(); i++) {
            for (int j = 0; j < dense.size(); j++) {
                assertThat(b.get(i, j)).isCloseTo(a.get(i, j), within(1e-13));
            }
        }
    }

    static SparseVec toSparse(double[] a) {
        int nz = 0;
        for (double v : a) {
            nz += v != 0 ? 1 : 0;
        }
        int[] idx = new int[nz];
        double[] val = new double[nz];
        int k = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0) {
                idx[k] = i;
                val[k++] = a[i];
            }
        }
        return new SparseVec(a.length, idx, val);
    }

    @Test
    void badInputsAreNamed() {
        assertThatThrownBy(() -> MultipleKernel.of(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernel list must not be empty");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.of(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernel list must not be empty");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.ofArrays(List.<double[][]>of(new double[][] {{1, 0}, {0}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not square");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.ofArrays(List.<double[][]>of(new double[][] {{1, 0.5}, {0.4, 1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Gram matrix 0").hasMessageContaining("symmetric")
                .hasMessageContaining("0.5");
        assertThatThrownBy(() -> PrecomputedKernelMatrices.of(List.of(DenseKernelMatrix.of(new double[][] {{1}}),
                DenseKernelMatrix.of(new double[][] {{1, 0}, {0, 1}})))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected 1 x 1");
        List<Vec> x = TestData.randomDense(5, 2, 1);
        assertThatThrownBy(() -> MultipleKernel.simpleMklProtocol(3).gram(x)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("feature 2");
    }
}
