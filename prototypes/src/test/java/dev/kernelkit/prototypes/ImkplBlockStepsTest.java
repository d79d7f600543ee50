package dev.kernelkit.prototypes;

import dev.kernelkit.gram.MultipleKernel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each IMKPL block hands NQP (or the LP) exactly its block of J, and no block raises J. */
class ImkplBlockStepsTest {

    static LabeledDataset blobs(int perClass, int classes, int dim, double spread, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[perClass * classes];
        int i = 0;
        for (int q = 0; q < classes; q++) {
            double[] centre = new double[dim];
            for (int f = 0; f < dim; f++) {
                centre[f] = rnd.nextGaussian();
            }
            for (int r = 0; r < perClass; r++) {
                double[] p = new double[dim];
                for (int f = 0; f < dim; f++) {
                    p[f] = centre[f] + spread * rnd.nextGaussian();
                }
                x.add(DenseVec.wrap(p));
                y[i++] = q + 1;
            }
        }
        return new LabeledDataset(x, y);
    }

    static ImkplState state(ImkplOptions o, long seed) {
        LabeledDataset d = blobs(8, 3, 4, 0.7, seed);
        double[] classes = d.classes();
        return new ImkplState(MultipleKernel.gaussianPerFeature(d.points()), d.points(), Imkpl.classIndices(d, classes),
                classes.length, o);
    }

    static int[] heldClasses(ImkplState st) {
        return st.protoClass.clone();
    }

    static double[] randomSparseNonNegative(int n, int nnz, SplittableRandom rnd) {
        double[] v = new double[n];
        for (int a = 0; a < nnz; a++) {
            v[rnd.nextInt(n)] = rnd.nextDouble() * 2;
        }
        return v;
    }

    static double quad(double[][] q, double[] c, double[] x) {
        return NonNegativeQuadraticPursuit.objective(q, c, x);
    }

    @ParameterizedTest
    @EnumSource(ImkplOptions.DisForm.class)
    void theCodeProblemsLinearTermsInBlocksAndReconstructionsOverSupportsEqualThePerSampleLoopsBitForBit(
            ImkplOptions.DisForm dis) {
        // 150 samples: three blocks of linearAll, the last one partial
        LabeledDataset d = blobs(50, 3, 4, 0.7, 3);
        double[] classes = d.classes();
        ImkplState st = new ImkplState(MultipleKernel.gaussianPerFeature(d.points()), d.points(),
                Imkpl.classIndices(d, classes), classes.length, ImkplOptions.of(3, 0.3, 0.2, 0.25).withDisForm(dis));
        for (int it = 0; it < 2; it++) {
            st.codeStep();
            st.prototypeStep();   // prototypes with several constituents
        }
        ImkplState.CodeProblem p = st.new CodeProblem();
        double[][] all = p.linearAll();
        int[][] sup = st.prototypeSupports();
        int multi = 0;
        for (int i = 0; i < st.n; i++) {
            assertThat(Arrays.equals(all[i], p.linear(i))).as("linear term of sample %d", i).isTrue();
            assertThat(Arrays.equals(st.reconstruction(i, st.gam[i], sup), st.reconstruction(i, st.gam[i])))
                    .as("reconstruction of sample %d", i).isTrue();
        }
        for (int[] s : sup) {
            multi += s.length > 1 ? 1 : 0;
        }
        assertThat(multi).as("prototypes with several constituents").isPositive();
    }

    @ParameterizedTest
    @EnumSource(ImkplOptions.DisForm.class)
    void codeStepQAndCEqualTheBlockObjectiveAtRandomPoints(ImkplOptions.DisForm dis) {
        ImkplState st = state(ImkplOptions.of(2, 0.3, 0.2, 0.25).withDisForm(dis), 1);
        st.codeStep();
        st.prototypeStep(); // prototypes with several constituents
        SplittableRandom rnd = new SplittableRandom(2);
        int[] cls = heldClasses(st);
        ImkplState.CodeProblem p = st.new CodeProblem();
        for (int i : new int[] {0, 5, 17, 23}) {
            double[] saved = st.gam[i];
            double[] cv = p.linear(i);
            double[][] q = p.quadratic(i);
            st.gam[i] = new double[st.k];
            double j0 = st.objective(cls);
            for (int rep = 0; rep < 5; rep++) {
                double[] g = randomSparseNonNegative(st.k, 3, rnd);
                st.gam[i] = g;
                double delta = st.objective(cls) - j0;
                assertThat(quad(q, cv, g)).isCloseTo(delta, within(1e-9 * (1 + Math.abs(delta))));
            }
            st.gam[i] = saved;
        }
    }

