package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
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
     * The dual LP, solved separately: max sum a_i s.t. sum a_i y_i = 0, |sum_i a_i y_i s_ik| <= 1
     * for every k, 0 <= a_i <= C.
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

    @Test
    void lpSolutionSatisfiesFeasibilityStrongDualityAndComplementarity() {
        BagDataset d = TestData.randomBags(24, 4, 3, 1.5, 17);
        double c = 0.7;
        double[][] s = embedAll(d, 0.5);
        double[] y = signs(d);
        Miles.OneNormSvm p = Miles.oneNormSvm(s, y, c);
        double[] a = dual(s, y, c);
        int m = s.length;
        int n = s[0].length;
        // Primal feasibility and the reported objective.
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
        assertThat(p.objective()).isCloseTo(l1 + c * slackSum, within(TOL));
        // Strong duality.
        double dualValue = 0;
        for (double ai : a) {
            dualValue += ai;
        }
        assertThat(p.objective()).isCloseTo(dualValue, within(1e-5));
        // Complementarity: a_i (y_i f_i + xi_i - 1) = 0, (C - a_i) xi_i = 0, w_k != 0 => g_k = sign(w_k).
        for (int i = 0; i < m; i++) {
            assertThat(a[i] * (margin[i] + p.slacks()[i] - 1)).isCloseTo(0, within(1e-5));
            assertThat((c - a[i]) * p.slacks()[i]).isCloseTo(0, within(1e-5));
        }
        int nonzero = 0;
        for (int k = 0; k < n; k++) {
            double g = 0;
            for (int i = 0; i < m; i++) {
                g += a[i] * y[i] * s[i][k];
            }
            assertThat(Math.abs(g)).isLessThanOrEqualTo(1 + 1e-6);
            if (p.weights()[k] != 0) {
                nonzero++;
                assertThat(g).isCloseTo(Math.signum(p.weights()[k]), within(1e-5));
            }
        }
        // Sparsity: a vertex of the LP has at most m + 1 non-zero (u, v, b, xi) entries.
        assertThat(nonzero).isBetween(1, m + 1);
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
    void rejectsBadInput() {
        assertThatThrownBy(() -> MilesOptions.defaults().withC(0)).hasMessageContaining("c must be > 0 and finite, got 0");
        assertThatThrownBy(() -> Miles.oneNormSvm(new double[][] {{1}, {0}}, new double[] {1, 2}, 1))
                .hasMessageContaining("label 1 must be +1 or -1, got 2");
    }

    @Test
    void anLpThatHitsTheIterationCapOnEveryAttemptIsAClearErrorAndAnAmpleCapGivesTheSameOptimum() {
        BagDataset d = TestData.randomBags(24, 4, 3, 1.5, 17);
        double[][] s = embedAll(d, 0.5);
        double[] y = signs(d);
        assertThatThrownBy(() -> Miles.oneNormSvm(s, y, 0.7, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("24 bags").hasMessageContaining("C = 0.7").hasMessageContaining("1 simplex iterations");
        Miles.OneNormSvm capped = Miles.oneNormSvm(s, y, 0.7, Miles.iterationCap(s.length, s[0].length));
        Miles.OneNormSvm uncapped = Miles.oneNormSvm(s, y, 0.7, Integer.MAX_VALUE);
        assertThat(capped.objective()).isCloseTo(uncapped.objective(), within(1e-9));
        // the dual LP's optimum, computed without perturbation, agrees to the perturbation's tolerance
        double dualValue = 0;
        for (double ai : dual(s, y, 0.7)) {
            dualValue += ai;
        }
        assertThat(capped.objective()).isCloseTo(dualValue, within(Miles.COST_PERTURBATION * dualValue + 1e-7));
    }
}
