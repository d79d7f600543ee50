package dev.kernelkit.svm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link EpsilonSvr#fit} (LIBSVM's {@code -s 3}): the kernel, C, the width epsilon of the
 * insensitive tube, the SMO options and the budget of the on-the-fly kernel matrix's own row cache.
 *
 * @param kernel the kernel on vectors
 * @param c the cost C &gt; 0 (LIBSVM {@code -c}, default 1)
 * @param epsilon the tube width &ge; 0 (LIBSVM {@code -p}, default 0.1)
 * @param solver SMO options (tolerance, shrinking, iteration cap, Q-row cache)
 * @param kernelCacheMb full-row cache of the kernel matrix in MB, &ge; 0; 0 leaves the caching to the solver
 */
public record EpsilonSvrOptions(Kernel<Vec> kernel, double c, double epsilon, SmoSolver.Options solver,
                                double kernelCacheMb) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public EpsilonSvrOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(solver, "solver");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(epsilon >= 0) || !Double.isFinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be >= 0 and finite, got " + epsilon);
        }
        if (!(kernelCacheMb >= 0) || !Double.isFinite(kernelCacheMb)) {
            throw new IllegalArgumentException("kernelCacheMb must be >= 0 and finite, got " + kernelCacheMb);
        }
    }

    /** The kernel with C = 1, epsilon = 0.1 and LIBSVM's SMO defaults (LIBSVM's defaults), no extra kernel cache. */
    public static EpsilonSvrOptions of(Kernel<Vec> kernel) {
        return new EpsilonSvrOptions(kernel, 1.0, 0.1, SmoSolver.Options.defaults(), 0);
    }

    /** A copy with another C. */
    public EpsilonSvrOptions withC(double value) {
        return new EpsilonSvrOptions(kernel, value, epsilon, solver, kernelCacheMb);
    }

    /** A copy with another epsilon. */
    public EpsilonSvrOptions withEpsilon(double value) {
        return new EpsilonSvrOptions(kernel, c, value, solver, kernelCacheMb);
    }

    /** A copy with other solver options. */
    public EpsilonSvrOptions withSolver(SmoSolver.Options value) {
        return new EpsilonSvrOptions(kernel, c, epsilon, value, kernelCacheMb);
    }
}
