package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One-class core vector machine (SVDD / novelty detection; spec §2.4, LibCVM "CVDD" -s 5): the
 * MEB of the points under k~(x_i, x_j) = k(x_i, x_j) + delta_ij / C, i.e. the dual
 * max a'diag(K~) - a'K~a over the simplex, solved by the core-set iteration. This is the one-class
 * L2-SVM min ||w||^2 - 2 rho + C sum xi_i^2 s.t. w'phi(x_i) &ge; rho - xi_i when k(x, x) is constant,
 * and the true SVDD dual otherwise. The model's decision value is LibCVM's
 * R^2 - (||c||^2 - 2 sum a_i k(x_i, x) + k(x, x)): positive inside the ball (normal), negative
 * outside (novel).
 */
public final class OneClassCvm {
    private OneClassCvm() {
    }

    /**
     * Fits the ball.
     *
     * @param c the cost C &gt; 0 (small C lets more points fall outside)
     * @throws IllegalArgumentException for no points, C &le; 0 or a non-finite k(x, x)
     */
    public static OneClassCvmModel fit(List<? extends Vec> points, Kernel<Vec> kernel, double c,
                                       CoreSetOptions options) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(options, "options");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("one-class training needs at least one point, got 0");
        }
        List<Vec> x = List.copyOf(points);
        double[] diag = new double[x.size()];
        for (int i = 0; i < diag.length; i++) {
            diag[i] = kernel.apply(x.get(i), x.get(i));
            if (!Double.isFinite(diag[i])) {
                throw new IllegalArgumentException("k(x, x) of point " + i + " must be finite, got " + diag[i]);
            }
        }
        double invC = 1 / c;
        MebProblem problem = new MebProblem() {
            @Override
            public int size() {
                return diag.length;
            }

            @Override
            public double entry(int i, int j) {
                return i == j ? diag[i] + invC : kernel.apply(x.get(i), x.get(j));
            }

            @Override
            public double offset(int i) {
                return diag[i] + invC;
            }
        };
        CoreSetResult r = CoreSetSolver.solve(problem, options);
        int[] core = r.coreIndices();
        double[] alpha = r.alpha();
        List<Vec> sv = new ArrayList<>();
        List<Double> coef = new ArrayList<>();
        for (int k = 0; k < core.length; k++) {
            if (alpha[k] > 0) {
                sv.add(x.get(core[k]));
                coef.add(alpha[k]);
            }
        }
        return new OneClassCvmModel(kernel, c, sv, coef.stream().mapToDouble(Double::doubleValue).toArray(),
                r.centreNorm2(), r.radius2(), r);
    }
}
