package dev.kernelkit.mi;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/**
 * Runs a loop over SparseMI's expansion vectors in contiguous blocks, in parallel on the common
 * fork-join pool when the work is large. Each index is handled by exactly one thread, in the order
 * the sequential loop would use, so a body whose iterations write disjoint results gives bit-for-bit
 * the sequential results.
 */
final class XvBlocks {
    /** Multiply-adds below which a loop stays on the calling thread. */
    static final long PARALLEL_WORK = 4_000_000L;

    /** The body of a block: indices [from, to). */
    @FunctionalInterface
    interface Block {
        void run(int from, int to);
    }

    private XvBlocks() {
    }

    /**
     * Runs {@code body} over [0, count): on the calling thread below {@link #PARALLEL_WORK}
     * multiply-adds, else in blocks in parallel.
     */
    static void run(int count, long work, Block body) {
        int threads = Math.max(1, ForkJoinPool.getCommonPoolParallelism());
        int blocks = work < PARALLEL_WORK ? 1 : Math.min(count, 4 * threads);
        if (blocks <= 1) {
            body.run(0, count);
            return;
        }
        IntStream.range(0, blocks).parallel().forEach(b -> body.run(
                (int) ((long) count * b / blocks), (int) ((long) count * (b + 1) / blocks)));
    }
}
