package dev.kernelkit.svm;

/**
 * Solves a binary dual SVM problem ({@link SvmProblem}); implementations must agree with each
 * other to the tolerance the test suite states.
 */
public interface SvmSolver {

    /** Solves from alpha = 0. */
    default SvmSolution solve(SvmProblem problem) {
        return solve(problem, null);
    }

    /**
     * Solves from a warm start.
     *
     * @param initialAlpha a feasible or infeasible starting alpha of length n (projected to the
     *        feasible set by the solver), or null for alpha = 0
     */
    SvmSolution solve(SvmProblem problem, double[] initialAlpha);
}
