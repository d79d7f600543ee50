package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of the one-class CVM over bags ({@link OneClassCvm#fitBags}): a kernel between bags (e.g.
 * the set kernel of Gaertner et al., ICML 2002), the cost C of the one-class L2-SVM
 * min ||w||^2 - 2 rho + C sum xi_i^2 (spec §2.4; small C lets more bags fall outside the ball) and
 * the core-set iteration options.
 *
 * @param kernel the kernel between bags (any: the ball is the true SVDD when k(B, B) is not constant)
 * @param c the cost C &gt; 0 (LibCVM default 100)
 * @param coreSet the core-set iteration options (epsilon, sampling, schedule, cap, seed)
 */
public record BagOneClassCvmOptions(Kernel<Bag> kernel, double c, CoreSetOptions coreSet) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public BagOneClassCvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(coreSet, "coreSet");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
    }

    public BagOneClassCvmOptions withC(double value) {
        return new BagOneClassCvmOptions(kernel, value, coreSet);
    }

    public BagOneClassCvmOptions withCoreSet(CoreSetOptions value) {
        return new BagOneClassCvmOptions(kernel, c, value);
    }

    public BagOneClassCvmOptions withSeed(long seed) {
        return new BagOneClassCvmOptions(kernel, c, coreSet.withSeed(seed));
    }
}
