package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.Model;
import dev.kernelkit.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChoosersTest {

    static final double[] GAMMAS = {0.02, 0.2, 2};
    static final double[] CS = {0.1, 1, 10};
    static final int[] SIZES = {8, 16, 24, 40}; // 40 exceeds every inner training part (about 32 points)
    static final long SEED = 21;

    static final LabeledDataset DATA = TestData.gaussianBlobs(60, 4, 1.0, 13);

    /** Grid (n, gamma, C), n slowest: the order of mi-sparse's joint search (size, gamma, C). */
    static Grid<Vec> grid() {
        List<Object> sizes = new ArrayList<>();
        for (int n : SIZES) {
            sizes.add(n);
        }
        return Grid.of(p -> TestLearners.svmOnFirst(p.number("gamma"), p.number("C"), p.value("n", Integer.class)),
                Dimension.of("n", sizes), Dimension.of("gamma", GAMMAS), Dimension.of("C", CS));
    }

    /** mi-sparse's rule: a size above the instances of the smallest inner training part is skipped (never the first). */
    static final Choosers.Filter<Vec> FEASIBLE = (p, search) -> {
        if (p.index("n") == 0) {
            return true;
        }
        int min = Integer.MAX_VALUE;
        for (int k = 0; k < search.innerSplits().size(); k++) {
            min = Math.min(min, search.innerTrainingPart(k).size());
        }
        return p.value("n", Integer.class) <= min;
    };

    /** Accuracy by class name, written out. */
    static double accuracy(Model<Vec> m, Dataset<Vec> d) {
        int ok = 0;
        for (int i = 0; i < d.size(); i++) {
            ok += m.classNames().get(m.predict(d.x(i))).equals(d.classNames().get(d.classIndex(i))) ? 1 : 0;
        }
        return ok / (double) d.size();
    }

    static double innerSum(LabeledDataset train, List<Splits.Split> inner, double gamma, double c, int n) {
        double sum = 0;
        for (Splits.Split s : inner) {
            sum += accuracy(TestLearners.svmOnFirst(gamma, c, n).fit(train.subset(s.train())), train.subset(s.test()));
        }
        return sum;
    }

    /** The staged search of MiCrossValidation.tuneSizeChoice, written out: {gamma, C, n, sum}. */
    static double[] handStaged(LabeledDataset train, List<Splits.Split> inner) {
        int minTrain = inner.stream().mapToInt(Splits.Split::trainSize).min().getAsInt();
        double bestSum = -1;
        double[] best = null;
        for (double g : GAMMAS) {
            for (double c : CS) {
                double sum = innerSum(train, inner, g, c, SIZES[0]);
                if (sum > bestSum) {
                    bestSum = sum;
                    best = new double[] {g, c};
                }
            }
        }
        int bestSize = SIZES[0];
        for (int i = 1; i < SIZES.length && SIZES[i] <= minTrain; i++) {
            double sum = innerSum(train, inner, best[0], best[1], SIZES[i]);
            if (sum > bestSum) {
                bestSum = sum;
                bestSize = SIZES[i];
            }
        }
        return new double[] {best[0], best[1], bestSize, bestSum};
    }

    /** The joint search of MiCrossValidation (SizeSearch.JOINT), written out. */
    static double[] handJoint(LabeledDataset train, List<Splits.Split> inner) {
        int minTrain = inner.stream().mapToInt(Splits.Split::trainSize).min().getAsInt();
        double bestSum = -1;
        double[] best = null;
        for (int i = 0; i < SIZES.length && (i == 0 || SIZES[i] <= minTrain); i++) {
            for (double g : GAMMAS) {
                for (double c : CS) {
                    double sum = innerSum(train, inner, g, c, SIZES[i]);
                    if (sum > bestSum) {
                        bestSum = sum;
                        best = new double[] {g, c, SIZES[i], sum};
                    }
                }
            }
        }
        return best;
    }

    static ModelSelection<Vec> selection(Chooser<Vec> chooser) {
        return ModelSelection.of(Resampling.stratifiedKFold(5, 2, SEED), grid(),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(SEED + 7919, 7919)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD)).withChooser(chooser).withThreads(3);
    }

    static void assertSameChoices(Evaluation e, boolean staged) {
        List<Splits.Split> outer = Splits.repeatedStratifiedKFold(DATA.labels(), 5, 2, SEED);
        List<Point> chosen = e.chosen();
        int distinctSizes = 0;
        for (int s = 0; s < outer.size(); s++) {
            LabeledDataset raw = DATA.subset(outer.get(s).train());
            FittedScaler scaler = FeatureScaling.STANDARD.fit(raw);
            LabeledDataset train = scaler.apply(raw);
            List<Splits.Split> inner = Splits.stratifiedKFold(train.labels(), 3, SEED + 7919L * (s + 1));
            double[] hand = staged ? handStaged(train, inner) : handJoint(train, inner);
            Point p = chosen.get(s);
            assertThat(new double[] {p.number("gamma"), p.number("C"), p.number("n")}).as("outer split %d", s)
                    .containsExactly(hand[0], hand[1], hand[2]);
            assertThat(e.folds().get(s).selection().score()).isEqualTo(hand[3]);
            distinctSizes += p.index("n") > 0 ? 1 : 0;
        }
        // the second stage changed the size somewhere: the test exercises it
        assertThat(distinctSizes).isPositive();
    }

    @Test
    void aStagedSearchEqualsItsHandWrittenTwoStageEquivalent() {
        Evaluation e = selection(Choosers.staged(List.of(List.of("gamma", "C"), List.of("n")), FEASIBLE)).run(DATA);
        assertSameChoices(e, true);
        for (OuterFold f : e.folds()) {
            // stage 1: 9 points x 3 splits; stage 2: sizes 16 and 24 (40 skipped), the incumbent not refitted
            assertThat(f.selection().fits()).isEqualTo(9 * 3 + 2 * 3);
            assertThat(f.selection().searched()).hasSize(11);
        }
    }

    @Test
    void theJointSearchEqualsItsHandWrittenLoop() {
        Evaluation e = selection(Choosers.best(FEASIBLE)).run(DATA);
        assertSameChoices(e, false);
        for (OuterFold f : e.folds()) {
            assertThat(f.selection().fits()).isEqualTo(3 * 9 * 3);
        }
    }

    @Test
    void aLaterStageKeepsTheIncumbentOnTiesAndTakesTheFirstStrictlyBetterPoint() {
        // scores by point, fixed: stage 1 over a (b at 0) -> a = 1 (score 5, tie with a = 2 goes to a = 1);
        // stage 2 over b at a = 1: b = 0 scores 5 (the incumbent), b = 1 scores 5 (tie: kept), b = 2 scores 6
        double[][] table = {{1, 9, 9}, {5, 5, 6}, {5, 0, 0}};
        Grid<Vec> g = Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("a", 0, 1, 2), Dimension.of("b", 0, 1, 2));
        Search<Vec> search = fakeSearch(g, table);
        Chooser.Choice c = Choosers.<Vec>staged(List.of(List.of("a"), List.of("b"))).choose(search);
        assertThat(c.point()).isEqualTo(g.point(1, 2));
        assertThat(c.score()).isEqualTo(6);
        // the plain best over the grid takes (0, 1), the first of the two 9s
        assertThat(Choosers.<Vec>best().choose(fakeSearch(g, table)).point()).isEqualTo(g.point(0, 1));
    }

    /** A search whose inner "metric" reads the score table by the point the fake model carries. */
    static Search<Vec> fakeSearch(Grid<Vec> g, double[][] table) {
        Grid<Vec> scored = g.withSharedWork(part -> null, (point, part, none) -> new TableModel(point));
        Metric<Vec> metric = Metric.of("table", true, (m, d) -> {
            Point p = ((TableModel) m).point();
            return table[p.index(0)][p.index(1)];
        });
        return new Search<>(DATA, 0, scored, InnerSplits.stratifiedKFold(2, SeedRule.constant(1)), metric,
                Aggregate.MEAN, 1);
    }

    record TableModel(Point point) implements dev.kernelkit.learn.FittedModel<Vec> {
        @Override
        public dev.kernelkit.learn.FitReport report() {
            return dev.kernelkit.learn.FitReport.of("table", point, 0, 0);
        }

        @Override
        public dev.kernelkit.data.InputKind input() {
            return dev.kernelkit.data.InputKind.VECTORS;
        }

        @Override
        public int dim() {
            return 4;
        }
    }

    @Test
    void stagesAndFiltersAreChecked() {
        assertThatThrownBy(() -> Choosers.staged(List.of())).hasMessage("a staged search needs at least one stage, got none");
        assertThatThrownBy(() -> Choosers.staged(List.of(List.of("gamma"), List.of())))
                .hasMessage("stage 2 of the staged search names no dimension");
        Search<Vec> s = new Search<>(DATA, 0, grid(), InnerSplits.stratifiedKFold(3, SeedRule.constant(1)),
                Metric.accuracy(), Aggregate.SUM, 1);
        assertThatThrownBy(() -> Choosers.<Vec>staged(List.of(List.of("gamma", "C"))).choose(s))
                .hasMessageStartingWith("grid dimension 'n' is in no stage");
        assertThatThrownBy(() -> Choosers.<Vec>staged(List.of(List.of("gamma", "C"), List.of("n", "C"))).choose(s))
                .hasMessage("grid dimension 'C' is in two stages of the staged search");
        assertThatThrownBy(() -> Choosers.<Vec>staged(List.of(List.of("gamma", "c", "n"))).choose(s))
                .hasMessageStartingWith("no grid dimension 'c'");
        assertThatThrownBy(() -> Choosers.<Vec>best((p, x) -> false).choose(s))
                .hasMessageStartingWith("the filter admits no point of the grid n (4) x gamma (3) x C (3), 36 points");
        assertThat(s.fits()).isZero();
    }
}
