package dev.kernelkit.spark.cvm;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Vec;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * The {@code --scale} scaler of {@code cvm train} fitted by passes over rows in Spark partitions, equal to
 * {@link FeatureScaling#fit} on the same dense points in the same order, to the bit; and its application on the
 * executors. min-max and log1p-min-max: per partition the minimum and maximum of every feature (the first of equal
 * values kept, as the one-machine loop keeps it), folded on the driver in partition order; one pass. standard: the
 * one-machine sums are sequential, so the sum of every feature runs through the partitions in order, one
 * single-partition job each, carrying the running sums (the mean), then again for the squared deviations: two
 * chains of one job per partition, each moving d doubles (four more when a feature needs the one-machine fit's
 * rescaled recomputation, e.g. a constant one). The driver holds d doubles per partition, never a row.
 */
public final class SparkScaling {
    private SparkScaling() {
    }

    /** One partition's minima and maxima, its count and its first value not above -1 (log1p), if any. */
    private record Extremes(long count, double[] min, double[] max, long badRow, int badFeature, double badValue)
            implements Serializable {
    }

    /**
     * Fits the scaling on dense rows of dimension {@code dim}.
     *
     * @throws IllegalArgumentException as {@link FeatureScaling#fit} (naming the training vector by its global
     *         index)
     */
    public static FittedScaler fit(FeatureScaling kind, JavaRDD<LabeledRow> rows, int dim) {
        return switch (kind) {
            case NONE -> FittedScaler.of(kind, new double[dim], ones(dim));
            case MINMAX, LOG1P_MINMAX -> minMax(kind, rows, dim);
            case STANDARD -> standard(rows, dim);
        };
    }

    private static double[] ones(int dim) {
        double[] s = new double[dim];
        Arrays.fill(s, 1.0);
        return s;
    }

    private static FittedScaler minMax(FeatureScaling kind, JavaRDD<LabeledRow> rows, int dim) {
        boolean log = kind == FeatureScaling.LOG1P_MINMAX;
        List<Extremes> parts = rows.mapPartitions(it -> {
            double[] min = new double[dim];
            double[] max = new double[dim];
            Arrays.fill(min, Double.POSITIVE_INFINITY);
            Arrays.fill(max, Double.NEGATIVE_INFINITY);
            long count = 0;
            while (it.hasNext()) {
                double[] x = it.next().values();
                for (int j = 0; j < dim; j++) {
                    double xj = x[j];
                    if (log && !(xj > -1.0)) {
                        return List.of(new Extremes(count, min, max, count, j, xj)).iterator();
                    }
                    if (xj < min[j]) {
                        min[j] = xj;
                    }
                    if (xj > max[j]) {
                        max[j] = xj;
                    }
                }
                count++;
            }
            return List.of(new Extremes(count, min, max, -1, -1, 0.0)).iterator();
        }).collect();
        double[] min = new double[dim];
        double[] max = new double[dim];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        long before = 0;
        long n = 0;
        for (Extremes e : parts) {
            if (e.badRow() >= 0) {
                throw new IllegalArgumentException("log1p-minmax needs values > -1, got " + e.badValue()
                        + " in feature " + e.badFeature() + " of training vector " + (before + e.badRow()));
            }
            before += e.count();
            n += e.count();
            if (e.count() == 0) {
                continue;
            }
            for (int j = 0; j < dim; j++) {
                if (e.min()[j] < min[j]) {
                    min[j] = e.min()[j];
                }
                if (e.max()[j] > max[j]) {
                    max[j] = e.max()[j];
                }
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("cannot fit a scaler on no vectors");
        }
        double[] offset = new double[dim];
        double[] scale = new double[dim];
        for (int j = 0; j < dim; j++) {
            if (log) {
                min[j] = Math.log1p(min[j]);
                max[j] = Math.log1p(max[j]);
            }
            offset[j] = min[j];
            double range = max[j] - min[j];
            if (!Double.isFinite(range)) {
                throw new IllegalArgumentException("feature " + (j + 1) + " spans [" + min[j] + ", " + max[j]
                        + "], a range too large for a double; rescale the feature");
            }
            scale[j] = range > 0 ? range : 1.0;
        }
        return FittedScaler.of(kind, offset, scale);
    }

    /** Below this standard deviation the one-machine fit recomputes a feature ({@code FeatureScaling}'s TINY_SD). */
    private static final double TINY_SD = 1e-150;

    /** Adds one row's values x to the accumulator acc (a fold run in input order). */
    @FunctionalInterface
    private interface RowFold extends Serializable {
        void add(double[] acc, double[] x);
    }

    /**
     * The fold of every row in input order from {@code init}: one single-partition job per partition, in order,
     * each starting from the accumulator the previous one returned (d doubles each way).
     */
    private static double[] chain(JavaRDD<LabeledRow> rows, double[] init, RowFold fold) {
        double[] acc = init.clone();
        for (int q = 0; q < rows.getNumPartitions(); q++) {
            double[] start = acc;
            List<double[]>[] out = rows.mapPartitions(it -> {
                double[] a = start.clone();
                while (it.hasNext()) {
                    fold.add(a, it.next().values());
                }
                return List.of(a).iterator();
            }).collectPartitions(new int[] {q});
            acc = out[0].get(0);
        }
        return acc;
    }

    /**
     * Mean, then standard deviation, by the one-machine arithmetic: chains of single-partition jobs carrying the
     * running sums; the features whose plain sums may have overflowed or underflowed (among them the constant
     * ones) recomputed as {@code FeatureScaling} recomputes them, scaled by their largest magnitude.
     */
    private static FittedScaler standard(JavaRDD<LabeledRow> rows, int dim) {
        long n = rows.count();
        if (n == 0) {
            throw new IllegalArgumentException("cannot fit a scaler on no vectors");
        }
        double[] sum = chain(rows, new double[dim], (a, x) -> {
            for (int j = 0; j < a.length; j++) {
                a[j] += x[j];
            }
        });
        double[] offset = new double[dim];
        for (int j = 0; j < dim; j++) {
            offset[j] = sum[j] / n;
        }
        double[] mean = offset.clone();
        double[] ss = chain(rows, new double[dim], (a, x) -> {
            for (int j = 0; j < a.length; j++) {
                double t = x[j] - mean[j];
                a[j] += t * t;
            }
        });
        double[] scale = new double[dim];
        boolean[] redo = new boolean[dim];
        boolean any = false;
        for (int j = 0; j < dim; j++) {
            // every feature is stored in every dense row: the one-machine term of implicit zeros is (n - n) m^2
            double var = (ss[j] + (double) (n - n) * offset[j] * offset[j]) / n;
            double sd = Math.sqrt(var);
            scale[j] = sd > 0 ? sd : 1.0;
            redo[j] = !Double.isFinite(offset[j]) || !Double.isFinite(sd) || sd < TINY_SD;
            any |= redo[j];
        }
        if (any) {
            standardiseExtremes(rows, n, redo, offset, scale);
        }
        return FittedScaler.of(FeatureScaling.STANDARD, offset, scale);
    }

    /** {@code FeatureScaling.standardiseExtremes} on dense rows: four more chains over the rows. */
    private static void standardiseExtremes(JavaRDD<LabeledRow> rows, long n, boolean[] redoIn, double[] offset,
                                            double[] scale) {
        int d = offset.length;
        boolean[] redo = redoIn.clone();
        double[] big = chain(rows, new double[d], (a, x) -> {
            for (int j = 0; j < a.length; j++) {
                if (redo[j]) {
                    a[j] = Math.max(a[j], Math.abs(x[j]));
                }
            }
        });
        for (int j = 0; j < d; j++) {
            redo[j] &= big[j] > 0; // an all-zero feature keeps offset 0 and scale 1
        }
        double[] sum = chain(rows, new double[d], (a, x) -> {
            for (int j = 0; j < a.length; j++) {
                if (redo[j]) {
                    a[j] += x[j] / big[j];
                }
            }
        });
        for (int j = 0; j < d; j++) {
            if (redo[j]) {
                offset[j] = big[j] * (sum[j] / n);
            }
        }
        double[] centre = offset.clone();
        // a deviation beyond a double's range marks the feature with an infinite deviation
        double[] dev = chain(rows, new double[d], (a, x) -> {
            for (int j = 0; j < a.length; j++) {
                if (redo[j]) {
                    double t = Math.abs(x[j] - centre[j]);
                    a[j] = Double.isFinite(t) ? Math.max(a[j], t) : Double.POSITIVE_INFINITY;
                }
            }
        });
        for (int j = 0; j < d; j++) {
            if (redo[j] && !Double.isFinite(dev[j])) {
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "feature %d has deviations "
                        + "from its mean %s beyond a double's range; rescale the feature", j + 1, offset[j]));
            }
        }
        double[] ss = chain(rows, new double[d], (a, x) -> {
            for (int j = 0; j < a.length; j++) {
                if (redo[j]) {
                    double t = (x[j] - centre[j]) / dev[j];
                    a[j] += t * t;
                }
            }
        });
        for (int j = 0; j < d; j++) {
            if (redo[j]) {
                double z = dev[j] > 0 ? offset[j] / dev[j] : 0.0;
                double sd = dev[j] * Math.sqrt((ss[j] + (double) (n - n) * z * z) / n);
                scale[j] = sd > 0 && Double.isFinite(sd) ? sd : 1.0;
            }
        }
    }

    /** The rows scaled on the executors (each partition rebuilds the scaler from its numbers). */
    public static JavaRDD<LabeledRow> apply(FittedScaler scaler, JavaRDD<LabeledRow> rows) {
        if (scaler.kind() == FeatureScaling.NONE) {
            return rows;
        }
        FeatureScaling kind = scaler.kind();
        double[] offsets = scaler.offsets();
        double[] scales = scaler.scales();
        return rows.mapPartitions(it -> {
            FittedScaler s = FittedScaler.of(kind, offsets, scales);
            List<LabeledRow> out = new ArrayList<>();
            while (it.hasNext()) {
                LabeledRow r = it.next();
                Vec v = s.apply(r.vec());
                out.add(LabeledRow.of(r.label(), v));
            }
            return out.iterator();
        }, true);
    }
}
