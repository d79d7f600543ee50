package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The ordered pool under the harness (what the pre-contract CrossValidation tests checked through it):
 * results in task order whatever the finishing order, at most the requested number of threads, the
 * lowest-indexed failure rethrown.
 */
class OrderedParallelTest {

    /** Tasks that sleep a task-dependent time, so that they finish out of order, and return i * i. */
    private static List<Callable<Integer>> squares(int n) {
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            tasks.add(() -> {
                Thread.sleep(5L * ((7 - k) % 5));
                return k * k;
            });
        }
        return tasks;
    }

    @Test
    void parallelResultsComeBackInTaskOrderAsTheSequentialRun() {
        List<Integer> sequential = OrderedParallel.run(squares(8), 1);
        assertThat(sequential).containsExactly(0, 1, 4, 9, 16, 25, 36, 49);
        assertThat(OrderedParallel.run(squares(8), 3)).isEqualTo(sequential);
    }

    @Test
    void tasksRunOnAPoolOfAtMostTheRequestedSizeOrInTheCallerForOneThread() {
        Set<String> names = ConcurrentHashMap.newKeySet();
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tasks.add(() -> {
                names.add(Thread.currentThread().getName());
                Thread.sleep(20);
                return 0;
            });
        }
        OrderedParallel.run(tasks, 2);
        assertThat(names).isNotEmpty().hasSizeLessThanOrEqualTo(2).allMatch(n -> n.startsWith("kernelkit-eval-"));
        names.clear();
        OrderedParallel.run(tasks, 1);
        assertThat(names).containsExactly(Thread.currentThread().getName());
        assertThatThrownBy(() -> OrderedParallel.run(tasks, 0)).hasMessage("threads must be >= 1, got 0");
    }

    @Test
    void theLowestIndexedFailureIsRethrownWhateverFinishesFirst() {
        for (int threads : new int[] {1, 4}) {
            List<Callable<Integer>> tasks = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int k = i;
                tasks.add(() -> {
                    if (k == 2) {
                        Thread.sleep(30); // the later failure of task 3 finishes first
                        throw new FoldFailedException(2, "fold 2 failed", new IllegalStateException("two"));
                    }
                    if (k == 3) {
                        throw new FoldFailedException(3, "fold 3 failed", new IllegalStateException("three"));
                    }
                    return k;
                });
            }
            FoldFailedException e = catchThrowableOfType(() -> OrderedParallel.run(tasks, threads),
                    FoldFailedException.class);
            assertThat(e.foldIndex()).as("threads %d", threads).isEqualTo(2);
            assertThat(e).hasMessage("fold 2 failed");
        }
    }
}
