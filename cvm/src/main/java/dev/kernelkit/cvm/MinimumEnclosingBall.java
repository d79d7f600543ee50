package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Minimum enclosing ball by the Bădoiu–Clarkson (1+epsilon) core-set iteration (spec §2.1), in a
 * kernel feature space ({@link #fit}) or in input space ({@link #fitInputSpace}, the linear
 * kernel, whose centre is also returned as a point). The dual on the core set is
 * max a'diag(K) - a'Ka over the simplex (hard-margin SVDD), solved by the kernels layer's SMO ({@link CoreSetSolver}).
 */
public final class MinimumEnclosingBall {
    private MinimumEnclosingBall() {
    }

    /**
     * The (1+epsilon)-MEB of phi(points).
     *
     * @throws IllegalArgumentException for an empty list or a non-finite self-similarity
     */
    public static <T> EnclosingBall<T> fit(List<? extends T> points, Kernel<T> kernel, CoreSetOptions options) {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(options, "options");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("an enclosing ball needs at least one point, got 0");
        }
        List<T> xs = List.copyOf(points);
        double[] diag = new double[xs.size()];
        for (int i = 0; i < diag.length; i++) {
            diag[i] = kernel.apply(xs.get(i), xs.get(i));
            if (!Double.isFinite(diag[i])) {
                throw new IllegalArgumentException("k(x, x) of point " + i + " must be finite, got " + diag[i]);
            }
        }
        MebProblem problem = new MebProblem() {
            @Override
            public int size() {
                return diag.length;
            }

            @Override
            public double entry(int i, int j) {
                return i == j ? diag[i] : kernel.apply(xs.get(i), xs.get(j));
            }

            @Override
            public double offset(int i) {
                return diag[i];
            }
        };
        CoreSetResult r = CoreSetSolver.solve(problem, options);
        List<T> core = new ArrayList<>();
        for (int i : r.coreIndices()) {
            core.add(xs.get(i));
        }
        return new EnclosingBall<>(kernel, core, r);
    }

    /** The (1+epsilon)-MEB of points in input space (linear kernel x'y). */
    public static EnclosingBall<Vec> fitInputSpace(List<? extends Vec> points, CoreSetOptions options) {
        if (!points.isEmpty()) {
            int d = points.get(0).dim();
            for (int i = 1; i < points.size(); i++) {
                if (points.get(i).dim() != d) {
                    throw new IllegalArgumentException("dimension mismatch at point " + i + ": expected " + d
                            + ", found " + points.get(i).dim());
                }
            }
        }
        return fit(points, Vec::dot, options);
    }

    /** The explicit centre sum_i a_i x_i of an input-space ball. */
    public static double[] centre(EnclosingBall<Vec> ball) {
        List<Vec> core = ball.coreVectors();
        double[] c = new double[core.get(0).dim()];
        double[] a = ball.alpha();
        for (int i = 0; i < a.length; i++) {
            core.get(i).addTo(c, a[i]);
        }
        return c;
    }
}
