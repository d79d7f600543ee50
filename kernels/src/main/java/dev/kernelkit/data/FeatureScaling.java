package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Per-feature scaling, fitted on training data only and then applied unchanged to test data
 * (the CLI's {@code --scale none|standard|minmax|log1p-minmax}). Every scaling has the form
 * {@code z_j = (g(x_j) - offset_j) / scale_j} with {@code g} the identity or {@code log1p}:
 *
 * <ul>
 *   <li>{@link #NONE}: offset 0, scale 1 (the data are returned unchanged).</li>
 *   <li>{@link #STANDARD}: offset = mean, scale = population standard deviation (divisor n) of
 *       the training values, so training features get mean 0 and variance 1. A constant feature
 *       (sd 0) gets scale 1, so it becomes 0 on the training data.</li>
 *   <li>{@link #MINMAX}: offset = min, scale = max - min, so training features lie in [0, 1];
 *       a constant feature gets scale 1 (and becomes 0). Test values outside the training range
 *       map outside [0, 1]: nothing is clipped.</li>
 *   <li>{@link #LOG1P_MINMAX}: g = log1p, then min-max on the log1p values, for heavy-tailed
 *       non-negative counts. Values must be greater than -1 (log1p(-1) is -infinity): a value
 *       &le; -1 in fitting or application is an error.</li>
 * </ul>
 *
 * <p>Sparse vectors: an implicit zero counts as a value 0 in the statistics. A sparse input stays
 * sparse exactly when the fitted transform maps 0 to 0 in every feature (all offsets 0, as for
 * min-max on non-negative data whose minimum is 0); otherwise the output is dense. In practice
 * standardisation therefore densifies sparse data.
 */
public enum FeatureScaling {
    /** No scaling. */
    NONE("none"),
    /** Zero mean, unit variance. */
    STANDARD("standard"),
    /** Linear map of the training range to [0, 1]. */
    MINMAX("minmax"),
    /** log1p, then min-max. */
    LOG1P_MINMAX("log1p-minmax");

    private final String cliName;

    FeatureScaling(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on the command line and in model files. */
    public String cliName() {
        return cliName;
    }

    /**
     * The scaling named {@code none}, {@code standard}, {@code minmax} or {@code log1p-minmax}
     * (case-insensitive).
     *
     * @throws IllegalArgumentException for any other name, listing the valid ones
     */
    public static FeatureScaling parse(String name) {
        Objects.requireNonNull(name, "name");
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (FeatureScaling s : values()) {
            if (s.cliName.equals(n)) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "scaling must be one of none|standard|minmax|log1p-minmax, got '" + name + "'");
    }

    /** True for {@link #LOG1P_MINMAX}: features pass through log1p before the affine map. */
    boolean usesLog1p() {
        return this == LOG1P_MINMAX;
    }

    /**
     * Fits the scaling on training vectors (all of one dimension).
     *
     * @throws IllegalArgumentException for an empty list, mixed dimensions, or (log1p) a value &le; -1
     */
    public FittedScaler fit(List<? extends Vec> training) {
        Objects.requireNonNull(training, "training");
        if (training.isEmpty()) {
            throw new IllegalArgumentException("cannot fit a scaler on no vectors");
        }
        int d = training.get(0).dim();
        int n = training.size();
        double[] offset = new double[d];
        double[] scale = new double[d];
        java.util.Arrays.fill(scale, 1.0);
        for (int i = 0; i < n; i++) {
            Vec v = training.get(i);
            if (v.dim() != d) {
                throw new IllegalArgumentException("vector " + i + " has dimension " + v.dim() + ", expected " + d);
            }
        }
        switch (this) {
            case NONE -> {
            }
            case STANDARD -> {
                // two passes (mean, then squared deviations) for accuracy; zeros of sparse vectors
                // contribute (0 - mean)^2 each, added once per feature from the count of stored entries.
                double[] sum = new double[d];
                int[] stored = new int[d];
                for (Vec v : training) {
                    v.forEachStored((j, x) -> {
                        sum[j] += x;
                        stored[j]++;
                    });
                }
                for (int j = 0; j < d; j++) {
                    offset[j] = sum[j] / n;
                }
                double[] ss = new double[d];
                for (Vec v : training) {
                    v.forEachStored((j, x) -> {
                        double t = x - offset[j];
                        ss[j] += t * t;
                    });
                }
                boolean[] extreme = new boolean[d];
                boolean any = false;
                for (int j = 0; j < d; j++) {
                    double var = (ss[j] + (double) (n - stored[j]) * offset[j] * offset[j]) / n;
                    double sd = Math.sqrt(var);
                    scale[j] = sd > 0 ? sd : 1.0;
                    // squares overflow above |x| ~ 1e154 and underflow below deviations of ~ 1e-154
                    extreme[j] = !Double.isFinite(offset[j]) || !Double.isFinite(sd) || sd < TINY_SD;
                    any |= extreme[j];
                }
                if (any) {
                    // Recompute those features' mean and sd scaled by their largest magnitude; every
                    // other feature keeps the numbers of the plain two passes.
                    standardiseExtremes(training, n, stored, extreme, offset, scale);
                }
            }
            case MINMAX, LOG1P_MINMAX -> {
                double[] min = new double[d];
                double[] max = new double[d];
                java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
                java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
                int[] stored = new int[d];
                boolean log = usesLog1p();
                // min and max of the raw values; for log1p-minmax their log1p afterwards: log1p is
                // semi-monotonic (Math's contract), so log1p(min x) is min log1p(x), the same double,
                // at 2 log1p per feature instead of one per value
                for (int i = 0; i < n; i++) {
                    Vec v = training.get(i);
                    if (v instanceof SparseVec sv) {
                        for (int p = 0, k = sv.storedCount(); p < k; p++) {
                            int j = sv.indexAt(p);
                            double x = sv.valueAt(p);
                            if (log && !(x > -1.0)) {
                                throw belowMinusOne(x, j, i);
                            }
                            stored[j]++;
                            if (x < min[j]) {
                                min[j] = x;
                            }
                            if (x > max[j]) {
                                max[j] = x;
                            }
                        }
                    } else {
                        double[] x = v instanceof DenseVec dv ? dv.values() : v.toArray();
                        for (int j = 0; j < d; j++) {
                            double xj = x[j];
                            if (log && !(xj > -1.0)) {
                                throw belowMinusOne(xj, j, i);
                            }
                            if (xj < min[j]) {
                                min[j] = xj;
                            }
                            if (xj > max[j]) {
                                max[j] = xj;
                            }
                        }
                        for (int j = 0; j < d; j++) {
                            stored[j]++;
                        }
                    }
                }
                if (log) {
                    for (int j = 0; j < d; j++) {
                        if (stored[j] > 0) {
                            min[j] = Math.log1p(min[j]);
                            max[j] = Math.log1p(max[j]);
                        }
                    }
                }
                for (int j = 0; j < d; j++) {
                    if (stored[j] < n) { // implicit zeros of sparse vectors; g(0) = 0 for both maps
                        min[j] = Math.min(min[j], 0.0);
                        max[j] = Math.max(max[j], 0.0);
                    }
                    offset[j] = min[j];
                    double range = max[j] - min[j];
                    if (!Double.isFinite(range)) {
                        throw new IllegalArgumentException("feature " + (j + 1) + " spans [" + min[j] + ", " + max[j]
                                + "], a range too large for a double; rescale the feature");
                    }
                    scale[j] = range > 0 ? range : 1.0;
                }
            }
            default -> throw new AssertionError(this);
        }
        return new FittedScaler(this, offset, scale);
    }

    /** Below this standard deviation the plain sums of squares may have underflowed. */
    private static final double TINY_SD = 1e-150;

    /**
     * Mean and standard deviation of the features whose plain sums overflowed or underflowed, computed on the
     * values divided by the feature's largest magnitude m (so every sum stays below n) and scaled
     * back: mean = m mean(x / m), sd = m' sd((x - mean) / m'), m' the largest |x - mean|.
     *
     * @throws IllegalArgumentException when a feature's deviations themselves exceed a double's range
     */
    private static void standardiseExtremes(List<? extends Vec> training, int n, int[] stored, boolean[] redo,
                                            double[] offset, double[] scale) {
        int d = offset.length;
        double[] big = new double[d];
        for (Vec v : training) {
            v.forEachStored((j, x) -> {
                if (redo[j]) {
                    big[j] = Math.max(big[j], Math.abs(x));
                }
            });
        }
        for (int j = 0; j < d; j++) {
            redo[j] &= big[j] > 0; // an all-zero feature keeps offset 0 and scale 1
        }
        double[] sum = new double[d];
        for (Vec v : training) {
            v.forEachStored((j, x) -> {
                if (redo[j]) {
                    sum[j] += x / big[j];
                }
            });
        }
        double[] dev = new double[d];
        for (int j = 0; j < d; j++) {
            if (redo[j]) {
                offset[j] = big[j] * (sum[j] / n);
                dev[j] = stored[j] < n ? Math.abs(offset[j]) : 0.0;
            }
        }
        String tooLarge = "feature %d has deviations from its mean %s beyond a double's range; rescale the feature";
        for (Vec v : training) {
            v.forEachStored((j, x) -> {
                if (redo[j]) {
                    double t = Math.abs(x - offset[j]);
                    if (!Double.isFinite(t)) {
                        throw new IllegalArgumentException(String.format(Locale.ROOT, tooLarge, j + 1, offset[j]));
                    }
                    dev[j] = Math.max(dev[j], t);
                }
            });
        }
        double[] ss = new double[d];
        for (Vec v : training) {
            v.forEachStored((j, x) -> {
                if (redo[j]) {
                    double t = (x - offset[j]) / dev[j];
                    ss[j] += t * t;
                }
            });
        }
        for (int j = 0; j < d; j++) {
            if (redo[j]) {
                double z = dev[j] > 0 ? offset[j] / dev[j] : 0.0;
                double sd = dev[j] * Math.sqrt((ss[j] + (double) (n - stored[j]) * z * z) / n);
                scale[j] = sd > 0 && Double.isFinite(sd) ? sd : 1.0;
            }
        }
    }

    /** Fits on the points of a training set. */
    public FittedScaler fit(LabeledDataset training) {
        return fit(training.points());
    }

    /** Fits on the examples of a data set of vectors or bags (all instances of all bags). */
    public FittedScaler fit(Dataset<?> training) {
        if (training.kind() == InputKind.BAGS) {
            return fit(BagDataset.of(training));
        }
        return fit(LabeledDataset.of(training));
    }

    /** Fits on all instances of all bags of a training set. */
    public FittedScaler fit(BagDataset training) {
        List<Vec> all = new ArrayList<>(training.instanceCount());
        for (Bag b : training.bags()) {
            all.addAll(b.instances());
        }
        return fit(all);
    }

    private static IllegalArgumentException belowMinusOne(double x, int feature, int row) {
        return new IllegalArgumentException("log1p-minmax needs values > -1, got " + x + " in feature " + feature
                + " of training vector " + row);
    }

    static double checkedLog1p(double x, int feature, String where) {
        if (!(x > -1.0)) {
            throw new IllegalArgumentException("log1p-minmax needs values > -1, got " + x + " in feature " + feature
                    + " of " + where);
        }
        return Math.log1p(x);
    }
}
