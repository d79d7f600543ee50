package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;

/**
 * Settings of {@link MiKernel} (Gärtner, Flach, Kowalczyk &amp; Smola, "Multi-instance kernels",
 * ICML 2002; the MI-Kernel row of TNNLS 2013 Table I). {@link #toString} is the record's own text, with
 * {@code classWeights=...} appended only when there are class weights, so the options line of a model file
 * fitted without them is the one written before class weights existed.
 *
 * @param kernel the instance kernel of the set kernel
 * @param c the SVM cost C, &gt; 0
 * @param loss hinge (C-SVC, the paper's baseline) or squared hinge (L2-SVM, equivalent to dense SparseMI)
 * @param solver the SMO settings
 * @param form the averaged set kernel (the paper's MI-Kernel) or its cosine-normalised form
 * @param classWeights class weights: bag i costs C w_{c(i)} in every machine ({@link ClassWeights}; none by default)
 */
public record MiKernelOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver, Form form,
                              ClassWeights classWeights) {

    /** Which set kernel the SVM is trained on. */
    public enum Form {
        /** k_set(X, Y) = (1/(|X||Y|)) sum_p sum_q k(x_p, y_q) (Gärtner et al. 2002 with averaging). */
        AVERAGED,
        /**
         * k_set(X, Y) / sqrt(k_set(X, X) k_set(Y, Y)): every bag has unit norm in feature space; the
         * same kernel as the normalised summed set kernel sum_p sum_q k(x_p, y_q) (Gärtner et al.'s
         * normalisation; the bag sizes cancel).
         */
        NORMALIZED,
        /**
         * sum_p sum_q k(x_p, y_q) = |X||Y| k_set(X, Y): Gärtner et al.'s set kernel before any
         * normalisation (Weka's MIRBFKernel for the Gaussian); larger bags have larger norms.
         */
        SUMMED
    }

    /** The averaged set kernel (the form of TNNLS 2013's MI-Kernel baseline). */
    public MiKernelOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver) {
        this(kernel, c, loss, solver, Form.AVERAGED);
    }

    /** Without class weights. */
    public MiKernelOptions(Kernel<Vec> kernel, double c, SvmLoss loss, SmoSolver.Options solver, Form form) {
        this(kernel, c, loss, solver, form, ClassWeights.NONE);
    }

    /** @throws IllegalArgumentException naming the first setting out of range */
    public MiKernelOptions {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel must not be null");
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (loss == null) {
            throw new IllegalArgumentException("loss must not be null");
        }
        if (solver == null) {
            throw new IllegalArgumentException("solver must not be null");
        }
        if (form == null) {
            throw new IllegalArgumentException("form must not be null");
        }
        if (classWeights == null) {
            throw new IllegalArgumentException("classWeights must not be null");
        }
    }

    /** Gaussian gamma = 1, C = 1, hinge loss, LIBSVM's SMO defaults, the averaged set kernel, no class weights. */
    public static MiKernelOptions defaults() {
        return new MiKernelOptions(new GaussianKernel(1.0), 1.0, SvmLoss.HINGE, SmoSolver.Options.defaults());
    }

    /** With a Gaussian kernel of the given gamma. */
    public MiKernelOptions withGamma(double gamma) {
        return new MiKernelOptions(new GaussianKernel(gamma), c, loss, solver, form, classWeights);
    }

    /** With another C. */
    public MiKernelOptions withC(double value) {
        return new MiKernelOptions(kernel, value, loss, solver, form, classWeights);
    }

    /** With another loss. */
    public MiKernelOptions withLoss(SvmLoss value) {
        return new MiKernelOptions(kernel, c, value, solver, form, classWeights);
    }

    /** With other SMO settings. */
    public MiKernelOptions withSolver(SmoSolver.Options value) {
        return new MiKernelOptions(kernel, c, loss, value, form, classWeights);
    }

    /** With another set-kernel form. */
    public MiKernelOptions withForm(Form value) {
        return new MiKernelOptions(kernel, c, loss, solver, value, classWeights);
    }

    /** With other class weights ({@link ClassWeights#NONE} for none). */
    public MiKernelOptions withClassWeights(ClassWeights value) {
        return new MiKernelOptions(kernel, c, loss, solver, form, value);
    }

    /** The record's text; {@code classWeights=...} is appended only when there are class weights. */
    @Override
    public String toString() {
        return "MiKernelOptions[kernel=" + kernel + ", c=" + c + ", loss=" + loss + ", solver=" + solver + ", form="
                + form + (classWeights.isNone() ? "" : ", classWeights=" + classWeights) + "]";
    }
}
