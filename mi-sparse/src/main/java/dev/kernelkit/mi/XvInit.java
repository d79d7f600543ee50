package dev.kernelkit.mi;

/**
 * How SparseMI chooses its initial expansion vectors (or basis vectors), TNNLS 2013 Sec. V-D.
 */
public enum XvInit {
    /** N_XV distinct training instances drawn at random (seeded). */
    RANDOM,
    /** The k-means++ centroids of the training instances (commons-math3, seeded); input-space mode only. */
    KMEANS,
    /**
     * The N_XV training instances with the largest |w_t| of a linear L2-SVM on the bag features
     * s_t(X_i) = (1/n_i) sum_p k(x_ip, x_t) of eq. 8 (one-vs-rest: the sum of |w_t| over classes).
     */
    SVM;

    /** The command-line name: random, kmeans or svm. */
    public String cliName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses random, kmeans or svm. */
    public static XvInit parse(String name) {
        for (XvInit v : values()) {
            if (v.cliName().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("init must be random, kmeans or svm, got '" + name + "'");
    }
}
