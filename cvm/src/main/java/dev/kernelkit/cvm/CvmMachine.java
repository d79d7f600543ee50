package dev.kernelkit.cvm;

import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.svm.KernelExpansionModel;
import java.util.List;
import java.util.Objects;

/**
 * One fitted two-class core vector machine (spec §2.3): from the MEB weights a on the core set,
 * w = sum a_i y_i phi(x_i), b = sum a_i y_i, rho = a'K~a = ||c||^2, xi_i = a_i / C, and
 *
 * <pre>  f(x) = sum_i a_i y_i (k(x_i, x) + 1) = sum_i a_i y_i k(x_i, x) + b  </pre>
 *
 * Expansion vectors are the core vectors with a_i &gt; 0 (no pruning). Also kept: the core set
 * (training indices in entry order), R^2 = eta - ||c||^2, eta, iterations, convergence and time.
 * The same machine over vectors ({@code CvmMachine<Vec>}, {@link CvmModel}) and over bags with a bag
 * kernel such as the set kernel ({@code CvmMachine<Bag>}, {@link BagCvmModel}). Immutable.
 *
 * @param <X> the example type
 */
public final class CvmMachine<X> {
    private final KernelExpansionModel<X> expansion;
    private final KernelSpace<X> space;
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

    CvmMachine(KernelExpansionModel<X> expansion, KernelSpace<X> space, int[] coreIndices, double[] alpha,
               double[] coreLabels, double rho, double radius2, double eta, double c, long iterations, boolean converged,
               double seconds) {
        this.expansion = expansion;
        this.space = Objects.requireNonNull(space, "space");
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
    public double decision(X x) {
        return expansion.decision(x);
    }

    /**
     * f(x) for many examples at once (the same sum as {@link #decision}, kernel values up to
     * rounding): kernel rows between the examples and the expansion vectors come from a lazy kernel
     * matrix of the kernels layer (for vectors its {@code CachedKernelMatrix}: squared norms and one
     * dot product per entry for a Gaussian, a popcount on 0/1 features; for bags its
     * {@code BagKernelMatrix}), which is much faster than {@code kernel.apply} per pair when there are
     * thousands of expansion vectors (a9a).
     */
    public double[] decisions(List<? extends X> points) {
        return space.decisions(expansion, points);
    }

    /** The expansion (support vectors = core vectors with a_i &gt; 0, coefficients a_i y_i, bias b). */
    public KernelExpansionModel<X> expansion() {
        return expansion;
    }

    /** The kernel. */
    public Kernel<X> kernel() {
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

    List<X> supportVectors() {
        return expansion.supportVectors();
    }

    /** How this machine reads its examples. */
    KernelSpace<X> space() {
        return space;
    }

    /** The same machine with other core indices (a one-vs-one machine's indices into the whole training set). */
    CvmMachine<X> withCoreIndices(int[] core) {
        return new CvmMachine<>(expansion, space, core, alpha, coreLabels, rho, radius2, eta, c, iterations, converged,
                seconds);
    }

    @Override
    public String toString() {
        return "CvmMachine(core=" + alpha.length + ", sv=" + expansion.supportVectorCount() + ", b=" + bias()
                + ", rho=" + rho + ", R2=" + radius2 + ", iterations=" + iterations + ", converged=" + converged
                + ", seconds=" + seconds + ")";
    }
}
