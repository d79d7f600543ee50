package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Vec;
import dev.kernelkit.learn.Trainer;
import java.util.List;
import org.junit.jupiter.api.Test;

class GridTest {

    static Grid<Vec> grid() {
        return Grid.of(p -> TestLearners.svm(p.number("gamma"), p.number("C")),
                Dimension.of("gamma", 0.5, 2), Dimension.of("C", 1, 10, 100));
    }

    @Test
    void pointsAreTheProductFirstDimensionSlowest() {
        Grid<Vec> g = grid();
        assertThat(g.size()).isEqualTo(6);
        assertThat(g.points().stream().map(Point::toString)).containsExactly(
                "gamma=0.5, C=1", "gamma=0.5, C=10", "gamma=0.5, C=100",
                "gamma=2, C=1", "gamma=2, C=10", "gamma=2, C=100");
        assertThat(g.first()).isEqualTo(g.point(0, 0));
        assertThat(g.point(1, 2).number("C")).isEqualTo(100);
        assertThat(g.point(1, 2).with("C", 0)).isEqualTo(g.point(1, 0));
        assertThat(g.vary(g.point(1, 1), List.of("gamma"))).containsExactly(g.point(0, 1), g.point(1, 1));
        assertThat(g.vary(g.point(1, 1), List.of("C", "gamma"))).isEqualTo(g.points());
        assertThat(g).hasToString("grid gamma (2) x C (3), 6 points");
        Trainer<Vec, ?> t = g.trainer(g.point(1, 0));
        assertThat(t.options().toString()).contains("gamma=2.0").contains("c=1.0");
    }

    @Test
    void candidateListsAndSinglePointsHaveTheirOwnShape() {
        Grid<Vec> list = Grid.ofTrainers("candidate", List.of("t=3", "t=5"),
                List.of(TestLearners.svm(1, 1), TestLearners.svm(1, 10)));
        assertThat(list.points().stream().map(Point::toString)).containsExactly("candidate=t=3", "candidate=t=5");
        assertThat(list.dimensions().get(0).ordered()).isFalse();
        Grid<Vec> one = Grid.single(TestLearners.svm(1, 1));
        assertThat(one.size()).isEqualTo(1);
        assertThat(one.first()).hasToString("(single point)");
        assertThat(Grid.ofTrainers(List.of(TestLearners.svm(1, 1))).first().value("candidate").toString())
                .startsWith("svm");
    }

    @Test
    void emptyOrInconsistentGridsAreRefused() {
        assertThatThrownBy(() -> Dimension.of("gamma")).hasMessage("grid dimension 'gamma' has no values: the grid is empty");
        assertThatThrownBy(() -> Dimension.of(" ", 1)).hasMessage("a grid dimension needs a name, got ' '");
        assertThatThrownBy(() -> Grid.<Vec>ofTrainers(List.of()))
                .hasMessage("the candidate list is empty: the grid needs at least one trainer");
        assertThatThrownBy(() -> Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("C", 1), Dimension.of("C", 2)))
                .hasMessage("grid dimension 'C' is listed twice");
        assertThatThrownBy(() -> grid().point(0, 3)).hasMessage("index of grid dimension 'C' must be in [0, 3), got 3");
        assertThatThrownBy(() -> grid().point(0)).hasMessage("expected 2 value indices, found 1");
        assertThatThrownBy(() -> grid().first().value("c")).hasMessage("no grid dimension 'c'; the grid has [gamma, C]");
        Grid<Vec> other = Grid.of(p -> TestLearners.svm(1, 1), Dimension.of("gamma", 0.5, 2));
        assertThatThrownBy(() -> grid().trainer(other.first())).hasMessageContaining("is not a point of this grid");
        assertThatThrownBy(() -> Grid.<Vec>of(p -> null, Dimension.of("C", 1)).trainer(Grid.<Vec>of(p -> null,
                Dimension.of("C", 1)).first())).hasMessage("the grid gave no trainer for point C=1");
    }
}
