package dev.kernelkit.optim;

import java.util.function.DoubleUnaryOperator;

/**
 * One-dimensional searches used by the optimisers.
 *
 * <ul>
 *   <li>{@link #strongWolfe}: a step &alpha; along a descent direction d satisfying the strong
 *       Wolfe conditions f(x + &alpha;d) &le; f(x) + c1 &alpha; &nabla;f(x)&middot;d and
 *       |&nabla;f(x + &alpha;d)&middot;d| &le; c2 |&nabla;f(x)&middot;d| (Nocedal &amp; Wright,
 *       <i>Numerical Optimization</i>, 2nd ed., Algorithms 3.5 and 3.6, with the safeguarded cubic
 *       interpolation of eq. 3.59 inside the zoom phase).</li>
 *   <li>{@link #backtrackingArmijo}: the largest &alpha; = &alpha;0 &rho;^k with
 *       &phi;(&alpha;) &le; &phi;(0) + c1 &alpha; &phi;'(0) (N&amp;W Algorithm 3.1).</li>
 *   <li>{@link #goldenSection}: the minimiser of a unimodal function on [a, b] by golden-section
 *       search (Kiefer 1953), to an absolute tolerance on &alpha;.</li>
 * </ul>
 */
public final class LineSearch {
    private static final double GOLDEN = (Math.sqrt(5.0) - 1.0) / 2.0;

    private LineSearch() {
    }

    /**
     * The outcome of a strong-Wolfe search.
     *
     * @param alpha the accepted step, or 0 when no step decreased f
     * @param value f at x + alpha d (f(x) when alpha = 0)
     * @param evaluations function evaluations used
     * @param wolfe true when both strong Wolfe conditions hold at alpha; false when only sufficient
     *        decrease holds (the evaluation budget or the bracket width ran out)
     */
    public record Step(double alpha, double value, int evaluations, boolean wolfe) {
        /** True when a step with sufficient decrease was found. */
        public boolean decreased() {
            return alpha > 0;
        }
    }

    /**
     * Searches along d from x for a step satisfying the strong Wolfe conditions.
     *
     * @param f the function
     * @param x the start point (unchanged)
     * @param f0 f(x)
     * @param g0 &nabla;f(x) (unchanged)
     * @param d a descent direction (&nabla;f(x)&middot;d &lt; 0)
     * @param alpha0 the first trial step, &gt; 0
     * @param c1 sufficient-decrease constant
     * @param c2 curvature constant, c1 &lt; c2 &lt; 1
     * @param maxEvaluations evaluation budget, &ge; 1
     * @param xOut receives x + alpha d at the returned step (x itself when alpha = 0)
     * @param gOut receives the gradient at xOut
     * @return the step; when {@link Step#decreased()} is false, xOut/gOut hold x and g0
     * @throws IllegalArgumentException when d is not a descent direction or alpha0 &le; 0
     */
    public static Step strongWolfe(DifferentiableFunction f, double[] x, double f0, double[] g0, double[] d,
                                   double alpha0, double c1, double c2, int maxEvaluations,
                                   double[] xOut, double[] gOut) {
        double dphi0 = dot(g0, d);
        if (!(dphi0 < 0)) {
            throw new IllegalArgumentException("d must be a descent direction (g.d < 0), got g.d = " + dphi0);
        }
        if (!(alpha0 > 0) || !Double.isFinite(alpha0)) {
            throw new IllegalArgumentException("alpha0 must be > 0 and finite, got " + alpha0);
        }
        Searcher s = new Searcher(f, x, f0, d, dphi0, c1, c2, maxEvaluations, xOut, gOut);
        Step step = s.run(alpha0);
        if (step.alpha() == 0) {
            System.arraycopy(x, 0, xOut, 0, x.length);
            System.arraycopy(g0, 0, gOut, 0, g0.length);
        } else if (step.alpha() != s.lastAlpha) {
            // The accepted step is not the last one evaluated: evaluate there once more.
            s.evaluate(step.alpha());
            return new Step(step.alpha(), s.lastPhi, s.evaluations, step.wolfe());
        }
        return step;
    }

