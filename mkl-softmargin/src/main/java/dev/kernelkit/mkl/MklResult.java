package dev.kernelkit.mkl;

import dev.kernelkit.gram.CrossKernelMatrix;
import java.util.List;

/**
 * A fitted binary MKL machine on the training matrices: the kernel weights mu, the SVM dual alpha
 * for K(mu), the bias b of f(x) = sum_i alpha_i y_i sum_m mu_m K_m(x, x_i) + b, and the fit
 * report (objective per iteration, SVM solves, iterations, convergence, time). Immutable.
 */
public final class MklResult {
    private final MklOptions options;
    private final double[] mu;
    private final double[] alpha;
    private final double[] y;
    private final double bias;
    private final double[] objectives;
    private final int svmSolves;
    private final boolean converged;
    private final double seconds;
    private final double[] certificateAlpha;

    MklResult(MklOptions options, double[] mu, double[] alpha, double[] y, double bias, double[] objectives,
              int svmSolves, boolean converged, double seconds) {
        this(options, mu, alpha, y, bias, objectives, svmSolves, converged, seconds, alpha);
    }

    MklResult(MklOptions options, double[] mu, double[] alpha, double[] y, double bias, double[] objectives,
              int svmSolves, boolean converged, double seconds, double[] certificateAlpha) {
        this.options = options;
        this.mu = mu.clone();
        this.alpha = alpha.clone();
        this.y = y.clone();
        this.bias = bias;
        this.objectives = objectives.clone();
        this.svmSolves = svmSolves;
        this.converged = converged;
        this.seconds = seconds;
        this.certificateAlpha = certificateAlpha.clone();
    }

    /** The options of the fit. */
    public MklOptions options() {
        return options;
    }

    /** A copy of the kernel weights mu. */
    public double[] mu() {
        return mu.clone();
    }

    /** A copy of the SVM dual variables alpha. */
    public double[] alpha() {
        return alpha.clone();
    }

    /** A copy of the expansion coefficients beta_i = alpha_i y_i. */
    public double[] beta() {
        double[] b = new double[alpha.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = alpha[i] * y[i];
        }
        return b;
    }

    /**
     * A copy of the SVM dual vector behind the stopping certificate: for SM2 the alpha, among all SVM
     * solutions of the fit (line-search trials included), with the largest dual value G(alpha) = 1'alpha +
     * min over the simplex of (-1/2 sum_m v_m q_m(alpha) + ||v||^2 / (2 theta)), a lower bound on min F; when
     * converged, F(mu) - G(alpha) &le; tolerance |F(mu)|. For the other methods the final alpha.
     */
    public double[] certificateAlpha() {
        return certificateAlpha.clone();
    }

    /** The bias b. */
    public double bias() {
        return bias;
    }

    /**
     * The objective after each iteration (index 0 = the starting weights): the SVM dual optimum
     * J(mu) for SM1, Lp, SimpleMKL and AveKernel; J(mu) + ||mu||^2 / (2 theta) for SM2.
     */
    public double[] objectives() {
        return objectives.clone();
    }

    /** Number of MKL iterations (weight updates accepted or attempted). */
    public int iterations() {
        return objectives.length - 1;
    }

    /** Number of SVM solves, line-search trials included. */
    public int svmSolves() {
        return svmSolves;
    }

    /**
     * Whether the stopping rule (the method's relative duality gap within tolerance) was met; false when
     * the iteration cap was hit or, for SM2, no step lowered F verifiably (nor did the cutting-plane steps) first.
     */
    public boolean converged() {
        return converged;
    }

    /** Training time in seconds. */
    public double seconds() {
        return seconds;
    }

    /** The number of kernels with mu_m &gt; weightThreshold * sum(mu) (default 1e-5). */
    public int selectedKernels() {
        return countSelected(mu, options.weightThreshold());
    }

    static int countSelected(double[] mu, double threshold) {
        double sum = 0;
        for (double v : mu) {
            sum += v;
        }
        int k = 0;
        for (double v : mu) {
            if (v > threshold * sum) {
                k++;
            }
        }
        return k;
    }

    /**
     * Decision values for test points given the test-by-train matrices of the base kernels (same
     * order and scaling as the training matrices).
     *
     * @throws IllegalArgumentException when the list does not hold M matrices or a matrix does not
     *         have n columns or the rows differ
     */
    public double[] decisions(List<CrossKernelMatrix> test) {
        if (test.size() != mu.length) {
            throw new IllegalArgumentException("expected " + mu.length + " test kernel matrices (one per base kernel), found "
                    + test.size());
        }
        int rows = test.get(0).rows();
        for (int m = 0; m < test.size(); m++) {
            CrossKernelMatrix k = test.get(m);
            if (k.cols() != alpha.length || k.rows() != rows) {
                throw new IllegalArgumentException("test kernel matrix " + m + " is " + k.rows() + " x " + k.cols()
                        + ", expected " + rows + " x " + alpha.length + " (test points x training points)");
            }
        }
        double[] beta = beta();
        double[] out = new double[rows];
        for (int t = 0; t < rows; t++) {
            double s = 0;
            for (int m = 0; m < mu.length; m++) {
                if (mu[m] == 0) {
                    continue;
                }
                double r = 0;
                for (int i = 0; i < beta.length; i++) {
                    if (beta[i] != 0) {
                        r += beta[i] * test.get(m).get(t, i);
                    }
                }
                s += mu[m] * r;
            }
            out[t] = s + bias;
        }
        return out;
    }

    @Override
    public String toString() {
        return "MklResult(" + options.method().cliName() + ", selected=" + selectedKernels() + "/" + mu.length
                + ", iterations=" + iterations() + ", svmSolves=" + svmSolves + ", converged=" + converged
                + ", seconds=" + seconds + ")";
    }
}
