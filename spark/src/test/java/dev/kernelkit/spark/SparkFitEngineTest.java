package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.FoldFailedException;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.PairedComparison;
import dev.kernelkit.eval.ScoredPoint;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.testing.TestData;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * The harness on Spark ({@code local[2,4]}, the shared session) against the one-machine harness on
 * small seeded problems: the same folds, inner scores, choices, fit counts, test scores, reports
 * and paired differences; only times differ.
 */
class SparkFitEngineTest {
    private static final long SEED = 11;

    private final SparkSession spark = SharedSpark.session();

    @Test
    void tunedSvmOnSparkGivesTheOneMachineEvaluation() {
        LabeledDataset data = SyntheticData.twoMoons(60, 0.25, 5);
        CatalogProtocol<Vec> tuned = new CatalogProtocol<>("svm", InputKind.VECTORS, 3, 1, SEED, true, 3,
                FeatureScaling.STANDARD);
        CatalogProtocol<Vec> defaults = new CatalogProtocol<>("svm", InputKind.VECTORS, 3, 1, SEED, false, 3,
                FeatureScaling.STANDARD);

        Evaluation here = tuned.selection().run(data);
        Evaluation onSpark = SparkFitEngine.run(spark, tuned, data);
        Evaluation defaultsHere = defaults.selection().run(data);
        Evaluation defaultsOnSpark = SparkFitEngine.run(spark, defaults, data);

        assertThat(timeless(onSpark)).isEqualTo(timeless(here));
        assertThat(timeless(defaultsOnSpark)).isEqualTo(timeless(defaultsHere));
        // 20 grid points x 3 inner splits on each of the 3 outer splits, all of them Spark tasks
        assertThat(onSpark.folds()).allSatisfy(f -> assertThat(f.selection().fits()).isEqualTo(60));
        assertThat(PairedComparison.of(onSpark, defaultsOnSpark).toString())
                .isEqualTo(PairedComparison.of(here, defaultsHere).toString());
    }

    @Test
    void tunedBagLearnerOnSparkGivesTheOneMachineEvaluation() {
        BagDataset data = TestData.randomBags(36, 4, 3, 3.0, 21);
        CatalogProtocol<Bag> mikernel = new CatalogProtocol<>("mikernel", InputKind.BAGS, 3, 1, SEED, true, 3,
                FeatureScaling.STANDARD);

        Evaluation here = mikernel.selection().run(data);
        Evaluation onSpark = SparkFitEngine.run(spark, mikernel, data);

        assertThat(timeless(onSpark)).isEqualTo(timeless(here));
        assertThat(onSpark.folds()).allSatisfy(f -> assertThat(f.selection().fits()).isEqualTo(45));
    }

    @Test
    void seededBagLearnerOnSparkGivesTheOneMachineEvaluation() {
        // SparseMI draws its initial expansion vectors from the seed: the executor must draw the same
        BagDataset data = TestData.randomBags(30, 4, 3, 3.0, 22);
        CatalogProtocol<Bag> sparseMi = new CatalogProtocol<>("sparse-mi", InputKind.BAGS, 3, 1, SEED, false, 3,
                FeatureScaling.NONE);

        assertThat(timeless(SparkFitEngine.run(spark, sparseMi, data))).isEqualTo(timeless(sparseMi.selection().run(data)));
    }

    @Test
    void eachExecutorJvmPreparesAnOuterSplitOnceAndTheEngineCountsTasksFitsAndTimes() {
        LabeledDataset data = SyntheticData.twoMoons(60, 0.25, 9);
        CatalogProtocol<Vec> tuned = new CatalogProtocol<>("svm", InputKind.VECTORS, 3, 1, SEED, true, 3,
                FeatureScaling.STANDARD);
        CountingProtocol counted = new CountingProtocol(tuned);
        CountingProtocol.ON_EXECUTORS.set(0);

        Evaluation here = tuned.selection().run(data);
        Evaluation onSpark;
        SparkFitEngine<Vec> engine;
        try (SparkFitEngine<Vec> e = SparkFitEngine.open(spark, counted, data, 3)) {
            engine = e;
            onSpark = counted.selection().withEngine(e).withOuterThreads(3).run(data);
            // the executors of local[2] live in this JVM: one harness built per outer split, not per task
            assertThat(CountingProtocol.ON_EXECUTORS).hasValue(3);
        }

        assertThat(timeless(onSpark)).isEqualTo(timeless(here));
        // per outer split: 20 points on each of 3 inner splits (3 tasks), then the final fit (1 task)
        assertThat(engine.fits()).isEqualTo(3 * (20 * 3 + 1));
        assertThat(engine.tasks()).isEqualTo(3 * (3 + 1));
        assertThat(engine.longestFitSeconds()).isPositive();
        assertThat(engine.sumFitSeconds()).isGreaterThanOrEqualTo(engine.longestFitSeconds());
        assertThat(engine.minTasksPerBatch()).isEqualTo(2); // 2 x 2 cores over 3 outer splits at once
    }