    @ParameterizedTest
    @EnumSource(ImkplOptions.DisForm.class)
    void aPrototypeStepReadingGammasColumnsAndKeptSupportsEqualsUpdatesThatScanBitForBit(ImkplOptions.DisForm dis) {
        // prototypeStep reads γ^j from a copy of Γ's columns and the prototypes' supports it keeps as they change;
        // updatePrototype(j) alone reads Γ's rows and scans every u_l: the same states, bit for bit, over three
        // iterations; renormalisePrototypes (γ rescaled row by row) against the column-by-column loop
        ImkplOptions o = ImkplOptions.of(2, 0.3, 0.2, 0.25).withDisForm(dis);
        ImkplState a = state(o, 5);
        ImkplState b = state(o, 5);
        int changed = 0;
        for (int it = 0; it < 3; it++) {
            a.codeStep();
            b.codeStep();
            double[][] before = deepCopy(a.u);
            a.prototypeStep();
            int[] order = java.util.stream.IntStream.range(0, b.k).toArray();
            ImkplState.shuffle(order, b.rnd);
            for (int j : order) {
                b.updatePrototype(j);
            }
            for (int j = 0; j < a.k; j++) {
                changed += Arrays.equals(before[j], a.u[j]) ? 0 : 1;
                assertThat(Arrays.equals(a.u[j], b.u[j])).as("u_%d after iteration %d", j, it).isTrue();
            }
            for (int i = 0; i < a.n; i++) {
                assertThat(Arrays.equals(a.gam[i], b.gam[i])).as("gamma_%d after iteration %d", i, it).isTrue();
            }
            double[][] u = deepCopy(b.u);
            double[][] g = deepCopy(b.gam);
            for (int j = 0; j < b.k; j++) {
                double nrm2 = b.uKu(u[j]);
                if (nrm2 > 0) {
                    double nj = Math.sqrt(nrm2);
                    for (int s = 0; s < b.n; s++) {
                        u[j][s] /= nj;
                    }
                    for (int i = 0; i < b.n; i++) {
                        g[i][j] *= nj;
                    }
                }
            }
            a.renormalisePrototypes();
            for (int j = 0; j < a.k; j++) {
                assertThat(Arrays.equals(a.u[j], u[j])).as("renormalised u_%d", j).isTrue();
                b.u[j] = a.u[j].clone();
            }
            for (int i = 0; i < a.n; i++) {
                assertThat(Arrays.equals(a.gam[i], g[i])).as("renormalised gamma_%d", i).isTrue();
                b.gam[i] = a.gam[i].clone();
            }
        }
        assertThat(changed).as("prototype updates taken").isPositive();
    }

    @ParameterizedTest
    @EnumSource(ImkplOptions.DisForm.class)
    void theDissimilaritySumsAlongRowsOfKEqualTheSumsOverSamplesPerEntryBitForBitAfterBetaSteps(
            ImkplOptions.DisForm dis) {
        // the prototype problem's λ·Σ_i W(s, i) γ^j_i reads W(s, i) along row i of K (disWeightSums); it must equal the
        // loop over i for each s to the bit, which needs every K(β) the steps build (the LP step) or update (the capped
        // step) to stay symmetric to the bit
        SplittableRandom rnd = new SplittableRandom(17);
        for (ImkplOptions.BetaStep step : new ImkplOptions.BetaStep[] {ImkplOptions.BetaStep.NORMALISED_LP,
                ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP}) {
            ImkplOptions o = ImkplOptions.of(2, 0.3, 0.2, 0.25).withDisForm(dis).withBetaStep(step).withKernelCap(3);
            ImkplState st = state(o, 9);
            for (int it = 0; it < 3; it++) {
                st.codeStep();
                st.prototypeStep();
                st.betaStep();
                for (int s = 0; s < st.n; s++) {
                    for (int i = 0; i < st.n; i++) {
                        assertThat(Double.doubleToRawLongBits(st.kc[s * st.n + i]))
                                .as("K(%d, %d) against K(%d, %d), %s, iteration %d", s, i, i, s, step, it)
                                .isEqualTo(Double.doubleToRawLongBits(st.kc[i * st.n + s]));
                    }
                }
                for (int rep = 0; rep < 5; rep++) {
                    double[] g = randomSparseNonNegative(st.n, 1 + rnd.nextInt(st.n), rnd);
                    int[] sg = ImkplState.support(g);
                    int s0 = rnd.nextInt(st.n);
                    int s1 = s0 + 1 + rnd.nextInt(st.n - s0);
                    double[] sums = st.disWeightSums(s0, s1, sg, g);
                    for (int s = s0; s < s1; s++) {
                        double expected = 0;
                        for (int i : sg) {
                            expected += st.w(s, i) * g[i];
                        }
                        assertThat(Double.doubleToRawLongBits(sums[s - s0])).as("sum for s = %d, %s", s, step)
                                .isEqualTo(Double.doubleToRawLongBits(expected));
                    }
                }
            }
        }
    }

