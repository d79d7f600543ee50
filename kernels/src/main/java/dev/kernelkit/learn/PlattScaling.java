package dev.kernelkit.learn;

import java.util.Objects;

/**
 * A fitted Platt sigmoid, P(y = 1 | f) = 1 / (1 + exp(A f + B)), that turns a decision value f into
 * the probability of the positive class; {@link #fit} learns A and B from decision values and labels.
 *
 * <p>The fit is the numerically safe Newton method with backtracking line search of H.-T. Lin,
 * C.-J. Lin and R. C. Weng, "A note on Platt's probabilistic outputs for support vector machines",
 * Machine Learning 68 (2007) 267&ndash;276, written from the paper's pseudo-code (the algorithm of
 * LIBSVM's {@code sigmoid_train}). With N+ positive and N- negative examples it minimises the cross-entropy
 * F(A, B) = &sum;<sub>i</sub> t<sub>i</sub> (A f<sub>i</sub> + B) + log(1 + exp(&minus;(A f<sub>i</sub> + B)))
 * against the smoothed targets t = (N+ + 1)/(N+ + 2) for a positive and 1/(N- + 2) for a negative
 * example (Platt's prior correction against overfitting), starting from A = 0,
 * B = log((N- + 1)/(N+ + 1)); each Newton step uses the Hessian plus &sigma; = 10<sup>-12</sup> on its
 * diagonal, is halved until F decreases by at least 10<sup>-4</sup> times the step times the
 * directional derivative (down to a step of 10<sup>-10</sup>), and the loop stops when both
 * gradient components are below 10<sup>-5</sup> in absolute value or after 100 iterations. Every
 * log(1 + exp(z)) is evaluated with z &le; 0 so that no exponential overflows. Not converging
 * (iteration cap or a failed line search) is logged as a warning, not thrown: the last A, B are kept.
 *
 * <p>Symbols: f decision value, A slope (negative when larger f means the positive class), B offset.
 * A fit costs O(n) per iteration. Immutable.
 *
 * @param a the slope A
 * @param b the offset B
 */
public record PlattScaling(double a, double b) {
    private static final System.Logger LOG = System.getLogger(PlattScaling.class.getName());
    /** Newton iteration cap (Lin, Lin and Weng: 100). */
    static final int MAX_ITERATIONS = 100;
    /** Smallest line-search step (10^-10). */
    static final double MIN_STEP = 1e-10;
    /** Added to the Hessian's diagonal (10^-12). */
    static final double SIGMA = 1e-12;
    /** Stopping tolerance on each gradient component (10^-5). */
    static final double EPS = 1e-5;

    /**
     * @throws IllegalArgumentException when a or b is not finite
     */
    public PlattScaling {
        if (!Double.isFinite(a)) {
            throw new IllegalArgumentException("a must be finite, got " + a);
        }
        if (!Double.isFinite(b)) {
            throw new IllegalArgumentException("b must be finite, got " + b);
        }
    }

