package dev.kernelkit.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MemoryBudgetTest {
    static final long MIB = 1L << 20;

    @Test
    void matrixSizesAreEightBytesPerDoubleAndSaturateInsteadOfOverflowing() {
        assertThat(MemoryBudget.denseMatrixBytes(1000)).isEqualTo(8_000_000L);
        // a9a: 32,561 points, 8 n^2 = 8 x 1,060,218,721 = 8,481,749,768 bytes (more than an int holds)
        assertThat(MemoryBudget.denseMatrixBytes(32_561)).isEqualTo(8L * 32_561 * 32_561).isEqualTo(8_481_749_768L);
        // MKL on Heart: 182 kernels on 189 training points, 8 * 182 * 189^2 = 52,009,776 bytes (the 52 MB of SharedKernelMatrices)
        assertThat(MemoryBudget.denseMatricesBytes(182, 189)).isEqualTo(52_009_776L);
        assertThat(MemoryBudget.doublesBytes(3, 5)).isEqualTo(120);
        assertThat(MemoryBudget.denseMatrixBytes(Integer.MAX_VALUE) * 0 + MemoryBudget.denseMatricesBytes(Integer.MAX_VALUE,
                Integer.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(MemoryBudget.forHeap("job", MIB).plus("a", Long.MAX_VALUE).plus("b", 10).bytes()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aDefaultCacheShrinksToHalfTheHeapAndToWhatTheItemsLeave() {
        MemoryBudget empty = MemoryBudget.forHeap("svm train", 256 * MIB);
        // half of 256 MiB = 128 MiB < the 200 requested
        assertThat(empty.cacheMb(200, 1)).isEqualTo(128);
        // two caches share the half: 64 each
        assertThat(empty.cacheMb(200, 2)).isEqualTo(64);
        // a small request is kept
        assertThat(empty.cacheMb(20, 1)).isEqualTo(20);
        // 150 MiB of items leave 0.8 * 256 - 150 = 54.8 MiB, floored to 54
        assertThat(empty.plus("data", 150 * MIB).cacheMb(200, 1)).isEqualTo(54);
        // nothing left: the 1 MiB floor
        assertThat(empty.plus("data", 300 * MIB).cacheMb(200, 1)).isEqualTo(MemoryBudget.MIN_CACHE_MB);
    }

    @Test
    void aJobThatCannotFitStopsWithTheEstimateAndTheHeapToUse() {
        MemoryBudget b = MemoryBudget.forHeap("svm cv", 256 * MIB).plus("a dense Gram matrix", 1000 * MIB)
                .plus("the data", 24 * MIB);
        assertThat(b.fits()).isFalse();
        // 1,024 MiB / 0.8 = 1,280 MiB, rounded up to whole GiB: 2g
        assertThat(b.suggestedXmx()).isEqualTo("2g");
        assertThatThrownBy(b::check).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("svm cv needs about 1,024 MiB for a dense Gram matrix (1,000 MiB), the data (24 MiB); "
                        + "the heap holds 256 MiB: run with -Xmx2g (java -Xmx2g -jar kernelkit.jar ...)");
        // 0.8 * 256 MiB = 204.8 MiB is the limit: 204 MiB fits, 205 does not
        assertThat(MemoryBudget.forHeap("j", 256 * MIB).plus("x", 204 * MIB).fits()).isTrue();
        assertThat(MemoryBudget.forHeap("j", 256 * MIB).plus("x", 205 * MIB).fits()).isFalse();
        // below 1 GiB in 256 MiB steps: 300 MiB / 0.8 = 375 MiB -> 512m
        assertThat(MemoryBudget.forHeap("j", 64 * MIB).plus("x", 300 * MIB).suggestedXmx()).isEqualTo("512m");
        assertThat(MemoryBudget.forHeap("j", 64 * MIB).plus("x", 800 * MIB).suggestedXmx()).isEqualTo("1g");
    }

    @Test
    void aJobThatFitsPassesAndBadArgumentsAreRefused() {
        assertThat(MemoryBudget.forHeap("j", 256 * MIB).plus("x", 10 * MIB).check().bytes()).isEqualTo(10 * MIB);
        assertThat(MemoryBudget.of("j").maxHeapBytes()).isEqualTo(Runtime.getRuntime().maxMemory());
        assertThatThrownBy(() -> MemoryBudget.forHeap("j", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MemoryBudget.forHeap("j", MIB).plus("x", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MemoryBudget.forHeap("j", MIB).cacheMb(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
