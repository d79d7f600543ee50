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

    /** The protocol's grid with every inner and final fit counted, and a kill (an exception) at fit number {@code killAt}. */
    static ModelSelection<Vec> countedProtocol(AtomicInteger fits, int killAt) {
        Grid<Vec> grid = Grid.of(p -> {
            var svm = TestLearners.svm(p.number("gamma"), p.number("C"));
            return dev.kernelkit.learn.Trainers.of("counted-svm", svm.input(), svm.task(), svm.options(), (data, listener) -> {
                if (fits.incrementAndGet() == killAt) {
                    throw new Killed();
                }
                return svm.fit(data, listener);
            });
        }, Dimension.of("gamma", 0.05, 0.5, 5), Dimension.of("C", 0.1, 1, 10));
        return ModelSelection.of(Resampling.stratifiedKFold(4, 2, 3), grid,
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(7, 7)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD))
                .withMeasures(List.of(new Measure<>("support, vectors: count", (m, test) -> test.size() / 2.0)))
                .withThreads(1);
    }

    static long lines(Path file, String kind) throws java.io.IOException {
        return Files.readAllLines(file).stream().filter(l -> l.startsWith(kind + "\t")).count();
    }

    @Test
    void aRunKilledInsideAnInnerSearchResumesFromItsJournalledGridPointsAndEqualsTheUninterruptedRun(@TempDir Path dir)
            throws Exception {
        AtomicInteger wholeFits = new AtomicInteger();
        Evaluation whole = countedProtocol(wholeFits, -1).run(BLOBS);
        // 9 points x 3 inner splits + 1 final fit = 28 fits per fold, one thread, inner split by inner split:
        // kill in fold 2 when the third inner split has finished 4 points
        int killAt = 28 + 2 * 9 + 4 + 1;
        Path file = dir.resolve("cv.json.journal");
        AtomicInteger fits = new AtomicInteger();
        FoldJournal first = FoldJournal.start(file, RUN);
        assertThatThrownBy(() -> countedProtocol(fits, killAt).withJournal(first, "cv").run(BLOBS))
                .hasRootCauseInstanceOf(Killed.class);
        assertThat(lines(file, "fold")).isEqualTo(1);
        assertThat(lines(file, "point")).as("the points of fold 2 whose three inner fits finished").isEqualTo(4);
        assertThat(FoldJournal.resume(file, RUN).recordedPoints("cv", 1)).isEqualTo(4);

        AtomicInteger resumedFits = new AtomicInteger();
        FoldJournal again = FoldJournal.resume(file, RUN);
        Evaluation resumed = countedProtocol(resumedFits, -1).withJournal(again, "cv").run(BLOBS);
        assertThat(resumedFits.get()).as("fits made on resume: all but fold 1 and fold 2's four journalled points")
                .isEqualTo(wholeFits.get() - 28 - 4 * 3);
        for (int s = 0; s < whole.folds().size(); s++) {
            assertThat(withoutTimes(resumed.folds().get(s))).isEqualTo(withoutTimes(whole.folds().get(s)));
        }
        assertThat(lines(file, "point")).as("a finished fold's points leave the journal with it").isZero();
        assertThat(lines(file, "fold")).isEqualTo(8);
    }

    @Test
    void aPointLineCutByAKillIsDroppedAndTheRunResumesFromTheWholeLines(@TempDir Path dir) throws Exception {
        AtomicInteger fits = new AtomicInteger();
        Path file = dir.resolve("cv.json.journal");
        FoldJournal first = FoldJournal.start(file, RUN);
        assertThatThrownBy(() -> countedProtocol(fits, 2 * 9 + 3 + 1).withJournal(first, "cv").run(BLOBS))
                .hasRootCauseInstanceOf(Killed.class);
        assertThat(lines(file, "point")).isEqualTo(3);
        String text = Files.readString(file);
        String last = text.substring(text.lastIndexOf("point\t"));
        Files.writeString(file, text + last.substring(0, last.length() / 2));  // a fourth line, cut in the middle
        FoldJournal again = FoldJournal.resume(file, RUN);
        assertThat(again.recordedPoints("cv", 0)).isEqualTo(3);
        assertThat(Files.readString(file)).as("rewritten without the cut line").isEqualTo(text);
        Evaluation resumed = countedProtocol(new AtomicInteger(), -1).withJournal(again, "cv").run(BLOBS);
        Evaluation whole = countedProtocol(new AtomicInteger(), -1).run(BLOBS);
        assertThat(withoutTimes(resumed.folds().get(0))).isEqualTo(withoutTimes(whole.folds().get(0)));
    }

    @Test
    void aGridPointRecordedOnOtherInnerSplitsIsRefusedNamingTheFoldAndPoint(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cv.json.journal");
        FoldJournal first = FoldJournal.start(file, RUN);
        assertThatThrownBy(() -> countedProtocol(new AtomicInteger(), 2 * 9 + 3 + 1).withJournal(first, "cv").run(BLOBS))
                .hasRootCauseInstanceOf(Killed.class);
        Grid<Vec> grid = Grid.of(p -> TestLearners.svm(p.number("gamma"), p.number("C")),
                Dimension.of("gamma", 0.05, 0.5, 5), Dimension.of("C", 0.1, 1, 10));
        ModelSelection<Vec> otherInner = ModelSelection.of(Resampling.stratifiedKFold(4, 2, 3), grid,
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(8, 7)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD));
        assertThatThrownBy(() -> otherInner.withJournal(FoldJournal.resume(file, RUN), "cv").runFold(BLOBS, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outer fold 0, grid point")
                .hasMessageContaining("another split, grid or inner splits");
    }

    /** The journal this test's protocol wrote before folds journalled their classification (commit 242a56b). */
    static List<String> journalBeforeClassification() throws java.io.IOException {
        try (var in = FoldJournalTest.class.getResourceAsStream("fold-journal-before-metrics.txt")) {
            return List.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n"));
        }
    }

    @Test
    void aJournalWrittenBeforeTheClassificationFieldsLoadsWithTheClassificationReportedAbsentNotRecomputed(
            @TempDir Path dir) throws Exception {
        List<String> old = journalBeforeClassification();
        assertThat(old).hasSize(2 + 8).noneMatch(l -> l.contains("cm="));
        Path file = dir.resolve("cv.json.journal");
        Files.write(file, old);
        Evaluation whole = protocol().run(BLOBS);

        Evaluation resumed = protocol().withJournal(FoldJournal.resume(file, RUN), "cv").run(BLOBS);
        // every fold recalled (a recomputed one would carry its classification), numbers as recorded
        assertThat(resumed.folds()).allSatisfy(f -> assertThat(f.classification()).isEmpty());
        assertThat(resumed.folds().stream().map(FoldJournalTest::withoutTimes).toList())
                .isEqualTo(whole.folds().stream().map(FoldJournalTest::withoutTimes).toList());
        assertThat(resumed.confusionMatrix()).isEmpty();
        assertThat(resumed.aucs()).isEmpty();
        assertThat(resumed.classificationMetrics()).allSatisfy((k, v) -> assertThat(v).as(k).isNull());
        assertThat(whole.confusionMatrix()).isPresent();
    }

    @Test
    void aRunResumedFromAnOldJournalRunsTheMissingFoldsButReportsTheSummedMetricsAbsent(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("cv.json.journal");
        Files.write(file, journalBeforeClassification().subList(0, 2 + 3));
        Evaluation resumed = protocol().withJournal(FoldJournal.resume(file, RUN), "cv").run(BLOBS);
        assertThat(resumed.folds().subList(0, 3)).allSatisfy(f -> assertThat(f.classification()).isEmpty());
        assertThat(resumed.folds().subList(3, 8)).allSatisfy(f -> assertThat(f.classification()).isPresent());
        assertThat(resumed.confusionMatrix()).isEmpty();
        assertThat(resumed.balancedAccuracies()).isEmpty();
        assertThat(Files.readAllLines(file).stream().filter(l -> l.contains("\tcm=")).count()).isEqualTo(5);
    }

    @Test
    void aJournalWithTheClassificationFieldsRoundTripsEveryFoldsConfusionMatrixAucAndAveragePrecision(
            @TempDir Path dir) throws Exception {
        Path file = dir.resolve("cv.json.journal");
        Evaluation whole = protocol().withJournal(FoldJournal.start(file, RUN), "cv").run(BLOBS);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.subList(2, lines.size())).hasSize(8).allSatisfy(l -> assertThat(l)
                .contains("\tcm_classes=").contains("\tcm=").contains("\tauc=0x").contains("\tap=0x"));

        Evaluation recalled = protocol().withJournal(FoldJournal.resume(file, RUN), "cv").run(BLOBS);
        for (int s = 0; s < 8; s++) {
            FoldClassification c = whole.folds().get(s).classification().orElseThrow();
            assertThat(recalled.folds().get(s).classification()).as("fold %d", s).hasValue(c);
            assertThat(c.confusionMatrix().total()).isEqualTo(15);
        }
        assertThat(recalled.confusionMatrix()).isEqualTo(whole.confusionMatrix()).isPresent();
        assertThat(recalled.classificationMetrics()).isEqualTo(whole.classificationMetrics());
    }

    @Test
    void aJournalRecordsItsDataHashesAndCommandLineAndRefusesDataThatChangedNamingTheFile(@TempDir Path dir)
            throws Exception {
        Path data = Files.writeString(dir.resolve("heart.libsvm"), "+1 1:0.5\n");
        Path file = dir.resolve("cv.json.journal");
        String then = FoldJournal.sha256(data);
        FoldJournal.start(file, RUN, java.util.Map.of(data.toString(), then), RUN + " --json cv.json");
        FoldJournal same = FoldJournal.resume(file, RUN, java.util.Map.of(data.toString(), then));
        assertThat(same.withoutHashes()).isFalse();
        assertThat(same.commandLine()).isEqualTo(RUN + " --json cv.json");

        Files.writeString(data, "-1 1:0.5\n");
        String now = FoldJournal.sha256(data);
        assertThat(now).isNotEqualTo(then);
        assertThatThrownBy(() -> FoldJournal.resume(file, RUN, java.util.Map.of(data.toString(), now)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(data + " changed since " + file + " was written")
                .hasMessageContaining(then.substring(0, 12)).hasMessageContaining(now.substring(0, 12))
                .hasMessageNotContaining("\n");
    }

    @Test
    void anOldJournalWithoutHashesStillResumesAndSaysItHasNone(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.journal");
        Files.writeString(file, "kernelkit-fold-journal 1\nrun " + FoldJournal.escape(RUN) + "\n");
        FoldJournal old = FoldJournal.resume(file, RUN, java.util.Map.of("heart.libsvm", "0".repeat(64)));
        assertThat(old.withoutHashes()).isTrue();
        assertThat(old.recordedFolds()).isZero();
    }

    @Test
    void theSha256OfAKnownTextIsTheStandardOne(@TempDir Path dir) throws Exception {
        // FIPS 180-2 test vector: SHA-256("abc")
        Path abc = Files.writeString(dir.resolve("abc"), "abc");
        assertThat(FoldJournal.sha256(abc)).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
