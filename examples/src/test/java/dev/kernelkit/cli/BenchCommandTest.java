package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void ratioSaysFasterOrSlowerWithTheFactor() {
        // 0.5 s vs 2.0 s: ratio 0.25, 4x faster; 1.6 s vs 1.0 s: ratio 1.6, 1.6x slower.
        assertThat(BenchCommand.ratio(0.5, 2.0, "LIBSVM")).isEqualTo("time ours / LIBSVM = 0.250 (ours is 4.0x faster)");
        assertThat(BenchCommand.ratio(1.6, 1.0, "the naive loop"))
                .isEqualTo("time ours / the naive loop = 1.600 (ours is 1.6x slower)");
    }

    /** Stand-in svm-train / svm-predict (a model with total_sv 5; 50 % accuracy) in a folder of their own. */
    private Path fakeSvmTrain() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path train = bin.resolve("svm-train");
        Files.writeString(train, "#!/bin/sh\nfor last; do :; done\n"
                + "printf 'svm_type c_svc\\ntotal_sv 5\\nSV\\n' > \"$last\"\n");
        Path predict = bin.resolve("svm-predict");
        Files.writeString(predict, "#!/bin/sh\necho 'Accuracy = 50% (1/2) (classification)'\n");
        for (Path p : new Path[] {train, predict}) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return train;
    }

    @Test
    void benchSvmAddsTheCLibsvmRowWhenTheToolRunsAndSaysSoAndGoesOnWhenItIsMissing() throws IOException {
        Path data = dir.resolve("train.libsvm");
        Path test = dir.resolve("test.libsvm");
        LibsvmFormat.write(SyntheticData.twoMoons(80, 0.15, 1), data);
        LibsvmFormat.write(SyntheticData.twoMoons(40, 0.15, 2), test);
        String[] base = {"bench", "svm", "--data", data.toString(), "--test", test.toString(), "--gamma", "1", "--c", "1",
                "--cache-mb", "10"};
        CliRun with = CliRun.of(concat(base, "--svm-train", fakeSvmTrain().toString(), "--json",
                dir.resolve("with.json").toString()));
        assertThat(with.exitCode()).as(with.err()).isZero();
        assertThat(with.out()).containsPattern("libsvm \\(C svm-train\\) +[0-9.]+ +[0-9.]+ +- +5 +- +50\\.00%")
                .contains("CPU time ours / C svm-train = ");
        String json = Files.readString(dir.resolve("with.json"));
        assertThat(json).containsPattern("\"c_libsvm_sv\" ?: ?5").containsPattern("\"c_libsvm_accuracy\" ?: ?0\\.5");
        CliRun missing = CliRun.of(concat(base, "--svm-train", dir.resolve("nowhere/svm-train").toString(), "--json",
                dir.resolve("missing.json").toString()));
        assertThat(missing.exitCode()).as(missing.err()).isZero();
        assertThat(missing.out()).contains("smo (ours)", "libsvm (java)").doesNotContain("C svm-train)")
                .contains("C LIBSVM: '" + dir.resolve("nowhere/svm-train") + "' or svm-predict not found, skipped");
        assertThat(Files.readString(dir.resolve("missing.json"))).containsPattern("\"c_libsvm_sv\" ?: ?null");
        CliRun none = CliRun.of(concat(base, "--svm-train", "none"));
        assertThat(none.out()).contains("C LIBSVM: skipped (--svm-train none)");
    }

    @Test
    void benchCvmAddsTheCLibsvmRowToItsTableOrSaysItIsMissing() throws IOException {
        String[] base = {"bench", "cvm", "--n", "400", "--eps", "1e-5"};
        CliRun with = CliRun.of(concat(base, "--svm-train", fakeSvmTrain().toString()));
        assertThat(with.exitCode()).as(with.err()).isZero();
        assertThat(with.out()).contains("C LIBSVM: " + dir.resolve("bin/svm-train") + " runs wherever SMO does")
                .contains("CVM libcvm, C 1e4", "SMO (ours), C 100", "LIBSVM Java, C 100")
                .containsPattern("C LIBSVM svm-train, C 100 +[0-9.]+ +[0-9.]+ +5 +50\\.00%");
        CliRun missing = CliRun.of(concat(base, "--svm-train", dir.resolve("nowhere/svm-train").toString()));
        assertThat(missing.exitCode()).as(missing.err()).isZero();
        assertThat(missing.out()).contains("not found, skipped").contains("SMO (ours), C 100")
                .doesNotContain("C LIBSVM svm-train, C");
    }

    @Test
    void benchCvmWarmFitsRepeatTheColdCoreSetAndReportTheirMediansBesideTheColdFits() throws IOException {
        Path json = dir.resolve("warm.json");
        CliRun run = CliRun.of("bench", "cvm", "--n", "400", "--eps", "1e-5", "--svm-train", "none", "--warm-fits", "3",
                "--json", json.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        // each warm fit is checked to be the cold fit again (core set and alphas; the SMO's objective and iterations)
        assertThat(run.out()).contains("warm (median of 3 more fits in this JVM, each the cold fit again): CVM ")
                .contains("CVM warm (median of 3)", "SMO (ours) warm");
        String j = Files.readString(json);
        assertThat(j).contains("\"warm_fits\": 3", "\"cvm_warm_seconds\"", "\"smo_warm_seconds\"",
                "\"smo_over_cvm_warm\"");
        CliRun cold = CliRun.of("bench", "cvm", "--n", "400", "--eps", "1e-5", "--svm-train", "none");
        assertThat(cold.out()).doesNotContain("warm");
        CliRun bad = CliRun.of("bench", "cvm", "--n", "400", "--warm-fits", "21");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.err()).contains("--warm-fits must be between 0 and 20, got 21");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void benchGramSaysWhichProductRanInItsTableAndJson() throws IOException {
        for (String[] c : new String[][] {{"native", "openblas"}, {"java", "java-tile"}, {"auto", "openblas"}}) {
            Path json = dir.resolve("gram-" + c[0] + ".json");
            CliRun r = CliRun.of("bench", "gram", "--n", "300", "--d", "7", "--repeats", "1", "--threads", "2",
                    "--gram-product", c[0], "--json", json.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).as(c[0]).contains("ours (" + c[1] + ", best of 1)");
            String text = Files.readString(json);
            assertThat(text).as(c[0]).containsPattern("\"gram_product\" ?: ?\"" + c[1] + "\"")
                    .containsPattern("\"max_abs_difference\" ?: ?[0-9.E-]+");
            assertThat(com.fasterxml.jackson.databind.json.JsonMapper.builder().build().readTree(text)
                    .get("max_abs_difference").asDouble()).as(c[0]).isLessThan(1e-12);
        }
        CliRun bad = CliRun.of("bench", "gram", "--n", "10", "--gram-product", "gpu");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.err()).contains("--gram-product must be java, native or auto, got 'gpu'");
        assertThat(bad.err().lines()).hasSize(1);
    }
}
