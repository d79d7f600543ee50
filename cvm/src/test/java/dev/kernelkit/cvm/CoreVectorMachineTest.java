package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import dev.kernelkit.testing.RealData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CoreVectorMachineTest {

    /** K~ = yy' (K + 1) + I / C, computed here with plain loops. */
    private static double[][] transformedGram(List<Vec> x, double[] y, Kernel<Vec> k, double c) {
        int n = y.length;
        double[][] g = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = y[i] * y[j] * (k.apply(x.get(i), x.get(j)) + 1) + (i == j ? 1 / c : 0);
            }
        }
        return g;
    }

    private static double[] fullAlpha(CvmMachine<?> m, int n) {
        double[] a = new double[n];
        int[] idx = m.coreIndices();
        double[] al = m.alpha();
        for (int k = 0; k < idx.length; k++) {
            a[idx[k]] += al[k];
        }
        return a;
    }

    /**
     * The L2-SVM with regularised bias (dual: min 1/2 s'(K~)s - e's, s &ge; 0, no equality) solved
     * by the kernels layer's SmoSolver, which always imposes y'a = 0: the problem is doubled,
     * a = [u; v] with labels [+1; -1] and kernel [[A, -A], [-A, A]], A = yy'(K + 1), so that
     * Q = [[A, A], [A, A]] and y'a = 0 reads sum u = sum v. For s = u + v the squared-hinge term
     * sum (u_i^2 + v_i^2) / (4 C_s) is smallest at u = v = s / 2 (which meets sum u = sum v), giving
     * sum s_i^2 / (8 C_s) = s'(I/C)s / 2 for C_s = C / 4. So s = u + v solves the unconstrained dual,
     * and the CVM's alpha is s / sum s with rho = 1 / sum s (max_t t - t^2 rho / 2 at t = 1/rho).
     */
    private static double[] l2SvmBySmo(List<Vec> x, double[] y, Kernel<Vec> k, double c) {
        int n = y.length;
        double[][] ks = new double[2 * n][2 * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double a = y[i] * y[j] * (k.apply(x.get(i), x.get(j)) + 1);
                ks[i][j] = a;
                ks[i + n][j + n] = a;
                ks[i][j + n] = -a;
                ks[i + n][j] = -a;
            }
        }
        double[] yy = new double[2 * n];
        Arrays.fill(yy, 0, n, 1.0);
        Arrays.fill(yy, n, 2 * n, -1.0);
        SvmProblem p = SvmProblem.of(DenseKernelMatrix.of(ks), yy, c / 4, SvmLoss.SQUARED_HINGE);
        SvmSolution sol = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-9)).solve(p);
        assertThat(sol.converged()).isTrue();
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = sol.alpha(i) + sol.alpha(i + n);
        }
        return s;
    }

    /**
     * Tolerances: with epsilon 1e-6 the (1+eps)^2 bound on R^2 = eta - rho allows a rho error of
     * about 2 eps R^2 (4e-4 relative here); measured 1.5e-7 (synthetic) and 9e-10 (Heart), with
     * decisions within 2e-5 of max|f| on Heart, so 1e-6 and 1e-4 are tight but not flaky.
     */
    private static void assertAgreesWithSmo(List<Vec> x, double[] y, List<Vec> test, Kernel<Vec> k, double c,
                                            double eps, double rhoTol, double decisionTol) {
        CvmOptions o = CvmOptions.jmlr(k, c, eps);
        CvmMachine<Vec> m = CoreVectorMachine.fitBinary(x, y, o);
        assertThat(m.converged()).isTrue();
        double[] s = l2SvmBySmo(x, y, k, c);
        double sum = Arrays.stream(s).sum();
        double rhoSmo = 1 / sum;
        // dual objective: rho = ||c||^2 = a'K~a, also checked from alpha with plain loops
        double[][] g = transformedGram(x, y, k, c);
        double rhoLoops = SimplexQp.quad(g, fullAlpha(m, y.length));
        assertThat(m.rho()).isCloseTo(rhoLoops, within(1e-9 * rhoLoops));
        assertThat(m.rho()).isCloseTo(rhoSmo, within(rhoTol * rhoSmo));
        List<Vec> all = new ArrayList<>(x);
        all.addAll(test);
        double maxF = 0;
        double maxDiff = 0;
        int signDisagreements = 0;
        for (Vec p : all) {
            double fSmo = 0;
            for (int i = 0; i < s.length; i++) {
                if (s[i] > 0) {
                    fSmo += s[i] / sum * y[i] * (k.apply(x.get(i), p) + 1);
                }
            }
            double f = m.decision(p);
            maxF = Math.max(maxF, Math.abs(fSmo));
            maxDiff = Math.max(maxDiff, Math.abs(f - fSmo));
            if (Math.signum(f) != Math.signum(fSmo) && Math.abs(fSmo) > decisionTol * 10) {
                signDisagreements++;
            }
        }
        assertThat(maxDiff).isLessThanOrEqualTo(decisionTol * maxF);
        assertThat(signDisagreements).isZero();
    }

    @Test
    void dualObjectiveAndDecisionsAgreeWithSmoOnTheSameTransformedKernelSynthetic() {
        LabeledDataset d = SyntheticData.twoMoons(160, 0.2, 5);
        LabeledDataset t = SyntheticData.twoMoons(100, 0.2, 6);
        assertAgreesWithSmo(d.points(), d.labels(), t.points(), new GaussianKernel(1.0), 10.0, 1e-6, 1e-6, 1e-4);
    }

    @Test
    void dualObjectiveAndDecisionsAgreeWithSmoOnHeart() throws IOException {
        LabeledDataset d = LibsvmFormat.readDense(RealData.file("heart/heart.libsvm"));
        // every 3rd point is held out (only used as extra points to compare decisions on)
        List<Integer> tr = new ArrayList<>();
        List<Integer> te = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            (i % 3 == 2 ? te : tr).add(i);
        }
        LabeledDataset train = d.subset(tr.stream().mapToInt(Integer::intValue).toArray());
        LabeledDataset test = d.subset(te.stream().mapToInt(Integer::intValue).toArray());
        // gamma = 1 / d, LIBSVM's default width for the 13 features
        assertAgreesWithSmo(train.points(), train.labels(), test.points(), new GaussianKernel(1.0 / 13), 1.0,
                1e-6, 1e-6, 1e-4);
    }

    @Test
    void distanceToCentreIdentityHoldsForEveryPoint() {
        LabeledDataset d = SyntheticData.twoMoons(120, 0.25, 9);
        Kernel<Vec> k = new GaussianKernel(2.0);
        double c = 5.0;
        CvmMachine<Vec> m = CoreVectorMachine.fitBinary(d.points(), d.labels(), CvmOptions.jmlr(k, c, 1e-3));
        double[] y = d.labels();
        double[][] g = transformedGram(d.points(), y, k, c);
        double[] a = fullAlpha(m, y.length);
        double c2 = SimplexQp.quad(g, a);
        double kappa = 1 + 1 + 1 / c; // Gaussian k(x, x) = 1
        assertThat(m.eta()).isCloseTo(kappa, within(1e-15));
        for (int l = 0; l < y.length; l++) {
            double ka = 0;
            for (int j = 0; j < y.length; j++) {
                ka += g[l][j] * a[j];
            }
            double lhs = c2 - 2 * ka + g[l][l]; // ||c - phi~(z_l)||^2 expanded through K~
            double rhs = m.rho() + kappa - 2 * (y[l] * m.decision(d.x(l)) + a[l] / c);
            assertThat(rhs).isCloseTo(lhs, within(1e-10));
        }
    }

    @Test
    void libcvmModeWithFinalFullScanCoversEveryPointWithinOnePlusEpsilonRadius() {
        // LibCVM mode samples 60 candidates per round and halves eps from 0.1; with the final
        // full scan the last stage may only end when no point at all lies outside (1+eps) R
        LabeledDataset d = SyntheticData.twoMoons(400, 0.3, 5);
        Kernel<Vec> k = new GaussianKernel(2.0);
        double c = 50.0;
        double eps = 1e-4;
        CvmOptions o = CvmOptions.libcvm(k, c, eps);
        o = o.withCoreSet(o.coreSet().withFinalFullScan(true).withSeed(3));
        CvmMachine<Vec> m = CoreVectorMachine.fitBinary(d.points(), d.labels(), o);
        double[] y = d.labels();
        double[][] g = transformedGram(d.points(), y, k, c);
        double[] a = fullAlpha(m, y.length);
        double c2 = SimplexQp.quad(g, a);
        double r2 = m.radius2();
        assertThat(r2).isCloseTo(m.eta() - c2, within(1e-9));
        double worst = 0;
        for (int l = 0; l < y.length; l++) {
            double ka = 0;
            for (int j = 0; j < y.length; j++) {
                ka += g[l][j] * a[j];
            }
            worst = Math.max(worst, (c2 - 2 * ka + g[l][l]) / r2);
        }
        // squared distance over R^2 at most (1+eps)^2, up to the float rows the solver scans with
        assertThat(worst).isLessThanOrEqualTo((1 + eps) * (1 + eps) + 1e-6);
        assertThat(m.coreIndices().length).isLessThan(y.length);
    }

    @Test
    void recoveredBiasAndCoefficientsFollowSection23() {
        LabeledDataset d = SyntheticData.twoMoons(80, 0.2, 2);
        CvmMachine<Vec> m = CoreVectorMachine.fitBinary(d.points(), d.labels(),
                CvmOptions.jmlr(new GaussianKernel(1.0), 3.0, 1e-4));
        double[] a = m.alpha();
        double[] cy = m.coreLabels();
        double b = 0;
        for (int k = 0; k < a.length; k++) {
            b += a[k] * cy[k];
        }
        assertThat(m.bias()).isCloseTo(b, within(1e-15));
        assertThat(Arrays.stream(a).sum()).isCloseTo(1.0, within(1e-12));
        assertThat(m.radius2()).isCloseTo(m.eta() - m.rho(), within(1e-12));
        // f(x) = sum a_i y_i (k(x_i, x) + 1) directly from the core set
        Vec p = DenseVec.of(0.3, -0.1);
        double f = 0;
        int[] idx = m.coreIndices();
        for (int k = 0; k < a.length; k++) {
            f += a[k] * cy[k] * (Math.exp(-d.x(idx[k]).squaredDistance(p)) + 1);
        }
        assertThat(m.decision(p)).isCloseTo(f, within(1e-12));
    }

    @Test
    void sameSeedGivesTheSameCoreSetAndDecisions() {
        LabeledDataset d = SyntheticData.checkerboard(3000, 4, 1);
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(30.0), 100, 1e-4).withSeed(42);
        CvmModel a = CoreVectorMachine.fit(d, o);
        CvmModel b = CoreVectorMachine.fit(d, o);
        assertThat(b.machines().get(0).coreIndices()).containsExactly(a.machines().get(0).coreIndices());
        for (int i = 0; i < 200; i++) {
            assertThat(b.decision(d.x(i))).isEqualTo(a.decision(d.x(i)));
        }
        CvmModel other = CoreVectorMachine.fit(d, o.withSeed(43));
        assertThat(other.machines().get(0).coreIndices()).isNotEqualTo(a.machines().get(0).coreIndices());
    }

    @Test
    void libcvmAndJmlrModesBothLearnTheCheckerboard() {
        // gamma 6 on [0,1]^2 is the spec's 0.378 on [0,4]^2 (0.378 * 16 = 6.05)
        LabeledDataset d = SyntheticData.checkerboard(2000, 4, 3);
        LabeledDataset t = SyntheticData.checkerboard(2000, 4, 4);
        for (CvmOptions o : List.of(CvmOptions.libcvm(new GaussianKernel(6.0), 1e4, 1e-6),
                CvmOptions.jmlr(new GaussianKernel(6.0), 1e4, 1e-6))) {
            CvmModel m = CoreVectorMachine.fit(d, o);
            int ok = 0;
            for (int i = 0; i < t.size(); i++) {
                ok += m.predictLabel(t.x(i)) == t.y(i) ? 1 : 0;
            }
            assertThat(ok / (double) t.size()).as(o.coreSet().init().toString()).isGreaterThan(0.95);
            assertThat(m.coreVectorCount()).isLessThan(d.size() / 2);
        }
    }

    @Test
    void nonConstantDiagonalKernelRunsAsCenterConstrainedMeb() {
        LabeledDataset d = SyntheticData.twoMoons(50, 0.15, 8);
        Kernel<Vec> k = new PolynomialKernel(3, 1.0, 1.0);
        CvmMachine<Vec> m = CoreVectorMachine.fitBinary(d.points(), d.labels(), CvmOptions.jmlr(k, 10.0, 1e-5));
        double kmax = 0;
        for (Vec p : d.points()) {
            kmax = Math.max(kmax, k.apply(p, p));
        }
        assertThat(m.eta()).isCloseTo(kmax + 1 + 0.1, within(1e-9));
        // the QP is still min a'K~a over the simplex: compare with ojAlgo
        double[][] g = transformedGram(d.points(), d.labels(), k, 10.0);
        double[] zero = new double[g.length];
        double[] a = SimplexQp.simplex(g, zero);
        double exact = SimplexQp.quad(g, a);
        assertThat(m.rho()).isCloseTo(exact, within(1e-3 * exact));
    }

    @Test
    void oneVsRestMachinesEqualBinaryFitsOnRelabelledData() {
        SplittableRandom r = new SplittableRandom(4);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[150];
        for (int i = 0; i < 150; i++) {
            int cls = i % 3;
            x.add(DenseVec.of(3 * Math.cos(2 * Math.PI * cls / 3) + 0.5 * r.nextGaussian(),
                    3 * Math.sin(2 * Math.PI * cls / 3) + 0.5 * r.nextGaussian()));
            y[i] = cls + 1;
        }
        LabeledDataset d = new LabeledDataset(x, y);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(0.5), 10, 1e-4);
        CvmModel m = CoreVectorMachine.fit(d, o);
        assertThat(m.machines()).hasSize(3);
        for (int cls = 0; cls < 3; cls++) {
            CvmMachine<Vec> direct = CoreVectorMachine.fitBinary(x, CoreVectorMachine.signs(y, cls + 1), o);
            assertThat(m.machines().get(cls).coreIndices()).containsExactly(direct.coreIndices());
        }
        int ok = 0;
        for (int i = 0; i < 150; i++) {
            ok += m.predictLabel(x.get(i)) == y[i] ? 1 : 0;
        }
        assertThat(ok).isGreaterThanOrEqualTo(145);
        CvmModel ovo = CoreVectorMachine.fit(d, o.withMultiClass(CvmOptions.MultiClass.ONE_VS_ONE));
        assertThat(ovo.machines()).hasSize(3);
        ok = 0;
        for (int i = 0; i < 150; i++) {
            ok += ovo.predictLabel(x.get(i)) == y[i] ? 1 : 0;
        }
        assertThat(ok).isGreaterThanOrEqualTo(145);
    }

    @Test
    void batchDecisionsAndPredictionsEqualThePointwiseOnes() {
        // three classes one-vs-one on dense points, and a 0/1-feature binary set (the popcount path)
        SplittableRandom r = new SplittableRandom(8);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[120];
        for (int i = 0; i < 120; i++) {
            int cls = i % 3;
            x.add(DenseVec.of(2 * cls + r.nextGaussian(), r.nextGaussian()));
            y[i] = cls + 1;
        }
        CvmModel ovo = CoreVectorMachine.fit(new LabeledDataset(x, y),
                CvmOptions.libcvm(new GaussianKernel(0.5), 10, 1e-4));
        List<Vec> test = x.subList(0, 60);
        double[] batch = ovo.predictLabels(test);
        for (int i = 0; i < test.size(); i++) {
            assertThat(batch[i]).isEqualTo(ovo.predictLabel(test.get(i)));
        }
        List<Vec> bits = new ArrayList<>();
        double[] yb = new double[200];
        for (int i = 0; i < 200; i++) {
            double[] v = new double[20];
            for (int d = 0; d < 20; d++) {
                v[d] = r.nextInt(4) == 0 ? 1 : 0;
            }
            bits.add(DenseVec.of(v));
            yb[i] = v[0] + v[1] + v[2] >= 1 ? 1 : -1;
        }
        CvmMachine<Vec> m = CoreVectorMachine.fitBinary(bits, yb, CvmOptions.libcvm(new GaussianKernel(0.2), 10, 1e-5));
        double[] f = m.decisions(bits);
        for (int i = 0; i < bits.size(); i++) {
            assertThat(f[i]).isCloseTo(m.decision(bits.get(i)), within(1e-12));
        }
    }

    @Test
    void automaticEpsilonAndGammaFollowLibcvmsFormulas() {
        // eta = 1 + 1 + 1/100 = 2.01, kappa_L = 2: (4e-6 / 2 + 2 / (100 * 15000)) / (2 * 2.01)
        // = (2e-6 + 1.3333e-6) / 4.02 = 8.2919e-7
        assertThat(CvmOptions.autoEpsilon(1.0, 100)).isCloseTo(8.2919e-7, within(1e-10));
        // pairs of (0,0), (1,0), (0,1): squared distances 1, 1, 2, mean 4/3, gamma = 2 / (4/3) = 1.5
        assertThat(CoreVectorMachine.autoGamma(List.of(DenseVec.of(0, 0), DenseVec.of(1, 0), DenseVec.of(0, 1))))
                .isCloseTo(1.5, within(1e-15));
    }

    @Test
    void autoGammaEqualsTwoOverTheMeanPairwiseSquaredDistanceOfEveryStepthPoint() {
        // 12,001 points: step ceil(12001 / 5000) = 3, so points 0, 3, ..., 12000 (4001 of them)
        SplittableRandom r = new SplittableRandom(8);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < 12_001; i++) {
            x.add(DenseVec.of(r.nextDouble() * 4, r.nextGaussian(), i % 7 == 0 ? 0 : r.nextDouble()));
        }
        double sum = 0;
        long pairs = 0;
        for (int i = 0; i < x.size(); i += 3) {
            for (int j = i + 3; j < x.size(); j += 3) {
                sum += x.get(i).squaredDistance(x.get(j));
                pairs++;
            }
        }
        assertThat(pairs).isEqualTo(4001L * 4000 / 2);
        assertThat(CoreVectorMachine.autoGamma(x)).isCloseTo(2 / (sum / pairs), within(1e-12));
    }

    @Test
    void autoGammaOnMostlyZeroPointsEqualsTheBruteForceMean() {
        // 90% zeros (the branch that skips products with zero), values of either sign, d = 37
        SplittableRandom r = new SplittableRandom(9);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            double[] v = new double[37];
            for (int t = 0; t < v.length; t++) {
                v[t] = r.nextDouble() < 0.1 ? r.nextGaussian() * 3 : 0.0;
            }
            x.add(DenseVec.of(v));
        }
        double sum = 0;
        long pairs = 0;
        for (int i = 0; i < x.size(); i++) {
            for (int j = i + 1; j < x.size(); j++) {
                double d2 = 0;
                for (int t = 0; t < 37; t++) {
                    double e = x.get(i).get(t) - x.get(j).get(t);
                    d2 += e * e;
                }
                sum += d2;
                pairs++;
            }
        }
        assertThat(CoreVectorMachine.autoGamma(x)).isCloseTo(2 / (sum / pairs), within(1e-12));
    }

    @Test
    void badInputIsRejectedWithANamedProblem() {
        Kernel<Vec> k = new GaussianKernel(1.0);
        LabeledDataset one = new LabeledDataset(List.of(DenseVec.of(0, 0), DenseVec.of(1, 1)), new double[] {1, 1});
        assertThatThrownBy(() -> CoreVectorMachine.fit(one, CvmOptions.jmlr(k, 1, 0.01)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got only class 1.0");
        assertThatThrownBy(() -> CvmOptions.jmlr(k, 0, 0.01)).hasMessageContaining("c must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> CvmOptions.jmlr(k, -1, 0.01)).hasMessageContaining("got -1.0");
        assertThatThrownBy(() -> CvmOptions.jmlr(k, 1, 0)).hasMessageContaining("epsilon must be in (0, 1), got 0.0");
        assertThatThrownBy(() -> CvmOptions.jmlr(k, 1, 1.5)).hasMessageContaining("got 1.5");
        assertThatThrownBy(() -> CoreVectorMachine.fitBinary(List.of(DenseVec.of(0), DenseVec.of(1)),
                new double[] {1, 2}, CvmOptions.jmlr(k, 1, 0.1))).hasMessageContaining("label 1 must be +1 or -1, got 2.0");
        assertThatThrownBy(() -> CoreSetOptions.jmlr(0.1).withMaxCoreVectors(1)).hasMessageContaining("maxCoreVectors");
    }

    @Test
    void rowCacheSizeChangesNothingButSpeedEvenWhenFullScansCannotCacheRows() {
        // jmlr mode (full scans before stopping) on 2000 points: with the smallest budget (64k
        // doubles, below 2000 rows x |S|) the scans take the uncached path; with 200 MB every row
        // stays. Both compute each entry by the same call, so the runs must be identical.
        LabeledDataset d = SyntheticData.checkerboard(2000, 4, 1);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(30.0), 1e4, 1e-6).withSeed(5);
        CvmMachine<Vec> small = CoreVectorMachine.fitBinary(d.points(), d.labels(), o.withCoreSet(o.coreSet().withCacheMb(1e-3)));
        CvmMachine<Vec> large = CoreVectorMachine.fitBinary(d.points(), d.labels(), o.withCoreSet(o.coreSet().withCacheMb(200)));
        assertThat(small.coreSize()).isGreaterThan(40);
        assertThat(small.coreIndices()).containsExactly(large.coreIndices());
        assertThat(small.alpha()).containsExactly(large.alpha());
        TwoClassL2Problem p = new TwoClassL2Problem(dev.kernelkit.gram.CachedKernelMatrix.of(d.points(), o.kernel(), 0.0, 1), d.labels(),
                ones(d.size()), o.c());
        CoreSetResult tiny = CoreSetSolver.solve(p, o.coreSet().withCacheMb(1e-3));
        CoreSetResult big = CoreSetSolver.solve(p, o.coreSet().withCacheMb(200));
        assertThat(tiny.fullScans()).isPositive().isEqualTo(big.fullScans());
        // each scan recomputes the uncached rows: more kernel entries with the small budget
        assertThat(tiny.kernelEvaluations()).isGreaterThan(big.kernelEvaluations());
    }

    private static double[] ones(int n) {
        double[] a = new double[n];
        Arrays.fill(a, 1.0);
        return a;
    }

    @Test
    void coreVectorCapStopsTrainingUnconverged() {
        LabeledDataset d = SyntheticData.checkerboard(2000, 4, 1);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(30.0), 1e4, 1e-6);
        CvmModel m = CoreVectorMachine.fit(d, o.withCoreSet(o.coreSet().withMaxCoreVectors(30)));
        assertThat(m.machines().get(0).coreSize()).isEqualTo(30);
        assertThat(m.machines().get(0).converged()).isFalse();
    }
}
