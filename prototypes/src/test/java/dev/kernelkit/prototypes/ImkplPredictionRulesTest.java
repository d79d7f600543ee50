package dev.kernelkit.prototypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.ModelFormatException;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The prediction rules of {@link ImkplModel} ({@link ImkplOptions.PredictionRule}) against computations that
 * do not use the model's cached matrices: the combined kernel is rebuilt from the base kernels' own values
 * (normalised to unit diagonal by hand), the prototypes from their constituents, and the class residual is
 * minimised over every support by ojAlgo's QP solver ({@link QpOracle}).
 */
class ImkplPredictionRulesTest {

    /** K(β)(a, b) from the base kernels' raw values: Σ_m β_m k_m(a,b)/√(k_m(a,a)k_m(b,b)). */
    static double combined(ImkplModel m, Vec a, Vec b) {
        MultipleKernel ks = m.baseKernels();
        double[] beta = m.kernelWeights();
        double v = 0;
        for (int q = 0; q < ks.count(); q++) {
            if (beta[q] == 0) {
                continue;
            }
            double kab = ks.kernel(q).apply(a, b);
            v += beta[q] * kab / Math.sqrt(ks.kernel(q).apply(a, a) * ks.kernel(q).apply(b, b));
        }
        return v;
    }

    /** u_jᵀk_z and u_jᵀKu_l from the constituents of the prototypes. */
    static double[] projections(ImkplModel m, LabeledDataset train, Vec z) {
        double[] p = new double[m.prototypeCount()];
        for (int j = 0; j < p.length; j++) {
            for (ImkplModel.Constituent c : m.prototype(j)) {
                p[j] += c.weight() * combined(m, z, train.x(c.trainingIndex()));
            }
        }
        return p;
    }

    static double[][] gram(ImkplModel m, LabeledDataset train) {
        int k = m.prototypeCount();
        double[][] g = new double[k][k];
        for (int j = 0; j < k; j++) {
            for (int l = 0; l < k; l++) {
                for (ImkplModel.Constituent a : m.prototype(j)) {
                    for (ImkplModel.Constituent b : m.prototype(l)) {
                        g[j][l] += a.weight() * b.weight()
                                * combined(m, train.x(a.trainingIndex()), train.x(b.trainingIndex()));
                    }
                }
            }
        }
        return g;
    }

    static ImkplModel fitted(LabeledDataset train, ImkplOptions.PredictionRule rule) {
        return Imkpl.fit(train, ImkplOptions.of(2, 0.1, 0.1, 0.1).withBetaStep(ImkplOptions.BetaStep.CAPPED_SIMPLEX_LP)
                .withKernelCap(2).withMaxIterations(4).withPredictionRule(rule));
    }

