package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's engine seam: an engine that performs every fit as a remote worker would (a fresh
 * harness from the same recipe, {@link ModelSelection#perform} on the data, nothing shared with the
 * run) gives the run of the one-machine engine, fold by fold.
 */
class FitEngineTest {

    /** The recipe: built again for every fit, as on an executor. */
    private static ModelSelection<Vec> recipe() {
        return ModelSelection.of(Resampling.stratifiedKFold(3, 2, 13), ModelSelectionTest.svmGrid(),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(17, 17)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD))
                .withMeasures(List.of(new Measure<>("dim", (model, test) -> model.dim())));
    }

    /** Ignores the harness's local function; every task on a harness of its own. */
    private static class Remote implements FitEngine {
        final Dataset<Vec> data;
        final List<List<FitTask>> batches = new CopyOnWriteArrayList<>();

        Remote(Dataset<Vec> data) {
            this.data = data;
        }

        @Override
        public List<FitOutcome> run(List<FitTask> tasks, Local local, int threads) {
            batches.add(tasks);
            List<FitOutcome> out = new ArrayList<>();
            for (FitTask t : tasks) {
                out.add(recipe().perform(data, t));
            }
            return out;
        }
    }

    @Test
    void fitsPerformedAsByARemoteWorkerGiveTheOneMachineRun() {
        Remote remote = new Remote(ModelSelectionTest.BLOBS);
        Evaluation here = recipe().run(ModelSelectionTest.BLOBS);
        Evaluation there = recipe().withEngine(remote).run(ModelSelectionTest.BLOBS);

        assertThat(there.folds()).hasSize(6);
        for (int s = 0; s < 6; s++) {
            OuterFold a = here.folds().get(s);
            OuterFold b = there.folds().get(s);
            assertThat(b.split()).isEqualTo(a.split());
            assertThat(b.chosen()).isEqualTo(a.chosen());
            assertThat(b.selection().score()).isEqualTo(a.selection().score());
            assertThat(b.selection().fits()).isEqualTo(a.selection().fits()).isEqualTo(27);
            assertThat(b.selection().searched()).hasSameSizeAs(a.selection().searched());
            for (int p = 0; p < a.selection().searched().size(); p++) {
                assertThat(b.selection().searched().get(p).point()).isEqualTo(a.selection().searched().get(p).point());
                assertThat(b.selection().searched().get(p).splitScores())
                        .containsExactly(a.selection().searched().get(p).splitScores());
            }
            assertThat(b.score()).isEqualTo(a.score());
            assertThat(b.measures()).isEqualTo(a.measures());
            assertThat(b.report().withSeconds(0)).isEqualTo(a.report().withSeconds(0));
        }
        // per outer split: one batch of 9 points x 3 inner splits, then the final fit alone
        assertThat(remote.batches).hasSize(12);
        assertThat(remote.batches.stream().mapToInt(List::size).sum()).isEqualTo(6 * (27 + 1));
        assertThat(remote.batches.stream().filter(b -> b.size() == 1).allMatch(b -> b.get(0).isFinal())).isTrue();
    }

    @Test
    void theHarnessJournalsThePointsARemoteEngineScored(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("run.journal");
        Remote remote = new Remote(ModelSelectionTest.BLOBS) {
            @Override
            public List<FitOutcome> run(List<FitTask> tasks, Local local, int threads) {
                if (tasks.get(0).isFinal()) {
                    throw new IllegalStateException("the final fit's worker is lost");
                }
                return super.run(tasks, local, threads);
            }
        };
        assertThatThrownBy(() -> recipe().withEngine(remote).withJournal(FoldJournal.start(file, "test"), "svm")
                .runFold(ModelSelectionTest.BLOBS, 0)).hasMessage("the final fit's worker is lost");

        // the fold did not finish, but its 9 scored points are kept for a resumed run
        FoldJournal resumed = FoldJournal.resume(file, "test");
        assertThat(resumed.recorded("svm")).isZero();
        assertThat(resumed.recordedPoints("svm", 0)).isEqualTo(9);
        OuterFold again = recipe().withJournal(resumed, "svm").runFold(ModelSelectionTest.BLOBS, 0);
        OuterFold here = recipe().runFold(ModelSelectionTest.BLOBS, 0);
        assertThat(again.chosen()).isEqualTo(here.chosen());
        assertThat(again.score()).isEqualTo(here.score());
    }

    @Test
    void aWorkerThatKeepsEachPreparedOuterSplitAndSharesWorkPerInnerSplitGivesTheOneMachineRun() throws Exception {
        AtomicInteger prepared = new AtomicInteger();
        Grid<Vec> shared = ModelSelectionTest.svmGrid().withSharedWork(part -> {
            prepared.incrementAndGet();
            return LabeledDataset.of(part);
        }, (point, part, labeled) -> Svm.fit(labeled,
                SvmOptions.of(new GaussianKernel(point.number("gamma"))).withC(point.number("C"))));
        ModelSelection<Vec> recipe = ModelSelection.of(Resampling.stratifiedKFold(3, 1, 6), shared,
                InnerSplits.stratifiedKFold(3, SeedRule.affine(1, 1)));
        Map<Integer, ModelSelection<Vec>.PreparedSplit> kept = new ConcurrentHashMap<>();
        AtomicInteger splitsPrepared = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        FitEngine caching = (tasks, local, threads) -> {
            // as a worker JVM: one prepared split per outer split, the tasks of one inner split on one thread with
            // the split's shared work prepared once, two threads at once
            Map<Integer, List<Integer>> byInner = new LinkedHashMap<>();
            for (int i = 0; i < tasks.size(); i++) {
                byInner.computeIfAbsent(tasks.get(i).innerIndex(), k -> new ArrayList<>()).add(i);
            }
            FitOutcome[] out = new FitOutcome[tasks.size()];
            List<Future<?>> running = new ArrayList<>();
            for (List<Integer> members : byInner.values()) {
                running.add(pool.submit(() -> {
                    FitTask first = tasks.get(members.get(0));
                    ModelSelection<Vec>.PreparedSplit split = kept.computeIfAbsent(first.outerIndex(), s -> {
                        splitsPrepared.incrementAndGet();
                        return recipe.prepare(ModelSelectionTest.BLOBS, s);
                    });
                    assertThat(split.outerIndex()).isEqualTo(first.outerIndex());
                    Object work = first.isFinal() ? null : split.sharedWork(first.innerIndex());
                    for (int i : members) {
                        out[i] = split.perform(tasks.get(i), work);
                    }
                }));
            }
            for (Future<?> f : running) {
                try {
                    f.get();
                } catch (InterruptedException | ExecutionException e) {
                    throw new IllegalStateException(e);
                }
            }
            return List.of(out);
        };
        try {
            Evaluation here = recipe.run(ModelSelectionTest.BLOBS);
            int preparedHere = prepared.getAndSet(0);
            Evaluation there = recipe.withEngine(caching).run(ModelSelectionTest.BLOBS);

            assertThat(splitsPrepared).hasValue(3);
            assertThat(prepared).hasValue(preparedHere).hasValue(3 * 3); // once per (outer, inner) split, as here
            for (int s = 0; s < 3; s++) {
                OuterFold a = here.folds().get(s);
                OuterFold b = there.folds().get(s);
                assertThat(b.chosen()).isEqualTo(a.chosen());
                assertThat(b.selection().searched()).isEqualTo(a.selection().searched());
                assertThat(b.score()).isEqualTo(a.score());
                assertThat(b.report().withSeconds(0)).isEqualTo(a.report().withSeconds(0));
            }
            assertThatThrownBy(() -> kept.get(0).perform(new FitTask(1, 0, 0)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("task of outer split 1 given to outer split 0");
            assertThatThrownBy(() -> kept.get(0).sharedWork(3)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("inner split 3 does not exist");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void performNamesATaskOutsideTheRun() {
        assertThatThrownBy(() -> recipe().perform(ModelSelectionTest.BLOBS, new FitTask(6, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outer split 6 does not exist");
        assertThatThrownBy(() -> recipe().perform(ModelSelectionTest.BLOBS, new FitTask(0, 0, 9)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("point 9 does not exist");
        assertThatThrownBy(() -> recipe().perform(ModelSelectionTest.BLOBS, new FitTask(0, 3, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inner split 3 does not exist");
        assertThatThrownBy(() -> new FitTask(0, -2, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("innerIndex must be >= 0 (or -1 for the final fit), got -2");
    }
}
