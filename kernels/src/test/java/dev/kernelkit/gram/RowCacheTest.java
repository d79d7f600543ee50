package dev.kernelkit.gram;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowCacheTest {
    /** A budget of exactly {@code rows} rows of length n (8 n + 64 bytes each). */
    private static double mbFor(int rows, int n) {
        return rows * (8.0 * n + 64) / (1 << 20);
    }

    @Test
    void keepsCopiesAndDropsTheLeastRecentlyUsedRowBeyondTheBudget() {
        int n = 4;
        RowCache c = new RowCache(n, mbFor(2, n));
        assertThat(c.capacity()).isEqualTo(2);
        double[] r0 = {0, 1, 2, 3};
        c.keep(0, r0);
        r0[1] = 99; // the cache holds a copy
        c.keep(1, new double[] {10, 11, 12, 13});
        double[] out = new double[n];
        assertThat(c.copy(0, out)).isTrue(); // row 0 is now the most recently used
        assertThat(out).containsExactly(0, 1, 2, 3);
        c.keep(2, new double[] {20, 21, 22, 23}); // drops row 1, the least recently used
        assertThat(c.size()).isEqualTo(2);
        assertThat(c.cached(1)).isNull();
        double[] g = new double[2];
        assertThat(c.gather(2, new int[] {3, 0}, 2, g)).isTrue();
        assertThat(g).containsExactly(23, 20);
        assertThat(c.gather(1, new int[] {0}, 1, g)).isFalse();
        assertThat(g).containsExactly(23, 20); // untouched when the row is not held
    }

    @Test
    void aZeroBudgetKeepsNothing() {
        RowCache c = new RowCache(3, 0);
        c.keep(0, new double[] {1, 2, 3});
        assertThat(c.capacity()).isZero();
        assertThat(c.size()).isZero();
        assertThat(c.copy(0, new double[3])).isFalse();
    }
}
