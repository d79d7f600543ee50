package dev.kernelkit.cli.reproduce;

import dev.kernelkit.cli.Main;
import dev.kernelkit.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kernelkit reproduce summary JSON... [--markdown FILE]}: one Markdown table over the table JSONs that
 * {@code reproduce TABLE --json F} writes: per method and data set of every table, ours (mean ± sd, n), the paper's
 * number, the difference and its size in standard errors, the protocol (quick or full) and the source JSON
 * ({@link SummaryRow}). It runs nothing.
 */
@Command(name = "summary", mixinStandardHelpOptions = true,
        description = {"One Markdown table over the JSONs of reproduce TABLE --json F: a row per method and data set of "
                + "every table given, with ours (mean ± sd, n), the paper's number, the difference, the protocol "
                + "(quick or full) and the source JSON. Runs nothing; printed, and written to --markdown."})
final class ReproduceSummaryCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "JSON", arity = "1..*",
            description = "Table JSONs written by kernelkit reproduce TABLE --json (any tables, quick or full).")
    List<Path> tables;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the summary to FILE.")
    Path markdown;

    @Override
    public Integer call() throws IOException {
        if (markdown != null) {
            for (Path t : tables) {
                if (Files.exists(t) && Files.exists(markdown) && Files.isSameFile(t, markdown)) {
                    throw new IllegalArgumentException("--markdown " + markdown + " is the table JSON " + t
                            + ", which it would overwrite");
                }
            }
        }
        List<SummaryRow> rows = new ArrayList<>();
        for (Path t : tables) {
            rows.addAll(SummaryRow.read(t));
        }
        String md = SummaryRow.markdown(rows);
        PrintWriter out = spec.commandLine().getOut();
        out.print(md);
        out.flush();
        if (markdown != null) {
            AtomicFiles.writeString(markdown, md);
        }
        return Main.OK;
    }
}
