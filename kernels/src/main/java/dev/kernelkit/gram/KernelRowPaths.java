package dev.kernelkit.gram;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which kernel-row paths ({@link CachedKernelMatrix#kernelPath()}: dense, dense-vectors, lane-sparse, binary-popcount, general, with
 * "+distinct" when rows are computed once per distinct point) the kernel matrices of this JVM have computed rows by,
 * so that a fit report can name the path its solver's rows took, as it names the Gram product
 * ({@link GramProducts#current()}). A matrix notes its path when it computes its first row. A command takes a
 * {@link #mark()} before its fit and reads {@link #since(long)} after it.
 */
public final class KernelRowPaths {
    private static final AtomicLong CLOCK = new AtomicLong();
    /** Each path and the tick of its last note (a handful of keys: the paths' names). */
    private static final Map<String, Long> LAST = new ConcurrentHashMap<>();

    private KernelRowPaths() {
    }

    /** Notes that a matrix computed rows by {@code path}. */
    static void note(String path) {
        LAST.put(path, CLOCK.incrementAndGet());
    }

    /** The current tick: paths noted after it are returned by {@link #since(long)}. */
    public static long mark() {
        return CLOCK.get();
    }

    /** The paths noted after {@code mark}, in the order of their last note; empty when no matrix computed a row. */
    public static List<String> since(long mark) {
        return LAST.entrySet().stream().filter(e -> e.getValue() > mark)
                .sorted(Comparator.comparingLong(Map.Entry::getValue)).map(Map.Entry::getKey).toList();
    }
}
