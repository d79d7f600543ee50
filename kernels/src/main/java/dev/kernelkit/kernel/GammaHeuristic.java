package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * The default Gaussian width of a training set, scikit-learn's {@code gamma = "scale"}:
 * g0 = 1 / (d * mean per-feature variance) of the (already scaled) training points, or 1/d when
 * they have no variance; and the grid g0 * {1/16, 1/4, 1, 4, 16} rounded to 4 significant digits
 * (so printed and stored kernels are short), which the command line's inner grid search uses.
 */
public final class GammaHeuristic {
    /** The factors of g0 in the default grid. */
    public static final List<Double> GRID_FACTORS = List.of(1.0 / 16, 0.25, 1.0, 4.0, 16.0);

    private GammaHeuristic() {
    }

    /**
     * g0 = 1 / (d * mean per-feature population variance), or 1/d when the variance is 0.
     *
     * @throws IllegalArgumentException for no points or dimension 0
     */
    public static double scale(List<? extends Vec> points) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("need at least one point for the default gamma");
        }
        int d = points.get(0).dim();
        if (d == 0) {
            throw new IllegalArgumentException("need at least one feature for the default gamma");
        }
        int n = points.size();
        double[] mean = new double[d];
        double[] sq = new double[d];
        for (Vec v : points) {
            v.forEachStored((j, x) -> {
                mean[j] += x;
                sq[j] += x * x;
            });
        }
        double var = 0;
        for (int j = 0; j < d; j++) {
            double m = mean[j] / n;
            var += Math.max(sq[j] / n - m * m, 0);
        }
        var /= d;
        return var > 0 ? 1.0 / (d * var) : 1.0 / d;
    }

    /** g0 * each of {@link #GRID_FACTORS}, rounded to 4 significant digits, ascending. */
    public static double[] grid(List<? extends Vec> points) {
        double g0 = scale(points);
        double[] out = new double[GRID_FACTORS.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = roundTo4Digits(g0 * GRID_FACTORS.get(i));
        }
        return out;
    }

    /** v rounded to 4 significant digits (e.g. 0.019230769 to 0.01923). */
    public static double roundTo4Digits(double v) {
        return new BigDecimal(v).round(new MathContext(4)).doubleValue();
    }
}