    private static final class Searcher {
        final DifferentiableFunction f;
        final double[] x;
        final double[] d;
        final double phi0;
        final double dphi0;
        final double c1;
        final double c2;
        final int maxEvaluations;
        final double[] xOut;
        final double[] gOut;
        int evaluations;
        double lastAlpha = Double.NaN;
        double lastPhi;
        double lastDphi;

        Searcher(DifferentiableFunction f, double[] x, double phi0, double[] d, double dphi0, double c1, double c2,
                 int maxEvaluations, double[] xOut, double[] gOut) {
            this.f = f;
            this.x = x;
            this.phi0 = phi0;
            this.d = d;
            this.dphi0 = dphi0;
            this.c1 = c1;
            this.c2 = c2;
            this.maxEvaluations = maxEvaluations;
            this.xOut = xOut;
            this.gOut = gOut;
        }

        void evaluate(double alpha) {
            for (int i = 0; i < x.length; i++) {
                xOut[i] = x[i] + alpha * d[i];
            }
            lastPhi = f.valueAndGradient(xOut, gOut);
            lastDphi = dot(gOut, d);
            lastAlpha = alpha;
            evaluations++;
        }

        boolean armijo(double alpha, double phi) {
            return phi <= phi0 + c1 * alpha * dphi0;
        }

        boolean curvature(double dphi) {
            return Math.abs(dphi) <= -c2 * dphi0;
        }

        Step run(double alpha0) {
            double aPrev = 0;
            double phiPrev = phi0;
            double dphiPrev = dphi0;
            double a = alpha0;
            boolean first = true;
            while (evaluations < maxEvaluations) {
                evaluate(a);
                double phi = lastPhi;
                double dphi = lastDphi;
                if (!Double.isFinite(phi) || !Double.isFinite(dphi)) {
                    // Overshot into a region where f is undefined: treat as "too long".
                    return zoom(aPrev, phiPrev, dphiPrev, a, Double.POSITIVE_INFINITY, Double.NaN);
                }
                if (!armijo(a, phi) || (!first && phi >= phiPrev)) {
                    return zoom(aPrev, phiPrev, dphiPrev, a, phi, dphi);
                }
                if (curvature(dphi)) {
                    return new Step(a, phi, evaluations, true);
                }
                if (dphi >= 0) {
                    return zoom(a, phi, dphi, aPrev, phiPrev, dphiPrev);
                }
                aPrev = a;
                phiPrev = phi;
                dphiPrev = dphi;
                a = 2.0 * a;
                first = false;
            }
            // Budget spent while still extrapolating: aPrev satisfies sufficient decrease.
            return aPrev > 0 ? new Step(aPrev, phiPrev, evaluations, false) : new Step(0, phi0, evaluations, false);
        }

        /** N&amp;W Algorithm 3.6; lo always satisfies sufficient decrease and has the lowest phi seen. */
        Step zoom(double lo, double phiLo, double dphiLo, double hi, double phiHi, double dphiHi) {
            while (evaluations < maxEvaluations) {
                double width = Math.abs(hi - lo);
                if (width <= 1e-16 * Math.max(1.0, Math.abs(lo))) {
                    break;
                }
                double a = interpolate(lo, phiLo, dphiLo, hi, phiHi, dphiHi);
                evaluate(a);
                double phi = lastPhi;
                double dphi = lastDphi;
                if (!Double.isFinite(phi) || !armijo(a, phi) || phi >= phiLo) {
                    hi = a;
                    phiHi = Double.isFinite(phi) ? phi : Double.POSITIVE_INFINITY;
                    dphiHi = Double.isFinite(dphi) ? dphi : Double.NaN;
                } else {
                    if (curvature(dphi)) {
                        return new Step(a, phi, evaluations, true);
                    }
                    if (dphi * (hi - lo) >= 0) {
                        hi = lo;
                        phiHi = phiLo;
                        dphiHi = dphiLo;
                    }
                    lo = a;
                    phiLo = phi;
                    dphiLo = dphi;
                }
            }
            return lo > 0 ? new Step(lo, phiLo, evaluations, false) : new Step(0, phi0, evaluations, false);
        }

