package dev.kernelkit.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a job will allocate, estimated before it starts, against the heap it has ({@code -Xmx},
 * {@link Runtime#maxMemory()}). A job lists its large arrays as items (a dense Gram matrix of n
 * points is 8 n^2 bytes, M per-kernel matrices 8 M n^2, a core-set matrix 4.5 |S|^2, ...);
 * {@link #check()} stops it with "needs about X MiB for ...; run with -Xmx..." when the items take
 * more than {@link #USABLE_SHARE} of the heap, and {@link #cacheMb} shrinks a cache whose size was
 * not given to what is left, at most {@link #CACHE_SHARE} of the heap for all caches together.
 * Estimates count the arrays, not the JVM's own objects, hence the headroom of the shares. Immutable:
 * {@link #plus} returns a copy.
 */
public final class MemoryBudget {
    /** All kernel-row caches of a job together take at most this share of the heap: 50 %. */
    public static final double CACHE_SHARE = 0.5;
    /** The estimated arrays (caches included) may take at most this share of the heap: 80 %. */
    public static final double USABLE_SHARE = 0.8;
    /** The smallest cache a job is given (1 MiB) even when the heap is nearly full. */
    public static final double MIN_CACHE_MB = 1;

    private static final long MIB = 1L << 20;

    /** One estimated allocation: what it is and its bytes. */
    public record Item(String what, long bytes) {
        /** @throws IllegalArgumentException for a blank description or negative bytes */
        public Item {
            Objects.requireNonNull(what, "what");
            if (what.isBlank() || bytes < 0) {
                throw new IllegalArgumentException("an item needs a description and bytes >= 0, got '" + what + "', " + bytes);
            }
        }
    }

    private final String job;
    private final long maxHeapBytes;
    private final List<Item> items;

    private MemoryBudget(String job, long maxHeapBytes, List<Item> items) {
        this.job = job;
        this.maxHeapBytes = maxHeapBytes;
        this.items = List.copyOf(items);
    }

    /** An empty budget of {@code job} (e.g. "svm train") against this JVM's heap limit. */
    public static MemoryBudget of(String job) {
        return forHeap(job, Runtime.getRuntime().maxMemory());
    }

    /**
     * An empty budget of {@code job} against a heap of {@code maxHeapBytes} (tests; a heap with
     * no limit reports {@link Long#MAX_VALUE}).
     *
     * @throws IllegalArgumentException for a blank job or a heap &le; 0
     */
    public static MemoryBudget forHeap(String job, long maxHeapBytes) {
        Objects.requireNonNull(job, "job");
        if (job.isBlank() || maxHeapBytes <= 0) {
            throw new IllegalArgumentException("a budget needs a job name and a heap > 0, got '" + job + "', " + maxHeapBytes);
        }
        return new MemoryBudget(job, maxHeapBytes, List.of());
    }

    /** This budget with one more allocation (zero bytes are dropped). */
    public MemoryBudget plus(String what, long bytes) {
        Item item = new Item(what, bytes);
        if (bytes == 0) {
            return this;
        }
        List<Item> next = new ArrayList<>(items);
        next.add(item);
        return new MemoryBudget(job, maxHeapBytes, next);
    }

    /** This budget with {@code count} caches of {@code mbEach} MiB each (e.g. from {@link #cacheMb}). */
    public MemoryBudget plusCaches(String what, double mbEach, int count) {
        return plus(what, (long) Math.ceil(mbEach * MIB) * Math.max(0, count));
    }

    /** The job's name. */
    public String job() {
        return job;
    }

    /** The heap limit compared against. */
    public long maxHeapBytes() {
        return maxHeapBytes;
    }

    /** The items, in the order added. */
    public List<Item> items() {
        return items;
    }

    /** The sum of the items' bytes (saturating at {@link Long#MAX_VALUE}). */
    public long bytes() {
        long sum = 0;
        for (Item i : items) {
            sum = sum > Long.MAX_VALUE - i.bytes() ? Long.MAX_VALUE : sum + i.bytes();
        }
        return sum;
    }

    /** Bytes of a dense n x n matrix of doubles: 8 n^2. */
    public static long denseMatrixBytes(long n) {
        return saturatingProduct(8, n, n);
    }

    /** Bytes of {@code count} dense n x n matrices of doubles: 8 count n^2 (the per-kernel matrices of MKL). */
    public static long denseMatricesBytes(long count, long n) {
        return saturatingProduct(8 * count, n, n);
    }

    /** Bytes of a rows x cols matrix of doubles. */
    public static long doublesBytes(long rows, long cols) {
        return saturatingProduct(8, rows, cols);
    }

    /**
     * Bytes of {@code points} points held in memory with {@code storedEntries} stored entries in all: 12 per
     * stored entry (index and value) plus 48 per point (object headers and arrays).
     */
    public static long pointsBytes(long points, long storedEntries) {
        return 12L * storedEntries + 48L * points;
    }

    /**
     * The size in MiB of each of {@code count} caches whose size was not given: {@code requestedMb},
     * shrunk so that all of them take at most {@link #CACHE_SHARE} of the heap and, with the items,
     * at most {@link #USABLE_SHARE}; never below {@link #MIN_CACHE_MB}.
     *
     * @throws IllegalArgumentException for requestedMb &le; 0 or count &lt; 1
     */
    public double cacheMb(double requestedMb, int count) {
        if (!(requestedMb > 0) || count < 1) {
            throw new IllegalArgumentException("cache of " + requestedMb + " MB x " + count + ": expected > 0 MB and >= 1 cache");
        }
        double usable = USABLE_SHARE * maxHeapBytes - bytes();
        double share = Math.min(CACHE_SHARE * maxHeapBytes, usable) / count / MIB;
        return Math.max(MIN_CACHE_MB, Math.min(requestedMb, Math.floor(share)));
    }

    /** Whether the items fit {@link #USABLE_SHARE} of the heap. */
    public boolean fits() {
        return bytes() <= USABLE_SHARE * maxHeapBytes;
    }

    /**
     * The heap to run with: the items over {@link #USABLE_SHARE}, rounded up to a whole GiB (or to
     * 256 MiB steps below 1 GiB), as an {@code -Xmx} value such as {@code 3g}.
     */
    public String suggestedXmx() {
        double needed = bytes() / USABLE_SHARE;
        long mib = (long) Math.ceil(needed / MIB);
        if (mib <= 1024) {
            long steps = Math.max(1, (mib + 255) / 256);
            return steps * 256 == 1024 ? "1g" : steps * 256 + "m";
        }
        return (mib + 1023) / 1024 + "g";
    }

    /** "svm cv needs about 1,234 MiB for a dense Gram matrix (800 MiB), ...; the heap holds 256 MiB: run with -Xmx2g". */
    public String message() {
        StringBuilder b = new StringBuilder();
        for (Item i : items) {
            b.append(b.length() == 0 ? "" : ", ").append(i.what()).append(" (").append(mib(i.bytes())).append(')');
        }
        return String.format(Locale.ROOT, "%s needs about %s for %s; the heap holds %s: run with -Xmx%s "
                        + "(java -Xmx%s -jar kernelkit.jar ...)", job, mib(bytes()), b, mib(maxHeapBytes),
                suggestedXmx(), suggestedXmx());
    }

    /**
     * Stops a job that cannot fit.
     *
     * @return this budget, for chaining
     * @throws IllegalArgumentException with {@link #message()} when the items take more than
     *         {@link #USABLE_SHARE} of the heap
     */
    public MemoryBudget check() {
        if (!fits()) {
            throw new IllegalArgumentException(message());
        }
        return this;
    }

    /** Bytes as "1,234 MiB" (or "0.4 MiB" below one). */
    static String mib(long bytes) {
        double m = bytes / (double) MIB;
        return m < 1 ? String.format(Locale.ROOT, "%.1f MiB", m) : String.format(Locale.ROOT, "%,d MiB", (long) Math.ceil(m));
    }

    private static long saturatingProduct(long a, long b, long c) {
        if (a < 0 || b < 0 || c < 0) {
            throw new IllegalArgumentException("sizes must be >= 0, got " + a + ", " + b + ", " + c);
        }
        try {
            return Math.multiplyExact(Math.multiplyExact(a, b), c);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public String toString() {
        return "MemoryBudget(" + job + ", " + mib(bytes()) + " of " + mib(maxHeapBytes) + ", " + items + ")";
    }
}
