package dev.kernelkit.svm;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.Kernel;
import java.util.Objects;

/**
 * Options of {@link Svm#fit}: the kernel, the cost C, the loss, the SMO options, the budget of the
 * on-the-fly kernel matrix's own row cache, the class weights (sample i costs C w_{c(i)},
 * {@link ClassWeights}; none by default, then every sample costs C) and what to do with equal points of one class
 * ({@link SvmDuplicates}: merged by default).
 *
 * <p>{@link #toString} is the record's own text, with {@code classWeights=...} appended only when there
 * are class weights: the options line of a model file fitted without them is the one written before
 * class weights existed; likewise {@code duplicates=KEEP} only when equal points are kept apart.
 *
 * @param kernel the kernel on vectors
 * @param c the cost C &gt; 0 (LIBSVM default 1)
 * @param loss hinge (C-SVC) or squared hinge (L2-SVM)
 * @param solver SMO options (tolerance, shrinking, iteration cap, Q-row cache)
 * @param kernelCacheMb full-row cache of the kernel matrix in MB, &ge; 0; 0 (default) leaves the
 *        caching to the solver's Q-row cache
 * @param classWeights the class weights ({@link ClassWeights#NONE} for none)
 * @param duplicates equal points of one class merged into one dual variable (default) or kept apart
 */
public record SvmOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver, double kernelCacheMb,
                         ClassWeights classWeights, SvmDuplicates duplicates) {

    /** @throws IllegalArgumentException naming the option and the value out of range */
    public SvmOptions {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(loss, "loss");
        Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(classWeights, "classWeights");
        Objects.requireNonNull(duplicates, "duplicates");
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (!(kernelCacheMb >= 0) || !Double.isFinite(kernelCacheMb)) {
            throw new IllegalArgumentException("kernelCacheMb must be >= 0 and finite, got " + kernelCacheMb);
        }
    }

    /**
     * Options with equal points merged ({@link SvmDuplicates#MERGE}).
     *
     * @throws IllegalArgumentException naming the option and the value out of range
     */
    public SvmOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver, double kernelCacheMb,
                      ClassWeights classWeights) {
        this(kernel, c, loss, solver, kernelCacheMb, classWeights, SvmDuplicates.MERGE);
    }

    /**
     * Options without class weights, equal points merged.
     *
     * @throws IllegalArgumentException naming the option and the value out of range
     */
    public SvmOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver, double kernelCacheMb) {
        this(kernel, c, loss, solver, kernelCacheMb, ClassWeights.NONE);
    }

    /**
     * The kernel with C = 1, hinge loss, LIBSVM's SMO defaults, no extra kernel cache, no class weights and equal
     * points merged.
     */
    public static SvmOptions of(Kernel<Vec> kernel) {
        return new SvmOptions(kernel, 1.0, SvmLoss.HINGE, SmoSolver.Options.defaults(), 0);
    }

    /** A copy with another C. */
    public SvmOptions withC(double value) {
        return new SvmOptions(kernel, value, loss, solver, kernelCacheMb, classWeights, duplicates);
    }

    /** A copy with another loss. */
    public SvmOptions withLoss(SvmLoss value) {
        return new SvmOptions(kernel, c, value, solver, kernelCacheMb, classWeights, duplicates);
    }

    /** A copy with other solver options. */
    public SvmOptions withSolver(SmoSolver.Options value) {
        return new SvmOptions(kernel, c, loss, value, kernelCacheMb, classWeights, duplicates);
    }

    /** A copy with other class weights ({@link ClassWeights#NONE} for none). */
    public SvmOptions withClassWeights(ClassWeights value) {
        return new SvmOptions(kernel, c, loss, solver, kernelCacheMb, value, duplicates);
    }

    /** A copy that merges equal points of one class ({@link SvmDuplicates#MERGE}) or keeps them apart. */
    public SvmOptions withDuplicates(SvmDuplicates value) {
        return new SvmOptions(kernel, c, loss, solver, kernelCacheMb, classWeights, value);
    }

    /**
     * The record's text; {@code classWeights=...} is appended only when there are class weights, {@code
     * duplicates=KEEP} only when equal points are kept apart.
     */
    @Override
    public String toString() {
        return "SvmOptions[kernel=" + kernel + ", c=" + c + ", loss=" + loss + ", solver=" + solver + ", kernelCacheMb="
                + kernelCacheMb + (classWeights.isNone() ? "" : ", classWeights=" + classWeights)
                + (duplicates == SvmDuplicates.MERGE ? "" : ", duplicates=" + duplicates) + "]";
    }
}
