package dev.kernelkit.spark.cvm;

import dev.kernelkit.data.Vec;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The points of one partition, in input order: the element of the cached RDD (one per partition),
 * so that a scan reads primitive arrays and vectors built once per cached copy, not one object per row
 * through Spark's iterator. Point p of partition q has the global index offset(q) + p.
 */
final class PointBlock implements Serializable {
    private static final long serialVersionUID = 1L;

    private final LabeledRow[] rows;
    /** For a block of one pair of classes: the data's global index of each row; null for a whole partition. */
    private final long[] origin;
    private transient volatile Vec[] vecs;
    /** The last pair block made from this copy (one-vs-one machines are fitted one pair at a time). */
    private transient PointBlock pair;
    private transient double pairNegative;
    private transient double pairPositive;
    /** The exact scans' kernel columns kept in this copy of the block (executor side). */
    private transient ScanColumns scan;

    private PointBlock(LabeledRow[] rows, long[] origin) {
        this.rows = rows;
        this.origin = origin;
    }

    /** The block of a partition's rows. */
    static PointBlock of(Iterator<LabeledRow> it) {
        List<LabeledRow> list = new ArrayList<>();
        while (it.hasNext()) {
            list.add(it.next());
        }
        return new PointBlock(list.toArray(new LabeledRow[0]), null);
    }

    /**
     * The rows labelled {@code negative} or {@code positive}, in order, with their global indices ({@code offset}
     * is this partition's first): kept in this copy of the block until another pair is asked for, so that the jobs
     * of one pair's machine find the same block (and its kept scan columns) every time.
     */
    synchronized PointBlock pair(double negative, double positive, long offset) {
        if (pair == null || pairNegative != negative || pairPositive != positive) {
            Vec[] v = vecs();
            int m = 0;
            for (LabeledRow r : rows) {
                m += r.label() == negative || r.label() == positive ? 1 : 0;
            }
            LabeledRow[] kept = new LabeledRow[m];
            Vec[] keptVecs = new Vec[m];
            long[] index = new long[m];
            m = 0;
            for (int p = 0; p < rows.length; p++) {
                if (rows[p].label() == negative || rows[p].label() == positive) {
                    kept[m] = rows[p];
                    keptVecs[m] = v[p];
                    index[m++] = offset + p;
                }
            }
            PointBlock b = new PointBlock(kept, index);
            b.vecs = keptVecs;
            pair = b;
            pairNegative = negative;
            pairPositive = positive;
        }
        return pair;
    }

    /** The global index in the whole data of row p of a pair block. */
    long origin(int p) {
        return origin[p];
    }

    int size() {
        return rows.length;
    }

    LabeledRow row(int p) {
        return rows[p];
    }

    double label(int p) {
        return rows[p].label();
    }

    /** The kept kernel columns of the problem's exact scans in this copy of the block (the caller holds its lock). */
    ScanColumns scanColumns(long problem) {
        scan = ScanColumns.of(scan, problem);
        return scan;
    }

    /** The vectors, built on first use in this copy of the block. */
    Vec[] vecs() {
        Vec[] v = vecs;
        if (v == null) {
            v = new Vec[rows.length];
            for (int p = 0; p < v.length; p++) {
                v[p] = rows[p].vec();
            }
            vecs = v;
        }
        return v;
    }
}
