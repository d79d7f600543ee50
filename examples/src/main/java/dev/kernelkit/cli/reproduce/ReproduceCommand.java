package dev.kernelkit.cli.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kernelkit.cli.JsonSummary;
import dev.kernelkit.cli.Main;
import dev.kernelkit.cli.TablePrinter;
import dev.kernelkit.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kernelkit reproduce TABLE}: runs the paper protocol behind one table (the kernelkit
 * commands listed in the table's resource file, each writing a JSON summary) and prints our mean
 * and sd beside the paper's number with the difference in standard errors,
 * (ours − paper) / sqrt(sd_ours² / n_ours + sd_paper² / n_paper), where an sd over fewer than two
 * repeats is left out of the root. Rows whose data file is missing, or whose run needs a larger
 * heap, are named and skipped; the other rows go on. With {@code --engine spark} one Spark session (of
 * {@code --master}) serves every run whose command takes {@code --engine} ({@link #ENGINE_COMMANDS}: given
 * {@code --engine spark}, not recorded in the run's arguments, so runs resume across engines); the others run
 * on this machine. {@code reproduce summary} ({@link ReproduceSummaryCommand}) puts the JSONs of several tables into one.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, subcommands = ReproduceSummaryCommand.class,
        description = {"Run the protocol behind a paper table and print our numbers beside the paper's.",
                "TABLE: sparse-mi-table1 (MUSK1, Elephant, Fox, Tiger: every MI method, both blocks), "
                        + "mkl-table1 (Heart, Ionosphere, Diabetes, Australian, Banana: SM1, SM2, Lp, SimpleMKL, Ave), "
                        + "imkpl-table (TOX-171, Isolet: IMKPL and ISKPL; accuracy, IP, DR, kernels), "
                        + "cvm-scaling (checkerboard 10^4..10^6 and KDD-99: CVM against SMO and LIBSVM Java).",
                "Data come from --data-dir or the KERNELKIT_DATA environment variable. Progress and the "
                        + "sub-commands' own tables go to stderr; each run's output is kept in --work-dir.",
                "reproduce summary JSON... --markdown FILE: one table over the JSONs of several tables (paper vs ours "
                        + "per method and data set)."})
public final class ReproduceCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    // optional to picocli, so that "reproduce summary" parses; required by call()
    @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE",
            description = "sparse-mi-table1, mkl-table1, imkpl-table or cvm-scaling.")
    String table;

    @Option(names = "--quick", description = "One repeat (or split, or seed) of each protocol instead of the paper's count; "
            + "runs marked full-only are skipped.")
    boolean quick;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Folder with the data sets (default: $KERNELKIT_DATA).")
    Path dataDir;

    @Option(names = "--json", paramLabel = "FILE", description = "Write every row (ours, paper, difference, extras, status) as JSON.")
    Path json;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write the table as Markdown (for RESULTS.md).")
    Path markdown;

    @Option(names = "--plots", paramLabel = "DIR",
            description = "Write TABLE.png: our mean beside the paper's per row, each with its ± sd where known.")
    Path plots;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Where each run's JSON summary and output log are kept "
            + "(default: FILE.runs beside --json, else a new temporary folder).")
    Path workDir;

    @Option(names = "--resume", description = "Reuse the summaries of runs that finished in --work-dir (or FILE.runs) "
            + "before; run only the others.")
    boolean resume;

    @Option(names = "--runs", paramLabel = "ID", split = ",", description = "Only these runs of the table (ids as printed).")
    List<String> only;

    @CommandLine.Mixin
    dev.kernelkit.cli.Options.Engine engine;

    /**
     * The commands that take {@code --engine}: with {@code --engine spark} their runs get {@code --engine spark} (on
     * the session this command started, which they find running); the others run on this machine.
     */
    static final List<String> ENGINE_COMMANDS = List.of("svm cv", "cvm cv", "mkl cv", "mkl compare", "sparse-mi cv",
            "sparse-mi compare", "prototypes cv", "compare");

    /** What happened to one run. */
    record Outcome(String status, List<JsonNode> summaries, double seconds) {
        boolean ran() {
            return status.equals("ran");
        }
    }

    @Override
    public Integer call() throws IOException {
        if (table == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'TABLE'");
        }
        engine.validate();
        TableSpec t = TableSpec.load(table);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path data = dataDir;
        if (data == null) {
            String env = System.getenv("KERNELKIT_DATA");
            data = env == null || env.isBlank() ? null : Path.of(env);
        }
        if (data != null && !Files.isDirectory(data)) {
            throw new IllegalArgumentException("--data-dir " + data + " is not a folder");
        }
        if (resume && workDir == null && json == null) {
            throw new IllegalArgumentException("--resume needs --work-dir or --json (it resumes the runs kept there)");
        }
        if (only != null) {
            for (String id : only) {
                t.run(id);
            }
        }
        Path work = workDir != null ? workDir
                : json != null ? json.resolveSibling(json.getFileName() + ".runs")
                : Files.createTempDirectory("kernelkit-reproduce-");
        Files.createDirectories(work);

        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        int failed = 0;
        int k = 0;
        // with --engine spark one session for every run (without Spark: one line, before any run)
        dev.kernelkit.eval.CatalogEngine session = engine.spark() ? engine.open() : null;
        try {
            err.printf(Locale.ROOT, "reproduce %s (%s): %d runs; data %s; run summaries in %s%n", t.name(),
                    quick ? "quick: one repeat each" : "full protocol", t.runs().size(),
                    data == null ? "(none: set KERNELKIT_DATA or --data-dir)" : data, work);
            err.flush();
            for (TableSpec.Run r : t.runs()) {
                k++;
                Outcome o = execute(t, r, k, data, work, err);
                outcomes.put(r.id(), o);
                if (o.status().startsWith("failed")) {
                    failed++;
                }
            }
        } finally {
            if (session != null) {
                session.close();
            }
        }

        List<RowResult> rows = new ArrayList<>();
        for (TableSpec.Row row : t.rows()) {
            rows.add(RowResult.of(row, outcomes.get(row.run()), t.paperN()));
        }
        print(t, rows, outcomes, out);
        if (json != null) {
            writeJson(t, rows, outcomes, json);
        }
        if (markdown != null) {
            AtomicFiles.writeString(markdown, markdown(t, rows, outcomes));
        }
        if (plots != null) {
            PaperComparisonChart.write(t, rows, plots.resolve(t.name() + ".png"));
        }
        if (failed > 0) {
            List<String> ids = new ArrayList<>();
            outcomes.forEach((id, o) -> {
                if (o.status().startsWith("failed")) {
                    ids.add(id);
                }
            });
            err.println("kernelkit: error: " + failed + " of " + t.runs().size() + " runs failed (" + String.join(", ", ids)
                    + "); their rows are marked in the table, the reasons are above and each run's log is in " + work);
            err.flush();
            return Main.BAD_INPUT;
        }
        return 0;
    }

    private Outcome execute(TableSpec t, TableSpec.Run r, int k, Path data, Path work, PrintWriter err) throws IOException {
        String head = String.format(Locale.ROOT, "[%d/%d] %s", k, t.runs().size(), r.id());
        if (only != null && !only.contains(r.id())) {
            return new Outcome("not run: not in --runs", List.of(), 0);
        }
        if (quick && r.fullOnly()) {
            err.println(head + ": skipped (full protocol only)");
            return new Outcome("not run: full protocol only (drop --quick)", List.of(), 0);
        }
        if (resume && data != null) {
            List<String> planned = new ArrayList<>();
            for (String f : r.files()) {
                planned.add(data.resolve(f).toString());
            }
            List<JsonNode> kept = new ArrayList<>();
            for (long seed : r.seeds(quick)) {
                JsonNode j = finished(work, r, seed, planned);
                if (j != null) {
                    kept.add(j);
                }
            }
            if (kept.size() == r.seeds(quick).size()) {
                err.println(head + ": reusing the finished run's summaries in " + work);
                return new Outcome("ran", kept, 0);
            }
        }
        List<String> files = new ArrayList<>();
        for (String f : r.files()) {
            if (data == null) {
                err.println(head + ": not run, no data folder");
                return new Outcome("not run: no data folder (set KERNELKIT_DATA or --data-dir)", List.of(), 0);
            }
            Path p = data.resolve(f);
            if (!Files.isRegularFile(p)) {
                err.println(head + ": not run, missing " + p);
                return new Outcome("not run: missing " + p, List.of(), 0);
            }
            files.add(p.toString());
        }
        long heapMb = Runtime.getRuntime().maxMemory() >> 20;
        if (r.heapMb() > 0 && heapMb < r.heapMb()) {
            String why = String.format(Locale.ROOT, "needs a heap of %d MiB, this JVM has %d MiB (java -Xmx%dm -jar ...)",
                    r.heapMb(), heapMb, r.heapMb() + 512);
            err.println(head + ": not run, " + why);
            return new Outcome("not run: " + why, List.of(), 0);
        }
        List<JsonNode> summaries = new ArrayList<>();
        double seconds = 0;
        for (long seed : r.seeds(quick)) {
            String stem = stem(r, seed);
            Path summary = work.resolve(stem + ".json");
            JsonNode kept = resume ? finished(work, r, seed, files) : null;
            if (kept != null) {
                err.println(head + ": reusing " + summary);
                summaries.add(kept);
                continue;
            }
            List<String> base = arguments(r, quick, files, summary, seed);
            List<String> args = new ArrayList<>(base);
            if (resume && Files.isRegularFile(dev.kernelkit.cli.Journals.journalFile(summary))) {
                args.add("--resume");  // a run killed part-way: its fold journal continues it (sparse-mi, mkl compare, prototypes cv)
            }
            if (engine.spark()) {
                // the engine changes no result: not part of the run's recorded arguments, so runs resume across engines
                if (ENGINE_COMMANDS.contains(commandOf(base))) {
                    args.addAll(List.of("--engine", "spark"));
                } else {
                    err.println(head + ": " + commandOf(base) + " has no --engine: on this machine");
                }
            }
            err.println(head + ": kernelkit " + String.join(" ", args));
            err.flush();
            StringWriter log = new StringWriter();
            PrintWriter logWriter = new PrintWriter(log, true);
            long t0 = System.nanoTime();
            Files.deleteIfExists(summary);
            int code = Main.run(logWriter, logWriter, args.toArray(String[]::new));
            double s = (System.nanoTime() - t0) / 1e9;
            seconds += s;
            logWriter.flush();
            AtomicFiles.writeString(work.resolve(stem + ".log"), "kernelkit " + String.join(" ", args) + "\n" + log);
            if (code != 0 || !Files.isRegularFile(summary)) {
                String why = lastError(log.toString(), code);
                err.println(head + ": failed after " + String.format(Locale.ROOT, "%.1f s", s) + ": " + why);
                return new Outcome("failed: " + why, List.of(), seconds);
            }
            // written after the summary: a summary without its matching arguments file is never reused. The
            // run's own command line, without a --resume added above, so that a later --resume of the table
            // recognises the finished run (finished() compares with arguments(...)).
            AtomicFiles.writeString(work.resolve(stem + ".args"), String.join("\n", base) + "\n");
            err.printf(Locale.ROOT, "%s: done in %.1f s%n", head, s);
            err.flush();
            summaries.add(Mapper.JSON.readTree(summary.toFile()));
        }
        return new Outcome("ran", summaries, seconds);
    }

    /**
     * The summary a previous invocation wrote for this run and seed with exactly the same command line
     * (so a quick run's summary is never taken for a full one), or null.
     */
    /** The command of a command line: its first word, and the second when the first is a group (e.g. "svm cv"). */
    public static String commandOf(List<String> args) {
        if (args.isEmpty()) {
            return "";
        }
        String first = args.get(0);
        return args.size() > 1 && !args.get(1).startsWith("-") && !first.equals("compare") ? first + " " + args.get(1)
                : first;
    }

    private JsonNode finished(Path work, TableSpec.Run r, long seed, List<String> files) throws IOException {
        String stem = stem(r, seed);
        Path summary = work.resolve(stem + ".json");
        Path argsFile = work.resolve(stem + ".args");
        if (!Files.isRegularFile(summary) || !Files.isRegularFile(argsFile)) {
            return null;
        }
        List<String> args = arguments(r, quick, files, summary, seed);
        if (!Files.readString(argsFile).equals(String.join("\n", args) + "\n")) {
            return null;
        }
        return Mapper.JSON.readTree(summary.toFile());
    }

    /** The file name stem of a run's summary and log for one seed. */
    private String stem(TableSpec.Run r, long seed) {
        return r.seeds(quick).size() == 1 && seed == 1 ? r.id() : r.id() + "-seed" + seed;
    }

    /** The run's command line: its arguments, then the quick or the full ones, placeholders filled in. */
    static List<String> arguments(TableSpec.Run r, boolean quick, List<String> files, Path summary, long seed) {
        List<String> all = new ArrayList<>(r.args());
        all.addAll(quick ? r.quickArgs() : r.fullArgs());
        List<String> args = new ArrayList<>();
        for (String a : all) {
            args.add(substitute(a, files, summary, seed));
        }
        return args;
    }

    private static String substitute(String a, List<String> files, Path summary, long seed) {
        String s = a.replace("{json}", summary.toString()).replace("{seed}", Long.toString(seed));
        for (int i = 0; i < files.size(); i++) {
            s = s.replace("{data" + i + "}", files.get(i));
        }
        if (s.matches(".*\\{data\\d+}.*")) {
            throw new IllegalArgumentException("argument '" + a + "' names a data file the run does not list");
        }
        return s;
    }

    private static String lastError(String log, int code) {
        String[] lines = log.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (lines[i].startsWith("kernelkit: ")) {
                String m = lines[i].substring("kernelkit: ".length()).trim();
                return m.startsWith("error: ") ? m.substring("error: ".length()) : m;
            }
        }
        return code == 0 ? "the command wrote no JSON summary" : "exit code " + code;
    }

    private void print(TableSpec t, List<RowResult> rows, Map<String, Outcome> outcomes, PrintWriter out) {
        out.println(t.title());
        out.println("paper numbers: " + t.source());
        for (String p : t.protocol()) {
            out.println("protocol: " + p);
        }
        out.println(quick ? "mode: --quick (one repeat of each protocol; the paper's sd is over " + t.paperN() + ")"
                : "mode: full protocol");
        TablePrinter tp = new TablePrinter().textColumn("data").textColumn("method").numberColumn("ours")
                .numberColumn("sd (n)").numberColumn("paper").numberColumn("diff/SE").textColumn("also");
        for (RowResult r : rows) {
            tp.row(r.row().dataset(), r.row().method(), r.oursText(), r.sdText(), r.paperText(), r.zText(), r.extrasText());
        }
        tp.print(out);
        for (Map.Entry<String, Outcome> e : outcomes.entrySet()) {
            Outcome o = e.getValue();
            if (!o.ran() && !o.status().equals("not run: not in --runs")) {
                out.println("run " + e.getKey() + ": " + o.status());
            }
        }
        out.flush();
    }

    private void writeJson(TableSpec t, List<RowResult> rows, Map<String, Outcome> outcomes, Path file) throws IOException {
        List<JsonSummary> rj = new ArrayList<>();
        for (RowResult r : rows) {
            rj.add(r.toJson());
        }
        JsonSummary runs = new JsonSummary();
        for (Map.Entry<String, Outcome> e : outcomes.entrySet()) {
            runs.put(e.getKey(), new JsonSummary().put("status", e.getValue().status())
                    .put("seconds", e.getValue().seconds()));
        }
        new JsonSummary().put("table", t.name()).put("title", t.title()).put("source", t.source())
                .put("quick", quick).put("paper_n", (long) t.paperN()).putList("rows", rj).put("runs", runs)
                .writeTo(file);
    }

    private String markdown(TableSpec t, List<RowResult> rows, Map<String, Outcome> outcomes) {
        StringBuilder b = new StringBuilder();
        b.append("### ").append(t.title()).append("\n\n");
        b.append("Paper numbers: ").append(t.source()).append(". ");
        b.append(quick ? "`--quick`: one repeat of each protocol." : "Full protocol.").append("\n\n");
        for (String p : t.protocol()) {
            b.append("- ").append(p).append('\n');
        }
        b.append("\n| data | method | ours | sd (n) | paper | diff/SE | also |\n|---|---|---|---|---|---|---|\n");
        for (RowResult r : rows) {
            b.append("| ").append(r.row().dataset()).append(" | ").append(r.row().method()).append(" | ")
                    .append(r.oursText()).append(" | ").append(r.sdText()).append(" | ").append(r.paperText())
                    .append(" | ").append(r.zText()).append(" | ").append(r.extrasText()).append(" |\n");
        }
        for (Map.Entry<String, Outcome> e : outcomes.entrySet()) {
            if (!e.getValue().ran() && !e.getValue().status().equals("not run: not in --runs")) {
                b.append("\nRun `").append(e.getKey()).append("`: ").append(e.getValue().status()).append('\n');
            }
        }
        b.append("\nCommand: `kernelkit reproduce ").append(t.name()).append(quick ? " --quick" : "").append("`\n");
        return b.toString();
    }

    /** The JSON reader, made when a table is reported (not when the command line is built for every command). */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper();
    }
}
