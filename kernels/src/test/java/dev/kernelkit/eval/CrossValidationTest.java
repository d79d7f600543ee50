package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.kernelkit.data.Splits;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class CrossValidationTest {

    static final int[] LABELS = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 2, 2, 2, 2, 0, 1, 2};

    /** A deterministic fold function that sleeps a fold-dependent time so that folds finish out of order. */
    static FoldResult fold(int[] train, int[] test, int f) throws InterruptedException {
        Thread.sleep(5L * ((7 - f) % 5));
        // "score": fraction of test indices that are even; "times": sums of indices (deterministic).
        long even = Arrays.stream(test).filter(i -> i % 2 == 0).count();
        return new FoldResult((double) even / test.length, Arrays.stream(train).sum(), f);
    }

    @Test
    void parallelResultEqualsSequentialAndKeepsFoldOrder() {
        List<Splits.Split> splits = Splits.repeatedStratifiedKFold(LABELS, 4, 2, 3);
        List<FoldResult> sequential = CrossValidation.run(splits, CrossValidationTest::fold, 1);
        List<FoldResult> parallel = CrossValidation.run(splits, CrossValidationTest::fold, 3);
        List<FoldResult> byDefault = CrossValidation.run(splits, CrossValidationTest::fold);
        assertThat(parallel).isEqualTo(sequential);
        assertThat(byDefault).isEqualTo(sequential);
        for (int f = 0; f < splits.size(); f++) {
            assertThat(sequential.get(f).testSeconds()).isEqualTo(f); // fold index carried through
            assertThat(sequential.get(f).trainSeconds()).isEqualTo(Arrays.stream(splits.get(f).train()).sum());
        }
        assertThat(CrossValidation.summarise(sequential))
                .isEqualTo(Summary.of(sequential.stream().mapToDouble(FoldResult::score).toArray()));
    }

    @Test
    void foldsRunOnAPoolOfAtMostTheRequestedSize() {
        List<Splits.Split> splits = Splits.stratifiedKFold(LABELS, 4, 1);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        CrossValidation.run(splits, (tr, te, f) -> {
            threads.add(Thread.currentThread().getName());
            Thread.sleep(20);
            return f;
        }, 2);
        assertThat(threads).isNotEmpty().hasSizeLessThanOrEqualTo(2).allMatch(n -> n.startsWith("kernelkit-eval-"));
        Set<String> seq = ConcurrentHashMap.newKeySet();
        CrossValidation.run(splits, (tr, te, f) -> seq.add(Thread.currentThread().getName()), 1);
        assertThat(seq).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void failureIsPropagatedWithTheFoldNumber() {
        List<Splits.Split> splits = Splits.stratifiedKFold(LABELS, 4, 1);
        for (int threads : new int[] {1, 4}) {
            FoldFailedException e = catchThrowableOfType(() -> CrossValidation.run(splits, (tr, te, f) -> {
                if (f == 2 || f == 3) {
                    throw new IOException("disk full in fold " + f);
                }
                return f;
            }, threads), FoldFailedException.class);
            // Folds 2 and 3 fail; the lowest-numbered failure is reported.
            assertThat(e.foldIndex()).isEqualTo(2);
            assertThat(e).hasMessageStartingWith("fold 2 failed: java.io.IOException: disk full in fold 2");
            assertThat(e.getCause()).isInstanceOf(IOException.class);
        }
    }

    @Test
    void foldFunctionGetsItsOwnCopies() {
        List<Splits.Split> splits = Splits.stratifiedKFold(LABELS, 2, 1);
        CrossValidation.run(splits, (tr, te, f) -> {
            Arrays.fill(tr, -1);
            return 0;
        }, 1);
        assertThat(splits.get(0).train()).doesNotContain(-1);
        assertThatThrownBy(() -> CrossValidation.run(List.of(), (tr, te, f) -> 0))
                .hasMessage("need at least one split, got 0");
    }
}
