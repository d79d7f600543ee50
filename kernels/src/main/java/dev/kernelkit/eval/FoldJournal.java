package dev.kernelkit.eval;

import dev.kernelkit.data.Splits;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.io.AtomicFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A journal of the finished outer folds of one run, so that a killed run can be resumed and end
 * with exactly the results an uninterrupted one would have: {@link ModelSelection#withJournal}
 * records every finished {@link OuterFold} here and, on a resumed run, takes the recorded ones
 * instead of running them again. Every fold keeps its numbers exactly (doubles as hexadecimal
 * literals), its chosen and searched grid points as value indices (checked against the grid rebuilt
 * on resume), the final fit's {@link FitReport} and a fingerprint of its split. The file starts with
 * the run's description (the command and its arguments); {@link #resume} refuses a journal written
 * by another run. It is rewritten whole after every fold, to a temporary file moved into place, so
 * that a kill at any moment leaves the previous or the next complete journal.
 *
 * <p>Inside an outer fold that is still running, every grid point whose inner fits have all
 * finished is recorded too (its score on each inner split and its fit counts, keyed by the outer
 * split, the grid and the inner splits), so a run killed in the middle of a long inner search
 * continues from the points it had scored: {@link Search} takes a recorded point instead of fitting
 * it again, in the order the chooser asks for it, so the fold ends with the choices, scores and
 * counts of an uninterrupted run. A point line is appended (a kill during the append leaves a
 * partial last line, which {@link #resume} drops); the whole-file rewrite of a finished fold drops
 * that fold's point lines, since the fold record holds every searched point. Thread-safe.
 *
 * <p>Format (UTF-8 text): {@code kernelkit-fold-journal 1}, {@code run <description>}, then one line
 * per fold: {@code fold}, tab, the section (one harness run of the command, e.g. a method of a
 * comparison), tab, the outer index, then tab-separated {@code key=value} fields; and one line per
 * scored grid point of an unfinished fold: {@code point}, tab, section, tab, outer index, then the
 * fields {@code key} (the outer split, grid and inner splits it was scored on), {@code p} (value
 * indices), {@code scores}, {@code fits}, {@code unconverged}. Text is URL-encoded.
 *
 * <p>The fold of a classifier also records its {@link FoldClassification}: {@code cm_classes} (the
 * class names, URL-encoded, joined by {@code ,}), {@code cm} (the confusion matrix, rows = truth joined
 * by {@code ;}, counts by {@code ,}) and, where defined, {@code auc} and {@code ap} (hexadecimal). A
 * fold recorded without them (by a regressor, or by kernelkit before they were journalled; the format
 * version is unchanged, readers ignore fields they do not know) is recalled with no classification:
 * the run then reports the classification metrics as absent rather than refitting the fold.
 */
public final class FoldJournal {
    private static final String MAGIC = "kernelkit-fold-journal 1";

    private final Path file;
    private final String run;
    /** Data file (as given) -> SHA-256 (hex) of its content when the run started. */
    private final Map<String, String> data = new LinkedHashMap<>();
    /** The full command line of the run that started the journal ("" when unknown). */
    private String commandLine = "";
    /** Whether the journal records its data's hashes (false: started by {@link #start(Path, String)} or an old journal). */
    private boolean recordsData;
    private final Map<String, Map<Integer, Map<String, String>>> folds = new LinkedHashMap<>();
    /** Section -> outer index -> point indices -> the point's fields, for folds not yet recorded. */
    private final Map<String, Map<Integer, Map<String, Map<String, String>>>> points = new LinkedHashMap<>();

    /**
     * A grid point of an unfinished fold as the journal recorded it.
     *
     * @param splitScores the inner score on each inner split, in split order
     * @param fits the inner fits it took, as the harness's fit counter counted them
     * @param unconverged of which did not converge
     */
    record RecordedPoint(double[] splitScores, int fits, int unconverged) {
    }

    private FoldJournal(Path file, String run) {
        this.file = file;
        this.run = run;
    }

    /**
     * A new, empty journal of {@code run} at {@code file} (an old one there is replaced).
     *
     * @throws IOException when the file cannot be written
     */
    public static FoldJournal start(Path file, String run) throws IOException {
        FoldJournal j = new FoldJournal(Objects.requireNonNull(file, "file"), oneLine(run));
        j.write();
        return j;
    }

    /**
     * A new, empty journal of {@code run} at {@code file} that also records the SHA-256 of each data
     * file's content ({@code data}: the file as given -> hex digest, e.g. from {@link #sha256}) and
     * the full command line, so that {@link #resume(Path, String, Map)} refuses data that changed.
     *
     * @throws IOException when the file cannot be written
     */
    public static FoldJournal start(Path file, String run, Map<String, String> data, String commandLine) throws IOException {
        FoldJournal j = new FoldJournal(Objects.requireNonNull(file, "file"), oneLine(run));
        j.data.putAll(data);
        j.commandLine = Objects.requireNonNull(commandLine, "commandLine");
        j.recordsData = true;
        j.write();
        return j;
    }

    /**
     * The SHA-256 of a file's content, as 64 hexadecimal digits (read in 64 KiB blocks).
     *
     * @throws IOException when the file cannot be read
     */
    public static String sha256(Path file) throws IOException {
        java.security.MessageDigest md;
        try {
            md = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int r; (r = in.read(buf)) > 0; ) {
                md.update(buf, 0, r);
            }
        }
        return java.util.HexFormat.of().formatHex(md.digest());
    }

    /**
     * The journal at {@code file}, to continue {@code run} on data files whose content hashes are
     * {@code data} now. A journal that recorded a different hash for one of them is refused naming
     * the file; one written before journals carried hashes is resumed ({@link #withoutHashes()}).
     *
     * @throws IOException when the file is missing or unreadable
     * @throws IllegalArgumentException when it was written by another run, on other data, or is malformed
     */
    public static FoldJournal resume(Path file, String run, Map<String, String> data) throws IOException {
        FoldJournal j = resume(file, run);
        if (!j.recordsData) {
            return j;
        }
        for (Map.Entry<String, String> d : data.entrySet()) {
            String then = j.data.get(d.getKey());
            if (then == null) {
                throw new IllegalArgumentException(file + " recorded no hash of " + d.getKey()
                        + " and cannot be resumed on it (run without --resume to start over)");
            }
            if (!then.equals(d.getValue())) {
                throw new IllegalArgumentException(d.getKey() + " changed since " + file + " was written (SHA-256 "
                        + then.substring(0, 12) + "... then, " + d.getValue().substring(0, 12)
                        + "... now): its recorded folds are of other data (run without --resume to start over)");
            }
        }
        return j;
    }

    /**
     * The journal at {@code file}, to continue {@code run}.
     *
     * @throws IOException when the file is missing or unreadable ("no journal to resume")
     * @throws IllegalArgumentException when it was written by another run (both named) or is malformed
     *         (file and line)
     */
    public static FoldJournal resume(Path file, String run) throws IOException {
        Objects.requireNonNull(file, "file");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no journal to resume (the run never started, or it finished)");
        }
        FoldJournal j = new FoldJournal(file, oneLine(run));
        if (lines.size() < 2 || !lines.get(0).equals(MAGIC) || !lines.get(1).startsWith("run ")) {
            throw new IllegalArgumentException(file + ": line 1: not a kernelkit fold journal (expected '" + MAGIC + "')");
        }
        String recorded = unescape(lines.get(1).substring(4));
        if (!recorded.equals(j.run)) {
            throw new IllegalArgumentException(file + " belongs to another run and cannot be resumed by this one: it recorded '"
                    + recorded + "', this run is '" + j.run + "' (run without --resume to start over)");
        }
        int complete = lines.size();
        if (complete > 2 && !endsWithNewline(file)) {
            complete--;  // a point line cut by a kill during its append
        }
        int first = 2;
        for (; first < complete; first++) {
            String line = lines.get(first);
            if (line.startsWith("command ")) {
                j.commandLine = unescape(line.substring(8));
            } else if (line.equals("data")) {
                j.recordsData = true;  // a run without data files
            } else if (line.startsWith("data ")) {
                String[] parts = line.substring(5).split(" ", -1);
                if (parts.length != 2 || !parts[1].matches("[0-9a-f]{64}")) {
                    throw new IllegalArgumentException(file + ": line " + (first + 1) + ": expected 'data <file> <sha256>'");
                }
                j.data.put(unescape(parts[0]), parts[1]);
                j.recordsData = true;
            } else {
                break;
            }
        }
        for (int n = first; n < complete; n++) {
            String line = lines.get(n);
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            boolean point = parts.length >= 3 && parts[0].equals("point");
            if (parts.length < 3 || !(parts[0].equals("fold") || point)) {
                throw new IllegalArgumentException(file + ": line " + (n + 1)
                        + ": expected 'fold <section> <index> ...' or 'point <section> <index> ...'");
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (int p = 3; p < parts.length; p++) {
                int eq = parts[p].indexOf('=');
                if (eq < 1) {
                    throw new IllegalArgumentException(file + ": line " + (n + 1) + ": field " + (p + 1) + " is not key=value");
                }
                fields.put(parts[p].substring(0, eq), parts[p].substring(eq + 1));
            }
            int index;
            try {
                index = Integer.parseInt(parts[2]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ": line " + (n + 1) + ": bad fold index '" + parts[2] + "'");
            }
            String section = unescape(parts[1]);
            if (!point) {
                j.folds.computeIfAbsent(section, k -> new LinkedHashMap<>()).put(index, fields);
            } else if (fields.get("p") == null || fields.get("key") == null) {
                throw new IllegalArgumentException(file + ": line " + (n + 1) + ": a point line needs the fields key and p");
            } else {
                j.points.computeIfAbsent(section, k -> new LinkedHashMap<>()).computeIfAbsent(index, k -> new LinkedHashMap<>())
                        .put(fields.get("p"), fields);
            }
        }
        for (Map.Entry<String, Map<Integer, Map<String, String>>> e : j.folds.entrySet()) {
            Map<Integer, Map<String, Map<String, String>>> p = j.points.get(e.getKey());
            if (p != null) {
                p.keySet().removeAll(e.getValue().keySet());
            }
        }
        j.write();  // drops a cut last line before anything is appended after it
        return j;
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0) {
                return true;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            ch.read(last, size - 1);
            return last.get(0) == '\n';
        }
    }

    /** Whether the journal was written before journals carried the hashes of their data (resumed without that check). */
    public boolean withoutHashes() {
        return !recordsData;
    }

    /** The full command line of the run that started the journal ("" when it did not record one). */
    public String commandLine() {
        return commandLine;
    }

    /** The journal file. */
    public Path file() {
        return file;
    }

    /** The run's description. */
    public String run() {
        return run;
    }

    /** Folds recorded in a section. */
    public synchronized int recorded(String section) {
        Map<Integer, Map<String, String>> m = folds.get(section);
        return m == null ? 0 : m.size();
    }

    /** Whether outer fold {@code index} of {@code section} is recorded. */
    synchronized boolean has(String section, int index) {
        Map<Integer, Map<String, String>> m = folds.get(section);
        return m != null && m.containsKey(index);
    }

    /**
     * Records a finished fold and rewrites the journal.
     *
     * @throws java.io.UncheckedIOException when the journal cannot be written
     */
    synchronized void record(String section, OuterFold fold, String resampling) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("resampling", escape(resampling));
        f.put("split", splitPrint(fold.split()));
        f.put("score", hex(fold.score()));
        f.put("preprocess_s", hex(fold.preprocessSeconds()));
        f.put("train_s", hex(fold.trainSeconds()));
        f.put("predict_s", hex(fold.predictSeconds()));
        StringBuilder m = new StringBuilder();
        for (Map.Entry<String, Double> e : fold.measures().entrySet()) {
            m.append(m.length() == 0 ? "" : ",").append(escape(e.getKey()))
                    .append(':').append(hex(e.getValue()));
        }
        f.put("measures", m.toString());
        FitReport r = fold.report();
        f.put("r_learner", escape(r.learner()));
        f.put("r_options", escape(r.options()));
        f.put("r_seed", Long.toString(r.seed()));
        f.put("r_iterations", Long.toString(r.iterations()));
        f.put("r_converged", Boolean.toString(r.converged()));
        f.put("r_objective", hexes(r.objective()));
        f.put("r_seconds", hex(r.seconds()));
        Selection s = fold.selection();
        f.put("grid", escape(gridPrint(s.chosen().dimensions())));
        f.put("chosen", indices(s.chosen()));
        f.put("s_score", hex(s.score()));
        StringBuilder searched = new StringBuilder();
        for (ScoredPoint p : s.searched()) {
            searched.append(searched.length() == 0 ? "" : ";").append(indices(p.point())).append('/').append(hex(p.score()))
                    .append('/').append(hexes(p.splitScores()));
        }
        f.put("searched", searched.toString());
        f.put("s_inner", Integer.toString(s.innerSplits()));
        f.put("s_fits", Integer.toString(s.fits()));
        f.put("s_unconverged", Integer.toString(s.unconvergedFits()));
        f.put("s_seconds", hex(s.seconds()));
        fold.classification().ifPresent(c -> putClassification(f, c));
        folds.computeIfAbsent(section, k -> new LinkedHashMap<>()).put(fold.index(), f);
        Map<Integer, Map<String, Map<String, String>>> open = points.get(section);
        if (open != null) {
            open.remove(fold.index());
        }
        try {
            write();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the journal " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The recorded fold {@code index} of {@code section} on the given split, its points rebuilt on
     * {@code grid}.
     *
     * @throws IllegalArgumentException when the record does not match the split, the resampling or the
     *         grid (another run's journal), or is malformed
     */
    synchronized OuterFold recall(String section, int index, int repeat, int foldInRepeat, Splits.Split split,
                                  String resampling, Grid<?> grid) {
        Map<String, String> f = folds.get(section).get(index);
        String where = file + ": section '" + section + "', outer fold " + index;
        try {
            if (!unescape(f.get("resampling")).equals(resampling) || !f.get("split").equals(splitPrint(split))) {
                throw new IllegalArgumentException(where + " was recorded on another split (" + unescape(f.get("resampling"))
                        + "); this run splits by " + resampling + " (run without --resume to start over)");
            }
            if (!unescape(f.get("grid")).equals(gridPrint(grid.dimensions()))) {
                throw new IllegalArgumentException(where + " was recorded on another grid (" + unescape(f.get("grid"))
                        + "); this run searches " + gridPrint(grid.dimensions()) + " (run without --resume to start over)");
            }
            Map<String, Double> measures = new LinkedHashMap<>();
            String ms = f.get("measures");
            if (!ms.isEmpty()) {
                for (String kv : ms.split(",", -1)) {
                    int colon = kv.lastIndexOf(':');
                    measures.put(unescape(kv.substring(0, colon)),
                            Double.parseDouble(kv.substring(colon + 1)));
                }
            }
            FitReport report = new FitReport(unescape(f.get("r_learner")), unescape(f.get("r_options")),
                    Long.parseLong(f.get("r_seed")), Long.parseLong(f.get("r_iterations")),
                    Boolean.parseBoolean(f.get("r_converged")), parseHexes(f.get("r_objective")),
                    Double.parseDouble(f.get("r_seconds")));
            List<ScoredPoint> searched = new ArrayList<>();
            String ss = f.get("searched");
            if (!ss.isEmpty()) {
                for (String p : ss.split(";", -1)) {
                    String[] q = p.split("/", -1);
                    searched.add(new ScoredPoint(point(grid, q[0]), Double.parseDouble(q[1]), parseHexes(q[2])));
                }
            }
            Selection selection = new Selection(point(grid, f.get("chosen")), Double.parseDouble(f.get("s_score")), searched,
                    Integer.parseInt(f.get("s_inner")), Integer.parseInt(f.get("s_fits")),
                    Integer.parseInt(f.get("s_unconverged")), Double.parseDouble(f.get("s_seconds")));
            return new OuterFold(index, repeat, foldInRepeat, split, selection, Double.parseDouble(f.get("score")),
                    Double.parseDouble(f.get("preprocess_s")), Double.parseDouble(f.get("train_s")),
                    Double.parseDouble(f.get("predict_s")), measures, report, classification(f));
        } catch (NullPointerException | IndexOutOfBoundsException | NumberFormatException e) {
            throw new IllegalArgumentException(where + ": malformed record (" + e + ")", e);
        }
    }

    /** The fields of a fold's classification: cm_classes, cm, and auc and ap where defined. */
    private static void putClassification(Map<String, String> f, FoldClassification c) {
        ConfusionMatrix m = c.confusionMatrix();
        StringBuilder names = new StringBuilder();
        for (String name : m.classNames()) {
            names.append(names.length() == 0 ? "" : ",").append(escape(name));
        }
        f.put("cm_classes", names.toString());
        StringBuilder counts = new StringBuilder();
        for (int[] row : m.counts()) {
            counts.append(counts.length() == 0 ? "" : ";");
            for (int j = 0; j < row.length; j++) {
                counts.append(j == 0 ? "" : ",").append(row[j]);
            }
        }
        f.put("cm", counts.toString());
        c.auc().ifPresent(v -> f.put("auc", hex(v)));
        c.averagePrecision().ifPresent(v -> f.put("ap", hex(v)));
    }

    /** The fold's classification, empty when the record has none (a regressor's, or written before it was journalled). */
    private static Optional<FoldClassification> classification(Map<String, String> f) {
        String cm = f.get("cm");
        if (cm == null) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        for (String name : f.get("cm_classes").split(",", -1)) {
            names.add(unescape(name));
        }
        String[] rows = cm.split(";", -1);
        int[][] counts = new int[rows.length][];
        for (int t = 0; t < rows.length; t++) {
            String[] v = rows[t].split(",", -1);
            counts[t] = new int[v.length];
            for (int p = 0; p < v.length; p++) {
                counts[t][p] = Integer.parseInt(v[p]);
            }
        }
        return Optional.of(new FoldClassification(ConfusionMatrix.of(names, counts), optionalHex(f.get("auc")),
                optionalHex(f.get("ap"))));
    }

    private static OptionalDouble optionalHex(String v) {
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(v));
    }

    /** Outer folds recorded, over all sections. */
    public synchronized int recordedFolds() {
        return folds.values().stream().mapToInt(Map::size).sum();
    }

    /** Grid points recorded for unfinished outer folds, over all sections. */
    public synchronized int recordedPoints() {
        return points.values().stream().flatMap(m -> m.values().stream()).mapToInt(Map::size).sum();
    }

    /** Grid points recorded for the unfinished outer fold {@code index} of {@code section}. */
    public synchronized int recordedPoints(String section, int index) {
        Map<Integer, Map<String, Map<String, String>>> m = points.get(section);
        return m == null || !m.containsKey(index) ? 0 : m.get(index).size();
    }

    /**
     * Records a grid point of an unfinished fold whose inner fits have all finished, appending one
     * line to the journal.
     *
     * @param key the outer split, grid and inner splits the point was scored on (see {@link Search})
     * @throws java.io.UncheckedIOException when the journal cannot be written
     */
    synchronized void recordPoint(String section, int index, String key, Point point, double[] splitScores, int fits,
                                  int unconverged) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("key", escape(key));
        f.put("p", indices(point));
        f.put("scores", hexes(splitScores));
        f.put("fits", Integer.toString(fits));
        f.put("unconverged", Integer.toString(unconverged));
        points.computeIfAbsent(section, k -> new LinkedHashMap<>()).computeIfAbsent(index, k -> new LinkedHashMap<>())
                .put(f.get("p"), f);
        StringBuilder b = new StringBuilder();
        appendLine(b, "point", section, index, f);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer buf = ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the journal " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The recorded grid point of the unfinished fold {@code index} of {@code section}, or null when it
     * was not recorded.
     *
     * @throws IllegalArgumentException when it was recorded on another outer split, grid or inner
     *         splits (another run's journal), or is malformed
     */
    synchronized RecordedPoint recallPoint(String section, int index, String key, Point point, int innerSplits) {
        Map<Integer, Map<String, Map<String, String>>> m = points.get(section);
        Map<String, String> f = m == null || !m.containsKey(index) ? null : m.get(index).get(indices(point));
        if (f == null) {
            return null;
        }
        String where = file + ": section '" + section + "', outer fold " + index + ", grid point " + point;
        if (!unescape(f.get("key")).equals(key)) {
            throw new IllegalArgumentException(where + " was recorded on another split, grid or inner splits ("
                    + unescape(f.get("key")) + "); this run has " + key + " (run without --resume to start over)");
        }
        try {
            double[] scores = parseHexes(f.get("scores"));
            if (scores.length != innerSplits) {
                throw new IllegalArgumentException(where + " has " + scores.length + " inner scores, this run has "
                        + innerSplits + " inner splits (run without --resume to start over)");
            }
            return new RecordedPoint(scores, Integer.parseInt(f.get("fits")), Integer.parseInt(f.get("unconverged")));
        } catch (NullPointerException | NumberFormatException e) {
            throw new IllegalArgumentException(where + ": malformed record (" + e + ")", e);
        }
    }

    /** The key of a point's record: the outer split, a hash of the grid and of the inner splits. */
    static String pointKey(Splits.Split outer, Grid<?> grid, List<Splits.Split> inner) {
        int h = 1;
        for (Splits.Split s : inner) {
            h = 31 * h + Arrays.hashCode(s.train());
            h = 31 * h + Arrays.hashCode(s.test());
        }
        return splitPrint(outer) + " grid " + Integer.toHexString(gridPrint(grid.dimensions()).hashCode()) + " inner "
                + inner.size() + "/" + Integer.toHexString(h);
    }

    private void write() throws IOException {
        StringBuilder b = new StringBuilder();
        b.append(MAGIC).append('\n').append("run ").append(escape(run)).append('\n');
        if (!commandLine.isEmpty()) {
            b.append("command ").append(escape(commandLine)).append('\n');
        }
        if (data.isEmpty() && recordsData) {
            b.append("data").append('\n');
        }
        for (Map.Entry<String, String> d : data.entrySet()) {
            b.append("data ").append(escape(d.getKey())).append(' ').append(d.getValue()).append('\n');
        }
        for (Map.Entry<String, Map<Integer, Map<String, String>>> s : folds.entrySet()) {
            for (Map.Entry<Integer, Map<String, String>> f : s.getValue().entrySet()) {
                appendLine(b, "fold", s.getKey(), f.getKey(), f.getValue());
            }
        }
        for (Map.Entry<String, Map<Integer, Map<String, Map<String, String>>>> s : points.entrySet()) {
            for (Map.Entry<Integer, Map<String, Map<String, String>>> f : s.getValue().entrySet()) {
                for (Map<String, String> p : f.getValue().values()) {
                    appendLine(b, "point", s.getKey(), f.getKey(), p);
                }
            }
        }
        AtomicFiles.write(file, b.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void appendLine(StringBuilder b, String kind, String section, int index, Map<String, String> fields) {
        b.append(kind).append('\t').append(escape(section)).append('\t').append(index);
        for (Map.Entry<String, String> kv : fields.entrySet()) {
            b.append('\t').append(kv.getKey()).append('=').append(kv.getValue());
        }
        b.append('\n');
    }

    private static Point point(Grid<?> grid, String indices) {
        String[] p = indices.isEmpty() ? new String[0] : indices.split(",", -1);
        int[] idx = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            idx[i] = Integer.parseInt(p[i]);
        }
        return Point.of(grid.dimensions(), idx);
    }

    private static String indices(Point p) {
        StringBuilder b = new StringBuilder();
        for (int i : p.indices()) {
            b.append(b.length() == 0 ? "" : ",").append(i);
        }
        return b.toString();
    }

    /** The dimensions as "name[v1|v2|...]" joined by ";": what the recorded indices point into. */
    private static String gridPrint(List<Dimension> dims) {
        StringBuilder b = new StringBuilder();
        for (Dimension d : dims) {
            b.append(b.length() == 0 ? "" : ";").append(d.name()).append('[');
            for (int i = 0; i < d.size(); i++) {
                b.append(i == 0 ? "" : "|").append(Dimension.format(d.value(i)));
            }
            b.append(']');
        }
        return b.toString();
    }

    /** Sizes and a hash of the split's test indices. */
    private static String splitPrint(Splits.Split s) {
        return s.train().length + "/" + s.test().length + "/" + Integer.toHexString(Arrays.hashCode(s.test()));
    }

    private static String hex(double v) {
        return Double.toHexString(v);
    }

    private static String hexes(double[] v) {
        StringBuilder b = new StringBuilder();
        for (double x : v) {
            b.append(b.length() == 0 ? "" : " ").append(hex(x));
        }
        return b.toString();
    }

    private static double[] parseHexes(String s) {
        if (s.isEmpty()) {
            return new double[0];
        }
        String[] p = s.split(" ", -1);
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            out[i] = Double.parseDouble(p[i]);
        }
        return out;
    }

    private static String oneLine(String run) {
        Objects.requireNonNull(run, "run");
        return run;
    }

    /** Text as a URL-encoded token: no tab, newline, or any of the separators , ; / : | [ ] remain. */
    static String escape(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static String unescape(String s) {
        return java.net.URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
