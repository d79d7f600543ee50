package dev.kernelkit.cli;

import dev.kernelkit.eval.FoldFailedException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.io.OutputStreamWriter;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code kernelkit} command line: the root command and its sub-commands. A new command is
 * one more class in the {@code subcommands} list below.
 *
 * <p>Exit codes: 0 success; 2 the command line could not be parsed (unknown option, missing
 * required option, a value of the wrong type), with one line naming the option and value and
 * "see --help" ({@link UsageErrors}); 1 the
 * input was bad (a missing or malformed file, a parameter out of range), with one line
 * {@code kernelkit: error: <message>} on stderr and no stack trace unless {@code --debug} is given.
 */
@Command(name = "kernelkit",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Kernel learning toolkit: SVM solvers, multi-instance, multiple kernel, prototype and core vector machines.",
        subcommands = {
                CommandLine.HelpCommand.class,
                DemoCommand.class,
                ExampleDataCommand.class,
                SvmCommand.class,
                BenchCommand.class,
                TrainCommand.class,
                PredictCommand.class,
                LearnersCommand.class,
                CompareCommand.class,
                dev.kernelkit.cli.mi.SparseMiCommand.class,
                dev.kernelkit.cli.prototypes.PrototypesCommand.class,
                dev.kernelkit.cli.cvm.CvmCommand.class,
                dev.kernelkit.cli.mkl.MklCommand.class,
                dev.kernelkit.cli.reproduce.ReproduceCommand.class,
        })
public final class Main implements Callable<Integer> {
    static {
        // ojAlgo prints a hardware-profile notice on stdout the first time it plans a computation
        // on hardware it has no profile for; it would land inside our tables and piped output.
        if (System.getProperty("shut.up.ojAlgo") == null) {
            System.setProperty("shut.up.ojAlgo", "true");
        }
    }

