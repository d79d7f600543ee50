package dev.kernelkit.svm;

import dev.kernelkit.data.Bag;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.kernel.SetKernel;
import dev.kernelkit.kernel.Kernels;
import java.util.Objects;

/**
 * Options of {@link BagSvm#fit}: a kernel on bags (the set kernel {@link SetKernel} over an instance
 * kernel, the MI-Kernel of Gaertner, Flach, Kowalczyk and Smola, ICML 2002, or its normalised form),
 * the cost C, the loss, the SMO options, the budget of the bag kernel matrix's own row cache and the
 * class weights (bag i costs C w_{c(i)}, {@link ClassWeights}; none by default). {@link #toString}
 * appends {@code classWeights=...} only when there are class weights, so the options line of a model
 * file fitted without them is the one written before class weights existed.
 *
 * @param kernel the kernel on bags
 * @param c the cost C &gt; 0
 * @param loss hinge (C-SVC) or squared hinge (L2-SVM)
 * @param solver SMO options (tolerance, shrinking, iteration cap, Q-row cache)
 * @param kernelCacheMb full-row cache of the bag kernel matrix in MB, &ge; 0; 0 (default) leaves the
 *        caching to the solver's Q-row cache
 * @param classWeights the class weights ({@link ClassWeights#NONE} for none)
 */
public record BagSvmOptions(Kernel<Bag> kernel, double c, SvmLoss loss, SmoSolver.Options solver,
                            double kernelCacheMb, ClassWeights classWeights) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public BagSvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(loss, "loss");
        Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(classWeights, "classWeights");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(kernelCacheMb >= 0) || !Double.isFinite(kernelCacheMb)) {
            throw new IllegalArgumentException("kernelCacheMb must be >= 0 and finite, got " + kernelCacheMb);
        }
    }

    /**
     * Options without class weights.
     *
     * @throws IllegalArgumentException naming the option and the value out of range
     */
    public BagSvmOptions(Kernel<Bag> kernel, double c, SvmLoss loss, SmoSolver.Options solver, double kernelCacheMb) {
        this(kernel, c, loss, solver, kernelCacheMb, ClassWeights.NONE);
    }

    /** The kernel with C = 1, hinge loss, LIBSVM's SMO defaults, no extra kernel cache and no class weights. */
    public static BagSvmOptions of(Kernel<Bag> kernel) {
        return new BagSvmOptions(kernel, 1.0, SvmLoss.HINGE, SmoSolver.Options.defaults(), 0);
    }

    /** A copy with another C. */
    public BagSvmOptions withC(double value) {
        return new BagSvmOptions(kernel, value, loss, solver, kernelCacheMb, classWeights);
    }

    /** A copy with another loss. */
    public BagSvmOptions withLoss(SvmLoss value) {
        return new BagSvmOptions(kernel, c, value, solver, kernelCacheMb, classWeights);
    }

    /** A copy with other solver options. */
    public BagSvmOptions withSolver(SmoSolver.Options value) {
        return new BagSvmOptions(kernel, c, loss, value, kernelCacheMb, classWeights);
    }

    /** A copy with other class weights ({@link ClassWeights#NONE} for none). */
    public BagSvmOptions withClassWeights(ClassWeights value) {
        return new BagSvmOptions(kernel, c, loss, solver, kernelCacheMb, value);
    }

    @Override
    public String toString() {
        return "BagSvmOptions[kernel=" + Kernels.format(kernel) + ", c=" + c + ", loss=" + loss + ", solver=" + solver
                + ", kernelCacheMb=" + kernelCacheMb + (classWeights.isNone() ? "" : ", classWeights=" + classWeights)
                + "]";
    }
}
