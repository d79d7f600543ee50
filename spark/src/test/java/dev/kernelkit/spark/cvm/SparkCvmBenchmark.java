package dev.kernelkit.spark.cvm;

import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * BENCHMARKS.md's Spark CVM run (not a test): the 4 x 4 checkerboard of {@code bench cvm} (LibCVM mode,
 * C 1e4, epsilon 1e-7, gamma 0.378 on [0, 4]^2, i.e. 6.048 on [0, 1]^2), one machine against
 * {@link SparkCoreVectorMachine} on a master, same data and seed; prints both wall times (session
 * start apart), whether the core sets are equal, the Spark cost, and test accuracy on 10^4 points.
 * Arguments: n, master, lookahead rounds (default 32), partitions (default 2), and {@code cached} to generate and
 * cache the input rows before the timed fit (as the one-machine fit gets its points in memory).
 */
public final class SparkCvmBenchmark {
    private SparkCvmBenchmark() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        String master = args.length > 1 ? args[1] : "local[2]";
        int lookahead = args.length > 2 ? Integer.parseInt(args[2]) : 32;
        int partitions = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        boolean cacheInput = args.length > 4 && args[4].equals("cached");
        LabeledDataset d = SyntheticData.checkerboard(n, 4, 1);
        LabeledDataset test = SyntheticData.checkerboard(10_000, 4, 2);
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(0.378 * 16), 1e4, 1e-7).withSeed(1);
        // a first one-machine fit warms the JIT for the shared solver code, so that neither side runs it cold
        CoreVectorMachine.fit(d, o);
        long t0 = System.nanoTime();
        long c0 = processCpuNanos();
        CvmModel local = CoreVectorMachine.fit(d, o);
        double localSeconds = (System.nanoTime() - t0) * 1e-9;
        double localCpu = (processCpuNanos() - c0) * 1e-9;
        t0 = System.nanoTime();
        SparkSession spark = SparkSession.builder().master(master).appName("spark-cvm-benchmark")
                .config("spark.ui.enabled", "false").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        double sessionSeconds = (System.nanoTime() - t0) * 1e-9;
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        // generated on the executors (each partition regenerates the seeded set and keeps its slice), so
        // that tasks carry partition numbers, not the data, as for a file
        List<Integer> parts = new ArrayList<>();
        for (int q = 0; q < partitions; q++) {
            parts.add(q);
        }
        int p = partitions;
        JavaRDD<LabeledRow> rdd = sc.parallelize(parts, partitions).flatMap(q -> {
            LabeledDataset all = SyntheticData.checkerboard(n, 4, 1);
            double[] labels = all.labels();
            List<LabeledRow> slice = new ArrayList<>();
            for (int i = (int) ((long) n * q / p); i < (int) ((long) n * (q + 1) / p); i++) {
                slice.add(LabeledRow.of(labels[i], all.x(i)));
            }
            return slice.iterator();
        });
        t0 = System.nanoTime();
        if (cacheInput) {
            rdd = rdd.persist(org.apache.spark.storage.StorageLevel.MEMORY_ONLY());
        }
        long count = rdd.count();
        double firstJobSeconds = (System.nanoTime() - t0) * 1e-9;
        System.out.printf(Locale.ROOT, "first job (%d points generated and counted, %s): %.2f s%n", count,
                cacheInput ? "cached: the fit reads them from memory" : "not cached: the fit generates them again",
                firstJobSeconds);
        t0 = System.nanoTime();
        c0 = processCpuNanos();
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(rdd, o,
                SparkCoreVectorMachine.Settings.defaults().withLookahead(lookahead));
        double sparkSeconds = (System.nanoTime() - t0) * 1e-9;
        double sparkCpu = (processCpuNanos() - c0) * 1e-9;
        boolean same = Arrays.equals(local.machines().get(0).coreIndices(), fit.model().machines().get(0).coreIndices())
                && Arrays.equals(local.machines().get(0).alpha(), fit.model().machines().get(0).alpha());
        System.out.printf(Locale.ROOT, "n %d master %s lookahead %d: one machine %.2f s, spark %.2f s (%.2fx; session "
                        + "start %.2f s apart), core set %d, same core set and weights %b, accuracy %.2f%% / %.2f%%%n"
                        + "cost: %s%nprocess CPU: one machine %.2f s, spark %.2f s (%.2fx)%n", n, master, lookahead, localSeconds,
                sparkSeconds, sparkSeconds / localSeconds,
                sessionSeconds, local.machines().get(0).coreSize(), same, 100 * accuracy(local, test),
                100 * accuracy(fit.model(), test), fit.cost(), localCpu, sparkCpu, sparkCpu / localCpu);
        spark.stop();
    }

    /** This JVM's CPU time (all threads; the executors of local[*] included). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double accuracy(CvmModel m, LabeledDataset t) {
        double[] p = m.predictLabels(t.points());
        double[] labels = t.labels();
        int ok = 0;
        for (int i = 0; i < p.length; i++) {
            ok += p[i] == labels[i] ? 1 : 0;
        }
        return ok / (double) p.length;
    }
}
