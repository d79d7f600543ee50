package dev.kernelkit.optim;

/**
 * A smooth function f: R^n &rarr; R with its gradient, the input of {@link Lbfgs} and
 * {@link LineSearch#strongWolfe}. Implementations write the gradient into a caller's buffer so
 * that an optimiser loop allocates nothing per evaluation.
 */
@FunctionalInterface
public interface DifferentiableFunction {

    /**
     * Evaluates f(x) and writes &nabla;f(x) into {@code gradient}.
     *
     * @param x the point (length n); must not be modified
     * @param gradient receives the gradient (length n); every entry must be written
     * @return f(x)
     */
    double valueAndGradient(double[] x, double[] gradient);
}
