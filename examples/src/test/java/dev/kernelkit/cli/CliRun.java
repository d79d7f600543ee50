package dev.kernelkit.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in-process with captured stdout and stderr. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        return run(null, args);
    }

    /** Runs with an extra sub-command registered (for testing the error handling). */
    static CliRun run(Object extraCommand, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        CommandLine cl = Main.commandLine(o, e);
        if (extraCommand != null) {
            cl.addSubcommand(extraCommand);
            cl.setOut(o); // setOut/setErr reach only the sub-commands present at the time
            cl.setErr(e);
        }
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
