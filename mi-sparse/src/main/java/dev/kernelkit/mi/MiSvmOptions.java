package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.SmoSolver;

/**
 * Settings of {@link MiSvm}, the label-max SVMs of Andrews, Tsochantaridis &amp; Hofmann,
 * "Support vector machines for multiple-instance learning", NIPS 2003.
 *
 * @param variant mi-SVM (impute instance labels) or MI-SVM (select one witness per positive bag)
 * @param kernel the instance kernel
 * @param c the SVM cost C, &gt; 0 (the same for every instance)
 * @param maxRounds the cap on retraining rounds (impute / select, then retrain), &ge; 1
 * @param solver the SMO settings
 * @param weighting how C is spread over the samples of a bag
 * @param classWeights class weights by bag label: every sample of bag i (its instances, or its witness) has its
 *        cost times w_{c(i)} ({@link ClassWeights}; none by default). {@link #toString} prints them only when there
 *        are some, so unweighted options read as they did before.
 */
public record MiSvmOptions(Variant variant, Kernel<Vec> kernel, double c, int maxRounds, SmoSolver.Options solver,
                           Weighting weighting, ClassWeights classWeights) {

    /** How the cost C is given to the SVM samples. */
    public enum Weighting {
        /** Every sample (instance, or MI-SVM's witness) has cost C: a bag of n samples weighs up to n C. */
        INSTANCE,
        /**
         * Each of a bag's s samples in the SVM has cost C / s, so every bag weighs C in total, as in
         * Andrews et al.'s objectives C sum_I xi_I with one slack per bag (MI-SVM); for MI-SVM a
         * positive bag's one witness keeps C and a negative bag's n instances get C / n each.
         */
        BAG
    }

    /** With every sample at cost C ({@link Weighting#INSTANCE}). */
    public MiSvmOptions(Variant variant, Kernel<Vec> kernel, double c, int maxRounds, SmoSolver.Options solver) {
        this(variant, kernel, c, maxRounds, solver, Weighting.INSTANCE);
    }

    /** Without class weights. */
    public MiSvmOptions(Variant variant, Kernel<Vec> kernel, double c, int maxRounds, SmoSolver.Options solver,
                        Weighting weighting) {
        this(variant, kernel, c, maxRounds, solver, weighting, ClassWeights.NONE);
    }

    /** The two heuristics of Andrews et al. 2003. */
    public enum Variant {
        /** mi-SVM: every instance of a positive bag gets the sign of f, at least one positive per bag. */
        INSTANCE("mi-SVM"),
        /** MI-SVM: a positive bag is represented by its instance of largest f (its witness). */
        BAG("MI-SVM");

        private final String literatureName;

        Variant(String literatureName) {
            this.literatureName = literatureName;
        }

        /** The name used in the literature: "mi-SVM" or "MI-SVM" (case matters). */
        public String literatureName() {
            return literatureName;
        }
    }

    /** @throws IllegalArgumentException naming the first setting out of range */
    public MiSvmOptions {
        if (variant == null) {
            throw new IllegalArgumentException("variant must not be null");
        }
        if (kernel == null) {
            throw new IllegalArgumentException("kernel must not be null");
        }
        if (!(c > 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException("c must be > 0 and finite, got " + c);
        }
        if (maxRounds < 1) {
            throw new IllegalArgumentException("maxRounds must be >= 1, got " + maxRounds);
        }
        if (solver == null) {
            throw new IllegalArgumentException("solver must not be null");
        }
        if (weighting == null) {
            throw new IllegalArgumentException("weighting must not be null");
        }
        if (classWeights == null) {
            throw new IllegalArgumentException("classWeights must not be null");
        }
    }

    /** The variant with Gaussian gamma = 1, C = 1, at most 50 rounds, LIBSVM's SMO defaults, instance weighting. */
    public static MiSvmOptions defaults(Variant variant) {
        return new MiSvmOptions(variant, new GaussianKernel(1.0), 1.0, 50, SmoSolver.Options.defaults());
    }

    /** With a Gaussian kernel of the given gamma. */
    public MiSvmOptions withGamma(double gamma) {
        return new MiSvmOptions(variant, new GaussianKernel(gamma), c, maxRounds, solver, weighting, classWeights);
    }

    /** With another instance kernel. */
    public MiSvmOptions withKernel(Kernel<Vec> value) {
        return new MiSvmOptions(variant, value, c, maxRounds, solver, weighting, classWeights);
    }

    /** With another C. */
    public MiSvmOptions withC(double value) {
        return new MiSvmOptions(variant, kernel, value, maxRounds, solver, weighting, classWeights);
    }

    /** With another round cap. */
    public MiSvmOptions withMaxRounds(int value) {
        return new MiSvmOptions(variant, kernel, c, value, solver, weighting, classWeights);
    }

    /** With other SMO settings. */
    public MiSvmOptions withSolver(SmoSolver.Options value) {
        return new MiSvmOptions(variant, kernel, c, maxRounds, value, weighting, classWeights);
    }

    /** With another cost weighting. */
    public MiSvmOptions withWeighting(Weighting value) {
        return new MiSvmOptions(variant, kernel, c, maxRounds, solver, value, classWeights);
    }

    /** A copy with other class weights ({@link ClassWeights#NONE} for none). */
    public MiSvmOptions withClassWeights(ClassWeights value) {
        return new MiSvmOptions(variant, kernel, c, maxRounds, solver, weighting, value);
    }

    /** The record's text, with {@code classWeights=...} only when there are some. */
    @Override
    public String toString() {
        return "MiSvmOptions[variant=" + variant + ", kernel=" + kernel + ", c=" + c + ", maxRounds=" + maxRounds
                + ", solver=" + solver + ", weighting=" + weighting
                + (classWeights.isNone() ? "" : ", classWeights=" + classWeights) + "]";
    }
}
