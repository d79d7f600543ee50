package dev.kernelkit.cli.reproduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One paper table for {@code kernelkit reproduce}: the runs (kernelkit command lines that write a
 * JSON summary) and the rows (a value read from a run's JSON beside the paper's number). Read from
 * the resource {@code /dev/kernelkit/reproduce/TABLE.tsv}, a tab-separated file whose lines are
 *
 * <pre>
 * title     TEXT
 * source    TEXT                       (paper, table and page the numbers come from)
 * protocol  TEXT                       (one line per protocol note; several allowed)
 * paper-n   N                          (how many repeats or splits the paper's sd is over)
 * run       ID  FILES  ARGS  QUICK-ARGS  FULL-ARGS  [OPTIONS]
 * row       RUN  DATASET  METHOD  MEAN-PATH  SD-PATH  N  PAPER  [EXTRAS]  [NOTE]
 * </pre>
 *
 * FILES are comma-separated paths under the data folder ({@code -} for none), referred to in ARGS
 * as {data0}, {data1}, …; ARGS may also use {json} (the run's summary file) and {seed}. OPTIONS
 * are space-separated {@code seeds=QUICK|FULL} (the run is repeated once per seed and rows report
 * the mean and sd over seeds), {@code heap=MB} (the least maximum heap the run needs) and
 * {@code full-only}. MEAN-PATH and SD-PATH are dotted paths into the run's JSON (a number is a
 * list index), optionally suffixed {@code *100} to show a fraction in percent; SD-PATH may be
 * {@code -}. N is a path or an integer: the count the sd is over. PAPER is {@code mean±sd},
 * {@code mean} or {@code -}. EXTRAS are {@code label=path[*100]} separated by {@code ;}.
 *
 * @param name the table name
 * @param title one line saying what the table is
 * @param source where the paper numbers come from
 * @param protocol protocol notes, printed before the table
 * @param paperN the count the paper's standard deviations are over
 * @param runs the runs, in order
 * @param rows the rows, in order
 */
public record TableSpec(String name, String title, String source, List<String> protocol, int paperN,
                        List<Run> runs, List<Row> rows) {
    /** Where the table resources live on the class path. */
    public static final String RESOURCE_FOLDER = "/dev/kernelkit/reproduce/";

    /** The tables shipped with kernelkit, in the order {@code --help} lists them. */
    public static final List<String> TABLES = List.of("sparse-mi-table1", "mkl-table1", "imkpl-table", "cvm-scaling");

    /**
     * One kernelkit command line of a table.
     *
     * @param id the run's name, referred to by rows
     * @param files data files under the data folder
     * @param args the command line with placeholders
     * @param quickArgs arguments appended with {@code --quick}
     * @param fullArgs arguments appended without it
     * @param quickSeeds seeds of a {@code --quick} run (one run each)
     * @param fullSeeds seeds of a full run
     * @param heapMb the least maximum heap in MiB the run needs (0: any)
     * @param fullOnly whether {@code --quick} skips the run
     */
    public record Run(String id, List<String> files, List<String> args, List<String> quickArgs, List<String> fullArgs,
                      List<Long> quickSeeds, List<Long> fullSeeds, long heapMb, boolean fullOnly) {
        /** The seeds of a quick or full run. */
        public List<Long> seeds(boolean quick) {
            return quick ? quickSeeds : fullSeeds;
        }
    }

    /**
     * A value of a run's JSON at a dotted path, times a factor.
     *
     * @param path the dotted path
     * @param factor 1, or 100 for a fraction shown in percent
     */
    public record ValuePath(String path, double factor) {
        static ValuePath parse(String s) {
            if (s.endsWith("*100")) {
                return new ValuePath(s.substring(0, s.length() - 4), 100);
            }
            return new ValuePath(s, 1);
        }
    }

    /**
     * One line of the table.
     *
     * @param run the run it reads
     * @param dataset the data set's name
     * @param method the method's name
     * @param mean where our mean is
     * @param sd where our sd is (null: none)
     * @param nPath where the count of the sd is (null when {@code nFixed} is used)
     * @param nFixed the count when given as a number
     * @param paperMean the paper's mean (NaN: none)
     * @param paperSd the paper's sd (NaN: none)
     * @param extras further values printed beside, label to path
     * @param note a note printed with the row
     */
    public record Row(String run, String dataset, String method, ValuePath mean, ValuePath sd, String nPath,
                      int nFixed, double paperMean, double paperSd, Map<String, ValuePath> extras, String note) {
    }

    /**
     * Reads a shipped table (or one a test put on the class path).
     *
     * @param name the table's name
     * @return the table
     * @throws IllegalArgumentException when there is no such table or it is malformed
     */
    public static TableSpec load(String name) {
        if (!name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("unknown table '" + name + "': choose one of " + String.join(", ", TABLES));
        }
        String resource = RESOURCE_FOLDER + name + ".tsv";
        try (InputStream in = TableSpec.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("unknown table '" + name + "': choose one of " + String.join(", ", TABLES));
            }
            return parse(name, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    static TableSpec parse(String name, BufferedReader reader) throws IOException {
        String title = null, source = null;
        int paperN = 10;
        List<String> protocol = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        Map<String, Run> byId = new LinkedHashMap<>();
        String line;
        int no = 0;
        while ((line = reader.readLine()) != null) {
            no++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            String where = name + ".tsv line " + no + ": ";
            switch (f[0]) {
                case "title" -> title = field(f, 1, where);
                case "source" -> source = field(f, 1, where);
                case "protocol" -> protocol.add(field(f, 1, where));
                case "paper-n" -> paperN = Integer.parseInt(field(f, 1, where));
                case "run" -> {
                    if (f.length < 6) {
                        throw new IllegalArgumentException(where + "a run needs ID, FILES, ARGS, QUICK-ARGS, FULL-ARGS");
                    }
                    List<Long> qs = List.of(1L), fs = List.of(1L);
                    long heap = 0;
                    boolean fullOnly = false;
                    if (f.length > 6) {
                        for (String o : words(f[6])) {
                            if (o.startsWith("seeds=")) {
                                String[] qf = o.substring(6).split("\\|");
                                qs = seeds(qf[0]);
                                fs = seeds(qf.length > 1 ? qf[1] : qf[0]);
                            } else if (o.startsWith("heap=")) {
                                heap = Long.parseLong(o.substring(5));
                            } else if (o.equals("full-only")) {
                                fullOnly = true;
                            } else {
                                throw new IllegalArgumentException(where + "unknown run option '" + o + "'");
                            }
                        }
                    }
                    List<String> files = f[2].equals("-") ? List.of() : List.of(f[2].split(","));
                    Run r = new Run(f[1], files, words(f[3]), words(f[4]), words(f[5]), qs, fs, heap, fullOnly);
                    if (byId.put(r.id(), r) != null) {
                        throw new IllegalArgumentException(where + "run '" + r.id() + "' defined twice");
                    }
                    runs.add(r);
                }
                case "row" -> {
                    if (f.length < 8) {
                        throw new IllegalArgumentException(where + "a row needs RUN, DATASET, METHOD, MEAN, SD, N, PAPER");
                    }
                    if (!byId.containsKey(f[1])) {
                        throw new IllegalArgumentException(where + "row refers to run '" + f[1] + "', not defined above");
                    }
                    double pm = Double.NaN, ps = Double.NaN;
                    if (!f[7].equals("-")) {
                        String[] p = f[7].split("±");
                        pm = Double.parseDouble(p[0].trim());
                        if (p.length > 1) {
                            ps = Double.parseDouble(p[1].trim());
                        }
                    }
                    Map<String, ValuePath> extras = new LinkedHashMap<>();
                    if (f.length > 8 && !f[8].isBlank()) {
                        for (String e : f[8].split(";")) {
                            int eq = e.indexOf('=');
                            if (eq <= 0) {
                                throw new IllegalArgumentException(where + "an extra is label=path, got '" + e + "'");
                            }
                            extras.put(e.substring(0, eq).trim(), ValuePath.parse(e.substring(eq + 1).trim()));
                        }
                    }
                    String nField = f[6];
                    boolean numeric = nField.matches("\\d+");
                    rows.add(new Row(f[1], f[2], f[3], ValuePath.parse(f[4]),
                            f[5].equals("-") ? null : ValuePath.parse(f[5]),
                            numeric ? null : nField, numeric ? Integer.parseInt(nField) : 0, pm, ps, extras,
                            f.length > 9 ? f[9] : ""));
                }
                default -> throw new IllegalArgumentException(where + "unknown line kind '" + f[0] + "'");
            }
        }
        if (title == null || source == null) {
            throw new IllegalArgumentException(name + ".tsv: a table needs a title and a source line");
        }
        return new TableSpec(name, title, source, List.copyOf(protocol), paperN, List.copyOf(runs), List.copyOf(rows));
    }

    private static String field(String[] f, int i, String where) {
        if (f.length <= i || f[i].isBlank()) {
            throw new IllegalArgumentException(where + "'" + f[0] + "' needs a value");
        }
        return f[i];
    }

    private static List<String> words(String s) {
        String t = s.trim();
        return t.isEmpty() || t.equals("-") ? List.of() : List.of(t.split("\\s+"));
    }

    private static List<Long> seeds(String s) {
        List<Long> out = new ArrayList<>();
        for (String p : s.split(",")) {
            out.add(Long.parseLong(p.trim()));
        }
        return List.copyOf(out);
    }

    /** The run a row reads. */
    public Run run(String id) {
        for (Run r : runs) {
            if (r.id().equals(id)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no run '" + id + "' in table " + name);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d runs, %d rows", name, runs.size(), rows.size());
    }
}
