package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code svm cv} and {@code cvm cv} (issue #25): a run killed part-way leaves its journal, {@code --resume}
 * continues it, and the JSON equals that of an uninterrupted run (every key but the measured times and the
 * JVM's flags).
 */
class CvResumeTest {
    /** Keys that differ between any two runs: wall-clock times and the JVM's own flags. */
    private static final Set<String> TIMES = Set.of("train_seconds", "train_seconds_total", "wall_seconds",
            "fold_train_seconds", "train_seconds_mean", "predict_seconds_mean", "tune_seconds_mean", "jvm_flags");

    @TempDir
    Path dir;

    private void killResumeAndCompare(String name, String... common) throws Exception {
        Path killed = dir.resolve(name + "-killed.json");
        Path journal = Journals.journalFile(killed);
        List<String> args = new ArrayList<>(List.of(common));
        args.addAll(List.of("--json", killed.toString(), "--threads", "1"));
        ReliabilityCliTest.killOnceJournalled(args, dir.resolve(name + ".out"), journal, "fold", 2, 180);
        int recorded = ReliabilityCliTest.folds(journal);
        assertThat(recorded).as("folds journalled when the run was killed").isBetween(2, 11);
        assertThat(killed).as("no JSON from the killed run").doesNotExist();

        List<String> resume = new ArrayList<>(List.of(common));
        resume.addAll(List.of("--json", killed.toString(), "--resume"));
        CliRun resumed = CliRun.of(resume.toArray(String[]::new));
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(journal).as("the journal is removed once the JSON is written").doesNotExist();

        Path whole = dir.resolve(name + "-whole.json");
        List<String> plain = new ArrayList<>(List.of(common));
        plain.addAll(List.of("--json", whole.toString()));
        CliRun uninterrupted = CliRun.of(plain.toArray(String[]::new));
        assertThat(uninterrupted.exitCode()).as(uninterrupted.err()).isZero();
        JsonNode a = withoutTimes(TestJson.read(killed));
        JsonNode b = withoutTimes(TestJson.read(whole));
        assertThat(a).isEqualTo(b);
        assertThat(a.get("fold_accuracies")).hasSize(12);
    }

    private static JsonNode withoutTimes(JsonNode j) {
        ObjectNode o = ((ObjectNode) j).deepCopy();
        o.remove(TIMES);
        return o;
    }

    @Test
    void aKilledSvmCvWithAGridSearchResumesToTheJsonOfAnUninterruptedRun() throws Exception {
        Path data = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(300, 0.3, 4), data);
        killResumeAndCompare("svm", "svm", "cv", "--data", data.toString(), "--folds", "3", "--repeats", "4", "--seed",
                "6", "--scale", "standard");
    }

    @Test
    void aKilledCvmCvOnBagsResumesToTheJsonOfAnUninterruptedRun() throws Exception {
        Path data = dir.resolve("ring.csv");
        CsvBagFormat.write(SyntheticData.ringBags(200, 4, 8, 3), data);
        killResumeAndCompare("cvm", "cvm", "cv", "--data", data.toString(), "--folds", "3", "--repeats", "4", "--seed",
                "6", "--gamma", "1", "--c", "100", "--eps", "1e-7", "--mode", "jmlr");
    }

    @Test
    void anSvmCvKilledInsideAnInnerGridSearchResumesFromTheJournalledGridPoints() throws Exception {
        Path data = dir.resolve("moons.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(900, 0.3, 4), data);
        String[] common = {"svm", "cv", "--data", data.toString(), "--folds", "3", "--repeats", "1", "--seed", "6",
                "--scale", "standard"};
        Path killed = dir.resolve("grid-killed.json");
        Path journal = Journals.journalFile(killed);
        List<String> args = new ArrayList<>(List.of(common));
        args.addAll(List.of("--json", killed.toString(), "--threads", "1"));
        ReliabilityCliTest.killOnceJournalled(args, dir.resolve("grid.out"), journal, "point", 2, 180);
        int points = ReliabilityCliTest.journalLines(journal, "point");
        assertThat(points).as("grid points of the first fold journalled when the run was killed").isGreaterThanOrEqualTo(2);
        int folds = ReliabilityCliTest.journalLines(journal, "fold");

        List<String> resume = new ArrayList<>(List.of(common));
        resume.addAll(List.of("--json", killed.toString(), "--resume"));
        CliRun resumed = CliRun.of(resume.toArray(String[]::new));
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.err()).contains("resuming from " + journal + ": " + folds + " finished outer fold(s) and "
                + points + " scored grid point(s)");

        Path whole = dir.resolve("grid-whole.json");
        List<String> plain = new ArrayList<>(List.of(common));
        plain.addAll(List.of("--json", whole.toString()));
        CliRun uninterrupted = CliRun.of(plain.toArray(String[]::new));
        assertThat(uninterrupted.exitCode()).as(uninterrupted.err()).isZero();
        assertThat(withoutTimes(TestJson.read(killed))).isEqualTo(withoutTimes(TestJson.read(whole)));
    }
}
