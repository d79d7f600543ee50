package dev.kernelkit.svm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link Svm#fit}: the kernel, the cost C (the same for every sample), the loss, the
 * SMO options and the budget of the on-the-fly kernel matrix's own row cache.
 *
 * @param kernel the kernel on vectors
 * @param c the cost C &gt; 0 (LIBSVM default 1)
 * @param loss hinge (C-SVC) or squared hinge (L2-SVM)
 * @param solver SMO options (tolerance, shrinking, iteration cap, Q-row cache)
 * @param kernelCacheMb full-row cache of the kernel matrix in MB, &ge; 0; 0 (default) leaves the
 *        caching to the solver's Q-row cache
 */
public record SvmOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver, double kernelCacheMb) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public SvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(loss, "loss");
        Objects.requireNonNull(solver, "solver");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(kernelCacheMb >= 0) || !Double.isFinite(kernelCacheMb)) {
            throw new IllegalArgumentException("kernelCacheMb must be >= 0 and finite, got " + kernelCacheMb);
        }
    }

    /** The kernel with C = 1, hinge loss, LIBSVM's SMO defaults and no extra kernel cache. */
    public static SvmOptions of(Kernel<Vec> kernel) {
        return new SvmOptions(kernel, 1.0, SvmLoss.HINGE, SmoSolver.Options.defaults(), 0);
    }

    /** A copy with another C. */
    public SvmOptions withC(double value) {
        return new SvmOptions(kernel, value, loss, solver, kernelCacheMb);
    }

    /** A copy with another loss. */
    public SvmOptions withLoss(SvmLoss value) {
        return new SvmOptions(kernel, c, value, solver, kernelCacheMb);
    }

    /** A copy with other solver options. */
    public SvmOptions withSolver(SmoSolver.Options value) {
        return new SvmOptions(kernel, c, loss, value, kernelCacheMb);
    }
}
