package dev.kernelkit.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ThreadsTest {

    @Test
    void insideCallParallelStreamsAndTheDefaultsUseAtMostTheGivenThreads() throws Exception {
        Set<String> names = ConcurrentHashMap.newKeySet();
        int seen = Threads.call(2, () -> {
            IntStream.range(0, 2000).parallel().forEach(i -> {
                names.add(Thread.currentThread().getName());
                Math.sqrt(i);
            });
            int[] inner = new int[1];
            Thread t = new Thread(() -> inner[0] = Threads.available());
            t.start();
            t.join();
            assertThat(inner[0]).as("a thread started inside inherits the limit").isEqualTo(2);
            return Threads.available();
        });
        assertThat(seen).isEqualTo(2);
        assertThat(names.size()).isBetween(1, 2);
        assertThat(Threads.available()).as("the limit ends with the call").isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void theTasksOwnExceptionComesBackNotACopyAndBadCountsAreRefused() {
        IllegalArgumentException thrown = new IllegalArgumentException("--c must be > 0");
        assertThatThrownBy(() -> Threads.call(1, () -> {
            throw thrown;
        })).isSameAs(thrown);
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        assertThatThrownBy(() -> Threads.call(1, () -> {
            throw oom;
        })).isSameAs(oom);
        assertThatThrownBy(() -> Threads.call(0, () -> 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads must be >= 1, got 0");
    }
}
