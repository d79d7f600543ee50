package dev.kernelkit.spark.cvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.spark.LocalClusterSpark;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link SparkCoreVectorMachine} on {@code local-cluster[2,1,1024]}: two executor JVMs of 1 GB started
 * from the Maven-resolved jars ({@link LocalClusterSpark}), the driver in this fork at -Xmx256m. The data
 * is generated on the executors (each partition its slice), so tasks carry partition numbers and the points
 * exist only there.
 */
class SparkCvmLocalClusterTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() throws IOException {
        spark = LocalClusterSpark.start("kernelkit-spark-local-cluster");
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** The seeded checkerboard of n points, partition q of p generating its slice of the one-machine set. */
    private static JavaRDD<LabeledRow> checkerboardSlices(int n, long seed, int p) {
        List<Integer> parts = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            parts.add(q);
        }
        return JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(parts, p).flatMap(q -> {
            LabeledDataset all = SyntheticData.checkerboard(n, 4, seed);
            double[] labels = all.labels();
            List<LabeledRow> slice = new ArrayList<>();
            for (int i = (int) ((long) n * q / p); i < (int) ((long) n * (q + 1) / p); i++) {
                slice.add(LabeledRow.of(labels[i], all.x(i)));
            }
            return slice.iterator();
        });
    }

    /**
     * Checkerboard point i (4 x 4 cells on the first two coordinates of [0, 1]^2) padded with {@code pad} zero
     * coordinates, drawn from its own seeded stream: the same points however the indices are split.
     */
    private static LabeledRow paddedCheckerboardPoint(long i, long seed, int pad) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        double[] x = new double[2 + pad];
        x[0] = r.nextDouble();
        x[1] = r.nextDouble();
        return new LabeledRow(SyntheticData.checkerboardLabel(x[0], x[1], 4), x.length, null, x);
    }

    @Test
    void aDriverAtTwoHundredFiftySixMegabytesTrainsOnTwoMillionPointsOfFiveHundredMegabytesHeldOnlyByTheExecutors() {
        // 2,000,000 points of 32 doubles: 512 MB of coordinates alone, about twice this driver's whole heap (-Xmx256m,
        // the local-cluster surefire execution); generated on the executors, 4 partitions, never collected
        int n = 2_000_000;
        int pad = 30;
        int p = 4;
        assertThat(Runtime.getRuntime().maxMemory()).as("the driver's heap").isLessThan((long) n * (2 + pad) * 8);
        List<Integer> parts = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            parts.add(q);
        }
        JavaRDD<LabeledRow> rows = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(parts, p)
                .flatMap(q -> {
                    List<LabeledRow> slice = new ArrayList<>();
                    for (long i = (long) n * q / p; i < (long) n * (q + 1) / p; i++) {
                        slice.add(paddedCheckerboardPoint(i, 5, pad));
                    }
                    return slice.iterator();
                });
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(0.378 * 16), 1e4, 1e-6).withSeed(3);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(rows, o, SparkCoreVectorMachine.Settings.defaults());
        assertThat(fit.cost().points()).isEqualTo(n);
        // the driver fetched a few rounds' candidates, not the data
        assertThat(fit.cost().fetched()).isLessThan(n / 10);
        int correct = 0;
        int m = 5000;
        for (int i = 0; i < m; i++) {
            LabeledRow t = paddedCheckerboardPoint(n + i, 5, pad);
            correct += fit.model().predictLabel(t.vec()) == t.label() ? 1 : 0;
        }
        assertThat((double) correct / m).as("test accuracy on 5,000 further points").isGreaterThan(0.97);
    }

    @Test
    void twoExecutorJvmsGiveTheOneMachineCoreSetAndCoefficients() {
        LabeledDataset d = SyntheticData.checkerboard(3000, 4, 21);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(6.0), 100, 1e-5).withSeed(9);
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(checkerboardSlices(3000, 21, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        CvmModel spark = fit.model();
        assertThat(spark.machines().get(0).coreIndices()).containsExactly(local.machines().get(0).coreIndices());
        assertThat(spark.machines().get(0).alpha()).containsExactly(local.machines().get(0).alpha());
        assertThat(spark.machines().get(0).expansion().coefficients())
                .containsExactly(local.machines().get(0).expansion().coefficients());
        assertThat(spark.machines().get(0).bias()).isEqualTo(local.machines().get(0).bias());
        assertThat(fit.cost().fullScans()).isGreaterThanOrEqualTo(1);
    }
}
