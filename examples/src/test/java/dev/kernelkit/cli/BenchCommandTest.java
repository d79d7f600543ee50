package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchCommandTest {

    @Test
    void ratioSaysFasterOrSlowerWithTheFactor() {
        // 0.5 s vs 2.0 s: ratio 0.25, 4x faster; 1.6 s vs 1.0 s: ratio 1.6, 1.6x slower.
        assertThat(BenchCommand.ratio(0.5, 2.0, "LIBSVM")).isEqualTo("time ours / LIBSVM = 0.250 (ours is 4.0x faster)");
        assertThat(BenchCommand.ratio(1.6, 1.0, "the naive loop"))
                .isEqualTo("time ours / the naive loop = 1.600 (ours is 1.6x slower)");
    }
}
