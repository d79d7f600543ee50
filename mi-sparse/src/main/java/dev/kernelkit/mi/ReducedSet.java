package dev.kernelkit.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.FitListener;
import dev.kernelkit.learn.FitProgress;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
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
 *
 * <p>The greedy loop's objective is the squared residual norm ||R||² = ||Psi - sum_j p_j psi(z_j)||²:
 * since k(z, z) = 1 for the Gaussian kernel, the step that adds z_j with p_j = R·psi(z_j) lowers it
 * by exactly p_j², so it is the start ||Psi||² = c'Kc less the p_j² found so far (up to rounding;
 * c'Kc is read from the kernel matrix of the dense solve, or computed pair by pair for a given
 * expansion). As a learner of the contract ({@link #trainer}, catalog name
 * {@value #NAME}) RS reports ||R||² to the {@link FitListener} at the start (iteration 0) and after
 * each vector; the fit report of the model (a {@link SparseMiModel}) holds that trace, N_XV
 * iterations and whether every fixed-point search stopped by its own test (not at
 * {@value #MAX_FIXED_POINT_ITERATIONS} iterations).
 */
public final class ReducedSet {
    /** The catalog name and fit-report learner of RS. */
    public static final String NAME = "rs";
    private static final int MAX_FIXED_POINT_ITERATIONS = 100;

    /** The N_XV vectors, ||R||² before and after each, and whether every fixed-point search met its own test. */
    record Vectors(List<Vec> vectors, double[] residual, boolean converged) {
    }

    /** The trainer of the learner contract ({@value #NAME}): {@link #fit(BagDataset, SparseMiOptions, FitListener)}. */
    public static Trainer<Bag, SparseMiModel> trainer(SparseMiOptions options) {
        return Trainers.of(NAME, InputKind.BAGS, Task.CLASSIFICATION, options,
                (data, listener) -> fit(BagDataset.of(data), options, listener));
    }

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
        return fit(data, options, FitListener.SILENT);
    }

    /**
     * As {@link #fit(BagDataset, SparseMiOptions)}, reporting ||R||² to the listener (see the class
     * comment); the report's seconds include the dense solve.
     */
    public static SparseMiModel fit(BagDataset data, SparseMiOptions options, FitListener listener) {
        Stopwatch clock = Stopwatch.start();
        if (data.classCount() != 2) {
            throw new IllegalArgumentException("reduced set supports two classes, got " + data.classCount());
        }
        List<Vec> all = new ArrayList<>(data.instanceCount());
        data.bags().forEach(b -> all.addAll(b.instances()));
        SparseMi.WithKernel dense = SparseMi.fitKeepingKernel(NAME, data, options.withMaxIterations(0), all,
                FitListener.SILENT);
        double[] c = dense.model().beta(0);
        return fit(data, options, all, c, quadraticForm(dense.kz(), c), listener, clock);
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
        Stopwatch clock = Stopwatch.start();
        double norm = options.kernel() instanceof GaussianKernel g && points.size() == coefficients.length
                ? squaredNorm(g, points, coefficients) : Double.NaN; // else vectors() names the problem
        return fit(data, options, points, coefficients, norm, FitListener.SILENT, clock);
    }

    private static SparseMiModel fit(BagDataset data, SparseMiOptions options, List<? extends Vec> points,
                                     double[] coefficients, double norm, FitListener listener, Stopwatch clock) {
        Vectors rs = vectors(options, points, coefficients, norm, listener, clock);
        SparseMiModel m = SparseMi.fit(NAME, data, options.withMaxIterations(0), rs.vectors(), FitListener.SILENT);
        return m.withReport(new FitReport(NAME, options.toString(), 0, rs.vectors().size(), rs.converged(),
                rs.residual(), clock.elapsedSeconds()));
    }

    /** The N_XV reduced-set vectors alone (see the class comment). */
    public static List<Vec> reducedSet(SparseMiOptions options, List<? extends Vec> points, double[] coefficients) {
        return vectors(options, points, coefficients, Double.NaN, FitListener.SILENT, Stopwatch.start()).vectors();
    }

    /** The vectors, with ||R||² from {@code norm} = ||Psi||² on (NaN when not wanted). */
    private static Vectors vectors(SparseMiOptions options, List<? extends Vec> points, double[] coefficients,
                                   double norm, FitListener listener, Stopwatch clock) {
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
        double[] residual = new double[k + 1];
        residual[0] = norm;
        listener.onProgress(new FitProgress(NAME, 0, 1, 0, residual[0], clock.elapsedSeconds()));
        boolean converged = true;
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
            boolean stopped = false;
            for (int it = 0; it < MAX_FIXED_POINT_ITERATIONS; it++) {
                double den = p;
                if (Math.abs(den) < 1e-300) {
                    stopped = true;
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
                    stopped = true;
                    break;
                }
            }
            converged &= stopped;
            found.add(bestZ);
            u[m] = bestZ;
            r[m] = -best;
            residual[j + 1] = residual[j] - best * best;
            listener.onProgress(new FitProgress(NAME, 0, 1, j + 1, residual[j + 1], clock.elapsedSeconds()));
        }
        return new Vectors(found, residual, converged);
    }

    /** c'Kc. */
    private static double quadraticForm(double[][] k, double[] c) {
        double s = 0;
        for (int i = 0; i < c.length; i++) {
            double row = 0;
            double[] ki = k[i];
            for (int j = 0; j < c.length; j++) {
                row += ki[j] * c[j];
            }
            s += c[i] * row;
        }
        return s;
    }

    /** ||sum_t c_t psi(x_t)||² = sum_s sum_t c_s c_t k(x_s, x_t), each pair once. */
    private static double squaredNorm(GaussianKernel k, List<? extends Vec> x, double[] c) {
        double off = 0;
        double diag = 0;
        for (int s = 0; s < x.size(); s++) {
            if (c[s] == 0) {
                continue;
            }
            diag += c[s] * c[s];
            Vec xs = x.get(s);
            double row = 0;
            for (int t = s + 1; t < x.size(); t++) {
                if (c[t] != 0) {
                    row += c[t] * k.apply(xs, x.get(t));
                }
            }
            off += c[s] * row;
        }
        return diag + 2 * off;
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
