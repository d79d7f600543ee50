package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.testing.TestData;
import dev.kernelkit.util.Threads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Small heaps, --threads and interrupted runs (issue #25), through the command line. */
class ReliabilityCliTest {
    static final String NL = System.lineSeparator();

    @Command(name = "hog")
    static final class Hog implements Callable<Integer> {
        @Mixin
        Options.Threads threads;
        @Option(names = "--oom")
        boolean oom;

        @Override
        public Integer call() {
            if (oom) {
                throw new OutOfMemoryError("Java heap space");
            }
            System.setProperty("kernelkit.test.available", Integer.toString(Threads.available()));
            return 0;
        }
    }

    /** Runs the command line in a fresh JVM with the given heap; returns exit code and stderr. */
    static CliRun fork(String xmx, Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + xmx, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve("fork.out").toFile())
                .redirectError(dir.resolve("fork.err").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the forked run ends").isTrue();
        return new CliRun(p.exitValue(), Files.readString(dir.resolve("fork.out")), Files.readString(dir.resolve("fork.err")));
    }

    @Test
    void anOutOfMemoryErrorIsOneLineWithTheHeapAndExitCode1() {
        CliRun r = CliRun.run(new Hog(), "hog", "--oom");
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        long mib = Runtime.getRuntime().maxMemory() >> 20;
        assertThat(r.err()).startsWith("kernelkit: error: out of memory (Java heap space) with a heap of " + mib + " MiB: "
                + "run with more, e.g. java -Xmx").endsWith(NL).doesNotContain("\tat ");
        assertThat(r.err().split(NL)).hasSize(1);
    }

    @Test
    void aJobThatCannotFitTheHeapStopsBeforeStartingWithTheEstimate(@TempDir Path dir) throws Exception {
        // two 4000 x 4000 Gram matrices of doubles: 2 x 122 MiB, more than 80 % of a 64 MiB heap
        CliRun r = fork("64m", dir, "bench", "gram", "--n", "4000", "--d", "2");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("kernelkit: error: bench gram needs about 245 MiB for the points, 4000 x 2 (0.1 MiB), "
                + "the Gram matrix, 8 n^2 for n = 4000 (123 MiB), the naive reference's Gram matrix (123 MiB); the heap holds "
                + (Long.parseLong(r.err().replaceAll("(?s).*the heap holds (\\d+) MiB.*", "$1"))) + " MiB: run with -Xmx512m "
                + "(java -Xmx512m -jar kernelkit.jar ...)" + NL);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void benchCvmChecksItsLargestSizeBeforeTheFirstRowAndStopsWithTheEstimate(@TempDir Path dir) throws Exception {
        // 10^6 checkerboard points (84 MiB) and the CVM's row cache (half the heap) do not fit 80 % of 256 MiB
        CliRun r = fork("256m", dir, "bench", "cvm", "--n", "2000,1000000", "--svm-train", "none");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: bench cvm needs about ").contains("the data, 1000000 points")
                .contains("run with -Xmx").endsWith(NL).doesNotContain("\tat ");
        assertThat(r.err().split(NL)).hasSize(1);
        assertThat(r.out()).as("no size was run before the estimate").doesNotContain("n=2000");
    }

    @Test
    void aRealOutOfMemoryInAForkedJvmIsOneLineToo(@TempDir Path dir) throws Exception {
        // 150,000 points of 10 features: the points alone need more than a 24 MiB heap while being read
        StringBuilder b = new StringBuilder();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(1);
        for (int i = 0; i < 150_000; i++) {
            b.append(i % 2 == 0 ? "-1" : "1");
            for (int j = 1; j <= 10; j++) {
                b.append(' ').append(j).append(':').append(String.format(java.util.Locale.ROOT, "%.3f", rnd.nextDouble()));
            }
            b.append('\n');
        }
        Path data = dir.resolve("big.libsvm");
        Files.writeString(data, b, StandardCharsets.UTF_8);
        CliRun r = fork("24m", dir, "svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                dir.resolve("m").toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: out of memory").contains("-Xmx").doesNotContain("\tat ");
        assertThat(r.err().split(NL)).hasSize(1);
        assertThat(dir.resolve("m")).doesNotExist();
    }

    @Test
    void threadsIsValidatedAndBoundsWhatTheCommandMayUse() {
        CliRun bad = CliRun.run(new Hog(), "hog", "--threads", "0");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).isEqualTo("kernelkit: error: --threads must be >= 1, got 0" + NL);
        assertThat(CliRun.run(new Hog(), "hog", "--threads", "3").exitCode()).isZero();
        assertThat(System.getProperty("kernelkit.test.available")).isEqualTo("3");
        assertThat(CliRun.run(new Hog(), "hog").exitCode()).isZero();
        assertThat(System.getProperty("kernelkit.test.available"))
                .isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
        assertThat(CliRun.of("sparse-mi", "cv", "--help").out()).contains("--threads=N");
        assertThat(CliRun.of("svm", "cv", "--help").out()).contains("--threads=N");
        assertThat(CliRun.of("mkl", "compare", "--help").out()).contains("--threads=N");
    }

    @Test
    void aKilledSparseMiCvResumesToTheJsonOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(30, 4, 8, 5), data);
        String[] common = {"sparse-mi", "cv", "--data", data.toString(), "--xv", "3", "--gamma-grid", "0.5,1",
            "--c-grid", "1,10", "--iterations", "10", "--folds", "3", "--repeats", "4", "--seed", "2"};
        Path killed = dir.resolve("killed.json");
        Path journal = Journals.journalFile(killed);
        List<String> args = new ArrayList<>(List.of(common));
        args.addAll(List.of("--json", killed.toString(), "--threads", "1"));
        killOnceJournalled(args, dir.resolve("fork.out"), journal, "fold", 2, 120);
        int recorded = folds(journal);
        assertThat(recorded).as("folds journalled when the run was killed").isBetween(2, 11);
        assertThat(killed).as("no JSON from the killed run").doesNotExist();

        List<String> resume = new ArrayList<>(List.of(common));
        resume.addAll(List.of("--json", killed.toString(), "--resume"));
        CliRun resumed = CliRun.of(resume.toArray(String[]::new));
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(journal).as("the journal is removed once the JSON is written").doesNotExist();

        Path whole = dir.resolve("whole.json");
        List<String> plain = new ArrayList<>(List.of(common));
        plain.addAll(List.of("--json", whole.toString()));
        assertThat(CliRun.of(plain.toArray(String[]::new)).exitCode()).isZero();
        // the mean train and predict seconds are wall-clock times, different in any two runs
        assertThat(withoutTimes(killed)).isEqualTo(withoutTimes(whole)).contains("\"fold_accuracies\"");
    }

    @Test
    void resumeRefusesAnotherRunsJournalNeedsJsonAndStartsFreshWithoutAJournal(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(10, 3, 5, 5), data);
        Path json = dir.resolve("cv.json");
        Files.writeString(Journals.journalFile(json), "kernelkit-fold-journal 1\nrun kernelkit sparse-mi cv --seed 1\n");
        CliRun other = CliRun.of("sparse-mi", "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--folds", "3",
                "--json", json.toString(), "--resume");
        assertThat(other.exitCode()).isEqualTo(1);
        assertThat(other.err()).startsWith("kernelkit: error: " + Journals.journalFile(json) + " belongs to another run")
                .contains("it recorded 'kernelkit sparse-mi cv --seed 1'").contains("run without --resume to start over");
        CliRun noJson = CliRun.of("sparse-mi", "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--resume");
        assertThat(noJson.err()).isEqualTo("kernelkit: error: --resume needs --json FILE: the journal it continues is "
                + "FILE.journal" + NL);
        CliRun missing = CliRun.of("sparse-mi", "cv", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--folds", "3",
                "--json", dir.resolve("none.json").toString(), "--resume");
        // a batch script that always passes --resume: its first run starts fresh and says so
        assertThat(missing.exitCode()).as(missing.err()).isZero();
        assertThat(missing.err()).contains("kernelkit: note: --resume: there is no journal " + dir.resolve("none.json.journal")
                + " yet; starting the run from the beginning");
        assertThat(dir.resolve("none.json")).exists();
    }

    @Test
    void aKilledMklCvResumesToTheJsonOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(200, 3, 2.0, 3), data);
        List<String> common = List.of("mkl", "cv", "--data", data.toString(), "--method", "sm1", "--c-grid", "1,10",
                "--nu-grid", "0.5,1", "--inner-folds", "3", "--splits", "6", "--seed", "4");
        JsonNode tampered = killResumeAndCompare(dir, common, 6, "cv");
        assertThat(TestJson.doubles(tampered.get("split_accuracies")).get(0)).isEqualTo(TAMPERED_SCORE);
    }

    @Test
    void aKilledMklCompareResumesEveryMethodToTheJsonOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(200, 3, 2.0, 5), data);
        List<String> common = List.of("mkl", "compare", "--data", data.toString(), "--methods", "sm1,ave", "--c-grid",
                "1,10", "--nu-grid", "0.5,1", "--inner-folds", "3", "--splits", "4", "--seed", "2", "--verbose");
        // method by method: the splits of sm1, then those of ave
        JsonNode tampered = killResumeAndCompare(dir, common, 8, "sm1");
        assertThat(TestJson.doubles(tampered.get("methods").get("sm1").get("split_accuracies")).get(0))
                .isEqualTo(TAMPERED_SCORE);
        assertThat(TestJson.doubles(tampered.get("methods").get("ave").get("split_accuracies")).get(0))
                .isNotEqualTo(TAMPERED_SCORE);
    }

    @Test
    void aKilledPrototypesCvResumesToTheJsonOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        SplittableRandom rnd = new SplittableRandom(3);
        List<Vec> xs = new ArrayList<>();
        double[] ys = new double[45];
        for (int i = 0; i < ys.length; i++) {
            int q = i % 3;
            xs.add(DenseVec.of(q + 0.6 * rnd.nextGaussian(), -q + 0.6 * rnd.nextGaussian(), rnd.nextGaussian()));
            ys[i] = q + 1;
        }
        Path data = dir.resolve("three.libsvm");
        LibsvmFormat.write(new LabeledDataset(xs, ys), data);
        List<String> common = List.of("prototypes", "cv", "--data", data.toString(), "--t", "2", "--splits", "6",
                "--max-iterations", "10", "--tune", "t=2;t=3", "--inner-folds", "3", "--seed", "5");
        JsonNode tampered = killResumeAndCompare(dir, common, 6, "cv");
        assertThat(TestJson.doubles(tampered.get("accuracy_per_split")).get(0)).isEqualTo(TAMPERED_SCORE);
    }

    @Test
    void aKilledCompareOfTunedVectorLearnersResumesEveryLearnerToTheJsonOfAnUninterruptedRun(@TempDir Path dir)
            throws Exception {
        Path data = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(200, 0.3, 4), data);
        // the learners one after the other over all splits: svm's 6 splits, then l2-svm's
        List<String> common = List.of("compare", "--data", data.toString(), "--learners", "svm,l2-svm", "--splits", "6",
                "--seed", "3", "--tune", "--scale", "standard");
        JsonNode tampered = killResumeAndCompare(dir, common, List.of(), 12, "svm");
        JsonNode svm = tampered.get("learners").get("svm");
        assertThat(TestJson.doubles(svm.get("fold_accuracies")).get(0)).isEqualTo(TAMPERED_SCORE);
        assertThat(svm.get("chosen")).hasSize(6);
        assertThat(TestJson.doubles(tampered.get("learners").get("l2-svm").get("fold_accuracies")).get(0))
                .isNotEqualTo(TAMPERED_SCORE);
    }

    @Test
    void aKilledCompareOnBagsResumesEveryLearnerToTheJsonOfAnUninterruptedRun(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("ring.csv");
        // 180 bags: a few tens of milliseconds per split, so the kill lands between the 2nd and the last
        CsvBagFormat.write(SyntheticData.ringBags(90, 4, 8, 3), data);
        List<String> common = List.of("compare", "--data", data.toString(), "--learners", "mikernel,cvm", "--folds", "3",
                "--repeats", "2", "--seed", "5");
        JsonNode tampered = killResumeAndCompare(dir, common, List.of(), 12, "mikernel");
        assertThat(TestJson.doubles(tampered.get("learners").get("mikernel").get("fold_accuracies")).get(0))
                .isEqualTo(TAMPERED_SCORE);
    }

    @Test
    void compareResumeRefusesAJournalOfOtherArgumentsNamingBoth(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(40, 0.3, 4), data);
        Path json = dir.resolve("cmp.json");
        Path journal = Journals.journalFile(json);
        String other = "kernelkit compare --data " + data + " --learners svm,cvm --folds 3 --seed 1 --json " + json;
        Files.writeString(journal, "kernelkit-fold-journal 1\nrun " + java.net.URLEncoder.encode(other, StandardCharsets.UTF_8)
                + "\n");
        CliRun r = CliRun.of("compare", "--data", data.toString(), "--learners", "svm,cvm", "--folds", "3", "--seed", "2",
                "--json", json.toString(), "--resume");
        PredictCommandTest.assertOneErrorLine(r, journal + " belongs to another run", "it recorded '" + other + "'",
                "this run is 'kernelkit compare --data " + data + " --learners svm,cvm --folds 3 --seed 2 --json " + json + "'",
                "run without --resume to start over");
        assertThat(json).doesNotExist();
        assertThat(Files.readString(journal)).as("the refused journal is left as it was").contains("--seed+1");
        PredictCommandTest.assertOneErrorLine(CliRun.of("compare", "--data", data.toString(), "--learners", "svm",
                "--folds", "3", "--seed", "2", "--resume"), "--resume needs --json FILE");
    }

    @Test
    void theJournallingCommandsOfferResumeAndThePaperComparisonsPointToKernelkitCompare() {
        for (String[] cmd : new String[][] {{"mkl", "cv"}, {"mkl", "compare"}, {"prototypes", "cv"}, {"sparse-mi", "cv"},
            {"sparse-mi", "compare"}, {"svm", "cv"}, {"cvm", "cv"}}) {
            assertThat(CliRun.of(cmd[0], cmd[1], "--help").out()).as(String.join(" ", cmd)).contains("--resume");
        }
        // picocli may wrap anywhere, even after "FILE."
        assertThat(CliRun.of("compare", "--help").out().replaceAll("\\s+", "")).contains("--resume")
                .contains("journalledinFILE.journal(removedoncetheJSONiswritten)");
        for (String family : new String[] {"mkl", "sparse-mi"}) {
            assertThat(CliRun.of(family, "compare", "--help").out().replaceAll("\\s+", " ")).as(family)
                    .contains("use kernelkit compare.");
        }
    }

    /** The test score written into a journal to show that a resumed run takes recorded folds from it. */
    static final double TAMPERED_SCORE = 0.25;

    /**
     * Runs {@code common --json killed.json --threads 1} in a forked JVM and kills it once two outer folds are
     * journalled (of {@code folds}); resumes it in-process with {@code --resume} and asserts its JSON equals that of
     * an uninterrupted run (wall times excepted) and that the journal is gone. Then shows that the recorded folds
     * were recalled, not run again: resumed from the journal as the kill left it, with the test score of fold 0 of
     * {@code section} changed to {@link #TAMPERED_SCORE}, the run's JSON, returned, carries that score.
     */
    static JsonNode killResumeAndCompare(Path dir, List<String> common, int folds, String section) throws Exception {
        return killResumeAndCompare(dir, common, List.of("--threads", "1"), folds, section);
    }

    /** As {@link #killResumeAndCompare(Path, List, int, String)}, with {@code forkOnly} added to the killed run only. */
    static JsonNode killResumeAndCompare(Path dir, List<String> common, List<String> forkOnly, int folds, String section)
            throws Exception {
        Path killed = dir.resolve("killed.json");
        Path journal = Journals.journalFile(killed);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(common);
        cmd.addAll(List.of("--json", killed.toString()));
        cmd.addAll(forkOnly);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("fork.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (folds(journal) < 2 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        p.destroyForcibly();
        p.waitFor();
        assertThat(folds(journal)).as("folds journalled when the run was killed").isBetween(2, folds - 1);
        assertThat(killed).as("no JSON from the killed run").doesNotExist();
        List<String> atKill = Files.readAllLines(journal);

        List<String> resume = new ArrayList<>(common);
        resume.addAll(List.of("--json", killed.toString(), "--resume"));
        CliRun resumed = CliRun.of(resume.toArray(String[]::new));
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(journal).as("the journal is removed once the JSON is written").doesNotExist();

        Path whole = dir.resolve("whole.json");
        List<String> plain = new ArrayList<>(common);
        plain.addAll(List.of("--json", whole.toString()));
        CliRun uninterrupted = CliRun.of(plain.toArray(String[]::new));
        assertThat(uninterrupted.exitCode()).as(uninterrupted.err()).isZero();
        assertThat(withoutWallTimes(killed)).isEqualTo(withoutWallTimes(whole));

        String prefix = "fold\t" + section + "\t0\t";
        assertThat(atKill).anyMatch(l -> l.startsWith(prefix));
        List<String> tampered = atKill.stream().map(l -> l.startsWith(prefix)
                ? l.replaceFirst("\tscore=[^\t]*", "\tscore=" + Double.toHexString(TAMPERED_SCORE)) : l).toList();
        Files.write(journal, tampered);
        Files.delete(killed);
        CliRun again = CliRun.of(resume.toArray(String[]::new));
        assertThat(again.exitCode()).as(again.err()).isZero();
        return TestJson.read(killed);
    }

    /** The JSON's lines without the wall-clock times (keys with "seconds"), different in any two runs. */
    static String withoutWallTimes(Path json) throws IOException {
        return Files.readAllLines(json).stream().filter(l -> !l.matches("\\s*\"\\w*seconds\\w*\":.*"))
                .collect(Collectors.joining("\n"));
    }

    static int folds(Path journal) {
        return journalLines(journal, "fold");
    }

    /** Lines of a kind ("fold" or "point") in a fold journal (0 while there is none). */
    static int journalLines(Path journal, String kind) {
        try {
            return (int) Files.readAllLines(journal).stream().filter(l -> l.startsWith(kind + "\t")).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Runs kernelkit with {@code args} in a new JVM (output to {@code out}) and kills it (as kill -9 would)
     * once {@code journal} holds {@code lines} lines of {@code kind}, or after {@code seconds}.
     */
    static void killOnceJournalled(List<String> args, Path out, Path journal, String kind, int lines, int seconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (journalLines(journal, kind) < lines && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        p.destroyForcibly();
        p.waitFor();
    }

    static String withoutTimes(Path json) throws IOException {
        // every wall-clock key: train_seconds, predict_seconds and the schema's *_seconds_mean / _total
        return Files.readAllLines(json).stream().filter(l -> !l.matches("\\s*\"\\w*seconds\\w*\":.*"))
                .collect(Collectors.joining("\n"));
    }
}