    /** A protocol that counts the harnesses built inside Spark tasks (this JVM's executors). */
    record CountingProtocol(CatalogProtocol<Vec> inner) implements Protocol<Vec> {
        static final AtomicInteger ON_EXECUTORS = new AtomicInteger();

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public dev.kernelkit.eval.ModelSelection<Vec> selection() {
            if (org.apache.spark.TaskContext.get() != null) {
                ON_EXECUTORS.incrementAndGet();
            }
            return inner.selection();
        }
    }

    @Test
    void aFitThatFailsItsFirstAttemptIsRetriedAndTheRunIsUnchanged() throws InterruptedException {
        LabeledDataset data = SyntheticData.twoMoons(45, 0.25, 6);
        InjectedFailureProtocol flaky = new InjectedFailureProtocol(SEED, false);
        FailedTasks failed = new FailedTasks();
        spark.sparkContext().addSparkListener(failed);
        Evaluation onSpark;
        try {
            onSpark = SparkFitEngine.run(spark, flaky, data);
            failed.awaitAtLeast(1);
        } finally {
            spark.sparkContext().removeSparkListener(failed);
        }

        assertThat(timeless(onSpark)).isEqualTo(timeless(flaky.reference().selection().run(data)));
        assertThat(failed.count.get()).isGreaterThan(0);
    }

    @Test
    void aFitThatFailsEveryAttemptFailsTheRunWithOneLineNamingLearnerAndSplit() {
        LabeledDataset data = SyntheticData.twoMoons(45, 0.25, 6);
        InjectedFailureProtocol broken = new InjectedFailureProtocol(SEED, true);

        assertThatThrownBy(() -> SparkFitEngine.run(spark, broken, data))
                .isInstanceOf(FoldFailedException.class)
                .hasCauseInstanceOf(SparkFitException.class)
                .satisfies(e -> assertThat(e.getMessage()).isEqualTo(e.getCause().getMessage()))
                .satisfies(e -> assertThat(e.getMessage())
                        .doesNotContain("\n")
                        .startsWith("svm: outer split ")
                        .contains("point candidate=")
                        .contains(InjectedFailureProtocol.MESSAGE + " (attempt " + (SharedSpark.ATTEMPTS - 1) + ")")
                        .endsWith("(failed on every attempt)"));
    }

    /** Counts failed task attempts (told on the listener bus, after the fact). */
    private static final class FailedTasks extends SparkListener {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (!end.taskInfo().successful()) {
                count.incrementAndGet();
            }
        }

        void awaitAtLeast(int n) throws InterruptedException {
            for (int i = 0; i < 100 && count.get() < n; i++) {
                Thread.sleep(50);
            }
        }
    }

    /** Everything of an evaluation but its times, one fold per line. */
    static String timeless(Evaluation e) {
        StringBuilder b = new StringBuilder(e.resampling() + " " + e.metric() + "\n");
        for (OuterFold f : e.folds()) {
            b.append(f.index()).append(' ').append(f.repeat()).append(' ').append(f.fold())
                    .append(" train ").append(Arrays.toString(f.split().train()))
                    .append(" test ").append(Arrays.toString(f.split().test()))
                    .append(" chosen ").append(f.chosen()).append(" inner score ").append(exact(f.selection().score()))
                    .append(" inner splits ").append(f.selection().innerSplits())
                    .append(" fits ").append(f.selection().fits()).append(" unconverged ")
                    .append(f.selection().unconvergedFits()).append(" searched [");
            for (ScoredPoint p : f.selection().searched()) {
                b.append(p.point()).append(' ').append(exact(p.score())).append(' ');
                for (double v : p.splitScores()) {
                    b.append(exact(v)).append(',');
                }
                b.append("; ");
            }
            FitReport r = f.report();
            b.append("] score ").append(exact(f.score())).append(" measures ").append(f.measures())
                    .append(" report ").append(r.learner()).append(' ').append(r.options()).append(' ').append(r.seed())
                    .append(' ').append(r.iterations()).append(' ').append(r.converged()).append(' ');
            for (double v : r.objective()) {
                b.append(exact(v)).append(',');
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** The exact bits of a double. */
    private static String exact(double v) {
        return String.format(Locale.ROOT, "%s(%x)", v, Double.doubleToRawLongBits(v));
    }
}
