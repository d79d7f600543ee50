package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link SplitMix} draws what {@link SplittableRandom} draws, so the core-set solver's results do not change. */
class SplitMixTest {

    @Test
    void boundedDrawsEqualSplittableRandomForSmallLargePowerOfTwoAndRejectionHeavyBounds() {
        for (long seed : new long[] {0L, 1L, 42L, -7L, Long.MAX_VALUE}) {
            SplittableRandom expected = new SplittableRandom(seed);
            SplitMix actual = new SplitMix(seed);
            SplittableRandom bounds = new SplittableRandom(seed + 1);
            for (int i = 0; i < 200_000; i++) {
                int bound = switch (i % 4) {
                    case 0 -> 1 + bounds.nextInt(100);
                    case 1 -> 1 + bounds.nextInt(Integer.MAX_VALUE);
                    case 2 -> 1 << bounds.nextInt(31);
                    // just above 2^30: about half the raw draws are rejected
                    default -> (1 << 30) + 1 + bounds.nextInt(1000);
                };
                assertThat(actual.nextInt(bound)).as("seed %d draw %d bound %d", seed, i, bound)
                        .isEqualTo(expected.nextInt(bound));
            }
        }
    }

    @Test
    void aCopyContinuesTheStreamWithoutAdvancingTheOriginal() {
        SplitMix a = new SplitMix(9);
        a.nextInt(1000);
        SplitMix b = a.copy();
        int[] fromCopy = new int[50];
        for (int i = 0; i < 50; i++) {
            fromCopy[i] = b.nextInt(777);
        }
        SplittableRandom reference = new SplittableRandom(9);
        reference.nextInt(1000);
        for (int i = 0; i < 50; i++) {
            int x = a.nextInt(777);
            assertThat(x).isEqualTo(fromCopy[i]).isEqualTo(reference.nextInt(777));
        }
    }
}
