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
import libsvm.svm;
import libsvm.svm_model;
import libsvm.svm_node;
import libsvm.svm_parameter;
import libsvm.svm_problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * The grouped dual of {@link SmoSolver} ({@link SvmProblem#grouped}): min 1/2 a'Qa + p'a s.t.
 * sum_{t in group g} y_t a_t = delta_g for every group, 0 &le; a &le; U, Q_ij = y_i y_j K_ij. Checked
 * against ojAlgo's convex QP with the same equalities, against KKT residuals computed from alpha and K
 * by plain loops (per group), against LIBSVM's nu-SVC (the two-group case, Solver_NU), and for
 * invariance under reordering the variables.
 */
class GroupedDualTest {

    /** A random grouped problem; the groups are interleaved (not sorted), the start is feasible. */
    record Case(String name, double[][] k, double[] y, int[] group, double[] p, double[] upper, double[] start,
                double[] delta) {
        int n() {
            return y.length;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Seeds 1-12: Gaussian K on distinct points (positive definite); seeds 13-18: a linear kernel of rank 2
     * with duplicated points, so that many pairs have zero curvature (equal or dependent images) and the
     * optimum is not unique.
     */
    static Case randomCase(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean lowRank = seed > 12;
        int n = 10 + r.nextInt(31);
        int groups = 1 + r.nextInt(6);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (lowRank && i > 0 && r.nextInt(4) == 0) {
                x.add(x.get(r.nextInt(i)));
            } else if (lowRank) {
                x.add(DenseVec.of(r.nextDouble(-2, 2), r.nextDouble(-2, 2)));
            } else {
                x.add(DenseVec.of(r.nextDouble(-2, 2), r.nextDouble(-2, 2), r.nextDouble(-2, 2)));
            }
        }
        GaussianKernel gaussian = new GaussianKernel(0.3 + r.nextDouble());
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                k[i][j] = lowRank ? x.get(i).dot(x.get(j)) : gaussian.apply(x.get(i), x.get(j));
            }
        }
        double[] y = new double[n];
        int[] group = new int[n];
        double[] p = new double[n];
        double[] u = new double[n];
        double[] a = new double[n];
        double[] delta = new double[groups];
        for (int i = 0; i < n; i++) {
            group[i] = i < groups ? i : r.nextInt(groups);
            y[i] = r.nextBoolean() ? 1 : -1;
            p[i] = r.nextGaussian();
            u[i] = r.nextInt(4) == 0 ? Double.POSITIVE_INFINITY : 0.2 + 2 * r.nextDouble();
            a[i] = r.nextBoolean() ? 0 : Math.min(u[i], 1.0) * r.nextDouble();
            delta[group[i]] += y[i] * a[i];
        }
        return new Case("seed " + seed + (lowRank ? " (rank 2, duplicates)" : "") + ": n = " + n + ", " + groups
                + " groups", k, y, group, p, u, a, delta);
    }

    static List<Case> cases() {
        return LongStream.rangeClosed(1, 18).mapToObj(GroupedDualTest::randomCase).toList();
    }

    /** argmin 1/2 a'Qa + p'a s.t. the group equalities and 0 &le; a &le; U, by ojAlgo's convex QP. */
    static double[] ojAlgo(Case cs) {
        int n = cs.n();
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] a = new Variable[n];
        for (int i = 0; i < n; i++) {
            a[i] = model.addVariable("a" + i).lower(0);
            if (Double.isFinite(cs.upper()[i])) {
                a[i].upper(cs.upper()[i]);
            }
        }
        Expression obj = model.addExpression("objective").weight(1);
        for (int i = 0; i < n; i++) {
            obj.set(a[i], cs.p()[i]);
            for (int j = 0; j < n; j++) {
                // a tiny ridge keeps ojAlgo's KKT system regular on the rank-2 cases
                double q = cs.y()[i] * cs.y()[j] * cs.k()[i][j] + (i == j ? 1e-12 : 0);
                obj.set(a[i], a[j], 0.5 * q);
            }
        }
        for (int g = 0; g < cs.delta().length; g++) {
            Expression eq = model.addExpression("group" + g).level(cs.delta()[g]);
            for (int i = 0; i < n; i++) {
                if (cs.group()[i] == g) {
                    eq.set(a[i], cs.y()[i]);
                }
            }
        }
        Optimisation.Result res = model.minimise();
        if (!res.getState().isFeasible()) {
            throw new AssertionError("ojAlgo QP failed: " + res.getState());
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.min(Math.max(0, res.doubleValue(i)), cs.upper()[i]);
        }
        return out;
    }

    static double objective(Case cs, double[] a) {
        double v = 0;
        for (int i = 0; i < a.length; i++) {
            v += cs.p()[i] * a[i];
            for (int j = 0; j < a.length; j++) {
                v += 0.5 * a[i] * cs.y()[i] * cs.y()[j] * cs.k()[i][j] * a[j];
            }
        }
        return v;
    }

    /**
     * The KKT residual of the grouped problem by loops: G = Qa + p from K and alpha, then per group
     * m_g - M_g (max of -y_t G_t over I_up minus min over I_low), the largest over the groups.
     */
    static double kktResidual(Case cs, double[] a) {
        int groups = cs.delta().length;
        double[] up = new double[groups];
        double[] low = new double[groups];
        java.util.Arrays.fill(up, Double.NEGATIVE_INFINITY);
        java.util.Arrays.fill(low, Double.POSITIVE_INFINITY);
        for (int t = 0; t < a.length; t++) {
            double g = cs.p()[t];
            for (int j = 0; j < a.length; j++) {
                g += cs.y()[t] * cs.y()[j] * cs.k()[t][j] * a[j];
            }
            boolean belowUpper = a[t] < cs.upper()[t];
            boolean aboveLower = a[t] > 0;
            int grp = cs.group()[t];
            if (cs.y()[t] > 0 ? belowUpper : aboveLower) {
                up[grp] = Math.max(up[grp], -cs.y()[t] * g);
            }
            if (cs.y()[t] > 0 ? aboveLower : belowUpper) {
                low[grp] = Math.min(low[grp], -cs.y()[t] * g);
            }
        }
        double worst = 0;
        for (int grp = 0; grp < groups; grp++) {
            if (Double.isFinite(up[grp] - low[grp])) {
                worst = Math.max(worst, up[grp] - low[grp]);
            }
        }
        return worst;
    }

    static void assertFeasible(Case cs, double[] a) {
        double[] sums = new double[cs.delta().length];
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i]).isBetween(0.0, cs.upper()[i]);
            sums[cs.group()[i]] += cs.y()[i] * a[i];
        }
        for (int g = 0; g < sums.length; g++) {
            assertThat(sums[g]).as("group %d's equality", g).isCloseTo(cs.delta()[g], within(1e-9));
        }
    }

    static SvmProblem problem(Case cs) {
        return SvmProblem.grouped(DenseKernelMatrix.of(cs.k()), cs.y(), cs.group(), cs.p(), cs.upper(), cs.delta());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void groupedDualMeetsItsKktConditionsByLoopsAndTheOjAlgoObjective(Case cs) {
        SvmSolution s = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-10)).solve(problem(cs), cs.start());
        assertThat(s.converged()).isTrue();
        double[] a = s.alpha();
        assertFeasible(cs, a);
        // double rows: the residual recomputed from alpha and K agrees with the solver's stop to rounding
        assertThat(s.kktGap()).isLessThan(1e-10);
        assertThat(kktResidual(cs, a)).isLessThan(1e-9);
        // a KKT point of a convex QP is optimal: never worse than ojAlgo's answer, and equal to it whenever
        // ojAlgo's point meets the KKT conditions as well (on seeds 5 and 14 ojAlgo reports OPTIMAL at a
        // feasible point whose per-group residual is large and whose objective is higher than ours)
        double ours = objective(cs, a);
        double[] theirs = ojAlgo(cs);
        double qp = objective(cs, theirs);
        assertThat(ours).isLessThanOrEqualTo(qp + 1e-9 * Math.max(1, Math.abs(qp)));
        double[] snapped = theirs.clone();
        for (int i = 0; i < snapped.length; i++) {
            // an interior-point-like answer sits 1e-12 off its bounds: count those as on them
            snapped[i] = snapped[i] < 1e-9 ? 0 : snapped[i] > cs.upper()[i] - 1e-9 ? cs.upper()[i] : snapped[i];
        }
        if (kktResidual(cs, snapped) < 1e-6) {
            assertThat(ours).isCloseTo(qp, within(1e-6 * Math.max(1, Math.abs(qp))));
        }
        assertThat(s.objective()).isCloseTo(ours, within(1e-9 * Math.max(1, Math.abs(ours))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reorderingTheVariablesGivesTheSameSolutionBitForBit(Case cs) {
        // the solver sorts variables by group (stably); a problem already in that order is solved
        // through the same positions, so the two solutions are equal entry for entry
        int n = cs.n();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> cs.group()[i]));
        double[][] k = new double[n][n];
        double[] y = new double[n];
        int[] group = new int[n];
        double[] p = new double[n];
        double[] u = new double[n];
        double[] start = new double[n];
        for (int i = 0; i < n; i++) {
            int o = order[i];
            y[i] = cs.y()[o];
            group[i] = cs.group()[o];
            p[i] = cs.p()[o];
            u[i] = cs.upper()[o];
            start[i] = cs.start()[o];
            for (int j = 0; j < n; j++) {
                k[i][j] = cs.k()[o][order[j]];
            }
        }
        SmoSolver smo = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-10));
        double[] shuffled = smo.solve(problem(cs), cs.start()).alpha();
        double[] sorted = smo.solve(SvmProblem.grouped(DenseKernelMatrix.of(k), y, group, p, u, cs.delta()), start)
                .alpha();
        for (int i = 0; i < n; i++) {
            assertThat(sorted[i]).as("variable %d", order[i]).isEqualTo(shuffled[order[i]]);
        }
    }

    @Test
    void oneGroupGivesTheOptimumOfTheGeneralDual() {
        Case cs = randomCase(5);
        int[] zero = new int[cs.n()];
        double delta = 0;
        for (int i = 0; i < cs.n(); i++) {
            delta += cs.y()[i] * cs.start()[i];
        }
        Case one = new Case("one group", cs.k(), cs.y(), zero, cs.p(), cs.upper(), cs.start(), new double[] {delta});
        SmoSolver smo = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-9));
        double[] grouped = smo.solve(problem(one), one.start()).alpha();
        double[] general = smo.solve(SvmProblem.dual(DenseKernelMatrix.of(cs.k()), cs.y(), cs.p(), cs.upper(), delta),
                one.start()).alpha();
        // K is positive definite, so the optimum is unique; the general dual keeps float rows
        for (int i = 0; i < cs.n(); i++) {
            assertThat(grouped[i]).isCloseTo(general[i], within(1e-4));
        }
        assertThat(objective(one, grouped)).isLessThanOrEqualTo(objective(one, general) + 1e-12);
    }

    @Test
    void twoGroupsBySignAreLibsvmsNuSvcDual() {
        // LIBSVM's nu-SVC (Solver_NU): min 1/2 a'Qa s.t. 0 <= a <= 1, sum_{y=+1} a = sum_{y=-1} a = nu l / 2,
        // and sv_coef = y a / r. K Gaussian on distinct points, so a is unique: a / sum(a) must agree.
        SplittableRandom r = new SplittableRandom(31);
        int n = 40;
        double nu = 0.4;
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i % 2 == 0 ? 1 : -1;
            x.add(DenseVec.of(r.nextGaussian() + 0.8 * y[i], r.nextGaussian()));
        }
        GaussianKernel kernel = new GaussianKernel(0.7);
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                k[i][j] = kernel.apply(x.get(i), x.get(j));
            }
        }
        int[] group = new int[n];
        double[] upper = new double[n];
        double[] start = new double[n];
        for (int i = 0; i < n; i++) {
            group[i] = y[i] > 0 ? 0 : 1;
            upper[i] = 1.0;
            start[i] = nu * n / 2 / (n / 2.0);
        }
        double half = nu * n / 2;
        SvmSolution ours = new SmoSolver(SmoSolver.Options.defaults().withEps(1e-10)).solve(
                SvmProblem.grouped(DenseKernelMatrix.of(k), y, group, new double[n], upper, new double[] {half, -half}),
                start);
        assertThat(ours.converged()).isTrue();

        svm_problem prob = new svm_problem();
        prob.l = n;
        prob.y = y.clone();
        prob.x = new svm_node[n][];
        for (int i = 0; i < n; i++) {
            prob.x[i] = new svm_node[n + 1];
            prob.x[i][0] = node(0, i + 1);
            for (int j = 0; j < n; j++) {
                prob.x[i][j + 1] = node(j + 1, k[i][j]);
            }
        }
        svm_parameter param = new svm_parameter();
        param.svm_type = svm_parameter.NU_SVC;
        param.kernel_type = svm_parameter.PRECOMPUTED;
        param.nu = nu;
        param.eps = 1e-10;
        param.cache_size = 10;
        param.shrinking = 0;
        svm.svm_set_print_string_function(s -> { });
        svm_model model = svm.svm_train(prob, param);
        double[] theirs = new double[n];
        for (int s = 0; s < model.l; s++) {
            theirs[model.sv_indices[s] - 1] = Math.abs(model.sv_coef[0][s]);
        }
        double sumOurs = java.util.Arrays.stream(ours.alpha()).sum();
        double sumTheirs = java.util.Arrays.stream(theirs).sum();
        for (int i = 0; i < n; i++) {
            assertThat(ours.alpha(i) / sumOurs).as("a_%d / sum a", i).isCloseTo(theirs[i] / sumTheirs, within(1e-5));
        }
    }

    private static svm_node node(int index, double value) {
        svm_node nd = new svm_node();
        nd.index = index;
        nd.value = value;
        return nd;
    }

    @Test
    void badGroupedProblemsAndStartsAreRefusedNamingTheEntry() {
        KernelMatrix km = DenseKernelMatrix.of(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
        double[] y = {1, -1, 1};
        double[] p = {-1, -1, 0};
        double[] u = {1, 1, 2};
        assertThatThrownBy(() -> SvmProblem.grouped(km, y, new int[] {0, 2, 1}, p, u, new double[] {0, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("group_1 must be in [0, 2), got 2");
        assertThatThrownBy(() -> SvmProblem.grouped(km, y, new int[] {0, 0, 0}, p, u, new double[] {0, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("group 1 has no variable");
        assertThatThrownBy(() -> SvmProblem.grouped(km, y, new int[] {0, 0, 1}, p, u, new double[] {0, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("delta_1 must be finite, got NaN");
        assertThatThrownBy(() -> SvmProblem.grouped(km, y, new int[] {0, 0}, p, u, new double[] {0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("expected 3 group indices, found 2");
        assertThatThrownBy(() -> SvmProblem.grouped(km, y, new int[] {0, 0, 0}, p, u, new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a grouped problem needs at least one group, got none");
        SvmProblem problem = SvmProblem.grouped(km, y, new int[] {0, 0, 1}, p, u, new double[] {0, 1.5});
        SmoSolver smo = new SmoSolver();
        assertThatThrownBy(() -> smo.solve(problem))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a grouped problem with delta_1 = 1.5 needs a "
                        + "feasible start, got none");
        assertThatThrownBy(() -> smo.solve(problem, new double[] {0.5, 0.5, 1.0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a start must satisfy group 1's equality = 1.5, "
                        + "got 1.0");
        assertThatThrownBy(() -> smo.solve(problem, new double[] {0.5, 0.5, 2.5}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("alpha 2 must be finite and in [0, 2.0], got 2.5");
        assertThatThrownBy(() -> new LibsvmSolver().solve(problem))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SVM problems only");
        // and a feasible start is solved: a_0 = a_1 (y'a = 0 in group 0) and a_2 = 1.5
        SvmSolution s = smo.solve(problem, new double[] {0.5, 0.5, 1.5});
        assertThat(s.alpha()).containsExactly(new double[] {1.0, 1.0, 1.5}, within(1e-9));
        assertThat(problem.groups()).isEqualTo(2);
        assertThat(problem.delta(1)).isEqualTo(1.5);
    }
}