    /**
     * Fits the sigmoid to decision values and labels.
     *
     * @param decisionValues f<sub>i</sub>, finite (not modified)
     * @param positive whether example i is of the positive class (not modified)
     * @throws IllegalArgumentException when the arrays differ in length, are empty, a value is not
     *         finite, or one class has no example
     */
    public static PlattScaling fit(double[] decisionValues, boolean[] positive) {
        Objects.requireNonNull(decisionValues, "decisionValues");
        Objects.requireNonNull(positive, "positive");
        int n = decisionValues.length;
        if (positive.length != n) {
            throw new IllegalArgumentException("decisionValues and positive must have equal length, got " + n + " and "
                    + positive.length);
        }
        int nPositive = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(decisionValues[i])) {
                throw new IllegalArgumentException("decisionValues[" + i + "] must be finite, got " + decisionValues[i]);
            }
            if (positive[i]) {
                nPositive++;
            }
        }
        int nNegative = n - nPositive;
        if (nPositive == 0 || nNegative == 0) {
            throw new IllegalArgumentException("positive must mark examples of both classes, got " + nPositive
                    + " positive and " + nNegative + " negative");
        }
        double[] f = decisionValues;
        double hiTarget = (nPositive + 1.0) / (nPositive + 2.0);
        double loTarget = 1.0 / (nNegative + 2.0);
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = positive[i] ? hiTarget : loTarget;
        }
        double a = 0.0;
        double b = Math.log((nNegative + 1.0) / (nPositive + 1.0));
        double fval = objective(f, t, a, b);
        int iteration = 0;
        boolean converged = false;
        for (; iteration < MAX_ITERATIONS; iteration++) {
            // gradient g and Hessian H (+ sigma I) of F at (a, b)
            double h11 = SIGMA;
            double h22 = SIGMA;
            double h21 = 0.0;
            double g1 = 0.0;
            double g2 = 0.0;
            for (int i = 0; i < n; i++) {
                double z = f[i] * a + b;
                double p;
                double q;
                if (z >= 0) {
                    double e = Math.exp(-z);
                    p = e / (1.0 + e);
                    q = 1.0 / (1.0 + e);
                } else {
                    double e = Math.exp(z);
                    p = 1.0 / (1.0 + e);
                    q = e / (1.0 + e);
                }
                double d2 = p * q;
                h11 += f[i] * f[i] * d2;
                h22 += d2;
                h21 += f[i] * d2;
                double d1 = t[i] - p;
                g1 += f[i] * d1;
                g2 += d1;
            }
            if (Math.abs(g1) < EPS && Math.abs(g2) < EPS) {
                converged = true;
                break;
            }
            // Newton direction -H^{-1} g
            double det = h11 * h22 - h21 * h21;
            double dA = -(h22 * g1 - h21 * g2) / det;
            double dB = -(-h21 * g1 + h11 * g2) / det;
            double gd = g1 * dA + g2 * dB;
            double step = 1.0;
            while (step >= MIN_STEP) {
                double newA = a + step * dA;
                double newB = b + step * dB;
                double newF = objective(f, t, newA, newB);
                if (newF < fval + 0.0001 * step * gd) {
                    a = newA;
                    b = newB;
                    fval = newF;
                    break;
                }
                step /= 2.0;
            }
            if (step < MIN_STEP) {
                LOG.log(System.Logger.Level.WARNING, "Platt scaling: the line search failed at iteration " + iteration
                        + "; keeping A = " + a + ", B = " + b);
                return new PlattScaling(a, b);
            }
        }
        if (!converged) {
            LOG.log(System.Logger.Level.WARNING, "Platt scaling reached its cap of " + MAX_ITERATIONS
                    + " Newton iterations; keeping A = " + a + ", B = " + b);
        }
        return new PlattScaling(a, b);
    }

    /** F(a, b) = sum t_i z_i + log(1 + exp(-z_i)), z_i = a f_i + b, each term evaluated without overflow. */
    private static double objective(double[] f, double[] t, double a, double b) {
        double sum = 0.0;
        for (int i = 0; i < f.length; i++) {
            double z = f[i] * a + b;
            if (z >= 0) {
                sum += t[i] * z + Math.log1p(Math.exp(-z));
            } else {
                sum += (t[i] - 1.0) * z + Math.log1p(Math.exp(z));
            }
        }
        return sum;
    }

    /** P(y = 1 | f) = 1 / (1 + exp(A f + B)), evaluated without overflow; in [0, 1]. */
    public double probability(double f) {
        double z = f * a + b;
        if (z >= 0) {
            double e = Math.exp(-z);
            return e / (1.0 + e);
        }
        return 1.0 / (1.0 + Math.exp(z));
    }

    /**
     * log P(y = 1 | f) = &minus;log(1 + exp(A f + B)), finite even where the probability underflows to 0.
     */
    public double logProbability(double f) {
        double z = f * a + b;
        if (z >= 0) {
            return -z - Math.log1p(Math.exp(-z));
        }
        return -Math.log1p(Math.exp(z));
    }
}
