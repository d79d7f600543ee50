package dev.kernelkit.kernel;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;

/** Seeded random points (dense and the same points sparse) and a PSD check for the kernel tests. */
final class TestPoints {
    private TestPoints() {
    }

    /** n points in [-1, 1]^d (or [0, 1]^d when nonNegative), about 40% exact zeros. */
    static double[][] raw(long seed, int n, int d, boolean nonNegative) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][d];
        for (double[] row : x) {
            for (int j = 0; j < d; j++) {
                if (r.nextDouble() >= 0.4) {
                    row[j] = nonNegative ? r.nextDouble() : 2 * r.nextDouble() - 1;
                }
            }
        }
        return x;
    }

    static List<Vec> dense(double[][] raw) {
        List<Vec> out = new ArrayList<>();
        for (double[] row : raw) {
            out.add(DenseVec.of(row));
        }
        return out;
    }

    static SparseVec sparse(double[] row) {
        int[] idx = new int[row.length];
        for (int j = 0; j < row.length; j++) {
            idx[j] = j;
        }
        return new SparseVec(row.length, idx, row);
    }

    static List<Vec> sparse(double[][] raw) {
        List<Vec> out = new ArrayList<>();
        for (double[] row : raw) {
            out.add(sparse(row));
        }
        return out;
    }

    /** Bags of 1..4 instances in [0, 1]^d. */
    static List<Bag> bags(long seed, int n, int d) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Bag> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = 1 + r.nextInt(4);
            out.add(new Bag("b" + i, dense(raw(r.nextLong(), m, d, true))));
        }
        return out;
    }

    static <T> double[][] gram(Kernel<T> k, List<? extends T> pts) {
        int n = pts.size();
        double[][] g = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                g[i][j] = k.apply(pts.get(i), pts.get(j));
            }
        }
        return g;
    }

    /** Smallest eigenvalue of a symmetric matrix (commons-math3, independent of our code). */
    static double minEigenvalue(double[][] symmetric) {
        double[] ev = new EigenDecomposition(new Array2DRowRealMatrix(symmetric, true)).getRealEigenvalues();
        double min = Double.POSITIVE_INFINITY;
        for (double v : ev) {
            min = Math.min(min, v);
        }
        return min;
    }

    static double trace(double[][] m) {
        double t = 0;
        for (int i = 0; i < m.length; i++) {
            t += m[i][i];
        }
        return t;
    }
}