    @Test
    void theSupportListsEveryNonZeroEntryInIncreasingOrder() {
        assertThat(ImkplState.support(new double[5])).isEmpty();
        assertThat(ImkplState.support(new double[] {1, -2, 3})).containsExactly(0, 1, 2);
        assertThat(ImkplState.support(new double[] {0, -0.0, Double.MIN_VALUE, 0, Double.NaN, -1e-300, 0}))
                .containsExactly(2, 4, 5);
        SplittableRandom rnd = new SplittableRandom(3);
        for (int rep = 0; rep < 50; rep++) {
            double[] v = randomSparseNonNegative(40, rnd.nextInt(60), rnd);
            int[] expected = java.util.stream.IntStream.range(0, v.length).filter(i -> v[i] != 0).toArray();
            assertThat(ImkplState.support(v)).containsExactly(expected);
        }
    }

    private static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    @ParameterizedTest
    @EnumSource(ImkplOptions.DisForm.class)
    void prototypeStepQAndCEqualTheBlockObjectiveAtRandomPoints(ImkplOptions.DisForm dis) {
        ImkplState st = state(ImkplOptions.of(2, 0.3, 0.2, 0.25).withDisForm(dis), 3);
        st.codeStep();
        SplittableRandom rnd = new SplittableRandom(4);
        for (int j : new int[] {0, 2, 4}) {
            int cls = st.classOf(st.u[j], st.protoClass[j]);
            st.protoClass[j] = cls;
            int[] held = heldClasses(st);
            ImkplState.PrototypeProblem p = st.new PrototypeProblem(j, cls);
            double[][] q = new double[st.n][st.n];
            double[] col = new double[st.n];
            for (int t = 0; t < st.n; t++) {
                p.column(t, col);
                for (int s = 0; s < st.n; s++) {
                    q[s][t] = col[s];
                }
            }
            double[] saved = st.u[j];
            st.u[j] = new double[st.n];
            double j0 = st.objective(held);
            for (int rep = 0; rep < 5; rep++) {
                double[] u = randomSparseNonNegative(st.n, 3, rnd);
                st.u[j] = u;
                double delta = st.objective(held) - j0;
                assertThat(quad(q, p.lin, u)).isCloseTo(delta, within(1e-9 * (1 + Math.abs(delta))));
                assertThat(p.value(u)).isCloseTo(delta, within(1e-9 * (1 + Math.abs(delta))));
            }
            st.u[j] = saved;
        }
    }

    @ParameterizedTest
    @EnumSource(ImkplOptions.LsForm.class)
    void betaCoefficientsReproduceTheObjectiveForAnyWeights(ImkplOptions.LsForm ls) {
        for (ImkplOptions.DisForm dis : ImkplOptions.DisForm.values()) {
            betaCoefficientsReproduceTheObjective(ImkplOptions.of(2, 0.3, 0.2, 0.25).withLsForm(ls).withDisForm(dis));
        }
    }

    private static void betaCoefficientsReproduceTheObjective(ImkplOptions o) {
        ImkplState st = state(o, 5);
        st.codeStep();
        st.prototypeStep();
        ImkplState.BetaProblem bp = st.new BetaProblem();
        SplittableRandom rnd = new SplittableRandom(6);
        int[] cls = heldClasses(st);
        for (int rep = 0; rep < 4; rep++) {
            double[] b = new double[st.m];
            double s = 0;
            for (int q = 0; q < st.m; q++) {
                b[q] = rep == 0 ? 1.0 : rnd.nextDouble();
                s += b[q];
            }
            for (int q = 0; q < st.m; q++) {
                b[q] /= s;
            }
            System.arraycopy(b, 0, st.beta, 0, st.m);
            st.computeCombinedKernel();
            double[] t = st.terms(cls);
            double direct = t[0] + st.o.lambda() * t[1] + st.o.tau() * t[3];
            assertThat(bp.value(b)).isCloseTo(direct, within(1e-9 * (1 + Math.abs(direct))));
            // the normalisation rows: u_jᵀK(β)u_j = Σ_m β_m norm[j][m]
            for (int j = 0; j < st.k; j++) {
                double v = 0;
                for (int q = 0; q < st.m; q++) {
                    v += b[q] * bp.norm[j][q];
                }
                assertThat(v).isCloseTo(st.uKu(st.u[j]), within(1e-10));
            }
        }
    }

