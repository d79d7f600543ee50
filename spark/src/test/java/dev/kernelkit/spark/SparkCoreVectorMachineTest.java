package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.cvm.BallVectorMachine;
import dev.kernelkit.cvm.CoreSetOptions;
import dev.kernelkit.cvm.CoreVectorMachine;
import dev.kernelkit.cvm.CvmMachine;
import dev.kernelkit.cvm.CvmModel;
import dev.kernelkit.cvm.CvmOptions;
import dev.kernelkit.cvm.OneClassCvm;
import dev.kernelkit.cvm.OneClassCvmModel;
import dev.kernelkit.cvm.OneClassCvmOptions;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.SparseVec;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.kernel.PolynomialKernel;
import dev.kernelkit.spark.cvm.LabeledRow;
import dev.kernelkit.spark.cvm.SparkCoreVectorMachine;
import dev.kernelkit.spark.cvm.SparkLibsvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core vector machine on Spark ({@link SparkCoreVectorMachine}) against the one-machine
 * {@link CoreVectorMachine} on the same points, order, options and seed: the same core set (global
 * indices), weights, coefficients and bias, bit for bit; the model file it writes reads back and
 * predicts as the one-machine model; the same for the ball vector machine and the one-class CVM's ball; a task failing once changes nothing; a bad input line is one
 * error naming file and line.
 */
class SparkCoreVectorMachineTest {
    /** Failures injected so far in this JVM (the executors of local[2] run here). */
    private static final AtomicInteger INJECTED = new AtomicInteger();

    private static JavaSparkContext sc() {
        return JavaSparkContext.fromSparkContext(SharedSpark.session().sparkContext());
    }

    private static JavaRDD<LabeledRow> rows(LabeledDataset d, int partitions) {
        List<LabeledRow> rows = new ArrayList<>();
        double[] labels = d.labels();
        for (int i = 0; i < d.size(); i++) {
            rows.add(LabeledRow.of(labels[i], d.x(i)));
        }
        return sc().parallelize(rows, partitions);
    }

    /** Core indices, weights, expansion coefficients, bias and radius equal, exactly. */
    private static void assertSameMachine(CvmModel spark, CvmModel local) {
        assertThat(spark.machines()).hasSize(1);
        CvmMachine<Vec> a = spark.machines().get(0);
        CvmMachine<Vec> b = local.machines().get(0);
        assertThat(a.coreIndices()).containsExactly(b.coreIndices());
        assertThat(a.alpha()).containsExactly(b.alpha());
        assertThat(a.expansion().coefficients()).containsExactly(b.expansion().coefficients());
        assertThat(a.bias()).isEqualTo(b.bias());
        assertThat(a.radius2()).isEqualTo(b.radius2());
        assertThat(a.iterations()).isEqualTo(b.iterations());
        assertThat(spark.classes()).containsExactly(local.classes());
    }

