package dev.kernelkit.mkl;

/** How each SVM solve of an MKL fit starts: from the previous alpha (the default) or from zero (a reference for benchmarks). */
public enum WarmStart {
    /** Start SMO from the alpha of the previous solve (projected to the feasible set). */
    PREVIOUS_ALPHA,
    /** Start every solve from alpha = 0, as a straightforward implementation does. */
    NONE
}
