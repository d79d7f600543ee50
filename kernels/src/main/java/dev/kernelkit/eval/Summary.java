package dev.kernelkit.eval;

/**
 * Mean and sample standard deviation of n values: mean = &Sigma;x/n,
 * sd = sqrt(&Sigma;(x - mean)^2 / (n - 1)) (two-pass), and sd = 0 when n = 1.
 *
 * @param mean the mean
 * @param sd the sample standard deviation (n - 1 in the denominator)
 * @param n the number of values, &ge; 1
 */
public record Summary(double mean, double sd, int n) {

    /** @throws IllegalArgumentException when n &lt; 1 or sd is negative */
    public Summary {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        if (sd < 0) {
            throw new IllegalArgumentException("sd must be >= 0, got " + sd);
        }
    }

    /**
     * Summarises the values.
     *
     * @throws IllegalArgumentException when there are no values or one is NaN
     */
    public static Summary of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("need at least one value to summarise, got 0");
        }
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            if (Double.isNaN(values[i])) {
                throw new IllegalArgumentException("value " + i + " is NaN");
            }
            sum += values[i];
        }
        double mean = sum / values.length;
        if (values.length == 1) {
            return new Summary(mean, 0.0, 1);
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return new Summary(mean, Math.sqrt(ss / (values.length - 1)), values.length);
    }

    /** "mean ± sd" with four decimals, e.g. "0.8500 ± 0.0212". */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%.4f \u00b1 %.4f", mean, sd);
    }
}
