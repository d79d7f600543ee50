package dev.kernelkit.mkl;

import java.util.Locale;

/** The kernel-weight learners of {@link SoftMarginMkl} (Xu, Tsang and Xu, TNNLS 2013, Table I). */
public enum MklMethod {
    /** Hinge-loss soft margin MKL: capped simplex, block coordinate descent (Lemmas 7-8). */
    SM1("sm1"),
    /**
     * Square-hinge soft margin MKL: simplex plus ||mu||^2 / (2 theta); the closed-form primal step, the paper's
     * projected gradient kept as the reference.
     */
    SM2("sm2"),
    /** Lp-norm MKL with the analytic update of Kloft et al. (JMLR 2011) / Xu et al. (ICML 2010). */
    LP("lp"),
    /** L1 (hard margin) MKL by SimpleMKL's reduced gradient (Rakotomamonjy et al., JMLR 2008). */
    SIMPLE("simple"),
    /** The average kernel mu = 1/M: one SVM. */
    AVERAGE("ave");

    private final String cliName;

    MklMethod(String cliName) {
        this.cliName = cliName;
    }

    /** The command-line and model-file name. */
    public String cliName() {
        return cliName;
    }

    /** @throws IllegalArgumentException naming the unknown method and the known ones */
    public static MklMethod parse(String name) {
        String s = name.trim().toLowerCase(Locale.ROOT);
        for (MklMethod m : values()) {
            if (m.cliName.equals(s)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown MKL method '" + name + "', expected one of sm1, sm2, lp, simple, ave");
    }
}
