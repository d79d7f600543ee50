package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.gram.MultipleKernel;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cheaper forms of IMKPL's steps give what the former ones gave: the neighbourhoods by one scan with insertion
 * buffers against a sort of every sample (bit for bit), a β-step that leaves β unchanged keeping the combined kernel
 * instead of recomputing it (bit for bit), and an update of the combined kernel by the kernels that changed against
 * a fresh one (to rounding).
 */
class ImkplStepsWithoutWasteTest {

    /** The former neighbourhood rule: sort all samples by the former comparator, walk the order, skip i. */
    private static int[][] bySort(double[] d, int[] y, int i, int kap) {
        int n = d.length;
        Integer[] order = new Integer[n];
        for (int s = 0; s < n; s++) {
            order[s] = s;
        }
        Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : d[a] != d[b] ? Double.compare(d[a], d[b]) : Integer.compare(a, b));
        int[] p = new int[kap];
        int[] q = new int[kap];
        int np = 0, nq = 0;
        for (Integer s : order) {
            if (s == i) {
                continue;
            }
            if (y[s] == y[i]) {
                if (np < kap) {
                    p[np++] = s;
                }
            } else if (nq < kap) {
                q[nq++] = s;
            }
        }
        return new int[][] {Arrays.copyOf(p, np), Arrays.copyOf(q, nq)};
    }

    @Test
    void nearestEqualsTheSortByDistanceThenIndexWithTiesNaNAndSignedZeros() {
        SplittableRandom rnd = new SplittableRandom(7);
        double[] pool = {0.0, -0.0, 0.5, 0.5, 1.0, 2.0, Double.NaN, 1e-300, -1e-17, 3.0};
        int cases = 0;
        for (int trial = 0; trial < 400; trial++) {
            int n = 2 + rnd.nextInt(40);
            int classes = 1 + rnd.nextInt(4);
            double[] d = new double[n];
            int[] y = new int[n];
            for (int s = 0; s < n; s++) {
                // few distinct values, so that ties decide most places
                d[s] = rnd.nextInt(3) == 0 ? rnd.nextDouble() : pool[rnd.nextInt(pool.length)];
                y[s] = rnd.nextInt(classes);
            }
            int kap = 1 + rnd.nextInt(12);
            for (int i = 0; i < n; i++) {
                int[][] got = ImkplState.nearest(d, y, i, kap);
                int[][] want = bySort(d, y, i, kap);
                assertThat(got[0]).as("plus, trial %d, i %d", trial, i).containsExactly(want[0]);
                assertThat(got[1]).as("minus, trial %d, i %d", trial, i).containsExactly(want[1]);
                cases++;
            }
        }
        assertThat(cases).isGreaterThan(4000);
    }

    @Test
    void combinedKernelMatchesAFreshOneAfterEveryBetaStepAndStaysWhenBetaIsUnchanged() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(8, 3, 6, 0.8, 5);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        int[] y = Imkpl.classIndices(d, d.classes());
        for (ImkplOptions.BetaStep step : new ImkplOptions.BetaStep[] {ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP,
                ImkplOptions.BetaStep.SIMPLEX_LP, ImkplOptions.BetaStep.NORMALISED_LP}) {
            ImkplOptions o = ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withBetaStep(step).withKernelCap(3)
                    .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE);
            ImkplState st = new ImkplState(kernels, d.points(), y, 3, o,
                    new BaseValueMemo(kernels, d.points(), BaseValueMemo.defaultBudgetBytes()));
            int unchanged = 0;
            for (int it = 0; it < 8; it++) {
                st.codeStep();
                st.prototypeStep();
                double[] before = st.beta.clone();
                double[] kcBefore = st.kc.clone();
                st.betaStep();
                if (Arrays.equals(before, st.beta)) {
                    unchanged++;
                    ImkplSharedWorkTest.assertSameBits(st.kc, kcBefore);   // kept, not rebuilt
                }
                double[] fresh = new double[st.kc.length];
                st.ev.combinedInto(st.beta, fresh);
                assertThat(maxAbsDifference(st.kc, fresh)).as("%s, iteration %d", step, it).isLessThan(1e-14);
                for (int i = 0; i < st.n; i++) {
                    for (int j = 0; j < i; j++) {
                        assertThat(Double.doubleToLongBits(st.kc[i * st.n + j]))
                                .as("K symmetric at (%d, %d)", i, j).isEqualTo(Double.doubleToLongBits(st.kc[j * st.n + i]));
                    }
                }
            }
            if (step != ImkplOptions.BetaStep.NORMALISED_LP) {
                // the path that keeps the kernel ran (the capped and simplex steps settle within a few iterations)
                assertThat(unchanged).as("%s: beta-steps that left beta unchanged", step).isPositive();
            }
        }
    }

    private static double maxAbsDifference(double[] a, double[] b) {
        double worst = 0;
        for (int e = 0; e < a.length; e++) {
            worst = Math.max(worst, Math.abs(a[e] - b[e]));
        }
        return worst;
    }

    /** A state at the uniform start on 21 points of 3 classes, 12 per-feature kernels, capped β-step at r. */
    private static ImkplState cappedOnBlobs(int r, long seed) {
        LabeledDataset d = ImkplBlockStepsTest.blobs(7, 3, 12, 0.8, seed);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        return new ImkplState(kernels, d.points(), Imkpl.classIndices(d, d.classes()), 3,
                ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withKernelCap(r)
                        .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE),
                new BaseValueMemo(kernels, d.points(), 0L));
    }

    @Test
    void anUpdateOfTheKernelsThatChangedEqualsAFreshCombinedKernelToRounding() {
        ImkplState st = cappedOnBlobs(8, 9);
        int m = st.m;
        double[] old = new double[m];
        for (int q = 0; q < 8; q++) {
            old[q] = 1.0 / 8;
        }
        // one kernel swapped (2 of 8 weights change: the update path), then most of them (a fresh K(beta))
        double[][] next = {old.clone(), new double[m]};
        next[0][7] = 0;
        next[0][9] = 1.0 / 8;
        for (int q = 5; q < 12; q++) {
            next[1][q] = 1.0 / 7;
        }
        double[] from = old;
        for (double[] nb : next) {
            System.arraycopy(from, 0, st.beta, 0, m);
            st.computeCombinedKernel();
            double[] kcOld = st.kc.clone();
            System.arraycopy(nb, 0, st.beta, 0, m);
            st.updateCombinedKernel(from);
            double[] fresh = new double[st.kc.length];
            st.ev.combinedInto(nb, fresh);
            assertThat(maxAbsDifference(st.kc, fresh)).isLessThan(1e-14);
            assertThat(maxAbsDifference(st.kc, kcOld)).as("the kernel changed").isGreaterThan(1e-6);
            if (nb == next[1]) {
                ImkplSharedWorkTest.assertSameBits(st.kc, fresh);
            }
            from = nb;
        }
    }

    @Test
    void fromTheUniformStartToOneWeightOnMostKernelsOnlyTheLeavingKernelsAreEvaluatedAndKEqualsAFreshOneToRounding() {
        ImkplState st = cappedOnBlobs(10, 11);
        int m = st.m;
        double[] uniform = st.beta.clone();                    // 1/12 on every kernel: the start
        // 1/r on r kernels: with r = 10 the 2 that leave are evaluated (c·K(β⁰) − K(2/10)), with r = 5 K(β) afresh
        int[][] cases = {{10, 2}, {9, 3}, {5, 5}};
        for (int[] c : cases) {
            int r = c[0];
            System.arraycopy(uniform, 0, st.beta, 0, m);
            st.computeCombinedKernel();
            double[] nb = new double[m];
            for (int q = 0; q < r; q++) {
                nb[(5 * q + 1) % m] = 1.0 / r;              // 5 and 12 coprime: r distinct kernels
            }
            System.arraycopy(nb, 0, st.beta, 0, m);
            assertThat(st.updateCombinedKernel(uniform)).as("kernels evaluated, r = %d", r).isEqualTo(c[1]);
            double[] fresh = new double[st.kc.length];
            st.ev.combinedInto(nb, fresh);
            assertThat(maxAbsDifference(st.kc, fresh)).as("r = %d", r).isLessThan(1e-14);
            if (r == 5) {
                ImkplSharedWorkTest.assertSameBits(st.kc, fresh);
            }
        }
    }

    @Test
    void theObjectiveTheBetaStepLeavesIsTheStatesObjectiveBitForBit() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(8, 3, 9, 1.2, 23);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        for (ImkplOptions o : List.of(ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withKernelCap(3),
                ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withBetaStep(ImkplOptions.BetaStep.FIXED))) {
            ImkplState st = new ImkplState(kernels, d.points(), Imkpl.classIndices(d, d.classes()), 3,
                    o.withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE),
                    new BaseValueMemo(kernels, d.points(), 0L));
            int changed = 0;
            for (int it = 0; it < 6; it++) {
                st.codeStep();
                st.prototypeStep();
                changed += st.betaStep() ? 1 : 0;
                assertThat(Double.doubleToRawLongBits(st.objectiveAfterBetaStep()))
                        .as("%s, iteration %d", o.betaStep(), it).isEqualTo(Double.doubleToRawLongBits(st.objective()));
            }
            if (o.betaStep() != ImkplOptions.BetaStep.FIXED) {
                assertThat(changed).as("beta-steps that changed beta").isPositive();
            }
        }
    }
}