    /** Exit code of a successful run. */
    public static final int OK = 0;
    /** Exit code for bad input (file or parameter value). */
    public static final int BAD_INPUT = 1;
    /** Exit code for a command line that could not be parsed (picocli's default). */
    public static final int USAGE = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "On an error, print the full stack trace as well as the message.")
    boolean debug;

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs the command line with the given streams and returns the exit code (for tests and embedding).
     * An {@link OutOfMemoryError} that the command's memory estimate did not foresee becomes one line
     * naming the heap and a larger -Xmx, exit code 1 (the trace only with --debug).
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        StdinData.Substituted given;
        try {
            given = StdinData.substitute(args, System.in);
        } catch (UncheckedIOException e) {
            err.println("kernelkit: error: " + e.getMessage());
            err.flush();
            return BAD_INPUT;
        }
        try {
            CommandLine cl = commandLine(out, err);
            // messages name <stdin> instead of the temporary copy of standard input
            cl.setExecutionExceptionHandler((ex, c, parsed) -> handleException(ex, c, parsed, given::message));
            return cl.execute(given.args());
        } catch (OutOfMemoryError e) {
            err.println("kernelkit: error: " + outOfMemoryMessage(e, Runtime.getRuntime().maxMemory()));
            if (java.util.Arrays.asList(args).contains("--debug")) {
                e.printStackTrace(err);
            }
            err.flush();
            return BAD_INPUT;
        } finally {
            if (given.data() != null) {
                given.data().close();
            }
        }
    }

    /** "out of memory (Java heap space) with a heap of 256 MiB: run with more, e.g. java -Xmx1g -jar kernelkit.jar ...". */
    static String outOfMemoryMessage(OutOfMemoryError e, long maxHeapBytes) {
        long mib = maxHeapBytes >> 20;
        long suggested = Math.max(1, (4 * mib + 1023) / 1024);
        String what = e.getMessage() == null || e.getMessage().isBlank() ? "" : " (" + e.getMessage() + ")";
        return "out of memory" + what + " with a heap of " + mib + " MiB: run with more, e.g. java -Xmx" + suggested
                + "g -jar kernelkit.jar ... (or JAVA_TOOL_OPTIONS=-Xmx" + suggested + "g)";
    }

    /** The configured picocli command line. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler(Main::handleException);
        cl.setExecutionStrategy(Main::executeWithThreads);
        UsageErrors.install(cl);
        return cl;
    }

    /**
     * Runs the chosen sub-command; one with the {@link Options.Threads} mixin runs inside
     * {@link dev.kernelkit.util.Threads#call} with its --threads (validated first, exit code 1).
     */
    static int executeWithThreads(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        Options.Threads threads = null;
        for (CommandSpec mixin : leaf.commandSpec().mixins().values()) {
            if (mixin.userObject() instanceof Options.Threads t) {
                threads = t;
            }
        }
        CommandLine.IExecutionStrategy last = new CommandLine.RunLast();
        Options.Threads chosen = threads;
        try {
            CountLimits.check(parsed);    // before any work: no count whose floor no heap of this machine holds
            RunPaths paths = RunPaths.of(parsed);
            paths.check();                // before any work: no output over an input or another output
            // an output file written to standard output (--json -) gets stdout to itself: the
            // command's own lines go to stderr, so that `--json - | jq` reads one JSON document
            PrintWriter ownOut = leaf.commandSpec().commandLine().getOut();
            boolean moved = paths.standardOutputOption() != null && !(leaf.commandSpec().userObject() instanceof PredictCommand);
            if (moved) {
                setOut(leaf, leaf.commandSpec().root().commandLine().getErr());
            }
            try {
                // whatever a command writes (a chart inside --plots, a summary inside --work-dir) never replaces an input
                return dev.kernelkit.io.AtomicFiles.protecting(paths.inputFiles(), paths.inputFolders(),
                        paths.outputFolders(), () -> {
                    if (chosen == null) {
                        return last.execute(parsed);
                    }
                    chosen.validate();
                    return dev.kernelkit.util.Threads.call(chosen.threads(), () -> last.execute(parsed));
                });
            } finally {
                if (moved) {
                    leaf.commandSpec().commandLine().getErr().flush();
                    setOut(leaf, ownOut);
                }
            }
        } catch (OutOfMemoryError e) {
            // picocli hands only Exceptions to the handler: carry the error to it as the cause
            throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), "out of memory", e);
        } catch (CommandLine.ExecutionException | CommandLine.ParameterException e) {
            throw e;
        } catch (Exception e) {
            throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), e.getMessage() == null
                    ? e.toString() : e.getMessage(), e);
        }
    }

    /** Sets the writer of the command {@code leaf} names and of every command above it. */
    private static void setOut(ParseResult leaf, PrintWriter out) {
        for (CommandSpec c = leaf.commandSpec(); c != null; c = c.parent()) {
            c.commandLine().setOut(out);
        }
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /** Turns exceptions from a command into an exit code and a message on stderr. */
    static int handleException(Exception ex, CommandLine cl, ParseResult parsed) {
        return handleException(ex, cl, parsed, java.util.function.UnaryOperator.identity());
    }

    /** As {@link #handleException(Exception, CommandLine, ParseResult)}, each message passed through {@code rename}. */
    static int handleException(Exception ex, CommandLine cl, ParseResult parsed,
                               java.util.function.UnaryOperator<String> rename) {
        // The root's stream: a sub-command added after setErr would still hold the default.
        PrintWriter err = cl.getCommandSpec().root().commandLine().getErr();
        boolean debug = debugRequested(parsed);
        if (ex.getCause() instanceof OutOfMemoryError oom) {
            err.println("kernelkit: error: " + outOfMemoryMessage(oom, Runtime.getRuntime().maxMemory()));
            if (debug) {
                oom.printStackTrace(err);
            }
            err.flush();
            return BAD_INPUT;
        }
        if (isBadInput(ex)) {
            err.println("kernelkit: error: " + rename.apply(message(ex)));
            if (debug) {
                ex.printStackTrace(err);
            }
            err.flush();
            return BAD_INPUT;
        }
        // Anything else is a bug in kernelkit: say so and keep the trace.
        err.println("kernelkit: internal error: " + rename.apply(message(ex)));
        ex.printStackTrace(err);
        err.flush();
        return BAD_INPUT;
    }

    static boolean isBadInput(Throwable ex) {
        if (ex instanceof FoldFailedException && ex.getCause() != null) {
            return isBadInput(ex.getCause());
        }
        return ex instanceof IllegalArgumentException || ex instanceof IOException || ex instanceof UncheckedIOException;
    }

    /** The exception's message, with the class name when there is none (e.g. NoSuchFileException's path only). */
    static String message(Throwable ex) {
        if (ex instanceof FoldFailedException f && f.getCause() != null) {
            return "fold " + (f.foldIndex() + 1) + ": " + message(f.getCause());
        }
        Throwable t = ex instanceof UncheckedIOException && ex.getCause() != null ? ex.getCause() : ex;
        // A parallel stream rethrows a worker's exception as a copy whose message is cause.toString()
        // ("java.lang.IllegalArgumentException: theta must ..."): report the worker's own message.
        while (t.getCause() != null && t.getCause() != t && t.getClass() == t.getCause().getClass()
                && t.getCause().toString().equals(t.getMessage())) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (t instanceof java.nio.file.NoSuchFileException) {
            return "no such file: " + m;
        }
        if (t instanceof java.nio.file.AccessDeniedException) {
            return "access denied: " + m;
        }
        if (t instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getFile() + ": " + fse.getReason();
        }
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        return m.replace('\n', ' ');
    }

    private static boolean debugRequested(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    /** Reads the version the build wrote into {@code kernelkit-version.properties}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Main.class.getResourceAsStream("/kernelkit-version.properties")) {
                if (in == null) {
                    throw new IOException("kernelkit-version.properties is missing from the class path");
                }
                p.load(in);
            }
            return new String[] {
                    "kernelkit " + p.getProperty("version"),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }
}
