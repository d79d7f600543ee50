package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link EqualPoints}: groups by non-zero entries (dense and sparse, stored zeros ignored), by class when given. */
class EqualPointsTest {
    private final Vec a = DenseVec.of(1, 0, 2);
    private final Vec aSparse = new SparseVec(3, new int[] {0, 2}, new double[] {1, 2});
    private final Vec aStoredZero = new SparseVec(3, new int[] {0, 1, 2}, new double[] {1, 0, 2});
    private final Vec b = DenseVec.of(1, 0, 2.0000000000000004);  // one ulp from a

    @Test
    void equalNonZeroEntriesShareAGroupNumberedByFirstPoint() {
        EqualPoints g = EqualPoints.of(List.of(b, a, aSparse, aStoredZero, b), Integer.MAX_VALUE);
        assertThat(g.groupOf()).containsExactly(0, 1, 1, 1, 0);
        assertThat(g.first()).containsExactly(0, 1);
        assertThat(g.groupSizes()).containsExactly(2, 3);
        assertThat(g.hasDuplicates()).isTrue();
        assertThat(g.count()).isEqualTo(2);
        assertThat(g.size()).isEqualTo(5);
    }

    @Test
    void classesSplitEqualPoints() {
        EqualPoints g = EqualPoints.of(List.of(a, aSparse, a), new int[] {0, 1, 0}, 3);
        assertThat(g.groupOf()).containsExactly(0, 1, 0);
    }

    @Test
    void moreGroupsThanAllowedGiveNull() {
        assertThat(EqualPoints.of(List.of(a, b, a), 1)).isNull();
        assertThat(EqualPoints.of(List.of(a, b, a), 2)).isNotNull();
        assertThat(EqualPoints.of(List.of(a, b), 2).hasDuplicates()).isFalse();
    }

    @Test
    void accessorsReturnCopies() {
        EqualPoints g = EqualPoints.of(List.of(a, a), 2);
        g.groupOf()[1] = 7;
        g.first()[0] = 7;
        assertThat(g.groupOf()).containsExactly(0, 0);
        assertThat(g.first()).containsExactly(0);
    }
}
