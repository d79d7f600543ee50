package dev.kernelkit.spark.cvm;

import java.util.HashMap;
import java.util.Map;

/**
 * The kernel columns an exact scan computed for one cached partition block, kept on the executor between scans of
 * one problem (one machine of one fit): for a core point t, the floats (float) K~(p, t) of the block's points p, the
 * values the scan sums. The core set grows by a point or two between exact passes, so a pass computes only the new
 * columns, as the one-machine scan extends its cached rows. Held by the block object the executor caches
 * ({@link PointBlock}); a block read again (evicted, recomputed, serialized storage, another executor) starts
 * empty, which costs time only. The memory is counted per executor JVM against a budget: the fit's kernel-row
 * cache size, at most a quarter of the JVM's heap; a column that does not fit is computed for the pass and
 * dropped. A fresh problem (its id) resets the count; blocks still holding an older problem's columns drop them
 * when first scanned for the new one.
 */
final class ScanColumns {
    private static long jvmProblem;
    private static long jvmBytes;

    private final long problem;
    private final Map<Long, float[]> columns = new HashMap<>();

    private ScanColumns(long problem) {
        this.problem = problem;
    }

    /** The columns of this problem: {@code current} when it is this problem's, otherwise a fresh empty set. */
    static ScanColumns of(ScanColumns current, long problem) {
        return current != null && current.problem == problem ? current : new ScanColumns(problem);
    }

    /** The column of core point {@code id}, or null when it is not kept. */
    float[] get(long id) {
        return columns.get(id);
    }

    /**
     * Keeps a column of {@code length} floats for core point {@code id} when the JVM's budget allows: the array
     * to fill, or null (then the caller computes into its own scratch array).
     */
    float[] reserve(long id, int length, long budgetBytes) {
        if (!take(problem, 4L * length, Math.min(budgetBytes, Runtime.getRuntime().maxMemory() / 4))) {
            return null;
        }
        float[] column = new float[length];
        columns.put(id, column);
        return column;
    }

    private static synchronized boolean take(long problem, long bytes, long budget) {
        if (problem != jvmProblem) {
            jvmProblem = problem;
            jvmBytes = 0;
        }
        if (jvmBytes + bytes > budget) {
            return false;
        }
        jvmBytes += bytes;
        return true;
    }
}
