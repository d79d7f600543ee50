package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.data.InputKind;
import java.util.concurrent.CompletableFuture;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * A run of the Spark catalog engine while its session starts ({@link SparkCatalogEngine.Starting}):
 * the batches asked for before the session is up are fitted here, the later ones on Spark, and the
 * run equals the one-machine run; a session that fails to start fails the run in one line.
 */
class StartingSessionTest {
    private static final long SEED = 11;

    private final SparkSession spark = SharedSpark.session();

    private static CatalogProtocol<Vec> tuned() {
        return new CatalogProtocol<>("svm", InputKind.VECTORS, 3, 1, SEED, true, 3, FeatureScaling.STANDARD);
    }

    @Test
    void fitsAskedForBeforeTheSessionIsUpRunHereAndTheRestOnSparkToTheOneMachineRun() {
        LabeledDataset data = SyntheticData.twoMoons(60, 0.25, 5);
        CatalogProtocol<Vec> tuned = tuned();
        CompletableFuture<SparkContext> starting = new CompletableFuture<>();

        Evaluation here = tuned.selection().run(data);
        Evaluation mixed;
        SparkCatalogEngine.Starting<Vec> engine;
        try (SparkCatalogEngine.Starting<Vec> e = new SparkCatalogEngine.Starting<>(starting, tuned, data, 3)) {
            engine = e;
            // outer splits one after the other; the session is up once the first is done
            mixed = tuned.selection().withEngine(e).withListener(f -> starting.complete(spark.sparkContext())).run(data);
        }

        assertThat(SparkFitEngineTest.timeless(mixed)).isEqualTo(SparkFitEngineTest.timeless(here));
        // the first outer split here: 20 points x 3 inner splits and its final fit; the other two on Spark
        assertThat(engine.localFits()).isEqualTo(20 * 3 + 1);
        assertThat(engine.fits()).isEqualTo(3 * (20 * 3 + 1));
        assertThat(engine.tasks()).isEqualTo(2 * (3 + 1));
        assertThat(engine.sumFitSeconds()).isGreaterThanOrEqualTo(engine.longestFitSeconds());
        assertThat(engine.longestFitSeconds()).isPositive();
    }

    @Test
    void aSessionThatFailsToStartFailsTheRunInOneLine() {
        LabeledDataset data = SyntheticData.twoMoons(30, 0.25, 5);
        CompletableFuture<SparkContext> failed = new CompletableFuture<>();
        failed.completeExceptionally(new IllegalStateException("Could not parse Master URL: 'nowhere'"));

        try (SparkCatalogEngine.Starting<Vec> e = new SparkCatalogEngine.Starting<>(failed, tuned(), data, 3)) {
            assertThatThrownBy(() -> tuned().selection().withEngine(e).run(data))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the Spark session did not start: java.lang.IllegalStateException: Could not parse "
                            + "Master URL: 'nowhere'");
            assertThat(e.fits()).isZero();
        }
    }
}
