package dev.kernelkit.mi;

import dev.kernelkit.kernel.DifferentiableKernel;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.LinearKernel;
import dev.kernelkit.kernel.PolynomialKernel;

/**
 * A differentiable kernel written as a function of (x·z, ||x||², ||z||²), which is what lets
 * SparseMI run both on input-space expansion vectors and on basis-vector coefficients
 * (z = B v, TNNLS 2013 Sec. IV-E) without densifying instances:
 * k = kappa(s, a, b) with s = x·z, a = ||x||², b = ||z||², and
 * dk/dz = (d kappa/ds) x + 2 (d kappa/db) z.
 *
 * <ul>
 *   <li>Gaussian: kappa = exp(-gamma (a + b - 2 s)); d/ds = 2 gamma k, d/db = -gamma k.</li>
 *   <li>Polynomial: kappa = (gamma s + offset)^p; d/ds = p gamma (gamma s + offset)^(p-1), d/db = 0.</li>
 *   <li>Linear: kappa = s; d/ds = 1, d/db = 0.</li>
 * </ul>
 */
final class DotProductKernel {
    private enum Type { GAUSSIAN, POLYNOMIAL, LINEAR }

    private final Type type;
    private final double gamma;
    private final int degree;
    private final double offset;

    private DotProductKernel(Type type, double gamma, int degree, double offset) {
        this.type = type;
        this.gamma = gamma;
        this.degree = degree;
        this.offset = offset;
    }

    /**
     * Whether the kernel is one of the three this form covers (SparseMI's fast path, and the only kernels of the
     * basis-vector space); any other differentiable kernel takes SparseMI's general path in the input space.
     */
    static boolean supports(DifferentiableKernel kernel) {
        return kernel instanceof GaussianKernel || kernel instanceof PolynomialKernel || kernel instanceof LinearKernel;
    }

    /** @throws IllegalArgumentException for a kernel that is not Gaussian, polynomial or linear */
    static DotProductKernel of(DifferentiableKernel kernel) {
        if (kernel instanceof GaussianKernel g) {
            return new DotProductKernel(Type.GAUSSIAN, g.gamma(), 0, 0);
        }
        if (kernel instanceof PolynomialKernel p) {
            return new DotProductKernel(Type.POLYNOMIAL, p.gamma(), p.degree(), p.offset());
        }
        if (kernel instanceof LinearKernel) {
            return new DotProductKernel(Type.LINEAR, 1, 1, 0);
        }
        throw new IllegalArgumentException("kernel must be gaussian, polynomial or linear, got " + kernel);
    }

    /** kappa(s, a, b). */
    double value(double s, double a, double b) {
        switch (type) {
            case GAUSSIAN: {
                double d2 = a + b - 2 * s;
                return Math.exp(-gamma * (d2 > 0 ? d2 : 0.0));
            }
            case POLYNOMIAL:
                return pow(gamma * s + offset, degree);
            default:
                return s;
        }
    }

    /** d kappa / ds at (s, a, b), given k = kappa(s, a, b). */
    double dDot(double k, double s) {
        switch (type) {
            case GAUSSIAN:
                return 2 * gamma * k;
            case POLYNOMIAL:
                return degree * gamma * pow(gamma * s + offset, degree - 1);
            default:
                return 1.0;
        }
    }

    /** d kappa / db (b = ||z||²) given k = kappa(s, a, b). */
    double dNormZ(double k) {
        return type == Type.GAUSSIAN ? -gamma * k : 0.0;
    }

    private static double pow(double x, int p) {
        double r = 1;
        for (int i = 0; i < p; i++) {
            r *= x;
        }
        return r;
    }
}
