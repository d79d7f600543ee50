package dev.kernelkit.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SplitsTest {

    /** Labels with class sizes 17, 9, 5 (class ids 0, 3, 7), shuffled with a fixed seed. */
    static int[] unevenLabels() {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < 17; i++) {
            l.add(0);
        }
        for (int i = 0; i < 9; i++) {
            l.add(3);
        }
        for (int i = 0; i < 5; i++) {
            l.add(7);
        }
        SplittableRandom rnd = new SplittableRandom(99);
        for (int i = l.size() - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            Integer t = l.get(i);
            l.set(i, l.get(j));
            l.set(j, t);
        }
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    static void assertSortedPartition(Splits.Split s, int n) {
        int[] train = s.train();
        int[] test = s.test();
        assertThat(train).isSorted();
        assertThat(test).isSorted();
        boolean[] seen = new boolean[n];
        for (int i : train) {
            assertThat(seen[i]).isFalse();
            seen[i] = true;
        }
        for (int i : test) {
            assertThat(seen[i]).as("index %d in train and test", i).isFalse();
            seen[i] = true;
        }
        for (int i = 0; i < n; i++) {
            assertThat(seen[i]).as("index %d missing", i).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5})
    void foldTestSetsPartitionTheIndicesAndEachSplitPartitionsToo(int k) {
        int[] y = unevenLabels();
        List<Splits.Split> folds = Splits.stratifiedKFold(y, k, 42);
        assertThat(folds).hasSize(k);
        int[] count = new int[y.length];
        for (Splits.Split s : folds) {
            assertSortedPartition(s, y.length);
            for (int i : s.test()) {
                count[i]++;
            }
        }
        // every index is a test index exactly once over the k folds
        assertThat(count).containsOnly(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void eachClassIsSpreadWithinOnePerFold(int k) {
        int[] y = unevenLabels();
        List<Splits.Split> folds = Splits.stratifiedKFold(y, k, 7);
        for (int c : new int[] {0, 3, 7}) {
            long nc = Arrays.stream(y).filter(v -> v == c).count();
            for (Splits.Split s : folds) {
                long inFold = Arrays.stream(s.test()).filter(i -> y[i] == c).count();
                // floor(n_c / k) or ceil(n_c / k)
                assertThat(inFold).as("class %d, k %d", c, k).isBetween(nc / k, (nc + k - 1) / k);
            }
        }
        int minSize = folds.stream().mapToInt(Splits.Split::testSize).min().orElseThrow();
        int maxSize = folds.stream().mapToInt(Splits.Split::testSize).max().orElseThrow();
        assertThat(maxSize - minSize).isLessThanOrEqualTo(1);
    }

    @Test
    void doubleLabelsStratifyLikeTheirIntegerCodes() {
        int[] y = unevenLabels();
        double[] yd = Arrays.stream(y).mapToDouble(v -> v == 0 ? -1.0 : v == 3 ? 1.0 : 2.5).toArray();
        // Same classes in the same increasing order, so the same seed gives the same folds.
        assertThat(Splits.stratifiedKFold(yd, 4, 5)).isEqualTo(Splits.stratifiedKFold(y, 4, 5));
    }

    @Test
    void sameSeedSameSplitsDifferentSeedDifferentSplits() {
        int[] y = unevenLabels();
        assertThat(Splits.stratifiedKFold(y, 3, 1)).isEqualTo(Splits.stratifiedKFold(y, 3, 1));
        assertThat(Splits.stratifiedKFold(y, 3, 1)).isNotEqualTo(Splits.stratifiedKFold(y, 3, 2));
        assertThat(Splits.repeatedHoldOut(31, 0.7, 3, 1)).isEqualTo(Splits.repeatedHoldOut(31, 0.7, 3, 1));
        assertThat(Splits.repeatedHoldOut(31, 0.7, 3, 1)).isNotEqualTo(Splits.repeatedHoldOut(31, 0.7, 3, 2));
        assertThat(Splits.repeatedStratifiedHoldOut(y, 0.7, 3, 1)).isEqualTo(Splits.repeatedStratifiedHoldOut(y, 0.7, 3, 1));
        assertThat(Splits.repeatedStratifiedHoldOut(y, 0.7, 3, 1))
                .isNotEqualTo(Splits.repeatedStratifiedHoldOut(y, 0.7, 3, 2));
    }

    @Test
    void repeatRUsesSeedPlusR() {
        int[] y = unevenLabels();
        List<Splits.Split> rep = Splits.repeatedStratifiedKFold(y, 3, 4, 100);
        assertThat(rep).hasSize(12);
        for (int r = 0; r < 4; r++) {
            assertThat(rep.subList(3 * r, 3 * r + 3)).isEqualTo(Splits.stratifiedKFold(y, 3, 100 + r));
        }
        assertThat(rep.subList(0, 3)).isNotEqualTo(rep.subList(3, 6));
        List<Splits.Split> hold = Splits.repeatedHoldOut(20, 0.5, 3, 9);
        assertThat(hold.get(2)).isEqualTo(Splits.repeatedHoldOut(20, 0.5, 1, 11).get(0));
    }

    @Test
    void holdOutSizesAndPartition() {
        // round(0.7 * 31) = round(21.7) = 22 training indices.
        for (Splits.Split s : Splits.repeatedHoldOut(31, 0.7, 5, 3)) {
            assertSortedPartition(s, 31);
            assertThat(s.trainSize()).isEqualTo(22);
        }
        int[] y = unevenLabels();
        // per class: round(0.7*17) = 12, round(0.7*9) = round(6.3) = 6, round(0.7*5) = round(3.5) = 4 -> 22
        for (Splits.Split s : Splits.repeatedStratifiedHoldOut(y, 0.7, 5, 3)) {
            assertSortedPartition(s, y.length);
            assertThat(Arrays.stream(s.train()).filter(i -> y[i] == 0).count()).isEqualTo(12);
            assertThat(Arrays.stream(s.train()).filter(i -> y[i] == 3).count()).isEqualTo(6);
            assertThat(Arrays.stream(s.train()).filter(i -> y[i] == 7).count()).isEqualTo(4);
        }
        // A class of 2 with fraction 0.9: round(1.8) = 2 is adjusted to 1 so the class is in both sets.
        int[] small = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1};
        for (Splits.Split s : Splits.repeatedStratifiedHoldOut(small, 0.9, 4, 3)) {
            assertThat(Arrays.stream(s.train()).filter(i -> small[i] == 1).count()).isEqualTo(1);
            assertThat(Arrays.stream(s.test()).filter(i -> small[i] == 1).count()).isEqualTo(1);
        }
    }

    @Test
    void kAboveTheSmallestClassIsAClearError() {
        int[] y = unevenLabels();
        assertThatThrownBy(() -> Splits.stratifiedKFold(y, 6, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("k = 6 exceeds the 5 examples of class 7: every fold needs one of each class");
        assertThatThrownBy(() -> Splits.stratifiedKFold(new double[] {1, 1, 1, -1}, 2, 1))
                .hasMessageContaining("exceeds the 1 example of class -1.0");
        assertThatThrownBy(() -> Splits.stratifiedKFold(y, 1, 1)).hasMessage("k must be >= 2, got 1");
        assertThatThrownBy(() -> Splits.repeatedHoldOut(10, 1.0, 1, 1)).hasMessage("trainFraction must be in (0, 1), got 1.0");
        assertThatThrownBy(() -> Splits.repeatedHoldOut(10, 0.01, 1, 1)).hasMessageContaining("train size 0");
        assertThatThrownBy(() -> Splits.repeatedStratifiedHoldOut(new int[] {0, 0, 1}, 0.5, 1, 1))
                .hasMessageContaining("class 1 has 1 example");
        assertThatThrownBy(() -> Splits.repeatedStratifiedKFold(y, 2, 0, 1)).hasMessage("repeats must be >= 1, got 0");
    }

    @Test
    void splitRejectsOverlapAndUnsortedArraysAndCopiesOut() {
        assertThatThrownBy(() -> new Splits.Split(new int[] {0, 2}, new int[] {2})).hasMessage("index 2 is in both train and test");
        assertThatThrownBy(() -> new Splits.Split(new int[] {2, 1}, new int[] {0})).hasMessageContaining("strictly increasing");
        Splits.Split s = new Splits.Split(new int[] {0, 1}, new int[] {2});
        s.train()[0] = 7;
        assertThat(s.train()).containsExactly(0, 1);
    }

    /** The plain k-fold of the {@code cvm cv} command (CvmCvCommand.kFold), transcribed as it stands. */
    static List<Splits.Split> cvmCommandKFold(int n, int k, long seed) {
        int[] perm = java.util.stream.IntStream.range(0, n).toArray();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        List<Splits.Split> out = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            List<Integer> tr = new ArrayList<>();
            List<Integer> te = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                (i % k == f ? te : tr).add(perm[i]);
            }
            out.add(new Splits.Split(tr.stream().mapToInt(Integer::intValue).sorted().toArray(),
                    te.stream().mapToInt(Integer::intValue).sorted().toArray()));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 7})
    void plainKFoldPartitionsEqualSizesAndEqualsTheCvmCommandsFolds(int k) {
        int n = 23;
        List<Splits.Split> folds = Splits.kFold(n, k, 31);
        assertThat(folds).isEqualTo(cvmCommandKFold(n, k, 31));
        boolean[] tested = new boolean[n];
        for (Splits.Split s : folds) {
            assertSortedPartition(s, n);
            assertThat(s.testSize()).isBetween(n / k, (n + k - 1) / k);
            for (int i : s.test()) {
                assertThat(tested[i]).isFalse();
                tested[i] = true;
            }
        }
        List<Splits.Split> repeated = Splits.repeatedKFold(n, k, 3, 31);
        for (int r = 0; r < 3; r++) {
            assertThat(repeated.subList(r * k, (r + 1) * k)).isEqualTo(Splits.kFold(n, k, 31 + r));
        }
        assertThatThrownBy(() -> Splits.kFold(3, 4, 1)).hasMessage("k = 4 exceeds the 3 examples: every fold needs at least one");
        assertThatThrownBy(() -> Splits.kFold(3, 1, 1)).hasMessage("k must be >= 2, got 1");
        assertThatThrownBy(() -> Splits.repeatedKFold(3, 2, 0, 1)).hasMessage("repeats must be >= 1, got 0");
    }

    @Test
    void repeatsWhoseSplitsCannotExistAreRefusedBeforeAnyIsMadeWithoutAnOverflowedCount() {
        // 10 x 214748365 = 2147483650 > 2^31 - 1: once "Illegal Capacity: -2147483646"
        assertThatThrownBy(() -> Splits.repeatedKFold(100, 10, 214_748_365, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("repeats 214748365 of 10 folds of 100 examples make 2147483650 splits")
                .hasMessageContaining("at most ").hasMessageNotContaining("-");
        int[] labels = new int[100];
        Arrays.fill(labels, 50, 100, 1);
        assertThatThrownBy(() -> Splits.repeatedStratifiedKFold(labels, 5, 100_000_000, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most ");
    }
}
