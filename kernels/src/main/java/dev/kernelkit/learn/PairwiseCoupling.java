package dev.kernelkit.learn;

import java.util.Objects;

/**
 * Class probabilities from pairwise ones: given r<sub>ij</sub> &asymp; P(y = i | y &isin; {i, j}, x)
 * for every pair of k classes, finds p on the simplex minimising
 * &sum;<sub>i</sub> &sum;<sub>j&ne;i</sub> (r<sub>ji</sub> p<sub>i</sub> &minus; r<sub>ij</sub> p<sub>j</sub>)<sup>2</sup>
 * = p<sup>T</sup> Q p, with Q<sub>ii</sub> = &sum;<sub>s&ne;i</sub> r<sub>si</sub><sup>2</sup> and
 * Q<sub>ij</sub> = &minus;r<sub>ji</sub> r<sub>ij</sub> &mdash; method 2 of T.-F. Wu, C.-J. Lin and
 * R. C. Weng, "Probability estimates for multi-class classification by pairwise coupling", JMLR 5
 * (2004) 975&ndash;1005, Section 4 (their second approach), the coupling LIBSVM's
 * {@code multiclass_probability} does.
 *
 * <p>The solver is the fixed-point iteration the paper proposes for it, with its O(k) update:
 * from p = (1/k, ..., 1/k), for t = 1..k in turn set
 * p<sub>t</sub> &larr; p<sub>t</sub> + ((p<sup>T</sup>Qp) &minus; (Qp)<sub>t</sub>) / Q<sub>tt</sub> and renormalise p to sum 1,
 * updating Qp and p<sup>T</sup>Qp in O(k) per coordinate (and recomputing both at each sweep); it stops when
 * max<sub>t</sub> |(Qp)<sub>t</sub> &minus; p<sup>T</sup>Qp| &lt; 0.005 / k (the optimality condition of the
 * constrained problem) or after max(100, k) sweeps, LIBSVM's constants. Each sweep costs O(k<sup>2</sup>).
 *
 * <p>A model of one machine per pair (one-vs-one) feeds it the Platt probability of each pair's
 * machine; clip the pairwise probabilities away from 0 and 1 first (LIBSVM uses [10<sup>-7</sup>,
 * 1 &minus; 10<sup>-7</sup>]) so that every Q<sub>tt</sub> &gt; 0.
 */
public final class PairwiseCoupling {

    private PairwiseCoupling() {
    }

    /**
     * The coupled class probabilities.
     *
     * @param r a k &times; k matrix, k &ge; 2: r[i][j] = P(class i | class i or j) in (0, 1) with
     *          r[i][j] + r[j][i] = 1 (to 10<sup>-6</sup>) for i &ne; j; the diagonal is ignored; not modified
     * @return k probabilities, each in [0, 1], summing to 1
     * @throws IllegalArgumentException when r is not square, k &lt; 2, an off-diagonal entry is not in
     *         (0, 1) or a pair does not sum to 1
     */
    public static double[] probabilities(double[][] r) {
        Objects.requireNonNull(r, "r");
        int k = r.length;
        if (k < 2) {
            throw new IllegalArgumentException("r must be k x k with k >= 2, got k = " + k);
        }
        for (int i = 0; i < k; i++) {
            Objects.requireNonNull(r[i], "r[" + i + "]");
            if (r[i].length != k) {
                throw new IllegalArgumentException("r must be k x k: expected row " + i + " of length " + k + ", found "
                        + r[i].length);
            }
        }
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                if (i != j && !(r[i][j] > 0 && r[i][j] < 1)) {
                    throw new IllegalArgumentException("r[" + i + "][" + j + "] must be in (0, 1), got " + r[i][j]);
                }
                if (i < j && Math.abs(r[i][j] + r[j][i] - 1) > 1e-6) {
                    throw new IllegalArgumentException("r[" + i + "][" + j + "] + r[" + j + "][" + i + "] must be 1, got "
                            + r[i][j] + " + " + r[j][i]);
                }
            }
        }
        double[][] q = new double[k][k];
        for (int t = 0; t < k; t++) {
            for (int j = 0; j < k; j++) {
                if (j != t) {
                    q[t][t] += r[j][t] * r[j][t];
                    q[t][j] = -r[j][t] * r[t][j];
                }
            }
        }
        double[] p = new double[k];
        double[] qp = new double[k];
        for (int t = 0; t < k; t++) {
            p[t] = 1.0 / k;
        }
        int maxSweeps = Math.max(100, k);
        double eps = 0.005 / k;
        for (int sweep = 0; sweep < maxSweeps; sweep++) {
            // Qp and p^T Q p afresh each sweep, so that rounding in the updates does not accumulate
            double pqp = 0;
            for (int t = 0; t < k; t++) {
                double s = 0;
                for (int j = 0; j < k; j++) {
                    s += q[t][j] * p[j];
                }
                qp[t] = s;
                pqp += p[t] * s;
            }
            double maxError = 0;
            for (int t = 0; t < k; t++) {
                maxError = Math.max(maxError, Math.abs(qp[t] - pqp));
            }
            if (maxError < eps) {
                break;
            }
            for (int t = 0; t < k; t++) {
                double delta = (pqp - qp[t]) / q[t][t];
                p[t] += delta;
                // p^T Q p of the unnormalised p, then everything divided by the new sum 1 + delta
                pqp = (pqp + delta * (delta * q[t][t] + 2 * qp[t])) / (1 + delta) / (1 + delta);
                for (int j = 0; j < k; j++) {
                    qp[j] = (qp[j] + delta * q[t][j]) / (1 + delta);
                    p[j] /= 1 + delta;
                }
            }
        }
        return p;
    }
}
