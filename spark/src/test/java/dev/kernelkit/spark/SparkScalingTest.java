package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.spark.cvm.LabeledRow;
import dev.kernelkit.spark.cvm.SparkScaling;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * {@link SparkScaling} against the one-machine {@link FeatureScaling#fit} on the same dense points in the same
 * order: the same offsets and scales to the bit for min-max, log1p-min-max and standard (with a constant feature
 * of a non-representable value, a feature of huge values, whose squares overflow so that the one-machine fit
 * recomputes it scaled by its magnitude, and equal values of both signs of zero), over 1 to 5 partitions; the rows scaled on the executors are the
 * one-machine scaled points.
 */
class SparkScalingTest {
    private static JavaSparkContext sc() {
        return JavaSparkContext.fromSparkContext(SharedSpark.session().sparkContext());
    }

    /** 700 seeded points of 5 features: uniform, Gaussian-ish, constant 0.1, huge (1e200 scale), +-0 and 1. */
    private static LabeledDataset points(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[700];
        for (int i = 0; i < y.length; i++) {
            double zero = r.nextBoolean() ? 0.0 : -0.0;
            x.add(DenseVec.of(new double[] {r.nextDouble() * 3, r.nextDouble() + r.nextDouble() - 1, 0.1,
                    r.nextDouble() * 1e200, r.nextInt(5) == 0 ? 1.0 : zero}));
            y[i] = r.nextBoolean() ? 1 : -1;
        }
        return new LabeledDataset(x, y);
    }

    private static JavaRDD<LabeledRow> rows(LabeledDataset d, int partitions) {
        List<LabeledRow> rows = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            rows.add(LabeledRow.of(d.y(i), d.x(i)));
        }
        return sc().parallelize(rows, partitions);
    }

    @Test
    void everyScalingFittedOnPartitionsEqualsTheOneMachineScalerToTheBit() {
        LabeledDataset d = points(3);
        for (FeatureScaling kind : FeatureScaling.values()) {
            FittedScaler local = kind.fit(d);
            for (int partitions : new int[] {1, 2, 5}) {
                FittedScaler spark = SparkScaling.fit(kind, rows(d, partitions), d.dim());
                assertThat(spark.kind()).isEqualTo(kind);
                assertThat(spark.offsets()).as(kind + " on " + partitions).containsExactly(local.offsets());
                assertThat(spark.scales()).as(kind + " on " + partitions).containsExactly(local.scales());
            }
        }
        // the huge feature went through the recomputation (its plain sum of squares overflows): a finite scale
        double hugeScale = FeatureScaling.STANDARD.fit(d).scales()[3];
        assertThat(hugeScale).isGreaterThan(1e199).isFinite();
    }

    @Test
    void rowsScaledOnTheExecutorsAreTheOneMachineScaledPoints() {
        LabeledDataset d = points(4);
        FittedScaler scaler = FeatureScaling.STANDARD.fit(d);
        List<LabeledRow> scaled = SparkScaling.apply(scaler, rows(d, 3)).collect();
        assertThat(scaled).hasSize(d.size());
        for (int i = 0; i < d.size(); i++) {
            assertThat(scaled.get(i).label()).isEqualTo(d.y(i));
            assertThat(scaled.get(i).values()).containsExactly(scaler.apply(d.x(i)).toArray());
        }
    }

    @Test
    void log1pOfAValueNotAboveMinusOneIsTheOneMachineErrorNamingTheTrainingVector() {
        List<Vec> x = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            x.add(DenseVec.of(new double[] {i, i == 17 ? -1.5 : 0.5}));
        }
        LabeledDataset d = new LabeledDataset(x, new double[30]);
        String message = "log1p-minmax needs values > -1, got -1.5 in feature 1 of training vector 17";
        assertThatThrownBy(() -> FeatureScaling.LOG1P_MINMAX.fit(d)).hasMessage(message);
        assertThatThrownBy(() -> SparkScaling.fit(FeatureScaling.LOG1P_MINMAX, rows(d, 3), 2)).hasMessage(message);
    }
}
