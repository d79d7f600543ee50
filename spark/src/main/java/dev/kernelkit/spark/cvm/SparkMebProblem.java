package dev.kernelkit.spark.cvm;

import dev.kernelkit.cvm.DistributedMebProblem;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaRDD;

/**
 * The driver's view of an MEB over points in Spark partitions, in one of two forms: the two-class L2
 * MEB of the one-machine {@code TwoClassL2Problem} (entries y_i y_j (k(x_i, x_j) + 1), k(x_i, x_i) + 1
 * + 1/C on the diagonal, offset eta) or the one-class MEB of {@code OneClassCvm} (entries k(x_i, x_j),
 * k(x_i, x_i) + 1/C on the diagonal and as the offset), computed from the points the driver holds: a bounded store
 * of the points fetched so far (a round's candidates, the core points; {@link HeldPoints}), refilled by one fetch job
 * per round that misses, with the forecast candidates of the rounds after it
 ({@link #prefetch}). The scans over all points are Spark jobs ({@link PartitionJobs}). The
 * driver also holds the class of every point as one bit (the solver's sampling groups). Not
 * thread-safe (the solver then computes a round's candidates on one thread).
 */
final class SparkMebProblem implements DistributedMebProblem {
    private final JavaRDD<PointBlock> blocks;
    private final long[] offsets;
    private final int n;
    private final BitSet negative;
    private final Kernel<Vec> kernel;
    private final String kernelSpec;
    private final double positive;
    private final double invC;
    private final double eta;
    private final HeldPoints held;
    /** The slots of the columns of one {@link #entries} call. */
    private int[] slots = new int[16];
    private final SparkCoreVectorMachine.Counter cost;
    private final int lookahead;
    private final boolean oneClass;
    /** This problem's id on the executors (their kept scan columns belong to it) and their budget for them. */
    private final long problemId = java.util.UUID.randomUUID().getMostSignificantBits();
    private final long scanCacheBytes;

