package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link OneClassCvm}: the kernel k, the cost C of the one-class L2-SVM
 * min ||w||^2 - 2 rho + C sum xi_i^2 (spec §2.4; small C lets more points fall outside the ball)
 * and the core-set iteration options.
 *
 * @param kernel the kernel k on inputs (any: the ball is the true SVDD when k(x, x) is not constant)
 * @param c the cost C &gt; 0 (LibCVM default 100)
 * @param coreSet the core-set iteration options (epsilon, sampling, schedule, cap, seed)
 */
public record OneClassCvmOptions(Kernel<Vec> kernel, double c, CoreSetOptions coreSet) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public OneClassCvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(coreSet, "coreSet");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
    }

    public OneClassCvmOptions withC(double value) {
        return new OneClassCvmOptions(kernel, value, coreSet);
    }

    public OneClassCvmOptions withCoreSet(CoreSetOptions value) {
        return new OneClassCvmOptions(kernel, c, value);
    }

    public OneClassCvmOptions withSeed(long seed) {
        return new OneClassCvmOptions(kernel, c, coreSet.withSeed(seed));
    }
}
