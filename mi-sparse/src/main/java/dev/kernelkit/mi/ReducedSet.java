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
        List<Vec> u = new ArrayList<>(points);
        List<Double> r = new ArrayList<>();
        for (double c : coefficients) {
            r.add(c);
        }
        boolean[] used = new boolean[points.size()];
        List<Vec> found = new ArrayList<>(k);
        int d = points.get(0).dim();
        for (int j = 0; j < k; j++) {
            int start = -1;
            for (int t = 0; t < points.size(); t++) {
                if (!used[t] && (start < 0 || Math.abs(coefficients[t]) > Math.abs(coefficients[start]))) {
                    start = t;
                }
            }
            used[start] = true;
            Vec z = points.get(start);
            double best = projection(gaussian, u, r, z);
            Vec bestZ = z;
            for (int it = 0; it < MAX_FIXED_POINT_ITERATIONS; it++) {
                double[] num = new double[d];
                double den = 0;
                for (int s = 0; s < u.size(); s++) {
                    double w = r.get(s) * gaussian.apply(u.get(s), z);
                    u.get(s).addTo(num, w);
                    den += w;
                }
                if (Math.abs(den) < 1e-300) {
                    break;
                }
                for (int q = 0; q < d; q++) {
                    num[q] /= den;
                }
                Vec next = DenseVec.wrap(num);
                double moved = next.squaredDistance(z);
                z = next;
                double p = projection(gaussian, u, r, z);
                if (Math.abs(p) > Math.abs(best)) {
                    best = p;
                    bestZ = z;
                }
                if (moved < 1e-12 * (1 + z.squaredNorm())) {
                    break;
                }
            }
            found.add(bestZ);
            u.add(bestZ);
            r.add(-best);
        }
        return found;
    }

    /** R·psi(z) = sum_s r_s k(u_s, z). */
    private static double projection(GaussianKernel k, List<Vec> u, List<Double> r, Vec z) {
        double s = 0;
        for (int t = 0; t < u.size(); t++) {
            s += r.get(t) * k.apply(u.get(t), z);
        }
        return s;
    }
}
