package dev.kernelkit.kernel;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;

/**
 * Distances between vectors that cannot be written with inner products: the L1 distance and the
 * chi-square distance. Both run in O(nnz(x) + nnz(y)) for two sparse vectors (a merge over the
 * stored indices) and in O(d) otherwise; sparse operands are never densified.
 */
public final class Distances {
    private Distances() {
    }

    /** ||x - y||_1 = sum_i |x_i - y_i|. */
    public static double l1(Vec x, Vec y) {
        x.checkSameDim(y);
        if (x instanceof SparseVec a && y instanceof SparseVec b) {
            return l1Sparse(a, b);
        }
        if (x instanceof SparseVec a) {
            return l1Mixed(a, (DenseVec) y);
        }
        if (y instanceof SparseVec b) {
            return l1Mixed(b, (DenseVec) x);
        }
        DenseVec a = (DenseVec) x, b = (DenseVec) y;
        double s = 0;
        for (int i = 0, d = a.dim(); i < d; i++) {
            s += Math.abs(a.get(i) - b.get(i));
        }
        return s;
    }

    private static double l1Sparse(SparseVec a, SparseVec b) {
        int na = a.storedCount(), nb = b.storedCount();
        int p = 0, q = 0;
        double s = 0;
        while (p < na && q < nb) {
            int i = a.indexAt(p), j = b.indexAt(q);
            if (i == j) {
                s += Math.abs(a.valueAt(p++) - b.valueAt(q++));
            } else if (i < j) {
                s += Math.abs(a.valueAt(p++));
            } else {
                s += Math.abs(b.valueAt(q++));
            }
        }
        for (; p < na; p++) {
            s += Math.abs(a.valueAt(p));
        }
        for (; q < nb; q++) {
            s += Math.abs(b.valueAt(q));
        }
        return s;
    }

    private static double l1Mixed(SparseVec a, DenseVec b) {
        // sum over all i of |b_i| corrected on a's stored indices: |b_i - a_i| - |b_i|.
        double s = 0;
        for (int i = 0, d = b.dim(); i < d; i++) {
            s += Math.abs(b.get(i));
        }
        for (int p = 0, na = a.storedCount(); p < na; p++) {
            double bi = b.get(a.indexAt(p));
            s += Math.abs(bi - a.valueAt(p)) - Math.abs(bi);
        }
        return s;
    }

    /**
     * ||x - y||^2 summed from the differences x_i - y_i, without the cancellation of
     * ||x||^2 + ||y||^2 - 2 &lt;x, y&gt; (which matters where the distance is square-rooted).
     */
    public static double squaredEuclidean(Vec x, Vec y) {
        x.checkSameDim(y);
        if (x instanceof SparseVec a && y instanceof SparseVec b) {
            int na = a.storedCount(), nb = b.storedCount();
            int p = 0, q = 0;
            double s = 0;
            while (p < na || q < nb) {
                int i = p < na ? a.indexAt(p) : Integer.MAX_VALUE;
                int j = q < nb ? b.indexAt(q) : Integer.MAX_VALUE;
                double t;
                if (i == j) {
                    t = a.valueAt(p++) - b.valueAt(q++);
                } else if (i < j) {
                    t = a.valueAt(p++);
                } else {
                    t = b.valueAt(q++);
                }
                s += t * t;
            }
            return s;
        }
        if (x instanceof SparseVec a) {
            return squaredMixed(a, (DenseVec) y);
        }
        if (y instanceof SparseVec b) {
            return squaredMixed(b, (DenseVec) x);
        }
        double s = 0;
        for (int i = 0, d = x.dim(); i < d; i++) {
            double t = x.get(i) - y.get(i);
            s += t * t;
        }
        return s;
    }

    private static double squaredMixed(SparseVec a, DenseVec b) {
        double s = 0;
        int p = 0, na = a.storedCount();
        for (int i = 0, d = b.dim(); i < d; i++) {
            double t = b.get(i);
            if (p < na && a.indexAt(p) == i) {
                t -= a.valueAt(p++);
            }
            s += t * t;
        }
        return s;
    }

    /**
     * The chi-square distance sum_i (x_i - y_i)^2 / (x_i + y_i) over features with x_i + y_i &gt; 0
     * (a term with x_i = y_i = 0 is 0), for non-negative vectors.
     *
     * @throws IllegalArgumentException when an entry of x or y is negative
     */
    public static double chiSquare(Vec x, Vec y) {
        x.checkSameDim(y);
        if (x instanceof SparseVec a && y instanceof SparseVec b) {
            int na = a.storedCount(), nb = b.storedCount();
            int p = 0, q = 0;
            double s = 0;
            while (p < na || q < nb) {
                int i = p < na ? a.indexAt(p) : Integer.MAX_VALUE;
                int j = q < nb ? b.indexAt(q) : Integer.MAX_VALUE;
                if (i == j) {
                    s += chiTerm(i, a.valueAt(p++), b.valueAt(q++));
                } else if (i < j) {
                    s += chiTerm(i, a.valueAt(p++), 0.0);
                } else {
                    s += chiTerm(j, 0.0, b.valueAt(q++));
                }
            }
            return s;
        }
        double s = 0;
        for (int i = 0, d = x.dim(); i < d; i++) {
            s += chiTerm(i, x.get(i), y.get(i));
        }
        return s;
    }

    private static double chiTerm(int i, double a, double b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("chi-square kernels need non-negative features, got "
                    + (a < 0 ? a : b) + " at feature " + i);
        }
        double sum = a + b;
        if (sum == 0) {
            return 0.0;
        }
        double diff = a - b;
        return diff * diff / sum;
    }
}
