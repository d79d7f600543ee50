package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * The general dual of {@link SmoSolver}, min 1/2 a'Qa + p'a s.t. y'a = delta, 0 &le; a &le; U
 * (Q_ij = y_i y_j K_ij), one-shot ({@link SvmProblem#dual}) and grown variable by variable
 * ({@link GrowingDualProblem}), against ojAlgo's convex QP and KKT conditions computed by loops.
 */
class GeneralDualTest {

    /** A random general problem: Gaussian K on distinct points (positive definite), mixed signs and bounds. */
    record Case(long seed, double[][] k, double[] y, double[] p, double[] upper, double[] start, double delta) {
        int n() {
            return y.length;
        }

        /** K with off-diagonal entries rounded to float, as a growing problem stores Q (the signs are exact). */
        double[][] kFloat() {
            double[][] f = new double[n()][n()];
            for (int i = 0; i < n(); i++) {
                for (int j = 0; j < n(); j++) {
                    f[i][j] = i == j ? k[i][j] : (float) k[i][j];
                }
            }
            return f;
        }

        @Override
        public String toString() {
            return "seed " + seed + ", n = " + n() + ", delta = " + delta;
        }
    }

    static Case randomCase(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 8 + r.nextInt(25);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x.add(DenseVec.of(r.nextDouble(-2, 2), r.nextDouble(-2, 2), r.nextDouble(-2, 2)));
        }
        GaussianKernel kernel = new GaussianKernel(0.3 + r.nextDouble());
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                k[i][j] = kernel.apply(x.get(i), x.get(j));
            }
        }
        boolean oneSign = seed % 3 == 0;
        double[] y = new double[n];
        double[] p = new double[n];
        double[] u = new double[n];
        double[] a = new double[n];
        double delta = 0;
        for (int i = 0; i < n; i++) {
            y[i] = oneSign || r.nextBoolean() ? 1 : -1;
            p[i] = r.nextGaussian();
            u[i] = r.nextInt(4) == 0 ? Double.POSITIVE_INFINITY : 0.2 + 2 * r.nextDouble();
            a[i] = r.nextBoolean() ? 0 : Math.min(u[i], 1.0) * r.nextDouble();
            delta += y[i] * a[i];
        }
        return new Case(seed, k, y, p, u, a, delta);
    }

    static List<Case> cases() {
        return LongStream.rangeClosed(1, 12).mapToObj(GeneralDualTest::randomCase).toList();
    }

    /** argmin 1/2 a'Qa + p'a s.t. y'a = delta, 0 &le; a &le; U by ojAlgo. */
    static double[] ojAlgo(double[][] k, double[] y, double[] p, double[] upper, double delta) {
        int n = y.length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] a = new Variable[n];
        for (int i = 0; i < n; i++) {
            a[i] = model.addVariable("a" + i).lower(0);
            if (Double.isFinite(upper[i])) {
                a[i].upper(upper[i]);
            }
        }
        Expression obj = model.addExpression("objective").weight(1);
        for (int i = 0; i < n; i++) {
            obj.set(a[i], p[i]);
            for (int j = 0; j < n; j++) {
                obj.set(a[i], a[j], 0.5 * y[i] * y[j] * k[i][j]);
            }
        }
        Expression eq = model.addExpression("equality").level(delta);
        for (int i = 0; i < n; i++) {
            eq.set(a[i], y[i]);
        }
        Optimisation.Result res = model.minimise();
        if (!res.getState().isFeasible()) {
            throw new AssertionError("ojAlgo QP failed: " + res.getState());
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.min(Math.max(0, res.doubleValue(i)), upper[i]);
        }
        return out;
    }

    static double objective(double[][] k, double[] y, double[] p, double[] a) {
        double v = 0;
        for (int i = 0; i < a.length; i++) {
            v += p[i] * a[i];
            for (int j = 0; j < a.length; j++) {
                v += 0.5 * a[i] * y[i] * y[j] * k[i][j] * a[j];
            }
        }
        return v;
    }

    /** m(a) - M(a) from alpha and K by loops: max over I_up of -y_t G_t minus min over I_low. */
    static double maxViolation(double[][] k, double[] y, double[] p, double[] upper, double[] a) {
        double m = Double.NEGATIVE_INFINITY;
        double bigM = Double.POSITIVE_INFINITY;
        for (int t = 0; t < a.length; t++) {
            double g = p[t];
            for (int j = 0; j < a.length; j++) {
                g += y[t] * y[j] * k[t][j] * a[j];
            }
            boolean belowUpper = a[t] < upper[t];
            boolean aboveLower = a[t] > 0;
            if (y[t] > 0 ? belowUpper : aboveLower) {
                m = Math.max(m, -y[t] * g);
            }
            if (y[t] > 0 ? aboveLower : belowUpper) {
                bigM = Math.min(bigM, -y[t] * g);
            }
        }
        return m - bigM;
    }

    static void assertFeasible(Case cs, double[] a) {
        double ya = 0;
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i]).isBetween(0.0, cs.upper()[i]);
            ya += cs.y()[i] * a[i];
        }
        assertThat(ya).as("y'a = delta").isCloseTo(cs.delta(), within(1e-9));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void oneShotGeneralDualMeetsTheKktConditionsAndTheOjAlgoObjective(Case cs) {
        KernelMatrix km = DenseKernelMatrix.of(cs.k());
        SvmSolution s = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-8))
                .solve(SvmProblem.dual(km, cs.y(), cs.p(), cs.upper(), cs.delta()), cs.start());
        assertThat(s.converged()).isTrue();
        double[] a = s.alpha();
        assertFeasible(cs, a);
        // rows are floats: the violation by double loops is within float rounding of eps
        assertThat(maxViolation(cs.k(), cs.y(), cs.p(), cs.upper(), a)).isLessThan(1e-5);
        double qp = objective(cs.k(), cs.y(), cs.p(), ojAlgo(cs.k(), cs.y(), cs.p(), cs.upper(), cs.delta()));
        double ours = objective(cs.k(), cs.y(), cs.p(), a);
        assertThat(ours).isCloseTo(qp, within(1e-5 * Math.max(1, Math.abs(qp))));
        assertThat(s.objective()).isCloseTo(ours, within(1e-5 * Math.max(1, Math.abs(ours))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aProblemGrownOneVariableAtATimeReachesTheOjAlgoOptimumOfItsFloatRows(Case cs) {
        double[][] kf = cs.kFloat();
        GrowingDualProblem qp = new GrowingDualProblem(cs.delta());
        SmoSolver smo = new SmoSolver(SmoSolver.Options.defaults().withMaxIterations(1_000_000));
        int n = cs.n();
        for (int s = 0; s < n; s++) {
            float[] row = new float[s];
            for (int t = 0; t < s; t++) {
                row[t] = (float) (cs.y()[s] * cs.y()[t] * cs.k()[s][t]);
            }
            qp.add(row, cs.k()[s][s], cs.p()[s], cs.y()[s], cs.upper()[s]);
        }
        qp.setAlpha(cs.start());
        SmoSolver.Outcome out = smo.solve(qp, new SmoSolver.Stop(SmoSolver.Stop.Rule.MAX_VIOLATION, 1e-10));
        assertThat(out.converged()).isTrue();
        double[] a = qp.alphas();
        assertFeasible(cs, a);
        assertThat(maxViolation(kf, cs.y(), cs.p(), cs.upper(), a)).isLessThan(1e-9);
        assertThat(out.gap()).isLessThan(1e-10);
        double best = objective(kf, cs.y(), cs.p(), ojAlgo(kf, cs.y(), cs.p(), cs.upper(), cs.delta()));
        assertThat(qp.objective()).isCloseTo(objective(kf, cs.y(), cs.p(), a), within(1e-10));
        assertThat(qp.objective()).isCloseTo(best, within(1e-6 * Math.max(1, Math.abs(best))));
        assertThat(qp.objective()).isLessThanOrEqualTo(best + 1e-9);
    }

    @Test
    void theSvmAsAGeneralDualGivesTheSvmSolutionBitForBit() {
        Case cs = randomCase(7);
        double[] y = cs.y().clone();
        y[0] = 1;
        y[1] = -1;
        KernelMatrix km = DenseKernelMatrix.of(cs.k());
        double[] ones = new double[cs.n()];
        java.util.Arrays.fill(ones, -1.0);
        double[] c = new double[cs.n()];
        java.util.Arrays.fill(c, 2.5);
        SvmSolution svm = new SmoSolver().solve(SvmProblem.of(km, y, 2.5, SvmLoss.HINGE));
        SvmSolution dual = new SmoSolver().solve(SvmProblem.dual(km, y, ones, c, 0.0));
        assertThat(dual.alpha()).containsExactly(svm.alpha());
        assertThat(dual.bias()).isEqualTo(svm.bias());
        assertThat(dual.iterations()).isEqualTo(svm.iterations());
    }

    @Test
    void aNonZeroRightHandSideNeedsAFeasibleStart() {
        Case cs = randomCase(2);
        KernelMatrix km = DenseKernelMatrix.of(cs.k());
        SvmProblem problem = SvmProblem.dual(km, cs.y(), cs.p(), cs.upper(), cs.delta() + 1);
        SmoSolver smo = new SmoSolver();
        assertThatThrownBy(() -> smo.solve(problem))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a feasible start");
        assertThatThrownBy(() -> smo.solve(problem, cs.start()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y'a = delta");
        double[] outside = cs.start().clone();
        outside[0] = -1;
        assertThatThrownBy(() -> smo.solve(problem, outside))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alpha 0 must be finite and in [0, ");
    }

    @Test
    void badGeneralProblemsAreRefusedNamingTheEntry() {
        KernelMatrix km = DenseKernelMatrix.of(new double[][] {{1, 0}, {0, 1}});
        double[] y = {1, 1};
        double[] p = {-1, -1};
        double[] u = {1, 1};
        assertThatThrownBy(() -> SvmProblem.dual(km, new double[] {1, 0}, p, u, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("y_1 must be +1 or -1, got 0.0");
        assertThatThrownBy(() -> SvmProblem.dual(km, y, new double[] {-1, Double.NaN}, u, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("linear term p_1 must be finite, got NaN");
        assertThatThrownBy(() -> SvmProblem.dual(km, y, p, new double[] {0, 1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("upper bound U_0 must be > 0");
        assertThatThrownBy(() -> SvmProblem.dual(km, y, p, u, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("delta must be finite, got NaN");
        assertThatThrownBy(() -> SvmProblem.dual(km, y, p, new double[] {1}, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected 2 signs");
        assertThatThrownBy(() -> new LibsvmSolver().solve(SvmProblem.dual(km, y, p, u, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SVM problems only");
    }

    @Test
    void growingProblemsRefuseBadVariablesAndTheFrankWolfeRuleOffTheSimplex() {
        GrowingDualProblem qp = new GrowingDualProblem(0.0);
        qp.add(new float[0], 1.0, -1.0, 1.0, 2.0);
        assertThatThrownBy(() -> qp.add(new float[0], 1.0, -1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("row must have at least 1 entries, found 0");
        assertThatThrownBy(() -> qp.add(new float[1], 1.0, -1.0, 0.5, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("y must be +1 or -1, got 0.5");
        assertThatThrownBy(() -> qp.add(new float[1], 1.0, -1.0, 1.0, -1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("upper bound must be > 0");
        assertThatThrownBy(() -> qp.add(new float[1], Double.NaN, -1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be finite");
        assertThat(qp.isSimplex()).isFalse();
        assertThatThrownBy(() -> new SmoSolver().solve(qp, new SmoSolver.Stop(SmoSolver.Stop.Rule.FRANK_WOLFE_GAP, 1e-3)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("only problems over a simplex");
        assertThatThrownBy(() -> qp.setAlpha(new double[] {0.5}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y'a = delta = 0.0");
        assertThatThrownBy(() -> new SmoSolver.Stop(SmoSolver.Stop.Rule.MAX_VIOLATION, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("tolerance must be > 0 and finite, got 0.0");
        assertThatThrownBy(() -> new GrowingDualProblem(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("delta must be finite, got Infinity");
    }
}
