package dev.kernelkit.cvm;

import dev.kernelkit.gram.KernelMatrix;
import java.util.Arrays;

/**
 * The two-class L2-SVM as an MEB (spec §2.3): k~(z_i, z_j) = y_i y_j k(x_i, x_j) + y_i y_j +
 * delta_ij / C, with offset v = eta = max_i k(x_i, x_i) + 1 + 1/C for every point (the constant
 * diagonal kappa~ when k(x, x) is constant, the center-constrained MEB otherwise). Groups are the
 * classes (0 for +1, 1 for -1). Blocks of kernel values come from a lazy {@link KernelMatrix}
 * without a row cache (the core-set solver caches rows itself; {@link KernelSpace}): for vectors the
 * kernels layer's {@code CachedKernelMatrix} (for a Gaussian, squared norms plus one dot product per
 * entry, a popcount per entry on 0/1 features as in a9a), for bags its {@code BagKernelMatrix} (the
 * set kernel from instance rows), each equal to {@code kernel.apply}.
 */
final class TwoClassL2Problem implements MebProblem {
    private final double[] y;
    private final KernelMatrix k;
    private final double[] diag;
    private final double invC;
    private final double eta;

    /** Over the kernel matrix k of the points (no row cache), labels y (+1/-1) and k(x_i, x_i). */
    TwoClassL2Problem(KernelMatrix k, double[] y, double[] diag, double c) {
        if (k.size() != y.length || diag.length != y.length) {
            throw new IllegalArgumentException("expected " + k.size() + " labels and diagonal entries, found " + y.length
                    + " and " + diag.length);
        }
        this.y = y;
        this.k = k;
        this.diag = diag;
        this.invC = 1.0 / c;
        double kmax = Double.NEGATIVE_INFINITY;
        for (double d : diag) {
            kmax = Math.max(kmax, d);
        }
        this.eta = kmax + 1 + invC;
    }

    @Override
    public int size() {
        return y.length;
    }

    @Override
    public double entry(int i, int j) {
        if (i == j) {
            return diag[i] + 1 + invC;
        }
        return y[i] * y[j] * (k.get(i, j) + 1);
    }

    @Override
    public void entries(int l, int[] cols, int from, int to, double[] out) {
        int count = to - from;
        int[] c = cols;
        if (from != 0) {
            c = Arrays.copyOfRange(cols, from, to);
        }
        k.row(l, c, count, out);
        double yl = y[l];
        for (int t = 0; t < count; t++) {
            int j = c[t];
            out[t] = j == l ? diag[l] + 1 + invC : yl * y[j] * (out[t] + 1);
        }
    }

    @Override
    public double offset(int i) {
        return eta;
    }

    @Override
    public int group(int i) {
        return y[i] > 0 ? 0 : 1;
    }

    /** eta, the constant offset (kappa~ for a constant-diagonal kernel). */
    double eta() {
        return eta;
    }
}
