package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.eval.FoldJournal;
import dev.kernelkit.io.Models;
import dev.kernelkit.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kernelkit info --model M} prints what a model file holds, including the provenance train wrote. */
class InfoCommandTest {

    @Test
    void infoShowsTypeVersionClassesScalingAndTheProvenanceThatTrainWroteWithTheReadmeKeys(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(40, 3, 2.5, 1), data);
        Path model = dir.resolve("m.model");
        CliRun t = CliRun.of("train", "--learner", "svm", "--param", "c=2", "--scale", "standard", "--seed", "5",
                "--data", data.toString(), "--model", model.toString());
        assertThat(t.exitCode()).as(t.err()).isZero();
        Path json = dir.resolve("info.json");
        CliRun r = CliRun.of("info", "--model", model.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String sha = FoldJournal.sha256(data);
        assertThat(r.out()).contains("type         svm, layout version 2")
                .contains("learner      svm (classification)")
                .contains("input        vectors, 3 features")
                .contains("classes      -1, 1 (2)")
                .contains("machines     1")
                .contains("scaling      standard")
                .contains("calibration  none")
                .containsPattern("(?m)^  data +blobs\\.libsvm$")
                .containsPattern("(?m)^  data_sha256 +" + sha + "$")
                .containsPattern("(?m)^  n +40$")
                .containsPattern("(?m)^  seed +5$")
                .containsPattern("(?m)^  param\\.c +2$")
                .containsPattern("(?m)^  command +kernelkit train --learner svm .*--model " + Path.of(model.toString())
                        .toString().replace("\\", "\\\\").replace(".", "\\.") + "$")
                .containsPattern("(?m)^  kernelkit +" + Models.kernelkitVersion().replace(".", "\\.") + "$");
        JsonNode j = TestJson.read(json);
        assertThat(j.get("type").asText()).isEqualTo("svm");
        assertThat(j.get("version").asInt()).isEqualTo(2);
        assertThat(j.get("classes").get(1).asText()).isEqualTo("1");
        assertThat(j.get("provenance").get("data_sha256").asText()).isEqualTo(sha);
        assertThat(TestJson.keys(j)).containsAll(ReadmeKeys.read().get("info"));
    }

    @Test
    void aFileOfTheFormerLayoutIsShownWithItsVersionAndNoProvenance(@TempDir Path dir) throws Exception {
        // written by kernelkit 0.1.0-SNAPSHOT of 2026-12-01, before the model-file convention
        Path old = Path.of("../integration-tests/src/test/resources/model-fixtures/svm-scaled-vectors.model");
        assertThat(Files.readString(old)).contains("version = 1").doesNotContain("provenance.");
        CliRun r = CliRun.of("info", "--model", old.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("type         svm, layout version 1 (read through the upgrade to version 2)")
                .contains("scaling      standard").contains("calibration  none")
                .contains("provenance   (none recorded: written before model files carried it)");
    }

    @Test
    void aFileOfANewerVersionIsOneErrorLine(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("blobs.libsvm");
        LibsvmFormat.write(TestData.gaussianBlobs(30, 2, 2.5, 2), data);
        Path model = dir.resolve("m.model");
        assertThat(CliRun.of("train", "--learner", "svm", "--data", data.toString(), "--model", model.toString())
                .exitCode()).isZero();
        Path newer = dir.resolve("newer.model");
        Files.writeString(newer, Files.readString(model).replace("\nversion = 2\n", "\nversion = 3\n"));
        CliRun r = CliRun.of("info", "--model", newer.toString());
        PredictCommandTest.assertOneErrorLine(r, "model file " + newer + ": type svm version 3 is newer than this "
                + "kernelkit reads (2)");
    }
}
