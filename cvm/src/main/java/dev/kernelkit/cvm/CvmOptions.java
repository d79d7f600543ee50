package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link CoreVectorMachine}: the kernel k, the L2-SVM cost C of the primal
 * min ||w||^2 + b^2 - 2 rho + C sum xi_i^2 (spec §2.3), the core-set iteration options, and how
 * more than two classes are handled. Defaults ({@link #jmlr}) follow the JMLR 2005 algorithm;
 * {@link #libcvm} LibCVM 2.2's refinements (spec §3.3).
 *
 * @param kernel the kernel k on inputs; CVM needs k(x, x) constant for the exact MEB reduction,
 *        other kernels run as the center-constrained MEB with eta = max_i k~_ii (spec §3.3 item 11)
 * @param c the cost C &gt; 0 (LibCVM default 100)
 * @param coreSet the core-set iteration options (epsilon, sampling, schedule, cap, seed)
 * @param multiClass one-vs-rest (default) or one-vs-one (LibCVM)
 */
public record CvmOptions(Kernel<Vec> kernel, double c, CoreSetOptions coreSet, MultiClass multiClass) {

    /** The multi-class reduction. */
    public enum MultiClass {
        /** One machine per class against all others; predict the largest decision value. */
        ONE_VS_REST,
        /** One machine per pair of classes; predict by majority vote (ties to the smaller class). */
        ONE_VS_ONE
    }

    /** LibCVM's constant PREDICT_BND (cvm.h). */
    static final double PREDICT_BOUND = 4e-6;
    /** LibCVM's constant E_NUM_CV (cvm.h). */
    static final double EXPECTED_CORE_VECTORS = 15000;

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public CvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(coreSet, "coreSet");
        Objects.requireNonNull(multiClass, "multiClass");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
    }

    /** The JMLR algorithm (furthest-pair start, 59 uniform samples, fixed epsilon, final full scan). */
    public static CvmOptions jmlr(Kernel<Vec> kernel, double c, double epsilon) {
        return new CvmOptions(kernel, c, CoreSetOptions.jmlr(epsilon), MultiClass.ONE_VS_REST);
    }

    /** LibCVM 2.2 (20 balanced random points, 60 balanced samples, 7 rounds, halving epsilon, no full scan). */
    public static CvmOptions libcvm(Kernel<Vec> kernel, double c, double epsilon) {
        return new CvmOptions(kernel, c, CoreSetOptions.libcvm(epsilon), MultiClass.ONE_VS_ONE);
    }

    /**
     * LibCVM's automatic epsilon (spec §3.3 item 3): (PREDICT_BND / kappa_L + 2 / (C E_NUM_CV)) / (2 eta)
     * with eta = kappa + 1 + 1/C and kappa_L = eta - 1/C; for kappa = 1, C = 100 it is 8.29e-7.
     *
     * @param kappa the kernel's k(x, x) (its maximum for a non-constant diagonal)
     */
    public static double autoEpsilon(double kappa, double c) {
        if (!(c > 0) || !(kappa >= 0)) {
            throw new IllegalArgumentException("autoEpsilon needs c > 0 and kappa >= 0, got c=" + c + ", kappa=" + kappa);
        }
        double eta = kappa + 1 + 1 / c;
        double kappaL = eta - 1 / c;
        return (PREDICT_BOUND / kappaL + 2 / (c * EXPECTED_CORE_VECTORS)) / (2 * eta);
    }

    public CvmOptions withC(double value) {
        return new CvmOptions(kernel, value, coreSet, multiClass);
    }

    public CvmOptions withCoreSet(CoreSetOptions value) {
        return new CvmOptions(kernel, c, value, multiClass);
    }

    public CvmOptions withMultiClass(MultiClass value) {
        return new CvmOptions(kernel, c, coreSet, value);
    }

    public CvmOptions withSeed(long seed) {
        return new CvmOptions(kernel, c, coreSet.withSeed(seed), multiClass);
    }
}
