package dev.kernelkit.optim;

/**
 * Settings of {@link Lbfgs}. Defaults ({@link #defaults()}) follow Nocedal &amp; Wright,
 * <i>Numerical Optimization</i> (2nd ed., 2006), ch. 3 and 7: memory m = 10, Wolfe constants
 * c1 = 1e-4 and c2 = 0.9.
 *
 * @param memory number m of stored correction pairs (s, y), &ge; 1
 * @param gradientTolerance stop when ||&nabla;f(x)||_2 &le; this, &gt; 0
 * @param maxIterations maximum number of L-BFGS iterations, &ge; 1
 * @param maxLineSearchEvaluations maximum function evaluations per line search, &ge; 2
 * @param wolfeC1 sufficient-decrease constant, in (0, wolfeC2)
 * @param wolfeC2 curvature constant, in (wolfeC1, 1)
 */
public record LbfgsOptions(int memory, double gradientTolerance, int maxIterations,
                           int maxLineSearchEvaluations, double wolfeC1, double wolfeC2) {

    /** @throws IllegalArgumentException naming the first setting out of range */
    public LbfgsOptions {
        if (memory < 1) {
            throw new IllegalArgumentException("memory must be >= 1, got " + memory);
        }
        if (!(gradientTolerance > 0) || !Double.isFinite(gradientTolerance)) {
            throw new IllegalArgumentException("gradientTolerance must be > 0 and finite, got " + gradientTolerance);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
        }
        if (maxLineSearchEvaluations < 2) {
            throw new IllegalArgumentException("maxLineSearchEvaluations must be >= 2, got " + maxLineSearchEvaluations);
        }
        if (!(wolfeC1 > 0) || !(wolfeC1 < wolfeC2) || !(wolfeC2 < 1)) {
            throw new IllegalArgumentException("Wolfe constants must satisfy 0 < c1 < c2 < 1, got c1 = "
                    + wolfeC1 + ", c2 = " + wolfeC2);
        }
    }

    /** m = 10, gradient tolerance 1e-8, 1000 iterations, 40 evaluations per line search, c1 = 1e-4, c2 = 0.9. */
    public static LbfgsOptions defaults() {
        return new LbfgsOptions(10, 1e-8, 1000, 40, 1e-4, 0.9);
    }

    /** These options with another gradient tolerance. */
    public LbfgsOptions withGradientTolerance(double tolerance) {
        return new LbfgsOptions(memory, tolerance, maxIterations, maxLineSearchEvaluations, wolfeC1, wolfeC2);
    }

    /** These options with another iteration limit. */
    public LbfgsOptions withMaxIterations(int iterations) {
        return new LbfgsOptions(memory, gradientTolerance, iterations, maxLineSearchEvaluations, wolfeC1, wolfeC2);
    }

    /** These options with another memory size. */
    public LbfgsOptions withMemory(int m) {
        return new LbfgsOptions(m, gradientTolerance, maxIterations, maxLineSearchEvaluations, wolfeC1, wolfeC2);
    }
}
