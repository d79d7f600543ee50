package dev.kernelkit.gram;

import dev.kernelkit.gram.DenseKernelMatrix;
import dev.kernelkit.gram.KernelMatrix;
import dev.kernelkit.gram.WeightedSumKernelMatrix;
import java.util.ArrayList;
import java.util.List;

/**
 * Base kernel matrices given by the user as Gram matrices (already normalised as the user wants).
 * The combined matrix is a {@link WeightedSumKernelMatrix}; quadratic forms read rows over the
 * support of beta. Immutable.
 */
public final class PrecomputedKernelMatrices implements BaseKernelMatrices {
    /** Relative asymmetry |K_ij - K_ji| / max(1, |K_ij|) above which a matrix is rejected. */
    public static final double SYMMETRY_TOLERANCE = 1e-10;

    private final List<KernelMatrix> matrices;
    private final int n;

    private PrecomputedKernelMatrices(List<KernelMatrix> matrices) {
        this.matrices = matrices;
        this.n = matrices.get(0).size();
    }

    /**
     * @throws IllegalArgumentException for an empty list, matrices of different sizes, or a matrix
     *         that is not symmetric (tolerance {@link #SYMMETRY_TOLERANCE}) or has a non-finite entry
     */
    public static PrecomputedKernelMatrices of(List<? extends KernelMatrix> matrices) {
        if (matrices == null || matrices.isEmpty()) {
            throw new IllegalArgumentException("the kernel list must not be empty");
        }
        int n = matrices.get(0).size();
        for (int m = 0; m < matrices.size(); m++) {
            KernelMatrix k = matrices.get(m);
            if (k.size() != n) {
                throw new IllegalArgumentException("Gram matrix " + m + " is " + k.size() + " x " + k.size()
                        + ", expected " + n + " x " + n + " like matrix 0");
            }
            checkSymmetric(m, k);
        }
        return new PrecomputedKernelMatrices(List.copyOf(matrices));
    }

    /**
     * Gram matrices as arrays (copied).
     *
     * @throws IllegalArgumentException for an empty list, a matrix that is not square, sizes that
     *         differ, or a matrix that is not symmetric
     */
    public static PrecomputedKernelMatrices ofArrays(List<double[][]> grams) {
        if (grams == null || grams.isEmpty()) {
            throw new IllegalArgumentException("the kernel list must not be empty");
        }
        List<KernelMatrix> list = new ArrayList<>();
        for (int m = 0; m < grams.size(); m++) {
            double[][] g = grams.get(m);
            for (int i = 0; i < g.length; i++) {
                if (g[i].length != g.length) {
                    throw new IllegalArgumentException("Gram matrix " + m + " is not square: it has " + g.length
                            + " rows but row " + i + " has " + g[i].length + " entries");
                }
            }
            try {
                list.add(DenseKernelMatrix.of(g));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Gram matrix " + m + ": " + e.getMessage(), e);
            }
        }
        return of(list);
    }

    private static void checkSymmetric(int m, KernelMatrix k) {
        int n = k.size();
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double a = k.get(i, j), b = k.get(j, i);
                if (!Double.isFinite(a)) {
                    throw new IllegalArgumentException("Gram matrix " + m + " has a non-finite entry at (" + i + ", "
                            + j + "): " + a);
                }
                if (Math.abs(a - b) > SYMMETRY_TOLERANCE * Math.max(1.0, Math.abs(a))) {
                    throw new IllegalArgumentException("Gram matrix " + m + " is not symmetric: K(" + i + ", " + j
                            + ") = " + a + " but K(" + j + ", " + i + ") = " + b);
                }
            }
        }
    }

    /** Base matrix K_m. */
    public KernelMatrix matrix(int m) {
        return matrices.get(m);
    }

    @Override
    public int count() {
        return matrices.size();
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public KernelMatrix combined(double[] mu) {
        return new WeightedSumKernelMatrix(matrices, BaseKernelMatrices.checkWeights(mu, matrices.size()));
    }

    @Override
    public double[][][] products(double[]... coefficients) {
        int[] s = SharedKernelMatrices.unionSupport(coefficients, n);
        double[][][] out = new double[coefficients.length][matrices.size()][n];
        double[] row = new double[n];
        double[] coef = new double[coefficients.length];
        for (int j : s) {
            for (int v = 0; v < coef.length; v++) {
                coef[v] = coefficients[v][j];
            }
            for (int m = 0; m < matrices.size(); m++) {
                matrices.get(m).row(j, row);
                KernelPlan.axpyEach(coef, out, m, row, 0, n);
            }
        }
        return out;
    }

    @Override
    public double[] quadraticForms(double[] beta) {
        if (beta.length != n) {
            throw new IllegalArgumentException("expected " + n + " coefficients, found " + beta.length);
        }
        int[] s = SharedKernelMatrices.support(beta);
        double[] row = new double[s.length];
        double[] q = new double[matrices.size()];
        for (int m = 0; m < q.length; m++) {
            KernelMatrix k = matrices.get(m);
            double sum = 0;
            for (int a = 0; a < s.length; a++) {
                k.row(s[a], s, s.length, row);
                double r = 0;
                for (int b = 0; b < s.length; b++) {
                    r += row[b] * beta[s[b]];
                }
                sum += beta[s[a]] * r;
            }
            q[m] = sum;
        }
        return q;
    }
}
