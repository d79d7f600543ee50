package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GridSearchTest {

    record Point(double c, double gamma) {
    }

    static final int[] LABELS = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};

    static List<Point> grid() {
        List<Point> g = new ArrayList<>();
        for (double c : new double[] {0.1, 1, 3, 10}) {
            for (double gamma : new double[] {0.05, 0.5, 5}) {
                g.add(new Point(c, gamma));
            }
        }
        return g;
    }

    /**
     * Synthetic score: -(c - 3)^2 - (gamma - 0.5)^2 plus a fold-dependent term (f - 1.5) / 10 that is
     * the same for every point, so the best mean is at (3, 0.5) whatever the folds.
     */
    static double score(Point p, int[] train, int[] test, int f) throws InterruptedException {
        Thread.sleep((f * 3L + (long) p.c()) % 4);
        return -(p.c() - 3) * (p.c() - 3) - (p.gamma() - 0.5) * (p.gamma() - 0.5) + (f - 1.5) / 10.0;
    }

    @Test
    void picksTheKnownBestAndParallelEqualsSequential() {
        List<Splits.Split> splits = Splits.stratifiedKFold(LABELS, 4, 2);
        GridSearch.Result<Point> seq = GridSearch.search(grid(), splits, GridSearchTest::score, 1);
        GridSearch.Result<Point> par = GridSearch.search(grid(), splits, GridSearchTest::score, 3);
        assertThat(seq.best()).isEqualTo(new Point(3, 0.5));
        assertThat(seq.bestIndex()).isEqualTo(7); // c = 3 is the third c (index 2) -> 2 * 3 + 1
        // Mean of the fold term over f = 0..3 is 0, so the best mean is exactly 0 - 0 + 0.
        assertThat(seq.bestSummary().mean()).isCloseTo(0.0, within(1e-15));
        assertThat(par).isEqualTo(seq);
        assertThat(GridSearch.search(grid(), splits, GridSearchTest::score)).isEqualTo(seq);
    }

    @Test
    void tiesGoToTheFirstPointListed() {
        List<Splits.Split> splits = Splits.stratifiedKFold(LABELS, 2, 2);
        List<Point> points = List.of(new Point(1, 1), new Point(2, 2), new Point(9, 9), new Point(4, 4), new Point(9, 9.0));
        // Points with c = 9 score 1, the others 0: the two best (indices 2 and 4) tie; index 2 wins.
        GridSearch.Result<Point> r = GridSearch.search(points, splits, (p, tr, te, f) -> p.c() == 9 ? 1.0 : 0.0, 2);
        assertThat(r.bestIndex()).isEqualTo(2);
        GridSearch.Result<Point> flat = GridSearch.search(points, splits, (p, tr, te, f) -> 0.5, 2);
        assertThat(flat.bestIndex()).isZero();
    }

    @Test
    void failureNamesPointAndFold() {
        List<Splits.Split> splits = Splits.stratifiedKFold(LABELS, 2, 2);
        FoldFailedException e = catchThrowableOfType(() -> GridSearch.search(List.of(new Point(1, 1), new Point(2, 2)),
                splits, (p, tr, te, f) -> p.c() == 2 && f == 1 ? Double.NaN : 1.0, 2), FoldFailedException.class);
        assertThat(e.foldIndex()).isEqualTo(1);
        assertThat(e).hasMessage("point 1 (Point[c=2.0, gamma=2.0]), fold 1 failed: score is NaN");
    }
}
