package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmModel;
import dev.kernelkit.svm.SvmOptions;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ModelSelectionTest {

    static final LabeledDataset BLOBS = TestData.gaussianBlobs(60, 3, 1.2, 4);
    static final BagDataset BAGS = TestData.randomMultiClassBags(45, 3, 4, 3, 1.5, 8);

    static Grid<Vec> svmGrid() {
        return Grid.of(p -> TestLearners.svm(p.number("gamma"), p.number("C")),
                Dimension.of("gamma", 0.05, 0.5, 5), Dimension.of("C", 0.1, 1, 10));
    }

    @Test
    void oneGridPointEqualsAPlainCrossValidationFoldByFoldOnVectors() {
        SvmOptions options = SvmOptions.of(new GaussianKernel(0.3)).withC(2);
        Evaluation e = ModelSelection.of(Resampling.stratifiedKFold(5, 3, 11), Grid.single(Svm.trainer(options)),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(7, 7)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD)).run(BLOBS);
        // the plain protocol written out: raw labels, scaler fitted on the training part, accuracy by label
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(BLOBS.labels(), 5, 3, 11);
        assertThat(e.folds()).hasSize(15);
        for (int s = 0; s < splits.size(); s++) {
            LabeledDataset train = BLOBS.subset(splits.get(s).train());
            LabeledDataset test = BLOBS.subset(splits.get(s).test());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
            SvmModel model = Svm.fit(scaler.apply(train), options);
            LabeledDataset scaledTest = scaler.apply(test);
            int ok = 0;
            for (int i = 0; i < scaledTest.size(); i++) {
                ok += model.predictLabel(scaledTest.x(i)) == scaledTest.y(i) ? 1 : 0;
            }
            OuterFold f = e.folds().get(s);
            assertThat(f.split()).isEqualTo(splits.get(s));
            assertThat(f.score()).as("fold %d", s).isEqualTo(ok / (double) scaledTest.size());
            assertThat(f.repeat()).isEqualTo(s / 5);
            assertThat(f.fold()).isEqualTo(s % 5);
            assertThat(f.selection().fits()).isZero(); // nothing to choose: no inner fit
            assertThat(f.selection().innerSplits()).isZero();
            assertThat(Double.isNaN(f.selection().score())).isTrue();
        }
        // crossValidation(...) is the same run without an inner split rule
        Evaluation plain = ModelSelection.crossValidation(Resampling.stratifiedKFold(5, 3, 11), Svm.trainer(options))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD)).run(BLOBS);
        assertThat(plain.scores()).containsExactly(e.scores());
    }

    @Test
    void oneGridPointEqualsAPlainCrossValidationFoldByFoldOnBags() {
        Trainer<Bag, Model<Bag>> learner = TestLearners.centroid(0.2);
        Evaluation e = ModelSelection.of(Resampling.stratifiedKFold(3, 2, 5), Grid.single(learner),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(5 + 7919, 7919)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD)).run(BAGS);
        // mi-sparse's protocol written out: int labels, standardised on all instances of the training bags
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(BAGS.labels(), 3, 2, 5);
        for (int s = 0; s < splits.size(); s++) {
            BagDataset train = BAGS.subset(splits.get(s).train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(train);
            Model<Bag> model = learner.fit(scaler.apply(train));
            BagDataset test = scaler.apply(BAGS.subset(splits.get(s).test()));
            int ok = 0;
            for (int i = 0; i < test.size(); i++) {
                ok += model.predict(test.bag(i)) == test.label(i) ? 1 : 0;
            }
            assertThat(e.folds().get(s).score()).as("fold %d", s).isEqualTo(ok / (double) test.size());
        }
        assertThat(e.repeatMeans()).hasSize(2);
    }

    /** A trainer that sleeps a point- and data-dependent time, so parallel fits finish out of order. */
    static Trainer<Vec, Model<Vec>> sleepy(double gamma, double c) {
        Trainer<Vec, ? extends Model<Vec>> inner = TestLearners.svm(gamma, c);
        return Trainers.of("sleepy-svm", InputKind.VECTORS, Task.CLASSIFICATION, inner.options(), (data, listener) -> {
            try {
                Thread.sleep((long) ((data.size() * 7 + gamma * 31 + c * 3) % 4));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return inner.fit(data);
        });
    }

    @Test
    void theParallelRunEqualsTheSequentialRun() {
        Grid<Vec> grid = Grid.of(p -> sleepy(p.number("gamma"), p.number("C")),
                Dimension.of("gamma", 0.05, 0.5, 5), Dimension.of("C", 0.1, 1, 10));
        ModelSelection<Vec> base = ModelSelection.of(Resampling.stratifiedKFold(4, 2, 3), grid,
                        InnerSplits.stratifiedKFold(3, 2, SeedRule.affine(10, 7919), 104729))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD));
        Evaluation sequential = base.withThreads(1).withOuterThreads(1).run(BLOBS);
        Evaluation innerParallel = base.withThreads(4).run(BLOBS);
        Evaluation bothParallel = base.withThreads(2).withOuterThreads(3).run(BLOBS);
        for (Evaluation parallel : List.of(innerParallel, bothParallel)) {
            assertThat(parallel.scores()).containsExactly(sequential.scores());
            assertThat(parallel.chosen()).isEqualTo(sequential.chosen());
            for (int s = 0; s < sequential.folds().size(); s++) {
                Selection a = sequential.folds().get(s).selection();
                Selection b = parallel.folds().get(s).selection();
                assertThat(b.searched()).isEqualTo(a.searched());
                assertThat(b.score()).isEqualTo(a.score());
                assertThat(b.fits()).isEqualTo(a.fits()).isEqualTo(9 * 6);
            }
        }
        // the inner scores differ between points, so the equality above is about real choices
        assertThat(sequential.folds().get(0).selection().searched().stream().map(ScoredPoint::score).distinct().count())
                .isGreaterThan(1);
    }

    @Test
    void theSelectionSumsInnerScoresInSplitOrderAndTiesGoToTheFirstPoint() {
        ModelSelection<Vec> sel = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 2), svmGrid(),
                InnerSplits.stratifiedKFold(3, SeedRule.affine(100, 1))).withThreads(2);
        Selection s = sel.select(BLOBS, 4);
        List<Splits.Split> inner = Splits.stratifiedKFold(BLOBS.labels(), 3, 104); // seed 100 + 1 * 4
        int best = -1;
        double bestSum = Double.NEGATIVE_INFINITY;
        List<Point> points = svmGrid().points();
        for (int p = 0; p < points.size(); p++) {
            Trainer<Vec, ?> t = svmGrid().trainer(points.get(p));
            double sum = 0;
            for (Splits.Split sp : inner) {
                sum += Metrics.accuracy((Model<Vec>) t.fit(BLOBS.subset(sp.train())), BLOBS.subset(sp.test()));
            }
            assertThat(s.searched().get(p).score()).isEqualTo(sum);
            if (sum > bestSum) {
                bestSum = sum;
                best = p;
            }
        }
        assertThat(s.chosen()).isEqualTo(points.get(best));
        assertThat(s.score()).isEqualTo(bestSum);
        assertThat(s.innerSplits()).isEqualTo(3);
        // the mean aggregate divides the same sums by 3 and picks the same point
        Selection mean = sel.withAggregate(Aggregate.MEAN).select(BLOBS, 4);
        assertThat(mean.chosen()).isEqualTo(s.chosen());
        assertThat(mean.score()).isEqualTo(bestSum / 3);
    }

    @Test
    void preprocessingIsFittedOnTheTrainingPartOnlyAndAppliedToBoth() {
        List<Integer> fittedOn = new ArrayList<>();
        List<Integer> appliedTo = new ArrayList<>();
        Preprocessing<Vec> recording = part -> {
            fittedOn.add(part.size());
            return data -> {
                appliedTo.add(data.size());
                return data;
            };
        };
        ModelSelection.crossValidation(Resampling.stratifiedKFold(4, 1, 1), TestLearners.svm(0.5, 1))
                .withPreprocessing(recording).run(BLOBS);
        assertThat(fittedOn).containsExactly(45, 45, 45, 45);
        assertThat(appliedTo).containsExactly(45, 15, 45, 15, 45, 15, 45, 15);
    }

    @Test
    void finalFitHookMeasuresListenerAndRunFoldAssembleTheSameEvaluation() {
        AtomicInteger listened = new AtomicInteger();
        List<Integer> finalSeeds = new ArrayList<>();
        ModelSelection<Vec> sel = ModelSelection.of(Resampling.stratifiedHoldOut(0.7, 3, 9), svmGrid(),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(1009, 1)))
                .withFinalFit((point, grid, s) -> {
                    finalSeeds.add(s);
                    return TestLearners.svm(point.number("gamma"), 2 * point.number("C"));
                })
                .withMeasures(List.of(new Measure<>("support vectors", (m, test) -> ((SvmModel) m).supportVectorCount()),
                        new Measure<>("test size", (m, test) -> test.size())))
                .withListener(f -> listened.incrementAndGet());
        Evaluation e = sel.run(BLOBS);
        assertThat(listened).hasValue(3);
        assertThat(finalSeeds).containsExactly(0, 1, 2);
        assertThat(e.measure("test size")).containsExactly(18, 18, 18);
        assertThat(e.splitsPerRepeat()).isEqualTo(1);
        assertThat(e.repeatMeans()).containsExactly(e.scores());
        for (OuterFold f : e.folds()) {
            assertThat(f.report().options()).contains("c=" + 2 * f.chosen().number("C"));
        }
        List<OuterFold> one = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            one.add(sel.runFold(BLOBS, s));
        }
        Evaluation assembled = Evaluation.of(sel.resampling(), "accuracy", one);
        assertThat(assembled.scores()).containsExactly(e.scores());
        assertThat(assembled.chosen()).isEqualTo(e.chosen());
        assertThatThrownBy(() -> sel.runFold(BLOBS, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("outerIndex must be in [0, 3), got 3");
        assertThatThrownBy(() -> e.measure("kernels")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no measure 'kernels'");
    }

    @Test
    void sharedWorkIsPreparedOncePerInnerSplitAndGivesTheSameScores() {
        AtomicInteger prepared = new AtomicInteger();
        Set<Integer> sizes = ConcurrentHashMap.newKeySet();
        Grid<Vec> shared = svmGrid().withSharedWork(part -> {
            prepared.incrementAndGet();
            sizes.add(part.size());
            return LabeledDataset.of(part); // the conversion every SVM fit would do
        }, (point, part, labeled) -> Svm.fit(labeled,
                SvmOptions.of(new GaussianKernel(point.number("gamma"))).withC(point.number("C"))));
        ModelSelection<Vec> plain = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 6), svmGrid(),
                InnerSplits.stratifiedKFold(3, SeedRule.affine(1, 1))).withThreads(3);
        ModelSelection<Vec> withShared = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 6), shared,
                InnerSplits.stratifiedKFold(3, SeedRule.affine(1, 1))).withThreads(3);
        Evaluation a = plain.run(BLOBS);
        Evaluation b = withShared.run(BLOBS);
        assertThat(prepared).hasValue(3 * 3); // 3 outer splits x 3 inner splits, not x 9 points
        assertThat(sizes).allMatch(n -> n < 40);
        assertThat(b.scores()).containsExactly(a.scores());
        for (int s = 0; s < 3; s++) {
            assertThat(b.folds().get(s).selection().searched()).isEqualTo(a.folds().get(s).selection().searched());
        }
    }

    @Test
    void tuningOnASubsetSeesTheSubsetsOwnSplitsAndTheCounterCountsTheFits() {
        // the MKL command's --tune-max: a stratified sample of at most 24 points, then the 3-fold CV on it, one seed
        long seed = 77;
        InnerSplits rule = InnerSplits.stratifiedKFold(3, SeedRule.constant(seed)).onSubset((part, s) ->
                Splits.repeatedStratifiedHoldOut(part.classIndices(), 24.0 / part.size(), 1, seed).get(0).train());
        List<Splits.Split> mapped = rule.splits(BLOBS, 0);
        LabeledDataset sample = BLOBS.subset(Splits.repeatedStratifiedHoldOut(BLOBS.labels(), 24.0 / 60, 1, seed)
                .get(0).train());
        List<Splits.Split> onSample = Splits.stratifiedKFold(sample.labels(), 3, seed);
        assertThat(mapped).hasSize(3);
        for (int k = 0; k < 3; k++) {
            for (boolean train : new boolean[] {true, false}) {
                LabeledDataset a = BLOBS.subset(train ? mapped.get(k).train() : mapped.get(k).test());
                LabeledDataset b = sample.subset(train ? onSample.get(k).train() : onSample.get(k).test());
                assertThat(a.points()).containsExactlyElementsOf(b.points());
                assertThat(a.labels()).containsExactly(b.labels());
            }
        }
        assertThat(mapped.get(0).trainSize() + mapped.get(0).testSize()).isEqualTo(24);
        // a counter that counts two machines per model, one unconverged when C = 10
        FitCounter<Vec> machines = new FitCounter<>() {
            @Override
            public int fits(dev.kernelkit.learn.FittedModel<Vec> model) {
                return 2;
            }

            @Override
            public int unconverged(dev.kernelkit.learn.FittedModel<Vec> model) {
                return model.report().options().contains("c=10.0") ? 1 : 0;
            }
        };
        Selection s = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 1), svmGrid(), rule).withFitCounter(machines)
                .select(BLOBS, 0);
        assertThat(s.fits()).isEqualTo(9 * 3 * 2);
        assertThat(s.unconvergedFits()).isEqualTo(3 * 3);
        assertThat(s.innerSplits()).isEqualTo(3);
        assertThatThrownBy(() -> InnerSplits.stratifiedKFold(3, SeedRule.constant(1)).onSubset((p, i) -> new int[] {2, 1})
                .splits(BLOBS, 0)).hasMessage("tuning subset indices must be strictly increasing in [0, 60), got 1 at position 1");
    }

    @Test
    void innerFailuresNameTheOuterSplitTheInnerSplitAndThePoint() {
        Grid<Vec> grid = Grid.of(p -> {
            Trainer<Vec, ? extends Model<Vec>> svm = TestLearners.svm(0.5, 1);
            return Trainers.of("fragile", InputKind.VECTORS, Task.CLASSIFICATION, "x=" + p.value("x"), (d, l) -> {
                if (p.number("x") == 2) {
                    throw new IllegalArgumentException("x = 2 is refused");
                }
                return svm.fit(d);
            });
        }, Dimension.of("x", 1, 2));
        ModelSelection<Vec> sel = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 1), grid,
                InnerSplits.stratifiedKFold(3, SeedRule.constant(4))).withThreads(1);
        FoldFailedException e = catchThrowableOfType(() -> sel.run(BLOBS), FoldFailedException.class);
        assertThat(e.foldIndex()).isZero();
        assertThat(e).hasMessageStartingWith("outer split 0, inner split 0, point x=2 failed:")
                .hasMessageContaining("x = 2 is refused");
    }

    @Test
    void badConfigurationsAreRefusedNamingTheParameterAndValue() {
        // outer folds above the smallest class
        LabeledDataset small = TestData.gaussianBlobs(9, 2, 1, 3); // 5 positives, 4 negatives
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.stratifiedKFold(5, 1, 1),
                TestLearners.svm(1, 1)).run(small)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("folds = 5 exceeds the 4 examples of class '-1'");
        // inner folds above the smallest class of a training part
        assertThatThrownBy(() -> ModelSelection.of(Resampling.stratifiedKFold(2, 1, 1), svmGrid(),
                InnerSplits.stratifiedKFold(3, SeedRule.constant(1))).run(small))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("inner folds = 3 exceeds the 2 examples of class '-1'")
                .hasMessageContaining("outer split 0");
        // no inner split rule for a grid of several points
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.stratifiedKFold(2, 1, 1),
                TestLearners.svm(1, 1)).withChooser(s -> s.best(s.grid().points())).run(BLOBS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("this model selection has no inner split rule (a plain cross-validation), so it cannot "
                        + "score points of the grid of one point");
        assertThatThrownBy(() -> ModelSelection.<Vec>of(Resampling.stratifiedKFold(3, 1, 1),
                (part, s) -> svmGrid(), (part, s) -> List.of()).run(BLOBS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the inner split rule gave no split for the training part of outer split 0");
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 1),
                TestLearners.svm(1, 1)).withThreads(0)).hasMessage("threads must be >= 1, got 0");
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 1),
                TestLearners.svm(1, 1)).withOuterThreads(0)).hasMessage("outerThreads must be >= 1, got 0");
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 1),
                TestLearners.svm(1, 1)).run(BLOBS.subset(new int[0])))
                .hasMessageStartingWith("cannot split an empty data set");
        // a chooser's point from another grid
        assertThatThrownBy(() -> ModelSelection.of(Resampling.stratifiedKFold(3, 1, 1), svmGrid(),
                InnerSplits.stratifiedKFold(3, SeedRule.constant(1)))
                .withChooser(s -> new Chooser.Choice(Grid.<Vec>single(TestLearners.svm(1, 1)).first(), 0)).run(BLOBS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a point of this grid");
        // bags given to a vector grid: the learner's own check, wrapped with the place
        Dataset<Bag> bags = BAGS;
        ModelSelection<Bag> wrong = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 1),
                bagTrainerThatIsReallyForVectors());
        assertThatThrownBy(() -> wrong.run(bags)).isInstanceOf(FoldFailedException.class)
                .hasMessageContaining("outer split 0, final fit").hasMessageContaining("learns from vectors");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Trainer<Bag, ?> bagTrainerThatIsReallyForVectors() {
        return (Trainer) TestLearners.svm(1, 1);
    }

    @Test
    void regressionRunsWithTheMeanSquaredErrorOnPlainFolds() {
        // y = 2 x + 1 on a line: a "regressor" that predicts the training mean has a hand-checkable error
        List<Vec> x = new ArrayList<>();
        double[] y = new double[6];
        for (int i = 0; i < 6; i++) {
            x.add(dev.kernelkit.data.DenseVec.wrap(new double[] {i}));
            y[i] = 2 * i + 1;
        }
        LabeledDataset line = new LabeledDataset(x, y);
        record MeanOptions() {
        }
        Trainer<Vec, dev.kernelkit.learn.RegressionModel<Vec>> mean = Trainers.of("mean", InputKind.VECTORS,
                Task.REGRESSION, new MeanOptions(), (data, l) -> {
                    double s = 0;
                    LabeledDataset d = LabeledDataset.of(data);
                    for (int i = 0; i < d.size(); i++) {
                        s += d.y(i);
                    }
                    double m = s / d.size();
                    return new dev.kernelkit.learn.RegressionModel<Vec>() {
                        @Override
                        public double predict(Vec v) {
                            return m;
                        }

                        @Override
                        public dev.kernelkit.learn.FitReport report() {
                            return dev.kernelkit.learn.FitReport.of("mean", "", 0, 0);
                        }

                        @Override
                        public InputKind input() {
                            return InputKind.VECTORS;
                        }

                        @Override
                        public int dim() {
                            return 1;
                        }
                    };
                });
        Evaluation e = ModelSelection.crossValidation(Resampling.kFold(3, 1, 5), mean)
                .withMetric(Metric.meanSquaredError()).run(line);
        List<Splits.Split> folds = Splits.kFold(6, 3, 5);
        for (int f = 0; f < 3; f++) {
            int[] tr = folds.get(f).train();
            int[] te = folds.get(f).test();
            double m = 0;
            for (int i : tr) {
                m += y[i];
            }
            m /= tr.length;
            double mse = 0;
            for (int i : te) {
                mse += (m - y[i]) * (m - y[i]);
            }
            assertThat(e.folds().get(f).score()).isEqualTo(mse / te.length);
        }
        assertThat(e.metric()).isEqualTo("mse");
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.kFold(3, 1, 5), mean).run(line))
                .isInstanceOf(FoldFailedException.class).hasMessageContaining("a classification metric needs a classifier");
    }
}
