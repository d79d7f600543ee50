package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.eval.Selection;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MklProtocolTest {

    /** Blobs shifted and stretched so that standardisation matters: feature 1 is in thousands. */
    static LabeledDataset raw(int n, long seed) {
        LabeledDataset b = TestData.gaussianBlobs(n, 2, 3.0, seed);
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x.add(DenseVec.of(b.x(i).get(0) + 5, 1000 * b.x(i).get(1)));
        }
        return new LabeledDataset(x, b.labels());
    }

    /** Three classes: the blobs' two, and a third where feature 0 is large (one-vs-rest machines). */
    static LabeledDataset threeClasses(int n, long seed) {
        LabeledDataset b = raw(n, seed);
        double[] y = b.labels();
        List<Vec> x = new ArrayList<>(b.points());
        for (int i = 0; i < n; i += 3) {
            y[i] = 2;
            x.set(i, DenseVec.of(b.x(i).get(0) + 4, b.x(i).get(1)));
        }
        return new LabeledDataset(x, y);
    }

    static final MklProtocol.Grid SMALL = new MklProtocol.Grid(List.of(0.01, 100.0), List.of(0.0, 1.0), List.of(0.1, 10.0),
            List.of(2.0, Double.POSITIVE_INFINITY));

    static MklProtocol.Tuning tuning(MklOptions base, int folds) {
        return new MklProtocol.Tuning(base, SMALL, true, true, MklProtocol.KernelChoice.protocol(), folds, 0);
    }

    /** The protocol written out by hand: standardise on the training part, protocol kernels with unit trace, fit. */
    record ByHand(FittedScaler scaler, MklModel model) {
        static ByHand fit(LabeledDataset train, MklOptions o) {
            FittedScaler s = FeatureScaling.STANDARD.fit(train);
            LabeledDataset st = s.apply(train);
            return new ByHand(s, SoftMarginMkl.fit(st, MultipleKernel.simpleMklProtocol(st.dim()).withUnitTrace(st.points()), o));
        }

        int correct(LabeledDataset test) {
            double[] pred = model.predictLabels(scaler.apply(test));
            int ok = 0;
            for (int i = 0; i < pred.length; i++) {
                ok += pred[i] == test.y(i) ? 1 : 0;
            }
            return ok;
        }
    }

    @Test
    void sm1ThetaGridEndsAreL1AndAverage() {
        // nu = 0 stands for 1/M: theta = 1 (L1); nu = 1: theta = 1/M (average kernel)
        assertThat(MklProtocol.sm1Theta(0, 39)).isEqualTo(1.0);
        assertThat(MklProtocol.sm1Theta(1, 39)).isEqualTo(1.0 / 39);
        assertThat(MklProtocol.sm1Theta(0.5, 40)).isEqualTo(0.05);
    }

    @Test
    void concurrentFitsKeepTheirSvmRowCachesWithinHalfTheHeap() {
        long mb = 1L << 20;
        // small n: each cache is at most n^2 floats, so every thread may fit
        assertThat(MklProtocol.concurrentFits(270, 200, 16, 4096 * mb)).isEqualTo(16);
        // large n: 200 MB caches, 2 GB for caches -> 10 at once; 512 MB heap -> 1 (sequential)
        assertThat(MklProtocol.concurrentFits(10_000, 200, 16, 4096 * mb)).isEqualTo(10);
        assertThat(MklProtocol.concurrentFits(10_000, 200, 16, 512 * mb)).isEqualTo(1);
        assertThat(MklProtocol.concurrentFits(10_000, 200, 2, 64 * mb)).isEqualTo(1);
    }

    @Test
    void gridIsCSlowestTimesTheMethodsSecondParameterWithThetaFromNuAndM() {
        // d = 2: M = 39; SM1's nu = 1 is theta = 1/39, nu = 0 is theta = 1
        MklProtocol.Tuning sm1 = tuning(MklOptions.sm1(1, 1), 3);
        List<MklOptions> got = sm1.grid(2).points().stream().map(p -> sm1.options(p, 39)).toList();
        assertThat(got).containsExactly(MklOptions.sm1(0.01, 1.0), MklOptions.sm1(0.01, 1.0 / 39),
                MklOptions.sm1(100, 1.0), MklOptions.sm1(100, 1.0 / 39));
        MklProtocol.Tuning lp = tuning(MklOptions.lp(1, 3), 3);
        assertThat(lp.grid(2).points().stream().map(p -> lp.options(p, 39)).toList()).containsExactly(
                MklOptions.lp(0.01, 2), MklOptions.lp(0.01, Double.POSITIVE_INFINITY), MklOptions.lp(100, 2),
                MklOptions.lp(100, Double.POSITIVE_INFINITY));
        // SimpleMKL has no second parameter; C given and theta given: one point, the base options
        MklProtocol.Tuning simple = tuning(MklOptions.simple(1), 3);
        assertThat(simple.grid(2).size()).isEqualTo(2);
        MklProtocol.Tuning fixed = new MklProtocol.Tuning(MklOptions.sm2(5, 0.5), SMALL, false, false,
                MklProtocol.KernelChoice.protocol(), 3, 0);
        assertThat(fixed.grid(2).size()).isEqualTo(1);
        assertThat(fixed.options(fixed.grid(2).first(), 39)).isEqualTo(MklOptions.sm2(5, 0.5));
        // theta only (C given): the SM2 grid at the given C
        MklProtocol.Tuning thetaOnly = new MklProtocol.Tuning(MklOptions.sm2(5, 1), SMALL, false, true,
                MklProtocol.KernelChoice.protocol(), 3, 0);
        assertThat(thetaOnly.grid(2).points().stream().map(p -> thetaOnly.options(p, 39)).toList())
                .containsExactly(MklOptions.sm2(5, 0.1), MklOptions.sm2(5, 10));
    }

    @Test
    void sharedFoldWorkFitsTheModelTheTrainerFitsDecisionByDecision() {
        // the shared scaler, kernels, Gram matrices and first solves change nothing: binary and one-vs-rest, every
        // method, protocol and user kernels
        LabeledDataset two = raw(50, 5), three = threeClasses(60, 6);
        List<MklOptions> options = List.of(MklOptions.sm1(10, 1.0 / 20), MklOptions.sm1(10, 1), MklOptions.sm2(10, 0.1),
                MklOptions.lp(10, 2), MklOptions.simple(10), MklOptions.average(10));
        for (MklProtocol.KernelChoice choice : List.of(MklProtocol.KernelChoice.protocol(),
                MklProtocol.KernelChoice.of(List.of(new GaussianKernel(0.5), new LinearKernel(), new GaussianKernel(2))))) {
            for (LabeledDataset data : List.of(two, three)) {
                MklProtocol.FoldWork work = MklProtocol.FoldWork.prepare(data, choice);
                for (MklOptions o : options) {
                    MklOptions fitted = o.method() == MklMethod.SM1 && !choice.isProtocol() ? o.withTheta(1) : o;
                    ScaledModel<Vec> shared = work.fit(fitted);
                    ScaledModel<Vec> own = MklProtocol.trainer(fitted, choice).fit(data);
                    String at = fitted + ", " + data.classCount() + " classes, protocol " + choice.isProtocol();
                    assertThat(MklProtocol.mklModel(shared).svmSolves()).as(at).isEqualTo(MklProtocol.mklModel(own).svmSolves());
                    for (int i = 0; i < data.size(); i++) {
                        assertThat(shared.decisions(data.x(i))).as(at).containsExactly(own.decisions(data.x(i)));
                    }
                }
            }
        }
    }

    @Test
    void theProtocolEqualsItsStepsRecomputedIndependentlySplitBySplit() {
        // outer split s: 70/30 stratified hold-out seeded 1 + s; inner 3-fold seeded 1 + 1000 (s + 1); every grid
        // point fitted from scratch on every inner fold (own scaler, own kernels); correct counts summed, first
        // maximum; the chosen options fitted on the training part and scored on the test part
        LabeledDataset data = raw(70, 3);
        MklProtocol.Tuning t = tuning(MklOptions.sm1(1, 1), 3);
        Resampling outer = Resampling.stratifiedHoldOut(0.7, 2, 1);
        Evaluation e = t.selection(outer, SeedRule.affine(1 + 1000, 1000), data.size()).run(data);
        List<Splits.Split> splits = Splits.repeatedStratifiedHoldOut(data.labels(), 0.7, 2, 1);
        List<Point> points = t.grid(2).points();
        for (int s = 0; s < 2; s++) {
            LabeledDataset train = data.subset(splits.get(s).train()), test = data.subset(splits.get(s).test());
            double[] correct = new double[points.size()];
            for (Splits.Split f : Splits.stratifiedKFold(train.labels(), 3, 1 + 1000L * (s + 1))) {
                for (int k = 0; k < points.size(); k++) {
                    correct[k] += ByHand.fit(train.subset(f.train()), t.options(points.get(k), 39))
                            .correct(train.subset(f.test()));
                }
            }
            int best = 0;
            for (int k = 1; k < correct.length; k++) {
                best = correct[k] > correct[best] ? k : best;
            }
            OuterFold fold = e.folds().get(s);
            assertThat(fold.split()).isEqualTo(splits.get(s));
            assertThat(fold.selection().searched().stream().mapToDouble(ScoredPoint::score).toArray())
                    .as("split %d", s).containsExactly(correct);
            assertThat(fold.selection().fits()).isEqualTo(points.size() * 3);
            assertThat(fold.chosen()).isEqualTo(points.get(best));
            ByHand last = ByHand.fit(train, t.options(points.get(best), 39));
            assertThat(fold.score()).isEqualTo((double) last.correct(test) / test.size());
            assertThat(fold.measure(MklProtocol.AVERAGE_PRECISION))
                    .isEqualTo(last.model().averagePrecision(last.scaler().apply(test)));
            assertThat(fold.measure(MklProtocol.KERNELS_SELECTED)).isEqualTo(last.model().selectedKernelsMean());
            assertThat(fold.measure(MklProtocol.SVM_SOLVES)).isEqualTo(last.model().svmSolves());
            assertThat(fold.measure(MklProtocol.MACHINES)).isEqualTo(1);
        }
    }

    @Test
    void parallelGridPointsChooseAndScoreAsTheSequentialRun() {
        LabeledDataset data = threeClasses(60, 8);
        MklProtocol.Tuning t = tuning(MklOptions.sm2(1, 1), 3);
        Resampling outer = Resampling.stratifiedHoldOut(0.7, 2, 4);
        Evaluation seq = t.selection(outer, SeedRule.affine(4 + 1000, 1000), data.size()).withThreads(1).run(data);
        Evaluation par = t.selection(outer, SeedRule.affine(4 + 1000, 1000), data.size()).withThreads(3).run(data);
        for (int s = 0; s < 2; s++) {
            OuterFold a = seq.folds().get(s), b = par.folds().get(s);
            assertThat(b.selection().searched()).isEqualTo(a.selection().searched());
            assertThat(b.chosen()).isEqualTo(a.chosen());
            assertThat(b.score()).isEqualTo(a.score());
            assertThat(b.measures()).isEqualTo(a.measures());
            // one machine per class: three fits counted for every (point, inner fold)
            assertThat(b.selection().fits()).isEqualTo(3 * 4 * 3);
        }
    }

    @Test
    void tuneMaxRunsTheInnerFoldsOnAStratifiedSubsetOfThatSize() {
        LabeledDataset d = TestData.gaussianBlobs(100, 2, 3.0, 1); // 50 positives, 50 negatives
        MklProtocol.Tuning t = new MklProtocol.Tuning(MklOptions.average(1), SMALL, true, false,
                MklProtocol.KernelChoice.protocol(), 4, 40);
        List<Splits.Split> inner = t.innerSplits(SeedRule.constant(7)).splits(d, 0);
        // stratified: round(0.4 * 50) = 20 of each class, the training side of the hold-out seeded 7
        int[] subset = Splits.repeatedStratifiedHoldOut(d.labels(), 0.4, 1, 7).get(0).train();
        assertThat(subset).hasSize(40);
        assertThat(Arrays.stream(subset).filter(i -> d.y(i) > 0).count()).isEqualTo(20);
        List<Splits.Split> onSubset = Splits.stratifiedKFold(d.subset(subset).labels(), 4, 7);
        assertThat(inner).hasSize(4);
        for (int k = 0; k < 4; k++) {
            assertThat(inner.get(k).test()).containsExactly(Arrays.stream(onSubset.get(k).test()).map(i -> subset[i]).toArray());
            assertThat(inner.get(k).train()).containsExactly(Arrays.stream(onSubset.get(k).train()).map(i -> subset[i]).toArray());
        }
        // a part not larger than tuneMax is used whole
        MklProtocol.Tuning wide = new MklProtocol.Tuning(MklOptions.average(1), SMALL, true, false,
                MklProtocol.KernelChoice.protocol(), 4, 200);
        assertThat(wide.innerSplits(SeedRule.constant(7)).splits(d, 0)).isEqualTo(Splits.stratifiedKFold(d.labels(), 4, 7));
        assertThatThrownBy(() -> new MklProtocol.Tuning(MklOptions.average(1), SMALL, true, false,
                MklProtocol.KernelChoice.protocol(), 4, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tuneMax must be >= 0, got -1");
        assertThatThrownBy(() -> new MklProtocol.Tuning(MklOptions.average(1), SMALL, true, false,
                MklProtocol.KernelChoice.protocol(), 1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("inner folds must be >= 2, got 1");
    }

    @Test
    void selectOnAllTheDataPicksTheArgmaxOfIndependentlyRecomputedFoldCountsSeededSo() {
        LabeledDataset train = raw(60, 3);
        MklProtocol.Tuning t = tuning(MklOptions.sm1(1, 1), 3);
        Selection sel = t.select(train, 7);
        List<Point> points = t.grid(2).points();
        double[] correct = new double[points.size()];
        for (Splits.Split s : Splits.stratifiedKFold(train.labels(), 3, 7)) {
            for (int k = 0; k < points.size(); k++) {
                correct[k] += ByHand.fit(train.subset(s.train()), t.options(points.get(k), 39)).correct(train.subset(s.test()));
            }
        }
        int best = 0;
        for (int k = 1; k < correct.length; k++) {
            best = correct[k] > correct[best] ? k : best;
        }
        assertThat(sel.searched().stream().mapToDouble(ScoredPoint::score).toArray()).containsExactly(correct);
        assertThat(sel.chosen()).isEqualTo(points.get(best));
        assertThat(t.chosen(sel, 2)).isEqualTo(t.options(points.get(best), 39));
    }

    @Test
    void trainedModelReadsRawPointsAndSurvivesSaveLoad(@TempDir Path dir) throws Exception {
        LabeledDataset train = raw(80, 3), test = raw(60, 4);
        ScaledModel<Vec> scaled = MklProtocol.trainer(MklOptions.sm2(100, 0.1), MklProtocol.KernelChoice.protocol()).fit(train);
        ByHand byHand = ByHand.fit(train, MklOptions.sm2(100, 0.1));
        assertThat(byHand.correct(test)).isGreaterThan((int) (0.85 * test.size()));
        Path file = dir.resolve("m.model");
        Models.save(scaled, file);
        @SuppressWarnings("unchecked")
        ScaledModel<Vec> back = Models.load(file, ScaledModel.class);
        assertThat(back.inner()).isInstanceOf(MklModel.class);
        int correct = 0;
        for (int t = 0; t < test.size(); t++) {
            Vec v = test.x(t);
            assertThat(back.decisions(v)).containsExactly(scaled.decisions(v));
            assertThat(back.decisions(v)).containsExactly(byHand.model().decisions(byHand.scaler().apply(v)));
            correct += ((MklModel) back.inner()).predictLabel(byHand.scaler().apply(v)) == test.y(t) ? 1 : 0;
        }
        assertThat(correct).isEqualTo(byHand.correct(test));
    }
}
