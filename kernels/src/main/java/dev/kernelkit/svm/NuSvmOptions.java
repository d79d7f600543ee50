package dev.kernelkit.svm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link NuSvm#fit} (LIBSVM's {@code -s 1}): the kernel, nu, the SMO options and the budget of
 * the on-the-fly kernel matrix's own row cache.
 *
 * @param kernel the kernel on vectors
 * @param nu nu in (0, 1] (LIBSVM {@code -n}, default 0.5): an upper bound on the fraction of margin errors
 *        and a lower bound on the fraction of support vectors
 * @param solver SMO options (tolerance, iteration cap, row cache; a nu-SVC solve is never shrunk)
 * @param kernelCacheMb full-row cache of the kernel matrix in MB, &ge; 0; 0 leaves the caching to the solver
 */
public record NuSvmOptions(Kernel<Vec> kernel, double nu, SmoSolver.Options solver, double kernelCacheMb) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public NuSvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(solver, "solver");
        if (!(nu > 0 && nu <= 1)) {
            throw new IllegalArgumentException("nu must be in (0, 1], got " + nu);
        }
        if (!(kernelCacheMb >= 0) || !Double.isFinite(kernelCacheMb)) {
            throw new IllegalArgumentException("kernelCacheMb must be >= 0 and finite, got " + kernelCacheMb);
        }
    }

    /** The kernel with nu = 0.5 and LIBSVM's SMO defaults (LIBSVM's defaults), no extra kernel cache. */
    public static NuSvmOptions of(Kernel<Vec> kernel) {
        return new NuSvmOptions(kernel, 0.5, SmoSolver.Options.defaults(), 0);
    }

    /** A copy with another nu. */
    public NuSvmOptions withNu(double value) {
        return new NuSvmOptions(kernel, value, solver, kernelCacheMb);
    }

    /** A copy with other solver options. */
    public NuSvmOptions withSolver(SmoSolver.Options value) {
        return new NuSvmOptions(kernel, nu, value, kernelCacheMb);
    }
}
