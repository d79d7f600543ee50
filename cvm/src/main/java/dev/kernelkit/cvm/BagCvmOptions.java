package dev.kernelkit.cvm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of the core vector machine and the ball vector machine over bags
 * ({@link CoreVectorMachine#fitBags}, {@link BallVectorMachine#fitBags}): a kernel between bags, the
 * L2-SVM cost C of min ||w||^2 + b^2 - 2 rho + C sum xi_i^2 (spec §2.3, the same problem as over
 * vectors with phi(B) the bag's feature map), the core-set iteration options and the multi-class
 * reduction. The MI-Kernel of Gaertner, Flach, Kowalczyk and Smola (ICML 2002) is the set kernel
 * {@code new SetKernel(instanceKernel)}; its k(B, B) varies from bag to bag, so the CVM runs it as
 * the center-constrained MEB (eta = max_i k~_ii) and the ball vector machine needs its normalised
 * form {@code SetKernel.normalized(instanceKernel)} (k(B, B) = 1).
 *
 * @param kernel the kernel between bags
 * @param c the cost C &gt; 0 (LibCVM default 100)
 * @param coreSet the core-set iteration options (epsilon, sampling, schedule, cap, seed)
 * @param multiClass one-vs-rest or one-vs-one for more than two classes
 */
public record BagCvmOptions(Kernel<Bag> kernel, double c, CoreSetOptions coreSet, CvmOptions.MultiClass multiClass) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public BagCvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(coreSet, "coreSet");
        Objects.requireNonNull(multiClass, "multiClass");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
    }

    /** The JMLR algorithm (furthest-pair start, 59 uniform samples, fixed epsilon, final full scan), one-vs-rest. */
    public static BagCvmOptions jmlr(Kernel<Bag> kernel, double c, double epsilon) {
        return new BagCvmOptions(kernel, c, CoreSetOptions.jmlr(epsilon), CvmOptions.MultiClass.ONE_VS_REST);
    }

    /** LibCVM 2.2's iteration (20 balanced random points, 60 balanced samples, 7 rounds, halving epsilon), one-vs-rest. */
    public static BagCvmOptions libcvm(Kernel<Bag> kernel, double c, double epsilon) {
        return new BagCvmOptions(kernel, c, CoreSetOptions.libcvm(epsilon), CvmOptions.MultiClass.ONE_VS_REST);
    }

    public BagCvmOptions withC(double value) {
        return new BagCvmOptions(kernel, value, coreSet, multiClass);
    }

    public BagCvmOptions withCoreSet(CoreSetOptions value) {
        return new BagCvmOptions(kernel, c, value, multiClass);
    }

    public BagCvmOptions withMultiClass(CvmOptions.MultiClass value) {
        return new BagCvmOptions(kernel, c, coreSet, value);
    }

    public BagCvmOptions withSeed(long seed) {
        return new BagCvmOptions(kernel, c, coreSet.withSeed(seed), multiClass);
    }
}
