package dev.kernelkit.svm;

/**
 * The result of a dual SVM solve: alpha, the bias b of f(x) = sum_i alpha_i y_i k(x_i, x) + b,
 * the dual objective 1/2 a'Qa - e'a (with the squared-hinge diagonal term where it applies), the
 * iteration count, the final KKT gap (maximal violation m(a) - M(a) of LIBSVM's stopping rule)
 * and whether the tolerance was reached. Immutable.
 */
public final class SvmSolution {
    private final double[] alpha;
    private final double bias;
    private final double objective;
    private final long iterations;
    private final double kktGap;
    private final boolean converged;
    /** rho_g of each equality of a grouped problem, else null. */
    private final double[] groupRho;

    public SvmSolution(double[] alpha, double bias, double objective, long iterations, double kktGap,
                       boolean converged) {
        this(alpha, bias, objective, iterations, kktGap, converged, null);
    }

    /**
     * A solution that also carries rho_g, the multiplier of each group's equality of a grouped problem
     * ({@link SvmProblem#grouped}); null for an ungrouped problem.
     */
    public SvmSolution(double[] alpha, double bias, double objective, long iterations, double kktGap,
                       boolean converged, double[] groupRho) {
        this.groupRho = groupRho == null ? null : groupRho.clone();
        this.alpha = alpha.clone();
        this.bias = bias;
        this.objective = objective;
        this.iterations = iterations;
        this.kktGap = kktGap;
        this.converged = converged;
    }

    /** A copy of alpha. */
    public double[] alpha() {
        return alpha.clone();
    }

    /** alpha_i. */
    public double alpha(int i) {
        return alpha[i];
    }

    /** Number of samples. */
    public int size() {
        return alpha.length;
    }

    /** The bias b (= -rho in LIBSVM's notation). */
    public double bias() {
        return bias;
    }

    /** The dual objective value at alpha. */
    public double objective() {
        return objective;
    }

    /** Solver iterations (working-set updates). */
    public long iterations() {
        return iterations;
    }

    /** The KKT gap at exit. */
    public double kktGap() {
        return kktGap;
    }

    /** Whether the solver reached its tolerance before its iteration cap. */
    public boolean converged() {
        return converged;
    }

    /**
     * rho_g of group g's equality of a grouped problem: the mean of y_t G_t over its free variables, else the
     * midpoint of the interval its bounded ones leave (for group 0, -{@link #bias()}).
     *
     * @throws IllegalStateException for the solution of an ungrouped problem
     */
    public double groupRho(int g) {
        if (groupRho == null) {
            throw new IllegalStateException("only the solution of a grouped problem has a rho per group");
        }
        return groupRho[g];
    }

    /** Indices with alpha_i &gt; 0 (the support vectors). */
    public int[] supportIndices() {
        return java.util.stream.IntStream.range(0, alpha.length).filter(i -> alpha[i] > 0).toArray();
    }

    @Override
    public String toString() {
        return "SvmSolution(n=" + alpha.length + ", sv=" + supportIndices().length + ", bias=" + bias
                + ", objective=" + objective + ", iterations=" + iterations + ", kktGap=" + kktGap
                + ", converged=" + converged + ")";
    }
}
