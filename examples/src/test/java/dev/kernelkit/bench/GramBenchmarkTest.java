package dev.kernelkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The Gram benchmark on a tiny problem: ours and the naive loop agree; options are validated. */
class GramBenchmarkTest {

    @Test
    void oursAndTheNaiveLoopAgreeOnASmallProblem() {
        GramBenchmark.Result r = GramBenchmark.run(new GramBenchmark.Options(50, 7, 0.3, 1L, 2));
        assertThat(r.maxAbsDifference()).isLessThan(1e-12);
        assertThat(r.oursSeconds()).isPositive();
        assertThat(r.naiveSeconds()).isPositive();
        assertThat(r.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        // 8 (2 * 50^2 + 3 * 50 * 7) = 8 * (5000 + 1050) = 48400
        assertThat(r.peakHeapBytes()).isEqualTo(48_400L);
    }

    @Test
    void withoutTheNaiveLoopOnlyOursIsTimedOnTheGivenThreads() {
        GramBenchmark.Result r = GramBenchmark.run(new GramBenchmark.Options(40, 3, 0.5, 2L, 1, 1, false));
        assertThat(r.threads()).isEqualTo(1);
        assertThat(r.oursSeconds()).isPositive();
        // the process's CPU clock may tick in 10 ms steps: 0 is a valid reading for this tiny problem
        assertThat(r.oursCpuSeconds()).isNotNaN().isGreaterThanOrEqualTo(0.0);
        assertThat(r.naiveSeconds()).isNaN();
        assertThat(r.maxAbsDifference()).isNaN();
        // 8 (40^2 + 3 * 40 * 3) = 8 * 1960 = 15680
        assertThat(r.peakHeapBytes()).isEqualTo(15_680L);
    }

    @Test
    void theChosenProductComputesOursAndIsReported() {
        GramBenchmark.Result nat = GramBenchmark.run(new GramBenchmark.Options(700, 11, 0.2, 3L, 1, 2, true, "native"));
        GramBenchmark.Result java = GramBenchmark.run(new GramBenchmark.Options(700, 11, 0.2, 3L, 1, 2, true, "java"));
        assertThat(nat.gramProduct()).isEqualTo("openblas");
        assertThat(java.gramProduct()).isEqualTo("java-tile");
        assertThat(nat.maxAbsDifference()).isLessThan(1e-12);
        assertThat(java.maxAbsDifference()).isLessThan(1e-12);
        assertThatThrownBy(() -> new GramBenchmark.Options(5, 5, 1, 1, 1, 1, true, "cuda"))
                .hasMessageContaining("gram product must be java, native or auto, got 'cuda'");
    }

    @Test
    void naiveLoopMatchesAHandComputedEntry() {
        // (0,0) and (1,2): squared distance 1 + 4 = 5, gamma 0.1 -> exp(-0.5)
        double[][] k = GramBenchmark.naive(new double[][] {{0, 0}, {1, 2}}, 0.1);
        assertThat(k[0][1]).isEqualTo(Math.exp(-0.5));
        assertThat(k[1][0]).isEqualTo(Math.exp(-0.5));
        assertThat(k[1][1]).isEqualTo(1.0);
    }

    @Test
    void badOptionsAreRejected() {
        assertThatThrownBy(() -> new GramBenchmark.Options(0, 5, 1, 1, 1)).hasMessageContaining("n must be in [1, 46340], got 0");
        assertThatThrownBy(() -> new GramBenchmark.Options(5, 0, 1, 1, 1)).hasMessageContaining("d must be >= 1, got 0");
        assertThatThrownBy(() -> new GramBenchmark.Options(5, 5, -1, 1, 1)).hasMessageContaining("gamma must be > 0 and finite, got -1.0");
        assertThatThrownBy(() -> new GramBenchmark.Options(5, 5, 1, 1, 0)).hasMessageContaining("repeats must be >= 1, got 0");
        assertThatThrownBy(() -> new GramBenchmark.Options(5, 5, 1, 1, 1, 0, true)).hasMessageContaining("threads must be >= 1, got 0");
    }
}
