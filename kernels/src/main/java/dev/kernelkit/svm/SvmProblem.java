package dev.kernelkit.svm;

import dev.kernelkit.gram.KernelMatrix;
import java.util.Arrays;
import java.util.Objects;

/**
 * A binary dual SVM problem over a kernel matrix: labels y in {-1, +1}, per-sample C_i &gt; 0 and
 * a loss (see {@link SvmLoss} for the two duals). Immutable.
 */
public final class SvmProblem {
    private final KernelMatrix kernel;
    private final double[] y;
    private final double[] c;
    private final SvmLoss loss;

    /**
     * @throws IllegalArgumentException when sizes differ, a label is not +1/-1, a C_i is not a
     *         positive finite number, or only one class is present
     */
    public SvmProblem(KernelMatrix kernel, double[] y, double[] c, SvmLoss loss) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.loss = Objects.requireNonNull(loss, "loss");
        int n = kernel.size();
        if (y.length != n || c.length != n) {
            throw new IllegalArgumentException("expected " + n + " labels and costs, found "
                    + y.length + " labels and " + c.length + " costs");
        }
        boolean pos = false, neg = false;
        for (int i = 0; i < n; i++) {
            if (y[i] == 1.0) {
                pos = true;
            } else if (y[i] == -1.0) {
                neg = true;
            } else {
                throw new IllegalArgumentException("label " + i + " must be +1 or -1, got " + y[i]);
            }
            if (!(c[i] > 0) || !Double.isFinite(c[i])) {
                throw new IllegalArgumentException("C of sample " + i + " must be > 0 and finite, got " + c[i]);
            }
        }
        if (!pos || !neg) {
            throw new IllegalArgumentException("an SVM needs both classes, got only " + (pos ? "+1" : "-1"));
        }
        this.y = y.clone();
        this.c = c.clone();
    }

    /** The same C for every sample. */
    public static SvmProblem of(KernelMatrix kernel, double[] y, double c, SvmLoss loss) {
        double[] cs = new double[y.length];
        Arrays.fill(cs, c);
        return new SvmProblem(kernel, y, cs, loss);
    }

    /** The kernel matrix K. */
    public KernelMatrix kernel() {
        return kernel;
    }

    /** Number of samples n. */
    public int size() {
        return y.length;
    }

    /** Label y_i. */
    public double y(int i) {
        return y[i];
    }

    /** Cost C_i. */
    public double c(int i) {
        return c[i];
    }

    /** A copy of the labels. */
    public double[] labels() {
        return y.clone();
    }

    /** A copy of the costs. */
    public double[] costs() {
        return c.clone();
    }

    /** The loss. */
    public SvmLoss loss() {
        return loss;
    }
}
