package dev.kernelkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.svm.LibsvmSolver;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * C LIBSVM's tools as a benchmark row: found on a PATH or by path, missing said plainly, their
 * output read back; with stand-in scripts (so the plumbing is checked on any machine) and with the
 * real svm-train against LIBSVM Java when it is installed.
 */
class CLibsvmTest {
    @TempDir
    Path dir;

    /** Stand-in tools: svm-train records its arguments and writes a model with total_sv 7; svm-predict prints 3/4. */
    private Path fakeTools(String folder) throws IOException {
        Path bin = Files.createDirectories(dir.resolve(folder));
        script(bin.resolve("svm-train"), "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args.txt\"\n"
                + "for last; do :; done\nprintf 'svm_type c_svc\\nnr_class 2\\ntotal_sv 7\\nrho 0.5\\nSV\\n' > \"$last\"\n"
                + "echo optimization finished\n");
        script(bin.resolve("svm-predict"), "#!/bin/sh\necho 'Accuracy = 75% (3/4) (classification)'\n");
        return bin;
    }

    private static void script(Path p, String text) throws IOException {
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void toolsAreFoundOnThePathOrByPathAndMissingOnesGiveEmpty() throws IOException {
        Path bin = fakeTools("bin");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        String path = empty + File.pathSeparator + bin;
        assertThat(CLibsvm.find("svm-train", path)).map(CLibsvm::trainCommand).contains(bin.resolve("svm-train"));
        assertThat(CLibsvm.find(bin.resolve("svm-train").toString(), empty.toString())).isPresent();
        assertThat(CLibsvm.find("svm-train", empty.toString())).isEmpty();
        assertThat(CLibsvm.find("svm-train", null)).isEmpty();
        assertThat(CLibsvm.find(dir.resolve("nowhere/svm-train").toString(), path)).isEmpty();
        // svm-train without svm-predict beside it or on the path is not enough
        Path lone = Files.createDirectories(dir.resolve("lone"));
        Files.copy(bin.resolve("svm-train"), lone.resolve("svm-train"));
        assertThat(CLibsvm.find("svm-train", lone.toString())).isEmpty();
        assertThat(CLibsvm.missing("svm-train")).contains("'svm-train' or svm-predict not found on the PATH", "skipped",
                "libsvm-tools");
    }

    @Test
    void aRunPassesTheSettingsAndReadsSupportVectorsAccuracyAndTimes() throws IOException {
        Path bin = fakeTools("bin");
        CLibsvm tools = CLibsvm.find("svm-train", bin.toString()).orElseThrow();
        LabeledDataset train = SvmBenchmarkTest.sparseBinary(40, 12, 1);
        LabeledDataset test = SvmBenchmarkTest.sparseBinary(4, 12, 2);
        CLibsvm.Run r = tools.run(train, test, 0.25, 100, 200, 1e-3);
        assertThat(r.supportVectors()).isEqualTo(7);
        assertThat(r.accuracy()).isEqualTo(0.75);
        assertThat(r.cpuSeconds()).isGreaterThanOrEqualTo(0.0);
        assertThat(r.wallSeconds()).isPositive();
        String args = Files.readString(bin.resolve("args.txt")).strip();
        assertThat(args).startsWith("-s 0 -t 2 -g 0.25 -c 100 -m 200 -e 0.001 -h 1 ");
        // without a test file there is no accuracy
        assertThat(tools.run(train, null, 0.25, 100, 200, 1e-3).accuracy()).isNaN();
    }

    @Test
    void aFailingToolIsAnIoErrorQuotingItsOutput() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bad"));
        script(bin.resolve("svm-train"), "#!/bin/sh\necho 'Wrong input format at line 3'\nexit 1\n");
        script(bin.resolve("svm-predict"), "#!/bin/sh\nexit 0\n");
        CLibsvm tools = CLibsvm.find("svm-train", bin.toString()).orElseThrow();
        assertThatThrownBy(() -> tools.run(SvmBenchmarkTest.sparseBinary(10, 12, 1), null, 1, 1, 10, 1e-3))
                .isInstanceOf(IOException.class).hasMessageContaining("failed (exit 1)")
                .hasMessageContaining("Wrong input format at line 3");
    }

    @Test
    void outputParsersReadTheShellTimesTheModelAndTheAccuracyLine() throws IOException {
        // POSIX sh 'times': shell user/sys, then the children's user/sys
        assertThat(CLibsvm.childCpuSeconds("0m0.010000s 0m0.002000s\n1m2.500000s 0m0.250000s\n"))
                .isCloseTo(62.75, within(1e-9));
        assertThat(CLibsvm.totalSupportVectors(List.of("svm_type c_svc", "total_sv 382", "SV"))).isEqualTo(382);
        assertThat(CLibsvm.accuracy("Accuracy = 92.78% (92780/100000) (classification)\n")).isEqualTo(0.9278);
        assertThatThrownBy(() -> CLibsvm.childCpuSeconds("garbage")).isInstanceOf(IOException.class)
                .hasMessageContaining("times");
        assertThatThrownBy(() -> CLibsvm.totalSupportVectors(List.of("svm_type c_svc", "SV", "total_sv 3")))
                .isInstanceOf(IOException.class).hasMessageContaining("total_sv");
        assertThatThrownBy(() -> CLibsvm.accuracy("no such line")).isInstanceOf(IOException.class)
                .hasMessageContaining("no accuracy");
    }

    @Test
    void theRealSvmTrainAgreesWithLibsvmJavaOnTheSameProblem() throws IOException {
        Optional<CLibsvm> tools = CLibsvm.find();
        Assumptions.assumeTrue(tools.isPresent(), "C LIBSVM (svm-train, svm-predict) is not installed here");
        LabeledDataset train = SvmBenchmarkTest.sparseBinary(600, 20, 1);
        LabeledDataset test = SvmBenchmarkTest.sparseBinary(300, 20, 2);
        CLibsvm.Run c = tools.get().run(train, test, 0.2, 1.0, 20, 1e-3);
        LibsvmSolver.RbfRun java = LibsvmSolver.trainRbf(train.points(), train.labels(), 0.2, 1.0, 20, 1e-3, true);
        int correct = 0;
        for (int i = 0; i < test.size(); i++) {
            correct += java.model().predict(test.x(i)) == test.y(i) ? 1 : 0;
        }
        // the same algorithm in C and in Java: the same support vectors up to ties, the same accuracy up to a point or two
        assertThat(Math.abs(c.supportVectors() - java.model().supportVectorCount())).isLessThanOrEqualTo(3);
        assertThat(c.accuracy()).isCloseTo(correct / (double) test.size(), within(2.0 / test.size()));
    }
}
