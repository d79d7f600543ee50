package dev.kernelkit.mkl;

import dev.kernelkit.svm.SvmSolution;
import java.util.List;

/**
 * An SM2MKL fit (Xu, Tsang and Xu, TNNLS 2013, eq. 13) at a very large theta, near the L1-MKL end of the theta
 * path, shared by the larger-theta fits of a grid search on one set of training matrices, labels and C
 * ({@link SharedStarts#sm2Anchor}): its last point and every SVM solution it computed. Each SVM solution alpha_k is a
 * feasible point of the C-SVC dual for any theta, so it certifies another theta's weights through that theta's own
 * dual value G_theta(alpha_k) ({@link SoftMarginMkl#sm2Dual}), and its cut 1'alpha_k - 1/2 mu'q_k lies below J at
 * every mu; the last point's J(mu) gives that theta's objective there, J(mu) + ||mu||^2 / (2 theta). A fit at theta
 * whose penalty is small against J therefore often finds the anchor's point certified within its own tolerance
 * and needs no SVM solve of its own; otherwise it starts from whichever of the uniform weights and the anchor's
 * point has the lower objective. Immutable: the arrays are never modified after construction.
 *
 * @param mu the anchor's last weights
 * @param svm the SVM solution at mu
 * @param j J(mu), the SVM dual optimum at mu
 * @param q the forms q_m = beta' K_m beta at mu (beta = y o alpha)
 * @param products the products of beta and gamma at mu (as {@code BaseKernelMatrices.products}), or null
 * @param productUpdates how many incremental updates separate the products from a full evaluation
 * @param alphas the alpha of every SVM solution of the anchor fit, in order
 * @param sums their 1'alpha
 * @param forms their forms q
 * @param converged whether the anchor fit met its own stopping rule
 */
record Sm2Anchor(double[] mu, SvmSolution svm, double j, double[] q, double[][][] products, int productUpdates,
                 List<double[]> alphas,
                 List<Double> sums, List<double[]> forms, boolean converged) {
    Sm2Anchor {
        alphas = List.copyOf(alphas);
        sums = List.copyOf(sums);
        forms = List.copyOf(forms);
        if (alphas.size() != sums.size() || alphas.size() != forms.size()) {
            throw new IllegalArgumentException("expected as many sums and forms as alphas, got " + alphas.size()
                    + ", " + sums.size() + ", " + forms.size());
        }
    }
}
