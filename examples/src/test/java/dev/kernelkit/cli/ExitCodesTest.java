package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One case of each row of README's exit-code table, run as the command line is run (a fresh JVM on
 * the built classes, {@code java ... dev.kernelkit.cli.Main ARGS}): 0 success; 2 a command line that
 * cannot be parsed (one line naming the option and value and "see --help", no usage dump); 1 bad
 * input, files or values (one line {@code kernelkit: error: ...}). And outputs that are not regular
 * files: {@code --output /dev/stdout} and {@code --output -} print the predictions.
 */
class ExitCodesTest {
    @TempDir
    Path dir;
    Path data;
    Path model;

    @BeforeEach
    void trainOnce() throws Exception {
        data = CliEndToEndTest.blobs(dir, "d.libsvm", 40, 1);
        model = dir.resolve("d.model");
        assertThat(CliRun.of("svm", "train", "--data", data.toString(), "--gamma", "0.5", "--c", "1", "--model",
                model.toString()).exitCode()).isZero();
    }

    /** Runs {@code Main args} in a fresh JVM (with {@code env} added to its environment). */
    private CliRun run(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("run.out").toFile()).redirectError(dir.resolve("run.err").toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the run ends").isTrue();
        return new CliRun(p.exitValue(), Files.readString(dir.resolve("run.out")), Files.readString(dir.resolve("run.err")));
    }

    private CliRun run(String... args) throws Exception {
        return run(Map.of(), args);
    }

    private static void assertOneLine(CliRun r, int code, String... parts) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(code);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("kernelkit: error: ").doesNotContain("Usage:").doesNotContain("\tat ")
                .doesNotContain("internal error");
        for (String p : parts) {
            assertThat(r.err()).contains(p);
        }
    }

    @Test
    void row0SuccessExitsWith0() throws Exception {
        CliRun r = run("predict", "--model", model.toString(), "--data", data.toString(), "--output",
                dir.resolve("p.txt").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(dir.resolve("p.txt")).exists();
    }

    @Test
    void row2AnUnknownOptionIsOneLineWithExitCode2() throws Exception {
        assertOneLine(run("svm", "train", "--data", data.toString(), "--model", "m", "--frobnicate"), 2, "Unknown option: '--frobnicate'",
                "see 'kernelkit svm train --help'");
    }

    @Test
    void row2AnUnparseableValueIsOneLineNamingOptionAndValueWithExitCode2() throws Exception {
        assertOneLine(run("svm", "cv", "--data", data.toString(), "--seed", "abc"), 2, "--seed", "'abc'",
                "see 'kernelkit svm cv --help'");
        assertOneLine(run("svm", "cv", "--data", data.toString(), "--repeats", "2147483648"), 2, "--repeats",
                "'2147483648'");
    }

    @Test
    void row2AMissingRequiredOptionIsOneLineWithExitCode2() throws Exception {
        assertOneLine(run("svm", "cv"), 2, "Missing required option: '--data=FILE'");
    }

    @Test
    void row2AFileNameOutsideThePlatformCharsetIsOneLineWithExitCode2() throws Exception {
        CliRun r = run(Map.of("LANG", "C", "LC_ALL", "C"), "svm", "train", "--data", dir.resolve("caf\u00e9.libsvm").toString(),
                "--gamma", "1", "--c", "1", "--model", "m");
        assertOneLine(r, 2, "--data", "LC_ALL=C.UTF-8");
    }

    @Test
    void row1AMissingFileIsOneLineWithExitCode1() throws Exception {
        assertOneLine(run("svm", "train", "--data", dir.resolve("absent.libsvm").toString(), "--gamma", "1", "--c", "1",
                "--model", "m"), 1, "absent.libsvm");
    }

    @Test
    void row1AValueOutOfRangeIsOneLineWithExitCode1() throws Exception {
        assertOneLine(run("svm", "train", "--data", data.toString(), "--gamma", "1", "--c", "-1", "--model", "m"), 1, "--c");
    }

    @Test
    void row1AnOutputNamingAnInputIsOneLineWithExitCode1() throws Exception {
        String before = Files.readString(data);
        assertOneLine(run("svm", "train", "--data", data.toString(), "--gamma", "1", "--c", "1", "--model", data.toString()),
                1, "--model " + data + " names the input --data " + data);
        assertThat(Files.readString(data)).isEqualTo(before);
    }

    @Test
    void row1AHugeCountIsOneLineWithExitCode1() throws Exception {
        assertOneLine(run("svm", "cv", "--data", data.toString(), "--repeats", "100000000"), 1, "--repeats 100000000 is too large",
                "at most ");
    }

    @Test
    void devStdoutAndDashPrintThePredictionsAndStayWhatTheyWere() throws Exception {
        for (String target : List.of("/dev/stdout", "-")) {
            CliRun r = run("predict", "--model", model.toString(), "--data", data.toString(), "--output", target);
            assertThat(r.exitCode()).as(target + ": " + r.err()).isZero();
            assertThat(r.out().lines().filter(l -> l.equals("1") || l.equals("-1") || l.equals("+1")).count()).as(target)
                    .isEqualTo(40);
        }
        assertThat(Files.isRegularFile(Path.of("/dev/stdout"))).isFalse();
        assertThat(dir.resolve("-")).doesNotExist();
    }

    @Test
    void row2ACommandGroupWithoutItsSubCommandIsOneLineWithExitCode2() {
        for (String group : List.of("svm", "bench", "sparse-mi", "prototypes", "cvm", "mkl")) {
            CliRun r = CliRun.of(group);
            assertOneLine(r, 2, "see 'kernelkit " + group + " --help'");
            assertThat(r.out()).as(group).isEmpty();
        }
    }
}
