package dev.kernelkit.mi;

import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * RS, the reduced-set baseline of TNNLS 2013 Table I: approximate a dense kernel expansion
 * Psi = sum_t c_t psi(x_t) (the MI-Kernel weight vector in feature space) by N_XV vectors found
 * greedily with the Gaussian fixed-point iteration of Schölkopf et al. (IEEE TNN 10(5), 1999,
 * eq. 27): for the residual R = sum_s r_s psi(u_s),
 *
 * <pre>
 *   z &lt;- sum_s r_s k(u_s, z) u_s / sum_s r_s k(u_s, z),
 * </pre>
 *
 * which maximises (R·psi(z))² over z; then R &lt;- R - (R·psi(z)) psi(z) and the next vector is
 * found. Finally (beta, rho) are refitted on the found vectors by SparseMI's squared-hinge inner
 * problem (no XV optimisation). Cost: O(N_XV * iterations * (N + N_XV) * d).
 */
public final class ReducedSet {
    private static final int MAX_FIXED_POINT_ITERATIONS = 100;

    private ReducedSet() {
    }

    /**
     * RS of the dense label-mean L2-SVM: every training instance an expansion vector with fixed
     * position (by Lemma 1 of the paper, the squared-hinge MI-Kernel solution on the set kernel),
     * then N_XV reduced-set vectors fitted to its weight vector and (beta, rho) refitted. The dense
     * solve is a Newton system in N + 1 variables (N training instances). Two classes only.
     *
     * @throws IllegalArgumentException for more than two classes, or as {@link #fit(BagDataset,
     *         SparseMiOptions, List, double[])}
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options) {
        if (data.classCount() != 2) {
            throw new IllegalArgumentException("reduced set supports two classes, got " + data.classCount());
        }
        List<Vec> all = new ArrayList<>(data.instanceCount());
        data.bags().forEach(b -> all.addAll(b.instances()));
        SparseMiModel dense = SparseMi.fit(data, options.withMaxIterations(0), all, SparseMiListener.SILENT);
        return fit(data, options, all, dense.beta(0));
    }

    /**
     * Finds N_XV reduced-set vectors for the expansion sum_t coefficients[t] psi(points[t]) and
     * refits (beta, rho) on the data.
     *
     * @throws IllegalArgumentException when the kernel is not Gaussian, the lengths differ, or
     *         N_XV exceeds the number of expansion points
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options, List<? extends Vec> points,
                                    double[] coefficients) {
        return SparseMi.fit(data, options.withMaxIterations(0),
                reducedSet(options, points, coefficients), SparseMiListener.SILENT);
    }

    /** The N_XV reduced-set vectors alone (see the class comment). */
    public static List<Vec> reducedSet(SparseMiOptions options, List<? extends Vec> points, double[] coefficients) {
        if (!(options.kernel() instanceof GaussianKernel gaussian)) {
            throw new IllegalArgumentException("the reduced-set fixed-point iteration needs a gaussian kernel, got "
                    + options.kernel());
        }
        if (points.size() != coefficients.length) {
            throw new IllegalArgumentException("expected one coefficient per point, found " + points.size()
                    + " points and " + coefficients.length + " coefficients");
        }
        int k = options.expansionVectors();
        if (k > points.size()) {
            throw new IllegalArgumentException("expansionVectors must be <= the number of expansion points ("
                    + points.size() + "), got " + k);
        }
        int n = points.size();
        Vec[] u = new Vec[n + k];
        double[] r = new double[n + k];
        for (int t = 0; t < n; t++) {
            u[t] = points.get(t);
            r[t] = coefficients[t];
        }
        boolean[] used = new boolean[n];
        List<Vec> found = new ArrayList<>(k);
        int d = points.get(0).dim();
        double[] w = new double[n + k];
        for (int j = 0; j < k; j++) {
            int m = n + j; // the residual's terms: the points and the vectors found so far
            int start = -1;
            for (int t = 0; t < n; t++) {
                if (!used[t] && (start < 0 || Math.abs(coefficients[t]) > Math.abs(coefficients[start]))) {
                    start = t;
                }
            }
            used[start] = true;
            Vec z = u[start];
            // w_s = r_s k(u_s, z): their sum is R·psi(z) and they weight the next fixed-point step,
            // so each iterate's kernel values are computed once
            double best = weights(gaussian, u, r, m, z, w);
            double p = best;
            Vec bestZ = z;
            for (int it = 0; it < MAX_FIXED_POINT_ITERATIONS; it++) {
                double den = p;
                if (Math.abs(den) < 1e-300) {
                    break;
                }
                double[] num = new double[d];
                for (int s = 0; s < m; s++) {
                    u[s].addTo(num, w[s]);
                }
                for (int q = 0; q < d; q++) {
                    num[q] /= den;
                }
                Vec next = DenseVec.wrap(num);
                double moved = next.squaredDistance(z);
                z = next;
                p = weights(gaussian, u, r, m, z, w);
                if (Math.abs(p) > Math.abs(best)) {
                    best = p;
                    bestZ = z;
                }
                if (moved < 1e-12 * (1 + z.squaredNorm())) {
                    break;
                }
            }
            found.add(bestZ);
            u[m] = bestZ;
            r[m] = -best;
        }
        return found;
    }

    /** Sets w[s] = r_s k(u_s, z) for s &lt; m and returns R·psi(z) = sum_s w[s], summed in order. */
    private static double weights(GaussianKernel k, Vec[] u, double[] r, int m, Vec z, double[] w) {
        double sum = 0;
        for (int s = 0; s < m; s++) {
            w[s] = r[s] * k.apply(u[s], z);
            sum += w[s];
        }
        return sum;
    }
}
