package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.CachedKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The dense kernel path of {@link CachedKernelMatrix} for sparse-stored points of which at least half the entries
 * are stored: its rows against the sparse (general) path and {@code kernel.apply}, an SMO fit on it against the
 * general path, LIBSVM Java and the KKT conditions computed from the kernel values, and the automatic choice.
 */
class DenseKernelPathTest {

    /**
     * n sparse-stored points of dimension d in [-1, 1]; each entry is stored with probability {@code stored}
     * (1: every entry, as a LIBSVM file of dense data), a few stored entries are exact zeros.
     */
    static List<Vec> storedPoints(int n, int d, double stored, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int[] idx = new int[d];
            double[] v = new double[d];
            int m = 0;
            for (int q = 0; q < d; q++) {
                if (stored >= 1 || rnd.nextDouble() < stored) {
                    idx[m] = q;
                    v[m++] = rnd.nextInt(25) == 0 ? 0.0 : rnd.nextDouble(-1, 1);
                }
            }
            x.add(new SparseVec(d, java.util.Arrays.copyOf(idx, m), java.util.Arrays.copyOf(v, m)));
        }
        return x;
    }

    /** +1/-1 from a seeded nonlinear rule with 5 % flipped (both classes present). */
    static double[] labels(List<Vec> x, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] y = new double[x.size()];
        for (int i = 0; i < y.length; i++) {
            Vec v = x.get(i);
            double s = Math.sin(3 * v.get(0)) * v.get(1) + v.get(2) * v.get(2) - 0.3;
            y[i] = (s > 0) != (rnd.nextDouble() < 0.05) ? 1.0 : -1.0;
        }
        return y;
    }

    static double relative(double a, double b) {
        return Math.abs(a - b) / Math.max(Math.abs(b), Double.MIN_NORMAL);
    }

    @ParameterizedTest(name = "n {0}, d {1}, stored {2}, threads {3}")
    @CsvSource({"700, 22, 1.0, 1", "2600, 22, 1.0, 2", "700, 13, 0.6, 1", "2600, 40, 0.75, 2", "300, 3, 1.0, 1"})
    void denseRowsEqualTheSparsePathAndTheKernelWithin1e12Relative(int n, int d, double stored, int threads) {
        List<Vec> x = storedPoints(n, d, stored, 17 + d);
        GaussianKernel k = new GaussianKernel(0.8);
        CachedKernelMatrix dense = CachedKernelMatrix.of(x, k, 0, threads, CachedKernelMatrix.FastPath.AUTO);
        CachedKernelMatrix general = CachedKernelMatrix.of(x, k, 0, threads, CachedKernelMatrix.FastPath.GENERAL);
        assertThat(dense.usesDensePath()).isTrue();
        assertThat(dense.kernelPath()).isEqualTo("dense");
        assertThat(general.usesDensePath()).isFalse();
        assertThat(general.kernelPath()).isEqualTo("general");
        SplittableRandom rnd = new SplittableRandom(3);
        double[] a = new double[n];
        double[] b = new double[n];
        for (int t = 0; t < 8; t++) {
            int i = rnd.nextInt(n);
            dense.row(i, a);
            general.row(i, b);
            for (int j = 0; j < n; j++) {
                assertThat(relative(a[j], b[j])).as("K(%d, %d) dense %s, sparse %s", i, j, a[j], b[j])
                        .isLessThanOrEqualTo(1e-12);
                double ref = k.apply(x.get(i), x.get(j));
                assertThat(relative(a[j], ref)).as("K(%d, %d) dense %s, kernel %s", i, j, a[j], ref)
                        .isLessThanOrEqualTo(1e-12);
            }
            // a solver's partial rows: arbitrary columns in arbitrary order, lengths not a multiple of 4
            int count = 1 + rnd.nextInt(n);
            int[] cols = rnd.ints(0, n).limit(count).toArray();
            double[] pa = new double[count];
            double[] pb = new double[count];
            dense.row(i, cols, count, pa);
            general.row(i, cols, count, pb);
            for (int c = 0; c < count; c++) {
                assertThat(relative(pa[c], pb[c])).as("K(%d, %d)", i, cols[c]).isLessThanOrEqualTo(1e-12);
            }
        }
        for (int j = 0; j < n; j += 11) {
            assertThat(dense.diagonal(j)).isEqualTo(general.diagonal(j));
        }
    }

    @Test
    void smoOnTheDensePathReachesTheGeneralPathsAndLibsvmsObjectiveWithinTheKktTolerance() {
        int n = 900;
        List<Vec> x = storedPoints(n, 10, 1.0, 5);
        double[] y = labels(x, 6);
        double gamma = 2;
        double c = 10;
        double eps = 1e-3;
        GaussianKernel k = new GaussianKernel(gamma);
        CachedKernelMatrix dense = CachedKernelMatrix.of(x, k, 0, 2, CachedKernelMatrix.FastPath.AUTO);
        CachedKernelMatrix general = CachedKernelMatrix.of(x, k, 0, 2, CachedKernelMatrix.FastPath.GENERAL);
        assertThat(dense.usesDensePath()).isTrue();
        SmoSolver smo = new SmoSolver(SmoSolver.Options.defaults().withEps(eps));
        SvmSolution onDense = smo.solve(SvmProblem.of(dense, y, c, SvmLoss.HINGE));
        SvmSolution onGeneral = smo.solve(SvmProblem.of(general, y, c, SvmLoss.HINGE));
        LibsvmSolver.RbfRun lib = LibsvmSolver.trainRbf(x, y, gamma, c, 50, eps, true);

        assertThat(onDense.converged()).isTrue();
        assertThat(relative(onDense.objective(), onGeneral.objective())).isLessThanOrEqualTo(1e-6);
        assertThat(relative(onDense.objective(), lib.objective())).isLessThanOrEqualTo(1e-6);
        // the KKT residual m(a) - M(a) from K computed by kernel.apply (not by either path), within LIBSVM's
        // stopping tolerance; the float rows of Q give the solver's own gradient an error far below it
        double[][] kk = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                kk[i][j] = k.apply(x.get(i), x.get(j));
            }
        }
        double[] cs = new double[n];
        java.util.Arrays.fill(cs, c);
        assertThat(DualOracle.kktResidual(kk, y, cs, SvmLoss.HINGE, onDense.alpha())).isLessThanOrEqualTo(eps * 1.01);
        int svDense = onDense.supportIndices().length;
        assertThat(Math.abs(svDense - onGeneral.supportIndices().length)).isLessThanOrEqualTo(3);
        assertThat(Math.abs(svDense - lib.model().supportVectorCount())).isLessThanOrEqualTo(3);
    }

    @Test
    void automaticChoiceIsDenseOnDenseDataAndNotOnZeroOneOrSparseData() {
        GaussianKernel k = new GaussianKernel(0.5);
        assertThat(CachedKernelMatrix.of(storedPoints(400, 22, 1.0, 1), k, 0).kernelPath()).isEqualTo("dense");
        assertThat(CachedKernelMatrix.of(storedPoints(400, 30, 0.7, 2), k, 0).kernelPath()).isEqualTo("dense");
        // a9a-like: 0/1 features, about 14 of 123 set -> the popcount path, never the dense copy
        List<Vec> zeroOne = CachedKernelMatrixRowsTest.binaryPoints(400, 123, 14, false, 3);
        CachedKernelMatrix a9a = CachedKernelMatrix.of(zeroOne, k, 0);
        assertThat(a9a.usesDensePath()).isFalse();
        assertThat(a9a.kernelPath()).isEqualTo("binary-popcount");
        assertThat(CachedKernelMatrix.of(zeroOne, k, 0, 1, CachedKernelMatrix.FastPath.GENERAL).kernelPath())
                .isEqualTo("general");
        // KDD-99-like density (about 10 % stored) and a quarter stored: sparse dot products
        assertThat(CachedKernelMatrix.of(storedPoints(400, 119, 0.1, 4), k, 0).kernelPath()).isEqualTo("general");
        assertThat(CachedKernelMatrix.of(storedPoints(400, 40, 0.25, 5), k, 0).kernelPath()).isEqualTo("general");
        // 0/1 data that is also dense enough still takes the popcount path
        List<Vec> denseZeroOne = CachedKernelMatrixRowsTest.binaryPoints(200, 8, 8, false, 6);
        assertThat(CachedKernelMatrix.of(denseZeroOne, k, 0).kernelPath()).isEqualTo("binary-popcount");
        // the general path stays reachable on dense data
        assertThat(CachedKernelMatrix.of(storedPoints(400, 22, 1.0, 1), k, 0, 1, CachedKernelMatrix.FastPath.GENERAL)
                .usesDensePath()).isFalse();
    }

    @Test
    void densityRuleIsExactlyHalfTheEntriesStored() {
        // 200 points of dimension 10 (2,000 entries): 1,000 stored is dense, 999 is not
        GaussianKernel k = new GaussianKernel(0.5);
        for (int missing = 0; missing <= 1; missing++) {
            List<Vec> x = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                int m = i == 7 && missing == 1 ? 4 : 5;
                int[] idx = new int[m];
                double[] v = new double[m];
                for (int t = 0; t < m; t++) {
                    idx[t] = (i + 2 * t) % 10;
                    v[t] = 0.1 * (t + 1) + 0.001 * i;
                }
                java.util.Arrays.sort(idx);
                x.add(new SparseVec(10, idx, v));
            }
            KernelMatrix m = CachedKernelMatrix.of(x, k, 0);
            assertThat(((CachedKernelMatrix) m).usesDensePath()).as("missing %d", missing).isEqualTo(missing == 0);
        }
    }

    /** The points of {@code base} repeated: point i is base point (i * 7919) mod distinct, as dense or sparse vectors. */
    static List<Vec> withDuplicates(List<Vec> base, int n, boolean dense) {
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Vec v = base.get((int) ((i * 7919L) % base.size()));
            x.add(dense ? v.toDense() : v);
        }
        return x;
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> duplicated() {
        return java.util.stream.Stream.of(
                org.junit.jupiter.params.provider.Arguments.of("sparse-stored, dense path", withDuplicates(storedPoints(900, 22, 1.0, 41), 2600, false), "dense+distinct"),
                org.junit.jupiter.params.provider.Arguments.of("sparse-stored, 20 % stored", withDuplicates(storedPoints(900, 60, 0.2, 42), 2600, false), "general+distinct"),
                org.junit.jupiter.params.provider.Arguments.of("dense vectors, 10 % non-zero (lane-sparse)", withDuplicates(CachedKernelMatrixRowsTest.mostlyZeroDensePoints(900, 119, 0.1, 43), 2600, true), "lane-sparse+distinct"),
                org.junit.jupiter.params.provider.Arguments.of("dense vectors", withDuplicates(storedPoints(900, 9, 1.0, 44), 2600, true), "dense-vectors+distinct"));
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.MethodSource("duplicated")
    void rowsOverDistinctPointsEqualTheKernelBitForBit(String name, List<Vec> x, String path) {
        int n = x.size();
        GaussianKernel k = new GaussianKernel(0.6);
        for (int threads = 1; threads <= 2; threads++) {
            CachedKernelMatrix m = CachedKernelMatrix.of(x, k, 0, threads, CachedKernelMatrix.FastPath.AUTO);
            assertThat(m.kernelPath()).isEqualTo(path);
            assertThat(m.distinctPoints()).isEqualTo(900);
            CachedKernelMatrix general = CachedKernelMatrix.of(x, k, 0, threads, CachedKernelMatrix.FastPath.GENERAL);
            assertThat(general.distinctPoints()).isZero();
            SplittableRandom rnd = new SplittableRandom(threads);
            double[] a = new double[n];
            double[] b = new double[n];
            for (int t = 0; t < 6; t++) {
                int i = rnd.nextInt(n);
                m.row(i, a);
                general.row(i, b);
                assertThat(a).as("row %d", i).containsExactly(b);
                for (int j = 0; j < n; j += 13) {
                    double ref = k.apply(x.get(i), x.get(j));
                    assertThat(relative(a[j], ref)).as("K(%d, %d)", i, j).isLessThanOrEqualTo(1e-12);
                }
                // partial rows below and above the length from which duplicates are merged (2,048)
                for (int count : new int[] {1 + rnd.nextInt(2047), 2048 + rnd.nextInt(n - 2047)}) {
                    int[] cols = rnd.ints(0, n).limit(count).toArray();
                    double[] pa = new double[count];
                    double[] pb = new double[count];
                    m.row(i, cols, count, pa);
                    general.row(i, cols, count, pb);
                    assertThat(pa).containsExactly(pb);
                }
            }
        }
    }

    @Test
    void smoOverDistinctPointsGivesTheGeneralPathsSolutionExactly() {
        List<Vec> x = withDuplicates(CachedKernelMatrixRowsTest.mostlyZeroDensePoints(500, 40, 0.2, 45), 2500, true);
        double[] y = labels(x, 46);
        GaussianKernel k = new GaussianKernel(0.5);
        CachedKernelMatrix m = CachedKernelMatrix.of(x, k, 0, 2, CachedKernelMatrix.FastPath.AUTO);
        assertThat(m.distinctPoints()).isEqualTo(500);
        SmoSolver smo = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-4).withCacheMb(1));
        SvmSolution a = smo.solve(SvmProblem.of(m, y, 5, SvmLoss.HINGE));
        SvmSolution b = smo.solve(SvmProblem.of(CachedKernelMatrix.of(x, k, 0, 2, CachedKernelMatrix.FastPath.GENERAL),
                y, 5, SvmLoss.HINGE));
        assertThat(a.objective()).isEqualTo(b.objective());
        assertThat(a.iterations()).isEqualTo(b.iterations());
        assertThat(a.alpha()).containsExactly(b.alpha());
    }

    @Test
    void distinctPointsAreMergedOnlyWhenAtMostFourFifthsAreDistinct() {
        GaussianKernel k = new GaussianKernel(0.5);
        List<Vec> base = storedPoints(1000, 12, 0.9, 47); // no two alike
        // 1,000 points of which 800 distinct: merged; 801 distinct: not
        for (int distinct = 800; distinct <= 801; distinct++) {
            List<Vec> x = new ArrayList<>(base.subList(0, distinct));
            for (int i = distinct; i < 1000; i++) {
                x.add(base.get(i % 37));
            }
            assertThat(CachedKernelMatrix.of(x, k, 0).distinctPoints()).as("%d distinct", distinct)
                    .isEqualTo(distinct == 800 ? 800 : 0);
        }
        // a stored zero does not make a point distinct; a value one ulp away does
        List<Vec> z = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            z.add(dev.kernelkit.data.DenseVec.of(1.0, 0.0, 2.0));
            z.add(new SparseVec(3, new int[] {0, 2}, new double[] {1.0, 2.0}));
        }
        z.add(dev.kernelkit.data.DenseVec.of(1.0, 0.0, Math.nextUp(2.0)));
        CachedKernelMatrix mz = CachedKernelMatrix.of(z, k, 0);
        assertThat(mz.distinctPoints()).isEqualTo(2);
        double[] r20 = new double[z.size()];
        mz.row(20, r20);
        for (int j = 0; j < z.size(); j++) {
            assertThat(relative(r20[j], k.apply(z.get(20), z.get(j)))).isLessThanOrEqualTo(1e-12);
        }
        // 0/1 data keeps the popcount path without merging
        List<Vec> zeroOne = withDuplicates(CachedKernelMatrixRowsTest.binaryPoints(200, 123, 14, false, 48), 600, false);
        assertThat(CachedKernelMatrix.of(zeroOne, k, 0).kernelPath()).isEqualTo("binary-popcount");
    }
}
