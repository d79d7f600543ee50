package dev.kernelkit.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.eval.FitTask;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How {@link SparkFitEngine} cuts a batch of the harness into Spark tasks: inner fits by (outer
 * split, inner split), a final fit alone, more pieces only when a batch would give fewer tasks than
 * asked for; every fit in exactly one task, and each task's points in the batch's order.
 */
class FitGroupsTest {

    /** Points 0..4 on inner splits 0..2 of outer split 2, split by split as the harness orders them. */
    private static List<FitTask> batch() {
        List<FitTask> b = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            for (int p = 0; p < 5; p++) {
                b.add(new FitTask(2, k, p));
            }
        }
        return b;
    }

    /** Every batch position exactly once, and each group's points those of its positions. */
    private static void assertPartition(List<FitTask> batch, List<SparkFitEngine.Group> groups) {
        int[] seen = new int[batch.size()];
        for (SparkFitEngine.Group g : groups) {
            assertThat(g.points()).hasSameSizeAs(g.positions());
            for (int i = 0; i < g.positions().length; i++) {
                FitTask t = batch.get(g.positions()[i]);
                seen[g.positions()[i]]++;
                assertThat(t.outerIndex()).isEqualTo(g.outer());
                assertThat(t.innerIndex()).isEqualTo(g.inner());
                assertThat(t.pointIndex()).isEqualTo(g.points()[i]);
            }
            int[] sorted = g.positions().clone();
            Arrays.sort(sorted);
            assertThat(g.positions()).containsExactly(sorted);
        }
        assertThat(seen).containsOnly(1);
    }

    @Test
    void innerFitsOfOneInnerSplitMakeOneTask() {
        List<FitTask> batch = batch();
        List<SparkFitEngine.Group> groups = SparkFitEngine.groups(batch, 1);

        assertThat(groups).hasSize(3);
        assertPartition(batch, groups);
        assertThat(groups).extracting(SparkFitEngine.Group::inner).containsExactly(0, 1, 2);
        assertThat(groups).allSatisfy(g -> assertThat(g.points()).containsExactly(0, 1, 2, 3, 4));
    }

    @Test
    void aBatchWithFewerInnerSplitsThanTasksAskedForIsCutFurther() {
        List<FitTask> batch = batch();
        List<SparkFitEngine.Group> six = SparkFitEngine.groups(batch, 6);
        List<SparkFitEngine.Group> many = SparkFitEngine.groups(batch, 100);

        assertThat(six).hasSize(6);
        assertPartition(batch, six);
        assertThat(six.get(0).points()).containsExactly(0, 1);
        assertThat(six.get(1).points()).containsExactly(2, 3, 4);
        // never more tasks than fits
        assertThat(many).hasSize(15);
        assertPartition(batch, many);
    }

    @Test
    void aFinalFitIsATaskOfItsOwnAndSplitsStaySeparate() {
        List<FitTask> batch = new ArrayList<>(List.of(new FitTask(0, 1, 3), new FitTask(1, 1, 3), new FitTask(0, 1, 4),
                FitTask.finalFit(4, 7), FitTask.finalFit(5, 0)));
        List<SparkFitEngine.Group> groups = SparkFitEngine.groups(batch, 1);

        assertThat(groups).hasSize(4);
        assertPartition(batch, groups);
        assertThat(groups.get(0).points()).containsExactly(3, 4);
        assertThat(groups.get(0).outer()).isZero();
        assertThat(groups.get(1).outer()).isEqualTo(1);
        assertThat(groups.get(2).inner()).isEqualTo(FitTask.FINAL);
        assertThat(groups.get(2).points()).containsExactly(7);
        assertThat(groups.get(3).outer()).isEqualTo(5);
    }
}
