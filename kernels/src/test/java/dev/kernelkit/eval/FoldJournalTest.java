package dev.kernelkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FoldJournalTest {
    static final LabeledDataset BLOBS = TestData.gaussianBlobs(60, 3, 1.2, 4);
    static final String RUN = "kernelkit test-cv --folds 4 --repeats 2 --seed 3";

    /** Thrown by the listener to stop a run after some folds, as a kill would. */
    static final class Killed extends RuntimeException {
        Killed() {
            super("killed");
        }
    }

    static ModelSelection<Vec> protocol() {
        Grid<Vec> grid = Grid.of(p -> TestLearners.svm(p.number("gamma"), p.number("C")),
                Dimension.of("gamma", 0.05, 0.5, 5), Dimension.of("C", 0.1, 1, 10));
        return ModelSelection.of(Resampling.stratifiedKFold(4, 2, 3), grid,
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(7, 7)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD))
                .withMeasures(List.of(new Measure<>("support, vectors: count", (m, test) -> test.size() / 2.0)));
    }

    /** Everything of a fold except the wall-clock seconds, which differ between any two runs. */
    static String withoutTimes(OuterFold f) {
        Selection s = f.selection();
        return f.index() + " " + f.repeat() + " " + f.fold() + " " + java.util.Arrays.toString(f.split().test()) + " "
                + Double.doubleToRawLongBits(f.score()) + " " + f.measures() + " " + s.chosen() + " "
                + Double.doubleToRawLongBits(s.score()) + " " + s.searched() + " "
                + s.searched().stream().map(p -> java.util.Arrays.toString(p.splitScores())).toList() + " "
                + s.innerSplits() + " " + s.fits() + " " + s.unconvergedFits() + " " + f.report().withSeconds(0);
    }

    @Test
    void aRunKilledAfterThreeFoldsAndResumedEqualsTheUninterruptedRunFoldForFold(@TempDir Path dir) throws Exception {
        Evaluation whole = protocol().run(BLOBS);

        Path file = dir.resolve("cv.json.journal");
        AtomicInteger finished = new AtomicInteger();
        FoldJournal first = FoldJournal.start(file, RUN);
        assertThatThrownBy(() -> protocol().withJournal(first, "cv").withListener(f -> {
            if (finished.incrementAndGet() == 3) {
                throw new Killed();
            }
        }).run(BLOBS)).isInstanceOf(Killed.class);
        assertThat(FoldJournal.resume(file, RUN).recorded("cv")).isEqualTo(3);

        AtomicInteger recalled = new AtomicInteger();
        FoldJournal again = FoldJournal.resume(file, RUN);
        Evaluation resumed = protocol().withJournal(again, "cv").withListener(f -> recalled.incrementAndGet()).run(BLOBS);
        assertThat(recalled).hasValue(8);
        assertThat(again.recorded("cv")).isEqualTo(8);
        assertThat(resumed.folds()).hasSize(whole.folds().size());
        for (int s = 0; s < whole.folds().size(); s++) {
            assertThat(withoutTimes(resumed.folds().get(s))).isEqualTo(withoutTimes(whole.folds().get(s)));
            assertThat(resumed.folds().get(s).chosen()).isEqualTo(whole.folds().get(s).chosen());
        }
        assertThat(resumed.scores()).isEqualTo(whole.scores());
        assertThat(resumed.repeatMeans()).isEqualTo(whole.repeatMeans());
        assertThat(resumed.measure("support, vectors: count")).isEqualTo(whole.measure("support, vectors: count"));
    }

    @Test
    void recalledFoldsKeepEveryRecordedNumberExactlyTimesIncluded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("j");
        FoldJournal j = FoldJournal.start(file, RUN);
        Evaluation recorded = protocol().withJournal(j, "cv").run(BLOBS);
        Evaluation recalled = protocol().withJournal(FoldJournal.resume(file, RUN), "cv").run(BLOBS);
        for (int s = 0; s < recorded.folds().size(); s++) {
            OuterFold a = recorded.folds().get(s);
            OuterFold b = recalled.folds().get(s);
            assertThat(withoutTimes(b)).isEqualTo(withoutTimes(a));
            assertThat(b.report()).isEqualTo(a.report());
            assertThat(new double[] {b.trainSeconds(), b.predictSeconds(), b.preprocessSeconds(), b.tuneSeconds()})
                    .isEqualTo(new double[] {a.trainSeconds(), a.predictSeconds(), a.preprocessSeconds(), a.tuneSeconds()});
        }
    }

    @Test
    void aJournalOfAnotherRunOrGridIsRefusedNamingBoth(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("j");
        FoldJournal j = FoldJournal.start(file, RUN);
        protocol().withJournal(j, "cv").runFold(BLOBS, 0);
        assertThatThrownBy(() -> FoldJournal.resume(file, "kernelkit test-cv --folds 4 --repeats 2 --seed 4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("belongs to another run").hasMessageContaining("--seed 3").hasMessageContaining("--seed 4");
        Grid<Vec> other = Grid.of(p -> TestLearners.svm(p.number("gamma"), 1), Dimension.of("gamma", 0.05, 0.5));
        ModelSelection<Vec> otherGrid = ModelSelection.of(Resampling.stratifiedKFold(4, 2, 3), other,
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(7, 7)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD));
        assertThatThrownBy(() -> otherGrid.withJournal(FoldJournal.resume(file, RUN), "cv").runFold(BLOBS, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another grid");
        ModelSelection<Vec> otherSplits = protocol();
        ModelSelection<Vec> reseeded = ModelSelection.of(Resampling.stratifiedKFold(4, 2, 99),
                        Grid.of(p -> TestLearners.svm(p.number("gamma"), p.number("C")),
                                Dimension.of("gamma", 0.05, 0.5, 5), Dimension.of("C", 0.1, 1, 10)),
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(7, 7)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD));
        assertThatThrownBy(() -> reseeded.withJournal(FoldJournal.resume(file, RUN), "cv").runFold(BLOBS, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another split");
        assertThat(otherSplits.withJournal(FoldJournal.resume(file, RUN), "cv").runFold(BLOBS, 0).index()).isZero();
    }

    @Test
    void aMissingOrForeignFileIsAClearError(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> FoldJournal.resume(dir.resolve("none.journal"), RUN))
                .isInstanceOf(java.nio.file.NoSuchFileException.class).hasMessageContaining("no journal to resume");
        Path junk = dir.resolve("junk");
        Files.writeString(junk, "{\"accuracy_mean\": 0.9}\n");
        assertThatThrownBy(() -> FoldJournal.resume(junk, RUN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("junk: line 1: not a kernelkit fold journal");
    }

    @Test
    void theJournalIsRewrittenWholeSoNoTemporaryFileIsLeft(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cv.json.journal");
        protocol().withJournal(FoldJournal.start(file, RUN), "cv").run(BLOBS);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("cv.json.journal");
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("kernelkit-fold-journal 1");
        assertThat(lines.subList(2, lines.size())).hasSize(8).allMatch(l -> l.startsWith("fold\tcv\t"));
    }
}
