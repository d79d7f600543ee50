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

    /**
     * One row of {@link #privateSmoResults}: a seeded problem, the final J and held-out predictions the
     * private SMO loop of MiCccp (removed when the steps moved onto the kernels SmoSolver; jar of main 6a13b4e)
     * gave, and whether that loop met its tolerance on every step.
     */
    private record OldResult(String name, BagDataset train, BagDataset test, MiCccpOptions options, double[] j,
                             String predictions, boolean oldConverged) {
    }

    private static List<OldResult> privateSmoResults() {
        List<OldResult> rows = new ArrayList<>();
        String zeros = "0".repeat(40);
        double[][] settings = {{1, 1}, {10, 1}, {5, 10}};
        double[][] j = {{23.6420322848, 210.893102240, 119.908702400}, {23.7084050717, 223.721708804, 119.552066957},
                {23.9738687182, 237.386837778, 120.001786889}};
        String[][] pred = {{zeros, "0010111011111111111111101111110110110110", zeros},
                {zeros, "1111111111111111111111111110111111111111", zeros}, {"1".repeat(40), "1".repeat(40), zeros}};
        for (int seed = 11; seed <= 13; seed++) {
            // lambda 10 on seed 12 only, to keep the test short: seeds 11 and 13 take several times longer (seed 11
            // converges at J 119.904488, below the old 119.908702; seed 13's first step uses the kernels solver's
            // whole cap of 10^7 pairs and ends at a violation of 1.6e-6, J 119.994656, below the old 120.001787)
            for (int q = 0; q < (seed == 12 ? 3 : 2); q++) {
                rows.add(new OldResult("random bags " + seed + ", C " + settings[q][0] + ", lambda " + settings[q][1],
                        TestData.randomBags(24, 4, 2, 1.5, seed), TestData.randomBags(40, 4, 2, 1.5, seed + 100),
                        MiCccpOptions.defaults().withGamma(0.5).withC(settings[q][0]).withLambda(settings[q][1])
                                .withMaxIterations(10), new double[] {j[seed - 11][q]}, pred[seed - 11][q], q < 2));
            }
        }
        rows.add(new OldResult("ring bags", SyntheticData.ringBags(8, 2, 5, 3), SyntheticData.ringBags(10, 2, 5, 4),
                MiCccpOptions.defaults().withGamma(1).withC(10).withLambda(1).withMaxIterations(10),
                new double[] {147.909013517}, "10000000000000000000", true));
        rows.add(new OldResult("four Gaussians, one-vs-rest", SyntheticData.fourGaussianBags(6, 2, 5, 5),
                SyntheticData.fourGaussianBags(8, 2, 5, 6),
                MiCccpOptions.defaults().withGamma(2).withC(10).withLambda(0.5).withMaxIterations(10),
                new double[] {88.5617987852, 81.7907425947, 117.473424229}, "010010122210010100001120", true));
        return rows;
    }

    @Test
    void stepsOnTheKernelsSolverReproduceThePrivateSmosObjectiveAndPredictions() {
        int determined = 0;
        for (OldResult row : privateSmoResults()) {
            MiCccpModel model = MiCccp.fit(row.train(), row.options());
            for (int c = 0; c < row.j().length; c++) {
                double[] trace = model.objectiveTrace(c);
                double j = trace[trace.length - 1];
                if (row.oldConverged()) {
                    // both solvers stop at a pair violation of 1e-7 of the largest gradient entry: J to 1e-6
                    assertThat(j).as("%s, machine %d", row.name(), c).isCloseTo(row.j()[c], within(1e-6 * row.j()[c]));
                } else {
                    // C lambda = 50 on clustered points: the private loop ended at its cap above the optimum; the
                    // kernels solver (LIBSVM's cap) gets at least as low
                    assertThat(j).as("%s, machine %d", row.name(), c).isLessThanOrEqualTo(row.j()[c]);
                }
            }
            // The bias is the best breakpoint of the training hinge sum for the fitted c (MiCccp.bestBias). Where
            // that sum is flat over an interval, a change of c in the 9th digit moves the choice from one end to
            // the other (random bags 13 at C 1 and the ring bags with this package's Gram matrix), so the old
            // predictions must be those of one of the new c's minimising breakpoints, and where all minimisers
            // give the same predictions, the new model's own.
            List<String> allowed = predictionsOverMinimisingBiases(model, row.train(), row.test());
            assertThat(allowed).as(row.name()).contains(row.predictions());
            if (allowed.size() == 1) {
                determined++;
                assertThat(predictions(model, row.test())).as(row.name()).isEqualTo(row.predictions());
            }
        }
        // with balanced classes and small C the hinge sum's slope in b is often 0 between two breakpoints whose
        // predictions differ (all bags of one class or the other): the predictions are determined by c alone on
        // random bags 11 and 12 at C 10 and on the four Gaussians
        assertThat(determined).isGreaterThanOrEqualTo(3);
    }

    private static String predictions(MiCccpModel model, BagDataset test) {
        StringBuilder pred = new StringBuilder();
        for (int i = 0; i < test.size(); i++) {
            pred.append(model.predict(test.bag(i)));
        }
        return pred.toString();
    }

    /**
     * The held-out predictions of the model's c with each combination of per-machine biases that minimise the
     * machine's training hinge sum sum_i (1 - y_i (g_i + b))_+ (breakpoints within 1e-9 of its minimum), as
     * distinct strings.
     */
    private static List<String> predictionsOverMinimisingBiases(MiCccpModel model, BagDataset train, BagDataset test) {
        int machines = model.machineCount();
        double[][] targets = SparseMi.targets(train);
        List<double[]> choices = new ArrayList<>();
        for (int c = 0; c < machines; c++) {
            double b = model.bias(c);
            double[] g = new double[train.size()];
            for (int i = 0; i < train.size(); i++) {
                g[i] = model.decisions(train.bag(i))[c] - b;
            }
            double[] y = targets[c];
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < g.length; j++) {
                best = Math.min(best, hinge(y, g, y[j] - g[j]));
            }
            List<Double> minimisers = new ArrayList<>();
            for (int j = 0; j < g.length; j++) {
                double bj = y[j] - g[j];
                if (hinge(y, g, bj) <= best + 1e-9 * Math.max(1, best)) {
                    minimisers.add(bj);
                }
            }
            choices.add(minimisers.stream().mapToDouble(Double::doubleValue).toArray());
        }
        java.util.Set<String> out = new java.util.TreeSet<>();
        int[] pick = new int[machines];
        while (true) {
            StringBuilder pred = new StringBuilder();
            for (int i = 0; i < test.size(); i++) {
                double[] d = model.decisions(test.bag(i));
                for (int c = 0; c < machines; c++) {
                    d[c] += choices.get(c)[pick[c]] - model.bias(c);
                }
                pred.append(dev.kernelkit.learn.Model.classOf(d));
            }
            out.add(pred.toString());
            int c = 0;
            while (c < machines && ++pick[c] == choices.get(c).length) {
                pick[c] = 0;
                c++;
            }
            if (c == machines) {
                return new ArrayList<>(out);
            }
        }
    }

    private static double hinge(double[] y, double[] g, double b) {
        double s = 0;
        for (int i = 0; i < g.length; i++) {
            s += Math.max(0, 1 - y[i] * (g[i] + b));
        }
        return s;
    }

    @Test
    void stepMatrixIsMTransposeKMComputedDensely() {
        // M maps theta = (a, u, v) to gamma (MiCccp.gammaOf); Q = M'KM must equal the step matrix with the
        // signs y of the hinge multipliers, for uniform and one-hot beta, in the matrix's positions.
        Step st = Step.random(4);
        int m = st.members().length;
        int n = st.k().length;
        double[][] uniform = new double[m][];
        for (int i = 0; i < m; i++) {
            uniform[i] = new double[st.members()[i].length];
            java.util.Arrays.fill(uniform[i], 1.0 / uniform[i].length);
        }
        for (double[][] beta : new double[][][] {uniform, st.beta()}) {
            // columns of M by unit vectors of theta
            double[][] mCol = new double[2 * m + n][];
            for (int e = 0; e < 2 * m + n; e++) {
                double[] unit = new double[2 * m + n];
                unit[e] = 1;
                mCol[e] = MiCccp.gammaOf(unit, st.members(), st.y(), beta, m);
            }
            CccpStepMatrix q = new CccpStepMatrix(st.k(), st.bagRow(), st.members(), beta, true);
            int[] thetaIndex = new int[q.size()];
            for (int i = 0; i < m; i++) {
                thetaIndex[i] = i;
                int first = q.blockStart(i);
                for (int p = 0; p < st.members()[i].length; p++) {
                    thetaIndex[first + p] = m + st.members()[i][p];
                }
                thetaIndex[first + st.members()[i].length] = m + n + i;
            }
            double[] row = new double[q.size()];
            for (int r = 0; r < q.size(); r++) {
                q.row(r, row);
                double sr = r < m ? st.y()[r] : 1.0;
                for (int s = 0; s < q.size(); s++) {
                    double ss = s < m ? st.y()[s] : 1.0;
                    double dense = 0;
                    double[] a = mCol[thetaIndex[r]];
                    double[] b = mCol[thetaIndex[s]];
                    for (int t = 0; t < n; t++) {
                        for (int t2 = 0; t2 < n; t2++) {
                            dense += a[t] * st.k()[t][t2] * b[t2];
                        }
                    }
                    assertThat(sr * ss * row[s]).as("Q_%d,%d", r, s).isCloseTo(dense, within(1e-12));
                    assertThat(q.get(r, s)).isCloseTo(row[s], within(1e-12));
                }
            }
        }
    }

    @Test
    void stepDualMeetsItsKktConditionsReadFromTheInstanceOutputs() {
        // the gradient from f = K gamma(theta) by the formulas of the class comment, independent of the step
        // matrix's rows: per group, no pair violates by more than the tolerance (up to rounding), and the
        // groups' equalities and bounds hold; for seed 23 at C 5, lambda 10 (the case a float-row trial did
        // not finish within 10^6 pairs) as well as for a milder setting
        for (double[] cl : new double[][] {{5, 10}, {2, 1}}) {
            Step st = Step.of(DATA, 23);
            MiCccpOptions o = MiCccpOptions.defaults().withGamma(0.5).withC(cl[0]).withLambda(cl[1]);
            int m = st.members().length;
            int n = st.k().length;
            double cap = o.c() * o.lambda();
            for (double[][] beta : new double[][][] {uniformBeta(st), st.beta()}) {
                MiCccp.Step step = MiCccp.smoStep(st.k(), st.bagRow(), st.members(), st.y(), beta, o, null);
                assertThat(step.converged()).isTrue();
                double[] th = step.solution();
                double[] f = st.outputs(MiCccp.gammaOf(th, st.members(), st.y(), beta, m));
                double[] grad = new double[2 * m + n];
                double scale = 1;
                double ya = 0;
                for (int i = 0; i < m; i++) {
                    int[] bag = st.members()[i];
                    double mean = 0;
                    double lin = 0;
                    double blockSum = th[m + n + i];
                    for (int p = 0; p < bag.length; p++) {
                        mean += f[bag[p]] / bag.length;
                        lin += beta[i][p] * f[bag[p]];
                        blockSum += th[m + bag[p]];
                    }
                    grad[i] = st.y()[i] * mean - 1;
                    for (int t : bag) {
                        grad[m + t] = mean - f[t];
                    }
                    grad[m + n + i] = lin - mean;
                    assertThat(blockSum).isCloseTo(cap, within(1e-12 * cap));
                    assertThat(th[i]).isBetween(0.0, o.c());
                    ya += st.y()[i] * th[i];
                }
                assertThat(ya).isCloseTo(0, within(1e-12 * m * o.c()));
                for (double gr : grad) {
                    scale = Math.max(scale, Math.abs(gr));
                }
                // the hinge group: max over I_up of -y G minus min over I_low
                double up = Double.NEGATIVE_INFINITY;
                double low = Double.POSITIVE_INFINITY;
                for (int i = 0; i < m; i++) {
                    double v = -st.y()[i] * grad[i];
                    boolean belowC = th[i] < o.c();
                    boolean aboveZero = th[i] > 0;
                    if (st.y()[i] > 0 ? belowC : aboveZero) {
                        up = Math.max(up, v);
                    }
                    if (st.y()[i] > 0 ? aboveZero : belowC) {
                        low = Math.min(low, v);
                    }
                }
                double worst = up - low;
                for (int i = 0; i < m; i++) {
                    // a bag group: -G over members below their bound minus -G over members above 0
                    int[] bag = st.members()[i];
                    double bagUp = th[m + n + i] < cap ? -grad[m + n + i] : Double.NEGATIVE_INFINITY;
                    double bagLow = th[m + n + i] > 0 ? -grad[m + n + i] : Double.POSITIVE_INFINITY;
                    for (int t : bag) {
                        if (th[m + t] < cap) {
                            bagUp = Math.max(bagUp, -grad[m + t]);
                        }
                        if (th[m + t] > 0) {
                            bagLow = Math.min(bagLow, -grad[m + t]);
                        }
                    }
                    worst = Math.max(worst, bagUp - bagLow);
                }
                assertThat(worst).as("C %s, lambda %s", o.c(), o.lambda()).isLessThan(MiCccp.SMO_TOLERANCE * scale * 1.01);
            }
        }
    }

    private static double[][] uniformBeta(Step st) {
        double[][] uniform = new double[st.members().length][];
        for (int i = 0; i < uniform.length; i++) {
            uniform[i] = new double[st.members()[i].length];
            java.util.Arrays.fill(uniform[i], 1.0 / uniform[i].length);
        }
        return uniform;
    }

    @Test
    void optionsRejectBadValues() {
        assertThatThrownBy(() -> MiCccpOptions.defaults().withLambda(-1))
                .hasMessageContaining("lambda must be >= 0 and finite, got -1");
        assertThatThrownBy(() -> MiCccpOptions.defaults().withMaxIterations(0))
                .hasMessageContaining("maxIterations must be >= 1, got 0");
    }
}
