package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.LaplacianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.testing.RealData;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

class MilesTest {
    private static final double TOL = 1e-6;

    static double[][] embedAll(BagDataset d, double gamma) {
        List<Vec> inst = new ArrayList<>();
        d.bags().forEach(b -> inst.addAll(b.instances()));
        double[][] s = new double[d.size()][];
        for (int i = 0; i < d.size(); i++) {
            s[i] = Miles.embed(d.bag(i), inst, new GaussianKernel(gamma));
        }
        return s;
    }

    static double[] signs(BagDataset d) {
        double[] y = new double[d.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = d.sign(i);
        }
        return y;
    }

    /**
     * The dual LP, solved separately by ojAlgo: max sum a_i s.t. sum a_i y_i = 0,
     * |sum_i a_i y_i s_ik| <= 1 for every k, 0 <= a_i <= C. Returns the optimal a.
     */
    static double[] dual(double[][] s, double[] y, double c) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        int m = s.length;
        int n = s[0].length;
        Variable[] a = new Variable[m];
        for (int i = 0; i < m; i++) {
            a[i] = model.addVariable("a" + i).lower(0.0).upper(c).weight(1.0);
        }
        Expression eq = model.addExpression("bias").level(0.0);
        for (int i = 0; i < m; i++) {
            eq.set(a[i], y[i]);
        }
        for (int k = 0; k < n; k++) {
            Expression g = model.addExpression("g" + k).lower(-1.0).upper(1.0);
            for (int i = 0; i < m; i++) {
                g.set(a[i], y[i] * s[i][k]);
            }
        }
        Optimisation.Result r = model.maximise();
        assertThat(r.getState().isOptimal()).as("dual state %s", r.getState()).isTrue();
        double[] out = new double[m];
        for (int i = 0; i < m; i++) {
            out[i] = r.doubleValue(i);
        }
        return out;
    }

    static double dualValue(double[][] s, double[] y, double c) {
        double v = 0;
        for (double ai : dual(s, y, c)) {
            v += ai;
        }
        return v;
    }

    /** The primal LP in the u/v/xi form as ojAlgo states it (MILES's solver before the simplex): its optimal value. */
    static double ojAlgoPrimal(double[][] s, double[] y, double c) {
        int m = s.length;
        int n = s[0].length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] u = new Variable[n];
        Variable[] v = new Variable[n];
        for (int k = 0; k < n; k++) {
            u[k] = model.addVariable("u" + k).lower(0.0).weight(1.0);
        }
        for (int k = 0; k < n; k++) {
            v[k] = model.addVariable("v" + k).lower(0.0).weight(1.0);
        }
        Variable b = model.addVariable("b");
        Variable[] xi = new Variable[m];
        for (int i = 0; i < m; i++) {
            xi[i] = model.addVariable("xi" + i).lower(0.0).weight(c);
        }
        for (int i = 0; i < m; i++) {
            Expression e = model.addExpression("margin" + i).lower(1.0);
            for (int k = 0; k < n; k++) {
                double a = y[i] * s[i][k];
                if (a != 0) {
                    e.set(u[k], a);
                    e.set(v[k], -a);
                }
            }
            e.set(b, y[i]);
            e.set(xi[i], 1.0);
        }
        Optimisation.Result r = model.minimise();
        assertThat(r.getState().isOptimal()).as("ojAlgo primal state %s", r.getState()).isTrue();
        return r.getValue();
    }

    /**
     * Asserts the KKT conditions of the LP at the simplex solution with its multipliers pi:
     * primal feasibility (the slacks are recomputed), dual feasibility 0 &le; pi_i &le; C,
     * sum_i pi_i y_i = 0, |g_k| = |sum_i pi_i y_i s_ik| &le; 1, complementary slackness
     * pi_i (y_i f_i + xi_i - 1) = 0, (C - pi_i) xi_i = 0, w_k != 0 =&gt; g_k = sign(w_k), and equal
     * primal and dual objectives. Returns the objective.
     */
    static double assertKkt(double[][] s, double[] y, double c) {
        int m = s.length;
        int n = s[0].length;
        OneNormSvmSimplex.Solution sol = new OneNormSvmSimplex(s, y, c, Miles.PRICING_CANDIDATES,
                Miles.pivotBudget(m, n)).solve(7);
        double[] w = sol.weights();
        double[] pi = sol.duals();
        double scale = Math.max(1.0, c);
        double tol = 1e-7 * scale;
        double primal = 0;
        double dualObjective = 0;
        double balance = 0;
        for (double wk : w) {
            primal += Math.abs(wk);
        }
        for (int i = 0; i < m; i++) {
            double f = sol.bias();
            for (int k = 0; k < n; k++) {
                f += w[k] * s[i][k];
            }
            double xi = Math.max(0.0, 1.0 - y[i] * f);
            primal += c * xi;
            dualObjective += pi[i];
            balance += pi[i] * y[i];
            assertThat(pi[i]).as("pi_%d", i).isBetween(-tol, c + tol);
            assertThat(pi[i] * (y[i] * f + xi - 1)).as("pi_i (y_i f_i + xi_i - 1), i = %d", i).isCloseTo(0, within(tol));
            assertThat((c - pi[i]) * xi).as("(C - pi_i) xi_i, i = %d", i).isCloseTo(0, within(tol));
        }
        assertThat(balance).as("sum pi_i y_i").isCloseTo(0, within(tol));
        for (int k = 0; k < n; k++) {
            double g = 0;
            for (int i = 0; i < m; i++) {
                g += pi[i] * y[i] * s[i][k];
            }
            assertThat(Math.abs(g)).as("|g_%d|", k).isLessThanOrEqualTo(1 + 1e-7);
            if (Math.abs(w[k]) > 1e-9) {
                assertThat(g).as("g_%d at w_k = %s", k, w[k]).isCloseTo(Math.signum(w[k]), within(1e-7));
            }
        }
        assertThat(primal).as("primal = dual objective").isCloseTo(dualObjective, within(1e-8 * Math.max(1, primal)));
        return primal;
    }

    /** A random LP of the MILES form: features in [0, 1] (a Gaussian embedding's range), both labels present. */
    static double[][] randomFeatures(int m, int n, SplittableRandom rnd) {
        double[][] s = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < n; k++) {
                s[i][k] = rnd.nextDouble();
            }
        }
        return s;
    }

    static double[] randomLabels(int m, SplittableRandom rnd) {
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            y[i] = i == 0 ? 1 : i == 1 ? -1 : rnd.nextBoolean() ? 1 : -1;
        }
        return y;
    }

    @Test
    void simplexObjectiveEqualsOjAlgosPrimalAndDualLpOnRandomLps() {
        SplittableRandom rnd = new SplittableRandom(2024);
        double[] cs = {1e-3, 0.1, 1, 10, 1e3};
        for (int t = 0; t < 30; t++) {
            int m = 2 + rnd.nextInt(30);
            int n = 1 + rnd.nextInt(60);
            double c = cs[t % cs.length];
            double[][] s = randomFeatures(m, n, rnd);
            double[] y = randomLabels(m, rnd);
            double ours = Miles.oneNormSvm(s, y, c).objective();
            double tol = 1e-7 * Math.max(1, ours);
            assertThat(ours).as("trial %d (m %d, n %d, C %s) against ojAlgo's primal", t, m, n, c)
                    .isCloseTo(ojAlgoPrimal(s, y, c), within(tol));
            assertThat(ours).as("trial %d against ojAlgo's dual", t).isCloseTo(dualValue(s, y, c), within(tol));
        }
    }

    @Test
    void kktAndComplementarySlacknessHoldOnRandomLpsAndEmbeddedBags() {
        SplittableRandom rnd = new SplittableRandom(99);
        for (int t = 0; t < 20; t++) {
            int m = 2 + rnd.nextInt(40);
            int n = 1 + rnd.nextInt(80);
            assertKkt(randomFeatures(m, n, rnd), randomLabels(m, rnd), new double[] {0.01, 1, 100}[t % 3]);
        }
        BagDataset d = TestData.randomBags(40, 5, 3, 1.5, 17);
        double[][] s = embedAll(d, 0.5);
        double[] y = signs(d);
        for (double c : new double[] {0.3, 3, 30, 300}) {
            double objective = assertKkt(s, y, c);
            assertThat(Miles.oneNormSvm(s, y, c).objective()).isCloseTo(objective, within(1e-9 * Math.max(1, objective)));
            assertThat(objective).isCloseTo(dualValue(s, y, c), within(1e-7 * Math.max(1, objective)));
        }
    }

    @Test
    void lpSolutionSatisfiesFeasibilityStrongDualityAndComplementarityAgainstOjAlgosDual() {
        BagDataset d = TestData.randomBags(24, 4, 3, 1.5, 17);
        double c = 0.7;
        double[][] s = embedAll(d, 0.5);
        double[] y = signs(d);
        Miles.OneNormSvm p = Miles.oneNormSvm(s, y, c);
        double[] a = dual(s, y, c);
        int m = s.length;
        int n = s[0].length;
        double l1 = 0;
        double slackSum = 0;
        for (double w : p.weights()) {
            l1 += Math.abs(w);
        }
        double[] margin = new double[m];
        for (int i = 0; i < m; i++) {
            margin[i] = y[i] * p.decision(s[i]);
            assertThat(margin[i] + p.slacks()[i]).isGreaterThanOrEqualTo(1 - TOL);
            slackSum += p.slacks()[i];
        }
        assertThat(p.objective()).isCloseTo(l1 + c * slackSum, within(1e-12));
        double dualValue = 0;
        for (double ai : a) {
            dualValue += ai;
        }
        assertThat(p.objective()).isCloseTo(dualValue, within(1e-7));
        // complementarity with ojAlgo's (possibly different) dual optimum: holds for any optimal pair
        for (int i = 0; i < m; i++) {
            assertThat(a[i] * (margin[i] + p.slacks()[i] - 1)).isCloseTo(0, within(1e-6));
            assertThat((c - a[i]) * p.slacks()[i]).isCloseTo(0, within(1e-6));
        }
        int nonzero = 0;
        for (int k = 0; k < n; k++) {
            double g = 0;
            for (int i = 0; i < m; i++) {
                g += a[i] * y[i] * s[i][k];
            }
            if (p.weights()[k] != 0) {
                nonzero++;
                assertThat(g).isCloseTo(Math.signum(p.weights()[k]), within(1e-6));
            }
        }
        // a basic solution has at most m non-zero weights (m basic variables, the bias among them or not)
        assertThat(nonzero).isBetween(1, m);
    }

    @Test
    void duplicateAndNearDuplicateColumnsGiveTheOjAlgoOptimumAndKkt() {
        SplittableRandom rnd = new SplittableRandom(5);
        int m = 30;
        double[][] base = randomFeatures(m, 10, rnd);
        double[][] s = new double[m][40];
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < 40; k++) {
                // columns 0-9, then exact copies 10-19, then copies with 1e-12 and 1e-9 noise
                double noise = k < 20 ? 0 : k < 30 ? 1e-12 * rnd.nextDouble() : 1e-9 * rnd.nextDouble();
                s[i][k] = base[i][k % 10] + noise;
            }
        }
        double[] y = randomLabels(m, rnd);
        for (double c : new double[] {0.1, 10, 1e4}) {
            double objective = assertKkt(s, y, c);
            assertThat(objective).as("C = %s", c).isCloseTo(ojAlgoPrimal(base, y, c), within(1e-7 * Math.max(1, objective)));
        }
        // duplicated bags (identical rows, same label) as well
        double[][] rows = new double[2 * m][];
        double[] y2 = new double[2 * m];
        for (int i = 0; i < 2 * m; i++) {
            rows[i] = s[i % m];
            y2[i] = y[i % m];
        }
        double objective = assertKkt(rows, y2, 10);
        assertThat(objective).isCloseTo(ojAlgoPrimal(rows, y2, 10), within(1e-7 * objective));
    }

    @Test
    void allEqualFeaturesLeaveOnlyTheBiasWithTheHandDerivedOptimum() {
        // s_ik = 1/2 for all i, k: f_i = (sum_k w_k)/2 + b = F is one value for every bag, reachable by b alone
        // at no L1 cost, so w = 0 and the objective is C min_F sum_i max(0, 1 - y_i F). With p positives and
        // q negatives, on -1 <= F <= 1 that is C ((p + q) + F (q - p)), smallest at F = sign(p - q):
        // 2 C min(p, q). Here p = 7, q = 4: 8 C.
        int m = 11;
        double[][] s = new double[m][6];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            java.util.Arrays.fill(s[i], 0.5);
            y[i] = i < 7 ? 1 : -1;
        }
        for (double c : new double[] {0.01, 1, 100}) {
            Miles.OneNormSvm p = Miles.oneNormSvm(s, y, c);
            assertThat(p.objective()).as("C = %s", c).isCloseTo(8 * c, within(1e-9 * Math.max(1, c)));
            for (double w : p.weights()) {
                assertThat(w).isEqualTo(0.0);
            }
            assertKkt(s, y, c);
        }
    }

    @Test
    void oneLabelOnlyNeedsTheBiasAlone() {
        // all y_i = +1: b = 1 meets every margin at no cost, so the optimum is 0 with w = 0 (and b >= 1)
        SplittableRandom rnd = new SplittableRandom(12);
        double[][] s = randomFeatures(15, 20, rnd);
        double[] y = new double[15];
        java.util.Arrays.fill(y, 1.0);
        Miles.OneNormSvm p = Miles.oneNormSvm(s, y, 10);
        assertThat(p.objective()).isCloseTo(0.0, within(1e-9));
        assertThat(p.bias()).isGreaterThanOrEqualTo(1 - 1e-9);
        for (double w : p.weights()) {
            assertThat(w).isEqualTo(0.0);
        }
        assertKkt(s, y, 10);
    }

    @Test
    void tinyCKeepsNoInstanceAndHugeCGivesTheOjAlgoOptimum() {
        // For C <= 1 / (m max s) every |g_k| = |sum_i pi_i y_i s_ik| <= C m max s <= 1 at any dual-feasible pi, so
        // w = 0 is optimal and the objective is C min_b sum max(0, 1 - y_i b) = 2 C min(p, q) (test above).
        BagDataset d = TestData.randomBags(30, 4, 3, 1.5, 3);
        double[][] s = embedAll(d, 0.5);
        double[] y = signs(d);
        double c = 1e-6;
        Miles.OneNormSvm p = Miles.oneNormSvm(s, y, c);
        assertThat(p.objective()).isCloseTo(2 * c * 15, within(1e-15));
        for (double w : p.weights()) {
            assertThat(w).isEqualTo(0.0);
        }
        assertKkt(s, y, c);
        for (double big : new double[] {1e4, 1e6}) {
            double objective = assertKkt(s, y, big);
            assertThat(objective).as("C = %s", big).isCloseTo(ojAlgoPrimal(s, y, big), within(1e-7 * objective));
        }
    }

    @Test
    void aBagWithOneInstanceAmongLargerBagsIsFitAndTheLpIsOptimal() {
        BagDataset random = TestData.randomBags(20, 4, 2, 2.0, 8);
        List<Bag> bags = new ArrayList<>(random.bags());
        bags.set(0, new Bag("single+", List.of(bags.get(0).instances().get(0))));
        bags.set(1, new Bag("single-", List.of(bags.get(1).instances().get(0))));
        BagDataset d = BagDataset.binary(bags, signs(random));
        double[][] s = embedAll(d, 0.7);
        double[] y = signs(d);
        double objective = assertKkt(s, y, 5);
        assertThat(objective).isCloseTo(ojAlgoPrimal(s, y, 5), within(1e-7 * objective));
        MilesModel model = Miles.fit(d, MilesOptions.defaults().withGamma(0.7).withC(5));
        assertThat(model.report().objective()[0]).isCloseTo(objective, within(1e-7 * objective));
    }

    @Test
    void foxTrainingPartLpMeetsKktAndEqualsTheFormerOjAlgoSolversObjective() throws Exception {
        // Fox, outer fold 1 of `sparse-mi compare --folds 10 --repeats 1 --seed 1` (180 bags, 1,176 instances),
        // standardised on the training part, gamma = 1/230, C = 100: the setting the compare's inner CV chose.
        // 311.0172640123 is the objective the perturbed ojAlgo simplex of 7a2bbad reported for this fit
        // (MilesFoldDetails against that jar; it priced w within 1e-5 of its cost, so it agrees to about that).
        BagDataset data = CsvBagFormat.read(RealData.file("fox/fox.csv"));
        Splits.Split split = Splits.repeatedStratifiedKFold(data.labels(), 10, 1, 1).get(1);
        BagDataset train = data.subset(split.train());
        train = FeatureScaling.STANDARD.fit(train).apply(train);
        List<Vec> inst = new ArrayList<>();
        train.bags().forEach(b -> inst.addAll(b.instances()));
        double[][] s = Miles.embedTraining(train.bags(), inst, new GaussianKernel(1.0 / 230));
        double[] y = signs(train);
        double objective = assertKkt(s, y, 100);
        assertThat(objective).isCloseTo(311.0172640123, within(1e-5 * 311));
        MilesModel model = Miles.fit(train, MilesOptions.defaults().withGamma(1.0 / 230).withC(100));
        assertThat(model.report().objective()[0]).isCloseTo(objective, within(1e-9 * objective));
    }

    @Test
    void hugeCSeparatesTheSeparableEmbeddedRingBags() {
        BagDataset d = SyntheticData.ringBags(12, 2, 5, 8);
        double[][] s = embedAll(d, 1.0);
        double[] y = signs(d);
        Miles.OneNormSvm p = Miles.oneNormSvm(s, y, 1e4);
        for (int i = 0; i < s.length; i++) {
            assertThat(p.slacks()[i]).isCloseTo(0, within(1e-7));
            assertThat(y[i] * p.decision(s[i])).isGreaterThanOrEqualTo(1 - 1e-6);
        }
        MilesModel model = Miles.fit(d, MilesOptions.defaults().withGamma(1.0).withC(1e4));
        assertThat(Metrics.accuracy(model, d)).isEqualTo(1.0);
        assertThat(model.kernelEvaluationsPerInstance()).isBetween(1, d.instanceCount() - 1);
    }

    @Test
    void twoSingleInstanceBagsGiveTheHandDerivedLpSolution() {
        // Bags {0} (+1) and {1} (-1), gamma = ln 2 so k(0, 1) = 1/2; features s_1 = (1, 1/2), s_2 = (1/2, 1).
        // With w = (w1, w2): the margins are w1 + w2/2 + b >= 1 and -(w1/2 + w2 + b) >= 1; subtracting,
        // (w1 - w2)/2 >= 2 - xi_1 - xi_2, so the objective is >= 2 (2 - xi_1 - xi_2) + 10 (xi_1 + xi_2) >= 4
        // with equality only without slack; w = (4, 0), b = -3 reaches 4 (f(s_1) = 4 - 3 = 1,
        // f(s_2) = 2 - 3 = -1), and so does w = (0, -4), b = 3. At every optimum f_1 - f_2 =
        // (w1 - w2)/2 = 2 with f_1 >= 1 and f_2 <= -1, so the decisions are exactly +1 and -1.
        List<Bag> bags = List.of(new Bag("p", List.of(DenseVec.of(0.0))), new Bag("n", List.of(DenseVec.of(1.0))));
        BagDataset d = BagDataset.binary(bags, new double[] {1, -1});
        double[][] s = embedAll(d, Math.log(2));
        assertThat(s[0][1]).isCloseTo(0.5, within(1e-15));
        Miles.OneNormSvm p = Miles.oneNormSvm(s, new double[] {1, -1}, 10);
        assertThat(p.objective()).isCloseTo(4.0, within(1e-9));
        assertThat(p.decision(s[0])).isCloseTo(1.0, within(1e-9));
        assertThat(p.decision(s[1])).isCloseTo(-1.0, within(1e-9));
    }

    @Test
    void threeClassesOneVsRest() {
        BagDataset d = TestData.randomMultiClassBags(30, 3, 4, 3, 6.0, 4);
        MilesModel m = Miles.fit(d, MilesOptions.defaults().withGamma(0.3).withC(100));
        assertThat(Metrics.accuracy(m, d)).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void blockedAndGramEmbeddingsEqualThePerBagEmbeddingForGaussianAndOtherKernels() {
        BagDataset d = TestData.randomBags(70, 9, 4, 1.5, 21); // about 400 instances: several blocks of 256
        List<Vec> inst = new ArrayList<>();
        d.bags().forEach(b -> inst.addAll(b.instances()));
        List<Kernel<Vec>> kernels = List.of(new GaussianKernel(0.3), new PolynomialKernel(2, 0.5, 1.0),
                new LaplacianKernel(0.4));
        for (Kernel<Vec> k : kernels) {
            double[][] blocked = Miles.embedAll(d.bags(), inst, k);
            double[][] gram = Miles.embedTraining(d.bags(), inst, k);
            for (int i = 0; i < d.size(); i++) {
                double[] direct = Miles.embed(d.bag(i), inst, k);
                for (int j = 0; j < inst.size(); j++) {
                    assertThat(blocked[i][j]).as("%s blocks, bag %d point %d", k, i, j)
                            .isCloseTo(direct[j], within(1e-12 * Math.max(1, Math.abs(direct[j]))));
                    assertThat(gram[i][j]).as("%s Gram, bag %d point %d", k, i, j)
                            .isCloseTo(direct[j], within(1e-12 * Math.max(1, Math.abs(direct[j]))));
                }
            }
        }
    }

    @Test
    void rejectsBadInput() {
        assertThatThrownBy(() -> MilesOptions.defaults().withC(0)).hasMessageContaining("c must be > 0 and finite, got 0");
        assertThatThrownBy(() -> Miles.oneNormSvm(new double[][] {{1}, {0}}, new double[] {1, 2}, 1))
                .hasMessageContaining("label 1 must be +1 or -1, got 2");
        assertThatThrownBy(() -> Miles.oneNormSvm(new double[][] {{1}, {Double.NaN}}, new double[] {1, -1}, 1))
                .hasMessageContaining("feature 0 of row 1 is not finite: NaN");
        assertThatThrownBy(() -> Miles.oneNormSvm(new double[][] {{1, 2}, {3}}, new double[] {1, -1}, 1))
                .hasMessageContaining("feature row 1 has 1 entries, expected 2");
        assertThatThrownBy(() -> Miles.oneNormSvm(new double[0][], new double[0], 1))
                .hasMessageContaining("at least one feature row");
    }

    @Test
    void anLpThatExceedsItsPivotBudgetIsAClearErrorAndTheDefaultBudgetGivesTheOptimum() {
        BagDataset d = TestData.randomBags(24, 4, 3, 1.5, 17);
        double[][] s = embedAll(d, 0.5);
        double[] y = signs(d);
        assertThatThrownBy(() -> Miles.oneNormSvm(s, y, 0.7, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("24 bags").hasMessageContaining("C = 0.7").hasMessageContaining("1 simplex pivots");
        double objective = Miles.oneNormSvm(s, y, 0.7).objective();
        assertThat(objective).isCloseTo(dualValue(s, y, 0.7), within(1e-8 * objective));
    }
}
