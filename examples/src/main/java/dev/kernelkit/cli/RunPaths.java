package dev.kernelkit.cli;

import dev.kernelkit.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The files a run reads and writes, declared once for every command by the names of its path
 * options, and checked before any work: an output that names an input of the run (the same file
 * however spelled: {@code ./x}, {@code a/../x}, a symbolic or hard link), another output of it, or
 * a folder where a file is written (or a file where a folder is) is refused in one line naming both
 * options and paths (exit code 1). Outputs are written by {@link AtomicFiles}: a regular file
 * atomically, anything else that exists (a FIFO, {@code /dev/null}, {@code /dev/stdout}, {@code -})
 * in place.
 *
 * <p>Roles by option: inputs {@code --data}, {@code --test}, {@code --kernel-from}, {@code --data-dir}
 * (a folder) and {@code --model} of a {@code predict} command; outputs {@code --json} (and its
 * journal {@code F.journal} where the command has {@code --resume}), {@code --output}, {@code --out},
 * {@code --markdown}, {@code --model} of every other command, and the folders {@code --plots} and
 * {@code --work-dir}; with {@code predict --engine spark}, {@code --output} is a folder and {@code --data} may be
 * one, as may {@code --data} and {@code --test} of {@code cvm train --engine spark}. {@link #UNCLASSIFIED} of a new
 * path option is caught by a test.
 *
 * @param command the command's qualified name, e.g. "kernelkit svm train"
 * @param inputs the inputs given on the command line
 * @param outputs the outputs given on the command line (with the journal)
 */
public record RunPaths(String command, List<Use> inputs, List<Use> outputs) {
    /** Options naming a file that is read. */
    static final Set<String> INPUT_FILES = Set.of("--data", "--test", "--kernel-from");
    /** Options naming a folder that is read. */
    static final Set<String> INPUT_FOLDERS = Set.of("--data-dir");
    /** Options naming a file that is written ({@code --model} except in predict commands). */
    static final Set<String> OUTPUT_FILES = Set.of("--json", "--output", "--out", "--markdown", "--model");
    /** Options naming a folder that is written into. */
    static final Set<String> OUTPUT_FOLDERS = Set.of("--plots", "--work-dir");
    /** Marker for a path option of none of the sets above. */
    static final String UNCLASSIFIED = "unclassified";

    /**
     * One path of the run.
     *
     * @param option the option that named it ("--json"; "--json (journal)" for the journal)
     * @param path the path as given
     * @param folder whether it names a folder
     */
    public record Use(String option, Path path, boolean folder) {
        @Override
        public String toString() {
            return option + " " + path;
        }
    }

    public RunPaths {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /** The role of a path option of a command: "input", "input folder", "output", "output folder" or {@link #UNCLASSIFIED}. */
    static String role(CommandSpec command, String option) {
        if (option.equals("--model")) {
            return command.name().equals("predict") || command.name().equals("info") ? "input" : "output";
        }
        if (option.equals("--out") && command.name().equals("example-data")) {
            return "output folder";
        }
        if (INPUT_FILES.contains(option)) {
            return "input";
        }
        if (INPUT_FOLDERS.contains(option)) {
            return "input folder";
        }
        if (OUTPUT_FILES.contains(option)) {
            return "output";
        }
        if (OUTPUT_FOLDERS.contains(option)) {
            return "output folder";
        }
        return UNCLASSIFIED;
    }

    /** The paths of the command the parse result ends in (its last sub-command). */
    public static RunPaths of(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        CommandSpec spec = leaf.commandSpec();
        // predict --engine spark reads a LIBSVM file or folder and writes a folder of predictions files
        boolean sparkPredict = spec.name().equals("predict") && "spark".equals(leaf.matchedOptionValue("--engine",
                "local"));
        // so does cvm train --engine spark (its --data and --test)
        boolean sparkCvm = spec.qualifiedName().endsWith("cvm train") && "spark".equals(leaf.matchedOptionValue(
                "--engine", "local"));
        List<Use> in = new ArrayList<>();
        List<Use> out = new ArrayList<>();
        for (OptionSpec o : leaf.matchedOptions()) {
            if (o.type() != Path.class) {
                continue;
            }
            Path p = o.getValue();
            if (p == null) {
                continue;
            }
            String name = o.longestName();
            String role = role(spec, name);
            if (sparkPredict && name.equals("--output")) {
                role = "output folder";
            } else if ((sparkPredict && name.equals("--data") || sparkCvm && (name.equals("--data")
                    || name.equals("--test"))) && Files.isDirectory(p)) {
                role = "input folder";
            }
            switch (role) {
                case "input" -> in.add(new Use(name, p, false));
                case "input folder" -> in.add(new Use(name, p, true));
                case "output" -> {
                    out.add(new Use(name, p, false));
                    if (name.equals("--json") && spec.optionsMap().containsKey("--resume") && !AtomicFiles.isStandardOutput(p)
                            && !AtomicFiles.namesStandardOutput(p)) {
                        out.add(new Use("--json (its journal)", Journals.journalFile(p), false));
                    }
                }
                case "output folder" -> out.add(new Use(name, p, true));
                default -> {
                }
            }
        }
        return new RunPaths(spec.qualifiedName(), in, out);
    }

    /**
     * The output that goes to standard output ({@code -}, {@code /dev/stdout}, {@code /dev/fd/1}), or
     * null. {@link #check} allows at most one.
     */
    public Use standardOutputOption() {
        for (Use o : outputs) {
            if (AtomicFiles.isStandardOutput(o.path()) || AtomicFiles.namesStandardOutput(o.path())) {
                return o;
            }
        }
        return null;
    }

    /** The folders the run writes into ({@code --plots}, {@code --work-dir}, example-data's {@code --out}). */
    public List<Path> outputFolders() {
        return outputs.stream().filter(Use::folder).map(Use::path).toList();
    }

    /** The paths of the inputs that are folders ({@code --data-dir}). */
    public List<Path> inputFolders() {
        return inputs.stream().filter(Use::folder).map(Use::path).toList();
    }

    /** The paths of the inputs that are files (for a journal's hashes). */
    public List<Path> inputFiles() {
        return inputs.stream().filter(u -> !u.folder()).map(Use::path).toList();
    }

    /**
     * Refuses, in one line, a run that would write over one of its inputs or write two outputs to one
     * file, or write a file where a folder is (and the reverse).
     *
     * @throws IllegalArgumentException naming the options and paths
     */
    public void check() {
        List<Map.Entry<Use, Object>> seen = new ArrayList<>();
        for (Use u : inputs) {
            seen.add(Map.entry(u, identity(u.path())));
        }
        int stdout = 0;
        for (Use o : outputs) {
            if (AtomicFiles.isStandardOutput(o.path())) {
                if (o.folder()) {
                    throw new IllegalArgumentException(o + ": a folder is needed, not standard output");
                }
                if (++stdout > 1) {
                    throw new IllegalArgumentException(o + ": another output already goes to standard output (-)");
                }
                continue;
            }
            if (!o.folder() && Files.isDirectory(o.path())) {
                throw new IllegalArgumentException(o + ": is a folder; a file is written there");
            }
            if (o.folder() && Files.exists(o.path()) && !Files.isDirectory(o.path())) {
                throw new IllegalArgumentException(o + ": is not a folder; files are written into it");
            }
            Object id = identity(o.path());
            boolean through = writesThrough(o.path());
            for (Map.Entry<Use, Object> s : seen) {
                if (!sameFile(id, s.getValue())) {
                    continue;
                }
                boolean input = inputs.contains(s.getKey());
                if (input) {
                    throw new IllegalArgumentException(o + " names the input " + s.getKey()
                            + ": refusing to write over it (choose another file)");
                }
                if (!through) {  // two outputs may share a FIFO or /dev/null: both are written in full
                    throw new IllegalArgumentException(o + " and " + s.getKey()
                            + " name the same file: one would replace the other (choose two files)");
                }
            }
            seen.add(Map.entry(o, id));
        }
    }

    private static boolean writesThrough(Path p) {
        try {
            return AtomicFiles.writesThrough(p);
        } catch (IOException e) {
            return false;
        }
    }

    /** The file's key (device and inode) when it exists, else its resolved absolute path. */
    private static Object identity(Path p) {
        try {
            if (Files.exists(p)) {
                Object key = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
                return key != null ? key : p.toRealPath();
            }
        } catch (IOException e) {
            // fall through to the spelled path
        }
        return resolved(p);
    }

    /** {@code p} absolute, with its longest existing ancestor resolved ({@code toRealPath}) and the rest normalised. */
    static Path resolved(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        List<Path> rest = new ArrayList<>();
        while (existing != null && !Files.exists(existing)) {
            rest.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            Path r = existing.toRealPath();
            for (Path name : rest) {
                r = r.resolve(name);
            }
            return r;
        } catch (IOException e) {
            return abs;
        }
    }

    private static boolean sameFile(Object a, Object b) {
        return a.equals(b);
    }
}
