package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.util.MemoryBudget;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core vector machine's memory estimate (issue #25): the core-set matrix, 4.5 |S|^2 bytes, is always
 * counted at the largest core set the run may reach, before anything is allocated.
 */
class CoreSetMemoryTest {
    private static final long HEAP = Runtime.getRuntime().maxMemory();

    @Test
    void theCoreSetMatrixIsCountedAtMinOfMaxCoreAndN() {
        MemoryEstimates.CoreSetBudget b = MemoryEstimates.coreSet("cvm train", "the data", 1000, 500, 64, null);
        assertThat(b.maxCore()).isEqualTo(500);
        assertThat(b.lowered()).isFalse();
        assertThat(b.note(500)).isEmpty();
        // data 1000 + row cache min(64 MiB, 4 n S = 1,000,000) + 4.5 * 500^2 = 1,125,000
        assertThat(b.budget().bytes()).isEqualTo(1000 + 1_000_000 + 1_125_000);
        assertThat(b.budget().items().get(2).what()).contains("500 core vectors");
    }

    @Test
    void theDefaultCapIsLoweredToTheLargestCoreSetThatFitsAndAGivenOneIsRefused() {
        int n = 10_000_000;
        MemoryEstimates.CoreSetBudget b = MemoryEstimates.coreSet("cvm train", "the data", 1000, n, 64, null);
        // 4.5 * 50,000^2 = 11.25 GB does not fit this test JVM's heap: the cap is what fits beside the rest
        long rest = 1000 + (long) Math.min(64L << 20, MemoryBudget.CACHE_SHARE * HEAP);
        int fit = (int) Math.floor(Math.sqrt((MemoryBudget.USABLE_SHARE * HEAP - rest) / 4.5));
        assertThat(HEAP).isLessThan((long) (4.5 * 50_000 * 50_000 / MemoryBudget.USABLE_SHARE));
        assertThat(b.lowered()).isTrue();
        assertThat(b.maxCore()).isEqualTo(fit);
        assertThat(b.note(50_000)).contains(String.format("at most %,d core vectors", fit))
                .endsWith("-Xmx" + b.budget().suggestedXmx() + " holds 50,000");
        assertThatThrownBy(() -> MemoryEstimates.coreSet("cvm train", "the data", 1000, n, 64, 50_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cvm train needs about").hasMessageContaining("core-set matrix at its largest, 50000")
                .hasMessageContaining("run with -Xmx");
    }

    /** The command announces a lowered cap with the number of core vectors it would take otherwise. */
    @Test
    void theCommandSaysHowFarTheCoreSetMayGrowWhenTheHeapLowersTheCap(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(60, 0.2, 1), data);
        CliRun r = CliRun.of("cvm", "train", "--data", data.toString(), "--max-core", "1");
        PredictCommandTest.assertOneErrorLine(r, "--max-core must be >= 2, got 1");
        CliRun ok = CliRun.of("cvm", "train", "--data", data.toString(), "--gamma", "1", "--json",
                dir.resolve("t.json").toString());
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        // 60 points: the whole core set fits, nothing is lowered or announced
        assertThat(ok.err()).doesNotContain("memory:");
        assertThat(TestJson.read(dir.resolve("t.json")).get("max_core").longValue()).isEqualTo(50_000);
    }

    /** A LIBSVM file of n lines "±1 1:a 2:b 3:c" and its size. */
    private static Path libsvm(Path dir, int n) throws java.io.IOException {
        StringBuilder b = new StringBuilder("# a comment line the estimate skips\n");
        java.util.SplittableRandom r = new java.util.SplittableRandom(4);
        for (int i = 0; i < n; i++) {
            b.append(i % 2 == 0 ? "1" : "-1").append(" 1:").append(r.nextDouble()).append(" 2:").append(r.nextDouble())
                    .append(" 3:").append(r.nextDouble()).append('\n');
        }
        Path f = dir.resolve("points-" + n + ".libsvm");
        java.nio.file.Files.writeString(f, b);
        return f;
    }

    @Test
    void aLibsvmFileThatCannotFitIsRefusedBeforeReadingWithItsPointsCountedFromTheWholeSmallFile(@TempDir Path dir)
            throws Exception {
        Path f = libsvm(dir, 12_000);
        assertThat(java.nio.file.Files.size(f)).isLessThan(MemoryEstimates.SAMPLE_BYTES);
        // 12,000 dense points of 3 features: 12 * 36,000 + 48 * 12,000 + 8 * 36,000 = 1,296,000 bytes
        assertThatThrownBy(() -> MemoryEstimates.cvmFile(MemoryBudget.forHeap("cvm train", 2L << 20), f, 64, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("about 12,000 points of 3 features")
                .hasMessageContaining("read whole")
                .hasMessageContaining("(2 MiB)")
                .hasMessageContaining("spark/bin/kernelkit-spark cvm train --engine spark");
        MemoryEstimates.cvmFile(MemoryBudget.forHeap("cvm train", 1L << 30), f, 64, null);
    }

    @Test
    void aLargerFilesPointsAreEstimatedFromItsFirstMebibyteWithinTwoPercent(@TempDir Path dir) throws Exception {
        int n = 120_000;
        Path f = libsvm(dir, n);
        assertThat(java.nio.file.Files.size(f)).isGreaterThan(4L * MemoryEstimates.SAMPLE_BYTES);
        String message = org.assertj.core.api.Assertions.catchThrowable(() -> MemoryEstimates.cvmFile(
                MemoryBudget.forHeap("cvm train", 1L << 20), f, 64, null)).getMessage();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("about ([0-9,]+) points").matcher(message);
        assertThat(m.find()).as(message).isTrue();
        long estimated = Long.parseLong(m.group(1).replace(",", ""));
        assertThat(Math.abs(estimated - n)).as(message).isLessThan(n / 50);
    }
}
