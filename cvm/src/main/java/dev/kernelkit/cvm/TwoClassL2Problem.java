package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.List;

/**
 * The two-class L2-SVM as an MEB (spec §2.3): k~(z_i, z_j) = y_i y_j k(x_i, x_j) + y_i y_j +
 * delta_ij / C, with offset v = eta = max_i k(x_i, x_i) + 1 + 1/C for every point (the constant
 * diagonal kappa~ when k(x, x) is constant, the center-constrained MEB otherwise). Groups are the
 * classes (0 for +1, 1 for -1).
 */
final class TwoClassL2Problem implements MebProblem {
    private final List<Vec> x;
    private final double[] y;
    private final Kernel<Vec> kernel;
    private final double[] diag;
    private final double invC;
    private final double eta;

    TwoClassL2Problem(List<Vec> x, double[] y, Kernel<Vec> kernel, double[] diag, double c) {
        this.x = x;
        this.y = y;
        this.kernel = kernel;
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
        return y[i] * y[j] * (kernel.apply(x.get(i), x.get(j)) + 1);
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
