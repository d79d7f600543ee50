package dev.kernelkit.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StopwatchTest {

    @Test
    void measuresAtLeastTheSleptTimeAndKeepsTheValue() throws Exception {
        Stopwatch.Timed<String> t = Stopwatch.time(() -> {
            Thread.sleep(30);
            return "done";
        });
        assertThat(t.value()).isEqualTo("done");
        assertThat(t.seconds()).isGreaterThanOrEqualTo(0.029);
        Stopwatch w = Stopwatch.start();
        long a = w.elapsedNanos();
        long b = w.elapsedNanos();
        assertThat(b).isGreaterThanOrEqualTo(a).isGreaterThanOrEqualTo(0);
        assertThat(Stopwatch.time(() -> { })).isGreaterThanOrEqualTo(0.0);
    }
}
