package dev.kernelkit.cvm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link CoreVectorRegression}: kernel k, C and mu of the L2-SVR primal
 * min ||w||^2 + b^2 + (C / (mu m)) sum (xi_i^2 + xi_i*^2) + 2 C epsbar (spec §5.2), and the
 * core-set iteration options. LibCVM's defaults scale both with the targets:
 * C = 1e4 max|y|, mu = 0.02 max|y| ({@link #libcvmDefaults}).
 *
 * @param kernel the kernel (any: regression always runs as a center-constrained MEB)
 * @param c C &gt; 0
 * @param mu mu &gt; 0 (plays the role of nu: small mu, small slacks)
 * @param coreSet the core-set options
 */
public record CvrOptions(Kernel<Vec> kernel, double c, double mu, CoreSetOptions coreSet) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public CvrOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(coreSet, "coreSet");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(mu > 0) || !Double.isFinite(mu)) {
            throw new IllegalArgumentException("mu must be > 0 and finite, got " + mu);
        }
    }

    /** LibCVM's CVR defaults (-C 1e4, -u 0.02, both times max|y|) with the given core-set options. */
    public static CvrOptions libcvmDefaults(Kernel<Vec> kernel, double[] y, CoreSetOptions coreSet) {
        double maxAbs = 0;
        for (double v : y) {
            maxAbs = Math.max(maxAbs, Math.abs(v));
        }
        if (!(maxAbs > 0)) {
            throw new IllegalArgumentException("libcvmDefaults needs a non-zero target, max|y| = " + maxAbs);
        }
        return new CvrOptions(kernel, 1e4 * maxAbs, 0.02 * maxAbs, coreSet);
    }
}
