package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.io.Models;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.svm.SvmModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --duplicates} of {@code svm train} and {@code --param duplicates=} of {@code train --learner svm}: equal
 * training points of one class are merged by default (fewer support vectors, the same predictions), kept apart with
 * {@code keep}; a bad value is one error line naming the option.
 */
class SvmDuplicatesCliTest {
    @TempDir
    Path dir;

    /** 40 seeded 2-d points of two overlapping classes, every line written three times. */
    private Path tripled() throws Exception {
        SplittableRandom rnd = new SplittableRandom(3);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int label = i < 20 ? -1 : 1;
            double shift = label > 0 ? 0.8 : 0.0;
            String line = label + " 1:" + (shift + rnd.nextGaussian()) + " 2:" + (shift + rnd.nextGaussian());
            lines.add(line);
            lines.add(line);
            lines.add(line);
        }
        Path f = dir.resolve("tripled.libsvm");
        Files.write(f, lines);
        return f;
    }

    @Test
    void svmTrainMergesEqualPointsByDefaultAndKeepsThemApartWithKeep() throws Exception {
        Path data = tripled();
        Path merged = dir.resolve("merged.model");
        Path kept = dir.resolve("kept.model");
        CliRun m = CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                merged.toString());
        CliRun k = CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                kept.toString(), "--duplicates", "keep");
        assertThat(m.exitCode()).as(m.err()).isZero();
        assertThat(k.exitCode()).as(k.err()).isZero();
        SvmModel a = (SvmModel) Scaled.innermost(Models.load(merged));
        SvmModel b = (SvmModel) Scaled.innermost(Models.load(kept));
        assertThat(a.supportVectorCount()).as("merged: each support vector once").isLessThanOrEqualTo(40);
        assertThat(b.supportVectorCount()).as("kept: copies are support vectors too").isGreaterThan(a.supportVectorCount());
        assertThat(a.report().options()).doesNotContain("duplicates");
        assertThat(b.report().options()).contains("duplicates=KEEP");
        assertThat(a.report().objective()[0]).isCloseTo(b.report().objective()[0],
                org.assertj.core.api.Assertions.within(1e-3 * Math.abs(b.report().objective()[0])));
    }

    @Test
    void trainLearnerSvmTakesTheDuplicatesParameter() throws Exception {
        Path data = tripled();
        Path model = dir.resolve("p.model");
        CliRun r = CliRun.of("train", "--learner", "svm", "--param", "duplicates=keep", "--data", data.toString(),
                "--model", model.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(((SvmModel) Scaled.innermost(Models.load(model))).report().options()).contains("duplicates=KEEP");
    }

    @Test
    void aBadValueIsOneErrorLineNamingTheOption() throws Exception {
        Path data = tripled();
        PredictCommandTest.assertOneErrorLine(CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.5",
                "--c", "1", "--model", dir.resolve("x.model").toString(), "--duplicates", "drop"),
                "--duplicates must be merge or keep, got 'drop'");
        assertThat(dir.resolve("x.model")).doesNotExist();
        PredictCommandTest.assertOneErrorLine(CliRun.of("bench", "svm", "--data", data.toString(), "--gamma", "0.5",
                "--duplicates", "none", "--svm-train", "none"), "--duplicates must be merge or keep, got 'none'");
    }
}
