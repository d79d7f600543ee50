package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal knows its data (issue #35): it records the SHA-256 of --data and the full command line;
 * --resume after the data file changed is refused in one line naming the file; a journal written
 * before hashes were recorded still resumes, with a warning line.
 */
class ResumeDataTest {
    @TempDir
    Path dir;

    private String[] svmCv(Path data, Path json, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("svm", "cv", "--data", data.toString(), "--gamma", "0.5",
                "--c", "1", "--folds", "3", "--seed", "2", "--json", json.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** The journal a run of svmCv(data, json) starts with, as a killed run would leave it (no fold yet). */
    private Path journalOf(Path data, Path json) throws Exception {
        Path journal = Journals.journalFile(json);
        String run = "kernelkit " + String.join(" ", svmCv(data, json));
        FoldJournal.start(journal, run, java.util.Map.of(data.toString(), FoldJournal.sha256(data)), run);
        return journal;
    }

    @Test
    void theJournalRecordsTheDataHashAndTheFullCommandLine() throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 3), data);
        Path json = dir.resolve("cv.json");
        Path journal = journalOf(data, json);
        assertThat(Files.readString(journal)).contains("\ndata ").contains(" " + FoldJournal.sha256(data) + "\n")
                .contains("\ncommand ");
        CliRun r = CliRun.of(svmCv(data, json, "--resume"));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("resuming from " + journal);
        assertThat(json).exists();
        assertThat(journal).doesNotExist();
    }

    @Test
    void resumeOnADataFileThatChangedIsRefusedInOneLineNamingIt() throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 3), data);
        Path json = dir.resolve("cv.json");
        journalOf(data, json);
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 4), data);  // same name, other points
        CliRun r = CliRun.of(svmCv(data, json, "--resume"));
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: error: " + data + " changed since ").contains("run without --resume");
        assertThat(r.err().lines()).hasSize(1);
        assertThat(json).doesNotExist();
    }

    @Test
    void anOldJournalWithoutHashesResumesWithAWarningLine() throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 3), data);
        Path json = dir.resolve("cv.json");
        Path journal = Journals.journalFile(json);
        FoldJournal.start(journal, "kernelkit " + String.join(" ", svmCv(data, json)));  // the format before hashes
        assertThat(Files.readString(journal)).doesNotContain("\ndata").doesNotContain("\ncommand");
        CliRun r = CliRun.of(svmCv(data, json, "--resume"));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("kernelkit: warning: " + journal + " was written before journals recorded the hashes"
                + " of their data: resuming without checking that " + data + " did not change");
        assertThat(json).exists();
    }

    @Test
    void resumeWithTheJsonOnStandardOutputIsRefusedInOneLine() throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(60, 3, 2.0, 3), data);
        CliRun r = CliRun.of(svmCv(data, Path.of("-"), "--resume"));
        PredictCommandTest.assertOneErrorLine(r, "--resume needs --json FILE, not standard output (-)");
        assertThat(Path.of("-.journal")).doesNotExist();
    }
}
