package dev.kernelkit.kernel;

import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The triangular global alignment kernel (Cuturi, Vert, Birkenes &amp; Matsui, ICASSP 2007;
 * Cuturi, "Fast global alignment kernels", ICML 2011) between two multivariate time series, in
 * the normalised form
 *
 * <pre>
 *   k(x, y) = exp( log G(x, y) − ½ log G(x, x) − ½ log G(y, y) ),
 *   G(x, y) = Σ over alignments π of Π_{(i,j) ∈ π} κ(i, j),
 *   κ(i, j) = w_ij·e^{−‖x_i − y_j‖²/(2σ²)} / (2 − w_ij·e^{−‖x_i − y_j‖²/(2σ²)}),
 *   w_ij   = 1 − |i − j|/T  for |i − j| &lt; T, else 0      (T = 0: w_ij = 1, no band),
 * </pre>
 *
 * where an alignment is a monotone path from (1, 1) to (|x|, |y|) with steps (1,0), (0,1),
 * (1,1). G is computed by the dynamic programme M(i, j) = κ(i, j)·(M(i−1, j) + M(i, j−1) +
 * M(i−1, j−1)), M(0, 0) = 1, in log space (Cuturi's {@code logGAK}). The local kernel κ = k/(2−k)
 * of a Gaussian k keeps G positive definite (ICML 2011, Theorem 1); the normalisation makes
 * k(x, x) = 1 and keeps it PSD. Differences from Cuturi's C code: the band weight uses real
 * division (the C code divides integers).
 *
 * <p>A series is a {@link Vec} of length L·dim, frame after frame (frame t is entries
 * t·dim … t·dim + dim − 1); the two series may have different lengths. When T &gt; 0 and the
 * lengths differ by T or more no alignment exists and k = 0. Cost O(|x|·|y|·dim) per
 * evaluation (O(|x|·T·dim) with a band).
 *
 * @param sigma      σ, bandwidth of the Gaussian local kernel (&gt; 0)
 * @param triangular T, half-width of the band of admissible alignments (0 = no band)
 * @param dim        values per frame (channels), ≥ 1
 */
public record GlobalAlignmentKernel(double sigma, int triangular, int dim) implements Kernel<Vec> {

    /** @throws IllegalArgumentException for σ ≤ 0, T &lt; 0 or dim &lt; 1 */
    public GlobalAlignmentKernel {
        Checks.positiveFinite("sigma", sigma);
        if (triangular < 0) {
            throw new IllegalArgumentException("triangular must be >= 0, got " + triangular);
        }
        if (dim < 1) {
            throw new IllegalArgumentException("dim must be >= 1, got " + dim);
        }
    }

    /**
     * Our default parameters [our choice, following Cuturi's advice for the bandwidth]: σ = the
     * median distance between frames of different series (over at most 2,000 random frame pairs,
     * seeded) times √(median series length); T = 0 (no band). A median of 0 (constant data) gives
     * σ = 1.
     *
     * @throws IllegalArgumentException for fewer than 2 series or a series whose length is not a multiple of dim
     */
    public static GlobalAlignmentKernel withDefaults(List<? extends Vec> series, int dim, long seed) {
        if (series == null || series.size() < 2) {
            throw new IllegalArgumentException("need at least 2 series for the default bandwidth, got "
                    + (series == null ? 0 : series.size()));
        }
        if (dim < 1) {
            throw new IllegalArgumentException("dim must be >= 1, got " + dim);
        }
        int[] len = new int[series.size()];
        for (int s = 0; s < len.length; s++) {
            len[s] = frames(series.get(s), dim, "series " + s);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Double> d = new ArrayList<>();
        for (int r = 0; r < 2000; r++) {
            int a = rnd.nextInt(len.length);
            int b = rnd.nextInt(len.length - 1);
            if (b >= a) {
                b++;
            }
            int ia = rnd.nextInt(len[a]);
            int ib = rnd.nextInt(len[b]);
            double sq = 0;
            for (int c = 0; c < dim; c++) {
                double v = series.get(a).get(ia * dim + c) - series.get(b).get(ib * dim + c);
                sq += v * v;
            }
            d.add(Math.sqrt(sq));
        }
        double med = median(d.stream().mapToDouble(Double::doubleValue).toArray());
        double medLen = median(Arrays.stream(len).asDoubleStream().toArray());
        double sigma = med > 0 ? med * Math.sqrt(medLen) : 1.0;
        return new GlobalAlignmentKernel(sigma, 0, dim);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    private static int frames(Vec x, int dim, String name) {
        int d = x.dim();
        if (d == 0 || d % dim != 0) {
            throw new IllegalArgumentException(name + " has " + d + " values, expected a positive multiple of dim "
                    + dim);
        }
        return d / dim;
    }

    /** The normalised kernel value in [0, 1]; 1 for identical series. */
    @Override
    public double apply(Vec x, Vec y) {
        double lxy = logValue(x, y);
        if (lxy == Double.NEGATIVE_INFINITY) {
            return 0.0;
        }
        return Math.exp(lxy - 0.5 * logValue(x, x) - 0.5 * logValue(y, y));
    }

    /** log G(x, y), the unnormalised kernel in log space (−∞ when no alignment is admissible). */
    public double logValue(Vec x, Vec y) {
        int nx = frames(x, dim, "x");
        int ny = frames(y, dim, "y");
        if (triangular > 0 && Math.abs(nx - ny) >= triangular) {
            return Double.NEGATIVE_INFINITY;
        }
        double[] xa = new double[nx * dim];
        double[] ya = new double[ny * dim];
        for (int i = 0; i < xa.length; i++) {
            xa[i] = x.get(i);
        }
        for (int i = 0; i < ya.length; i++) {
            ya[i] = y.get(i);
        }
        double inv = 1.0 / (2 * sigma * sigma);
        double[] prev = new double[ny + 1];
        double[] cur = new double[ny + 1];
        Arrays.fill(prev, Double.NEGATIVE_INFINITY);
        prev[0] = 0.0;
        for (int i = 1; i <= nx; i++) {
            cur[0] = Double.NEGATIVE_INFINITY;
            for (int j = 1; j <= ny; j++) {
                int gap = Math.abs(i - j);
                if (triangular > 0 && gap >= triangular) {
                    cur[j] = Double.NEGATIVE_INFINITY;
                    continue;
                }
                double sq = 0;
                for (int c = 0; c < dim; c++) {
                    double v = xa[(i - 1) * dim + c] - ya[(j - 1) * dim + c];
                    sq += v * v;
                }
                double logK = -sq * inv + (triangular > 0 ? Math.log(1.0 - (double) gap / triangular) : 0.0);
                double local = logK - Math.log(2.0 - Math.exp(logK));
                cur[j] = logSum3(prev[j], cur[j - 1], prev[j - 1]) + local;
            }
            double[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[ny];
    }

    private static double logSum3(double a, double b, double c) {
        double m = Math.max(a, Math.max(b, c));
        if (m == Double.NEGATIVE_INFINITY) {
            return m;
        }
        return m + Math.log(Math.exp(a - m) + Math.exp(b - m) + Math.exp(c - m));
    }
}
