package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import org.junit.jupiter.api.Test;

/**
 * The work IMKPL's fits share (the base-kernel values of the β-steps, {@link BaseValueMemo}) does not change a result
 * by a bit: the coefficients equal the direct per-kernel sums of the former code, and a fit reading a memo filled by a
 * fit at another r equals a fit on its own and a fit that keeps nothing.
 */
class ImkplSharedWorkTest {

    private static ImkplOptions capped(int r) {
        return ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withKernelCap(r)
                .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE).withMaxIterations(6);
    }

    /** The β coefficients as the code before the memo summed them: per kernel, constant + Σ_e w_e K_q(s_e, t_e) in order. */
    private static double[] directCoefficients(ImkplState st, ImkplState.BetaProblem bp) {
        double[] obj = new double[st.m];
        for (int q = 0; q < st.m; q++) {
            double acc = bp.constant;
            for (int e = 0; e < bp.weight.length; e++) {
                acc += bp.weight[e] * st.ev.value(q, bp.first[e], bp.second[e]);
            }
            obj[q] = acc;
        }
        return obj;
    }

    /** Every entry equal bit for bit (shared by the IMKPL exactness tests). */
    static void assertSameBits(double[] actual, double[] expected) {
        assertThat(actual.length).isEqualTo(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Double.doubleToLongBits(actual[i])).as("entry %d: %s vs %s", i, actual[i], expected[i])
                    .isEqualTo(Double.doubleToLongBits(expected[i]));
        }
    }

    @Test
    void betaCoefficientsEqualTheDirectSumsBitForBitWithAColdAWarmAndAnEmptyMemo() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(8, 3, 5, 0.8, 21);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        int[] y = Imkpl.classIndices(d, d.classes());
        for (long budget : new long[] {BaseValueMemo.defaultBudgetBytes(), 0L}) {
            BaseValueMemo memo = new BaseValueMemo(kernels, d.points(), budget);
            ImkplState st = new ImkplState(kernels, d.points(), y, 3, capped(4), memo);
            for (int it = 0; it < 3; it++) {
                st.codeStep();
                st.prototypeStep();
                ImkplState.BetaProblem cold = st.new BetaProblem();
                assertSameBits(cold.obj, directCoefficients(st, cold));
                ImkplState.BetaProblem warm = st.new BetaProblem();   // every pair now from the memo (budget > 0)
                assertSameBits(warm.obj, cold.obj);
                st.betaStep();
            }
            if (budget == 0) {
                assertThat(memo.size()).isZero();
            } else {
                assertThat(memo.size()).isPositive().isLessThanOrEqualTo(d.size() * (d.size() + 1) / 2);
            }
        }
    }

    @Test
    void aFitReadingAMemoFilledAtAnotherRIsTheFitOnItsOwn() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(9, 3, 6, 0.9, 33);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        BaseValueMemo shared = new BaseValueMemo(kernels, d.points(), BaseValueMemo.defaultBudgetBytes());
        Imkpl.fitResolved(d, kernels, capped(2), FitListener.SILENT, "r=2", shared);
        assertThat(shared.size()).isPositive();
        ImkplModel afterOther = Imkpl.fitResolved(d, kernels, capped(4), FitListener.SILENT, "r=4", shared);
        ImkplModel alone = Imkpl.fitResolved(d, kernels, capped(4), FitListener.SILENT, "r=4",
                new BaseValueMemo(kernels, d.points(), BaseValueMemo.defaultBudgetBytes()));
        ImkplModel keepsNothing = Imkpl.fitResolved(d, kernels, capped(4), FitListener.SILENT, "r=4",
                new BaseValueMemo(kernels, d.points(), 0L));
        for (ImkplModel other : new ImkplModel[] {alone, keepsNothing}) {
            assertSameBits(afterOther.objectiveHistory(), other.objectiveHistory());
            assertSameBits(afterOther.kernelWeights(), other.kernelWeights());
            assertThat(afterOther.prototypeCount()).isEqualTo(other.prototypeCount());
            for (int j = 0; j < other.prototypeCount(); j++) {
                assertThat(afterOther.prototypePoints(j)).containsExactly(other.prototypePoints(j));
                assertSameBits(afterOther.prototypeWeights(j), other.prototypeWeights(j));
            }
            assertThat(afterOther.predictLabels(d.points())).containsExactly(other.predictLabels(d.points()));
        }
    }

    /** The same objective trace, weights and prototypes bit for bit (shared by the IMKPL exactness tests). */
    static void assertSameFit(ImkplModel a, ImkplModel b) {
        assertSameBits(a.objectiveHistory(), b.objectiveHistory());
        assertSameBits(a.kernelWeights(), b.kernelWeights());
        assertThat(a.prototypeCount()).isEqualTo(b.prototypeCount());
        assertThat(a.prototypeClasses()).containsExactly(b.prototypeClasses());
        for (int j = 0; j < b.prototypeCount(); j++) {
            assertThat(a.prototypePoints(j)).containsExactly(b.prototypePoints(j));
            assertSameBits(a.prototypeWeights(j), b.prototypeWeights(j));
        }
    }

    @Test
    void fitsOfSeveralRFromOneSharedStartAreTheFitsOfSeparateRuns() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(9, 3, 8, 1.0, 44);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        BaseValueMemo memo = new BaseValueMemo(kernels, d.points(), BaseValueMemo.defaultBudgetBytes());
        Imkpl.SharedStart start = new Imkpl.SharedStart(d, kernels, memo);
        for (int r : new int[] {6, 2, 4, 6, 8}) {
            ImkplModel shared = start.fit(capped(r));
            ImkplModel alone = Imkpl.fitResolved(d, kernels, capped(r), FitListener.SILENT, "alone",
                    new BaseValueMemo(kernels, d.points(), 0L));
            assertSameFit(shared, alone);
        }
        assertThatThrownBy(() -> start.fit(capped(2).withBetaStep(ImkplOptions.BetaStep.NORMALISED_LP)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capped beta-step");
    }

    /** One β-step's worth of accumulation over the pairs (ps[e], pt[e]) with weights 1/(e + 2), checked against the direct sums. */
    private static void step(BaseValueMemo memo, dev.kernelkit.gram.SharedKernelMatrices ev, int[] ps, int[] pt) {
        int m = ev.count();
        double[] w = new double[ps.length];
        for (int e = 0; e < w.length; e++) {
            w[e] = 1.0 / (e + 2);
        }
        double[] acc = new double[m];
        memo.accumulate(ev, ps, pt, w, w.length, acc);
        double[] direct = new double[m];
        for (int q = 0; q < m; q++) {
            for (int e = 0; e < w.length; e++) {
                direct[q] += w[e] * ev.value(q, ps[e], pt[e]);
            }
        }
        assertSameBits(acc, direct);
    }

    @Test
    void theMemoFollowsTheStepsPairsDroppingThoseAStepDoesNotReadBeforeItComputes() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(8, 3, 5, 0.8, 21);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        dev.kernelkit.gram.SharedKernelMatrices ev = kernels.gram(d.points(), 0L);
        long perPair = 8L * kernels.count() + 64;
        BaseValueMemo memo = new BaseValueMemo(kernels, d.points(), 10 * perPair);   // room for 10 pairs
        int[] as = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4};
        int[] at = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        int[] bs = {5, 5, 6, 6, 7, 7, 8, 8, 9, 9};
        int[] bt = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
        step(memo, ev, as, at);
        assertThat(memo.computed()).isEqualTo(10);
        assertThat(memo.size()).isEqualTo(10);
        step(memo, ev, as, at);
        assertThat(memo.computed()).as("the second step reads every pair from the memo").isEqualTo(10);
        step(memo, ev, bs, bt);   // the memo is full of a's pairs, which b does not read: dropped first, b's kept
        assertThat(memo.computed()).isEqualTo(20);
        assertThat(memo.size()).isEqualTo(10);
        step(memo, ev, bs, bt);
        assertThat(memo.computed()).as("a memo that kept its first pairs would compute b's again").isEqualTo(20);
        int[] cs = {0, 0, 5, 5, 6, 6, 7, 7, 8, 8};   // two of a's pairs (dropped) and eight of b's (held)
        int[] ct = {1, 2, 11, 12, 13, 14, 15, 16, 17, 18};
        step(memo, ev, cs, ct);
        assertThat(memo.computed()).as("only the two pairs of a are computed").isEqualTo(22);
        assertThat(memo.size()).as("b's 9 and 10 are dropped, a's two kept").isEqualTo(10);
        step(memo, ev, cs, ct);
        assertThat(memo.computed()).isEqualTo(22);
    }

    @Test
    void aMemoOfThousandsOfPairsServesEveryHeldPairAndKeepsNoMoreThanItsBudget() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(25, 3, 4, 0.8, 29);   // 75 points: 2,850 pairs s < t
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        dev.kernelkit.gram.SharedKernelMatrices ev = kernels.gram(d.points(), 0L);
        int n = d.size();
        int pairs = n * (n - 1) / 2;
        int[] ps = new int[pairs];
        int[] pt = new int[pairs];
        int e = 0;
        for (int s = 0; s < n; s++) {
            for (int t = s + 1; t < n; t++) {
                ps[e] = s;
                pt[e++] = t;
            }
        }
        long perPair = 8L * kernels.count() + 64;
        BaseValueMemo all = new BaseValueMemo(kernels, d.points(), pairs * perPair);   // grows its table many times
        step(all, ev, ps, pt);
        step(all, ev, ps, pt);
        assertThat(all.size()).isEqualTo(pairs);
        assertThat(all.computed()).as("the second step reads all %d pairs from the memo", pairs).isEqualTo(pairs);
        BaseValueMemo part = new BaseValueMemo(kernels, d.points(), 1000 * perPair);
        step(part, ev, ps, pt);
        step(part, ev, ps, pt);
        assertThat(part.size()).isEqualTo(1000);
        assertThat(part.computed()).isEqualTo(2L * pairs - 1000);
    }

    @Test
    void aStateCopyMayChangeOnlyTheKernelCap() {
        ImkplState st = ImkplBlockStepsTest.state(capped(2), 4);
        assertThatThrownBy(() -> new ImkplState(st, capped(2).withWeights(0.5, 0.1, 0.3), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only the kernel cap");
    }

    @Test
    void aMemoMadeForOtherPointsIsRefused() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(4, 2, 3, 0.5, 2);
        LabeledDataset e = ImkplBlockStepsTest.blobs(4, 2, 3, 0.5, 3);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        BaseValueMemo memo = new BaseValueMemo(kernels, e.points(), 1 << 20);
        assertThatThrownBy(() -> new ImkplState(kernels, d.points(), Imkpl.classIndices(d, d.classes()), 2, capped(2), memo))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("other kernels or points");
    }
}
