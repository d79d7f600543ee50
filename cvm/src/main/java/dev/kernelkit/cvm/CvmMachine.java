package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.svm.KernelExpansionModel;
import dev.kernelkit.gram.CachedKernelMatrix;
import java.util.ArrayList;
import java.util.List;

/**
 * One fitted two-class core vector machine (spec §2.3): from the MEB weights a on the core set,
 * w = sum a_i y_i phi(x_i), b = sum a_i y_i, rho = a'K~a = ||c||^2, xi_i = a_i / C, and
 *
 * <pre>  f(x) = sum_i a_i y_i (k(x_i, x) + 1) = sum_i a_i y_i k(x_i, x) + b  </pre>
 *
 * Expansion vectors are the core vectors with a_i &gt; 0 (no pruning). Also kept: the core set
 * (training indices in entry order), R^2 = eta - ||c||^2, eta, iterations, convergence and time.
 * Immutable.
 */
public final class CvmMachine {
    private final KernelExpansionModel<Vec> expansion;
    private final int[] coreIndices;
    private final double[] alpha;
    private final double[] coreLabels;
    private final double rho;
    private final double radius2;
    private final double eta;
    private final double c;
    private final long iterations;
    private final boolean converged;
    private final double seconds;

    CvmMachine(KernelExpansionModel<Vec> expansion, int[] coreIndices, double[] alpha, double[] coreLabels,
               double rho, double radius2, double eta, double c, long iterations, boolean converged, double seconds) {
        this.expansion = expansion;
        this.coreIndices = coreIndices.clone();
        this.alpha = alpha.clone();
        this.coreLabels = coreLabels.clone();
        this.rho = rho;
        this.radius2 = radius2;
        this.eta = eta;
        this.c = c;
        this.iterations = iterations;
        this.converged = converged;
        this.seconds = seconds;
    }

    /** f(x) = sum a_i y_i k(x_i, x) + b. */
    public double decision(Vec x) {
        return expansion.decision(x);
    }

    /**
     * f(x) for many points at once (the same sum as {@link #decision}, kernel values up to
     * rounding): kernel rows between each point and the expansion vectors come from the kernels
     * layer's {@link CachedKernelMatrix} (squared norms and one dot product per entry for a
     * Gaussian, a popcount on 0/1 features), which is much faster than {@code kernel.apply} per pair
     * when there are thousands of expansion vectors (a9a).
     */
    public double[] decisions(List<? extends Vec> points) {
        List<Vec> sv = expansion.supportVectors();
        int m = sv.size();
        List<Vec> all = new ArrayList<>(m + points.size());
        all.addAll(sv);
        all.addAll(points);
        CachedKernelMatrix k = CachedKernelMatrix.of(all, expansion.kernel(), 0.0, 1);
        int[] cols = new int[m];
        for (int i = 0; i < m; i++) {
            cols[i] = i;
        }
        double[] coef = expansion.coefficients();
        double b = expansion.bias();
        double[] row = new double[Math.max(1, m)];
        double[] out = new double[points.size()];
        for (int p = 0; p < out.length; p++) {
            k.row(m + p, cols, m, row);
            double s = b;
            for (int i = 0; i < m; i++) {
                s += coef[i] * row[i];
            }
            out[p] = s;
        }
        return out;
    }

    /** The expansion (support vectors = core vectors with a_i &gt; 0, coefficients a_i y_i, bias b). */
    public KernelExpansionModel<Vec> expansion() {
        return expansion;
    }

    /** The kernel. */
    public Kernel<Vec> kernel() {
        return expansion.kernel();
    }

    /** Training indices of the core set, in entry order (empty for a loaded model). */
    public int[] coreIndices() {
        return coreIndices.clone();
    }

    /** Core-set size (the "core vectors" count). */
    public int coreSize() {
        return alpha.length;
    }

    /**
     * Core vectors whose weight exceeds LibCVM's output threshold 1e-5 / |S| (spec §3.3 item 9):
     * the count LibCVM prints as "nSV", to compare core-set sizes with it. Core vectors below it
     * carry at most 1e-5 of the total weight together.
     */
    public int coreVectorsAboveLibcvmThreshold() {
        double threshold = 1e-5 / alpha.length;
        int m = 0;
        for (double a : alpha) {
            if (a > threshold) {
                m++;
            }
        }
        return m;
    }

    /** MEB weights a over the core set (simplex), same order as {@link #coreIndices()}. */
    public double[] alpha() {
        return alpha.clone();
    }

    /** Labels y_i of the core vectors. */
    public double[] coreLabels() {
        return coreLabels.clone();
    }

    /** b = sum a_i y_i. */
    public double bias() {
        return expansion.bias();
    }

    /** rho = ||c||^2 = a'K~a, the margin of the L2-SVM primal and the MEB dual objective. */
    public double rho() {
        return rho;
    }

    /** R^2 = eta - ||c||^2. */
    public double radius2() {
        return radius2;
    }

    /** eta = max k(x, x) + 1 + 1/C (kappa~). */
    public double eta() {
        return eta;
    }

    /** The cost C. */
    public double c() {
        return c;
    }

    /** Outer core-set iterations (centre updates for the ball vector machine). */
    public long iterations() {
        return iterations;
    }

    /** False when the core-vector cap stopped training. */
    public boolean converged() {
        return converged;
    }

    /** Training seconds. */
    public double seconds() {
        return seconds;
    }

    List<Vec> supportVectors() {
        return expansion.supportVectors();
    }

    @Override
    public String toString() {
        return "CvmMachine(core=" + alpha.length + ", sv=" + expansion.supportVectorCount() + ", b=" + bias()
                + ", rho=" + rho + ", R2=" + radius2 + ", iterations=" + iterations + ", converged=" + converged
                + ", seconds=" + seconds + ")";
    }
}
