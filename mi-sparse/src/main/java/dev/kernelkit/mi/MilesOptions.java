package dev.kernelkit.mi;

import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;

/**
 * Settings of {@link Miles} (Chen, Bi &amp; Wang, "MILES: multiple-instance learning via embedded
 * instance selection", IEEE TPAMI 28(12), 2006).
 *
 * @param kernel the instance similarity of the embedding, s_k(X) = max_p k(x_p, x_k); Gaussian
 *        exp(-gamma ||x - x_k||²) = exp(-||x - x_k||² / sigma²) in the paper
 * @param c the slack weight C of the 1-norm SVM, &gt; 0 (the paper's mu / lambda with mu = 1/2)
 * @param classWeights class weights by bag label: bag i's slack costs C w_{c(i)} in every machine's LP
 *        ({@link ClassWeights}, none by default; {@link #toString} prints them only when there are some)
 */
public record MilesOptions(Kernel<Vec> kernel, double c, ClassWeights classWeights) {

    /** @throws IllegalArgumentException naming the first setting out of range */
    public MilesOptions {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel must not be null");
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (classWeights == null) {
            throw new IllegalArgumentException("classWeights must not be null");
        }
    }

    /** The settings without class weights. */
    public MilesOptions(Kernel<Vec> kernel, double c) {
        this(kernel, c, ClassWeights.NONE);
    }

    /** Gaussian gamma = 1, C = 1. */
    public static MilesOptions defaults() {
        return new MilesOptions(new GaussianKernel(1.0), 1.0);
    }

    /** With a Gaussian kernel of the given gamma. */
    public MilesOptions withGamma(double gamma) {
        return new MilesOptions(new GaussianKernel(gamma), c, classWeights);
    }

    /** With another C. */
    public MilesOptions withC(double value) {
        return new MilesOptions(kernel, value, classWeights);
    }

    /** With other class weights ({@link ClassWeights#NONE} for none). */
    public MilesOptions withClassWeights(ClassWeights value) {
        return new MilesOptions(kernel, c, value);
    }

    /** The record's text, with {@code classWeights=...} only when there are some (as before they existed otherwise). */
    @Override
    public String toString() {
        return "MilesOptions[kernel=" + kernel + ", c=" + c
                + (classWeights.isNone() ? "" : ", classWeights=" + classWeights) + "]";
    }
}
