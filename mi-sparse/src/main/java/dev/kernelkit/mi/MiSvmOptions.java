package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.Kernel;
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
 */
public record MiSvmOptions(Variant variant, Kernel<Vec> kernel, double c, int maxRounds, SmoSolver.Options solver) {

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
    }

    /** The variant with Gaussian gamma = 1, C = 1, at most 50 rounds, LIBSVM's SMO defaults. */
    public static MiSvmOptions defaults(Variant variant) {
        return new MiSvmOptions(variant, new GaussianKernel(1.0), 1.0, 50, SmoSolver.Options.defaults());
    }

    /** With a Gaussian kernel of the given gamma. */
    public MiSvmOptions withGamma(double gamma) {
        return new MiSvmOptions(variant, new GaussianKernel(gamma), c, maxRounds, solver);
    }

    /** With another instance kernel. */
    public MiSvmOptions withKernel(Kernel<Vec> value) {
        return new MiSvmOptions(variant, value, c, maxRounds, solver);
    }

    /** With another C. */
    public MiSvmOptions withC(double value) {
        return new MiSvmOptions(variant, kernel, value, maxRounds, solver);
    }

    /** With another round cap. */
    public MiSvmOptions withMaxRounds(int value) {
        return new MiSvmOptions(variant, kernel, c, value, solver);
    }

    /** With other SMO settings. */
    public MiSvmOptions withSolver(SmoSolver.Options value) {
        return new MiSvmOptions(variant, kernel, c, maxRounds, value);
    }
}
