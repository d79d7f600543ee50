package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.RegressionModel;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClassificationMetricsTest {

    /**
     * Two overlapping Gaussian blobs in 2-d, {@code positives} of class 1 (the first examples) and the
     * rest of class -1, means {@code separation} apart.
     */
    static LabeledDataset imbalanced(int n, int positives, double separation, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i < positives ? 1 : -1;
            double[] p = new double[2];
            for (int j = 0; j < 2; j++) {
                p[j] = y[i] * separation / 2 / Math.sqrt(2) + TestData.gaussian(rnd);
            }
            x.add(DenseVec.wrap(p));
        }
        return new LabeledDataset(x, y);
    }

    /** Three Gaussian blobs in 2-d around the corners of a triangle, labels 0, 1, 2 in turn. */
    static LabeledDataset threeClasses(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = i % 3;
            double angle = 2 * Math.PI * y[i] / 3;
            x.add(DenseVec.wrap(new double[] {1.5 * Math.cos(angle) + TestData.gaussian(rnd),
                    1.5 * Math.sin(angle) + TestData.gaussian(rnd)}));
        }
        return new LabeledDataset(x, y);
    }

    static final LabeledDataset IMBALANCED = imbalanced(100, 12, 2.0, 1);

    @Test
    void theSummedConfusionMatrixOfAnEvaluationEqualsOneBuiltFromEveryFoldsPredictions() {
        Trainer<Vec, ? extends Model<Vec>> svm = TestLearners.svm(0.5, 10);
        Evaluation e = ModelSelection.crossValidation(Resampling.stratifiedKFold(4, 2, 3), svm).run(IMBALANCED);

        List<String> names = IMBALANCED.classNames();
        int[][] counts = new int[2][2];
        for (OuterFold fold : e.folds()) {
            Model<Vec> model = svm.fit(IMBALANCED.subset(fold.split().train()));
            Dataset<Vec> test = IMBALANCED.subset(fold.split().test());
            int[][] foldCounts = new int[2][2];
            boolean[] positive = new boolean[test.size()];
            double[] f = new double[test.size()];
            for (int i = 0; i < test.size(); i++) {
                String truth = test.classNames().get(test.classIndex(i));
                foldCounts[names.indexOf(truth)][names.indexOf(model.predictName(test.x(i)))]++;
                positive[i] = truth.equals(model.classNames().get(1));
                f[i] = model.decisions(test.x(i))[0];
            }
            for (int t = 0; t < 2; t++) {
                for (int p = 0; p < 2; p++) {
                    counts[t][p] += foldCounts[t][p];
                }
            }
            FoldClassification c = fold.classification().orElseThrow();
            assertThat(c.confusionMatrix()).isEqualTo(ConfusionMatrix.of(names, foldCounts));
            assertThat(c.auc()).hasValue(Metrics.auc(positive, f));
            assertThat(c.averagePrecision()).hasValue(Metrics.averagePrecision(positive, f));
            assertThat(fold.score()).isEqualTo(Metrics.accuracy(model, test));
        }
        assertThat(e.confusionMatrix()).hasValue(ConfusionMatrix.of(names, counts));
        assertThat(e.confusionMatrix().orElseThrow().total()).isEqualTo(2 * IMBALANCED.size());
        assertThat(e.aucs().orElseThrow()).hasSize(8).doesNotContain(Double.NaN);
    }

    @Test
    void classificationMetricsGivesTheJsonKeysInOrderWithMeansAndSdsOfTheFoldSeries() {
        Evaluation e = ModelSelection.crossValidation(Resampling.stratifiedKFold(4, 1, 3), TestLearners.svm(0.5, 10))
                .run(IMBALANCED);
        Map<String, Object> m = e.classificationMetrics();
        assertThat(m.keySet()).containsExactly("balanced_accuracy_mean", "balanced_accuracy_sd", "macro_f1_mean",
                "macro_f1_sd", "auc_mean", "auc_sd", "average_precision_mean", "average_precision_sd", "confusion_matrix");
        Summary balanced = Summary.of(e.balancedAccuracies().orElseThrow());
        assertThat(m.get("balanced_accuracy_mean")).isEqualTo(balanced.mean());
        assertThat(m.get("balanced_accuracy_sd")).isEqualTo(balanced.sd());
        assertThat(m.get("macro_f1_mean")).isEqualTo(Summary.of(e.macroF1Scores().orElseThrow()).mean());
        assertThat(m.get("auc_sd")).isEqualTo(Summary.of(e.aucs().orElseThrow()).sd());
        assertThat(m.get("average_precision_mean")).isEqualTo(Summary.of(e.averagePrecisions().orElseThrow()).mean());
        double[] perFold = e.folds().stream()
                .mapToDouble(f -> f.classification().orElseThrow().balancedAccuracy()).toArray();
        assertThat(e.balancedAccuracies().orElseThrow()).containsExactly(perFold);
        ConfusionMatrix cm = e.confusionMatrix().orElseThrow();
        assertThat(m.get("confusion_matrix")).isEqualTo(Map.of("classes", cm.classNames(),
                "counts", List.of(List.of(cm.count(0, 0), cm.count(0, 1)), List.of(cm.count(1, 0), cm.count(1, 1)))));
        assertThat(List.copyOf(((Map<?, ?>) m.get("confusion_matrix")).keySet())).isEqualTo(List.of("classes", "counts"));
        assertThat(cm.classNames()).isEqualTo(IMBALANCED.classNames());
    }

    @Test
    void threeClassFoldsKeepAConfusionMatrixButTheAucAndAveragePrecisionSeriesAreAbsent() {
        LabeledDataset three = threeClasses(90, 4);
        Evaluation e = ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 5), TestLearners.svm(0.5, 1))
                .run(three);
        assertThat(e.confusionMatrix().orElseThrow().classNames()).isEqualTo(three.classNames());
        assertThat(e.confusionMatrix().orElseThrow().total()).isEqualTo(90);
        assertThat(e.aucs()).isEmpty();
        assertThat(e.averagePrecisions()).isEmpty();
        assertThat(e.folds()).allSatisfy(f -> assertThat(f.classification().orElseThrow().auc()).isEmpty());
        Map<String, Object> m = e.classificationMetrics();
        assertThat(m.get("auc_mean")).isNull();
        assertThat(m.get("auc_sd")).isNull();
        assertThat(m.get("average_precision_mean")).isNull();
        assertThat(m.get("macro_f1_mean")).isEqualTo(Summary.of(e.macroF1Scores().orElseThrow()).mean());
    }

    @Test
    void aRegressorsFoldsKeepNoClassificationAndItsMetricsAreAllNull() {
        List<Vec> x = new ArrayList<>();
        double[] y = new double[6];
        for (int i = 0; i < 6; i++) {
            x.add(DenseVec.wrap(new double[] {i}));
            y[i] = 2 * i + 1;
        }
        record ZeroOptions() {
        }
        Trainer<Vec, RegressionModel<Vec>> zero = Trainers.of("zero", InputKind.VECTORS, Task.REGRESSION,
                new ZeroOptions(), (data, l) -> new RegressionModel<Vec>() {
                    @Override
                    public double predict(Vec v) {
                        return 0;
                    }

                    @Override
                    public FitReport report() {
                        return FitReport.of("zero", "", 0, 0);
                    }

                    @Override
                    public InputKind input() {
                        return InputKind.VECTORS;
                    }

                    @Override
                    public int dim() {
                        return 1;
                    }
                });
        Evaluation e = ModelSelection.crossValidation(Resampling.kFold(3, 1, 5), zero)
                .withMetric(Metric.meanSquaredError()).run(new LabeledDataset(x, y));
        assertThat(e.folds()).allSatisfy(f -> assertThat(f.classification()).isEmpty());
        assertThat(e.confusionMatrix()).isEmpty();
        assertThat(e.balancedAccuracies()).isEmpty();
        assertThat(e.classificationMetrics()).hasSize(9).allSatisfy((k, v) -> assertThat(v).as(k).isNull());
    }

    @Test
    void metricNamedTakesExactlyAccuracyBalancedAccuracyF1AndAucAndRefusesOthersListingThem() {
        for (String name : List.of("accuracy", "balanced-accuracy", "f1", "auc")) {
            Metric<Vec> m = Metric.named(name);
            assertThat(m.name()).isEqualTo(name);
            assertThat(m.higherIsBetter()).isTrue();
        }
        for (String bad : List.of("Accuracy", "balanced_accuracy", "macro-f1", "roc_auc", "")) {
            assertThatThrownBy(() -> Metric.named(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("metric must be one of accuracy, balanced-accuracy, f1, auc, got '" + bad + "'");
        }
    }

    @Test
    void theNamedMetricsScoreAsTheConfusionMatrixAndMetricsAucOfTheSamePredictions() {
        Model<Vec> model = TestLearners.svm(0.5, 10).fit(IMBALANCED);
        int[] predicted = Metrics.predictions(model, IMBALANCED);
        ConfusionMatrix cm = new ConfusionMatrix(IMBALANCED.classNames(), IMBALANCED.classIndices(), predicted);
        boolean[] positive = Metrics.positives(IMBALANCED.classIndices(), 1);
        double[] f = new double[IMBALANCED.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = model.decisions(IMBALANCED.x(i))[0];
        }
        assertThat(Metric.<Vec>named("accuracy").score(model, IMBALANCED)).isEqualTo(cm.accuracy());
        assertThat(Metric.<Vec>named("balanced-accuracy").score(model, IMBALANCED)).isEqualTo(cm.balancedAccuracy());
        assertThat(Metric.<Vec>named("f1").score(model, IMBALANCED)).isEqualTo(cm.macroF1());
        assertThat(Metric.<Vec>named("auc").score(model, IMBALANCED)).isEqualTo(Metrics.auc(positive, f));
    }

    @Test
    void theAucMetricRefusesAThreeClassModelWithOneClearMessage() {
        LabeledDataset three = threeClasses(30, 4);
        Model<Vec> model = TestLearners.svm(0.5, 1).fit(three);
        assertThatThrownBy(() -> Metric.<Vec>auc().score(model, three)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the AUC needs a two-class classifier, got 3 classes " + three.classNames());
        assertThatThrownBy(() -> ModelSelection.crossValidation(Resampling.stratifiedKFold(3, 1, 5),
                        TestLearners.svm(0.5, 1)).withMetric(Metric.auc()).run(three))
                .isInstanceOf(FoldFailedException.class).hasMessageContaining("the AUC needs a two-class classifier");
    }

    @Test
    void balancedAccuracyAndAccuracyPickDifferentGridPointsOnASeededImbalancedProblem() {
        // 12 positives among 100 overlapping points: accuracy favours a small C that mostly predicts the
        // majority class (inner scores C=0.1: 2.640, C=1: 2.670, C=10: 2.640, C=100: 2.552, summed over 3
        // inner splits), balanced accuracy the C=100 that finds more positives (1.500, 1.625, 1.608, 1.773)
        Grid<Vec> grid = Grid.of(p -> TestLearners.svm(0.5, p.number("C")), Dimension.of("C", 0.1, 1, 10, 100));
        ModelSelection<Vec> byAccuracy = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 1), grid,
                InnerSplits.stratifiedKFold(3, SeedRule.affine(7, 7))).withThreads(1);
        ModelSelection<Vec> byBalanced = byAccuracy.withInnerMetric(Metric.named("balanced-accuracy"));

        Selection a = byAccuracy.select(IMBALANCED, 0);
        Selection b = byBalanced.select(IMBALANCED, 0);
        assertThat(a.chosen().number("C")).isEqualTo(1.0);
        assertThat(b.chosen().number("C")).isEqualTo(100.0);
        assertThat(b.score()).isEqualTo(b.searched().stream().mapToDouble(ScoredPoint::score).max().orElseThrow());

        Evaluation ea = byAccuracy.run(IMBALANCED);
        Evaluation eb = byBalanced.run(IMBALANCED);
        assertThat(eb.chosen()).isNotEqualTo(ea.chosen());
        assertThat(eb.metric()).isEqualTo("accuracy");
    }

    @Test
    void aTestMetricOtherThanAccuracyScoresEveryFoldFromTheSamePredictionsTheFoldKeeps() {
        for (String name : List.of("balanced-accuracy", "f1", "auc")) {
            Evaluation e = ModelSelection.crossValidation(Resampling.stratifiedKFold(4, 1, 3), TestLearners.svm(0.5, 10))
                    .withMetric(Metric.named(name)).run(IMBALANCED);
            assertThat(e.metric()).isEqualTo(name);
            double[] expected = switch (name) {
                case "balanced-accuracy" -> e.balancedAccuracies().orElseThrow();
                case "f1" -> e.macroF1Scores().orElseThrow();
                default -> e.aucs().orElseThrow();
            };
            assertThat(e.scores()).as(name).containsExactly(expected);
            assertThat(Arrays.stream(expected).distinct().count()).as(name).isGreaterThan(1);
        }
    }
}