    @Test
    void classReconstructionResidualEqualsTheBruteForceMinimumOverEverySupport() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(6, 3, 3, 0.8, 51);
        LabeledDataset test = ImkplBlockStepsTest.blobs(4, 3, 3, 0.8, 52);
        ImkplModel m = fitted(train, ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION);
        int t = m.options().t();
        double[][] g = gram(m, train);
        int exactClasses = 0;
        for (Vec z : test.points()) {
            double kzz = combined(m, z, z);
            double[] p = projections(m, train, z);
            double[] res = m.classResiduals(z);
            double[] brute = new double[m.classCount()];
            for (int q = 0; q < m.classCount(); q++) {
                List<Integer> pq = new ArrayList<>();
                for (int j = 0; j < m.prototypeCount(); j++) {
                    if (m.prototypeClass(j) == q) {
                        pq.add(j);
                    }
                }
                int n = pq.size();
                double[][] qq = new double[n][n];
                double[] c = new double[n];
                for (int a = 0; a < n; a++) {
                    c[a] = -2 * p[pq.get(a)];
                    for (int b = 0; b < n; b++) {
                        qq[a][b] = 2 * g[pq.get(a)][pq.get(b)];
                    }
                }
                // min over supports of size <= T of ||Phi(z) - Phi(X)U_q gamma||^2 = K(z,z) + min f(gamma)
                brute[q] = kzz + QpOracle.bruteForce(qq, c, t);
                assertThat(res[q]).isGreaterThanOrEqualTo(brute[q] - 1e-7);
                if (n <= t) {
                    assertThat(res[q]).isCloseTo(brute[q], within(1e-7));
                    exactClasses++;
                }
            }
            if (Arrays.stream(brute).allMatch(Double::isFinite) && exactClasses > 0) {
                int best = 0;
                for (int q = 1; q < brute.length; q++) {
                    if (brute[q] < brute[best] - 1e-9) {
                        best = q;
                    }
                }
                double[] bruteSorted = brute.clone();
                Arrays.sort(bruteSorted);
                if (bruteSorted[1] - bruteSorted[0] > 1e-6) {
                    assertThat(m.predict(z)).isEqualTo(best);
                }
            }
        }
        assertThat(exactClasses).isGreaterThan(0);
    }

    @Test
    void nearestPrototypeRuleEqualsADirectDistanceComputation() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(6, 3, 3, 0.8, 53);
        LabeledDataset test = ImkplBlockStepsTest.blobs(5, 3, 3, 0.8, 54);
        ImkplModel m = fitted(train, ImkplOptions.PredictionRule.NEAREST_PROTOTYPE);
        int k = m.prototypeCount();
        for (Vec z : test.points()) {
            // ||Phi(z) - sum_s u_sj Phi(x_s)||^2 expanded pair by pair from kernel values
            double[] d = new double[k];
            for (int j = 0; j < k; j++) {
                double v = combined(m, z, z);
                for (ImkplModel.Constituent a : m.prototype(j)) {
                    v -= 2 * a.weight() * combined(m, z, train.x(a.trainingIndex()));
                    for (ImkplModel.Constituent b : m.prototype(j)) {
                        v += a.weight() * b.weight() * combined(m, train.x(a.trainingIndex()), train.x(b.trainingIndex()));
                    }
                }
                d[j] = v;
            }
            double[] own = m.prototypeDistances(z);
            int best = 0;
            for (int j = 0; j < k; j++) {
                assertThat(own[j]).isCloseTo(Math.max(0, d[j]), within(1e-9));
                if (d[j] < d[best]) {
                    best = j;
                }
            }
            assertThat(m.predict(z)).isEqualTo(m.prototypeClass(best));
            double[] code = m.ruleCode(z);
            assertThat(Arrays.stream(code).sum()).isEqualTo(1.0);
            assertThat(code[best]).isEqualTo(1.0);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ImkplOptions.PredictionRule.class, names = "BY_INNER_CV", mode = EnumSource.Mode.EXCLUDE)
    void decisionsAgreeWithPredictForTwoAndForManyClassesUnderEveryRule(ImkplOptions.PredictionRule rule) {
        LabeledDataset two = dev.kernelkit.testing.LearnerContract.binaryVectors();
        LabeledDataset four = ImkplBlockStepsTest.blobs(6, 4, 3, 0.9, 8);
        for (LabeledDataset d : List.of(two, four)) {
            ImkplModel m = Imkpl.fit(d, ImkplOptions.of(2, 0.1, 0.1, 0.1).withMaxIterations(3).withPredictionRule(rule));
            assertThat(m.predictionRule()).isEqualTo(rule);
            for (Vec z : d.points()) {
                double[] f = m.decisions(z);
                assertThat(f).hasSize(m.classCount() == 2 ? 1 : m.classCount());
                assertThat(Arrays.stream(f).allMatch(Double::isFinite)).isTrue();
                assertThat(Model.classOf(f)).isEqualTo(m.predict(z));
            }
        }
    }

    @Test
    void aModelWithAnotherRuleKeepsItsPrototypesAndThePaperRuleIsTheVoteOfTheCode() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(6, 3, 3, 0.8, 55);
        ImkplModel vote = fitted(train, ImkplOptions.PredictionRule.PROTOTYPE_VOTE);
        ImkplModel rec = vote.withPredictionRule(ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION);
        assertThat(rec.options().predictionRule()).isEqualTo(ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION);
        assertThat(rec.kernelWeights()).containsExactly(vote.kernelWeights());
        assertThat(rec.prototypeCount()).isEqualTo(vote.prototypeCount());
        for (Vec z : train.points()) {
            double[] g = vote.codes(z);
            assertThat(vote.ruleCode(z)).containsExactly(g);
            double[] sc = vote.classScores(g);
            if (Arrays.stream(g).anyMatch(v -> v > 0)) {
                int best = 0;
                for (int q = 1; q < sc.length; q++) {
                    if (sc[q] > sc[best]) {
                        best = q;
                    }
                }
                assertThat(vote.predict(z)).isEqualTo(best);
            }
        }
        assertThatThrownBy(() -> vote.withPredictionRule(ImkplOptions.PredictionRule.BY_INNER_CV))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("concrete prediction rule");
    }

    @Test
    void modelFilesStoreTheRuleAndFilesWithoutItLoadWithTheVote() throws Exception {
        LabeledDataset train = ImkplBlockStepsTest.blobs(6, 3, 3, 0.8, 56);
        ImkplModel rec = fitted(train, ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION);
        String text = Models.toText(rec, Map.of());
        assertThat(text).contains("options.prediction_rule = CLASS_RECONSTRUCTION");
        ImkplModel back = (ImkplModel) Models.parse("rec.model", text).model();
        assertThat(back.predictionRule()).isEqualTo(ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION);
        for (Vec z : train.points()) {
            assertThat(back.decisions(z)).containsExactly(rec.decisions(z));
        }
        // a version-1 file from before the rule was stored (no options.prediction_rule, no options.inner_folds)
        String old = ImkplCodecTest.legacyText(rec);
        assertThat(old).contains("version = 1").doesNotContain("options.prediction_rule");
        ImkplModel legacy = (ImkplModel) Models.parse("old.model", old).model();
        assertThat(legacy.predictionRule()).isEqualTo(ImkplOptions.PredictionRule.PROTOTYPE_VOTE);
        ImkplModel vote = rec.withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE);
        for (Vec z : train.points()) {
            assertThat(legacy.decisions(z)).containsExactly(vote.decisions(z));
        }
        String unresolved = text.replace("options.prediction_rule = CLASS_RECONSTRUCTION", "options.prediction_rule = BY_INNER_CV");
        assertThatThrownBy(() -> Models.parse("bad.model", unresolved)).isInstanceOf(ModelFormatException.class)
                .hasMessageContaining("bad.model").hasMessageContaining("needs the rule inner CV chose");
    }

    /**
     * One binary feature, one kernel: the samples are two points in feature space. Prototype 0 is a class-0 sample
     * at x = 1, prototypes 1 and 2 are class-1 samples there, prototype 3 a class-0 sample at x = 0.
     */
    static ImkplModel coincidentModel() {
        List<Vec> pts = List.of(dev.kernelkit.data.DenseVec.wrap(new double[] {1}),
                dev.kernelkit.data.DenseVec.wrap(new double[] {1}), dev.kernelkit.data.DenseVec.wrap(new double[] {1}),
                dev.kernelkit.data.DenseVec.wrap(new double[] {0}));
        MultipleKernel k = MultipleKernel.gaussianPerFeature(pts);
        return new ImkplModel(k, new double[] {1.0}, new double[] {-1, 1}, pts, new int[] {0, 1, 2, 3},
                new int[] {0, 1, 1, 0}, new int[][] {{0}, {1}, {2}, {3}}, new double[][] {{1}, {1}, {1}, {1}},
                new int[] {0, 1, 1, 0}, 1, ImkplOptions.of(1, 0.1, 0.1, 0.1),
                new dev.kernelkit.learn.FitReport(Imkpl.NAME, "by hand", 1L, 0, true, new double[] {0}, 0));
    }

    @Test
    void theVoteSharesACodesWeightEvenlyAmongPrototypesThatCoincideAcrossClasses() throws Exception {
        ImkplModel m = coincidentModel();
        Vec one = dev.kernelkit.data.DenseVec.wrap(new double[] {1});
        Vec zero = dev.kernelkit.data.DenseVec.wrap(new double[] {0});
        // the NQP code of x = 1 takes the first of three equally good prototypes, a class-0 one
        double[] g = m.codes(one);
        assertThat(g).containsExactly(new double[] {1, 0, 0, 0}, within(1e-12));
        assertThat(g[1] + g[2] + g[3]).isZero();
        // the vote reads it as one third on each (a hand count: class 0 gets 1/3, class 1 2/3)
        double third = g[0] / 3;
        assertThat(m.ruleCode(one)).containsExactly(new double[] {third, third, third, 0}, within(1e-15));
        assertThat(m.classScores(m.ruleCode(one))).containsExactly(new double[] {third, 2 * third}, within(1e-15));
        assertThat(m.predictLabel(one)).isEqualTo(1.0);
        assertThat(m.decisions(one)).containsExactly(new double[] {third}, within(1e-15));
        assertThat(Model.classOf(m.decisions(one))).isEqualTo(m.predict(one));
        ImkplModel.Explanation e = m.explain(one);
        assertThat(e.predicted()).isEqualTo(1.0);
        assertThat(e.prototypes()).extracting(ImkplModel.PrototypeUse::prototype).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(e.classScores()).containsExactly(new double[] {third, 2 * third}, within(1e-15));
        // x = 0 is coded by prototype 3 alone, which coincides with no other: the code is the NQP's
        assertThat(m.ruleCode(zero)).containsExactly(m.codes(zero));
        assertThat(m.predictLabel(zero)).isEqualTo(-1.0);
        // a model file gives the same vote (the groups come from the stored prototypes)
        ImkplModel back = (ImkplModel) Models.parse("c.model", Models.toText(m, Map.of())).model();
        assertThat(back.ruleCode(one)).containsExactly(m.ruleCode(one));
        assertThat(back.predictLabel(one)).isEqualTo(1.0);
        // the other rules are unchanged by the groups: the nearest prototype is the first of the three
        assertThat(m.withPredictionRule(ImkplOptions.PredictionRule.NEAREST_PROTOTYPE).ruleCode(one))
                .containsExactly(1.0, 0.0, 0.0, 0.0);
    }

    @Test
    void aFitOnOneBinaryFeatureVotesByTheFeatureRatherThanTheMajorityClass() {
        // 85 % of class 1 has x = 1 and 85 % of class -1 has x = 0 (exact counts), so the best any rule can do is
        // 85 %: with the vote's even split, the fit reaches it; a tie taken by prototype order could give the majority
        List<Vec> x = new ArrayList<>();
        double[] y = new double[220];
        int i = 0;
        for (int q = 0; q < 2; q++) {
            int n = q == 0 ? 120 : 100;
            for (int r = 0; r < n; r++) {
                boolean typical = r < n * 85 / 100;
                x.add(dev.kernelkit.data.DenseVec.wrap(new double[] {(q == 1) == typical ? 1 : 0}));
                y[i++] = q == 0 ? -1 : 1;
            }
        }
        LabeledDataset d = new LabeledDataset(x, y);
        // (before the even split, T = 10 at every seed and T = 3 and 5 at seed 4 gave 120, the majority class)
        for (int t : new int[] {3, 5, 10}) {
            for (long seed = 1; seed <= 4; seed++) {
                ImkplModel m = Imkpl.fit(d, ImkplOptions.of(t, 0.2, 0.2, 0.2).withSeed(seed)
                        .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE));
                double[] p = m.predictLabels(d.points());
                int right = 0;
                for (int s = 0; s < p.length; s++) {
                    right += p[s] == y[s] ? 1 : 0;
                }
                assertThat(right).as("T %d, seed %d", t, seed).isEqualTo(187);   // 102 + 85
            }
        }
    }

    @Test
    void kernelCapCandidatesAreCTimesTAndFiveAndTwentyPercentOfTheKernels() {
        assertThat(Imkpl.kernelCapCandidates(4, 18, 5748)).containsExactly(72, 288, 1150);
        assertThat(Imkpl.kernelCapCandidates(26, 20, 617)).containsExactly(31, 124, 520);
        assertThat(Imkpl.kernelCapCandidates(3, 2, 4)).containsExactly(1, 4);
    }

    @Test
    void innerCvChoosesOnTheTrainingSetAndTheFitEqualsAFitAtTheChosenOptions() {
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 6, 1.0, 57);
        ImkplOptions o = ImkplOptions.recommended(2, 0.1, 0.1, 0.1).withMaxIterations(3).withInnerFolds(3).withSeed(4);
        MultipleKernel ks = MultipleKernel.gaussianPerFeature(train.points());
        Imkpl.InnerChoice ch = Imkpl.chooseByInnerCv(train, ks, o);
        assertThat(ch.folds()).isEqualTo(3);
        assertThat(ch.caps()).containsExactly(Imkpl.kernelCapCandidates(3, 2, 6));
        assertThat(ch.rules()).hasSize(3);
        // the winner has the highest mean inner accuracy; ties go to the smaller r, then the earlier rule
        double best = Arrays.stream(ch.accuracy()).flatMapToDouble(Arrays::stream).max().orElseThrow();
        int a = Arrays.binarySearch(ch.caps(), ch.options().kernelCap());
        int b = ch.rules().indexOf(ch.options().predictionRule());
        assertThat(ch.accuracy()[a][b]).isEqualTo(best);
        for (int x = 0; x < ch.caps().length; x++) {
            for (int y = 0; y < ch.rules().size(); y++) {
                if (x < a || (x == a && y < b)) {
                    assertThat(ch.accuracy()[x][y]).isLessThan(best);
                }
            }
        }
        ImkplModel tuned = Imkpl.fit(train, ks, o, FitListener.SILENT);
        ImkplModel fixed = Imkpl.fit(train, ks, ch.options(), FitListener.SILENT);
        assertThat(tuned.options()).isEqualTo(ch.options());
        assertThat(tuned.report().options()).contains("3-fold inner CV chose kernelCap=" + ch.options().kernelCap());
        for (Vec z : train.points()) {
            assertThat(tuned.decisions(z)).containsExactly(fixed.decisions(z));
        }
    }

    @Test
    void innerCvOnTheHarnessEqualsTheInnerLoopRecomputedByHand() {
        // the choice of r and rule runs on ModelSelection; recomputed here as a plain loop: stratified k-fold seeded
        // options.seed() on the class indices, one fit per (fold, r) at T clamped to the fold's smallest class,
        // every rule scored on that fit, mean accuracy over folds, first best in (r, rule) order
        LabeledDataset train = ImkplBlockStepsTest.blobs(8, 3, 6, 1.0, 57);
        ImkplOptions o = ImkplOptions.recommended(2, 0.1, 0.1, 0.1).withMaxIterations(3).withInnerFolds(3).withSeed(9);
        MultipleKernel ks = MultipleKernel.gaussianPerFeature(train.points());
        double[] classes = train.classes();
        int[] caps = Imkpl.kernelCapCandidates(classes.length, o.t(), ks.count());
        List<dev.kernelkit.data.Splits.Split> folds = dev.kernelkit.data.Splits.stratifiedKFold(
                Imkpl.classIndices(train, classes), 3, 9);
        double[][] acc = new double[caps.length][Imkpl.RULES.size()];
        for (dev.kernelkit.data.Splits.Split f : folds) {
            LabeledDataset tr = train.subset(f.train());
            LabeledDataset va = train.subset(f.test());
            int smallest = Arrays.stream(classes).mapToInt(c -> (int) Arrays.stream(tr.labels()).filter(v -> v == c).count())
                    .min().orElseThrow();
            for (int a = 0; a < caps.length; a++) {
                ImkplModel m = Imkpl.fit(tr, ks, o.withT(Math.min(o.t(), smallest)).withKernelCap(caps[a])
                        .withPredictionRule(ImkplOptions.PredictionRule.PROTOTYPE_VOTE), FitListener.SILENT);
                for (int b = 0; b < Imkpl.RULES.size(); b++) {
                    double[] pred = m.withPredictionRule(Imkpl.RULES.get(b)).predictLabels(va.points());
                    int right = 0;
                    for (int i = 0; i < pred.length; i++) {
                        right += pred[i] == va.y(i) ? 1 : 0;
                    }
                    acc[a][b] += (double) right / pred.length / folds.size();
                }
            }
        }
        int ba = 0;
        int bb = 0;
        for (int a = 0; a < caps.length; a++) {
            for (int b = 0; b < Imkpl.RULES.size(); b++) {
                if (acc[a][b] > acc[ba][bb] + 1e-12) {
                    ba = a;
                    bb = b;
                }
            }
        }
        Imkpl.InnerChoice ch = Imkpl.chooseByInnerCv(train, ks, o);
        for (int a = 0; a < caps.length; a++) {
            for (int b = 0; b < Imkpl.RULES.size(); b++) {
                assertThat(ch.accuracy()[a][b]).as("r=%d rule %s", caps[a], Imkpl.RULES.get(b)).isCloseTo(acc[a][b], within(1e-12));
            }
        }
        assertThat(ch.options().kernelCap()).isEqualTo(caps[ba]);
        assertThat(ch.options().predictionRule()).isEqualTo(Imkpl.RULES.get(bb));
    }

    @Test
    void optionsRefuseABadCapOrFoldCount() {
        ImkplOptions o = ImkplOptions.recommended(2, 0.1, 0.1, 0.1);
        assertThatThrownBy(() -> o.withKernelCap(-2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kernelCap must be >= 0 (or -1: by inner CV), got -2");
        assertThatThrownBy(() -> o.withInnerFolds(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("innerFolds must be >= 2, got 1");
        assertThat(ImkplOptions.of(2, 0.1, 0.1, 0.1).innerCv()).isFalse();
        assertThat(o.innerCv()).isTrue();
    }
}
