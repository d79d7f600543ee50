/**
 * Numerical optimisation used by the solvers: L-BFGS with a line search ({@link dev.kernelkit.optim.Lbfgs}), the
 * Euclidean projection onto the simplex ({@link dev.kernelkit.optim.SimplexProjection}) and a Cholesky factorisation;
 * each is checked in the tests against ojalgo or commons-math3.
 */
package dev.kernelkit.optim;
