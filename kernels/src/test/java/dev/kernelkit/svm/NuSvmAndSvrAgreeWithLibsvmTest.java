package dev.kernelkit.svm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.gram.DenseKernelMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import libsvm.svm;
import libsvm.svm_model;
import libsvm.svm_node;
import libsvm.svm_parameter;
import libsvm.svm_problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * nu-SVC ({@link NuSvm#solve}) and epsilon-SVR ({@link EpsilonSvr#solve}) against LIBSVM's Java solver
 * (3.31, {@code NU_SVC} and {@code EPSILON_SVR}) on the same precomputed kernel matrix: dual objective (LIBSVM's
 * printed "obj", after its 1 / r^2 scaling for nu-SVC), support-vector set, coefficients, rho and the
 * decision values on the training points; plus KKT residuals of our solutions computed by plain loops from K
 * alone, and an infeasible nu refused by both. Kernels: Gaussian on distinct points and linear with more
 * dimensions than points, both positive definite, so the optimum (and its support vectors) is unique.
 */
class NuSvmAndSvrAgreeWithLibsvmTest {
    private static final Pattern OBJ = Pattern.compile("obj = (\\S+),");
    private static final double EPS = 1e-10;

    /** A seeded problem: kernel matrix, labels +1/-1 (sample 0 positive), targets, parameters. */
    record Case(String name, double[][] k, double[] y, double[] z, double nu, double c, double epsilon) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case randomCase(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean linear = seed % 2 == 0;
        int n = 20 + r.nextInt(41);
        int d = linear ? n + 5 : 3 + r.nextInt(3);
        double[][] x = new double[n][d];
        double[] y = new double[n];
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i == 0 || r.nextDouble() < 0.4 ? 1 : -1;
            for (int j = 0; j < d; j++) {
                x[i][j] = r.nextGaussian() + (j == 0 ? 0.5 * y[i] : 0);
            }
            z[i] = Math.sin(2 * x[i][0]) + 0.5 * x[i][d - 1] + 0.1 * r.nextGaussian();
        }
        double gamma = 0.5 + 2 * r.nextDouble();
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int t = 0; t < d; t++) {
                    s += linear ? x[i][t] * x[j][t] / d : (x[i][t] - x[j][t]) * (x[i][t] - x[j][t]);
                }
                k[i][j] = linear ? s : Math.exp(-gamma * s);
            }
        }
        int pos = 0;
        for (double v : y) {
            pos += v > 0 ? 1 : 0;
        }
        double maxNu = 2.0 * Math.min(pos, n - pos) / n;
        double nu = maxNu * (0.3 + 0.65 * r.nextDouble());
        double c = Math.pow(10, r.nextDouble(-1, 2));
        double eps = 0.02 + 0.3 * r.nextDouble();
        return new Case("seed " + seed + (linear ? " linear" : " gaussian") + ": n = " + n + ", nu = " + nu + ", C = "
                + c + ", epsilon = " + eps, k, y, z, nu, c, eps);
    }

    static Stream<Case> cases() {
        return LongStream.rangeClosed(1, 10).mapToObj(NuSvmAndSvrAgreeWithLibsvmTest::randomCase);
    }

    /** LIBSVM's model and its printed objective. */
    record Libsvm(svm_model model, double objective) {
    }

    static Libsvm libsvm(Case cs, int type, double[] labels) {
        int n = labels.length;
        svm_problem prob = new svm_problem();
        prob.l = n;
        prob.y = labels.clone();
        prob.x = new svm_node[n][];
        for (int i = 0; i < n; i++) {
            prob.x[i] = new svm_node[n + 1];
            prob.x[i][0] = node(0, i + 1);
            for (int j = 0; j < n; j++) {
                prob.x[i][j + 1] = node(j + 1, cs.k()[i][j]);
            }
        }
        svm_parameter param = param(cs, type);
        StringBuilder log = new StringBuilder();
        synchronized (LibsvmSolver.class) {
            svm.svm_set_print_string_function(log::append);
            String err = svm.svm_check_parameter(prob, param);
            if (err != null) {
                throw new IllegalArgumentException(err);
            }
            svm_model model = svm.svm_train(prob, param);
            svm.svm_set_print_string_function(s -> { });
            Matcher m = OBJ.matcher(log);
            assertThat(m.find()).as("LIBSVM printed its objective").isTrue();
            return new Libsvm(model, Double.parseDouble(m.group(1)));
        }
    }

    private static svm_parameter param(Case cs, int type) {
        svm_parameter param = new svm_parameter();
        param.svm_type = type;
        param.kernel_type = svm_parameter.PRECOMPUTED;
        param.nu = cs.nu();
        param.C = cs.c();
        param.p = cs.epsilon();
        param.eps = EPS;
        param.cache_size = 10;
        param.shrinking = 1;
        param.weight_label = new int[0];
        param.weight = new double[0];
        return param;
    }

    private static svm_node node(int index, double value) {
        svm_node nd = new svm_node();
        nd.index = index;
        nd.value = value;
        return nd;
    }

    /** LIBSVM's coefficients by training index (0 for a non-support vector). */
    private static double[] libsvmCoefficients(svm_model model, int n) {
        double[] beta = new double[n];
        for (int s = 0; s < model.l; s++) {
            beta[model.sv_indices[s] - 1] = model.sv_coef[0][s];
        }
        return beta;
    }

    private static double[] decisions(double[][] k, double[] beta, double bias) {
        double[] f = new double[k.length];
        for (int i = 0; i < k.length; i++) {
            double s = bias;
            for (int j = 0; j < k.length; j++) {
                s += beta[j] * k[i][j];
            }
            f[i] = s;
        }
        return f;
    }

    private static TreeSet<Integer> nonZero(double[] beta) {
        TreeSet<Integer> out = new TreeSet<>();
        for (int i = 0; i < beta.length; i++) {
            if (beta[i] != 0) {
                out.add(i);
            }
        }
        return out;
    }

    /** 1/2 beta'K beta + epsilon sum |beta_i| - z'beta (z = null: the first term only), in double. */
    private static double objective(double[][] k, double[] beta, double epsilon, double[] z) {
        double v = 0;
        for (int i = 0; i < beta.length; i++) {
            for (int j = 0; j < beta.length; j++) {
                v += 0.5 * beta[i] * k[i][j] * beta[j];
            }
            if (z != null) {
                v += epsilon * Math.abs(beta[i]) - z[i] * beta[i];
            }
        }
        return v;
    }

    /**
     * Our objective against LIBSVM's solution's objective recomputed in double on K (1e-6 relative) and against
     * the one LIBSVM prints (within {@code printedTolerance} relative: LIBSVM keeps Q in float, and its printed
     * objective, from float rows, carries about 6e-8 sum |a_i Q_ij a_j| of rounding, far more than 6e-8 a'Qa
     * when K is nearly singular and a'Qa cancels).
     */
    private static void assertSameMachine(String what, double[][] k, double[] ours, double ourBias, double ourObj,
                                          double[] theirs, double theirBias, double theirObj, double theirRecomputed,
                                          double printedTolerance) {
        assertThat(ourObj).as("%s dual objective against LIBSVM's solution's objective", what)
                .isCloseTo(theirRecomputed, within(1e-6 * Math.abs(theirRecomputed)));
        assertThat(ourObj).as("%s dual objective against LIBSVM's printed obj", what)
                .isCloseTo(theirObj, within(printedTolerance * Math.abs(theirObj)));
        assertThat(nonZero(ours)).as("%s support vectors", what).isEqualTo(nonZero(theirs));
        double scale = 1;
        for (double v : theirs) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < ours.length; i++) {
            assertThat(ours[i]).as("%s coefficient %d", what, i).isCloseTo(theirs[i], within(1e-6 * scale));
        }
        assertThat(ourBias).as("%s bias -rho", what).isCloseTo(theirBias, within(1e-6 * Math.max(1, Math.abs(theirBias))));
        double[] f = decisions(k, ours, ourBias);
        double[] g = decisions(k, theirs, theirBias);
        for (int i = 0; i < f.length; i++) {
            assertThat(f[i]).as("%s decision value %d", what, i).isCloseTo(g[i], within(1e-6 * Math.max(1, Math.abs(g[i]))));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void nuSvcHasLibsvmsObjectiveSupportVectorsRhoAndDecisionValues(Case cs) {
        int n = cs.y().length;
        SvmSolution ours = NuSvm.solve(DenseKernelMatrix.of(cs.k()), cs.y(), cs.nu(),
                SmoSolver.Options.defaults().withEps(EPS));
        assertThat(ours.converged()).isTrue();
        double[] beta = new double[n];
        for (int i = 0; i < n; i++) {
            beta[i] = ours.alpha(i) * cs.y()[i];
        }
        Libsvm theirs = libsvm(cs, svm_parameter.NU_SVC, cs.y());
        // sample 0 is positive, so LIBSVM's first label is +1 and its decision values have our sign
        assertThat(theirs.model().label[0]).isEqualTo(1);
        double[] theirBeta = libsvmCoefficients(theirs.model(), n);
        // nu-SVC scaled by 1 / r: 1/2 beta'K beta, beta_i = y_i a_i / r
        assertSameMachine("nu-SVC", cs.k(), beta, ours.bias(), ours.objective(), theirBeta, -theirs.model().rho[0],
                theirs.objective(), objective(cs.k(), theirBeta, 0, null), 1e-4);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void epsilonSvrHasLibsvmsObjectiveSupportVectorsRhoAndDecisionValues(Case cs) {
        int n = cs.z().length;
        SvmSolution ours = EpsilonSvr.solve(DenseKernelMatrix.of(cs.k()), cs.z(), cs.c(), cs.epsilon(),
                SmoSolver.Options.defaults().withEps(EPS));
        assertThat(ours.converged()).isTrue();
        double[] beta = new double[n];
        for (int i = 0; i < n; i++) {
            beta[i] = ours.alpha(i) - ours.alpha(i + n);
        }
        Libsvm theirs = libsvm(cs, svm_parameter.EPSILON_SVR, cs.z());
        double[] theirBeta = libsvmCoefficients(theirs.model(), n);
        assertSameMachine("epsilon-SVR", cs.k(), beta, ours.bias(), ours.objective(), theirBeta, -theirs.model().rho[0],
                theirs.objective(), objective(cs.k(), theirBeta, cs.epsilon(), cs.z()), 1e-6);
    }

    /**
     * The scaled nu-SVC solution a' = a / r with C = 1 / r, r = nu n / (2 sum_{y=+1} a'_i) recovered from the
     * equality alone, must satisfy C-SVC's KKT conditions at margin 1 on K: y'a' = 0, y_i f(x_i) &ge; 1 where
     * a'_i = 0, = 1 where 0 &lt; a'_i &lt; C, &le; 1 where a'_i = C; and sum a' = nu n / r.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void nuSvcSolutionMeetsTheKktConditionsComputedFromTheKernelMatrix(Case cs) {
        int n = cs.y().length;
        SvmSolution s = NuSvm.solve(DenseKernelMatrix.of(cs.k()), cs.y(), cs.nu(), SmoSolver.Options.defaults()
                .withEps(1e-9));
        double sumPos = 0;
        double sumNeg = 0;
        double[] beta = new double[n];
        for (int i = 0; i < n; i++) {
            assertThat(s.alpha(i)).isGreaterThanOrEqualTo(0);
            beta[i] = s.alpha(i) * cs.y()[i];
            if (cs.y()[i] > 0) {
                sumPos += s.alpha(i);
            } else {
                sumNeg += s.alpha(i);
            }
        }
        assertThat(sumNeg).as("y'a' = 0").isCloseTo(sumPos, within(1e-9 * sumPos));
        double r = cs.nu() * n / (2 * sumPos);
        double c = 1 / r;
        double[] f = decisions(cs.k(), beta, s.bias());
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double a = s.alpha(i);
            assertThat(a).as("a'_%d <= C = 1 / r", i).isLessThanOrEqualTo(c * (1 + 1e-12));
            double margin = cs.y()[i] * f[i];
            double violation;
            if (a <= 1e-12 * c) {
                violation = Math.max(0, 1 - margin);
            } else if (a >= c * (1 - 1e-12)) {
                violation = Math.max(0, margin - 1);
            } else {
                violation = Math.abs(margin - 1);
            }
            worst = Math.max(worst, violation);
        }
        // Q's rows are kept in float, as LIBSVM keeps them (each G_t carries an error of about 6e-8 sum_s |Q_ts a_s|),
        // and the margin is scaled by 1 / r = C
        assertThat(worst).as("largest KKT violation (C = %s)", c).isLessThan(1e-6 * Math.max(1, c));
    }

    /**
     * beta = a - a* with |beta_i| &le; C and sum beta = 0; with residuals e_i = z_i - f(x_i): |e_i| &le; epsilon where
     * beta_i = 0, e_i = +-epsilon where 0 &lt; +-beta_i &lt; C, +-e_i &ge; epsilon where beta_i = +-C; and a_i a*_i = 0.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void epsilonSvrSolutionMeetsTheKktConditionsComputedFromTheKernelMatrix(Case cs) {
        int n = cs.z().length;
        double c = cs.c();
        double eps = cs.epsilon();
        SvmSolution s = EpsilonSvr.solve(DenseKernelMatrix.of(cs.k()), cs.z(), c, eps,
                SmoSolver.Options.defaults().withEps(1e-9));
        double[] beta = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            assertThat(s.alpha(i) * s.alpha(i + n)).as("a_%d a*_%d", i, i).isEqualTo(0.0);
            beta[i] = s.alpha(i) - s.alpha(i + n);
            assertThat(Math.abs(beta[i])).isLessThanOrEqualTo(c);
            sum += beta[i];
        }
        assertThat(sum).as("sum beta").isCloseTo(0, within(1e-9 * c * n));
        double[] f = decisions(cs.k(), beta, s.bias());
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double e = cs.z()[i] - f[i];
            double b = beta[i];
            double violation;
            if (b == 0) {
                violation = Math.max(0, Math.abs(e) - eps);
            } else if (b >= c) {
                violation = Math.max(0, eps - e);
            } else if (b <= -c) {
                violation = Math.max(0, eps + e);
            } else {
                violation = Math.abs(e - Math.signum(b) * eps);
            }
            worst = Math.max(worst, violation);
        }
        // Q's rows are kept in float, as LIBSVM keeps them: each G_t carries an error of about 6e-8 sum_s |Q_ts a_s|
        assertThat(worst).as("largest KKT violation").isLessThan(1e-6 * Math.max(1, c));
    }

    @Test
    void anInfeasibleNuIsRefusedWithOneClearErrorAsLibsvmRefusesIt() {
        Case seed3 = randomCase(3);
        int n = seed3.y().length;
        // the first 30 % positive: the largest feasible nu is about 0.6
        double[] y = new double[n];
        int pos = 0;
        for (int i = 0; i < n; i++) {
            y[i] = i < 0.3 * n ? 1 : -1;
            pos += y[i] > 0 ? 1 : 0;
        }
        double maxNu = 2.0 * Math.min(pos, n - pos) / n;
        Case cs = new Case("30 % positive", seed3.k(), y, seed3.z(), 0.9 * maxNu, seed3.c(), seed3.epsilon());
        Case infeasible = new Case("infeasible", cs.k(), y, cs.z(), maxNu * 1.05, cs.c(), cs.epsilon());
        assertThatThrownBy(() -> libsvm(infeasible, svm_parameter.NU_SVC, cs.y()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("specified nu is infeasible");
        assertThatThrownBy(() -> NuSvm.solve(DenseKernelMatrix.of(cs.k()), cs.y(), infeasible.nu(),
                SmoSolver.Options.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nu = " + infeasible.nu() + " is infeasible: with " + pos + " positive and " + (n - pos)
                        + " negative samples nu must be <= 2 min(n+, n-) / n = " + maxNu
                        + " (LIBSVM: specified nu is infeasible)");
        // a feasible nu below it is accepted by both
        assertThat(libsvm(cs, svm_parameter.NU_SVC, cs.y()).model().l).isPositive();
        assertThat(NuSvm.solve(DenseKernelMatrix.of(cs.k()), cs.y(), cs.nu(), SmoSolver.Options.defaults()).converged())
                .isTrue();
    }

    @Test
    void badOptionsNameTheParameter() {
        assertThatThrownBy(() -> NuSvmOptions.of(new dev.kernelkit.kernel.LinearKernel()).withNu(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("nu must be in (0, 1], got 0.0");
        assertThatThrownBy(() -> NuSvmOptions.of(new dev.kernelkit.kernel.LinearKernel()).withNu(1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("nu must be in (0, 1], got 1.5");
        assertThatThrownBy(() -> EpsilonSvrOptions.of(new dev.kernelkit.kernel.LinearKernel()).withEpsilon(-0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("epsilon must be >= 0 and finite, got -0.1");
        assertThatThrownBy(() -> EpsilonSvrOptions.of(new dev.kernelkit.kernel.LinearKernel()).withC(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("c must be > 0 and finite, got 0.0");
    }
}
