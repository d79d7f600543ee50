package dev.kernelkit.mi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.testing.TestData;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

class MiCccpTest {
    private static final BagDataset DATA = TestData.randomBags(16, 3, 2, 2.0, 23);

    @Test
    void firstStepWithZeroMaxLossWeightIsTheSetKernelSvm() {
        // lambda = 0: the QP is min 1/2 ||w||² + C sum xi over the bags' mean maps, i.e. the C-SVM
        // with the averaged set kernel, solved here by SMO (MiKernel) — a different solver.
        MiCccpModel cccp = MiCccp.fit(DATA, MiCccpOptions.defaults().withGamma(0.5).withC(2).withLambda(0)
                .withMaxIterations(1));
        MiKernelModel svm = MiKernel.fit(DATA, MiKernelOptions.defaults().withGamma(0.5).withC(2)
                .withSolver(dev.kernelkit.svm.SmoSolver.Options.defaults().withEps(1e-8)));
        for (int i = 0; i < DATA.size(); i++) {
            assertThat(cccp.decisions(DATA.bag(i))[0]).isCloseTo(svm.decision(DATA.bag(i)), within(1e-4));
        }
    }

    @Test
    void objectiveTraceIsNonIncreasingAndStopsBeforeTheCap() {
        for (double lambda : new double[] {1, 10}) {
            MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(5).withLambda(lambda).withMaxIterations(15);
            double[] trace = MiCccp.fit(DATA, o).objectiveTrace(0);
            assertThat(trace.length).isBetween(1, 14);
            for (int t = 1; t < trace.length; t++) {
                assertThat(trace[t]).isLessThanOrEqualTo(trace[t - 1]);
            }
            if (trace.length >= 2) {
                double last = trace[trace.length - 1];
                double prev = trace[trace.length - 2];
                assertThat(prev - last).isLessThan(o.tolerance() * Math.max(1, Math.abs(prev)));
            }
        }
    }

    @Test
    void convergenceFlagIsTrueWhenTheProcedureStopsByItsTestAndFalseAtTheStepCap() {
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(5).withLambda(1);
        MiCccpModel free = MiCccp.fit(DATA, o.withMaxIterations(15));
        assertThat(free.objectiveTrace(0).length).isLessThan(15);
        assertThat(free.converged()).containsExactly(true);
        assertThat(free.unconvergedMachines()).isZero();
        // one step: the procedure never gets to compare two J values, so it ends at the cap, and says so
        MiCccpModel capped = MiCccp.fit(DATA, o.withMaxIterations(1));
        assertThat(capped.converged()).containsExactly(false);
        assertThat(capped.unconvergedMachines()).isEqualTo(1);
    }

    @Test
    void fittedMachineMinimisesTheTrueObjectiveAgainstRandomPerturbations() {
        // With the mean-map bag output f(B) <= max_j f(x_j), so |f(B) - max f| = max f - f(B) and J is
        // convex: a minimiser must beat every nearby (c, b), which a local check over random directions tests.
        Step st = Step.random(3);
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(4).withLambda(2).withMaxIterations(10);
        MiCccp.Binary fit = MiCccp.binary(st.k(), st.members(), st.y(), o);
        double best = st.trueObjective(fit.c(), fit.b(), o);
        assertThat(best).isCloseTo(fit.trace()[fit.trace().length - 1], within(1e-9 * best));
        java.util.Random rnd = new java.util.Random(5);
        for (int trial = 0; trial < 200; trial++) {
            double eps = trial % 2 == 0 ? 1e-3 : 1e-2;
            double[] c = fit.c().clone();
            for (int t = 0; t < c.length; t++) {
                c[t] += eps * rnd.nextGaussian();
            }
            double b = fit.b() + eps * rnd.nextGaussian();
            assertThat(st.trueObjective(c, b, o)).as("trial %d", trial).isGreaterThanOrEqualTo(best - 1e-7 * best);
        }
    }

    @Test
    void separableRingBagsAreFittedWithLargeC() {
        BagDataset ring = SyntheticData.ringBags(5, 2, 3, 3);
        MiCccpModel m = MiCccp.fit(ring, MiCccpOptions.defaults().withGamma(1).withC(100).withLambda(0.1)
                .withMaxIterations(3));
        assertThat(Metrics.accuracy(m, ring)).isEqualTo(1.0);
    }