    @Test
    void objectiveTermsOnAThreePointExampleByHand() {
        // x = 0, 1, 3 (one feature), labels 1, 1, 2; σ = (1 + 9 + 4)/3 = 14/3, so
        // K01 = e^{-3/14}, K02 = e^{-27/14}, K12 = e^{-12/14}; one kernel, β = 1.
        ImkplOptions o = ImkplOptions.of(1, 0.5, 0.7, 0.3);
        ImkplState st = threePointState(o);
        double k01 = Math.exp(-3.0 / 14), k02 = Math.exp(-27.0 / 14), k12 = Math.exp(-12.0 / 14);
        // J_rec: sample 0, v = 0.24 e_1 + 0.32 e_2: 1 − 2(0.24 K01 + 0.32 K02) + 0.24² + 0.32² + 2·0.24·0.32 K12;
        //        sample 1, v = 0.9 e_0: 1 − 1.8 K01 + 0.81;   sample 2: 1.
        double rec = 1 - 2 * (0.24 * k01 + 0.32 * k02) + 0.0576 + 0.1024 + 2 * 0.0768 * k12
                + 1 - 1.8 * k01 + 0.81 + 1;
        // J_dis: only sample 0's weight 0.32 on sample 2 crosses classes: 0.32·(2 − 2 K02).
        double dis = 0.32 * (2 - 2 * k02);
        // J_ip: u_1 has class mass (0.6, 0.8) -> c_1 = class 2, off-class mass 0.6 -> 0.36; u_0 pure.
        double ip = 0.36;
        // J_ls (κ = T = 1): N⁺ / N⁻ of 0: {1} / {2}; of 1: {0} / {2}; of 2: {} / {1} (|3−1| < |3−0|).
        double ls = 2 * (2 - 2 * k01) + k02 + k12 + k12;
        double[] t = st.terms(new int[] {0, 1});
        assertThat(t[0]).isCloseTo(rec, within(1e-12));
        assertThat(t[1]).isCloseTo(dis, within(1e-12));
        assertThat(t[2]).isCloseTo(ip, within(1e-12));
        assertThat(t[3]).isCloseTo(ls, within(1e-12));
        assertThat(st.objective()).isCloseTo(rec + 0.5 * dis + 0.7 * ip + 0.3 * ls, within(1e-12));

        // LABEL_ONLY: the same cross-class weight 0.32, charged 1 per unit instead of by distance;
        // the other terms are unchanged.
        ImkplState lo = threePointState(o.withDisForm(ImkplOptions.DisForm.LABEL_ONLY));
        double[] tl = lo.terms(new int[] {0, 1});
        assertThat(tl[1]).isCloseTo(0.32, within(1e-12));
        assertThat(tl[0]).isCloseTo(rec, within(1e-12));
        assertThat(tl[3]).isCloseTo(ls, within(1e-12));
    }

    /**
     * The hand-worked three-point example: points 0, 1, 3 (classes 1, 1, 2), prototypes u_0 = e_0
     * (class 1) and u_1 = 0.6 e_1 + 0.8 e_2 (mixed); codes: sample 1 uses u_0 with a = 0.9, sample 0
     * uses u_1 with b = 0.4, sample 2 has no code.
     */
    private static ImkplState threePointState(ImkplOptions o) {
        LabeledDataset d = new LabeledDataset(List.of(DenseVec.of(0), DenseVec.of(1), DenseVec.of(3)),
                new double[] {1, 1, 2});
        ImkplState st = new ImkplState(MultipleKernel.gaussianPerFeature(d.points()), d.points(), new int[] {0, 0, 1}, 2, o);
        st.u[0] = new double[] {1, 0, 0};
        st.u[1] = new double[] {0, 0.6, 0.8};
        st.gam[0] = new double[] {0, 0.4};
        st.gam[1] = new double[] {0.9, 0};
        st.gam[2] = new double[] {0, 0};
        return st;
    }