    /**
     * @param negative the points of the negative class (group 1); null for the one-class form, whose points are
     *        all in group 0 and whose entries have no labels
     * @param cacheMb the fit's kernel-row cache size: also what each executor JVM may keep of the exact scans'
     *        kernel columns ({@link ScanColumns})
     */
    SparkMebProblem(JavaRDD<PointBlock> blocks, long[] offsets, BitSet negative, Kernel<Vec> kernel,
                    String kernelSpec, double positive, double c, double eta, int heldPoints,
                    int lookahead, double cacheMb, SparkCoreVectorMachine.Counter cost) {
        this.oneClass = negative == null;
        this.blocks = blocks;
        this.offsets = offsets;
        this.n = (int) offsets[offsets.length - 1];
        this.negative = negative;
        this.kernel = kernel;
        this.kernelSpec = kernelSpec;
        this.positive = positive;
        this.invC = 1.0 / c;
        this.eta = eta;
        this.cost = cost;
        this.lookahead = lookahead;
        this.held = new HeldPoints(heldPoints);
        this.scanCacheBytes = (long) Math.min(Long.MAX_VALUE / 2, cacheMb * (1 << 20));
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public int group(int i) {
        return !oneClass && negative.get(i) ? 1 : 0;
    }

    private double y(int i) {
        return negative.get(i) ? -1.0 : 1.0;
    }

    @Override
    public double offset(int i) {
        return oneClass ? held.diag(point(i)) + invC : eta;
    }

    @Override
    public double entry(int i, int j) {
        if (i == j) {
            return diagonal(point(i));
        }
        Vec xi = held.vec(point(i));
        Vec xj = held.vec(point(j));
        double k = kernel.apply(xi, xj);
        return oneClass ? k : y(i) * y(j) * (k + 1);
    }

    /** K~_ii of the point in a slot. */
    private double diagonal(int slot) {
        return oneClass ? held.diag(slot) + invC : held.diag(slot) + 1 + invC;
    }

    @Override
    public void entries(int l, int[] cols, int from, int to, double[] out) {
        int count = to - from;
        if (slots.length < count + 1) {
            slots = new int[Math.max(count + 1, 2 * slots.length)];
        }
        int[] s = slots;
        if (!resolve(l, cols, from, to, s)) {
            ensure(l, cols, from, to);
            if (!resolve(l, cols, from, to, s)) {
                // the store is smaller than one row's points: read them one by one (each fetched on a miss)
                for (int t = 0; t <= count; t++) {
                    s[t] = -1;
                }
            }
        }
        int sl = s[count] >= 0 ? s[count] : point(l);
        Vec x = held.vec(sl);
        double xl = diagonal(sl);
        if (oneClass) {
            for (int t = 0; t < count; t++) {
                int j = cols[from + t];
                out[t] = j == l ? xl : kernel.apply(x, held.vec(s[t] >= 0 ? s[t] : point(j)));
            }
            return;
        }
        double yl = y(l);
        for (int t = 0; t < count; t++) {
            int j = cols[from + t];
            out[t] = j == l ? xl : yl * y(j) * (kernel.apply(x, held.vec(s[t] >= 0 ? s[t] : point(j))) + 1);
        }
    }

    /**
     * The slots of cols[from..to) into s[0..count) and of l into s[count]; false (s partly filled) as soon as one
     * of them is not held.
     */
    private boolean resolve(int l, int[] cols, int from, int to, int[] s) {
        int count = to - from;
        if ((s[count] = held.slot(l)) < 0) {
            return false;
        }
        for (int t = 0; t < count; t++) {
            if ((s[t] = held.slot(cols[from + t])) < 0) {
                return false;
            }
        }
        // a later lookup may not have evicted an earlier one (nothing is inserted here), so all are valid
        return true;
    }

    /**
     * One round's candidates: nothing to do when the driver holds them all; otherwise one job fetches
     * the missing ones together with the forecast candidates of the next {@code lookahead} rounds.
     */
    @Override
    public void prefetch(int[] points, int count, Lookahead ahead) {
        cost.rounds++;
        TreeSet<Integer> missing = new TreeSet<>();
        for (int k = 0; k < count; k++) {
            if (!held.contains(points[k])) {
                missing.add(points[k]);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        for (int l : ahead.draws(lookahead)) {
            if (!held.contains(l)) {
                missing.add(l);
            }
        }
        fetch(missing);
    }

    @Override
    public int furthestBeyond(double threshold, double centreNorm2, int[] core, double[] w, int len) {
        return scan(threshold, centreNorm2, false, core, w, len);
    }

    @Override
    public int furthestOutsideBall(double threshold, double centrePlusKappa, int[] core, double[] w, int len) {
        if (oneClass) {
            throw new IllegalStateException("the ball vector machine's scan is two-class");
        }
        return scan(threshold, centrePlusKappa, true, core, w, len);
    }

    /** One pass over the points not in the core set (see {@link PartitionJobs#furthestBeyond}). */
    private int scan(double threshold, double c2, boolean ball, int[] core, double[] w, int len) {
        int m = 0;
        for (int j = 0; j < len; j++) {
            m += w[j] != 0.0 ? 1 : 0;
        }
        int[] nz = new int[m];
        m = 0;
        for (int j = 0; j < len; j++) {
            if (w[j] != 0.0) {
                nz[m++] = j;
            }
        }
        TreeSet<Integer> missing = new TreeSet<>();
        for (int j : nz) {
            if (!held.contains(core[j])) {
                missing.add(core[j]);
            }
        }
        fetch(missing);
        LabeledRow[] rows = new LabeledRow[m];
        long[] ids = new long[m];
        double[] ys = new double[m];
        double[] ws = new double[m];
        for (int t = 0; t < m; t++) {
            rows[t] = held.row(point(core[nz[t]]));
            ids[t] = core[nz[t]];
            ys[t] = oneClass ? 1.0 : y(core[nz[t]]);
            ws[t] = w[nz[t]];
        }
        long[] sorted = new long[len];
        for (int j = 0; j < len; j++) {
            sorted[j] = core[j];
        }
        Arrays.sort(sorted);
        cost.fullScans++;
        cost.scanned += n;
        PartitionJobs.Scan scan = cost.job(() -> PartitionJobs.furthestBeyond(blocks, offsets, kernelSpec, oneClass,
                ball, positive, rows, ids, ys, ws, sorted, c2, oneClass ? invC : eta, threshold, problemId,
                scanCacheBytes));
        cost.columnsComputed += scan.computed();
        cost.columnsReused += scan.reused();
        PartitionJobs.Found f = scan.found();
        if (f == null) {
            return -1;
        }
        keep((int) f.index(), f.row());
        return (int) f.index();
    }

    @Override
    public int furthestFrom(int z) {
        int hz = point(z);
        LabeledRow zRow = held.row(hz);
        double zz = diagonal(hz);
        cost.fullScans++;
        cost.scanned += n;
        PartitionJobs.Found f = cost.job(() -> PartitionJobs.furthestFrom(blocks, offsets, kernelSpec, oneClass, positive,
                z, zRow, zz, oneClass ? invC : eta));
        if (f == null) {
            return z;
        }
        keep((int) f.index(), f.row());
        return (int) f.index();
    }

    /** The point's vector, fetched (one job) when the driver does not hold it. */
    Vec vec(int i) {
        return held.vec(point(i));
    }

    /** The slot of point i, fetched (one job) when the driver does not hold it. */
    private int point(int i) {
        int s = held.slot(i);
        if (s < 0) {
            TreeSet<Integer> one = new TreeSet<>();
            one.add(i);
            fetch(one);
            s = held.slot(i);
        }
        return s;
    }

    private void ensure(int l, int[] cols, int from, int to) {
        TreeSet<Integer> missing = new TreeSet<>();
        if (!held.contains(l)) {
            missing.add(l);
        }
        for (int t = from; t < to; t++) {
            if (!held.contains(cols[t])) {
                missing.add(cols[t]);
            }
        }
        fetch(missing);
    }

    private void keep(int i, LabeledRow row) {
        Vec v = row.vec();
        held.put(i, row, v, kernel.apply(v, v));
    }

    /** One job fetching the points (increasing global indices) into the store. */
    private void fetch(TreeSet<Integer> indices) {
        if (indices.isEmpty()) {
            return;
        }
        int[][] wanted = byPartition(indices.stream().mapToInt(Integer::intValue).toArray());
        cost.fetched += indices.size();
        List<PartitionJobs.Found> found = cost.job(() -> PartitionJobs.fetch(blocks, offsets, wanted));
        for (PartitionJobs.Found f : found) {
            keep((int) f.index(), f.row());
        }
    }

    /**
     * For a problem over pair blocks ({@link PointBlock#pair}): the data's global indices of its points
     * {@code indices} (any order; one job).
     */
    int[] dataIndices(int[] indices) {
        int[] sorted = Arrays.stream(indices).distinct().sorted().toArray();
        int[][] wanted = byPartition(sorted);
        List<long[]> origins = cost.job(() -> PartitionJobs.origins(blocks, wanted));
        int[] out = new int[indices.length];
        for (int t = 0; t < indices.length; t++) {
            int i = indices[t];
            int q = partitionOf(i);
            int at = Arrays.binarySearch(wanted[q], (int) (i - offsets[q]));
            out[t] = Math.toIntExact(origins.get(q)[at]);
        }
        return out;
    }

    /** The positions within their partitions of increasing global indices, per partition. */
    private int[][] byPartition(int[] increasing) {
        int parts = offsets.length - 1;
        int[] counts = new int[parts];
        int[] partOf = new int[increasing.length];
        for (int k = 0; k < increasing.length; k++) {
            partOf[k] = partitionOf(increasing[k]);
            counts[partOf[k]]++;
        }
        int[][] wanted = new int[parts][];
        for (int q = 0; q < parts; q++) {
            wanted[q] = new int[counts[q]];
            counts[q] = 0;
        }
        for (int k = 0; k < increasing.length; k++) {
            int q = partOf[k];
            wanted[q][counts[q]++] = (int) (increasing[k] - offsets[q]);
        }
        return wanted;
    }

    /** The partition holding global index i (empty partitions skipped). */
    private int partitionOf(int i) {
        int q = Arrays.binarySearch(offsets, i);
        q = q >= 0 ? q : -q - 2;
        while (offsets[q + 1] == offsets[q]) {
            q++;
        }
        return q;
    }
}