        /**
         * Minimiser of the cubic through (lo, phiLo, dphiLo), (hi, phiHi, dphiHi) (N&amp;W eq. 3.59),
         * kept at least 10% of the bracket away from both ends; bisection when the cubic is unusable.
         */
        static double interpolate(double lo, double phiLo, double dphiLo, double hi, double phiHi, double dphiHi) {
            double mid = 0.5 * (lo + hi);
            if (!Double.isFinite(phiHi) || !Double.isFinite(dphiHi)) {
                return mid;
            }
            double d1 = dphiLo + dphiHi - 3.0 * (phiLo - phiHi) / (lo - hi);
            double disc = d1 * d1 - dphiLo * dphiHi;
            if (!(disc >= 0)) {
                return mid;
            }
            double d2 = Math.signum(hi - lo) * Math.sqrt(disc);
            double a = hi - (hi - lo) * (dphiHi + d2 - d1) / (dphiHi - dphiLo + 2.0 * d2);
            double left = Math.min(lo, hi);
            double right = Math.max(lo, hi);
            double margin = 0.1 * (right - left);
            if (!Double.isFinite(a) || a < left + margin || a > right - margin) {
                return mid;
            }
            return a;
        }
    }

    /**
     * Backtracking line search: the first &alpha; in &alpha;0, &alpha;0&rho;, &alpha;0&rho;^2, ...
     * with &phi;(&alpha;) &le; &phi;(0) + c1 &alpha; &phi;'(0).
     *
     * @param phi the function of the step
     * @param phi0 &phi;(0)
     * @param slope &phi;'(0), &lt; 0
     * @param alpha0 first trial step, &gt; 0
     * @param c1 sufficient-decrease constant in (0, 1)
     * @param shrink factor &rho; in (0, 1)
     * @param maxSteps maximum number of trials, &ge; 1
     * @return the accepted step, or 0 when none of the trials decreased &phi; enough
     * @throws IllegalArgumentException on a setting out of range
     */
    public static double backtrackingArmijo(DoubleUnaryOperator phi, double phi0, double slope, double alpha0,
                                            double c1, double shrink, int maxSteps) {
        if (!(slope < 0)) {
            throw new IllegalArgumentException("slope must be < 0 (a descent direction), got " + slope);
        }
        if (!(alpha0 > 0) || !Double.isFinite(alpha0)) {
            throw new IllegalArgumentException("alpha0 must be > 0 and finite, got " + alpha0);
        }
        if (!(c1 > 0 && c1 < 1)) {
            throw new IllegalArgumentException("c1 must be in (0, 1), got " + c1);
        }
        if (!(shrink > 0 && shrink < 1)) {
            throw new IllegalArgumentException("shrink must be in (0, 1), got " + shrink);
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps must be >= 1, got " + maxSteps);
        }
        double a = alpha0;
        for (int k = 0; k < maxSteps; k++) {
            double v = phi.applyAsDouble(a);
            if (v <= phi0 + c1 * a * slope) {
                return a;
            }
            a *= shrink;
        }
        return 0;
    }

    /**
     * Golden-section search for the minimiser of a unimodal function on [a, b]: the bracket
     * shrinks by (&radic;5 - 1)/2 per evaluation until it is narrower than {@code tolerance}.
     *
     * @return the midpoint of the final bracket
     * @throws IllegalArgumentException when a &gt; b or the tolerance is not positive
     */
    public static double goldenSection(DoubleUnaryOperator f, double a, double b, double tolerance) {
        if (!(a <= b) || !Double.isFinite(a) || !Double.isFinite(b)) {
            throw new IllegalArgumentException("need finite a <= b, got [" + a + ", " + b + "]");
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance must be > 0, got " + tolerance);
        }
        double lo = a;
        double hi = b;
        double x1 = hi - GOLDEN * (hi - lo);
        double x2 = lo + GOLDEN * (hi - lo);
        double f1 = f.applyAsDouble(x1);
        double f2 = f.applyAsDouble(x2);
        while (hi - lo > tolerance) {
            if (f1 <= f2) {
                hi = x2;
                x2 = x1;
                f2 = f1;
                x1 = hi - GOLDEN * (hi - lo);
                f1 = f.applyAsDouble(x1);
            } else {
                lo = x1;
                x1 = x2;
                f1 = f2;
                x2 = lo + GOLDEN * (hi - lo);
                f2 = f.applyAsDouble(x2);
            }
            if (x1 >= x2) {
                break;
            }
        }
        return 0.5 * (lo + hi);
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