    @Test
    void checkerboardJmlrModeGivesTheOneMachineCoreSetAndCoefficients() {
        LabeledDataset d = SyntheticData.checkerboard(3000, 4, 5);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(6.0), 100, 1e-5).withSeed(7);
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachine(fit.model(), local);
        assertThat(local.machines().get(0).coreSize()).isGreaterThan(20);
        // the final exact check ran on the executors over every point
        assertThat(fit.cost().fullScans()).isGreaterThanOrEqualTo(1);
        assertThat(fit.cost().scanned()).isGreaterThanOrEqualTo(d.size());
        assertThat(fit.cost().points()).isEqualTo(d.size());
    }

    @Test
    void forecastCandidatesFetchedAheadSaveJobsAndChangeNothing() {
        LabeledDataset d = SyntheticData.checkerboard(3000, 4, 6);
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(6.0), 1e4, 1e-6).withSeed(4);
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit none = SparkCoreVectorMachine.fit(rows(d, 2), o,
                SparkCoreVectorMachine.Settings.defaults().withLookahead(0));
        SparkCoreVectorMachine.Fit ahead = SparkCoreVectorMachine.fit(rows(d, 2), o,
                SparkCoreVectorMachine.Settings.defaults().withLookahead(32));
        assertSameMachine(none.model(), local);
        assertSameMachine(ahead.model(), local);
        assertThat(ahead.cost().rounds()).isEqualTo(none.cost().rounds());
        // without a forecast nearly every round is a fetch job; with it, a job per many rounds
        assertThat(none.cost().jobs()).isGreaterThan(none.cost().rounds() / 2);
        assertThat(ahead.cost().jobs()).isLessThan(none.cost().jobs() / 5);
    }

    @Test
    void checkerboardLibcvmModeWithBalancedSamplingGivesTheOneMachineCoreSet() {
        LabeledDataset d = SyntheticData.checkerboard(2000, 4, 11);
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(6.0), 100, 1e-4).withSeed(3);
        CvmModel local = CoreVectorMachine.fit(d, o);
        CvmModel spark = SparkCoreVectorMachine.fit(rows(d, 2), o, SparkCoreVectorMachine.Settings.defaults()).model();
        assertSameMachine(spark, local);
    }

    @Test
    void exactModeFurthestPairAndFullScansRunOnTheExecutorsWithTheOneMachineResult() {
        LabeledDataset d = SyntheticData.checkerboard(400, 4, 2);
        CvmOptions o = new CvmOptions(new GaussianKernel(6.0), 10, CoreSetOptions.exact(1e-3).withSeed(1),
                CvmOptions.MultiClass.ONE_VS_REST);
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachine(fit.model(), local);
        // every outer iteration is one exact pass, plus the two of the furthest pair and the last one
        assertThat(fit.cost().fullScans()).isEqualTo(local.machines().get(0).iterations() + 3);
        // each core point's kernel column is computed once per partition, later passes reuse the executors' copy
        assertThat(fit.cost().columnsReused()).isPositive();
        assertThat(fit.cost().columnsComputed()).isLessThanOrEqualTo(3L * local.machines().get(0).coreSize());
    }

    @Test
    void exactScansWithoutRoomForKeptKernelColumnsRecomputeThemAndGiveTheSameOneMachineModel() {
        LabeledDataset d = SyntheticData.checkerboard(400, 4, 2);
        CvmOptions o = new CvmOptions(new GaussianKernel(6.0), 10, CoreSetOptions.exact(1e-3).withSeed(1),
                CvmOptions.MultiClass.ONE_VS_REST);
        // a cache size below one column: every pass computes every column on the executors
        CvmOptions noRoom = o.withCoreSet(o.coreSet().withCacheMb(1e-9));
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(rows(d, 3), noRoom,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachine(fit.model(), local);
        assertThat(fit.cost().columnsReused()).isZero();
        assertThat(fit.cost().columnsComputed()).isGreaterThan(3L * local.machines().get(0).coreSize());
    }

    @Test
    void sparseLibsvmFileReadBySparkGivesTheOneMachineModelAndItsModelFilePredictsTheSame(@TempDir Path dir)
            throws IOException {
        // a seeded sparse set: 40 features, about 5 non-zeros per point, the class from two blocks of features
        SplittableRandom r = new SplittableRandom(17);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[600];
        for (int i = 0; i < y.length; i++) {
            int[] idx = r.ints(6, 0, 40).distinct().sorted().toArray();
            double[] val = new double[idx.length];
            double s = 0;
            for (int t = 0; t < idx.length; t++) {
                val[t] = Math.round(r.nextDouble() * 100) / 100.0;
                s += idx[t] < 20 ? val[t] : -val[t];
            }
            x.add(new SparseVec(40, idx, val));
            y[i] = s > 0 ? 1 : -1;
        }
        Path file = dir.resolve("sparse.libsvm");
        LibsvmFormat.write(new LabeledDataset(x, y), file);
        LabeledDataset d = LibsvmFormat.read(file);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(0.5), 10, 1e-4).withSeed(5);
        CvmModel local = CoreVectorMachine.fit(d, o);
        CvmModel spark = SparkCoreVectorMachine.fit(SparkLibsvm.read(sc(), file.toString(), 2), o,
                SparkCoreVectorMachine.Settings.defaults()).model();
        assertSameMachine(spark, local);
        Path model = dir.resolve("spark.model");
        Models.save(spark, model);
        CvmModel back = (CvmModel) Models.load(model);
        for (int i = 0; i < d.size(); i++) {
            assertThat(back.decision(d.x(i))).isEqualTo(local.decision(d.x(i)));
        }
    }

    @Test
    void aTaskThatFailsOnceGivesTheSameModel() {
        LabeledDataset d = SyntheticData.checkerboard(1500, 4, 8);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(6.0), 100, 1e-5).withSeed(2);
        CvmModel local = CoreVectorMachine.fit(d, o);
        // not cached: every job reads the input again, and the first attempt of partition 1's task in
        // every seventh stage throws (the executors share this JVM on local[2], so the count is seen here)
        JavaRDD<LabeledRow> failing = rows(d, 2).mapPartitionsWithIndex((q, it) -> {
            TaskContext t = TaskContext.get();
            if (q == 1 && t.attemptNumber() == 0 && t.stageId() % 7 == 3) {
                INJECTED.incrementAndGet();
                throw new IllegalStateException("injected failure of stage " + t.stageId());
            }
            return it;
        }, true);
        int before = INJECTED.get();
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(failing, o,
                SparkCoreVectorMachine.Settings.defaults().withStorage(StorageLevel.NONE()));
        assertThat(INJECTED.get() - before).isGreaterThan(0);
        assertSameMachine(fit.model(), local);
    }

    @Test
    void ballVectorMachineLibcvmModeGivesTheOneMachineCoreSetAndCoefficients() {
        LabeledDataset d = SyntheticData.checkerboard(2000, 4, 12);
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(6.0), 100, 1e-4).withSeed(6);
        CvmModel local = BallVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fitBvm(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachine(fit.model(), local);
        assertThat(local.machines().get(0).coreSize()).isGreaterThan(20);
        assertThat(fit.model().report().objective()).containsExactly(local.report().objective());
        // no exact pass: every round's candidates are fetched, at most one job per round
        assertThat(fit.cost().fullScans()).isZero();
        assertThat(fit.cost().rounds()).isPositive();
    }

    @Test
    void ballVectorMachineJmlrModeWithItsExactScansGivesTheOneMachineCoreSetAndCoefficients() {
        LabeledDataset d = SyntheticData.checkerboard(600, 4, 13);
        CvmOptions o = CvmOptions.jmlr(new GaussianKernel(6.0), 100, 1e-3).withSeed(8);
        assertThat(o.coreSet().finalFullScan()).isTrue();
        CvmModel local = BallVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fitBvm(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachine(fit.model(), local);
        assertThat(fit.model().report().objective()).containsExactly(local.report().objective());
        // the final check over every point outside the core set ran on the executors
        assertThat(fit.cost().fullScans()).isPositive();
    }

    @Test
    void ballVectorMachineWithoutSamplingScansEveryStepOnTheExecutorsAndGivesTheOneMachineModel() {
        // every step an exact pass (one job each): a small set and a loose epsilon keep the steps few
        LabeledDataset d = SyntheticData.checkerboard(200, 4, 14);
        CvmOptions exact = CvmOptions.jmlr(new GaussianKernel(6.0), 100, 1e-2).withSeed(2);
        exact = exact.withCoreSet(exact.coreSet().withSampleSize(0));
        CvmModel local = BallVectorMachine.fit(d, exact);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fitBvm(rows(d, 2), exact,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachine(fit.model(), local);
        assertThat(local.machines().get(0).coreSize()).isGreaterThan(5);
        assertThat(fit.cost().fullScans()).isGreaterThan(5);
        assertThat(fit.cost().rounds()).isZero();
        assertThat(fit.cost().columnsReused()).isPositive();
    }

    @Test
    void ballVectorMachineRefusesANonConstantKernelDiagonal() {
        LabeledDataset d = SyntheticData.checkerboard(300, 4, 1);
        assertThatThrownBy(() -> SparkCoreVectorMachine.fitBvm(rows(d, 2),
                CvmOptions.libcvm(new PolynomialKernel(2, 1.0, 1.0), 100, 1e-4), SparkCoreVectorMachine.Settings.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("constant k(x, x)");
    }

    /** A seeded three-class set: checkerboard points labelled 0, 1, 2 by (column + row) mod 3 of their cell. */
    static LabeledDataset threeClasses(int n, long seed) {
        LabeledDataset board = SyntheticData.checkerboard(n, 4, seed);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double[] v = board.x(i).toArray();
            y[i] = Math.floorMod((int) Math.floor(v[0] * 4) + (int) Math.floor(v[1] * 4), 3);
        }
        return new LabeledDataset(board.points(), y);
    }

    /** Every machine's core indices, weights, coefficients, bias and radius equal, exactly. */
    private static void assertSameMachines(CvmModel spark, CvmModel local) {
        assertThat(spark.machines()).hasSize(local.machines().size());
        for (int m = 0; m < local.machines().size(); m++) {
            CvmMachine<Vec> a = spark.machines().get(m);
            CvmMachine<Vec> b = local.machines().get(m);
            assertThat(a.coreIndices()).containsExactly(b.coreIndices());
            assertThat(a.alpha()).containsExactly(b.alpha());
            assertThat(a.expansion().coefficients()).containsExactly(b.expansion().coefficients());
            assertThat(a.bias()).isEqualTo(b.bias());
            assertThat(a.radius2()).isEqualTo(b.radius2());
        }
        assertThat(spark.classes()).containsExactly(local.classes());
        assertThat(spark.report().iterations()).isEqualTo(local.report().iterations());
        assertThat(spark.report().objective()).containsExactly(local.report().objective());
    }

    @Test
    void threeClassesOneVsRestGiveTheOneMachineMachinesForCvmAndBvm() {
        LabeledDataset d = threeClasses(1500, 16);
        CvmOptions o = new CvmOptions(new GaussianKernel(6.0), 100, CoreSetOptions.libcvm(1e-4).withSeed(2),
                CvmOptions.MultiClass.ONE_VS_REST);
        SparkCoreVectorMachine.Fit cvm = SparkCoreVectorMachine.fit(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachines(cvm.model(), CoreVectorMachine.fit(d, o));
        assertThat(cvm.model().machines()).hasSize(3);
        assertSameMachines(SparkCoreVectorMachine.fitBvm(rows(d, 2), o, SparkCoreVectorMachine.Settings.defaults())
                .model(), BallVectorMachine.fit(d, o));
        // the JMLR iteration's exact scans, per machine
        CvmOptions jmlr = new CvmOptions(new GaussianKernel(6.0), 100, CoreSetOptions.jmlr(1e-4).withSeed(5),
                CvmOptions.MultiClass.ONE_VS_REST);
        assertSameMachines(SparkCoreVectorMachine.fit(rows(d, 2), jmlr, SparkCoreVectorMachine.Settings.defaults())
                .model(), CoreVectorMachine.fit(d, jmlr));
    }

    @Test
    void threeClassesOneVsOneGiveTheOneMachinePairMachinesAndCoreIndicesForCvmAndBvm() {
        LabeledDataset d = threeClasses(1200, 3);
        CvmOptions o = CvmOptions.libcvm(new GaussianKernel(6.0), 100, 1e-4).withSeed(4);
        assertThat(o.multiClass()).isEqualTo(CvmOptions.MultiClass.ONE_VS_ONE);
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit cvm = SparkCoreVectorMachine.fit(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        // three pair machines whose core indices are the whole data's, as one machine maps them
        assertThat(local.machines()).hasSize(3);
        assertSameMachines(cvm.model(), local);
        assertSameMachines(SparkCoreVectorMachine.fitBvm(rows(d, 2), o, SparkCoreVectorMachine.Settings.defaults())
                .model(), BallVectorMachine.fit(d, o));
    }

    @Test
    void oneVsOneWithExactScansAndAKernelWhoseDiagonalVariesGivesTheOneMachineModel() {
        // a polynomial kernel: each pair's offset eta comes from its own largest k(x, x), not the data's
        LabeledDataset d = threeClasses(450, 9);
        CvmOptions o = new CvmOptions(new PolynomialKernel(2, 0.5, 1.0), 10, CoreSetOptions.jmlr(1e-3).withSeed(6),
                CvmOptions.MultiClass.ONE_VS_ONE);
        CvmModel local = CoreVectorMachine.fit(d, o);
        SparkCoreVectorMachine.Fit fit = SparkCoreVectorMachine.fit(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameMachines(fit.model(), local);
        assertThat(fit.cost().fullScans()).isPositive();
        for (int x = 0; x < d.size(); x += 7) {
            assertThat(fit.model().predict(d.x(x))).isEqualTo(local.predict(d.x(x)));
        }
    }

    /** A seeded one-class set: 1,500 points of a 3-d Gaussian blob with 2 % uniform outliers, labels +1 / -1. */
    private static LabeledDataset blobWithOutliers(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[1500];
        for (int i = 0; i < y.length; i++) {
            boolean outlier = r.nextInt(50) == 0;
            double[] v = new double[3];
            for (int j = 0; j < 3; j++) {
                v[j] = outlier ? r.nextDouble(-6, 6) : gaussian(r);
            }
            x.add(dev.kernelkit.data.DenseVec.of(v));
            y[i] = outlier ? -1 : 1;
        }
        return new LabeledDataset(x, y);
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    /** Support vectors, weights, centre and radius equal, exactly. */
    private static void assertSameBall(OneClassCvmModel spark, OneClassCvmModel local) {
        assertThat(spark.supportVectors()).hasSize(local.supportVectors().size());
        for (int t = 0; t < local.supportVectors().size(); t++) {
            assertThat(spark.supportVectors().get(t).toArray()).containsExactly(local.supportVectors().get(t).toArray());
        }
        assertThat(spark.alpha()).containsExactly(local.alpha());
        assertThat(spark.centreNorm2()).isEqualTo(local.centreNorm2());
        assertThat(spark.radius2()).isEqualTo(local.radius2());
        assertThat(spark.coreSet().coreIndices()).containsExactly(local.coreSet().coreIndices());
        assertThat(spark.report().iterations()).isEqualTo(local.report().iterations());
    }

    @Test
    void oneClassLibcvmModeGivesTheOneMachineBall() {
        LabeledDataset d = blobWithOutliers(13);
        OneClassCvmOptions o = new OneClassCvmOptions(new GaussianKernel(0.5), 100,
                CoreSetOptions.libcvm(1e-6).withSeed(4));
        OneClassCvmModel local = OneClassCvm.fit(d.points(), o);
        SparkCoreVectorMachine.OneClassFit fit = SparkCoreVectorMachine.fitOneClass(rows(d, 3), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameBall(fit.model(), local);
        assertThat(local.supportVectors().size()).isGreaterThan(10);
        for (int i = 0; i < d.size(); i++) {
            assertThat(fit.model().decision(d.x(i))).isEqualTo(local.decision(d.x(i)));
        }
    }

    @Test
    void oneClassJmlrModeWithTheFurthestPairAndFinalScanOnTheExecutorsGivesTheOneMachineBall() {
        LabeledDataset d = blobWithOutliers(14);
        // a non-constant k(x, x) (polynomial kernel): the offsets k(x, x) + 1/C differ per point
        OneClassCvmOptions o = new OneClassCvmOptions(new PolynomialKernel(2, 0.5, 1.0), 10,
                CoreSetOptions.jmlr(1e-5).withSeed(8));
        OneClassCvmModel local = OneClassCvm.fit(d.points(), o);
        SparkCoreVectorMachine.OneClassFit fit = SparkCoreVectorMachine.fitOneClass(rows(d, 2), o,
                SparkCoreVectorMachine.Settings.defaults());
        assertSameBall(fit.model(), local);
        assertThat(fit.cost().fullScans()).isGreaterThanOrEqualTo(1);
        OneClassCvmOptions exact = new OneClassCvmOptions(new GaussianKernel(1.0), 10,
                CoreSetOptions.exact(1e-3).withSeed(2));
        SparkCoreVectorMachine.OneClassFit exactFit = SparkCoreVectorMachine.fitOneClass(rows(d, 3), exact,
                SparkCoreVectorMachine.Settings.defaults());
        OneClassCvmModel exactLocal = OneClassCvm.fit(d.points(), exact);
        assertSameBall(exactFit.model(), exactLocal);
        // every outer iteration is one exact pass, plus the two of the furthest pair and the last one
        assertThat(exactFit.cost().fullScans()).isEqualTo(exactLocal.report().iterations() + 3);
        assertThat(exactFit.cost().columnsReused()).isPositive();
    }

    @Test
    void aBadLineIsOneErrorNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.libsvm");
        Files.writeString(file, "1 1:0.5 2:1\n-1 1:0.25\n# comment\n1 2:x\n-1 1:1\n");
        assertThatThrownBy(() -> SparkCoreVectorMachine.fit(SparkLibsvm.read(sc(), file.toString(), 2),
                CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-3), SparkCoreVectorMachine.Settings.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":4: bad value of feature 2 'x'");
    }
}