    @Test
    void labelSquaredTermAndCodeMatricesOnTheThreePointExampleByHand() {
        // Same data, prototypes and codes as objectiveTermsOnAThreePointExampleByHand (λ = 0.5).
        ImkplOptions o = ImkplOptions.of(1, 0.5, 0.7, 0.3).withDisForm(ImkplOptions.DisForm.LABEL_SQUARED);
        ImkplState st = threePointState(o);
        double k01 = Math.exp(-3.0 / 14), k02 = Math.exp(-27.0 / 14), k12 = Math.exp(-12.0 / 14);
        // J_dis = Σ_i Σ_{q≠y_i} ((HUγ_i)_q)²: sample 0 (class 1) has class masses (0.24, 0.32), so 0.32² =
        // 0.1024; sample 1 has (0.9, 0) -> 0; sample 2 has no code -> 0.
        double[] t = st.terms(new int[] {0, 1});
        assertThat(t[1]).isCloseTo(0.1024, within(1e-12));
        double rec = 1 - 2 * (0.24 * k01 + 0.32 * k02) + 0.0576 + 0.1024 + 2 * 0.0768 * k12
                + 1 - 1.8 * k01 + 0.81 + 1;
        assertThat(t[0]).isCloseTo(rec, within(1e-12));

        // Code step. HU: u_0 -> class masses (1, 0); u_1 -> (0.6, 0.8). G = UᵀKU:
        // G00 = 1, G01 = 0.6 K01 + 0.8 K02, G11 = 0.36 + 0.64 + 2·0.48 K12.
        double g01 = 0.6 * k01 + 0.8 * k02, g11 = 1 + 0.96 * k12;
        ImkplState.CodeProblem p = st.new CodeProblem();
        // Sample 0 (class 1, ē = (0, 1)): λ(HU)ᵀdiag(ē)(HU) = 0.5·[[0, 0], [0, 0.64]].
        double[][] q0 = p.quadratic(0);
        assertThat(q0[0][0]).isCloseTo(2 * 1.0, within(1e-12));
        assertThat(q0[0][1]).isCloseTo(2 * g01, within(1e-12));
        assertThat(q0[1][0]).isCloseTo(2 * g01, within(1e-12));
        assertThat(q0[1][1]).isCloseTo(2 * (g11 + 0.5 * 0.64), within(1e-12));
        // Sample 2 (class 2, ē = (1, 0)): 0.5·[[1, 0.6], [0.6, 0.36]].
        double[][] q2 = p.quadratic(2);
        assertThat(q2[0][0]).isCloseTo(2 * (1 + 0.5), within(1e-12));
        assertThat(q2[0][1]).isCloseTo(2 * (g01 + 0.5 * 0.6), within(1e-12));
        assertThat(q2[1][1]).isCloseTo(2 * (g11 + 0.5 * 0.36), within(1e-12));
        // c = −2UᵀK_{:,i} (no linear J_dis): sample 0: (−2·K00, −2(0.6 K01 + 0.8 K02)).
        double[] c0 = p.linear(0);
        assertThat(c0[0]).isCloseTo(-2.0, within(1e-12));
        assertThat(c0[1]).isCloseTo(-2 * g01, within(1e-12));

        // Prototype step for u_1 (used by sample 0 only, γ = 0.4): g = (0, 0.16) (sample 0 is class 1,
        // so only class 2's mass is charged); the other prototype gives sample 0 no mass, so z = 0.
        // Q_22 = 2(‖γ^1‖² K22 + μ·P_22 + λ·g_2) with c_1 = class 2 (P_22 = 0): 2(0.16 + 0 + 0.5·0.16).
        ImkplState.PrototypeProblem pp = st.new PrototypeProblem(1, 1);
        double[] col = new double[3];
        pp.column(2, col);
        assertThat(col[2]).isCloseTo(2 * (0.16 + 0.5 * 0.16), within(1e-12));
        assertThat(col[1]).isCloseTo(2 * (0.16 * k12), within(1e-12));   // different classes: no J_dis entry
        pp.column(0, col);
        // Q_00 = 2(0.16 + μ·1 + λ·g_1) with P_00 = [y_0 = y_0 ≠ c_1] = 1 and g_1 = 0: 2(0.16 + 0.7).
        assertThat(col[0]).isCloseTo(2 * (0.16 + 0.7), within(1e-12));
    }

