package dev.kernelkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class MainTest {

    /** A command that fails the way its --fail option says. */
    @Command(name = "boom", description = "Fails on purpose.")
    static final class Boom implements Callable<Integer> {
        @Option(names = "--fail")
        String fail = "none";

        @Override
        public Integer call() throws Exception {
            switch (fail) {
                case "argument" -> throw new IllegalArgumentException("--c must be > 0 and finite, got -1.0");
                case "missing" -> throw new NoSuchFileException("/no/such/file.libsvm");
                case "io" -> throw new IOException("data.libsvm line 3: bad token 'x:1'");
                case "unchecked" -> throw new UncheckedIOException(new IOException("disk full"));
                case "bug" -> throw new IllegalStateException("unexpected state");
                case "parallel" -> {
                    // Thrown in a pool worker: join() rethrows a copy made on this thread, as a
                    // parallel stream does when one of its workers fails.
                    java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(1);
                    try {
                        pool.submit(() -> {
                            throw new IllegalArgumentException("theta must be >= 1/M = 1/182, got 1.0E-4");
                        }).join();
                    } finally {
                        pool.shutdown();
                    }
                    return 0;
                }
                default -> {
                    return 0;
                }
            }
        }
    }

    @Test
    void helpPrintsUsageOnStdoutAndExitsZero() {
        CliRun r = CliRun.of("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: kernelkit").contains("--version").contains("--debug");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void versionNamesTheProjectVersionFromTheBuild() {
        CliRun r = CliRun.of("--version");
        assertThat(r.exitCode()).isZero();
        // The resource is filtered by Maven: a literal ${project.version} would mean it was not.
        assertThat(r.out()).startsWith("kernelkit 0.").doesNotContain("${");
    }

    @Test
    void noCommandIsAUsageErrorWithExitCode2() {
        CliRun r = CliRun.of();
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("Missing command").contains("see 'kernelkit --help'").doesNotContain("Usage:");
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void unknownOptionIsAUsageErrorWithExitCode2() {
        CliRun r = CliRun.of("--frobnicate");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Unknown option: '--frobnicate'").doesNotContain("Usage:");
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void badInputExitsWithCode1AndOneLineWithoutStackTrace() {
        CliRun r = CliRun.run(new Boom(), "boom", "--fail", "argument");
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: --c must be > 0 and finite, got -1.0" + System.lineSeparator());
        assertThat(r.out()).isEmpty();
    }

    @Test
    void ioErrorsAreBadInputToo() {
        assertThat(CliRun.run(new Boom(), "boom", "--fail", "missing").err())
                .isEqualTo("kernelkit: error: no such file: /no/such/file.libsvm" + System.lineSeparator());
        assertThat(CliRun.run(new Boom(), "boom", "--fail", "io").err())
                .isEqualTo("kernelkit: error: data.libsvm line 3: bad token 'x:1'" + System.lineSeparator());
        CliRun unchecked = CliRun.run(new Boom(), "boom", "--fail", "unchecked");
        assertThat(unchecked.exitCode()).isEqualTo(1);
        assertThat(unchecked.err()).isEqualTo("kernelkit: error: disk full" + System.lineSeparator());
    }

    @Test
    void anErrorThrownInAPoolWorkerKeepsItsOwnMessageNotTheCopysClassNamePrefix() {
        CliRun r = CliRun.run(new Boom(), "boom", "--fail", "parallel");
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).isEqualTo("kernelkit: error: theta must be >= 1/M = 1/182, got 1.0E-4" + System.lineSeparator());
    }

    @Test
    void debugAddsTheStackTraceWhereverItIsGiven() {
        CliRun before = CliRun.run(new Boom(), "--debug", "boom", "--fail", "argument");
        CliRun after = CliRun.run(new Boom(), "boom", "--fail", "argument", "--debug");
        for (CliRun r : new CliRun[] {before, after}) {
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.err()).startsWith("kernelkit: error: --c must be > 0")
                    .contains("java.lang.IllegalArgumentException").contains("at dev.kernelkit.cli.MainTest$Boom.call");
        }
    }

    @Test
    void anUnexpectedExceptionIsReportedAsInternalErrorWithItsTrace() {
        CliRun r = CliRun.run(new Boom(), "boom", "--fail", "bug");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).startsWith("kernelkit: internal error: unexpected state").contains("IllegalStateException");
    }
}
