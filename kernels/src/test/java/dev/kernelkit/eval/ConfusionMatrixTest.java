package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfusionMatrixTest {

    @Test
    void countsByHand() {
        // truth:     a a a b b c
        // predicted: a b a b c c
        ConfusionMatrix m = new ConfusionMatrix(List.of("a", "b", "c"),
                new int[] {0, 0, 0, 1, 1, 2}, new int[] {0, 1, 0, 1, 2, 2});
        assertThat(m.counts()).isDeepEqualTo(new int[][] {{2, 1, 0}, {0, 1, 1}, {0, 0, 1}});
        assertThat(m.total()).isEqualTo(6);
        assertThat(m.accuracy()).isEqualTo(4.0 / 6.0);
        assertThat(m.recall(0)).isEqualTo(2.0 / 3.0);
        assertThat(m.precision(1)).isEqualTo(0.5); // predicted b: one a, one b
        assertThat(m.support(1)).isEqualTo(2);
        assertThat(m.accuracy()).isEqualTo(Metrics.accuracy(new int[] {0, 0, 0, 1, 1, 2}, new int[] {0, 1, 0, 1, 2, 2}));
        assertThat(m.toString()).isEqualTo(String.join("\n",
                "true\\pred         a         b         c",
                "        a         2         1         0",
                "        b         0         1         1",
                "        c         0         0         1"));
    }

    @Test
    void rejectsClassOutOfRangeAndDuplicateNames() {
        assertThatThrownBy(() -> new ConfusionMatrix(List.of("a", "b"), new int[] {0, 2}, new int[] {0, 1}))
                .hasMessage("true class of example 1 must be in [0, 2), got 2");
        assertThatThrownBy(() -> new ConfusionMatrix(List.of("a", "a"), new int[] {0}, new int[] {0}))
                .hasMessageContaining("distinct");
    }
}