    @Test
    void cappedSimplexClosedFormEqualsOjAlgoLp() {
        SplittableRandom rnd = new SplittableRandom(31);
        for (int trial = 0; trial < 12; trial++) {
            int mm = 5 + rnd.nextInt(10);
            int r = 1 + rnd.nextInt(mm + 2);   // r > M too (then uniform)
            double[] coef = new double[mm];
            for (int q = 0; q < mm; q++) {
                coef[q] = rnd.nextGaussian();
            }
            double[] closed = ImkplState.cappedSimplexLp(coef, r);
            org.ojalgo.optimisation.ExpressionsBasedModel model = new org.ojalgo.optimisation.ExpressionsBasedModel();
            org.ojalgo.optimisation.Expression sum = model.addExpression("sum").level(1.0);
            double cap = 1.0 / Math.min(r, mm);
            for (int q = 0; q < mm; q++) {
                org.ojalgo.optimisation.Variable v = model.addVariable("b" + q).lower(0.0).upper(cap).weight(coef[q]);
                sum.set(v, 1.0);
            }
            org.ojalgo.optimisation.Optimisation.Result res = model.minimise();
            assertThat(res.getState().isOptimal()).isTrue();
            double lp = res.getValue();
            double cf = 0;
            for (int q = 0; q < mm; q++) {
                cf += coef[q] * closed[q];
                assertThat(closed[q]).isBetween(0.0, cap + 1e-15);
            }
            assertThat(Arrays.stream(closed).sum()).isCloseTo(1.0, within(1e-12));
            assertThat(cf).as("closed form vs ojAlgo LP, M=%d r=%d", mm, r).isCloseTo(lp, within(1e-9));
        }
    }

    @Test
    void excludeSelfKeepsEverySampleOutOfThePrototypesThatCodeItAndIsMonotone() {
        ImkplOptions o = ImkplOptions.of(2, 0.3, 0.2, 0.25).withSelfCoding(ImkplOptions.SelfCoding.EXCLUDE_SELF)
                .withBetaStep(ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP).withKernelCap(2);
        ImkplState st = state(o, 12);
        double j = st.objective();
        for (int it = 0; it < 4; it++) {
            st.codeStep();
            st.prototypeStep();
            st.betaStep();
            double jn = st.objective();
            assertThat(jn).isLessThanOrEqualTo(j + 1e-9 * Math.abs(j));
            j = jn;
            int used = 0;
            for (int i = 0; i < st.n; i++) {
                for (int q = 0; q < st.k; q++) {
                    assertThat(st.gam[i][q] * st.u[q][i]).as("gamma_%d,%d * u_%d,%d", q, i, i, q).isZero();
                    used += st.gam[i][q] != 0 ? 1 : 0;
                }
            }
            assertThat(used).as("codes are not all empty").isPositive();
        }
    }

    @Test
    void noBlockStepIncreasesTheObjective() {
        for (ImkplOptions.BetaStep bs : ImkplOptions.BetaStep.values()) {
          for (ImkplOptions.LsForm ls : ImkplOptions.LsForm.values()) {
           for (ImkplOptions.DisForm dis : ImkplOptions.DisForm.values()) {
            ImkplOptions o = new ImkplOptions(2, 0.3, 0.2, 0.25, bs, ls, 10, 1e-4, false,
                    ImkplOptions.SelfCoding.HIDE_SELF_PROTOTYPE, 2, 7, dis);
            ImkplState st = state(o, 8);
            double j = st.objective();
            double initial = j;
            for (int it = 0; it < 4; it++) {
                st.codeStep();
                double a = st.objective();
                assertThat(a).as("code step, " + bs).isLessThanOrEqualTo(j + 1e-9 * Math.abs(j));
                st.prototypeStep();
                double b = st.objective();
                assertThat(b).as("prototype step, " + bs).isLessThanOrEqualTo(a + 1e-9 * Math.abs(a));
                for (int q = 0; q < st.k; q++) {
                    assertThat(st.uKu(st.u[q])).isCloseTo(1.0, within(1e-9));
                }
                st.betaStep();
                double c = st.objective();
                assertThat(c).as("beta step, " + bs).isLessThanOrEqualTo(b + 1e-7 * Math.abs(b));
                assertThat(Arrays.stream(st.beta).sum()).isCloseTo(1.0, within(1e-9));
                for (double v : st.beta) {
                    assertThat(v).isGreaterThanOrEqualTo(0.0);
                }
                j = c;
            }
            assertThat(j).as("the steps do something, " + bs).isLessThan(initial);
           }
          }
        }
    }
}
