package dev.kernelkit.prototypes;

import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.MultipleKernel;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;

/**
 * The combined kernel K(β⁰) at IMKPL's uniform start β⁰ = 1/M over a training part, computed once (on first use) and
 * read by every fit on that part or on a subset of its points: the inner folds of the inner CV and the final fit.
 * A fold's starting kernel is the sub-matrix of its points' rows and columns. Each entry is one pair's sum over the
 * base kernels, so it is what the fold would compute itself (bit for bit where a pair's base values do not depend on
 * the other points, as with the per-feature and Java-tile Gram kernels; the base kernels are those of the whole part
 * anyway, ImkplSharedWorkTest). Points are matched by identity (the folds' points are the part's objects); a list with
 * a point not in the part, or a subset of a part in which one point object occurs twice, gets {@code null} and computes
 * its own.
 */
final class UniformStart {
    private final MultipleKernel kernels;
    private final List<? extends Vec> points;
    private final IdentityHashMap<Vec, Integer> index;
    private double[] k;

    /** The start over {@code points} with {@code kernels} (nothing computed yet). */
    UniformStart(MultipleKernel kernels, List<? extends Vec> points) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.points = List.copyOf(points);
        this.index = new IdentityHashMap<>(2 * this.points.size());
        for (int i = 0; i < this.points.size(); i++) {
            index.putIfAbsent(this.points.get(i), i);
        }
    }

    /** Whether the start serves fits with {@code k}. */
    boolean isFor(MultipleKernel k) {
        return k == kernels;
    }

    /**
     * K(β⁰) over {@code x} (row-major, an array the caller owns), or {@code null} when some point of x is not one of the
     * part's. The part's own point list is its last reader (the final fit, after the inner folds): it takes the
     * computed array itself, and a later call computes it again.
     */
    double[] over(List<? extends Vec> x) {
        int nx = x.size();
        boolean same = nx == points.size();
        for (int i = 0; i < nx && same; i++) {
            same = x.get(i) == points.get(i);
        }
        if (same) {
            return take();
        }
        if (index.size() < points.size()) {
            return null;   // a point object occurs twice: its pairs with itself are not diagonal entries
        }
        int[] at = new int[nx];
        for (int i = 0; i < nx; i++) {
            Integer a = index.get(x.get(i));
            if (a == null) {
                return null;
            }
            at[i] = a;
        }
        return subMatrix(full(), points.size(), at);
    }

    /** The number of the part's points. */
    int size() {
        return points.size();
    }

    /**
     * The index of {@code z} in the part (matched by identity), or -1 when it is not one of the part's points or some
     * point object occurs twice in the part.
     */
    int indexOf(Vec z) {
        if (index.size() < points.size()) {
            return -1;     // a point object occurs twice (see over)
        }
        Integer a = index.get(z);
        return a == null ? -1 : a;
    }

    /**
     * K(β⁰) over the part (n × n row-major, read only) while this start holds it, else null (before the first fit
     * computed it, or once the final fit took it over).
     */
    synchronized double[] held() {
        return k;
    }

    /** The rows and columns {@code at} of the n × n row-major {@code k}, as a new |at| × |at| row-major array. */
    static double[] subMatrix(double[] k, int n, int[] at) {
        int p = at.length;
        double[] out = new double[p * p];
        for (int a = 0; a < p; a++) {
            int src = at[a] * n;
            int dst = a * p;
            for (int b = 0; b < p; b++) {
                out[dst + b] = k[src + at[b]];
            }
        }
        return out;
    }

    /** The whole K(β⁰), handed over (no copy of n² values) and no longer held here. */
    private synchronized double[] take() {
        double[] whole = full();
        k = null;
        return whole;
    }

    private synchronized double[] full() {
        if (k == null) {
            int n = points.size();
            double[] beta = new double[kernels.count()];
            java.util.Arrays.fill(beta, 1.0 / beta.length);
            double[] kk = new double[n * n];
            kernels.gram(points, 0L).combinedInto(beta, kk);
            k = kk;
        }
        return k;
    }
}