    @Test
    void firstStepReachesTheOptimumOfTheRelaxedQpSolvedByOjAlgo() {
        // Step 1 linearises max_j f(x_ij) with uniform beta (every instance ties at c = 0). The relaxed
        // primal QP is solved here by ojAlgo in (c, b, xi, delta); our dual solver's (c, b) must reach
        // the same relaxed objective 1/2 c'Kc + C sum xi + C lambda sum delta with the optimal xi, delta.
        Step st = Step.of(TestData.randomBags(10, 3, 2, 2.0, 41), 41);
        double[][] k = st.k();
        int[][] members = st.members();
        double[] y = st.y();
        double c = 3;
        double lambda = 0.7;
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(c).withLambda(lambda).withMaxIterations(1);
        MiCccp.Binary ours = MiCccp.binary(k, members, y, o);
        int n = k.length;
        int m = members.length;
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] cv = new Variable[n];
        for (int t = 0; t < n; t++) {
            cv[t] = model.addVariable("c" + t);
        }
        Variable b = model.addVariable("b");
        Variable[] xi = new Variable[m];
        Variable[] delta = new Variable[m];
        for (int i = 0; i < m; i++) {
            xi[i] = model.addVariable("xi" + i).lower(0.0).weight(c);
            delta[i] = model.addVariable("delta" + i).weight(c * lambda);
        }
        Expression reg = model.addExpression("reg").weight(1.0);
        for (int s = 0; s < n; s++) {
            reg.set(cv[s], cv[s], 0.5 * (k[s][s] + 1e-9));
            for (int t = s + 1; t < n; t++) {
                reg.set(cv[s], cv[t], k[s][t]);
            }
        }
        for (int i = 0; i < m; i++) {
            double[] bagRow = new double[n];
            for (int t : members[i]) {
                for (int s = 0; s < n; s++) {
                    bagRow[s] += k[t][s] / members[i].length;
                }
            }
            Expression h = model.addExpression("h" + i).lower(1.0);
            for (int s = 0; s < n; s++) {
                h.set(cv[s], y[i] * bagRow[s]);
            }
            h.set(b, y[i]).set(xi[i], 1.0);
            for (int t : members[i]) {
                Expression e = model.addExpression("above" + t).lower(0.0);
                for (int s = 0; s < n; s++) {
                    e.set(cv[s], bagRow[s] - k[t][s]);
                }
                e.set(delta[i], 1.0);
            }
            // with uniform beta, sum_j beta_j (Kc)_ij = bagRow c, so the linearised row is delta_i >= 0
            model.addExpression("below" + i).lower(0.0).set(delta[i], 1.0);
        }
        Optimisation.Result r = model.minimise();
        assertThat(r.getState().isOptimal()).as("ojAlgo state %s", r.getState()).isTrue();
        // Our relaxed objective: the optimal xi and delta for our (c, b).
        double[] fx = new double[n];
        double reg2 = 0;
        for (int t = 0; t < n; t++) {
            for (int s = 0; s < n; s++) {
                fx[t] += k[t][s] * ours.c()[s];
            }
            reg2 += 0.5 * ours.c()[t] * fx[t];
        }
        double relaxed = reg2;
        for (int i = 0; i < m; i++) {
            double fb = 0;
            double mx = Double.NEGATIVE_INFINITY;
            for (int t : members[i]) {
                fb += fx[t] / members[i].length;
                mx = Math.max(mx, fx[t]);
            }
            relaxed += c * Math.max(0, 1 - y[i] * (fb + ours.b())) + c * lambda * Math.max(mx - fb, 0);
        }
        assertThat(relaxed).isCloseTo(r.getValue(), within(1e-5 * Math.max(1, r.getValue())));
        // and the true objective after the step is no larger than the relaxed one (majorisation)
        assertThat(ours.trace()[0]).isLessThanOrEqualTo(relaxed + 1e-9);
    }

    /** A random CCCP step: Gaussian instance kernel of random bags, one-hot beta at random instances. */
    private record Step(double[][] k, double[][] bagRow, int[][] members, double[] y, double[][] beta) {
        static Step random(long seed) {
            return of(TestData.randomBags(12, 3, 2, 1.0, seed), seed);
        }

        static Step of(BagDataset d, long seed) {
            List<Vec> inst = new ArrayList<>();
            int[][] members = new int[d.size()][];
            for (int i = 0; i < d.size(); i++) {
                members[i] = new int[d.bag(i).size()];
                for (int p = 0; p < members[i].length; p++) {
                    members[i][p] = inst.size();
                    inst.add(d.bag(i).instance(p));
                }
            }
            double[][] k = DenseKernelMatrix.compute(new GaussianKernel(0.5), inst).toArray();
            int n = k.length;
            double[] y = new double[d.size()];
            double[][] bagRow = new double[d.size()][n];
            double[][] beta = new double[d.size()][];
            java.util.Random rnd = new java.util.Random(seed);
            for (int i = 0; i < y.length; i++) {
                y[i] = d.sign(i);
                for (int t : members[i]) {
                    for (int s = 0; s < n; s++) {
                        bagRow[i][s] += k[t][s] / members[i].length;
                    }
                }
                beta[i] = new double[members[i].length];
                beta[i][rnd.nextInt(members[i].length)] = 1.0;
            }
            return new Step(k, bagRow, members, y, beta);
        }

        /** The step's primal value at (c, b) with the optimal xi and delta. */
        double relaxed(double[] c, double b, double cost, double lambda) {
            double[] f = outputs(c);
            double value = regulariser(c, f);
            for (int i = 0; i < members.length; i++) {
                double mean = 0;
                double max = Double.NEGATIVE_INFINITY;
                double lin = 0;
                for (int p = 0; p < members[i].length; p++) {
                    double v = f[members[i][p]];
                    mean += v / members[i].length;
                    max = Math.max(max, v);
                    lin += beta[i][p] * v;
                }
                value += cost * Math.max(0, 1 - y[i] * (mean + b)) + cost * lambda * Math.max(max - mean, mean - lin);
            }
            return value;
        }

        /** J(c, b) of the class comment, evaluated here from its definition. */
        double trueObjective(double[] c, double b, MiCccpOptions o) {
            double[] f = outputs(c);
            double value = regulariser(c, f);
            for (int i = 0; i < members.length; i++) {
                double mean = 0;
                double max = Double.NEGATIVE_INFINITY;
                for (int t : members[i]) {
                    mean += f[t] / members[i].length;
                    max = Math.max(max, f[t]);
                }
                value += o.c() * Math.max(0, 1 - y[i] * (mean + b)) + o.c() * o.lambda() * Math.abs(mean - max);
            }
            return value;
        }

        /** f = K c, the instance outputs without the bias. */
        double[] outputs(double[] c) {
            double[] f = new double[k.length];
            for (int t = 0; t < k.length; t++) {
                for (int s = 0; s < k.length; s++) {
                    f[t] += k[t][s] * c[s];
                }
            }
            return f;
        }

        static double regulariser(double[] c, double[] f) {
            double value = 0;
            for (int t = 0; t < c.length; t++) {
                value += 0.5 * c[t] * f[t];
            }
            return value;
        }

        double[] c(double[] theta) {
            return MiCccp.gammaOf(theta, members, y, beta, members.length);
        }
    }

    @Test
    void smoStepReachesTheSameOptimumAsTheProjectedGradientOracle() {
        for (long seed = 1; seed <= 3; seed++) {
            Step st = Step.random(seed);
            MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(4).withLambda(0.8);
            double[] c = st.c(MiCccp.smoStep(st.k(), st.bagRow(), st.members(), st.y(), st.beta(), o, null).solution());
            double b = MiCccp.bestBias(st.bagRow(), st.y(), c);
            double[] fista = MiCccp.fistaStep(st.k(), st.bagRow(), st.members(), st.y(), st.beta(), o).solution();
            double[] cf = java.util.Arrays.copyOf(fista, c.length);
            double smoValue = st.relaxed(c, b, o.c(), o.lambda());
            double fistaValue = st.relaxed(cf, fista[c.length], o.c(), o.lambda());
            assertThat(smoValue).as("seed %d", seed).isCloseTo(fistaValue, within(1e-6 * Math.max(1, fistaValue)));
            // the primal objective is strictly convex in c (K positive definite), so c itself agrees
            for (int t = 0; t < c.length; t++) {
                assertThat(c[t]).as("seed %d, c_%d", seed, t).isCloseTo(cf[t], within(1e-3));
            }
        }
    }

    @Test
    void warmStartedSmoStepEqualsTheColdStartedOne() {
        Step st = Step.random(7);
        MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(10).withLambda(1);
        double[][] uniform = new double[st.members().length][];
        for (int i = 0; i < uniform.length; i++) {
            uniform[i] = new double[st.members()[i].length];
            java.util.Arrays.fill(uniform[i], 1.0 / uniform[i].length);
        }
        double[] first = MiCccp.smoStep(st.k(), st.bagRow(), st.members(), st.y(), uniform, o, null).solution();
        double[] warm = MiCccp.smoStep(st.k(), st.bagRow(), st.members(), st.y(), st.beta(), o, first).solution();
        double[] cold = MiCccp.smoStep(st.k(), st.bagRow(), st.members(), st.y(), st.beta(), o, null).solution();
        double[] cw = st.c(warm);
        double[] cc = st.c(cold);
        double vw = st.relaxed(cw, MiCccp.bestBias(st.bagRow(), st.y(), cw), o.c(), o.lambda());
        double vc = st.relaxed(cc, MiCccp.bestBias(st.bagRow(), st.y(), cc), o.c(), o.lambda());
        assertThat(vw).isCloseTo(vc, within(1e-6 * Math.max(1, vc)));
        for (int t = 0; t < cw.length; t++) {
            assertThat(cw[t]).isCloseTo(cc[t], within(1e-3));
        }
    }

    @Test
    void optionsRejectBadValues() {
        assertThatThrownBy(() -> MiCccpOptions.defaults().withLambda(-1))
                .hasMessageContaining("lambda must be >= 0 and finite, got -1");
        assertThatThrownBy(() -> MiCccpOptions.defaults().withMaxIterations(0))
                .hasMessageContaining("maxIterations must be >= 1, got 0");
    }
}
