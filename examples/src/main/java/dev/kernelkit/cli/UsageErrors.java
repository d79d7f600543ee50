package dev.kernelkit.cli;

import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Command lines that cannot be parsed (an unknown option, a missing required one, a value that is
 * not of the option's type such as {@code --seed abc} or {@code --repeats 2147483648}, a file name
 * the platform cannot represent): one line on stderr,
 * {@code kernelkit: error: <what>: see 'kernelkit svm cv --help'}, exit code 2, no usage dump, as
 * GNU tools do. Values that parse but are out of range are bad input (exit code 1), reported by
 * the commands themselves.
 */
final class UsageErrors {
    private UsageErrors() {
    }

    /** Installs the one-line handler and the path converter on {@code cl} (and its sub-commands). */
    static void install(CommandLine cl) {
        cl.registerConverter(Path.class, UsageErrors::path);
        cl.setParameterExceptionHandler(UsageErrors::handle);
    }

    /** A path from an argument, or a one-line refusal of a name outside the platform's charset. */
    static Path path(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            String charset = System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name());
            throw new CommandLine.TypeConversionException("'" + printable(value) + "' is not a file name this system can "
                    + "open (" + e.getReason() + "; file names are read as " + charset
                    + "): run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8");
        }
    }

    private static int handle(CommandLine.ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        java.io.PrintWriter err = cl.getCommandSpec().root().commandLine().getErr();
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        err.println("kernelkit: error: " + printable(message.strip().replaceAll("\\s*\\R\\s*", "; "))
                + ": see '" + cl.getCommandSpec().qualifiedName() + " --help'");
        if (java.util.Arrays.asList(args).contains("--debug")) {
            ex.printStackTrace(err);
        }
        err.flush();
        return Main.USAGE;
    }

    /** {@code s} with characters that cannot be shown (unmappable input: U+FFFD) as '?'. */
    private static String printable(String s) {
        return s.replace('\uFFFD', '?');
    }
}
