package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GridEdgeTest {

    static final Grid<Vec> GRID = Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("gamma", 0.1, 1, 10),
            Dimension.of("C", 1, 10, 100), Dimension.unordered("variant", List.of("a", "b")),
            Dimension.of("fixed", 5));

    static List<Point> chosen(int[][] gammaAndC) {
        List<Point> out = new ArrayList<>();
        for (int[] gc : gammaAndC) {
            out.add(GRID.point(gc[0], gc[1], 0, 0)); // variant always its first value: unordered, never an edge
        }
        return out;
    }

    @Test
    void anEdgeChosenInAtLeastHalfTheSplitsIsNotedLastEdgeFirst() {
        // 10 splits: gamma last (index 2) in exactly 5 -> noted; gamma first in 4 -> not noted;
        // C first in 6 -> noted, C last in 0; variant and the one-value dimension never
        int[][] picks = {{2, 0}, {2, 0}, {2, 0}, {2, 0}, {2, 0}, {0, 0}, {0, 1}, {0, 1}, {0, 2 - 1}, {1, 1}};
        List<GridEdge> edges = GridEdge.find(chosen(picks));
        assertThat(edges).containsExactly(
                new GridEdge("gamma", GridEdge.Edge.LAST, 10.0, 5, 10),
                new GridEdge("C", GridEdge.Edge.FIRST, 1.0, 6, 10));
        assertThat(edges.get(0).message())
                .isEqualTo("gamma chose the grid's last value (10) in 5 of 10 outer splits; the best may lie beyond it");
    }

    @Test
    void bothEdgesAreNotedWhenEachIsHalfAndNothingBelowHalf() {
        List<GridEdge> both = GridEdge.find(chosen(new int[][] {{0, 1}, {2, 1}, {0, 1}, {2, 1}}));
        assertThat(both).extracting(GridEdge::dimension, GridEdge::edge)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("gamma", GridEdge.Edge.LAST),
                        org.assertj.core.groups.Tuple.tuple("gamma", GridEdge.Edge.FIRST));
        assertThat(GridEdge.find(chosen(new int[][] {{0, 1}, {1, 1}, {1, 1}}))).isEmpty(); // 1 of 3 < half
        assertThat(GridEdge.find(List.of())).isEmpty();
    }

    @Test
    void gridsThatDifferPerSplitAreJudgedPerSplitWithoutACommonValue() {
        Grid<Vec> a = Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("gamma", 0.1, 1));
        Grid<Vec> b = Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("gamma", 0.2, 2));
        List<GridEdge> e = GridEdge.find(List.of(a.point(1), b.point(1), b.point(0)));
        assertThat(e).containsExactly(new GridEdge("gamma", GridEdge.Edge.LAST, null, 2, 3));
        assertThat(e.get(0).message()).isEqualTo("gamma chose the grid's last value in 2 of 3 outer splits; the best may "
                + "lie beyond it");
        // equal first and last values have no edge
        Grid<Vec> flat = Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("gamma", 1, 2, 1));
        assertThat(GridEdge.find(List.of(flat.point(0), flat.point(2)))).isEmpty();
    }
}
