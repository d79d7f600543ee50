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
    private transient volatile Vec[] vecs;
    /** The exact scans' kernel columns kept in this copy of the block (executor side). */
    private transient ScanColumns scan;

    private PointBlock(LabeledRow[] rows) {
        this.rows = rows;
    }

    /** The block of a partition's rows. */
    static PointBlock of(Iterator<LabeledRow> it) {
        List<LabeledRow> list = new ArrayList<>();
        while (it.hasNext()) {
            list.add(it.next());
        }
        return new PointBlock(list.toArray(new LabeledRow[0]));
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
