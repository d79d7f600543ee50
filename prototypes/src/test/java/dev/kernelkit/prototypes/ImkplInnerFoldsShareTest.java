package dev.kernelkit.prototypes;

import static dev.kernelkit.prototypes.ImkplSharedWorkTest.assertSameBits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the inner CV's folds and the final fit share: the starting K(β⁰) of a fold is the sub-matrix of the training
 * part's ({@link UniformStart}), bit for bit what the fold computes itself; the rules of one inner fit score a held-out
 * part from one set of projections ({@link ImkplModel#sharingScoredProjections}), the labels and codes of the model
 * without the store; an inner fit's model reads K(β) from its state, and at r &gt; M/2 its held-out part's kernel rows
 * from the start's K(β⁰), each equal to the model's own to rounding (the two parts that are not bit for bit).
 */
class ImkplInnerFoldsShareTest {

    private static ImkplOptions capped(int r) {
        return ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withKernelCap(r)
                .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE).withMaxIterations(5);
    }

    /** a and b predict the same labels for {@code points} under every rule inner CV chooses among. */
    private static void assertSameLabelsUnderEveryRule(ImkplModel a, ImkplModel b, List<Vec> points) {
        for (ImkplOptions.PredictionRule rule : Imkpl.RULES) {
            assertThat(a.withPredictionRule(rule).predictLabels(points)).as("rule %s", rule)
                    .containsExactly(b.withPredictionRule(rule).predictLabels(points));
        }
    }

    private static double[] uniformK(MultipleKernel kernels, List<? extends Vec> x) {
        double[] beta = new double[kernels.count()];
        Arrays.fill(beta, 1.0 / beta.length);
        double[] k = new double[x.size() * x.size()];
        kernels.gram(x, 0L).combinedInto(beta, k);
        return k;
    }

    /** Per-feature Gaussians (one column each) and SimpleMKL's set (all-variables Gaussians and polynomials on the Gram). */
    private static List<MultipleKernel> kernelSets(LabeledDataset d) {
        return List.of(MultipleKernel.gaussianPerFeature(d.points()),
                MultipleKernel.simpleMklProtocol(d.dim()).withUnitDiagonal());
    }

    @Test
    void aFoldsStartingKernelIsTheSubMatrixOfTheTrainingPartsBitForBit() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(10, 3, 4, 0.9, 5);
        for (MultipleKernel kernels : kernelSets(d)) {
            UniformStart start = new UniformStart(kernels, d.points());
            for (Splits.Split s : Splits.stratifiedKFold(d.labels(), 3, 7)) {
                LabeledDataset fold = d.subset(s.train());
                assertSameBits(start.over(fold.points()), uniformK(kernels, fold.points()));
            }
            double[] whole = start.over(d.points());   // the last reader takes the array itself
            assertSameBits(whole, uniformK(kernels, d.points()));
            java.util.Arrays.fill(whole, -1.0);        // the taker owns it: a later reader gets it computed again
            assertSameBits(start.over(d.points()), uniformK(kernels, d.points()));
            assertSameBits(start.over(d.subset(new int[] {4, 0, 7}).points()), uniformK(kernels,
                    d.subset(new int[] {4, 0, 7}).points()));
        }
    }

    @Test
    void aListWithAForeignPointOrASubsetOfAPartWithARepeatedPointComputesItsOwn() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(6, 2, 3, 0.9, 8);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        List<Vec> foreign = new ArrayList<>(d.points());
        foreign.set(3, new DenseVec(d.points().get(3).toArray()));   // equal values, another object
        assertThat(new UniformStart(kernels, d.points()).over(foreign)).isNull();
        List<Vec> repeated = new ArrayList<>(d.points());
        repeated.set(5, repeated.get(4));
        UniformStart withRepeat = new UniformStart(kernels, repeated);
        assertThat(withRepeat.over(repeated.subList(0, 8))).isNull();
        assertSameBits(withRepeat.over(repeated), uniformK(kernels, repeated));   // the part itself: entry by index
        assertThatThrownBy(() -> new ImkplState(MultipleKernel.gaussianPerFeature(d.points()), d.points(),
                Imkpl.classIndices(d, d.classes()), 2, capped(2),
                new BaseValueMemo(MultipleKernel.gaussianPerFeature(d.points()), d.points(), 0L), withRepeat))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("other kernels");
    }

    @Test
    void aFitOnAFoldStartedFromTheTrainingPartsKernelIsTheFitOnItsOwn() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(9, 3, 5, 1.0, 31);
        for (MultipleKernel kernels : kernelSets(d)) {
            UniformStart start = new UniformStart(kernels, d.points());
            LabeledDataset fold = d.subset(Splits.stratifiedKFold(d.labels(), 3, 2).get(1).train());
            for (int r : new int[] {2, 5}) {
                ImkplModel shared = Imkpl.fitResolved(fold, kernels, capped(r), FitListener.SILENT, "shared",
                        new BaseValueMemo(kernels, fold.points(), 0L), start);
                ImkplModel alone = Imkpl.fitResolved(fold, kernels, capped(r), FitListener.SILENT, "alone",
                        new BaseValueMemo(kernels, fold.points(), 0L));
                ImkplSharedWorkTest.assertSameFit(shared, alone);
            }
        }
    }

    @Test
    void innerCvWithTheSharedStartScoresEveryCapAndRuleAsFoldsStartedOnTheirOwn() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(10, 3, 6, 1.6, 13);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        ImkplOptions o = ImkplOptions.recommended(2, 0.2, 0.1, 0.3).withInnerFolds(3);
        List<Vec> copies = new ArrayList<>();
        for (Vec v : d.points()) {
            copies.add(new DenseVec(v.toArray()));
        }
        Imkpl.InnerChoice shared = Imkpl.chooseByInnerCv(d, kernels, o, new UniformStart(kernels, d.points()));
        Imkpl.InnerChoice own = Imkpl.chooseByInnerCv(d, kernels, o, new UniformStart(kernels, copies));   // never matches
        assertThat(shared.options()).isEqualTo(own.options());
        for (int a = 0; a < own.accuracy().length; a++) {
            assertSameBits(shared.accuracy()[a], own.accuracy()[a]);
        }
    }

    @Test
    void rulesScoringFromSharedProjectionsGiveTheLabelsAndCodesOfTheModelAloneListAfterList() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(12, 3, 4, 1.8, 3);
        LabeledDataset other = ImkplBlockStepsTest.blobs(12, 3, 4, 1.8, 4);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        ImkplModel alone = Imkpl.fitResolved(d, kernels, capped(3), FitListener.SILENT, "alone",
                new BaseValueMemo(kernels, d.points(), 0L));
        List<Vec> first = d.points().subList(0, 20);
        List<Vec> second = other.points().subList(0, 20);
        ImkplModel sharing = alone.sharingScoredProjections();
        boolean listsDiffer = false;
        for (List<Vec> list : List.of(first, second, first)) {
            for (ImkplOptions.PredictionRule rule : Imkpl.RULES) {
                double[] expected = alone.withPredictionRule(rule).predictLabels(list);
                assertThat(sharing.withPredictionRule(rule).predictLabels(list)).containsExactly(expected);
                for (ImkplModel m : List.of(alone.withPredictionRule(rule), sharing.withPredictionRule(rule))) {
                    double[][] codes = m.codes(list);
                    double[][] ruleCodes = m.ruleCodes(list);
                    for (int i = 0; i < list.size(); i++) {
                        assertSameBits(codes[i], alone.codes(list.get(i)));
                        assertSameBits(ruleCodes[i], alone.withPredictionRule(rule).ruleCode(list.get(i)));
                    }
                }
                listsDiffer |= !Arrays.equals(expected, alone.withPredictionRule(rule).predictLabels(
                        list == first ? second : first));
            }
        }
        assertThat(listsDiffer).as("the two lists must be told apart for this test to check the store").isTrue();
    }

    @Test
    void anInnerFitsModelReadsItsStatesKernelWhichEqualsAFreshOneToRoundingAndPredictsTheSame() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(12, 3, 10, 1.4, 17);
        LabeledDataset test = ImkplBlockStepsTest.blobs(12, 3, 10, 1.4, 18);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        Imkpl.SharedStart start = new Imkpl.SharedStart(d, kernels,
                new BaseValueMemo(kernels, d.points(), BaseValueMemo.defaultBudgetBytes()));
        for (int r : new int[] {7, 3}) {
            ImkplOptions o = capped(r).withMaxIterations(8);
            ImkplModel inner = start.fit(o);   // K between its points from the state (updated by swapped kernels)
            ImkplModel fresh = Imkpl.fitResolved(d, kernels, o, FitListener.SILENT, "fresh",
                    new BaseValueMemo(kernels, d.points(), 0L));
            assertSameBits(inner.kernelWeights(), fresh.kernelWeights());
            int p = fresh.storedPoints().size();
            assertThat(inner.storedPoints()).containsExactlyElementsOf(fresh.storedPoints());
            double worst = 0;
            for (int a = 0; a < p; a++) {
                for (int b = 0; b < p; b++) {
                    worst = Math.max(worst, Math.abs(inner.kernelBetweenPoints(a, b) - fresh.kernelBetweenPoints(a, b)));
                }
            }
            assertThat(worst).as("K(beta) of the state against a fresh one, r = %d", r).isLessThanOrEqualTo(1e-13);
            assertSameLabelsUnderEveryRule(inner, fresh, test.points());
        }
    }

    @Test
    void aModelWithAnotherReportIsTheSameModel() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(8, 2, 3, 1.0, 9);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        ImkplModel m = Imkpl.fitResolved(d, kernels, capped(2), FitListener.SILENT, "m",
                new BaseValueMemo(kernels, d.points(), 0L));
        FitReport r = new FitReport("imkpl", "other", 1, 3, true, new double[] {1, 0.5}, 2.5);
        ImkplModel w = m.withReport(r);
        assertThat(w.report()).isSameAs(r);
        assertThat(w.options()).isEqualTo(m.options());
        assertSameBits(w.kernelWeights(), m.kernelWeights());
        assertSameLabelsUnderEveryRule(w, m, d.points());
    }

    @Test
    void heldOutRowsReadFromTheStartEqualTheModelsOwnToRoundingAndAreReadOnlyWhereCheaper() {
        LabeledDataset d = ImkplBlockStepsTest.blobs(12, 3, 10, 1.4, 21);
        MultipleKernel kernels = MultipleKernel.gaussianPerFeature(d.points());
        UniformStart start = new UniformStart(kernels, d.points());
        Splits.Split s = Splits.stratifiedKFold(d.labels(), 3, 5).get(0);
        LabeledDataset fold = d.subset(s.train());
        List<Vec> held = d.subset(s.test()).points();
        start.over(fold.points());                              // the fold's start, as inner CV computes it
        for (int r : new int[] {9, 6, 5}) {                     // M = 10: rows from the start only where r > M/2
            ImkplModel m = Imkpl.fitResolved(fold, kernels, capped(r), FitListener.SILENT, "m",
                    new BaseValueMemo(kernels, fold.points(), 0L));
            ImkplModel.StartRows rows = ImkplModel.StartRows.of(m, start);
            if (r <= 5) {
                assertThat(rows).as("r = %d", r).isNull();
                continue;
            }
            assertThat(rows).as("r = %d", r).isNotNull();
            double worst = 0;
            boolean anyDiffer = false;
            for (Vec z : held) {
                double[] own = m.kernelRowOf(z);
                double[] fromStart = rows.row(z);
                for (int a = 0; a < own.length; a++) {
                    worst = Math.max(worst, Math.abs(own[a] - fromStart[a]));
                }
                anyDiffer |= !Arrays.equals(own, new double[own.length]);
            }
            assertThat(anyDiffer).isTrue();
            assertThat(worst).as("rows from the start against the model's, r = %d", r).isLessThanOrEqualTo(1e-14);
            assertThat(rows.row(new DenseVec(held.get(0).toArray()))).as("a point not of the part").isNull();
            ImkplModel sharing = m.sharingScoredProjections(start);
            assertSameLabelsUnderEveryRule(sharing, m, held);
        }
        List<Vec> repeated = new ArrayList<>(d.points());
        repeated.add(repeated.get(0));
        UniformStart withRepeat = new UniformStart(kernels, repeated);
        withRepeat.over(repeated);
        ImkplModel m = Imkpl.fitResolved(fold, kernels, capped(9), FitListener.SILENT, "m",
                new BaseValueMemo(kernels, fold.points(), 0L));
        assertThat(ImkplModel.StartRows.of(m, withRepeat)).as("a part with a repeated point object").isNull();
        assertThat(ImkplModel.StartRows.of(m, new UniformStart(kernels, d.points()))).as("nothing computed yet").isNull();
    }
}
