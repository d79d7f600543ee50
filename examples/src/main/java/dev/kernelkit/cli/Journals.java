package dev.kernelkit.cli;

import dev.kernelkit.eval.FoldJournal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The fold journals of the cv and compare commands: {@code F.journal} beside {@code --json F},
 * recording the command and its arguments (without {@code --resume}, {@code --threads},
 * {@code --engine}, {@code --master} and {@code --debug}, which do not change the result: a run
 * started on one engine may resume on another), written after every finished outer fold and every grid point of an inner search whose inner fits have finished, and removed once the JSON is
 * written. {@code --resume} continues from it (saying on stderr what it takes over); a journal of
 * other arguments is refused with both named. The journal records the SHA-256 of every input file
 * ({@link RunPaths}) and the full command line: {@code --resume} on data that changed is refused
 * naming the file; {@code --resume} with no journal yet starts the run fresh and says so on stderr;
 * a journal written before hashes were recorded resumes with a warning.
 */
public final class Journals {
    private static final Set<String> IGNORED = Set.of("--resume", "--debug");
    private static final Set<String> IGNORED_WITH_VALUE = Set.of("--threads", "--engine", "--master");

    private Journals() {
    }

    /** The journal of {@code --json F}: {@code F.journal}. */
    public static Path journalFile(Path json) {
        return json.resolveSibling(json.getFileName() + ".journal");
    }

    /**
     * The journal of this run: none without --json (then --resume is refused), a fresh one, or the
     * one to resume.
     *
     * @return the journal, or null without --json
     * @throws IllegalArgumentException for --resume without --json or a journal of another run
     * @throws IOException when the journal cannot be written, or is missing for --resume
     */
    public static FoldJournal open(CommandSpec spec, Path json, Options.Resume resume) throws IOException {
        if (json != null && (dev.kernelkit.io.AtomicFiles.isStandardOutput(json)
                || dev.kernelkit.io.AtomicFiles.namesStandardOutput(json))) {
            if (resume.resume()) {
                throw new IllegalArgumentException("--resume needs --json FILE, not standard output (-): the journal it "
                        + "continues is FILE.journal");
            }
            return null;  // the JSON goes to stdout: no journal beside it
        }
        if (json == null) {
            if (resume.resume()) {
                throw new IllegalArgumentException("--resume needs --json FILE: the journal it continues is FILE.journal");
            }
            return null;
        }
        String run = describe(spec);
        Path file = journalFile(json);
        java.util.Map<String, String> hashes = dataHashes(spec);
        String commandLine = spec.root().name() + " " + String.join(" ", spec.root().commandLine().getParseResult().originalArgs());
        if (!resume.resume()) {
            return FoldJournal.start(file, run, hashes, commandLine);
        }
        if (!Files.exists(file)) {
            spec.commandLine().getErr().printf("kernelkit: note: --resume: there is no journal %s yet; starting the run "
                    + "from the beginning%n", file);
            spec.commandLine().getErr().flush();
            return FoldJournal.start(file, run, hashes, commandLine);
        }
        FoldJournal journal = FoldJournal.resume(file, run, hashes);
        if (journal.withoutHashes()) {
            spec.commandLine().getErr().printf("kernelkit: warning: %s was written before journals recorded the hashes "
                    + "of their data: resuming without checking that %s did not change%n", file,
                    String.join(", ", hashes.keySet()));
        }
        spec.commandLine().getErr().printf("resuming from %s: %d finished outer fold(s) and %d scored grid point(s) "
                + "of unfinished folds are taken from it%n", file, journal.recordedFolds(), journal.recordedPoints());
        spec.commandLine().getErr().flush();
        return journal;
    }

    /**
     * The SHA-256 of every input file of the run (by {@link RunPaths}), keyed by the path as given;
     * inputs that are not regular files (a FIFO) are not hashed.
     */
    static java.util.Map<String, String> dataHashes(CommandSpec spec) throws IOException {
        java.util.Map<String, String> hashes = new java.util.LinkedHashMap<>();
        for (Path p : RunPaths.of(spec.root().commandLine().getParseResult()).inputFiles()) {
            if (Files.isRegularFile(p)) {
                hashes.put(p.toString(), FoldJournal.sha256(p));
            }
        }
        return hashes;
    }

    /** Removes the journal once the run's JSON is written (nothing for null). */
    public static void finish(FoldJournal journal) throws IOException {
        if (journal != null) {
            Files.deleteIfExists(journal.file());
        }
    }

    /** "kernelkit sparse-mi cv --data musk1.csv ...": the command and the arguments that decide its result. */
    static String describe(CommandSpec spec) {
        List<String> args = spec.root().commandLine().getParseResult().originalArgs();
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (IGNORED.contains(a)) {
                continue;
            }
            if (IGNORED_WITH_VALUE.contains(name)) {
                if (!a.contains("=")) {
                    i++;
                }
                continue;
            }
            kept.add(a);
        }
        return spec.root().name() + " " + String.join(" ", kept);
    }
}
