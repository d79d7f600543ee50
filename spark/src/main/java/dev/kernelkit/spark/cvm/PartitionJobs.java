package dev.kernelkit.spark.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.Kernels;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * The Spark jobs of the distributed core-set search, over the cached {@link PointBlock}s (one per
 * partition; point p of partition q has the global index offsets[q] + p). Each job's closure carries
 * only the core set (or the wanted indices), never the data; each returns at most one point per
 * partition (the scans) or the points asked for (fetch). The arithmetic of every distance is the
 * one-machine solver's, term for term, so the same doubles decide.
 */
final class PartitionJobs {
    /** The distinct labels a partition reports at most (one more than the classes a fit takes). */
    static final int LABELS = 1001;

    private PartitionJobs() {
    }

    /** What one partition holds, from the setup pass. */
    record BlockStats(int count, int minDim, int maxDim, double[] labels, double minDiag, double maxDiag,
                      int badDiagAt, double badDiag) implements Serializable {
    }

    /** A point found by a job: its global index, a value and its row. */
    record Found(long index, double value, LabeledRow row) implements Serializable {
    }

    /**
     * Per partition: the count, the dimensions, up to {@link #LABELS} distinct labels (in order of appearance),
     * min and max k(x, x), and the first point with a non-finite k(x, x) or label.
     */
    static List<BlockStats> stats(JavaRDD<PointBlock> blocks, String kernelSpec) {
        return blocks.map(b -> {
            Kernel<Vec> k = Kernels.parse(kernelSpec);
            Vec[] v = b.vecs();
            int minDim = Integer.MAX_VALUE;
            int maxDim = -1;
            double[] labels = new double[0];
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int p = 0; p < v.length; p++) {
                double label = b.label(p);
                if (!Double.isFinite(label)) {
                    return new BlockStats(v.length, minDim, maxDim, labels, min, max, p, label);
                }
                double d = k.apply(v[p], v[p]);
                if (!Double.isFinite(d)) {
                    return new BlockStats(v.length, minDim, maxDim, labels, min, max, p, d);
                }
                min = Math.min(min, d);
                max = Math.max(max, d);
                minDim = Math.min(minDim, v[p].dim());
                maxDim = Math.max(maxDim, v[p].dim());
                if (labels.length < LABELS && !contains(labels, label)) {
                    labels = Arrays.copyOf(labels, labels.length + 1);
                    labels[labels.length - 1] = label;
                }
            }
            return new BlockStats(v.length, minDim, maxDim, labels, min, max, -1, 0.0);
        }).collect();
    }

    /** Whether the (few) labels seen so far include this one; a plain loop: it runs once per point. */
    private static boolean contains(double[] labels, double label) {
        for (double l : labels) {
            if (l == label) {
                return true;
            }
        }
        return false;
    }

    /** Per partition, a bitset (p-th bit) of the points whose label is not {@code positive} (group 1). */
    static List<long[]> negativeBits(JavaRDD<PointBlock> blocks, double positive) {
        return blocks.map(b -> {
            long[] bits = new long[(b.size() + 63) >>> 6];
            for (int p = 0; p < b.size(); p++) {
                if (b.label(p) != positive) {
                    bits[p >>> 6] |= 1L << (p & 63);
                }
            }
            return bits;
        }).collect();
    }

    /** The rows at the given local positions of each partition (wanted[q], increasing). */
    static List<Found> fetch(JavaRDD<PointBlock> blocks, long[] offsets, int[][] wanted) {
        return blocks.mapPartitionsWithIndex((q, it) -> {
            List<Found> out = new ArrayList<>();
            if (it.hasNext() && wanted[q].length > 0) {
                PointBlock b = it.next();
                for (int p : wanted[q]) {
                    out.add(new Found(offsets[q] + p, 0.0, b.row(p)));
                }
            }
            return out.iterator();
        }, true).collect();
    }

    /** The exact scan's answer: the point found (null for none) and the kernel columns computed and reused. */
    record Scan(Found found, long computed, long reused) implements Serializable {
    }

    /**
     * The exact scan of the core-set solver: over points l not in {@code coreSorted}, the largest
     * d_l^2 = c2 - 2 sum_t w_t (float) (y_l y_t (k(x_l, s_t) + 1)) + eta above threshold (one-class:
     * c2 - 2 sum_t w_t (float) k(x_l, s_t) + (k(x_l, x_l) + 1/C), {@code eta} then 1/C), the sum over
     * the core points s_t with non-zero weight in core order; per partition the first largest, then
     * the largest over partitions, the lowest index among equal values. Null when none is beyond. With
     * {@code ball} (the ball vector machine's scan) d_l^2 = c2 - 2 sum, c2 being ||c||^2 + kappa~ and eta unused.
     * The float terms of core point t over a block are its kernel column, kept on the executor for the next scans
     * of {@code problem} ({@link ScanColumns}, within {@code cacheBytes}); the sums add the same terms in the same
     * order either way.
     */
    static Scan furthestBeyond(JavaRDD<PointBlock> blocks, long[] offsets, String kernelSpec, boolean oneClass,
                               boolean ball, double positive, LabeledRow[] coreRows, long[] coreIds, double[] coreY,
                               double[] w, long[] coreSorted, double c2, double eta, double threshold, long problem,
                               long cacheBytes) {
        List<Scan> parts = blocks.mapPartitionsWithIndex((q, it) -> {
            List<Scan> out = new ArrayList<>();
            if (!it.hasNext()) {
                return out.iterator();
            }
            PointBlock b = it.next();
            synchronized (b) {
                out.add(scanBlock(b, offsets[q], kernelSpec, oneClass, ball, positive, coreRows, coreIds, coreY, w,
                        coreSorted, c2, eta, threshold, problem, cacheBytes));
            }
            return out.iterator();
        }, true).collect();
        List<Found> found = new ArrayList<>();
        long computed = 0;
        long reused = 0;
        for (Scan p : parts) {
            if (p.found() != null) {
                found.add(p.found());
            }
            computed += p.computed();
            reused += p.reused();
        }
        return new Scan(largest(found), computed, reused);
    }

    private static Scan scanBlock(PointBlock b, long offset, String kernelSpec, boolean oneClass, boolean ball,
                                  double positive, LabeledRow[] coreRows, long[] coreIds, double[] coreY, double[] w,
                                  long[] coreSorted, double c2, double eta, double threshold, long problem,
                                  long cacheBytes) {
        Kernel<Vec> k = Kernels.parse(kernelSpec);
        Vec[] v = b.vecs();
        int np = v.length;
        ScanColumns kept = b.scanColumns(problem);
        double[] sums = new double[np];
        float[] scratch = null;
        long computed = 0;
        long reused = 0;
        for (int t = 0; t < coreRows.length; t++) {
            float[] col = kept.get(coreIds[t]);
            if (col == null) {
                col = kept.reserve(coreIds[t], np, cacheBytes);
                if (col == null) {
                    col = scratch != null ? scratch : (scratch = new float[np]);
                }
                Vec s = coreRows[t].vec();
                if (oneClass) {
                    for (int p = 0; p < np; p++) {
                        col[p] = (float) k.apply(v[p], s);
                    }
                } else {
                    for (int p = 0; p < np; p++) {
                        double yl = b.label(p) == positive ? 1.0 : -1.0;
                        col[p] = (float) (yl * coreY[t] * (k.apply(v[p], s) + 1));
                    }
                }
                computed++;
            } else {
                reused++;
            }
            double wt = w[t];
            for (int p = 0; p < np; p++) {
                sums[p] += wt * col[p];
            }
        }
        int bestP = -1;
        double bestD = threshold;
        for (int p = 0; p < np; p++) {
            if (Arrays.binarySearch(coreSorted, offset + p) >= 0) {
                continue;
            }
            double d;
            if (oneClass) {
                d = c2 - 2 * sums[p] + (k.apply(v[p], v[p]) + eta);
            } else {
                d = ball ? c2 - 2 * sums[p] : c2 - 2 * sums[p] + eta;
            }
            if (d > bestD) {
                bestD = d;
                bestP = p;
            }
        }
        Found f = bestP >= 0 ? new Found(offset + bestP, bestD, b.row(bestP)) : null;
        return new Scan(f, computed, reused);
    }

    /**
     * The point l != z with the largest kzz - 2 y_z y_l (k(x_z, x_l) + 1) + eta (the initial furthest
     * pair without sampling; one-class: kzz - 2 k(x_z, x_l) + (k(x_l, x_l) + 1/C), {@code eta} then 1/C);
     * the lowest index among equal values; null when z is the only point.
     */
    static Found furthestFrom(JavaRDD<PointBlock> blocks, long[] offsets, String kernelSpec, boolean oneClass,
                              double positive, long z, LabeledRow zRow, double kzz, double eta) {
        List<Found> best = blocks.mapPartitionsWithIndex((q, it) -> {
            List<Found> out = new ArrayList<>();
            if (!it.hasNext()) {
                return out.iterator();
            }
            PointBlock b = it.next();
            Kernel<Vec> k = Kernels.parse(kernelSpec);
            Vec[] v = b.vecs();
            Vec xz = zRow.vec();
            double yz = zRow.label() == positive ? 1.0 : -1.0;
            int bestP = -1;
            double bestD = Double.NEGATIVE_INFINITY;
            for (int p = 0; p < v.length; p++) {
                double d;
                if (oneClass) {
                    d = kzz - 2 * k.apply(xz, v[p]) + (k.apply(v[p], v[p]) + eta);
                } else {
                    double yl = b.label(p) == positive ? 1.0 : -1.0;
                    d = kzz - 2 * (yz * yl * (k.apply(xz, v[p]) + 1)) + eta;
                }
                if (offsets[q] + p != z && d > bestD) {
                    bestD = d;
                    bestP = p;
                }
            }
            if (bestP >= 0) {
                out.add(new Found(offsets[q] + bestP, bestD, b.row(bestP)));
            }
            return out.iterator();
        }, true).collect();
        return largest(best);
    }

    /** Per partition of pair blocks, the data's global indices of the rows at the wanted positions. */
    static List<long[]> origins(JavaRDD<PointBlock> pairBlocks, int[][] wanted) {
        return pairBlocks.mapPartitionsWithIndex((q, it) -> {
            long[] out = new long[wanted[q].length];
            if (it.hasNext()) {
                PointBlock b = it.next();
                for (int t = 0; t < out.length; t++) {
                    out[t] = b.origin(wanted[q][t]);
                }
            }
            return List.of(out).iterator();
        }, true).collect();
    }

    /** The largest value, the lowest index among equal ones; null for none. */
    private static Found largest(List<Found> found) {
        Found best = null;
        for (Found f : found) {
            if (best == null || f.value() > best.value() || f.value() == best.value() && f.index() < best.index()) {
                best = f;
            }
        }
        return best;
    }
}
